package cli_test

import "testing"

const shopSupergraph = "../../federation/testdata/shop/supergraph.graphql"

var planCases = []golden{
	{name: "plan --help", args: []string{"plan", "--help"}, stdoutHas: "usage: graft plan --supergraph S.graphql"},
	{name: "plan needs --supergraph", args: []string{"plan", "q.graphql"}, stderr: "graft plan: --supergraph is required", code: 2},
	{name: "plan two operations files", args: []string{"plan", "--supergraph", shopSupergraph, "a", "b"}, stderr: "want at most one OP.graphql", code: 2},
	{name: "plan", args: []string{"plan", "--supergraph", shopSupergraph, "$D/q.graphql"},
		files: map[string]string{"q.graphql": `{ me { name reviews { body } } }`},
		stdoutHas: `Sequence {
  Fetch(service: "accounts") {
    query { me { name __typename id } }
  }
  Fetch(service: "reviews") at me {
    representations of User: {__typename id}
    query($representations: [_Any!]!) { _entities(representations: $representations) { ... on User { reviews { body } } } }
  }
}
`},
	{name: "plan from stdin with an operation name", args: []string{"plan", "--supergraph", shopSupergraph, "--operation", "B"},
		stdin: `query A { me { id } } query B { topProducts { name } }`, stdoutHas: "Fetch(service: \"products\") {\n  operation name: B__products__0\n  query B__products__0 { topProducts { name } }\n}\n"},
	{name: "plan variables checked", args: []string{"plan", "--supergraph", shopSupergraph, "--variables", "$D/v.json", "$D/q.graphql"},
		files:  map[string]string{"q.graphql": `query($id: ID!) { user(id: $id) { name } }`, "v.json": `{"id":{}}`},
		stdout: `{"errors":[{"message":"Variable \"$id\" got invalid value {}; ID cannot represent value: {}","locations":[{"line":1,"column":7}]}]}` + "\n",
		stderr: `q.graphql:1:7: Variable "$id" got invalid value {}`, code: 1},
	{name: "plan variables ok", args: []string{"plan", "--supergraph", shopSupergraph, "--variables", "$D/v.json", "$D/q.graphql"},
		files:     map[string]string{"q.graphql": `query($id: ID!) { user(id: $id) { name } }`, "v.json": `{"id":"1"}`},
		stdoutHas: "Fetch(service: \"accounts\") {\n  variables: $id\n  query($id: ID!) { user(id: $id) { name } }\n}\n"},
	{name: "plan invalid operation", args: []string{"plan", "--supergraph", shopSupergraph, "$D/q.graphql"},
		files:  map[string]string{"q.graphql": "{\n  me { secret }\n}"},
		stdout: `{"errors":[{"message":"Cannot query field \"secret\" on type \"User\".","locations":[{"line":2,"column":8}]}]}` + "\n",
		stderr: `q.graphql:2:8: Cannot query field "secret" on type "User".`, code: 1},
	{name: "plan bad supergraph", args: []string{"plan", "--supergraph", "$D/s.graphql", "$D/q.graphql"},
		files:  map[string]string{"s.graphql": "type Query {\n  a: Int\n", "q.graphql": "{ a }"},
		stderr: "s.graphql:3:1: Expected Name, found <EOF>", code: 1},
	{name: "plan not a supergraph", args: []string{"plan", "--supergraph", "$D/s.graphql", "$D/q.graphql"},
		files:  map[string]string{"s.graphql": "type Query { a: Int }", "q.graphql": "{ a }"},
		stderr: "s.graphql:1:1: not a supergraph", code: 1},
}

func TestPlanCommand(t *testing.T) { runGolden(t, planCases) }
