package resolve_test

import (
	"context"
	"errors"
	"testing"

	"github.com/graftjson/graft/resolve"
)

// FuzzUpstreams feeds arbitrary upstream responses and client variables
// into the nested batching plan: whatever the upstreams send, the response
// is a valid GraphQL response (JSON with "data" and well-formed "errors"),
// with and without a response shape, with and without Options.Inline,
// with and without entities limited by the types on the way (the
// author's User below Product objects, and a second entry below objects
// of any type), and nothing panics; variables that are not a JSON object are a request
// error.
func FuzzUpstreams(f *testing.F) {
	f.Add([]byte(productsBody), []byte(reviewsBody), []byte(stockBody), []byte(usersBody), []byte(`{"first":3}`))
	f.Add([]byte(productsBody), []byte(`{"data":{"_entities":[null,{"reviews":{}},7]},"errors":[{"message":"x","path":["_entities",1,"reviews",0]},5,{"path":"_entities"}]}`), []byte(`{"data":{"_entities":[{"stock":"8"}]}}`), []byte(`<html>`), []byte(`null`))
	f.Add([]byte(`{"data":{"topProducts":[{"upc":"1"},{"upc":"1"},{"upc":{"a":[1]}},null,{}]}}`), []byte(`{"data":{"_entities":[{"reviews":[{"author":{"id":"1"}},{"author":{"__typename":"User"}}]},{},{}]}}`), []byte(`{"data":null,"errors":[]}`), []byte(`{"data":{"_entities":[{"name":{"x":1}}]}}`), []byte(`[`))
	f.Add([]byte(`{"data":{"topProducts":{"__typename":"Product","upc":"1"}}}`), []byte(`{"errors":[{"message":"a","path":["_entities",-1]},{"message":"b","path":["_entities",1e300]},{"message":"c","path":["_entities","0"]}]}`), []byte("{\"data\":{\"_entities\":[\"\xff\"]}}"), []byte(`{"data":{"_entities":[{"name":"u"},{"name":"v"},{"name":"w"}]}}`), []byte(`{"first":{"a":[1,"\u00e9"]}}`))
	tree := nestedTree()
	tree.(*resolve.Sequence).Nodes[0].(*resolve.Fetch).Variables = []string{"first"}
	shaped := mustPlan(f, tree, nestedShape(f, true))
	raw := mustPlan(f, tree, nil)
	tree = nestedTree()
	users := tree.(*resolve.Sequence).Nodes[2].(*resolve.Fetch)
	users.Entities[0].Within = []string{"Product", ""}
	users.Entities = append(users.Entities, resolve.Entity{Type: "User", Typename: "Person", Fields: []resolve.Field{{Name: "name"}}, Within: []string{"", ""}})
	within := mustPlan(f, tree, nestedShape(f, true))
	f.Fuzz(func(t *testing.T, products, reviews, stock, users, vars []byte) {
		answer := func(b []byte) resolve.TransportFunc {
			return func(ctx context.Context, r *resolve.UpstreamRequest, dst []byte) ([]byte, error) {
				return append(dst, b...), nil
			}
		}
		tr := resolve.Memory{"products": answer(products), "reviews": answer(reviews), "stock": answer(stock), "users": answer(users)}
		for _, inline := range []bool{false, true} {
			e := resolve.NewEngine(tr, resolve.Options{Inline: inline})
			for _, p := range []*resolve.Plan{shaped, raw, within} {
				out, err := e.Execute(context.Background(), p, &resolve.Request{Variables: vars}, nil)
				if err != nil {
					if !errors.Is(err, resolve.ErrRequest) || out != nil {
						t.Fatalf("%v %q", err, out)
					}
					continue
				}
				checkResponse(t, out)
			}
		}
	})
}
