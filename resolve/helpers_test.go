package resolve_test

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"testing"

	"github.com/graftjson/graft/resolve"
	"github.com/graftjson/graft/shape"
)

// Shape helpers.
func leaf(k shape.Kind, name string) *shape.Type { return &shape.Type{Kind: k, Name: name} }
func nn(t *shape.Type) *shape.Type               { c := *t; c.NonNull = true; return &c }
func list(t *shape.Type) *shape.Type             { return &shape.Type{Kind: shape.List, Of: t} }
func obj(name string, fs ...shape.Field) *shape.Type {
	return &shape.Type{Kind: shape.Object, Name: name, Fields: fs}
}
func fld(name string, t *shape.Type) shape.Field { return shape.Field{Name: name, Key: name, Type: t} }

// shapeField is a field included if the Boolean variable v is true.
func shapeField(name string, t *shape.Type, v string) shape.Field {
	f := fld(name, t)
	f.If = shape.Cond{{{Var: v, Value: true}}}
	return f
}

var (
	tString = leaf(shape.String, "String")
	tInt    = leaf(shape.Int, "Int")
)

// The products, reviews, stock and users services of the nested batching
// scenario: a root fetch of three products, then in parallel their
// reviews and their stock, then the reviews' authors (four authors, two
// distinct).
const (
	productsQuery = `query{topProducts{name __typename upc}}`
	reviewsQuery  = `query($representations: [_Any!]!){_entities(representations: $representations){__typename ... on Product {reviews {body author {__typename id}}}}}`
	stockQuery    = `query($representations: [_Any!]!){_entities(representations: $representations){__typename ... on Product {stock}}}`
	usersQuery    = `query($representations: [_Any!]!){_entities(representations: $representations){__typename ... on User {name}}}`

	productsBody = `{"data":{"topProducts":[{"name":"Table","__typename":"Product","upc":"1"},{"name":"Couch","__typename":"Product","upc":"2"},{"name":"Chair","__typename":"Product","upc":"3"}]}}`
	stockBody    = `{"data":{"_entities":[{"stock":8},{"stock":2},{"stock":5}]}}`
	reviewsBody  = `{"data":{"_entities":[{"__typename":"Product","reviews":[{"body":"Love Table!","author":{"__typename":"User","id":"1"}},{"body":"Prefer other Table.","author":{"__typename":"User","id":"2"}}]},{"__typename":"Product","reviews":[{"body":"Couch Too expensive.","author":{"__typename":"User","id":"1"}}]},{"__typename":"Product","reviews":[{"body":"Chair Could be better.","author":{"__typename":"User","id":"2"}}]}]}}`
	usersBody    = `{"data":{"_entities":[{"name":"user-1"},{"name":"user-2"}]}}`

	nestedExpected = `{"data":{"topProducts":[{"name":"Table","stock":8,"reviews":[{"body":"Love Table!","author":{"name":"user-1"}},{"body":"Prefer other Table.","author":{"name":"user-2"}}]},{"name":"Couch","stock":2,"reviews":[{"body":"Couch Too expensive.","author":{"name":"user-1"}}]},{"name":"Chair","stock":5,"reviews":[{"body":"Chair Could be better.","author":{"name":"user-2"}}]}]}}`
)

func productEntity() []resolve.Entity {
	return []resolve.Entity{{Type: "Product", Fields: []resolve.Field{{Name: "upc"}}}}
}

// nestedTree is the fetch tree of the nested batching scenario.
func nestedTree() resolve.Node {
	return &resolve.Sequence{Nodes: []resolve.Node{
		&resolve.Fetch{Upstream: "products", Operation: productsQuery},
		&resolve.Parallel{Nodes: []resolve.Node{
			&resolve.Fetch{Upstream: "reviews", Operation: reviewsQuery, Path: []string{"topProducts", "@"}, Entities: productEntity()},
			&resolve.Fetch{Upstream: "stock", Operation: stockQuery, Path: []string{"topProducts", "@"}, Entities: productEntity()},
		}},
		&resolve.Fetch{Upstream: "users", Operation: usersQuery, Path: []string{"topProducts", "@", "reviews", "@", "author"},
			Entities: []resolve.Entity{{Type: "User", Fields: []resolve.Field{{Name: "id"}}}}},
	}}
}

// nestedShape is the client operation's shape: topProducts { name stock
// reviews { body author { name } } }.
func nestedShape(tb testing.TB, nonNull bool) *shape.Plan {
	author := obj("User", fld("name", tString))
	stock := tInt
	if nonNull {
		stock = nn(tInt)
	}
	product := obj("Product", fld("name", tString), fld("stock", stock),
		fld("reviews", list(obj("Review", fld("body", tString), fld("author", author)))))
	p, err := shape.New(obj("Query", fld("topProducts", list(product))), shape.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// request builds the body the engine sends for an operation and its
// representations.
func request(query, reps string) string {
	q, _ := json.Marshal(query)
	if reps == "" {
		return `{"query":` + string(q) + `,"variables":{}}`
	}
	return `{"query":` + string(q) + `,"variables":{"representations":[` + reps + `]}}`
}

// fake is an in-memory upstream that checks each request body it gets and
// answers with a fixed body, counting its calls.
type fake struct {
	mu     sync.Mutex
	calls  map[string]int
	bodies map[string][]string
}

func (f *fake) handler(upstream, want, answer string) resolve.TransportFunc {
	return func(ctx context.Context, r *resolve.UpstreamRequest, dst []byte) ([]byte, error) {
		f.mu.Lock()
		if f.calls == nil {
			f.calls, f.bodies = map[string]int{}, map[string][]string{}
		}
		f.calls[upstream]++
		f.bodies[upstream] = append(f.bodies[upstream], string(r.Body))
		f.mu.Unlock()
		if want != "" && string(r.Body) != want {
			return dst, errors.New("unexpected request " + string(r.Body))
		}
		return append(dst, answer...), nil
	}
}

// nestedTransport answers the nested batching scenario's requests, checking
// each body; f (if not nil) records the calls.
func nestedTransport(f *fake) resolve.Memory {
	h := func(upstream, want, answer string) resolve.TransportFunc {
		if f != nil {
			return f.handler(upstream, want, answer)
		}
		return func(ctx context.Context, r *resolve.UpstreamRequest, dst []byte) ([]byte, error) {
			if string(r.Body) != want {
				return dst, errors.New("unexpected request " + string(r.Body))
			}
			return append(dst, answer...), nil
		}
	}
	return resolve.Memory{
		"products": h("products", request(productsQuery, ""), productsBody),
		"reviews":  h("reviews", request(reviewsQuery, `{"__typename":"Product","upc":"1"},{"__typename":"Product","upc":"2"},{"__typename":"Product","upc":"3"}`), reviewsBody),
		"stock":    h("stock", request(stockQuery, `{"__typename":"Product","upc":"1"},{"__typename":"Product","upc":"2"},{"__typename":"Product","upc":"3"}`), stockBody),
		"users":    h("users", request(usersQuery, `{"__typename":"User","id":"1"},{"__typename":"User","id":"2"}`), usersBody),
	}
}

func mustPlan(tb testing.TB, root resolve.Node, sp *shape.Plan) *resolve.Plan {
	tb.Helper()
	p, err := resolve.NewPlan(root, sp)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// checkResponse fails unless out is a JSON object with only "errors" (an
// array of objects with a string "message") and "data" (an object or
// null), "data" present.
func checkResponse(tb testing.TB, out []byte) {
	tb.Helper()
	var resp map[string]json.RawMessage
	if err := json.Unmarshal(out, &resp); err != nil {
		tb.Fatalf("response is not a JSON object: %v\n%s", err, out)
	}
	data, ok := resp["data"]
	if !ok {
		tb.Fatalf("no data: %s", out)
	}
	if s := string(data); s != "null" && s[0] != '{' {
		tb.Fatalf("data is not an object: %s", out)
	}
	for k := range resp {
		if k != "data" && k != "errors" {
			tb.Fatalf("member %q: %s", k, out)
		}
	}
	if e, ok := resp["errors"]; ok {
		var errs []struct {
			Message *string `json:"message"`
		}
		if err := json.Unmarshal(e, &errs); err != nil || len(errs) == 0 {
			tb.Fatalf("errors is not a non-empty list of objects: %s", out)
		}
		for _, x := range errs {
			if x.Message == nil {
				tb.Fatalf("an error without a message: %s", out)
			}
		}
	}
}
