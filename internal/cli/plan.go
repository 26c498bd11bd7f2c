package cli

import (
	"errors"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/federation"
	"github.com/graftjson/graft/graphql"
)

func planCommand() *command {
	return &command{
		name:    "plan",
		summary: "print the query plan of a federated GraphQL operation",
		synopsis: "graft plan --supergraph S.graphql [--variables V.json] [--operation NAME]\n" +
			"                  [OP.graphql]",
		help: `Plan prints the fetches a federation gateway over the supergraph in
S.graphql runs for the GraphQL operation in OP.graphql: which subgraph
answers which part, in what order, and the operation each one is sent. It
is for debugging a slow or failing query. No OP.graphql, or "-", reads
standard input.

S.graphql is a supergraph SDL as Apollo's and The Guild's composition tools
write it (@link with join v0.2 to v0.5, or @core with join v0.1). The
operation is validated against the supergraph's API schema (no join
machinery, no @inaccessible elements) first.

The plan is a tree of blocks, indented by depth:
  Sequence { }   its children run one after another
  Parallel { }   its children run at the same time
  Fetch(service: "SUBGRAPH") [at PATH] { }
                 one request to a subgraph. PATH is where the result goes,
                 in response names, "@" standing for each item of a list.
                 Inside: for an entity fetch, the representations it sends
                 of the objects found at PATH ("representations of Book as
                 Media" when the subgraph knows the type by an interface's
                 name), each field read from the member after "<-" when
                 the plan aliased it; the client variables it forwards; its
                 operation name; and the operation sent.
The introspection fields __schema and __type are answered by the gateway
itself: their fetch is to "#introspection".

Flags:
  --supergraph FILE  the supergraph SDL (required)
  --variables FILE   a JSON object with the variable values; they are
                     checked against the operation's variable definitions.
                     The plan does not depend on them: @skip and @include
                     bound to variables travel in the upstream operations
  --operation NAME   the operation to plan, when the document has several

Exit status:
  0  the plan was printed
  1  the supergraph cannot be read or is not a valid supergraph
     (FILE:LINE:COLUMN: reason); or the operation is invalid or cannot be
     planned: each problem on standard error as OP.graphql:LINE:COLUMN:
     message, and the response {"errors":[...]} a gateway would send on
     standard output
  2  usage error

Examples:
  graft plan --supergraph supergraph.graphql query.graphql
  echo '{ me { name } }' | graft plan --supergraph supergraph.graphql
`,
		run: runPlan,
	}
}

func runPlan(r *runner, c *command, args []string) int {
	fs := flags(c)
	superFile := fs.String("supergraph", "", "the supergraph `FILE`")
	varsFile := fs.String("variables", "", "the variables `FILE`")
	opName := fs.String("operation", "", "the operation `NAME`")
	operands, code, ok := r.parseFlags(c, fs, args)
	if !ok {
		return code
	}
	switch {
	case *superFile == "":
		return r.usageError(c, "--supergraph is required")
	case len(operands) > 1:
		return r.usageError(c, "want at most one OP.graphql")
	}
	opFile := stdinArg
	if len(operands) == 1 {
		opFile = operands[0]
	}
	inputs := []string{*superFile, opFile}
	if *varsFile != "" {
		inputs = append(inputs, *varsFile)
	}
	if msg, ok := claimStdin(inputs); !ok {
		return r.usageError(c, msg)
	}
	sdl, err := r.read(*superFile)
	if err != nil {
		r.report(describe(displayName(*superFile), err))
		return exitFail
	}
	s, err := federation.Parse(sdl, federation.Options{})
	if err != nil {
		var fe *federation.Error
		if errors.As(err, &fe) && fe.Line > 0 {
			r.report(displayName(*superFile) + ":" + fe.Error())
		} else {
			r.report(displayName(*superFile) + ": " + err.Error())
		}
		return exitFail
	}
	query, err := r.read(opFile)
	if err != nil {
		r.report(describe(displayName(opFile), err))
		return exitFail
	}
	p, err := s.Plan(string(query), *opName)
	if err == nil && *varsFile != "" {
		d := r.newDoc(graft.Options{})
		vars, ok := r.load(d, *varsFile, true)
		if !ok {
			return exitFail
		}
		if k := d.Kind(vars); k != graft.Object && k != graft.Null {
			r.report(displayName(*varsFile) + ": the variables must be a JSON object, not " + article(k))
			return exitFail
		}
		_, err = p.Operation.Variables(nil, d, vars)
	}
	if err == nil {
		return r.output(p.AppendText(nil))
	}
	var re *graphql.RequestError
	if !errors.As(err, &re) {
		r.report(displayName(opFile) + ": " + err.Error())
		return exitFail
	}
	for _, p := range re.Problems {
		r.report(describeGraphQL(displayName(opFile), &graphql.RequestError{Problems: []graphql.Problem{p}}))
	}
	if code := r.output(append(re.AppendResponse(nil), '\n')); code != exitOK {
		return code
	}
	return exitFail
}
