package federation_test

import (
	"strings"
	"testing"

	"github.com/graftjson/graft/federation"
)

// Hand-written supergraphs for what the composed fixtures lack: a field
// overridden but still used by the old subgraph (usedOverridden), an
// override from a subgraph the supergraph does not have (as The Guild's
// composition writes it), and join v0.2, which has no join__implements and
// no join__unionMember.
const overridden = `schema @link(url: "https://specs.apollo.dev/link/v1.0") @link(url: "https://specs.apollo.dev/join/v0.3", for: EXECUTION) { query: Query }
enum join__Graph {
  OLD @join__graph(name: "old", url: "http://old")
  NEW @join__graph(name: "new", url: "http://new")
}
type Query @join__type(graph: OLD) @join__type(graph: NEW) {
  item: Item @join__field(graph: OLD)
}
type Item @join__type(graph: OLD, key: "id") @join__type(graph: NEW, key: "id") {
  id: ID!
  price: Int @join__field(graph: OLD, usedOverridden: true) @join__field(graph: NEW, override: "old")
  label: String @join__field(graph: OLD, requires: "price")
}
`

const unknownOverride = `schema @link(url: "https://specs.apollo.dev/link/v1.0") @link(url: "https://specs.apollo.dev/join/v0.3", for: EXECUTION) { query: Query }
enum join__Graph {
  A @join__graph(name: "a", url: "http://a")
  B @join__graph(name: "b", url: "http://b")
}
type Query @join__type(graph: A) @join__type(graph: B) {
  aFeed: [Post] @join__field(graph: A)
  bFeed: [Post] @join__field(graph: B)
}
type Post @join__type(graph: A, key: "id") @join__type(graph: B, key: "id") {
  id: ID!
  createdAt: String! @join__field(graph: A) @join__field(graph: B, override: "gone")
}
`

const joinV02 = `schema @link(url: "https://specs.apollo.dev/link/v1.0") @link(url: "https://specs.apollo.dev/join/v0.2", for: EXECUTION) { query: Query }
enum join__Graph {
  A @join__graph(name: "a", url: "http://a")
  B @join__graph(name: "b", url: "http://b")
}
type Query @join__type(graph: A) @join__type(graph: B) {
  nodes: [Node] @join__field(graph: A)
  results: [Result] @join__field(graph: B)
}
interface Node @join__type(graph: A) @join__type(graph: B) { id: ID! }
type User implements Node @join__type(graph: A, key: "id") @join__type(graph: B, key: "id") {
  id: ID!
  name: String @join__field(graph: A)
  score: Int @join__field(graph: B)
}
type Post implements Node @join__type(graph: A, key: "id") { id: ID! title: String }
union Result @join__type(graph: B) = User | Post
`

func TestHandWrittenSupergraphs(t *testing.T) {
	for _, tc := range []struct{ name, sdl, query, want string }{
		{"usedOverridden", overridden, `{ item { price label } }`, `Sequence {
  Fetch(service: "old") {
    query { item { __typename id } }
  }
  Sequence {
    Fetch(service: "new") at item {
      representations of Item: {__typename id}
      query($representations: [_Any!]!) { _entities(representations: $representations) { ... on Item { price } } }
    }
    Fetch(service: "old") at item {
      representations of Item: {__typename id price}
      query($representations: [_Any!]!) { _entities(representations: $representations) { ... on Item { label } } }
    }
  }
}
`},
		// An override from no known subgraph takes nothing away: both
		// subgraphs resolve the field, and each feed needs no jump.
		{"override from an unknown subgraph", unknownOverride, `{ aFeed { createdAt } bFeed { createdAt } }`, `Parallel {
  Fetch(service: "a") {
    query { aFeed { createdAt } }
  }
  Fetch(service: "b") {
    query { bFeed { createdAt } }
  }
}
`},
		{"join v0.2 interface", joinV02, `{ nodes { id ... on User { name score } ... on Post { title } } }`, `Sequence {
  Fetch(service: "a") {
    query { nodes { __typename ... on User { id name __typename } ... on Post { id title } } }
  }
  Fetch(service: "b") at nodes.@ {
    representations of User: {__typename id}
    query($representations: [_Any!]!) { _entities(representations: $representations) { ... on User { score } } }
  }
}
`},
		{"join v0.2 union", joinV02, `{ results { ... on User { name } } }`, `Sequence {
  Fetch(service: "b") {
    query { results { __typename ... on User { __typename id } } }
  }
  Fetch(service: "a") at results.@ {
    representations of User: {__typename id}
    query($representations: [_Any!]!) { _entities(representations: $representations) { ... on User { name } } }
  }
}
`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := federation.Parse([]byte(tc.sdl), federation.Options{})
			if err != nil {
				t.Fatal(err)
			}
			p, err := s.Plan(tc.query, "")
			if err != nil {
				t.Fatal(err)
			}
			if got := string(p.AppendText(nil)); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, strings.TrimSpace(tc.want))
			}
		})
	}
}

// chained: a @requires whose field @requires another, with arguments.
const chained = `schema @link(url: "https://specs.apollo.dev/link/v1.0") @link(url: "https://specs.apollo.dev/join/v0.3", for: EXECUTION) { query: Query }
enum join__Graph {
  A @join__graph(name: "a", url: "http://a")
  B @join__graph(name: "b", url: "http://b")
  C @join__graph(name: "c", url: "http://c")
}
type Query @join__type(graph: A) @join__type(graph: B) @join__type(graph: C) {
  product: Product @join__field(graph: A)
}
type Product @join__type(graph: A, key: "id") @join__type(graph: B, key: "id") @join__type(graph: C, key: "id") {
  id: ID!
  price(currency: String): Int @join__field(graph: A) @join__field(graph: B, external: true)
  tax: Int @join__field(graph: B, requires: "price(currency: \"EUR\")") @join__field(graph: C, external: true)
  total: Int @join__field(graph: C, requires: "tax")
}
`

func TestChainedRequires(t *testing.T) {
	s, err := federation.Parse([]byte(chained), federation.Options{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.Plan(`{ product { price total } }`, "")
	if err != nil {
		t.Fatal(err)
	}
	want := `Sequence {
  Fetch(service: "a") {
    query { product { price __typename id graft__price: price(currency: "EUR") } }
  }
  Sequence {
    Fetch(service: "b") at product {
      representations of Product: {__typename id price <- graft__price}
      query($representations: [_Any!]!) { _entities(representations: $representations) { ... on Product { tax } } }
    }
    Fetch(service: "c") at product {
      representations of Product: {__typename id tax}
      query($representations: [_Any!]!) { _entities(representations: $representations) { ... on Product { total } } }
    }
  }
}
`
	if got := string(p.AppendText(nil)); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
