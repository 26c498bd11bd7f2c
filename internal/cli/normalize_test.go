package cli_test

import "testing"

var normalizeFiles = map[string]string{
	"s.graphql": "type Query { user(id: ID!): User users(first: Int, order: Order): [User] }\ntype User { id: ID! name: String }\nenum Order { NAME AGE }\n",
	"q.graphql": "query Q($first: Int = 10) {\r\n  user(id: \"\\u{1F600}\") { name }\r\n  users(first: $first, order: NAME) { id }\r\n}\n",
	"v.json":    `{"first":3,"unused":true}`,
}

var normalizeCases = []golden{
	{name: "normalize help", args: []string{"normalize", "--help"}, stdoutHas: "usage: graft normalize [--schema S.graphql] [--variables V.json]\n                       [--operation NAME] [OPERATION.graphql]\n"},
	{name: "normalize", args: []string{"normalize", "--schema", "$D/s.graphql", "$D/q.graphql"}, files: normalizeFiles,
		stdout: `{"query":"query Q($first: Int = 10, $a: ID!, $b: Order) {\n  user(id: $a) { name }\n  users(first: $first, order: $b) { id }\n}","operationName":"Q","variables":{"first":10,"a":"😀","b":"NAME"}}` + "\n"},
	{name: "normalize with variables", args: []string{"normalize", "--schema", "$D/s.graphql", "--variables", "$D/v.json", "$D/q.graphql"}, files: normalizeFiles,
		stdout: `{"query":"query Q($first: Int = 10, $a: ID!, $b: Order) {\n  user(id: $a) { name }\n  users(first: $first, order: $b) { id }\n}","operationName":"Q","variables":{"first":3,"a":"😀","b":"NAME"}}` + "\n"},
	{name: "normalize without a schema, from stdin", args: []string{"normalize"}, stdin: `{ users(first: 2) { id } }`,
		stdout: `{"query":"{ users(first: 2) { id } }","operationName":null,"variables":{}}` + "\n"},
	{name: "normalize operation name", args: []string{"normalize", "--schema", "$D/s.graphql", "--operation", "B", "-"}, files: normalizeFiles,
		stdin:  "query A { users(first: 1) { id } }\nquery B { users(first: 2) { id } }",
		stdout: `{"query":"query B ($a: Int) { users(first: $a) { id } }","operationName":"B","variables":{"a":2}}` + "\n"},
	{name: "normalize bad literal", args: []string{"normalize", "--schema", "$D/s.graphql", "-"}, files: normalizeFiles,
		stdin: "{\n  users(first: \"x\", order: SIZE) { id }\n}", code: 1,
		stderr: "<stdin>:2:16: Int cannot represent non-integer value: \"x\"\n<stdin>:2:28: Value \"SIZE\" does not exist in \"Order\" enum.\n"},
	{name: "normalize syntax error", args: []string{"normalize", "-"}, stdin: `{ users(first: 01) { id } }`, code: 1,
		stderr: "<stdin>:1:17: Invalid number, unexpected digit after 0: \"1\".\n"},
	{name: "normalize variables not an object", args: []string{"normalize", "--variables", "$D/v.json", "$D/q.graphql"},
		files: map[string]string{"v.json": `[1]`, "q.graphql": `{ a }`}, stderr: "$D/v.json: the variables must be a JSON object, not an array", code: 1},
	{name: "normalize two files", args: []string{"normalize", "a", "b"}, stderr: "want at most one OPERATION file", code: 2},
	{name: "normalize stdin twice", args: []string{"normalize", "--schema", "-"}, stderr: `standard input ("-") can be read only once`, code: 2},
}

func TestNormalizeCommand(t *testing.T) { runGolden(t, normalizeCases) }
