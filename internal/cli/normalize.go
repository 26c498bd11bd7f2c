package cli

import (
	"errors"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/graphql"
	"github.com/graftjson/graft/internal/wire"
)

func normalizeCommand() *command {
	return &command{
		name:    "normalize",
		summary: "move a GraphQL operation's inline literals into variables",
		synopsis: "graft normalize [--schema S.graphql] [--variables V.json]\n" +
			"                       [--operation NAME] [OPERATION.graphql]",
		help: `Normalize prints the request a GraphQL gateway would forward for the
operation in OPERATION.graphql: one JSON object
{"query":"...","operationName":...,"variables":{...}} followed by a newline.

The document is read once. Every field argument whose value holds no
variable is moved into a fresh variable ($a, $b, ... skipping names the
document uses), typed from the schema, and its value is written into
"variables" as JSON: strings with their escapes decoded (\u{...} too),
block strings by the specification's BlockStringValue, enum values as
strings, numbers with their text as written, lists and input objects as
arrays and objects. Equal values of one type share a variable. Each value
is checked against its type on the way, as GraphQL validation does.
Directive arguments stay in place.

"query" holds the selected operation, with the definitions of the new
variables added, and the fragments it spreads; other operations are left
out. "variables" holds the operation's own variables in definition order
(the value from V.json, or the default when V.json has none), then the
new ones. "operationName" is the operation's name, or null.

Without --schema nothing can be typed: the literals stay in place and only
the variables are merged. No OPERATION.graphql, or "-", reads standard
input.

Flags:
  --schema FILE      the schema, in GraphQL SDL
  --variables FILE   a JSON object with the client's variable values
  --operation NAME   the operation to select, when the document has several

Exit status:
  0  the request was printed
  1  a file cannot be read or is invalid, or the operation cannot be
     normalized (a syntax error, a literal that does not fit its type, a
     missing or unknown operation name): FILE:LINE:COLUMN: message on
     standard error, for each problem, and nothing on standard output
  2  usage error

Positions count from 1; in the GraphQL files a COLUMN counts characters.

Examples:
  graft normalize --schema api.graphql --variables vars.json import.graphql
  echo '{ user(id: 5) { name } }' | graft normalize --schema api.graphql
`,
		run: runNormalize,
	}
}

func runNormalize(r *runner, c *command, args []string) int {
	fs := flags(c)
	schemaFile := fs.String("schema", "", "the schema `FILE`")
	varsFile := fs.String("variables", "", "the variables `FILE`")
	opName := fs.String("operation", "", "the operation `NAME`")
	operands, code, ok := r.parseFlags(c, fs, args)
	if !ok {
		return code
	}
	if len(operands) > 1 {
		return r.usageError(c, "want at most one OPERATION file")
	}
	opFile := stdinArg
	if len(operands) == 1 {
		opFile = operands[0]
	}
	inputs := []string{opFile}
	for _, f := range []string{*schemaFile, *varsFile} {
		if f != "" {
			inputs = append(inputs, f)
		}
	}
	if msg, ok := claimStdin(inputs); !ok {
		return r.usageError(c, msg)
	}

	var schema *graphql.Schema
	if *schemaFile != "" {
		sdl, err := r.read(*schemaFile)
		if err != nil {
			r.report(describe(displayName(*schemaFile), err))
			return exitFail
		}
		if schema, err = graphql.ParseSchema(string(sdl), graphql.Options{}); err != nil {
			r.report(describeGraphQL(displayName(*schemaFile), err))
			return exitFail
		}
	}
	d := r.newDoc(graft.Options{})
	var vars graft.Ref
	if *varsFile != "" {
		if vars, ok = r.load(d, *varsFile, true); !ok {
			return exitFail
		}
		if k := d.Kind(vars); k != graft.Object && k != graft.Null {
			r.report(displayName(*varsFile) + ": the variables must be a JSON object, not " + article(k))
			return exitFail
		}
	}
	query, err := r.read(opFile)
	if err != nil {
		r.report(describe(displayName(opFile), err))
		return exitFail
	}
	// The variables are printed as they are: their text is enough.
	vtext, req, err := graphql.AppendNormalized(nil, schema, string(query), *opName, d, vars)
	if err != nil {
		var re *graphql.RequestError
		if !errors.As(err, &re) {
			r.report(displayName(opFile) + ": " + err.Error())
			return exitFail
		}
		for _, p := range re.Problems {
			r.report(describeGraphQL(displayName(opFile), &graphql.RequestError{Problems: []graphql.Problem{p}}))
		}
		return exitFail
	}
	out := append([]byte(`{"query":`), wire.AppendQuote(nil, req.Query)...)
	out = append(out, `,"operationName":`...)
	if req.OperationName == "" {
		out = append(out, "null"...)
	} else {
		out = wire.AppendQuote(out, req.OperationName)
	}
	out = append(out, `,"variables":`...)
	out = append(out, vtext...)
	return r.output(append(out, "}\n"...))
}
