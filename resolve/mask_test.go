package resolve_test

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/graftjson/graft/resolve"
)

// TestMaskUpstreamErrors: masked, an upstream's errors keep their path, a
// string code and the upstream's name, not their message or other
// extensions (nor an "upstream" of their own); the engine's own errors are
// the same in both modes. OnUpstreamError sees each upstream error once, as
// the upstream wrote it, in both modes.
func TestMaskUpstreamErrors(t *testing.T) {
	ups := map[string]upstream{
		"a":     {answer: `{"data":{"topProducts":[{"upc":"1"},{"upc":"2"},{"upc":"1"}]},"errors":[{"message":"root warning from db at 10.0.0.7","path":["topProducts",1],"extensions":{"stack":"at db.go:12"}}]}`},
		"stock": {answer: `{"data":{"_entities":[null,{"stock":2}]},"errors":[{"message":"no stock for 1","path":["_entities",0,"stock"],"extensions":{"code":"E1","sql":"SELECT"}},{"message":"spoofed","extensions":{"upstream":"elsewhere","code":7}},{"path":["_entities",5]}]}`},
	}
	plan := mustPlan(t, seq(root("a", "{topProducts}"), productsAt("topProducts", "@")), nil)
	const seen = `a "" {"message":"root warning from db at 10.0.0.7","path":["topProducts",1],"extensions":{"stack":"at db.go:12"}}
stock "topProducts.@" {"message":"no stock for 1","path":["_entities",0,"stock"],"extensions":{"code":"E1","sql":"SELECT"}}
stock "topProducts.@" {"message":"spoofed","extensions":{"upstream":"elsewhere","code":7}}
stock "topProducts.@" {"path":["_entities",5]}
`
	for _, tc := range []struct {
		name string
		mask bool
		want string
	}{
		{"passed on", false, `{"errors":[{"message":"root warning from db at 10.0.0.7","path":["topProducts",1],"extensions":{"stack":"at db.go:12","upstream":"a"}},{"message":"no stock for 1","path":["topProducts",0,"stock"],"extensions":{"code":"E1","sql":"SELECT","upstream":"stock"}},{"message":"no stock for 1","path":["topProducts",2,"stock"],"extensions":{"code":"E1","sql":"SELECT","upstream":"stock"}},{"message":"spoofed","extensions":{"upstream":"elsewhere","code":7}},{"message":"Upstream \"stock\" returned an error without a message.","extensions":{"upstream":"stock"}}],"data":{"topProducts":[null,{"upc":"2","stock":2},null]}}`},
		{"masked", true, `{"errors":[{"message":"Upstream \"a\" returned an error.","path":["topProducts",1],"extensions":{"upstream":"a"}},{"message":"Upstream \"stock\" returned an error.","path":["topProducts",0,"stock"],"extensions":{"code":"E1","upstream":"stock"}},{"message":"Upstream \"stock\" returned an error.","path":["topProducts",2,"stock"],"extensions":{"code":"E1","upstream":"stock"}},{"message":"Upstream \"stock\" returned an error.","extensions":{"upstream":"stock"}},{"message":"Upstream \"stock\" returned an error.","extensions":{"upstream":"stock"}}],"data":{"topProducts":[null,{"upc":"2","stock":2},null]}}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var mu sync.Mutex
			var got strings.Builder
			hook := func(ctx context.Context, e resolve.UpstreamError) {
				mu.Lock()
				defer mu.Unlock()
				got.WriteString(e.Upstream + " " + strconv.Quote(e.Path) + " " + string(e.Error) + "\n")
			}
			e := resolve.NewEngine(transportOf(ups), resolve.Options{MaskUpstreamErrors: tc.mask, OnUpstreamError: hook})
			out, err := e.Execute(context.Background(), plan, &resolve.Request{}, nil)
			if err != nil {
				t.Fatal(err)
			}
			checkResponse(t, out)
			if string(out) != tc.want {
				t.Errorf("\n got %s\nwant %s", out, tc.want)
			}
			if got.String() != seen {
				t.Errorf("OnUpstreamError saw\n%swant\n%s", got.String(), seen)
			}
		})
	}
}
