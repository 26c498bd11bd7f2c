package federation_test

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/graftjson/graft/federation"
)

func TestSubgraphs(t *testing.T) {
	for _, tc := range []struct{ fixture, want string }{
		{"shop", "accounts=http://accounts.local/graphql inventory=http://inventory.local/graphql pricing=http://pricing.local/graphql products=http://products.local/graphql reviews=http://reviews.local/graphql"},
		{"media", "catalog=http://catalog.local/graphql ratings=http://ratings.local/graphql store=http://store.local/graphql"},
		{"fed1", "accounts=http://accounts.local/graphql inventory=http://inventory.local/graphql products=http://products.local/graphql reviews=http://reviews.local/graphql"},
	} {
		t.Run(tc.fixture, func(t *testing.T) {
			var got []string
			for _, sg := range loadFixture(t, tc.fixture).super.Subgraphs() {
				got = append(got, sg.Name+"="+sg.URL)
			}
			if strings.Join(got, " ") != tc.want {
				t.Errorf("got %v, want %s", got, tc.want)
			}
		})
	}
}

// TestAPISchema checks what the API schema keeps and drops: its SDL is kept
// in testdata/NAME/api.graphql, read and checked by hand when written.
func TestAPISchema(t *testing.T) {
	for _, name := range []string{"shop", "media", "fed1"} {
		t.Run(name, func(t *testing.T) {
			s := loadFixture(t, name).super
			got := s.APISchemaSDL()
			file := "testdata/" + name + "/api.graphql"
			if *update {
				if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("API schema differs from %s:\n%s", file, got)
			}
			for _, gone := range []string{"join__", "link__", "core__", "@inaccessible", "@tag", "secret", "_entities"} {
				if strings.Contains(got, gone) {
					t.Errorf("the API schema holds %q", gone)
				}
			}
			if s.APISchema().Types["Query"] == nil {
				t.Error("APISchema has no Query type")
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	const head = `schema @link(url: "https://specs.apollo.dev/link/v1.0") @link(url: "https://specs.apollo.dev/join/v0.3", for: EXECUTION) { query: Query }
enum join__Graph {
  A @join__graph(name: "a", url: "http://a")
}
`
	for _, tc := range []struct{ name, sdl, want string }{
		{"syntax", "type Query {\n  a: Int\n", "3:1: Expected Name, found <EOF>"},
		{"no join", "type Query { a: Int }", "1:1: not a supergraph: the schema links no join spec (https://specs.apollo.dev/join/v0.x)"},
		{"join too new", `schema @link(url: "https://specs.apollo.dev/join/v0.9") { query: Query } type Query { a: Int }`, "1:9: unsupported join spec version v0.9 (v0.1 to v0.5 are read)"},
		{"no graph enum", `schema @link(url: "https://specs.apollo.dev/join/v0.3") { query: Query } type Query { a: Int }`, "1:1: not a supergraph: no enum join__Graph"},
		{"graph without name", `schema @link(url: "https://specs.apollo.dev/join/v0.3") { query: Query }
enum join__Graph { B @join__graph(url: "x") }`, "2:23: @join__graph needs a name"},
		{"unknown graph", head + "type Query @join__type(graph: B) { a: Int }", "5:31: unknown graph B (not a value of join__Graph)"},
		{"bad key", head + "type Query @join__type(graph: A) { t: T }\ntype T @join__type(graph: A, key: \"id {\") { id: ID }", `6:9: @join__type: cannot parse the field set "id {"`},
		{"bad field join", head + "type Query @join__type(graph: A) { a: Int @join__field(graph: C) }", "5:63: unknown graph C (not a value of join__Graph)"},
		{"invalid API schema", head + "type Query @join__type(graph: A) { a: Missing }", "the API schema derived from the supergraph is not valid: Undefined type Missing."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := federation.Parse([]byte(tc.sdl), federation.Options{})
			var fe *federation.Error
			if !errors.As(err, &fe) {
				t.Fatalf("got %v (%T), want a *federation.Error", err, err)
			}
			if err.Error() != tc.want {
				t.Errorf("got  %s\nwant %s", err, tc.want)
			}
		})
	}
}

// small is a hand-written supergraph of one subgraph, for API schema and
// error cases.
const small = `schema @link(url: "https://specs.apollo.dev/link/v1.0") @link(url: "https://specs.apollo.dev/join/v0.5", for: EXECUTION) @link(url: "https://specs.apollo.dev/inaccessible/v0.2", for: SECURITY) { query: Query }
directive @inaccessible on FIELD_DEFINITION | OBJECT | INTERFACE | UNION | ENUM | ENUM_VALUE | SCALAR | INPUT_OBJECT | INPUT_FIELD_DEFINITION | ARGUMENT_DEFINITION
directive @custom(reason: String) on FIELD
enum join__Graph {
  A @join__graph(name: "a", url: "http://a")
}
type Query @join__type(graph: A) {
  node(id: ID!, debug: Boolean @inaccessible): Node
  color(c: Color): Color
  hidden: Hidden @inaccessible
  price(currency: String): Int @join__field(graph: A, contextArguments: [{context: "a__ctx", name: "currency", type: "String", selection: "{ code }"}])
}
interface Node @join__type(graph: A) { id: ID! }
type Thing implements Node & Old @join__type(graph: A) @join__implements(graph: A, interface: "Node") { id: ID! }
interface Old @join__type(graph: A) @inaccessible { id: ID! }
type Hidden @join__type(graph: A) @inaccessible { x: Int }
union Any @join__type(graph: A) = Thing | Hidden
enum Color @join__type(graph: A) { RED GREEN @inaccessible }
`

func TestAPISchemaInaccessible(t *testing.T) {
	s, err := federation.Parse([]byte(small), federation.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := `schema {
  query: Query
}
directive @custom(reason: String) on FIELD
type Query {
  node(id: ID!): Node
  color(c: Color): Color
  price(currency: String): Int
}
interface Node {
  id: ID!
}
type Thing implements Node {
  id: ID!
}
union Any = Thing
enum Color {
  RED
}
`
	if got := s.APISchemaSDL(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	for _, tc := range []struct{ query, want string }{
		{`{ color(c: GREEN) }`, `1:12: Value "GREEN" does not exist in "Color" enum. Did you mean the enum value "RED"?`},
		{`{ node(id: "1", debug: true) { id } }`, `1:3: Unknown argument "debug" on field "Query.node".`},
		{`{ price }`, `1:3: The field "Query.price" takes arguments from a @context, which the gateway does not support yet.`},
	} {
		if _, err := s.Plan(tc.query, ""); err == nil || err.Error() != tc.want {
			t.Errorf("%s: got %v, want %s", tc.query, err, tc.want)
		}
	}
}

// The API schema is parsed once: the planner's syntax tree is the one its
// compiled schema holds.
func TestOneAPISchema(t *testing.T) {
	sg := loadFixture(t, "shop").super
	if sg.Schema().Definition() != sg.APISchema() {
		t.Error("Schema().Definition() is not APISchema()")
	}
}
