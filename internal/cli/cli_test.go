package cli_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/graftjson/graft/internal/cli"
	"github.com/graftjson/graft/internal/demo"
)

var demoSupergraph = demo.Supergraph

// A golden case runs graft with args (where "$D" stands for the directory
// holding files) and stdin, and expects the exit code, exactly stdout (or,
// for long help texts, stdout containing stdoutHas) and stderr containing
// the substring stderr ("$D" expanded too); an empty stderr must be empty.
type golden struct {
	name      string
	args      []string
	stdin     string
	files     map[string]string
	stdout    string
	stdoutHas string
	stderr    string
	code      int
}

// Documents shared by several cases.
const (
	products = `{"products":[{"id":"p1","price":10},{"id":"p2","price":20}]}`
	deep     = "[[[[[[[[[[" // 10 levels; repeated below to pass the limit
)

var goldenCases = []golden{
	// help and dispatch
	{name: "help flag", args: []string{"--help"}, stdoutHas: "Commands:\n  validate   check that files are valid JSON (or valid against a JSON Schema)\n"},
	{name: "help short flag", args: []string{"-h"}, stdoutHas: "usage: graft <command>"},
	{name: "help command", args: []string{"help"}, stdoutHas: "Exit status:"},
	{name: "help for a command", args: []string{"help", "merge"}, stdoutHas: "usage: graft merge [--at POINTER] [--on-conflict POLICY] BASE OVERLAY...\n"},
	{name: "help --help", args: []string{"help", "--help"}, stdoutHas: "Commands:"},
	{name: "help help", args: []string{"help", "help"}, stdoutHas: "Commands:"},
	{name: "help help with a command", args: []string{"help", "help", "fmt"}, stderr: "at most one command", code: 2},
	{name: "help unknown command", args: []string{"help", "nope"}, stderr: `graft: unknown command "nope"`, code: 2},
	{name: "help too many", args: []string{"help", "fmt", "get"}, stderr: "at most one command", code: 2},
	{name: "validate --help", args: []string{"validate", "--help"}, stdoutHas: "usage: graft validate [FILE...]\n"},
	{name: "fmt -h", args: []string{"fmt", "-h"}, stdoutHas: "--indent N"},
	{name: "get --help", args: []string{"get", "--help"}, stdoutHas: `"~1" for "/"`},
	{name: "merge --help after operands", args: []string{"merge", "a.json", "--help"}, stdoutHas: "--on-conflict"},
	{name: "version", args: []string{"--version"}, stdoutHas: "graft "},
	{name: "no command", stderr: "graft: no command given\nusage: graft <command>", code: 2},
	{name: "unknown command", args: []string{"frobnicate"}, stderr: `graft: unknown command "frobnicate"`, code: 2},
	{name: "unknown top-level flag", args: []string{"--indent", "2"}, stderr: `graft: unknown flag "--indent"`, code: 2},
	{name: "stream --help", args: []string{"stream", "--help"}, stdoutHas: "usage: graft stream [--path POINTER | --ndjson | --seq] [--quiet] [FILE]\n"},
	{name: "shape needs --schema", args: []string{"shape"}, stderr: "graft shape: --schema is required", code: 2},

	// serve (running servers are tested in serve_test.go)
	{name: "serve --help", args: []string{"serve", "--help"}, stdoutHas: "usage: graft serve (--supergraph FILE | --demo) [--listen ADDR]\n                   [--subgraph NAME=URL]... [flags]\n"},
	{name: "serve needs a supergraph", args: []string{"serve"}, stderr: "graft serve: give either --supergraph FILE or --demo", code: 2},
	{name: "serve demo and supergraph", args: []string{"serve", "--demo", "--supergraph", "s.graphql"}, stderr: "give either --supergraph FILE or --demo", code: 2},
	{name: "serve bad subgraph flag", args: []string{"serve", "--demo", "--subgraph", "nourl"}, stderr: "invalid value \"nourl\" for --subgraph: want NAME=URL", code: 2},
	{name: "serve demo with subgraph", args: []string{"serve", "--demo", "--subgraph", "a=http://x"}, stderr: "--subgraph and --config do not apply", code: 2},
	{name: "serve missing supergraph", args: []string{"serve", "--supergraph", "$D/none.graphql"}, stderr: "none.graphql", code: 1},
	{name: "serve invalid supergraph", args: []string{"serve", "--supergraph", "$D/s.graphql"}, files: map[string]string{"s.graphql": "type Query {\n  a: Nope\n}\n"}, stderr: "$D/s.graphql:", code: 1},
	{name: "serve unknown subgraph", args: []string{"serve", "--supergraph", "$D/s.graphql", "--subgraph", "nope=http://127.0.0.1:1/graphql"}, files: map[string]string{"s.graphql": demoSupergraph}, stderr: "graft serve: subgraph \"nope\": the supergraph has no subgraph of that name (it has accounts, inventory, products, reviews)", code: 1},
	{name: "serve bad subgraph URL", args: []string{"serve", "--supergraph", "$D/s.graphql", "--subgraph", "products=ftp://x"}, files: map[string]string{"s.graphql": demoSupergraph}, stderr: `graft serve: resolve: upstream "products": not an absolute http or https URL: "ftp://x"`, code: 1},
	{name: "serve bad config", args: []string{"serve", "--supergraph", "$D/s.graphql", "--config", "$D/c.json"}, files: map[string]string{"s.graphql": demoSupergraph, "c.json": `{"subgraph":{}}`}, stderr: "$D/c.json: json: unknown field \"subgraph\"", code: 1},
	{name: "serve bad config timeout", args: []string{"serve", "--supergraph", "$D/s.graphql", "--config", "$D/c.json"}, files: map[string]string{"s.graphql": demoSupergraph, "c.json": `{"timeouts":{"reviews":"soon"}}`}, stderr: "$D/c.json: timeout of \"reviews\": want a positive duration such as \"2s\", not \"soon\"", code: 1},
	{name: "serve config timeout of no subgraph", args: []string{"serve", "--supergraph", "$D/s.graphql", "--config", "$D/c.json"}, files: map[string]string{"s.graphql": demoSupergraph, "c.json": `{"timeouts":{"nope":"1s"}}`}, stderr: "graft serve: subgraph timeout \"nope\": the supergraph has no subgraph of that name", code: 1},
	{name: "serve zero field limit", args: []string{"serve", "--demo", "--max-fields", "0"}, stderr: "--max-fields must be positive", code: 2},
	{name: "serve zero response limit", args: []string{"serve", "--demo", "--max-subgraph-response", "0"}, stderr: "--max-subgraph-response must be positive", code: 2},
	{name: "serve bad log level", args: []string{"serve", "--demo", "--log-level", "debug"}, stderr: "--log-level must be info, warn or error", code: 2},
	{name: "serve bad listen", args: []string{"serve", "--supergraph", "$D/s.graphql", "--listen", "256.0.0.1:1"}, files: map[string]string{"s.graphql": demoSupergraph}, stderr: "graft serve: listen tcp", code: 1},

	// validate
	{name: "validate ok", args: []string{"validate", "$D/a.json"}, files: map[string]string{"a.json": products}},
	{name: "validate several ok", args: []string{"validate", "$D/a.json", "$D/b.json"},
		files: map[string]string{"a.json": products, "b.json": " [1, 2.5e3, \"x\", true, null] \n"}},
	{name: "validate reports every bad file", args: []string{"validate", "$D/a.json", "$D/bad.json", "$D/good.json", "$D/worse.json"},
		files:  map[string]string{"a.json": "{}", "bad.json": "{\n  \"a\": tru\n}", "good.json": "1", "worse.json": `[1,]`},
		stderr: "$D/bad.json:2:11: invalid literal (expected true, false or null)\n$D/worse.json:1:4: ", code: 1},
	{name: "validate stdin by default", args: []string{"validate"}, stdin: `{"a":1}`},
	{name: "validate an empty file name", args: []string{"validate", ""}, stderr: `"": no such file or directory`, code: 1},
	{name: "validate stdin dash", args: []string{"validate", "-"}, stdin: `{"a":`, stderr: "<stdin>:1:6: unexpected end of input", code: 1},
	{name: "validate empty input", args: []string{"validate", "-"}, stdin: "", stderr: "<stdin>:1:1: unexpected end of input, expected a value", code: 1},
	{name: "validate deep nesting", args: []string{"validate", "$D/deep.json"},
		files:  map[string]string{"deep.json": strings.Repeat(deep, 101)},
		stderr: "$D/deep.json:1:1001: nesting depth exceeds the limit of 1000", code: 1},
	{name: "validate nesting at the limit", args: []string{"validate", "$D/deep.json"},
		files: map[string]string{"deep.json": strings.Repeat(deep, 100) + strings.Repeat("]", 1000)}},
	{name: "validate two values", args: []string{"validate", "-"}, stdin: "1 2", stderr: "<stdin>:1:3: ", code: 1},
	{name: "validate trailing comma", args: []string{"validate", "-"}, stdin: `{"a":1,}`, stderr: "<stdin>:1:8: ", code: 1},
	{name: "validate byte order mark", args: []string{"validate", "-"}, stdin: "\ufeff{}", stderr: "<stdin>:1:1: ", code: 1},
	{name: "validate invalid UTF-8", args: []string{"validate", "-"}, stdin: "[\"\xff\"]", stderr: "<stdin>:1:3: invalid UTF-8", code: 1},
	{name: "validate lone surrogate", args: []string{"validate", "-"}, stdin: `"\ud800"`, stderr: "<stdin>:1:", code: 1},
	{name: "validate NaN", args: []string{"validate", "-"}, stdin: `[NaN]`, stderr: "<stdin>:1:2: ", code: 1},
	{name: "validate duplicate names", args: []string{"validate", "-"}, stdin: `{"a":1,"a":2}`},
	{name: "validate missing file", args: []string{"validate", "$D/none.json"}, stderr: "$D/none.json: no such file or directory", code: 1},
	{name: "validate directory", args: []string{"validate", "$D"}, stderr: "$D: is a directory", code: 1},
	{name: "validate stdin twice", args: []string{"validate", "-", "-"}, stderr: `graft validate: standard input ("-") can be read only once`, code: 2},
	{name: "validate bad flag", args: []string{"validate", "--strict", "a.json"},
		stderr: "graft validate: unknown flag --strict\nusage: graft validate [FILE...]", code: 2},
	{name: "validate bad flag with one dash", args: []string{"validate", "-strict", "a.json"}, stderr: "graft validate: unknown flag --strict\n", code: 2},

	// fmt
	{name: "fmt compact by default", args: []string{"fmt", "-"}, stdin: "{ \"a\" : [ 1 , 2 ] ,\n \"b\" : { } }\n", stdout: "{\"a\":[1,2],\"b\":{}}\n"},
	{name: "fmt stdin without FILE", args: []string{"fmt"}, stdin: " [ ] ", stdout: "[]\n"},
	{name: "fmt file", args: []string{"fmt", "$D/a.json"}, files: map[string]string{"a.json": "{\n  \"a\": 1\n}\n"}, stdout: "{\"a\":1}\n"},
	{name: "fmt --compact", args: []string{"fmt", "--compact", "-"}, stdin: "[1, 2]", stdout: "[1,2]\n"},
	{name: "fmt keeps escapes", args: []string{"fmt"}, stdin: `{ "s": "\u00e9\n\/\"", "\u0041": "é" }`, stdout: `{"s":"\u00e9\n\/\"","\u0041":"é"}` + "\n"},
	{name: "fmt keeps number text", args: []string{"fmt"}, stdin: `[12345678901234567890123, 1.0e+2, -0.0, 1E400, 0.1000]`,
		stdout: "[12345678901234567890123,1.0e+2,-0.0,1E400,0.1000]\n"},
	{name: "fmt keeps duplicates and order", args: []string{"fmt"}, stdin: `{"b":1, "a":2, "b":3}`, stdout: `{"b":1,"a":2,"b":3}` + "\n"},
	{name: "fmt scalar", args: []string{"fmt"}, stdin: ` "x" `, stdout: "\"x\"\n"},
	{name: "fmt --indent 2", args: []string{"fmt", "--indent", "2", "-"}, stdin: `{"a":[1,{"b":null}],"c":{},"d":[]}`,
		stdout: "{\n  \"a\": [\n    1,\n    {\n      \"b\": null\n    }\n  ],\n  \"c\": {},\n  \"d\": []\n}\n"},
	{name: "fmt --indent=4 after FILE", args: []string{"fmt", "-", "--indent=4"}, stdin: `[1]`, stdout: "[\n    1\n]\n"},
	{name: "fmt --indent 0", args: []string{"fmt", "--indent", "0"}, stdin: `{"a":[1,2]}`, stdout: "{\n\"a\": [\n1,\n2\n]\n}\n"},
	{name: "fmt --indent 16", args: []string{"fmt", "--indent", "16"}, stdin: `[1]`, stdout: "[\n" + strings.Repeat(" ", 16) + "1\n]\n"},
	{name: "fmt --indent too big", args: []string{"fmt", "--indent", "17"}, stderr: "graft fmt: --indent must be between 0 and 16, not 17\nusage: graft fmt", code: 2},
	{name: "fmt --indent negative", args: []string{"fmt", "--indent", "-1"}, stderr: "--indent must be between 0 and 16, not -1", code: 2},
	{name: "fmt --indent not a number", args: []string{"fmt", "--indent", "two"}, stderr: `graft fmt: invalid value "two" for --indent: parse error` + "\n", code: 2},
	{name: "fmt --indent out of range", args: []string{"fmt", "--indent=99999999999999999999"}, stderr: `graft fmt: invalid value "99999999999999999999" for --indent: value out of range` + "\n", code: 2},
	{name: "fmt --indent missing", args: []string{"fmt", "--indent"}, stderr: "graft fmt: flag --indent needs a value\n", code: 2},
	{name: "fmt --indent and --compact", args: []string{"fmt", "--indent", "2", "--compact"}, stderr: "--indent and --compact exclude each other", code: 2},
	{name: "fmt two files", args: []string{"fmt", "a.json", "b.json"}, stderr: "graft fmt: at most one FILE", code: 2},
	{name: "fmt invalid", args: []string{"fmt", "$D/bad.json"}, files: map[string]string{"bad.json": "[\n1,\n2,,\n]"},
		stderr: "$D/bad.json:3:3: ", code: 1},
	{name: "fmt missing file", args: []string{"fmt", "$D/none.json"}, stderr: "$D/none.json: no such file or directory", code: 1},
	{name: "fmt file named like a flag", args: []string{"fmt", "--", "$D/-x.json"}, files: map[string]string{"-x.json": "[ ]"}, stdout: "[]\n"},

	// get
	{name: "get member", args: []string{"get", "$D/p.json", "/products/1/price"}, files: map[string]string{"p.json": products}, stdout: "20\n"},
	{name: "get object compact", args: []string{"get", "-", "/products/0"}, stdin: "{\"products\": [ {\"id\": \"p1\", \"price\": 10} ]}", stdout: `{"id":"p1","price":10}` + "\n"},
	{name: "get whole document", args: []string{"get", "-", ""}, stdin: `{ "a" : 1 }`, stdout: `{"a":1}` + "\n"},
	{name: "get string keeps escapes", args: []string{"get", "-", "/s"}, stdin: `{"s":"caf\u00e9 \"x\""}`, stdout: `"caf\u00e9 \"x\""` + "\n"},
	{name: "get big number", args: []string{"get", "-", "/id"}, stdin: `{"id":12345678901234567890123}`, stdout: "12345678901234567890123\n"},
	{name: "get escaped tokens", args: []string{"get", "-", "/a~1b/m~0n"}, stdin: `{"a/b":{"m~n":1,"m/n":2},"a":{"b":3}}`, stdout: "1\n"},
	{name: "get escaped ~01", args: []string{"get", "-", "/~01"}, stdin: `{"~1":"tilde one","/":"slash"}`, stdout: "\"tilde one\"\n"},
	{name: "get empty member name", args: []string{"get", "-", "/"}, stdin: `{"":0}`, stdout: "0\n"},
	{name: "get escaped member name", args: []string{"get", "-", "/é"}, stdin: `{"\u00e9":"found"}`, stdout: "\"found\"\n"},
	{name: "get last duplicate", args: []string{"get", "-", "/a"}, stdin: `{"a":1,"a":2}`, stdout: "2\n"},
	{name: "get null value", args: []string{"get", "-", "/a"}, stdin: `{"a":null}`, stdout: "null\n"},
	{name: "get not found", args: []string{"get", "$D/p.json", "/products/0/name"}, files: map[string]string{"p.json": products},
		stderr: `$D/p.json: no value at "/products/0/name": no member "name"`, code: 1},
	{name: "get index out of range", args: []string{"get", "-", "/2"}, stdin: `[0,1]`, stderr: `<stdin>: no value at "/2": no item 2 in an array of length 2`, code: 1},
	{name: "get through a missing item", args: []string{"get", "-", "/2/a"}, stdin: `[0,1]`, stderr: `<stdin>: no value at "/2/a": no item 2 in an array of length 2 at "/2"`, code: 1},
	{name: "get index with leading zero", args: []string{"get", "-", "/01"}, stdin: `[0,1]`, stderr: `<stdin>: no value at "/01": "01" is not an array index`, code: 1},
	{name: "get dash index", args: []string{"get", "-", "/-"}, stdin: `[0,1]`, stderr: `<stdin>: no value at "/-"`, code: 1},
	{name: "get through a scalar", args: []string{"get", "-", "/a/b"}, stdin: `{"a":1}`, stderr: `<stdin>: no value at "/a/b": cannot look up "b" in a number`, code: 1},
	{name: "get malformed pointer", args: []string{"get", "-", "products"}, stdin: products,
		stderr: `graft get: malformed JSON Pointer "products": JSON Pointer must be empty or start with '/' (did you mean "/products"?)`, code: 1},
	{name: "get malformed escape", args: []string{"get", "-", "/a~2"}, stdin: `{}`,
		stderr: `graft get: malformed JSON Pointer "/a~2": '~' in a JSON Pointer must be followed by '0' or '1'`, code: 1},
	{name: "get invalid input", args: []string{"get", "-", "/a"}, stdin: "{\"a\": 01}", stderr: "<stdin>:1:8: ", code: 1},
	{name: "get missing pointer", args: []string{"get", "$D/p.json"}, stderr: "graft get: want FILE and POINTER (FILE \"-\" reads standard input)\nusage: graft get FILE POINTER", code: 2},
	{name: "get pointer without FILE", args: []string{"get", "/a"}, stdin: `{"a":1}`, stderr: "graft get: want FILE and POINTER", code: 2},
	{name: "get --help says how to read stdin", args: []string{"get", "--help"}, stdoutHas: `FILE may be "-" for standard input, but it cannot be left out`},
	{name: "get too many", args: []string{"get", "a", "/b", "/c"}, stderr: "graft get: want FILE and POINTER", code: 2},

	// merge
	{name: "merge objects", args: []string{"merge", "$D/base.json", "$D/o.json"},
		files:  map[string]string{"base.json": `{"a":{"x":1},"b":2}`, "o.json": `{"c":3,"a":{"y":2,"x":1}}`},
		stdout: `{"a":{"x":1,"y":2},"b":2,"c":3}` + "\n"},
	{name: "merge overlays in order", args: []string{"merge", "$D/base.json", "$D/o1.json", "$D/o2.json"},
		files:  map[string]string{"base.json": `{"v":1}`, "o1.json": `{"v":2,"w":"one"}`, "o2.json": `{"v":3}`},
		stdout: `{"v":3,"w":"one"}` + "\n"},
	{name: "merge null keeps base", args: []string{"merge", "-", "$D/o.json"}, stdin: `{"a":1,"b":[1]}`,
		files: map[string]string{"o.json": `{"a":null,"b":null}`}, stdout: `{"a":1,"b":[1]}` + "\n"},
	{name: "merge into null", args: []string{"merge", "-", "$D/o.json"}, stdin: `{"a":null}`,
		files: map[string]string{"o.json": `{"a":{"b":[1]}}`}, stdout: `{"a":{"b":[1]}}` + "\n"},
	{name: "merge scalars replace", args: []string{"merge", "-", "$D/o.json"}, stdin: `{"a":1,"b":"x","c":true}`,
		files: map[string]string{"o.json": `{"a":"one","b":2,"c":false}`}, stdout: `{"a":"one","b":2,"c":false}` + "\n"},
	{name: "merge arrays item-wise", args: []string{"merge", "-", "$D/o.json"}, stdin: `[{"id":1},{"id":2}]`,
		files: map[string]string{"o.json": `[{"n":"a"},null]`}, stdout: `[{"id":1,"n":"a"},{"id":2}]` + "\n"},
	{name: "merge empty array takes other", args: []string{"merge", "-", "$D/o.json"}, stdin: `{"a":[],"b":[1]}`,
		files: map[string]string{"o.json": `{"a":[1,2],"b":[]}`}, stdout: `{"a":[1,2],"b":[1]}` + "\n"},
	{name: "merge overlay from stdin", args: []string{"merge", "$D/base.json", "-"}, stdin: `{"b":2}`,
		files: map[string]string{"base.json": `{"a":1}`}, stdout: `{"a":1,"b":2}` + "\n"},
	{name: "merge keeps escapes and numbers", args: []string{"merge", "-", "$D/o.json"}, stdin: `{"s":"\u00e9"}`,
		files: map[string]string{"o.json": `{"n":12345678901234567890123,"t":"\/"}`}, stdout: `{"s":"\u00e9","n":12345678901234567890123,"t":"\/"}` + "\n"},
	{name: "merge conflict error", args: []string{"merge", "$D/base.json", "$D/o.json"},
		files:  map[string]string{"base.json": `{"a":{"b":1}}`, "o.json": `{"a":{"b":{"c":2}}}`},
		stderr: `$D/o.json: merge conflict at "/a/b": cannot merge an object into a number`, code: 1},
	{name: "merge conflict explicit error", args: []string{"merge", "--on-conflict", "error", "$D/base.json", "$D/o.json"},
		files:  map[string]string{"base.json": `{"a":[1,2]}`, "o.json": `{"a":[1,2,3]}`},
		stderr: `$D/o.json: merge conflict at "/a": `, code: 1},
	{name: "merge conflict in second overlay", args: []string{"merge", "$D/base.json", "$D/o1.json", "$D/o2.json"},
		files:  map[string]string{"base.json": `{"a":1}`, "o1.json": `{"b":[1]}`, "o2.json": `{"b":{}}`},
		stderr: `$D/o2.json: merge conflict at "/b": `, code: 1},
	{name: "merge conflict pointer escaped", args: []string{"merge", "-", "$D/o.json"}, stdin: `{"a/b":{"m~n":"x"}}`,
		files: map[string]string{"o.json": `{"a/b":{"m~n":["y"]}}`}, stderr: `$D/o.json: merge conflict at "/a~1b/m~0n": `, code: 1},
	{name: "merge conflict in array item", args: []string{"merge", "-", "$D/o.json"}, stdin: `[{"a":1},{"a":2}]`,
		files: map[string]string{"o.json": `[{},{"a":[]}]`}, stderr: `$D/o.json: merge conflict at "/1/a": `, code: 1},
	{name: "merge conflict replace", args: []string{"merge", "--on-conflict", "replace", "$D/base.json", "$D/o.json"},
		files:  map[string]string{"base.json": `{"a":{"b":1},"c":[1,2]}`, "o.json": `{"a":{"b":{"c":2}},"c":[3]}`},
		stdout: `{"a":{"b":{"c":2}},"c":[3]}` + "\n"},
	{name: "merge conflict keep", args: []string{"merge", "$D/base.json", "$D/o.json", "--on-conflict=keep"},
		files:  map[string]string{"base.json": `{"a":{"b":1},"c":[1,2]}`, "o.json": `{"a":{"b":{"c":2},"d":4},"c":[3]}`},
		stdout: `{"a":{"b":1,"d":4},"c":[1,2]}` + "\n"},
	{name: "merge bad policy", args: []string{"merge", "--on-conflict", "ignore", "a", "b"},
		stderr: `graft merge: --on-conflict must be error, replace or keep, not "ignore"`, code: 2},
	{name: "merge --at creates intermediates", args: []string{"merge", "--at", "/x/y", "$D/base.json", "$D/o.json"},
		files:  map[string]string{"base.json": `{"a":1}`, "o.json": `{"z":true}`},
		stdout: `{"a":1,"x":{"y":{"z":true}}}` + "\n"},
	{name: "merge --at existing value", args: []string{"merge", "$D/base.json", "--at", "/items/1", "$D/o.json"},
		files:  map[string]string{"base.json": `{"items":[{"id":1},{"id":2}]}`, "o.json": `{"stock":5}`},
		stdout: `{"items":[{"id":1},{"id":2,"stock":5}]}` + "\n"},
	{name: "merge --at every overlay", args: []string{"merge", "--at", "/m", "$D/base.json", "$D/o1.json", "$D/o2.json"},
		files:  map[string]string{"base.json": `{}`, "o1.json": `{"a":1}`, "o2.json": `{"b":2}`},
		stdout: `{"m":{"a":1,"b":2}}` + "\n"},
	{name: "merge --at through null", args: []string{"merge", "--at", "/a/b", "-", "$D/o.json"}, stdin: `{"a":null}`,
		files: map[string]string{"o.json": `[1]`}, stdout: `{"a":{"b":[1]}}` + "\n"},
	{name: "merge --at escaped", args: []string{"merge", "--at", "/a~1b", "-", "$D/o.json"}, stdin: `{}`,
		files: map[string]string{"o.json": `1`}, stdout: `{"a/b":1}` + "\n"},
	{name: "merge --at empty pointer", args: []string{"merge", "--at", "", "-", "$D/o.json"}, stdin: `{"a":1}`,
		files: map[string]string{"o.json": `{"b":2}`}, stdout: `{"a":1,"b":2}` + "\n"},
	{name: "merge --at missing item", args: []string{"merge", "--at", "/items/5/x", "-", "$D/o.json"}, stdin: `{"items":[]}`,
		files: map[string]string{"o.json": `{}`}, stderr: `<stdin>: cannot merge $D/o.json at "/items/5": no item 5 in an array of length 0`, code: 1},
	{name: "merge --at item past the end names the base", args: []string{"merge", "--at", "/products/7/a", "$D/b.json", "$D/o.json"},
		files: map[string]string{"b.json": `{"products":[{"a":1}]}`, "o.json": `{}`}, stderr: `$D/b.json: cannot merge $D/o.json at "/products/7": no item 7 in an array of length 1`, code: 1},
	{name: "merge --at dash", args: []string{"merge", "--at", "/products/-/a", "$D/b.json", "$D/o.json"},
		files: map[string]string{"b.json": `{"products":[{"a":1}]}`, "o.json": `{}`}, stderr: `$D/b.json: cannot merge $D/o.json at "/products/-": "-" is not the index of an item (an array of length 1)`, code: 1},
	{name: "merge --at through scalar", args: []string{"merge", "--at", "/a/b", "-", "$D/o.json"}, stdin: `{"a":"s"}`,
		files: map[string]string{"o.json": `{}`}, stderr: `$D/o.json: merge conflict at "/a": `, code: 1},
	{name: "merge --at through scalar replace", args: []string{"merge", "--on-conflict", "replace", "--at", "/a/b", "-", "$D/o.json"},
		stdin: `{"a":"s"}`, files: map[string]string{"o.json": `{"c":1}`}, stdout: `{"a":{"b":{"c":1}}}` + "\n"},
	{name: "merge --at through scalar keep", args: []string{"merge", "--on-conflict", "keep", "--at", "/a/b", "-", "$D/o.json"},
		stdin: `{"a":"s"}`, files: map[string]string{"o.json": `{"c":1}`}, stdout: `{"a":"s"}` + "\n"},
	{name: "merge --at conflict names full pointer", args: []string{"merge", "--at", "/a", "-", "$D/o.json"}, stdin: `{"a":{"b":1}}`,
		files: map[string]string{"o.json": `{"b":[]}`}, stderr: `$D/o.json: merge conflict at "/a/b": `, code: 1},
	{name: "merge --at malformed", args: []string{"merge", "--at", "a/b", "-", "$D/o.json"}, stdin: `{}`,
		stderr: `graft merge: malformed JSON Pointer "a/b": JSON Pointer must be empty or start with '/' (did you mean "/a/b"?)`, code: 1},
	{name: "merge invalid base", args: []string{"merge", "$D/base.json", "$D/o.json"},
		files: map[string]string{"base.json": "{\"a\":\n[1 2]}", "o.json": `{}`}, stderr: "$D/base.json:2:4: ", code: 1},
	{name: "merge invalid overlay", args: []string{"merge", "$D/base.json", "$D/o.json"},
		files: map[string]string{"base.json": `{}`, "o.json": `{"a":'x'}`}, stderr: "$D/o.json:1:6: ", code: 1},
	{name: "merge invalid overlay after conflict", args: []string{"merge", "$D/base.json", "$D/o1.json", "$D/o2.json"},
		files:  map[string]string{"base.json": `{"a":1}`, "o1.json": `{"a":{}}`, "o2.json": `{`},
		stderr: "$D/o2.json:1:2: ", code: 1},
	{name: "merge missing overlay file", args: []string{"merge", "-", "$D/none.json"}, stdin: `{}`,
		stderr: "$D/none.json: no such file or directory", code: 1},
	{name: "merge only base", args: []string{"merge", "$D/base.json"}, stderr: "graft merge: want BASE and at least one OVERLAY\nusage: graft merge", code: 2},
	{name: "merge stdin twice", args: []string{"merge", "-", "-"}, stderr: `graft merge: standard input ("-") can be read only once`, code: 2},
	// stream
	{name: "stream top-level array", args: []string{"stream", "-"}, stdin: " [ 1 , {\"a\" : [true, null]} , \"caf\\u00e9\" ]\n",
		stdout: "1\n{\"a\":[true,null]}\n\"caf\\u00e9\"\n"},
	{name: "stream file at a path", args: []string{"stream", "--path", "/products", "$D/p.json"}, files: map[string]string{"p.json": products},
		stdout: `{"id":"p1","price":10}` + "\n" + `{"id":"p2","price":20}` + "\n"},
	{name: "stream path after FILE", args: []string{"stream", "$D/p.json", "--path=/products/1/id"}, files: map[string]string{"p.json": `{"products":[0,{"id":[7,8]}]}`},
		stdout: "7\n8\n"},
	{name: "stream empty array", args: []string{"stream"}, stdin: `[]`},
	{name: "stream empty input", args: []string{"stream"}, stdin: ""},
	{name: "stream only whitespace", args: []string{"stream", "-"}, stdin: " \n\t\r\n"},
	{name: "stream empty input at a path", args: []string{"stream", "--path", ""}, stdin: "", stderr: "<stdin>:1:1: unexpected end of input, expected a value", code: 1},
	{name: "stream array after whitespace", args: []string{"stream"}, stdin: strings.Repeat("\n", 70000) + "[1,\n x]", stdout: "1\n",
		stderr: "<stdin>:70002:2: invalid character 'x' at the start of a value (after 1 item)", code: 1},
	{name: "stream run-together literals", args: []string{"stream"}, stdin: "true false\ntruefalse", stdout: "true\nfalse\n",
		stderr: "<stdin>:2:5: invalid character 'f' after a number or literal (whitespace must separate it from the next value) (after 2 items)", code: 1},
	{name: "stream concatenated values", args: []string{"stream"}, stdin: "{\"a\":1} {\"a\":2}\n\"x\"3", stdout: "{\"a\":1}\n{\"a\":2}\n\"x\"\n3\n"},
	{name: "stream NDJSON", args: []string{"stream", "--ndjson"}, stdin: "{\"a\": 1}\r\n\r\n[ 2 ]\n", stdout: "{\"a\":1}\n[2]\n"},
	{name: "stream NDJSON of arrays sniffed", args: []string{"stream"}, stdin: "[1]\n[2]\n", stdout: "1\n", stderr: "<stdin>:2:1: invalid character '[' after the top-level value (after 1 item)", code: 1},
	{name: "stream NDJSON of arrays", args: []string{"stream", "--ndjson"}, stdin: "[1]\n[2]\n", stdout: "[1]\n[2]\n"},
	{name: "stream value spanning lines", args: []string{"stream", "--ndjson"}, stdin: "1\n[2,\n3]\n", stdout: "1\n", stderr: "<stdin>:2:4: unexpected end of line, expected a value (after 1 item)", code: 1},
	{name: "stream sequence sniffed", args: []string{"stream"}, stdin: "\x1e{\"a\":1}\n\x1e[2]\n", stdout: "{\"a\":1}\n[2]\n"},
	{name: "stream sequence", args: []string{"stream", "--seq", "-"}, stdin: "\x1e1\n\x1e2", stdout: "1\n", stderr: "<stdin>:2:3: a top-level number must be followed by whitespace", code: 1},
	{name: "stream truncated", args: []string{"stream", "$D/t.json"}, files: map[string]string{"t.json": "[\n{\"id\":1},\n{\"id\":2},\n{\"id\""},
		stdout: "{\"id\":1}\n{\"id\":2}\n", stderr: "$D/t.json:4:6: expected ':' after object member name, found end of input (after 2 items)", code: 1},
	{name: "stream of one large value hints at --path", args: []string{"stream", "--max-bytes", "16"}, stdin: `{"rows":[1,2,3,4,5,6,7,8,9]}`,
		stderr: "<stdin>:1:17: item longer than the size limit of 16 bytes (stream reads the items of an array: if the input is one large object, --path /POINTER names the array inside it; --max-bytes raises the item limit)", code: 1},
	{name: "stream of a large item at a path names --max-bytes", args: []string{"stream", "--max-bytes", "16", "--path", "/rows"}, stdin: `{"rows":[1,[2,3,4,5,6,7,8,9]]}`,
		stdout: "1\n", stderr: "<stdin>:1:28: item longer than the size limit of 16 bytes (after 1 item) (--max-bytes raises the item limit)", code: 1},
	{name: "stream of a long line names --max-bytes", args: []string{"stream", "--ndjson", "--max-bytes", "8"}, stdin: "1\n[2,3,4,5,6]\n",
		stdout: "1\n", stderr: "<stdin>:2:9: line longer than the item size limit of 8 bytes (after 1 item) (--max-bytes raises the item limit)", code: 1},
	{name: "stream --max-bytes is the item limit", args: []string{"stream", "--max-bytes", "16", "--path", "/rows"}, stdin: `{"rows":[1,2,3,4,5,6,7,8,9]}`,
		stdout: "1\n2\n3\n4\n5\n6\n7\n8\n9\n"},
	{name: "fmt past --max-bytes streams", args: []string{"fmt", "--max-bytes", "8", "--indent", "1"}, stdin: ` [1, 2,{"a" : [ ] , "b":{"c":"d"}}] `,
		stdout: "[\n 1,\n 2,\n {\n  \"a\": [],\n  \"b\": {\n   \"c\": \"d\"\n  }\n }\n]\n"},
	{name: "fmt past --max-bytes streams compact", args: []string{"fmt", "--max-bytes", "8"}, stdin: ` [1, 2,{"a" : [ ] , "b":{"c":"d"}}] `,
		stdout: `[1,2,{"a":[],"b":{"c":"d"}}]` + "\n"},
	{name: "fmt past --max-bytes invalid", args: []string{"fmt", "--max-bytes", "8"}, stdin: `[1, 2, 3, 4, x]`,
		stdoutHas: `[1,2,3,4,`, stderr: "<stdin>:1:14: invalid character 'x' at the start of a value", code: 1},
	{name: "stream invalid after the array", args: []string{"stream", "--path", "/a"}, stdin: `{"a":[1],"b":01}`, stdout: "1\n", stderr: "<stdin>:1:15: number with a leading zero: JSON numbers do not start with 0 followed by a digit (after 1 item)", code: 1},
	{name: "stream path not found", args: []string{"stream", "--path", "/data/items", "$D/p.json"}, files: map[string]string{"p.json": products},
		stderr: `$D/p.json:1:60: no value at "/data"`, code: 1},
	{name: "stream path not an array", args: []string{"stream", "--path", "/products/0"}, stdin: products,
		stderr: `<stdin>:1:14: the value at the pointer is an object, not an array`, code: 1},
	{name: "stream not an array", args: []string{"stream", "--path", ""}, stdin: `{}`, stderr: `<stdin>:1:1: the value at the pointer is an object, not an array`, code: 1},
	{name: "stream deep nesting", args: []string{"stream"}, stdin: strings.Repeat(deep, 101), stderr: "<stdin>:1:1001: nesting depth exceeds the limit of 1000", code: 1},
	{name: "stream malformed pointer", args: []string{"stream", "--path", "data"}, stdin: `[]`,
		stderr: `graft stream: malformed JSON Pointer "data": JSON Pointer must be empty or start with '/' (did you mean "/data"?)`, code: 1},
	{name: "stream missing file", args: []string{"stream", "$D/none.json"}, stderr: "$D/none.json: no such file or directory", code: 1},
	{name: "stream directory", args: []string{"stream", "$D"}, stderr: "$D: is a directory", code: 1},
	{name: "stream --ndjson and --path", args: []string{"stream", "--ndjson", "--path", "/a"}, stderr: "graft stream: --path, --ndjson and --seq exclude each other", code: 2},
	{name: "stream two files", args: []string{"stream", "a", "b"}, stderr: "graft stream: at most one FILE", code: 2},
	{name: "stream --quiet", args: []string{"stream", "--quiet"}, stdin: `[1]`, stdout: "1\n"},
	{name: "stream --quiet=false", args: []string{"stream", "--quiet=false"}, stdin: `[1]`, stdout: "1\n"},
	{name: "stream --quiet with a bad value", args: []string{"stream", "--quiet=maybe"}, stderr: `graft stream: invalid value "maybe" for --quiet: want true or false` + "\n", code: 2},

	// merge --patch
	{name: "merge --patch RFC 7396 example", args: []string{"merge", "--patch", "$D/t.json", "$D/p.json"},
		files: map[string]string{
			"t.json": `{"title":"Goodbye!","author":{"givenName":"John","familyName":"Doe"},"tags":["example","sample"],"content":"This will be unchanged"}`,
			"p.json": `{"title":"Hello!","phoneNumber":"+01-123-456-7890","author":{"familyName":null},"tags":["example"]}`},
		stdout: `{"title":"Hello!","author":{"givenName":"John"},"tags":["example"],"content":"This will be unchanged","phoneNumber":"+01-123-456-7890"}` + "\n"},
	{name: "merge --patch from stdin", args: []string{"merge", "$D/t.json", "-", "--patch"}, stdin: `{"a":{"b":null,"c":[null]},"d":1e400}`,
		files: map[string]string{"t.json": `{"a":{"b":1,"x":"\u00e9"}}`}, stdout: `{"a":{"x":"\u00e9","c":[null]},"d":1e400}` + "\n"},
	{name: "merge --patch not an object", args: []string{"merge", "--patch", "-", "$D/p.json"}, stdin: `{"a":1}`,
		files: map[string]string{"p.json": `[1]`}, stdout: "[1]\n"},
	{name: "merge --patch with --at", args: []string{"merge", "--patch", "--at", "/a", "t", "p"}, stderr: "graft merge: --patch takes no --at or --on-conflict", code: 2},
	{name: "merge --patch three files", args: []string{"merge", "--patch", "t", "p", "q"}, stderr: "graft merge: --patch wants TARGET and PATCH", code: 2},
	{name: "merge --patch invalid patch", args: []string{"merge", "--patch", "-", "$D/p.json"}, stdin: `{}`,
		files: map[string]string{"p.json": `{"a":}`}, stderr: "$D/p.json:1:6: ", code: 1},

	// patch
	{name: "patch --help", args: []string{"patch", "--help"}, stdoutHas: "usage: graft patch TARGET PATCH\n"},
	{name: "patch RFC 6902 A.1", args: []string{"patch", "$D/t.json", "$D/p.json"},
		files:  map[string]string{"t.json": `{"foo":"bar"}`, "p.json": `[{"op":"add","path":"/baz","value":"qux"}]`},
		stdout: `{"foo":"bar","baz":"qux"}` + "\n"},
	{name: "patch every op", args: []string{"patch", "-", "$D/p.json"}, stdin: `{"a":[1,2,3],"b":{"c":"\u00e9"},"n":12345678901234567890123}`,
		files: map[string]string{"p.json": `[{"op":"test","path":"/n","value":12345678901234567890123.0},{"op":"remove","path":"/a/0"},` +
			`{"op":"add","path":"/a/-","value":4},{"op":"replace","path":"/a/0","value":"two"},{"op":"move","from":"/b/c","path":"/c"},` +
			`{"op":"copy","from":"/a","path":"/b/a"}]`},
		stdout: `{"a":["two",3,4],"b":{"a":["two",3,4]},"n":12345678901234567890123,"c":"\u00e9"}` + "\n"},
	{name: "patch from stdin", args: []string{"patch", "$D/t.json", "-"}, stdin: `[{"op":"remove","path":"/a"}]`,
		files: map[string]string{"t.json": `{"a":1,"b":2}`}, stdout: `{"b":2}` + "\n"},
	{name: "patch test fails", args: []string{"patch", "$D/t.json", "$D/p.json"},
		files:  map[string]string{"t.json": `{"baz":"qux"}`, "p.json": `[{"op":"test","path":"/baz","value":"bar"}]`},
		stderr: `$D/p.json: patch failed at "/baz": operation 0 (test "/baz"): the value differs`, code: 1},
	{name: "patch is all or nothing", args: []string{"patch", "$D/t.json", "$D/p.json"},
		files:  map[string]string{"t.json": `{"a":[1]}`, "p.json": `[{"op":"remove","path":"/a/0"},{"op":"add","path":"/a/2000000000","value":1}]`},
		stderr: `$D/p.json: patch failed at "/a/2000000000": operation 1 (add "/a/2000000000"): no item 2000000000 in an array of length 0`, code: 1},
	{name: "patch missing member on the way", args: []string{"patch", "$D/t.json", "$D/p.json"},
		files:  map[string]string{"t.json": `{"foo":"bar"}`, "p.json": `[{"op":"add","path":"/baz/bat","value":"qux"}]`},
		stderr: `$D/p.json: patch failed at "/baz": operation 0 (add "/baz/bat"): no member "baz"`, code: 1},
	{name: "patch move into a child", args: []string{"patch", "$D/t.json", "$D/p.json"},
		files:  map[string]string{"t.json": `{"a":{"b":{}}}`, "p.json": `[{"op":"move","from":"/a","path":"/a/b/c"}]`},
		stderr: `$D/p.json: patch failed at "/a/b/c": operation 0 (move from "/a" to "/a/b/c"): cannot move a value into itself`, code: 1},
	{name: "patch malformed pointer", args: []string{"patch", "$D/t.json", "$D/p.json"},
		files:  map[string]string{"t.json": `{"a":1}`, "p.json": `[{"op":"remove","path":"a"}]`},
		stderr: `$D/p.json: patch failed at "a": operation 0 (remove): JSON Pointer must be empty or start with '/'`, code: 1},
	{name: "patch not an array", args: []string{"patch", "$D/t.json", "$D/p.json"},
		files:  map[string]string{"t.json": `{}`, "p.json": `{"op":"add","path":"/a","value":1}`},
		stderr: `$D/p.json: invalid JSON Patch: a JSON Patch is an array of operations, not an object`, code: 1},
	{name: "patch unknown op", args: []string{"patch", "$D/t.json", "$D/p.json"},
		files:  map[string]string{"t.json": `{}`, "p.json": `[{"op":"add","path":"/a","value":1},{"op":"merge","path":""}]`},
		stderr: `$D/p.json: invalid JSON Patch: operation 1: unknown op "merge"`, code: 1},
	{name: "patch invalid JSON", args: []string{"patch", "$D/t.json", "$D/p.json"},
		files: map[string]string{"t.json": `{}`, "p.json": "[\n{\"op\" \"add\"}]"}, stderr: "$D/p.json:2:7: ", code: 1},
	{name: "patch invalid target", args: []string{"patch", "$D/t.json", "$D/p.json"},
		files: map[string]string{"t.json": `{"a":01}`, "p.json": `[]`}, stderr: "$D/t.json:1:7: ", code: 1},
	{name: "patch one file", args: []string{"patch", "t.json"}, stderr: "graft patch: want TARGET and PATCH (one may be \"-\" for standard input)\nusage: graft patch TARGET PATCH", code: 2},
	{name: "patch --help says how to read stdin", args: []string{"patch", "--help"}, stdoutHas: `One of TARGET and PATCH may be "-" for standard input; neither can be` + "\nleft out."},
	{name: "patch stdin twice", args: []string{"patch", "-", "-"}, stderr: `standard input ("-") can be read only once`, code: 2},
	{name: "patch bad flag", args: []string{"patch", "--indent", "2", "t", "p"}, stderr: "graft patch: unknown flag --indent\n", code: 2},

	// fmt --canonical
	{name: "fmt --canonical", args: []string{"fmt", "--canonical", "-"},
		stdin:  `{"b": [1.50, 1E3, -0, 12345678901234567890123, "\u00e9\u000F\/"], "a": {"z": null, "\u0079": true}, "": 0}`,
		stdout: `{"":0,"a":{"y":true,"z":null},"b":[1.5,1000,0,1.2345678901234568e+22,"é\u000f/"]}` + "\n"},
	{name: "fmt --canonical RFC 8785 sorting", args: []string{"fmt", "--canonical", "$D/s.json"},
		files:  map[string]string{"s.json": `{"\u20ac":"Euro Sign","\r":"Carriage Return","\ud83d\ude00":"Emoji","1":"One"}`},
		stdout: `{"\r":"Carriage Return","1":"One","€":"Euro Sign","😀":"Emoji"}` + "\n"},
	{name: "fmt --canonical number too large", args: []string{"fmt", "--canonical"}, stdin: `{"a":[1e400]}`,
		stderr: `<stdin>: no canonical form at "/a/0": number 1e400 is beyond the range of a float64`, code: 1},
	{name: "fmt --canonical duplicate names", args: []string{"fmt", "--canonical"}, stdin: `{"a":1,"\u0061":2}`,
		stderr: `<stdin>: no canonical form at "/a": duplicate member name "a"`, code: 1},
	{name: "fmt --canonical --indent", args: []string{"fmt", "--canonical", "--indent", "2"}, stderr: "graft fmt: --canonical excludes --indent and --compact", code: 2},
}

func TestGolden(t *testing.T) { runGolden(t, goldenCases) }

// runGolden runs each case's command in process on its files and checks
// the exit code, stdout (exactly, or that it contains stdoutHas; JSON output
// must be valid JSON) and stderr (that it contains the expected text).
func runGolden(t *testing.T, cases []golden) {
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, content := range tc.files {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o666); err != nil {
					t.Fatal(err)
				}
			}
			expand := func(s string) string { return strings.ReplaceAll(s, "$D", dir) }
			args := make([]string, len(tc.args))
			for i, a := range tc.args {
				args[i] = expand(a)
			}
			var stdout, stderr bytes.Buffer
			code := cli.Run(args, strings.NewReader(tc.stdin), &stdout, &stderr)
			if code != tc.code {
				t.Errorf("exit code %d, want %d (stderr %q)", code, tc.code, stderr.String())
			}
			if tc.stdoutHas != "" {
				if !strings.Contains(stdout.String(), tc.stdoutHas) {
					t.Errorf("stdout:\n%s\nwant it to contain:\n%s", stdout.String(), tc.stdoutHas)
				}
			} else {
				if stdout.String() != tc.stdout {
					t.Errorf("stdout:\n%q\nwant:\n%q", stdout.String(), tc.stdout)
				}
				if stdout.Len() > 0 && !jsonValues(stdout.Bytes()) {
					t.Errorf("stdout is not JSON: %s", stdout.String())
				}
			}
			if want := expand(tc.stderr); want == "" && stderr.Len() > 0 || !strings.Contains(stderr.String(), want) {
				t.Errorf("stderr:\n%s\nwant it to contain:\n%s", stderr.String(), want)
			}
		})
	}
}

// jsonValues reports whether b holds one JSON value or several one after
// another (the output of stream).
func jsonValues(b []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(b))
	for {
		var v json.RawMessage
		if err := dec.Decode(&v); err == io.EOF {
			return true
		} else if err != nil {
			return false
		}
	}
}

// run runs graft in process with stdin and returns what it wrote.
func run(args []string, stdin string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = cli.Run(args, strings.NewReader(stdin), &o, &e)
	return code, o.String(), e.String()
}

// TestStreamSniffSkipsWhitespace: without --path, stream splits the
// top-level array whatever the length of the whitespace before it.
func TestStreamSniffSkipsWhitespace(t *testing.T) {
	for _, n := range []int{0, 100, 64<<10 - 10, 64 << 10, 70000, 1 << 20} {
		in := strings.Repeat(" ", n) + "[1,2]\n"
		code, out, errs := run([]string{"stream"}, in)
		if code != 0 || out != "1\n2\n" {
			t.Errorf("%d spaces before [1,2]: exit %d, stdout %q, stderr %q; want the items 1 and 2", n, code, out, errs)
		}
	}
}

// TestStreamReasonMatchesValidate: stream and validate reading the same
// broken array report the same position and reason (stream adds how many
// items it printed).
func TestStreamReasonMatchesValidate(t *testing.T) {
	for _, in := range []string{"[1,\n tru,2]", "[1,\n -,2]", "[1,\n 01,2]", "[1,\n 1/2]", "[1,", "[", "[1 2]", "[1,\"\\x\"]"} {
		_, _, verr := run([]string{"validate"}, in)
		_, _, serr := run([]string{"stream"}, in)
		want := strings.TrimSuffix(verr, "\n")
		got := strings.TrimSuffix(serr, "\n")
		if want == "" {
			t.Fatalf("%q: validate accepts it", in)
		}
		if i := strings.LastIndex(got, " (after "); i >= 0 {
			got = got[:i]
		}
		if got != want {
			t.Errorf("%q:\nstream:   %s\nvalidate: %s", in, got, want)
		}
	}
}

// TestPositionsInEveryCommand: FILE:LINE:COLUMN with CR LF, tabs and multibyte
// UTF-8 before the error, the same in every command (COLUMN counts bytes,
// as graft help validate says).
func TestPositionsInEveryCommand(t *testing.T) {
	dir := t.TempDir()
	doc := "{\r\n\t\"é€😀\":\t[1,\r\n\t\"€\", tru]}\r\n" // the error is at "]" of line 3
	// line 3 is `\t"€", tru]}`: \t(1) "(2) €(3-5) "(6) ,(7) space(8) t(9) r(10) u(11) ](12)
	wantPos := ":3:12: "
	path := filepath.Join(dir, "d.json")
	if err := os.WriteFile(path, []byte(doc), 0o666); err != nil {
		t.Fatal(err)
	}
	ok := filepath.Join(dir, "ok.json")
	if err := os.WriteFile(ok, []byte(`{}`), 0o666); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"validate", path},
		{"fmt", path},
		{"get", path, ""},
		{"merge", ok, path},
		{"merge", "--patch", ok, path},
		{"patch", ok, path},
		{"stream", "--path", "/é€😀", path},
	} {
		code, _, errs := run(args, "")
		if code != 1 || !strings.HasPrefix(errs, path+wantPos) {
			t.Errorf("graft %s: exit %d, stderr %q, want %q", strings.Join(args, " "), code, errs, path+wantPos+"…")
		}
	}
}

// TestExitCodesOfEdgeArguments: exit codes for the flag and argument edge
// cases of every command.
func TestExitCodesOfEdgeArguments(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.json")
	f := filepath.Join(dir, "f.json")
	for name, data := range map[string]string{empty: "", f: `{"a":[1]}`} {
		if err := os.WriteFile(name, []byte(data), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		args []string
		code int
	}{
		{[]string{"fmt", "--indent", "0", f}, 0},
		{[]string{"fmt", "--indent", "-1", f}, 2},
		{[]string{"fmt", "--indent", "abc", f}, 2},
		{[]string{"fmt", "--indent", "99999999999999999999", f}, 2},
		{[]string{"fmt", f, "--indent", "2"}, 0},
		{[]string{"fmt", "--", f}, 0},
		{[]string{"fmt", f, "--", "--indent"}, 2},
		{[]string{"fmt", empty}, 1},
		{[]string{"fmt", dir}, 1},
		{[]string{"fmt", filepath.Join(dir, "none")}, 1},
		{[]string{"get", f}, 2},
		{[]string{"get", f, "a"}, 1},
		{[]string{"get", f, "/a/-"}, 1},
		{[]string{"merge", f}, 2},
		{[]string{"merge", "--patch", f}, 2},
		{[]string{"merge", "--bogus", f, f}, 2},
		{[]string{"patch", f}, 2},
		{[]string{"patch", f, empty}, 1},
		{[]string{"stream", "--ndjson", "--seq"}, 2},
		{[]string{"stream", "--path", "/a", f}, 0},
		{[]string{"stream", "--path", "/b", f}, 1},
		{[]string{"stream", dir}, 1},
		{[]string{"validate", empty, f}, 1},
		{[]string{"shape", "--query", "q"}, 2},
	} {
		if code, _, errs := run(tc.args, ""); code != tc.code {
			t.Errorf("graft %s: exit %d, want %d (stderr %q)", strings.Join(tc.args, " "), code, tc.code, errs)
		}
	}
}

// TestIndentMatchesEncodingJSON checks that fmt --indent N prints byte for
// byte what encoding/json.Indent prints with N spaces.
func TestIndentMatchesEncodingJSON(t *testing.T) {
	docs := []string{
		`{"a":[1,{"b":null,"c":[[],{}]}],"d":"\u00e9\"","e":{"f":{"g":[true,false]}}}`,
		`[]`, `{}`, `"s"`, `12345678901234567890123`, `[[[[1]]],[{"":""}]]`,
		" { \"spaces\" : [ 1 ,\n 2 ] , \"x\\ny\" : { \"z\" : -0.5e-7 } } ",
	}
	for _, doc := range docs {
		for _, n := range []int{0, 1, 2, 4, 16} {
			var compact, want bytes.Buffer
			if err := json.Compact(&compact, []byte(doc)); err != nil {
				t.Fatal(err)
			}
			if err := json.Indent(&want, compact.Bytes(), "", strings.Repeat(" ", n)); err != nil {
				t.Fatal(err)
			}
			want.WriteByte('\n')
			var stdout, stderr bytes.Buffer
			code := cli.Run([]string{"fmt", "--indent", itoa(n)}, strings.NewReader(doc), &stdout, &stderr)
			if code != 0 || stdout.String() != want.String() {
				t.Errorf("fmt --indent %d of %s: exit %d, stderr %q, output:\n%s\nwant:\n%s", n, doc, code, stderr.String(), stdout.String(), want.String())
			}
		}
	}
}

// TestQuickStart runs the merges of the README quick start on examples/.
func TestQuickStart(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		stdin string
		want  string
	}{
		{
			args: []string{"merge", "../../examples/base.json", "../../examples/reviews.json", "../../examples/inventory.json"},
			want: `{"products":[` +
				`{"id":"p-100","name":"Trail Runner 2","price":{"amount":"89.90","currency":"EUR"},"rating":4.6,"reviewCount":212,"stock":{"available":14,"warehouse":"BER-1"}},` +
				`{"id":"p-101","name":"Caf\u00e9 Thermos 0.5 l","price":{"amount":"24.50","currency":"EUR"},"rating":4.1,"reviewCount":38,"stock":{"available":0,"restockOn":"2025-07-01"}},` +
				`{"id":"p-102","name":"Headlamp 400","price":{"amount":"39.00","currency":"EUR"},"stock":{"available":120,"warehouse":"HAM-2"}}` +
				`],"page":{"cursor":"eyJvZmZzZXQiOjN9","hasNext":true}}` + "\n",
		},
		{
			args:  []string{"merge", "--at", "/products/2", "../../examples/base.json", "-"},
			stdin: `{"badges": ["new"]}`,
			want: `{"products":[` +
				`{"id":"p-100","name":"Trail Runner 2","price":{"amount":"89.90","currency":"EUR"}},` +
				`{"id":"p-101","name":"Caf\u00e9 Thermos 0.5 l","price":{"amount":"24.50","currency":"EUR"}},` +
				`{"id":"p-102","name":"Headlamp 400","price":{"amount":"39.00","currency":"EUR"},"badges":["new"]}` +
				`],"page":{"cursor":"eyJvZmZzZXQiOjN9","hasNext":true}}` + "\n",
		},
		{
			args:  []string{"merge", "--at", "/extensions/trace", "../../examples/base.json", "-"},
			stdin: `{"requestId": "r-42"}`,
			want: `{"products":[` +
				`{"id":"p-100","name":"Trail Runner 2","price":{"amount":"89.90","currency":"EUR"}},` +
				`{"id":"p-101","name":"Caf\u00e9 Thermos 0.5 l","price":{"amount":"24.50","currency":"EUR"}},` +
				`{"id":"p-102","name":"Headlamp 400","price":{"amount":"39.00","currency":"EUR"}}` +
				`],"page":{"cursor":"eyJvZmZzZXQiOjN9","hasNext":true},"extensions":{"trace":{"requestId":"r-42"}}}` + "\n",
		},
		{
			args: []string{"get", "../../examples/base.json", "/products/1/name"},
			want: `"Caf\u00e9 Thermos 0.5 l"` + "\n",
		},
		{
			args: []string{"validate", "../../examples/base.json", "../../examples/reviews.json", "../../examples/inventory.json"},
		},
	} {
		var stdout, stderr bytes.Buffer
		code := cli.Run(tc.args, strings.NewReader(tc.stdin), &stdout, &stderr)
		if code != 0 || stderr.Len() > 0 || stdout.String() != tc.want {
			t.Errorf("graft %s: exit %d, stderr %q, output:\n%s\nwant:\n%s", strings.Join(tc.args, " "), code, stderr.String(), stdout.String(), tc.want)
		}
	}
}

// TestHelpText checks that every help text fits in 80 columns and that
// graft --help lists every command.
func TestHelpText(t *testing.T) {
	texts := map[string]string{}
	for _, args := range [][]string{{"--help"}, {"help", "validate"}, {"help", "fmt"}, {"help", "get"}, {"help", "merge"}, {"help", "patch"}, {"help", "stream"},
		{"help", "shape"}, {"help", "normalize"}, {"help", "plan"}, {"help", "serve"}} {
		var stdout, stderr bytes.Buffer
		if code := cli.Run(args, strings.NewReader(""), &stdout, &stderr); code != 0 || stderr.Len() > 0 {
			t.Fatalf("graft %s: exit %d, stderr %q", strings.Join(args, " "), code, stderr.String())
		}
		texts[strings.Join(args, " ")] = stdout.String()
	}
	for name, text := range texts {
		for i, line := range strings.Split(text, "\n") {
			if len(line) > 80 {
				t.Errorf("graft %s: line %d is %d bytes long: %q", name, i+1, len(line), line)
			}
		}
		if !strings.HasSuffix(text, "\n") || strings.HasSuffix(text, "\n\n") {
			t.Errorf("graft %s: help should end with exactly one newline", name)
		}
	}
	for _, c := range []string{"validate", "fmt", "get", "merge", "patch", "stream", "shape", "normalize", "plan", "serve"} {
		if !strings.Contains(texts["--help"], "\n  "+c+" ") {
			t.Errorf("graft --help does not list %s", c)
		}
		if !strings.Contains(texts["help "+c], "Exit status:") || !strings.Contains(texts["help "+c], "Examples:") {
			t.Errorf("graft help %s lacks exit status or examples", c)
		}
	}
}

// writes counts Write calls.
type writes struct {
	bytes.Buffer
	n int
}

func (w *writes) Write(p []byte) (int, error) { w.n++; return w.Buffer.Write(p) }

func TestOutputIsOneWrite(t *testing.T) {
	for _, args := range [][]string{
		{"fmt", "--indent", "2", "../../examples/base.json"},
		{"merge", "../../examples/base.json", "../../examples/reviews.json", "../../examples/inventory.json"},
		{"get", "../../examples/base.json", "/products"},
		{"merge", "--patch", "../../examples/base.json", "../../examples/reviews.json"},
		{"fmt", "--canonical", "../../examples/base.json"},
		{"--help"},
	} {
		var stdout writes
		var stderr bytes.Buffer
		if code := cli.Run(args, strings.NewReader(""), &stdout, &stderr); code != 0 || stdout.n != 1 {
			t.Errorf("graft %s: exit %d, %d writes, stderr %q", strings.Join(args, " "), code, stdout.n, stderr.String())
		}
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("broken pipe") }

func TestWriteError(t *testing.T) {
	var stderr bytes.Buffer
	code := cli.Run([]string{"fmt"}, strings.NewReader("[1]"), failWriter{}, &stderr)
	if code != 1 || !strings.Contains(stderr.String(), "graft: writing output: broken pipe") {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}
