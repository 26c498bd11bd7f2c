package gateway

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/graftjson/graft/internal/subgraph"
)

// TestInterfaceObject runs the gateway over real subgraph servers (they
// validate what they get) for the federation fixture "media", where the
// ratings subgraph holds the interface Media as an @interfaceObject whose
// possible types are Book and Movie: fields of it through fragments on
// each type, one response name for two fields or two arguments in sibling
// cases (private aliases in the one selection ratings sees for every
// type), and an interface and a union below it. Critic.score is Int! in
// ratings and Int in catalog, so fetched under a private alias too; the
// responses are those of federation's TestResponses (its monolith's).
func TestInterfaceObject(t *testing.T) {
	read := func(name string) string { return fixtureFile(t, "media", name) }
	type object = map[string]any
	objects := map[string]object{
		"b1": {"__typename": "Book", "id": "b1", "title": "Dune", "author": "Herbert", "price": 10, "stock": 3, "rating": 5, "critic": "c1", "related": []string{"m1"}, "reviewers": []string{"c1", "f1"}},
		"b2": {"__typename": "Book", "id": "b2", "title": "Emma", "author": "Austen", "price": 8, "stock": 0, "rating": 4, "related": []string{}, "reviewers": []string{"f1"}},
		"m1": {"__typename": "Movie", "id": "m1", "title": "Alien", "director": "Scott", "rating": 5, "critic": "c2", "related": []string{"b2", "b1"}, "reviewers": []string{"c2"}},
		"c1": {"__typename": "Critic", "name": "Ann", "score": 4},
		"c2": {"__typename": "Critic", "name": "Bo", "score": 2},
		"f1": {"__typename": "Fan", "name": "Cy", "since": 2001},
	}
	byID := func(_ context.Context, rep map[string]any) (map[string]any, error) {
		id, _ := rep["id"].(string)
		return objects[id], nil
	}
	// ratings knows every Media as a Media.
	asMedia := func(_ context.Context, rep map[string]any) (map[string]any, error) {
		id, _ := rep["id"].(string)
		o := objects[id]
		if o == nil {
			return nil, nil
		}
		c := object{}
		for k, v := range o {
			c[k] = v
		}
		delete(c, "title") // external here: only what the representation carries
		for k, v := range rep {
			c[k] = v
		}
		c["__typename"] = "Media"
		return c, nil
	}
	one := func(member string) subgraph.Resolver {
		return func(_ context.Context, parent, _ map[string]any) (any, error) {
			id, _ := parent[member].(string)
			if id == "" {
				return nil, nil
			}
			return objects[id], nil
		}
	}
	list := func(member string) subgraph.Resolver {
		return func(_ context.Context, parent, _ map[string]any) (any, error) {
			out := []any{}
			for _, id := range parent[member].([]string) {
				out = append(out, objects[id])
			}
			return out, nil
		}
	}
	// score(scale) is the rating times the scale, so that a value read
	// back from another argument's alias shows.
	score := func(_ context.Context, parent, args map[string]any) (any, error) {
		scale := int64(1)
		switch v := args["scale"].(type) {
		case int64:
			scale = v
		case float64:
			scale = int64(v)
		case json.Number:
			scale, _ = v.Int64()
		}
		return int64(parent["rating"].(int)) * scale, nil
	}
	// headline @requires the title, which only a representation carries.
	headline := func(_ context.Context, parent, _ map[string]any) (any, error) {
		title, _ := parent["title"].(string)
		return "Now showing: " + title, nil
	}
	configs := map[string]subgraph.Config{
		"catalog": {SDL: read("catalog.graphql"), Root: object{"media": []any{objects["b1"], objects["m1"]}},
			Entities: map[string]subgraph.EntityResolver{"Media": byID, "Book": byID, "Movie": byID}},
		"ratings": {SDL: read("ratings.graphql"), Root: object{"topRated": []any{objects["m1"], objects["b1"]}},
			Resolvers: map[string]subgraph.Resolver{"Media.critic": one("critic"), "Media.related": list("related"), "Media.reviewers": list("reviewers"), "Media.score": score, "Media.headline": headline},
			Entities:  map[string]subgraph.EntityResolver{"Media": asMedia}},
		"store": {SDL: read("store.graphql"), Entities: map[string]subgraph.EntityResolver{"Book": byID}},
	}
	srv := serveFixture(t, "media", configs)
	for _, c := range []httpCase{
		{name: "a private alias below a field of every possible type", body: post(`{ topRated { critic { name score } } }`),
			status: 200, want: `{"data":{"topRated":[{"critic":{"name":"Bo","score":2}},{"critic":{"name":"Ann","score":4}}]}}`},
		{name: "its fields through fragments on each possible type", body: post(`{ topRated { __typename ... on Book { critic { name score } author } ... on Movie { critic { score } director } } }`),
			status: 200, want: `{"data":{"topRated":[{"__typename":"Movie","critic":{"score":2},"director":"Scott"},{"__typename":"Book","critic":{"name":"Ann","score":4},"author":"Herbert"}]}}`},
		{name: "a field of every type selected again in one type's case", body: post(`{ topRated { critic { score } ... on Movie { critic { name } } } }`),
			status: 200, want: `{"data":{"topRated":[{"critic":{"score":2,"name":"Bo"}},{"critic":{"score":4}}]}}`},
		{name: "a field of every type selected again in two cases", body: post(`{ topRated { critic { name } ... on Book { critic { score } } ... on Movie { critic { n: name } } } }`),
			status: 200, want: `{"data":{"topRated":[{"critic":{"name":"Bo","n":"Bo"}},{"critic":{"name":"Ann","score":4}}]}}`},
		{name: "a field selected again in a case, an argument below it", body: post(`{ topRated { related { id } ... on Movie { related { s: score(scale: 2) critic { score } } } } }`),
			status: 200, want: `{"data":{"topRated":[{"related":[{"id":"b2","s":8,"critic":null},{"id":"b1","s":10,"critic":{"score":4}}]},{"related":[{"id":"m1"}]}]}}`},
		{name: "a field selected again in a case, a field of another subgraph below it", body: post(`{ topRated { related { id } ... on Movie { related { title ... on Book { author } } } } }`),
			status: 200, want: `{"data":{"topRated":[{"related":[{"id":"b2","title":"Emma","author":"Austen"},{"id":"b1","title":"Dune","author":"Herbert"}]},{"related":[{"id":"m1"}]}]}}`},
		{name: "a field selected again in a case under @include", body: `{"query":"query($v: Boolean!) { topRated { critic { score } ... on Movie @include(if: $v) { critic { name } } } }","variables":{"v":false}}`,
			status: 200, want: `{"data":{"topRated":[{"critic":{"score":2}},{"critic":{"score":4}}]}}`},
		{name: "a field selected again in each case, two arguments below it", body: post(`{ topRated { related { id } ... on Book { related { s: score(scale: 2) } } ... on Movie { related { s: score(scale: 3) } } } }`),
			status: 200, want: `{"data":{"topRated":[{"related":[{"id":"b2","s":12},{"id":"b1","s":15}]},{"related":[{"id":"m1","s":10}]}]}}`},
		{name: "a field selected in each case, two fields of one subgraph and one name below it", body: post(`{ topRated { ... on Book { related { x: rating } } ... on Movie { related { x: score(scale: 3) } } } }`),
			status: 200, want: `{"data":{"topRated":[{"related":[{"x":12},{"x":15}]},{"related":[{"x":5}]}]}}`},
		{name: "a field selected again in each case, two fields of one name below it", body: post(`{ topRated { ... on Book { related { x: title } } ... on Movie { related { x: headline } } } }`),
			status: 200, want: `{"data":{"topRated":[{"related":[{"x":"Now showing: Emma"},{"x":"Now showing: Dune"}]},{"related":[{"x":"Alien"}]}]}}`},
		{name: "one response name, two arguments, in sibling cases", body: post(`{ topRated { id ... on Book { s: score(scale: 10) } ... on Movie { s: score(scale: 100) } } }`),
			status: 200, want: `{"data":{"topRated":[{"id":"m1","s":500},{"id":"b1","s":50}]}}`},
		{name: "one response name, two fields, in sibling cases", body: post(`{ topRated { ... on Book { r: rating title } ... on Movie { r: score(scale: 3) } } }`),
			status: 200, want: `{"data":{"topRated":[{"r":15},{"r":5,"title":"Dune"}]}}`},
		{name: "one response name, an argument from a variable and a literal", body: `{"query":"query($s: Int!) { topRated { ... on Book { s: score(scale: $s) } ... on Movie { s: score(scale: 7) } } }","variables":{"s":2}}`,
			status: 200, want: `{"data":{"topRated":[{"s":35},{"s":10}]}}`},
		{name: "a union below it, one response name for two fields", body: post(`{ topRated { reviewers { ... on Critic { x: score } ... on Fan { x: since } } } }`),
			status: 200, want: `{"data":{"topRated":[{"reviewers":[{"x":2}]},{"reviewers":[{"x":4},{"x":2001}]}]}}`},
		{name: "an interface and a union below it", body: post(`{ topRated { id related { __typename id title ... on Book { author s: score(scale: 2) } ... on Movie { director s: score(scale: 3) } critic { name score } } reviewers { __typename ... on Critic { name score } ... on Fan { name since } } } }`),
			status: 200, want: `{"data":{"topRated":[{"id":"m1","related":[{"__typename":"Book","id":"b2","title":"Emma","author":"Austen","s":8,"critic":null},{"__typename":"Book","id":"b1","title":"Dune","author":"Herbert","s":10,"critic":{"name":"Ann","score":4}}],"reviewers":[{"__typename":"Critic","name":"Bo","score":2}]},{"id":"b1","related":[{"__typename":"Movie","id":"m1","title":"Alien","director":"Scott","s":15,"critic":{"name":"Bo","score":2}}],"reviewers":[{"__typename":"Critic","name":"Ann","score":4},{"__typename":"Fan","name":"Cy","since":2001}]}]}}`},
		{name: "private aliases two interface objects down", body: post(`{ topRated { related { critic { name score } related { id s: score(scale: 2) } } } }`),
			status: 200, want: `{"data":{"topRated":[{"related":[{"critic":null,"related":[]},{"critic":{"name":"Ann","score":4},"related":[{"id":"m1","s":10}]}]},{"related":[{"critic":{"name":"Bo","score":2},"related":[{"id":"b2","s":8},{"id":"b1","s":10}]}]}]}}`},
		{name: "one response name, two arguments, below crossed cases", body: post(`{ topRated { ... on Book { related { ... on Movie { s: score(scale: 2) } } } ... on Movie { related { ... on Book { s: score(scale: 3) critic { score } } } } } }`),
			status: 200, want: `{"data":{"topRated":[{"related":[{"s":12,"critic":null},{"s":15,"critic":{"score":4}}]},{"related":[{"s":10}]}]}}`},
		{name: "through the entity interface", body: post(`{ media { ... on Book { s: score(scale: 2) critic { score } } ... on Movie { s: score(scale: 3) critic { score } } } }`),
			status: 200, want: `{"data":{"media":[{"s":10,"critic":{"score":4}},{"s":15,"critic":{"score":2}}]}}`},
	} {
		t.Run(c.name, func(t *testing.T) { checkHTTP(t, srv, c) })
	}
}
