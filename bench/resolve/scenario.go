// Package resolvebench measures the resolve engine against graphql-go-tools
// on its nested batching scenario (see run.sh and RESULTS.md).
package resolvebench

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"

	"github.com/graftjson/graft/resolve"
	"github.com/graftjson/graft/shape"
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

// graftBody is the request body graft sends for an operation and its
// representations.
func graftBody(query, reps string) string {
	q, _ := json.Marshal(query)
	if reps == "" {
		return `{"query":` + string(q) + `,"variables":{}}`
	}
	return `{"query":` + string(q) + `,"variables":{"representations":[` + reps + `]}}`
}

// upstream is a fake upstream of the scenario: it answers body to a
// request whose body is want. Its answers share one method, where closures
// made in graftSetup would be compiled into one copy each.
type upstream struct{ want, body string }

func (u *upstream) do(ctx context.Context, r *resolve.UpstreamRequest, dst []byte) ([]byte, error) {
	if string(r.Body) != u.want {
		return dst, errors.New("unexpected request: " + string(r.Body))
	}
	return append(dst, u.body...), nil
}

// graftSetup returns an engine whose in-memory upstreams check every
// request body byte for byte (as graphql-go-tools' fake data sources do)
// and answer with the fixture's responses, and the plan of the scenario:
// the fetch tree graphql-go-tools' benchmark runs, and the response shape
// of its plan (every position non-null, as there). Inline sets the
// engine's Options.Inline: every fetch in the request's goroutine.
func graftSetup(f *fixture, inline bool) (*resolve.Engine, *resolve.Plan, error) {
	answer := func(want, body string) resolve.TransportFunc {
		return (&upstream{want: want, body: body}).do
	}
	e := resolve.NewEngine(resolve.Memory{
		"products": answer(graftBody(productsQuery, ""), f.products),
		"reviews":  answer(graftBody(reviewsQuery, f.productReps), f.reviews),
		"stock":    answer(graftBody(stockQuery, f.productReps), f.stock),
		"users":    answer(graftBody(usersQuery, f.userReps), f.users),
	}, resolve.Options{Inline: inline})

	product := []resolve.Entity{{Type: "Product", Fields: []resolve.Field{{Name: "upc"}}}}
	tree := &resolve.Sequence{Nodes: []resolve.Node{
		&resolve.Fetch{Upstream: "products", Operation: productsQuery},
		&resolve.Parallel{Nodes: []resolve.Node{
			&resolve.Fetch{Upstream: "reviews", Operation: reviewsQuery, Path: []string{"topProducts", "@"}, Entities: product},
			&resolve.Fetch{Upstream: "stock", Operation: stockQuery, Path: []string{"topProducts", "@"}, Entities: product},
		}},
		&resolve.Fetch{Upstream: "users", Operation: usersQuery, Path: []string{"topProducts", "@", "reviews", "@", "author"},
			Entities: []resolve.Entity{{Type: "User", Fields: []resolve.Field{{Name: "id"}}}}},
	}}
	nn := func(t *shape.Type) *shape.Type { t.NonNull = true; return t }
	str := func() *shape.Type { return nn(&shape.Type{Kind: shape.String, Name: "String"}) }
	field := func(name string, t *shape.Type) shape.Field { return shape.Field{Name: name, Key: name, Type: t} }
	object := func(name string, fs ...shape.Field) *shape.Type {
		return nn(&shape.Type{Kind: shape.Object, Name: name, Fields: fs})
	}
	list := func(t *shape.Type) *shape.Type { return nn(&shape.Type{Kind: shape.List, Of: t}) }
	sp, err := shape.New(&shape.Type{Kind: shape.Object, Name: "Query", Fields: []shape.Field{
		field("topProducts", list(object("Product",
			field("name", str()),
			field("stock", nn(&shape.Type{Kind: shape.Int, Name: "Int"})),
			field("reviews", list(object("Review",
				field("body", str()),
				field("author", object("User", field("name", str()))),
			))),
		))),
	}}, shape.Options{})
	if err != nil {
		return nil, nil, err
	}
	p, err := resolve.NewPlan(tree, sp)
	if err != nil {
		return nil, nil, err
	}
	return e, p, nil
}

// Scenario is graft's side of the nested batching scenario over N
// products, for drivers outside the tests (cmd/loop): an engine over the
// fixture's in-memory upstreams, the plan, and the response every Execute
// must write.
type Scenario struct {
	Engine   *resolve.Engine
	Plan     *resolve.Plan
	Expected string
}

// NewScenario returns the scenario over n products; inline sets the
// engine's Options.Inline.
func NewScenario(n int, inline bool) (*Scenario, error) {
	f := newFixture(n)
	e, p, err := graftSetup(f, inline)
	if err != nil {
		return nil, err
	}
	return &Scenario{Engine: e, Plan: p, Expected: f.expected}, nil
}
