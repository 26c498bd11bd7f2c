package cli_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/graftjson/graft/internal/cli"
)

const (
	shapeSchema = "type Query {\n  me: User\n  users: [User!]\n  n: Int\n}\ntype User { id: ID! name: String! }\n"
	shapeQuery  = "query Q($all: Boolean = false) {\n  who: me { id name }\n  users @include(if: $all) { id }\n  n\n}\n"
	shapeData   = `{"me":{"id":7,"name":"Ann","extra":1},"users":[{"id":"a"}],"n":1.0}`
)

var shapeFiles = map[string]string{"s.graphql": shapeSchema, "q.graphql": shapeQuery, "data.json": shapeData}

func with(extra map[string]string) map[string]string {
	m := map[string]string{}
	for k, v := range shapeFiles {
		m[k] = v
	}
	for k, v := range extra {
		m[k] = v
	}
	return m
}

var shapeCases = []golden{
	{name: "shape help", args: []string{"shape", "--help"}, stdoutHas: "usage: graft shape --schema S.graphql --query Q.graphql [flags] [DATA.json]\n"},
	{name: "shape", args: []string{"shape", "--schema", "$D/s.graphql", "--query", "$D/q.graphql", "$D/data.json"}, files: shapeFiles,
		stdout: `{"data":{"who":{"id":"7","name":"Ann"},"n":1}}` + "\n"},
	{name: "shape of a whole response hints at /data", args: []string{"shape", "--schema", "$D/s.graphql", "--query", "$D/q.graphql"}, files: shapeFiles,
		stdin: `{"data":{"me":null}}`, stdout: `{"data":{"who":null,"n":null}}` + "\n",
		stderr: `<stdin>: looks like a whole GraphQL response ({"data":…}); shape wants what "data" holds: graft get <stdin> /data | graft shape …`},
	{name: "shape data on stdin", args: []string{"shape", "--schema", "$D/s.graphql", "--query", "$D/q.graphql"}, files: shapeFiles,
		stdin: `{"me":null}`, stdout: `{"data":{"who":null,"n":null}}` + "\n"},
	{name: "shape variables", args: []string{"shape", "--schema", "$D/s.graphql", "--query", "$D/q.graphql", "--variables", "$D/v.json", "$D/data.json"},
		files:  with(map[string]string{"v.json": `{"all":true}`}),
		stdout: `{"data":{"who":{"id":"7","name":"Ann"},"users":[{"id":"a"}],"n":1}}` + "\n"},
	{name: "shape field errors exit 0", args: []string{"shape", "--schema", "$D/s.graphql", "--query", "$D/q.graphql", "-"}, files: shapeFiles,
		stdin:  `{"me":{"id":1},"n":"x"}`,
		stdout: `{"errors":[{"message":"Cannot return null for non-nullable field User.name.","locations":[{"line":2,"column":16}],"path":["who","name"]},{"message":"Int cannot represent non-integer value: \"x\"","locations":[{"line":4,"column":3}],"path":["n"]}],"data":{"who":null,"n":null}}` + "\n"},
	{name: "shape operation name", args: []string{"shape", "--schema", "$D/s.graphql", "--query", "$D/two.graphql", "--operation", "B", "$D/data.json"},
		files: with(map[string]string{"two.graphql": "query A { n }\nquery B { me { id } }"}), stdout: `{"data":{"me":{"id":"7"}}}` + "\n"},
	{name: "shape syntax error", args: []string{"shape", "--schema", "$D/s.graphql", "--query", "$D/bad.graphql", "$D/data.json"},
		files:  with(map[string]string{"bad.graphql": "{\n  me {\n"}),
		stdout: `{"errors":[{"message":"Expected Name, found <EOF>","locations":[{"line":3,"column":1}]}]}` + "\n",
		stderr: "$D/bad.graphql:3:1: Expected Name, found <EOF>", code: 1},
	{name: "shape missing operation name", args: []string{"shape", "--schema", "$D/s.graphql", "--query", "$D/two.graphql", "$D/data.json"},
		files:  with(map[string]string{"two.graphql": "query A { n }\nquery B { n }"}),
		stdout: `{"errors":[{"message":"Must provide operation name if query contains multiple operations."}]}` + "\n",
		stderr: "$D/two.graphql: Must provide operation name if query contains multiple operations.", code: 1},
	{name: "shape bad variable", args: []string{"shape", "--schema", "$D/s.graphql", "--query", "$D/q.graphql", "--variables", "$D/v.json", "$D/data.json"},
		files:  with(map[string]string{"v.json": `{"all":"yes"}`}),
		stdout: `{"errors":[{"message":"Variable \"$all\" got invalid value \"yes\"; Boolean cannot represent a non boolean value: \"yes\"","locations":[{"line":1,"column":9}]}]}` + "\n",
		stderr: `$D/q.graphql:1:9: Variable "$all" got invalid value "yes"`, code: 1},
	{name: "shape variables not an object", args: []string{"shape", "--schema", "$D/s.graphql", "--query", "$D/q.graphql", "--variables", "$D/v.json", "$D/data.json"},
		files: with(map[string]string{"v.json": `[true]`}), stderr: "$D/v.json: the variables must be a JSON object, not an array", code: 1},
	{name: "shape bad schema", args: []string{"shape", "--schema", "$D/bad.graphql", "--query", "$D/q.graphql", "$D/data.json"},
		files: with(map[string]string{"bad.graphql": "type Query {\n  a: Nope\n}\n"}), stderr: "$D/bad.graphql:2:6: Undefined type Nope.", code: 1},
	{name: "shape bad data", args: []string{"shape", "--schema", "$D/s.graphql", "--query", "$D/q.graphql", "$D/bad.json"},
		files: with(map[string]string{"bad.json": "{\"me\": }"}), stderr: "$D/bad.json:1:8: ", code: 1},
	{name: "shape missing file", args: []string{"shape", "--schema", "$D/none.graphql", "--query", "$D/q.graphql", "$D/data.json"},
		files: shapeFiles, stderr: "$D/none.graphql: no such file or directory", code: 1},
	{name: "shape needs --query", args: []string{"shape", "--schema", "s.graphql", "d.json"}, stderr: "graft shape: --query is required", code: 2},
	{name: "shape two data files", args: []string{"shape", "--schema", "s", "--query", "q", "a", "b"}, stderr: "want at most one DATA file", code: 2},
	{name: "shape columns count characters", args: []string{"shape", "--schema", "$D/s.graphql", "--query", "$D/q.graphql", "$D/data.json"},
		files:     with(map[string]string{"q.graphql": `query Q($s: String = "ééé😀") { me { nope } }`}),
		stdoutHas: `"locations":[{"line":1,"column":37}]`, stderr: `$D/q.graphql:1:37: Cannot query field "nope" on type "User".`, code: 1},
	{name: "shape schema columns count characters", args: []string{"shape", "--schema", "$D/s.graphql", "--query", "$D/q.graphql", "$D/data.json"},
		files: with(map[string]string{"s.graphql": "type Query {\n  \"😀é\" a: Nope\n}\n"}), stderr: "$D/s.graphql:2:11: Undefined type Nope.", code: 1},
	{name: "shape stdin twice", args: []string{"shape", "--schema", "-", "--query", "q", "-"}, stderr: `graft shape: standard input ("-") can be read only once` + "\n", code: 2},
	{name: "shape stdin and no DATA", args: []string{"shape", "--schema", "-", "--query", "q.graphql"},
		stderr: `graft shape: standard input ("-") can be read only once: --schema is "-", and DATA.json, left out, means standard input too` + "\n", code: 2},
	{name: "shape variables on stdin and no DATA", args: []string{"shape", "--schema", "s", "--query", "q", "--variables", "-"},
		stderr: `--variables is "-", and DATA.json, left out, means standard input too`, code: 2},
	{name: "shape max depth", args: []string{"shape", "--schema", "$D/s.graphql", "--query", "$D/q.graphql", "--max-depth", "1", "$D/data.json"},
		files:  shapeFiles,
		stdout: `{"errors":[{"message":"The operation exceeds the maximum depth of 1.","locations":[{"line":2,"column":11}]}]}` + "\n",
		stderr: "$D/q.graphql:2:11: The operation exceeds the maximum depth of 1.", code: 1},
	{name: "shape max depth counts characters", args: []string{"shape", "--schema", "$D/s.graphql", "--query", "$D/q.graphql", "--max-depth", "2", "$D/data.json"},
		files:     with(map[string]string{"q.graphql": `{ me { id } n(x: ["é", ["é"]]) }`}),
		stdoutHas: `"locations":[{"line":1,"column":24}]`, stderr: "$D/q.graphql:1:24: The operation exceeds the maximum depth of 2.", code: 1},
	{name: "shape no max depth", args: []string{"shape", "--schema", "$D/s.graphql", "--query", "$D/q.graphql", "--max-depth", "-1", "$D/data.json"}, files: shapeFiles,
		stdout: `{"data":{"who":{"id":"7","name":"Ann"},"n":1}}` + "\n"},
	{name: "shape max depth 0", args: []string{"shape", "--schema", "s", "--query", "q", "--max-depth", "0", "d"}, stderr: "--max-depth must not be 0", code: 2},
	{name: "shape schema on stdin", args: []string{"shape", "--schema", "-", "--query", "$D/q.graphql", "$D/data.json"}, files: shapeFiles, stdin: shapeSchema,
		stdout: `{"data":{"who":{"id":"7","name":"Ann"},"n":1}}` + "\n"},
}

func TestShapeCommand(t *testing.T) { runGolden(t, shapeCases) }

func TestShapeHelpText(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := cli.Run([]string{"help", "shape"}, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for i, line := range strings.Split(stdout.String(), "\n") {
		if len(line) > 80 {
			t.Errorf("line %d is %d bytes long: %q", i+1, len(line), line)
		}
	}
	stdout.Reset()
	cli.Run([]string{"--help"}, strings.NewReader(""), &stdout, &stderr)
	if !strings.Contains(stdout.String(), "\n  shape ") {
		t.Error("graft --help does not list shape")
	}
}
