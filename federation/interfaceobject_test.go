package federation_test

import (
	"os"
	"strings"
	"testing"

	"github.com/graftjson/graft/federation"
)

// criticSDL holds Media as an @interfaceObject in ratings, whose critic
// field's score has another type there than in the supergraph: below the
// interface object's position (a selection of every possible type), score
// is fetched under a private alias.
const criticSDL = `schema @link(url: "https://specs.apollo.dev/link/v1.0") @link(url: "https://specs.apollo.dev/join/v0.3", for: EXECUTION) { query: Query }
enum join__Graph {
  CATALOG @join__graph(name: "catalog", url: "http://catalog")
  RATINGS @join__graph(name: "ratings", url: "http://ratings")
}
type Query @join__type(graph: CATALOG) @join__type(graph: RATINGS) {
  media: [Media] @join__field(graph: CATALOG)
  topRated: [Media] @join__field(graph: RATINGS)
}
interface Media @join__type(graph: CATALOG, key: "id") @join__type(graph: RATINGS, key: "id", isInterfaceObject: true) {
  id: ID!
  critic: Critic @join__field(graph: RATINGS)
}
type Book implements Media @join__type(graph: CATALOG, key: "id") @join__implements(graph: CATALOG, interface: "Media") {
  id: ID!
  critic: Critic @join__field
}
type Movie implements Media @join__type(graph: CATALOG, key: "id") @join__implements(graph: CATALOG, interface: "Media") {
  id: ID!
  critic: Critic @join__field
}
type Critic @join__type(graph: RATINGS) {
  name: String
  score: Int @join__field(graph: RATINGS, type: "Int!")
}
`

// TestInterfaceObjectPrivateAlias reads a field fetched under a private
// alias below a field of an @interfaceObject, fetched once for every
// possible type, back in the objects of every possible type (the merged
// data is written here as the fetches would leave it). The response
// shape's entry for it names no type on the way: it used to name the
// first possible type, and the Movie's score rendered null.
func TestInterfaceObjectPrivateAlias(t *testing.T) {
	s, err := federation.Parse([]byte(criticSDL), federation.Options{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.Plan(`{ topRated { critic { name score } } }`, "")
	if err != nil {
		t.Fatal(err)
	}
	text := string(p.AppendText(nil))
	const fetched = `topRated { __typename critic { name graft__Critic__score: score } id }`
	if !strings.Contains(text, fetched) {
		t.Fatalf("the plan does not fetch %s:\n%s", fetched, text)
	}
	data := map[string]any{"topRated": []any{
		map[string]any{"__typename": "Book", "id": "b1", "critic": map[string]any{"name": "Ann", "graft__Critic__score": 4}},
		map[string]any{"__typename": "Movie", "id": "m1", "critic": map[string]any{"name": "Bo", "graft__Critic__score": 5}},
	}}
	const want = `{"data":{"topRated":[{"critic":{"name":"Ann","score":4}},{"critic":{"name":"Bo","score":5}}]}}`
	if got := render(t, p.Operation, data, ""); got != want {
		t.Errorf("got  %s\nwant %s\nplan:\n%s", got, want, text)
	}
}

// TestInterfaceObjectMergeBound: whether a field's sub-selections in the
// cases of an @interfaceObject's possible types are one selection is read
// within the planner's bound on field nodes (32 × Options.MaxFields),
// counting nodes a literal @skip leaves out, which planning skips; past
// the bound, the field is fetched for each type once their types are
// known, as when the union is not one selection.
func TestInterfaceObjectMergeBound(t *testing.T) {
	sdl, err := os.ReadFile("testdata/media/supergraph.graphql")
	if err != nil {
		t.Fatal(err)
	}
	skipped := strings.Repeat("n: name @skip(if: true) ", 300)
	query := `{ topRated { critic { score } ... on Movie { critic { name ` + skipped + `} } } }`
	for _, tc := range []struct {
		maxFields, fetches int
	}{
		{0, 2}, // the default bound: fetched with the objects
		{8, 3}, // 256 nodes: fetched again for each type
	} {
		s, err := federation.Parse(sdl, federation.Options{MaxFields: tc.maxFields})
		if err != nil {
			t.Fatal(err)
		}
		p, err := s.Plan(query, "")
		if err != nil {
			t.Fatal(err)
		}
		text := string(p.AppendText(nil))
		if n := strings.Count(text, "Fetch("); n != tc.fetches {
			t.Errorf("MaxFields %d: %d fetches, want %d:\n%s", tc.maxFields, n, tc.fetches, text)
		}
	}
}

// TestInterfaceObjectTypeOnlyField plans one response name given to a
// field with arguments that only a possible type has (Book.pages, not
// a field of Media) and to a field of the interface in the other type's
// case: the interface's field is not fetched with the objects, and the
// planner does not look the type's field up in the interface.
func TestInterfaceObjectTypeOnlyField(t *testing.T) {
	s := loadFixture(t, "media").super
	p, err := s.Plan(`{ topRated { ... on Book { s: pages(from: 3) } ... on Movie { s: score(scale: 2) } } }`, "")
	if err != nil {
		t.Fatal(err)
	}
	text := string(p.AppendText(nil))
	for _, want := range []string{"pages(from: 3)", "score(scale: 2)"} {
		if !strings.Contains(text, want) {
			t.Errorf("the plan does not fetch %s:\n%s", want, text)
		}
	}
}
