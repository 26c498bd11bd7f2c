package graphql_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/graftjson/graft/graphql"
)

// Positions whose collected fields are the same share one compiled
// selection, so an interface with many implementations nested several
// levels deep compiles to a plan linear in the document, not one
// selection per possible type at every level (20^5 and 20^12 fields
// here, once refused as too large). Responses are graphql-js's.
func TestNestedInterfacesShareSelections(t *testing.T) {
	var b strings.Builder
	b.WriteString("interface Node { id: ID! children: [Node] }\n")
	for i := 0; i < 20; i++ {
		b.WriteString("type T" + strconv.Itoa(i) + " implements Node { id: ID! children: [Node] }\n")
	}
	b.WriteString("type Query { node: Node }\n")
	schema, err := graphql.ParseSchema(b.String(), graphql.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []specCase{
		{name: "5 levels without fragments",
			query: `{ node { children { children { children { children { id } } } } } }`,
			data:  `{"node":{"__typename":"T3","id":"1","children":[{"__typename":"T7","id":"2","children":[{"__typename":"T1","id":"3","children":null}]}]}}`,
			want:  `{"data":{"node":{"children":[{"children":[{"children":null}]}]}}}`},
		{name: "12 levels through a fragment and a type condition",
			query: `{ node { ...C } } fragment C on Node { children { children { children { children { children { children { children { children { children { children { children { ... on T2 { id } __typename } } } } } } } } } } } }`,
			data:  `{"node":{"__typename":"T0","children":[{"__typename":"T1","children":[{"__typename":"T2","children":null}]}]}}`,
			want:  `{"data":{"node":{"children":[{"children":[{"children":null}]}]}}}`},
		{name: "selections that differ by type",
			query: `{ node { children { __typename ... on T1 { id } ... on T2 { children { id } } } } }`,
			data:  `{"node":{"__typename":"T0","children":[{"__typename":"T1","id":"a","children":[]},{"__typename":"T2","id":"b","children":[{"__typename":"T5","id":"c"},{"__typename":"T9"}]},{"__typename":"T3","id":"d"}]}}`,
			want:  `{"errors":[{"message":"Cannot return null for non-nullable field T9.id.","locations":[{"line":1,"column":72}],"path":["node","children",1,"children",1,"id"]}],"data":{"node":{"children":[{"__typename":"T1","id":"a"},{"__typename":"T2","children":[{"id":"c"},null]},{"__typename":"T3"}]}}}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := respond(t, schema, tc); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}
