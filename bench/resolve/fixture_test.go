// Package resolvebench measures the resolve engine against graphql-go-tools
// on its nested batching scenario (see run.sh and RESULTS.md).
package resolvebench

import (
	"strconv"
	"strings"
	"testing"
)

// fixture is the nested batching scenario for n top-level products: the
// four upstream responses, the entity representations each entity fetch
// must send, and the response the client must get. For n = 3 it is
// graphql-go-tools' Benchmark_NestedBatching fixture, byte for byte;
// larger n repeat its pattern (products with two, one and one reviews,
// authors shared between reviews, so that representations deduplicate).
type fixture struct {
	n                               int
	products, reviews, stock, users string // upstream response bodies
	productReps, userReps           string // representations, comma-separated
	expected                        string // the client's response
}

const (
	productsQuery = `query{topProducts{name __typename upc}}`
	reviewsQuery  = `query($representations: [_Any!]!){_entities(representations: $representations){__typename ... on Product {reviews {body author {__typename id}}}}}`
	stockQuery    = `query($representations: [_Any!]!){_entities(representations: $representations){__typename ... on Product {stock}}}`
	usersQuery    = `query($representations: [_Any!]!){_entities(representations: $representations){__typename ... on User {name}}}`
)

func newFixture(n int) *fixture {
	names := []string{"Table", "Couch", "Chair"}
	bodies := [][]string{{"Love Table!", "Prefer other Table."}, {"Couch Too expensive."}, {"Chair Could be better."}}
	stocks := []string{"8", "2", "5"}
	authors := max(2, n/2) // distinct authors
	var products, reviews, stock, users, preps, ureps, out strings.Builder
	products.WriteString(`{"data":{"topProducts":[`)
	reviews.WriteString(`{"data":{"_entities":[`)
	stock.WriteString(`{"data":{"_entities":[`)
	out.WriteString(`{"data":{"topProducts":[`)
	k := 0 // reviews so far
	seen := map[int]bool{}
	var order []int // authors in the order first met
	for i := 0; i < n; i++ {
		name := names[i%3]
		suffix := ""
		if i >= 3 {
			suffix = " " + strconv.Itoa(i)
		}
		upc := strconv.Itoa(i + 1)
		sep := ""
		if i > 0 {
			sep = ","
		}
		products.WriteString(sep + `{"name":"` + name + suffix + `","__typename":"Product","upc":"` + upc + `"}`)
		preps.WriteString(sep + `{"__typename":"Product","upc":"` + upc + `"}`)
		stock.WriteString(sep + `{"stock":` + stocks[i%3] + `}`)
		reviews.WriteString(sep + `{"__typename":"Product","reviews":[`)
		out.WriteString(sep + `{"name":"` + name + suffix + `","stock":` + stocks[i%3] + `,"reviews":[`)
		for j, body := range bodies[i%3] {
			a := k%authors + 1
			k++
			if !seen[a] {
				seen[a] = true
				order = append(order, a)
			}
			rsep := ""
			if j > 0 {
				rsep = ","
			}
			id := strconv.Itoa(a)
			reviews.WriteString(rsep + `{"body":"` + body + suffix + `","author":{"__typename":"User","id":"` + id + `"}}`)
			out.WriteString(rsep + `{"body":"` + body + suffix + `","author":{"name":"user-` + id + `"}}`)
		}
		reviews.WriteString(`]}`)
		out.WriteString(`]}`)
	}
	users.WriteString(`{"data":{"_entities":[`)
	for i, a := range order {
		sep := ""
		if i > 0 {
			sep = ","
		}
		id := strconv.Itoa(a)
		users.WriteString(sep + `{"name":"user-` + id + `"}`)
		ureps.WriteString(sep + `{"__typename":"User","id":"` + id + `"}`)
	}
	for _, b := range []*strings.Builder{&products, &reviews, &stock, &users, &out} {
		b.WriteString(`]}}`)
	}
	return &fixture{n: n, products: products.String(), reviews: reviews.String(), stock: stock.String(), users: users.String(),
		productReps: preps.String(), userReps: ureps.String(), expected: out.String()}
}

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
