package cli

import (
	"errors"
	"strconv"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/graphql"
	"github.com/graftjson/graft/schema"
	"github.com/graftjson/graft/shape"
)

func shapeCommand() *command {
	return &command{
		name:    "shape",
		summary: "shape raw data into a GraphQL response, or through a JSON Schema",
		synopsis: "graft shape --schema S.graphql --query Q.graphql [flags] [DATA.json]\n" +
			"       graft shape --json-schema S.json [--ref URI-PREFIX=DIR]... [flags] [FILE]",
		help: `Shape prints the GraphQL response that a server with the schema in
S.graphql would send for the operation in Q.graphql, if its resolvers
returned the data in DATA.json: one JSON object {"errors":[...],"data":...}
followed by a newline ("errors" left out when there are none).

DATA.json holds the root object as upstream services return it: keyed by
schema field names (never aliases). It may carry members the operation does
not select (they are dropped), may miss members (a missing member is null)
and may hold null where the schema says non-null. Objects where the schema
has an interface or a union carry "__typename". No DATA.json, or "-",
reads standard input.

The response has the operation's fields in its order, under its aliases,
with fragments applied and __typename filled in. Leaf values are checked
and coerced as the GraphQL specification and graphql-js do (Int must be a
32-bit integer, an ID number is written as a string, an enum value must be
a member...). A null or a bad value where the schema says non-null is an
error, and the null moves up to the nearest field that may be null; when
it reaches the top, "data" is null. Each error has graphql-js's message,
the line and column of the field in Q.graphql, and the path of response
names and list indices.

Flags:
  --schema FILE      the schema, in GraphQL SDL (required)
  --query FILE       the GraphQL document with the operation (required)
  --variables FILE   a JSON object with the variable values; they are
                     checked against the operation's variable definitions
  --operation NAME   the operation to run, when the document has several
  --max-depth N      the most levels the operation may nest: braces and
                     brackets in Q.graphql, and fields with fragments
                     expanded (default 1000; a negative N: no limit).
                     A deeper operation is a request error

Exit status:
  0  a response was printed, even if it holds field errors: a response
     with errors in "data" is a valid result
  1  the schema, the data or the variables cannot be read or are invalid:
     FILE:LINE:COLUMN: reason, and nothing is printed; or the request
     cannot run (a syntax or validation error in Q.graphql, a missing or
     unknown operation name, a variable value that does not fit its type):
     the response with "errors" and no "data" is printed, and each problem
     is reported on standard error as Q.graphql:LINE:COLUMN: message
  2  usage error

Positions count from 1. In S.graphql and Q.graphql (in messages and in
the response's "locations") a COLUMN counts characters, Unicode code
points, as the GraphQL parser gqlparser reports them: "é" is one column.
In the JSON inputs it counts bytes, as everywhere in graft.

With --json-schema, shape prints FILE through the JSON Schema (draft
2020-12) in S.json instead: members that the schema does not declare are
dropped from the objects it closes (additionalProperties or
unevaluatedProperties false), member order and the text of strings and
numbers are kept, and nothing is converted. It does not validate: run
graft validate --schema first when the output must conform.

JSON Schema flags:
  --json-schema FILE         the JSON Schema (required for this form)
  --ref URI-PREFIX=DIR       load the schema documents whose URI starts
                             with URI-PREFIX from DIR; may be repeated
  --declared-only            drop undeclared members from every object
                             whose schema declares properties, closed or not
  --coerce                   convert scalars to the schema's type where the
                             value is the same ("42" to 42, 7 to "7",
                             "true" to true); other mismatches are errors

Examples:
  graft shape --json-schema order.schema.json --declared-only order.json
  graft shape --schema api.graphql --query products.graphql upstream.json
  curl -s http://upstream/products | graft shape --schema api.graphql \
      --query q.graphql --variables vars.json --operation Products -
`,
		run: runShape,
	}
}

func runShape(r *runner, c *command, args []string) int {
	fs := flags(c)
	schemaFile := fs.String("schema", "", "the schema `FILE`")
	queryFile := fs.String("query", "", "the query `FILE`")
	varsFile := fs.String("variables", "", "the variables `FILE`")
	opName := fs.String("operation", "", "the operation `NAME`")
	maxDepth := fs.Int("max-depth", graphql.DefaultMaxDepth, "the most levels the operation may nest (`N`)")
	jsonSchema := fs.String("json-schema", "", "the JSON Schema `FILE`")
	var refs refList
	fs.Var(&refs, "ref", "`URI-PREFIX=DIR`")
	declaredOnly := fs.Bool("declared-only", false, "drop undeclared members everywhere")
	coerce := fs.Bool("coerce", false, "convert scalars to the schema's types")
	operands, code, ok := r.parseFlags(c, fs, args)
	if !ok {
		return code
	}
	for _, name := range []string{"ref", "declared-only", "coerce"} {
		if *jsonSchema == "" && isSet(fs, name) {
			return r.usageError(c, "--"+name+" needs --json-schema")
		}
	}
	if *jsonSchema != "" {
		return r.runJSONSchemaShape(c, fs, *jsonSchema, refs, schema.Options{DeclaredOnly: *declaredOnly, Coerce: *coerce}, operands)
	}
	switch {
	case *schemaFile == "":
		return r.usageError(c, "--schema is required")
	case *queryFile == "":
		return r.usageError(c, "--query is required")
	case len(operands) > 1:
		return r.usageError(c, "want at most one DATA file")
	case *maxDepth == 0:
		return r.usageError(c, "--max-depth must not be 0 (a negative N means no limit)")
	}
	dataFile := stdinArg
	if len(operands) == 1 {
		dataFile = operands[0]
	} else {
		for _, f := range []struct{ flag, file string }{{"--schema", *schemaFile}, {"--query", *queryFile}, {"--variables", *varsFile}} {
			if f.file == stdinArg {
				return r.usageError(c, `standard input ("-") can be read only once: `+f.flag+` is "-", and DATA.json, left out, means standard input too`)
			}
		}
	}
	inputs := []string{*schemaFile, *queryFile, dataFile}
	if *varsFile != "" {
		inputs = append(inputs, *varsFile)
	}
	if msg, ok := claimStdin(inputs); !ok {
		return r.usageError(c, msg)
	}

	sdl, err := r.read(*schemaFile)
	if err != nil {
		r.report(describe(displayName(*schemaFile), err))
		return exitFail
	}
	sch, err := graphql.ParseSchema(string(sdl), graphql.Options{MaxDepth: *maxDepth})
	if err != nil {
		r.report(describeGraphQL(displayName(*schemaFile), err))
		return exitFail
	}
	query, err := r.read(*queryFile)
	if err != nil {
		r.report(describe(displayName(*queryFile), err))
		return exitFail
	}
	var d graft.Doc
	data, ok := r.load(&d, dataFile, true)
	if !ok {
		return exitFail
	}
	var vars graft.Ref
	if *varsFile != "" {
		if vars, ok = r.load(&d, *varsFile, false); !ok {
			return exitFail
		}
		if k := d.Kind(vars); k != graft.Object && k != graft.Null {
			r.report(displayName(*varsFile) + ": the variables must be a JSON object, not " + article(k))
			return exitFail
		}
	}

	op, err := graphql.Compile(sch, string(query), *opName)
	if err == nil {
		var sr shape.Renderer
		var out []byte
		if out, err = op.Respond(nil, &sr, &d, data, &d, vars); err == nil {
			return r.output(append(out, '\n'))
		}
	}
	var re *graphql.RequestError
	if !errors.As(err, &re) {
		r.report(displayName(*queryFile) + ": " + err.Error())
		return exitFail
	}
	for _, p := range re.Problems {
		r.report(describeGraphQL(displayName(*queryFile), &graphql.RequestError{Problems: []graphql.Problem{p}}))
	}
	if code := r.output(append(re.AppendResponse(nil), '\n')); code != exitOK {
		return code
	}
	return exitFail
}

// describeGraphQL formats a schema error or one request problem met in
// the GraphQL text named name: "name:line:column: message".
func describeGraphQL(name string, err error) string {
	var se *graphql.SchemaError
	var re *graphql.RequestError
	switch {
	case errors.As(err, &se) && se.Line > 0:
		return name + ":" + strconv.Itoa(se.Line) + ":" + strconv.Itoa(se.Column) + ": " + se.Message
	case errors.As(err, &se):
		return name + ": " + se.Message
	case errors.As(err, &re) && len(re.Problems) > 0:
		p := re.Problems[0]
		if len(p.Locations) > 0 && p.Locations[0].Line > 0 {
			return name + ":" + strconv.Itoa(p.Locations[0].Line) + ":" + strconv.Itoa(p.Locations[0].Column) + ": " + p.Message
		}
		return name + ": " + p.Message
	}
	return name + ": " + err.Error()
}

// article names a kind of JSON value with its article, for messages.
func article(k graft.Kind) string {
	switch k {
	case graft.Array:
		return "an array"
	case graft.Object:
		return "an object"
	}
	return "a " + k.String()
}
