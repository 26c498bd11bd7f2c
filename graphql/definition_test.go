package graphql_test

import (
	"testing"

	"github.com/graftjson/graft/graphql"
)

func TestKeyByResponseName(t *testing.T) {
	schema, err := graphql.ParseSchema(`type Query { user: User } type User { id: ID! name: String }`, graphql.Options{KeyByResponseName: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []specCase{
		{name: "alias read by response name", query: `{ u: user { handle: name } }`, data: `{"u":{"handle":"ada","name":"x"}}`,
			want: `{"data":{"u":{"handle":"ada"}}}`},
		{name: "error names the schema field", query: `{ u: user { ident: id } }`, data: `{"u":{"ident":null,"id":"1"}}`,
			want: `{"errors":[{"message":"Cannot return null for non-nullable field User.id.","locations":[{"line":1,"column":13}],"path":["u","ident"]}],"data":{"u":null}}`},
		{name: "introspection copied", query: `{ t: __type(name: "User") { name } }`, data: `{"t":{"name":"User"}}`,
			want: `{"data":{"t":{"name":"User"}}}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := respond(t, schema, tc); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

func TestDefinition(t *testing.T) {
	schema, err := graphql.ParseSchema(`type Query { a: Int }`, graphql.Options{})
	if err != nil {
		t.Fatal(err)
	}
	op, err := graphql.Compile(schema, `query Q { a }`, "")
	if err != nil {
		t.Fatal(err)
	}
	if d := op.Definition(); d == nil || d.Name != "Q" || len(d.SelectionSet) != 1 {
		t.Fatalf("Definition() = %+v", d)
	}
}
