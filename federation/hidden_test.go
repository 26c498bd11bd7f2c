package federation_test

import (
	"context"
	"testing"

	"github.com/graftjson/graft/federation"
	"github.com/graftjson/graft/resolve"
)

// hiddenValues has an @inaccessible enum value and an @inaccessible type
// that the subgraph still returns.
const hiddenValues = `schema @link(url: "https://specs.apollo.dev/link/v1.0") @link(url: "https://specs.apollo.dev/join/v0.3", for: EXECUTION) @link(url: "https://specs.apollo.dev/inaccessible/v0.2", for: SECURITY) { query: Query }
enum join__Graph {
  A @join__graph(name: "a", url: "http://a")
}
type Query @join__type(graph: A) {
  users: [User]
  node: Node
  nodes: [Node!]
}
type User @join__type(graph: A) {
  id: ID!
  kind: Kind
}
enum Kind @join__type(graph: A) {
  REGULAR
  ANONYMOUS @inaccessible
}
interface Node @join__type(graph: A) { id: ID! }
type Post implements Node @join__type(graph: A) @join__implements(graph: A, interface: "Node") { id: ID! }
type Draft implements Node @join__type(graph: A) @join__implements(graph: A, interface: "Node") @inaccessible { id: ID! }
`

// TestHiddenValues: a value the API schema hides (an @inaccessible enum
// value, an object of an @inaccessible type) is null without an error at a
// nullable position; a value the supergraph does not know at all, or a
// hidden one at a non-null position, is a field error.
func TestHiddenValues(t *testing.T) {
	s, err := federation.Parse([]byte(hiddenValues), federation.Options{})
	if err != nil {
		t.Fatal(err)
	}
	upstream := `{"data":{
		"users":[{"id":"1","kind":"REGULAR"},{"id":"2","kind":"ANONYMOUS"},{"id":"3","kind":"NOPE"}],
		"node":{"__typename":"Draft","id":"d"},
		"nodes":[{"__typename":"Post","id":"p"},{"__typename":"Draft","id":"d"}]}}`
	tr := resolve.Memory{"a": func(_ context.Context, _ *resolve.UpstreamRequest, dst []byte) ([]byte, error) {
		return append(dst, upstream...), nil
	}}
	for _, tc := range []struct{ name, query, want string }{
		{"enum value", `{ users { id kind } }`,
			`{"errors":[{"message":"Enum \"Kind\" cannot represent value: \"NOPE\"","locations":[{"line":1,"column":14}],"path":["users",2,"kind"]}],"data":{"users":[{"id":"1","kind":"REGULAR"},{"id":"2","kind":null},{"id":"3","kind":null}]}}`},
		{"object type", `{ node { id } }`, `{"data":{"node":null}}`},
		{"object type at a non-null position", `{ nodes { id } }`,
			`{"errors":[{"message":"Abstract type \"Node\" was resolved to a type \"Draft\" that does not exist inside the schema.","locations":[{"line":1,"column":3}],"path":["nodes",1]}],"data":{"nodes":null}}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := s.Plan(tc.query, "")
			if err != nil {
				t.Fatal(err)
			}
			out, err := resolve.NewEngine(tr, resolve.Options{}).Execute(context.Background(), p.Exec, &resolve.Request{}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if string(out) != tc.want {
				t.Errorf("got  %s\nwant %s", out, tc.want)
			}
		})
	}
}
