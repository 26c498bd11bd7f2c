package resolvebench

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/graftjson/graft/resolve"
	"github.com/graftjson/graft/shape"
)

// graftBody is the request body graft sends for an operation and its
// representations.
func graftBody(query, reps string) string {
	q, _ := json.Marshal(query)
	if reps == "" {
		return `{"query":` + string(q) + `,"variables":{}}`
	}
	return `{"query":` + string(q) + `,"variables":{"representations":[` + reps + `]}}`
}

// graftSetup returns an engine whose in-memory upstreams check every
// request body byte for byte (as graphql-go-tools' fake data sources do)
// and answer with the fixture's responses, and the plan of the scenario:
// the fetch tree graphql-go-tools' benchmark runs, and the response shape
// of its plan (every position non-null, as there). Inline sets the
// engine's Options.Inline: every fetch in the request's goroutine.
func graftSetup(tb testing.TB, f *fixture, inline bool) (*resolve.Engine, *resolve.Plan) {
	answer := func(want, body string) resolve.TransportFunc {
		return func(ctx context.Context, r *resolve.UpstreamRequest, dst []byte) ([]byte, error) {
			if string(r.Body) != want {
				return dst, errors.New("unexpected request: " + string(r.Body))
			}
			return append(dst, body...), nil
		}
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
		tb.Fatal(err)
	}
	p, err := resolve.NewPlan(tree, sp)
	if err != nil {
		tb.Fatal(err)
	}
	return e, p
}

// benchGraft runs the scenario as graphql-go-tools' benchmark does:
// RunParallel, a pooled output buffer, the response compared byte for
// byte on every operation.
func benchGraft(b *testing.B, f *fixture, inline bool) {
	e, p := graftSetup(b, f, inline)
	ctx := context.Background()
	b.ReportAllocs()
	b.SetBytes(int64(len(f.expected)))
	b.ResetTimer()
	defer startCPU().report(b)
	b.RunParallel(func(pb *testing.PB) {
		buf := make([]byte, 0, 1024)
		req := &resolve.Request{}
		for pb.Next() {
			var err error
			buf, err = e.Execute(ctx, p, req, buf[:0])
			if err != nil {
				b.Fatal(err)
			}
			if string(buf) != f.expected {
				b.Fatalf("got %s\nwant %s", buf, f.expected)
			}
		}
	})
}

func TestGraftOutput(t *testing.T) {
	for _, n := range []int{3, 100, 1000} {
		f := newFixture(n)
		for _, inline := range []bool{false, true} {
			e, p := graftSetup(t, f, inline)
			for i := 0; i < 2; i++ {
				out, err := e.Execute(context.Background(), p, nil, nil)
				if err != nil || string(out) != f.expected {
					t.Fatalf("n=%d, inline %v: %v\n got %.300s\nwant %.300s", n, inline, err, out, f.expected)
				}
			}
		}
	}
}
