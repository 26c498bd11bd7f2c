package subgraph

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

const testSDL = `extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key"])
type Query { item(id: ID!): Item, items: [Item!]!, broken: Item!, things: [Thing] }
type Item @key(fields: "id") { id: ID!, name: String, must: String! }
interface Thing @key(fields: "id") { id: ID! }
type Box implements Thing @key(fields: "id") { id: ID!, size: Int }
type Bag implements Thing @key(fields: "id") { id: ID!, color: String }
type Mutation { rename(id: ID!, name: String!): Item }`

func testServer(t testing.TB) *Server {
	items := []map[string]any{{"id": "1", "name": "one", "must": "m"}, {"id": "2", "name": "two"}}
	things := []map[string]any{{"__typename": "Box", "id": "b", "size": 3}, {"__typename": "Bag", "id": "g", "color": "red"}}
	s, err := New(Config{
		SDL:  testSDL,
		Root: map[string]any{"items": []any{items[0], items[1]}, "things": []any{things[0], things[1]}},
		Resolvers: map[string]Resolver{
			"Query.item": func(_ context.Context, _, args map[string]any) (any, error) {
				for _, it := range items {
					if it["id"] == args["id"] {
						return it, nil
					}
				}
				return nil, nil
			},
			"Query.broken": func(context.Context, map[string]any, map[string]any) (any, error) {
				return nil, errors.New("broken on purpose")
			},
			"Mutation.rename": func(_ context.Context, _, args map[string]any) (any, error) {
				return map[string]any{"id": args["id"], "name": args["name"]}, nil
			},
		},
		Entities: map[string]EntityResolver{
			"Item": func(_ context.Context, rep map[string]any) (map[string]any, error) {
				if rep["id"] == "1" {
					return items[0], nil
				}
				return nil, nil
			},
			// An entity interface: an object of an implementation.
			"Thing": func(_ context.Context, rep map[string]any) (map[string]any, error) {
				for _, th := range things {
					if th["id"] == rep["id"] {
						return th, nil
					}
				}
				return nil, nil
			},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestExecute(t *testing.T) {
	s := testServer(t)
	cases := []struct {
		name, query, operation string
		vars                   map[string]any
		want                   string
	}{
		{"aliases and typename", `{ a: item(id: "1") { name __typename } b: item(id: "9") { name } }`, "", nil,
			`{"data":{"a":{"name":"one","__typename":"Item"},"b":null}}`},
		{"variables", `query($id: ID!) { item(id: $id) { id } }`, "", map[string]any{"id": "2"}, `{"data":{"item":{"id":"2"}}}`},
		{"fragments merge", `{ items { ...F id } } fragment F on Item { id name }`, "", nil,
			`{"data":{"items":[{"id":"1","name":"one"},{"id":"2","name":"two"}]}}`},
		{"abstract types", `{ things { id ... on Box { size } ... on Bag { color } } }`, "", nil,
			`{"data":{"things":[{"id":"b","size":3},{"id":"g","color":"red"}]}}`},
		{"skip and include", `query($x: Boolean!) { item(id: "1") { id @skip(if: $x) name @include(if: $x) } }`, "", map[string]any{"x": true},
			`{"data":{"item":{"name":"one"}}}`},
		{"non-null bubbling", `{ items { id must } }`, "", nil,
			`{"data":null,"errors":[{"message":"Cannot return null for non-nullable field Item.must.","path":["items",1,"must"],"locations":[{"line":1,"column":14}]}]}`},
		{"resolver error", `{ broken { id } }`, "", nil,
			`{"data":null,"errors":[{"message":"broken on purpose","path":["broken"],"locations":[{"line":1,"column":3}]}]}`},
		{"entities", `query($r: [_Any!]!) { _entities(representations: $r) { ... on Item { name } } }`, "",
			map[string]any{"r": []any{map[string]any{"__typename": "Item", "id": "1"}, map[string]any{"__typename": "Item", "id": "7"}}},
			`{"data":{"_entities":[{"name":"one"},null]}}`},
		{"entities of an entity interface", `{ _entities(representations: [{__typename: "Thing", id: "g"}, {__typename: "Thing", id: "b"}]) { __typename ... on Box { size } ... on Bag { color } } }`, "", nil,
			`{"data":{"_entities":[{"__typename":"Bag","color":"red"},{"__typename":"Box","size":3}]}}`},
		{"entities of unknown type", `{ _entities(representations: [{__typename: "Nope"}]) { __typename } }`, "", nil,
			`{"data":null,"errors":[{"message":"no entity resolver for type \"Nope\"","path":["_entities"],"locations":[{"line":1,"column":3}]}]}`},
		{"service", `{ _service { sdl } }`, "", nil, `{"data":{"_service":{"sdl":` + quoteJSON(testSDL) + `}}}`},
		{"mutation by name", `query Q { items { id } } mutation M { rename(id: "1", name: "uno") { name } }`, "M", nil,
			`{"data":{"rename":{"name":"uno"}}}`},
		{"unknown operation", `query Q { items { id } }`, "R", nil, `{"errors":[{"message":"operation \"R\" not found"}]}`},
		{"invalid", `{ items { nope } }`, "", nil,
			`{"errors":[{"message":"Cannot query field \"nope\" on type \"Item\". Did you mean \"name\"?","locations":[{"line":1,"column":11}]}]}`},
		{"missing variable", `query($id: ID!) { item(id: $id) { id } }`, "", nil,
			`{"errors":[{"message":"must be defined","path":["variable","id"]}]}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := string(s.Execute(context.Background(), c.query, c.operation, c.vars)); got != c.want {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
		})
	}
}

func quoteJSON(s string) string {
	r := strings.NewReplacer(`"`, `\"`, "\n", `\n`)
	return `"` + r.Replace(s) + `"`
}

func TestHTTP(t *testing.T) {
	srv := httptest.NewServer(testServer(t))
	defer srv.Close()
	for _, c := range []struct{ name, method, ctype, body, query, want string }{
		{"post", "POST", "application/json", `{"query":"query($id: ID!) { item(id: $id) { name } }","variables":{"id":"1"}}`, "", `{"data":{"item":{"name":"one"}}}`},
		{"get", "GET", "", "", "?query=%7Bitems%7Bid%7D%7D", `{"data":{"items":[{"id":"1"},{"id":"2"}]}}`},
		{"bad body", "POST", "application/json", `{`, "", `{"errors":[{"message":"invalid request body: unexpected EOF"}]}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			req, _ := http.NewRequest(c.method, srv.URL+"/graphql"+c.query, strings.NewReader(c.body))
			if c.ctype != "" {
				req.Header.Set("Content-Type", c.ctype)
			}
			resp, err := srv.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			b, _ := io.ReadAll(resp.Body)
			if string(b) != c.want {
				t.Errorf("got  %s\nwant %s", b, c.want)
			}
		})
	}
}

// FuzzExecute runs arbitrary documents: never a panic, always a response.
func FuzzExecute(f *testing.F) {
	for _, q := range []string{`{ items { id name } }`, `{ things { ... on Box { size } } }`, `query($r: [_Any!]!) { _entities(representations: $r) { __typename } }`, `{ _service { sdl } }`} {
		f.Add(q)
	}
	s := testServer(f)
	f.Fuzz(func(t *testing.T, query string) {
		if out := s.Execute(context.Background(), query, "", nil); len(out) == 0 || out[0] != '{' {
			t.Fatalf("response %q", out)
		}
	})
}
