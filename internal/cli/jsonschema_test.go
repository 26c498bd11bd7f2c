package cli_test

import "testing"

const (
	orderSchema = `{"type":"object","additionalProperties":false,"required":["id"],
		"properties":{"id":{"type":"integer"},"items":{"type":"array","items":{"$ref":"item.json"}},"note":{"type":"string"}}}`
	itemSchema = `{"type":"object","properties":{"sku":{"type":"string","pattern":"^[A-Z]+$"},"qty":{"type":"integer"}}}`
)

var schemaFiles = map[string]string{
	"order.json": orderSchema, "item.json": itemSchema,
	"good.json": `{"id":1,"items":[{"sku":"AB","qty":2,"x":1}],"secret":"s"}`,
	"bad.json":  `{"items":[{"sku":"ab","qty":"2"}]}`,
}

var jsonSchemaCases = []golden{
	{name: "validate --schema valid", args: []string{"validate", "--schema", "$D/order.json", "$D/good.json"}, files: schemaFiles,
		stderr: "$D/good.json: /secret: no value is allowed here (the schema is false) (/additionalProperties)", code: 1},
	{name: "validate --schema lists every failure", args: []string{"validate", "--schema", "$D/order.json", "$D/bad.json"}, files: schemaFiles,
		stderr: `$D/bad.json: (root): missing required property "id" (/required)`, code: 1},
	{name: "validate --schema relative reference", args: []string{"validate", "--schema", "$D/order.json", "$D/bad.json"}, files: schemaFiles,
		stderr: "$D/bad.json: /items/0/sku: must match the pattern \"^[A-Z]+$\" (file://$D/item.json#/properties/sku/pattern)\n" +
			"$D/bad.json: /items/0/qty: expected integer, got string (file://$D/item.json#/properties/qty/type)", code: 1},
	{name: "validate --schema from stdin", args: []string{"validate", "--schema", "$D/order.json", "-"}, files: schemaFiles, stdin: `{"id":7}`},
	{name: "validate --schema --ref", args: []string{"validate", "--schema", "$D/s.json", "--ref", "https://example.com/s/=$D", "-"},
		files: map[string]string{"s.json": `{"$ref":"https://example.com/s/n.json"}`, "n.json": `{"type":"number"}`}, stdin: `"x"`,
		stderr: "<stdin>: (root): expected number, got string (https://example.com/s/n.json#/type)", code: 1},
	{name: "validate --ref cannot leave its directory", args: []string{"validate", "--schema", "$D/s.json", "--ref", "https://example.com/s/=$D", "-"},
		files: map[string]string{"s.json": `{"$ref":"https://example.com/s/..%2Fs.json"}`}, stdin: `1`,
		stderr: "$D/s.json: /$ref: loading", code: 1},
	{name: "validate --schema no network", args: []string{"validate", "--schema", "$D/s.json", "-"},
		files: map[string]string{"s.json": `{"$ref":"https://example.com/x.json"}`}, stdin: `1`,
		stderr: `$D/s.json: /$ref: loading "https://example.com/x.json": no --ref maps it to a directory`, code: 1},
	{name: "validate --schema bad schema", args: []string{"validate", "--schema", "$D/s.json", "-"},
		files: map[string]string{"s.json": `{"properties":{"a":{"pattern":"(?<=x)"}}}`}, stdin: `1`,
		stderr: `$D/s.json: /properties/a/pattern: pattern "(?<=x)" is not supported by RE2`, code: 1},
	{name: "validate --schema not JSON", args: []string{"validate", "--schema", "$D/s.json", "-"},
		files: map[string]string{"s.json": "{\n  \"type\": }"}, stdin: `1`, stderr: "$D/s.json: not JSON", code: 1},
	{name: "validate --schema bad FILE", args: []string{"validate", "--schema", "$D/order.json", "-"}, files: schemaFiles, stdin: `{"id":`,
		stderr: "<stdin>:1:7: ", code: 1},
	{name: "validate --ref without --schema", args: []string{"validate", "--ref", "a=b", "x.json"}, stderr: "--ref needs --schema", code: 2},
	{name: "validate --ref malformed", args: []string{"validate", "--schema", "s", "--ref", "nope", "x.json"}, stderr: "want URI-PREFIX=DIR", code: 2},
	{name: "validate --schema and FILE both stdin", args: []string{"validate", "--schema", "-"}, stderr: "can be read only once", code: 2},
	{name: "shape --json-schema", args: []string{"shape", "--json-schema", "$D/order.json", "$D/good.json"}, files: schemaFiles,
		stdout: `{"id":1,"items":[{"sku":"AB","qty":2,"x":1}]}` + "\n"},
	{name: "shape --json-schema --declared-only", args: []string{"shape", "--json-schema", "$D/order.json", "--declared-only", "$D/good.json"}, files: schemaFiles,
		stdout: `{"id":1,"items":[{"sku":"AB","qty":2}]}` + "\n"},
	{name: "shape --json-schema copies without --coerce", args: []string{"shape", "--json-schema", "$D/order.json", "-"}, files: schemaFiles,
		stdin: `{"id":"1","note":7}`, stdout: `{"id":"1","note":7}` + "\n"},
	{name: "shape --json-schema --coerce", args: []string{"shape", "--json-schema", "$D/order.json", "--coerce", "-"}, files: schemaFiles,
		stdin: `{"id":"1","note":7}`, stdout: `{"id":1,"note":"7"}` + "\n"},
	{name: "shape --json-schema --coerce error", args: []string{"shape", "--json-schema", "$D/order.json", "--coerce", "-"}, files: schemaFiles,
		stdin: `{"id":"x"}`, stderr: `<stdin>: /properties/id/type: cannot coerce "x" to integer`, code: 1},
	{name: "shape --json-schema with --query", args: []string{"shape", "--json-schema", "s.json", "--query", "q", "f"}, stderr: "--json-schema excludes --query", code: 2},
	{name: "shape --coerce without --json-schema", args: []string{"shape", "--schema", "s", "--query", "q", "--coerce", "f"}, stderr: "--coerce needs --json-schema", code: 2},
	{name: "shape --json-schema help", args: []string{"shape", "--help"}, stdoutHas: "graft shape --json-schema S.json [--ref URI-PREFIX=DIR]... [flags] [FILE]\n"},
}

func TestJSONSchemaCommands(t *testing.T) { runGolden(t, jsonSchemaCases) }
