package resolvebench

import "testing"

// The generated fixture for three products is graphql-go-tools' own.
func TestFixtureIsGraphqlGoTools(t *testing.T) {
	f := newFixture(3)
	want := fixture{
		n:           3,
		products:    `{"data":{"topProducts":[{"name":"Table","__typename":"Product","upc":"1"},{"name":"Couch","__typename":"Product","upc":"2"},{"name":"Chair","__typename":"Product","upc":"3"}]}}`,
		stock:       `{"data":{"_entities":[{"stock":8},{"stock":2},{"stock":5}]}}`,
		reviews:     `{"data":{"_entities":[{"__typename":"Product","reviews":[{"body":"Love Table!","author":{"__typename":"User","id":"1"}},{"body":"Prefer other Table.","author":{"__typename":"User","id":"2"}}]},{"__typename":"Product","reviews":[{"body":"Couch Too expensive.","author":{"__typename":"User","id":"1"}}]},{"__typename":"Product","reviews":[{"body":"Chair Could be better.","author":{"__typename":"User","id":"2"}}]}]}}`,
		users:       `{"data":{"_entities":[{"name":"user-1"},{"name":"user-2"}]}}`,
		productReps: `{"__typename":"Product","upc":"1"},{"__typename":"Product","upc":"2"},{"__typename":"Product","upc":"3"}`,
		userReps:    `{"__typename":"User","id":"1"},{"__typename":"User","id":"2"}`,
		expected:    `{"data":{"topProducts":[{"name":"Table","stock":8,"reviews":[{"body":"Love Table!","author":{"name":"user-1"}},{"body":"Prefer other Table.","author":{"name":"user-2"}}]},{"name":"Couch","stock":2,"reviews":[{"body":"Couch Too expensive.","author":{"name":"user-1"}}]},{"name":"Chair","stock":5,"reviews":[{"body":"Chair Could be better.","author":{"name":"user-2"}}]}]}}`,
	}
	if *f != want {
		t.Fatalf("got\n%+v\nwant\n%+v", *f, want)
	}
	if len(f.expected) != 371 {
		t.Fatalf("expected response is %d bytes, want 371", len(f.expected))
	}
}
