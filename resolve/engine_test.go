package resolve_test

import (
	"context"
	"testing"

	"github.com/graftjson/graft/resolve"
)

func TestNestedBatching(t *testing.T) {
	for _, dedup := range []bool{false, true} {
		var f fake
		e := resolve.NewEngine(nestedTransport(&f), resolve.Options{Dedup: dedup})
		p := mustPlan(t, nestedTree(), nestedShape(t, false))
		for i := 0; i < 3; i++ {
			out, err := e.Execute(context.Background(), p, &resolve.Request{}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if string(out) != nestedExpected {
				t.Fatalf("dedup %v, run %d:\n got %s\nwant %s\nrequests %v", dedup, i, out, nestedExpected, f.bodies)
			}
		}
		for _, u := range []string{"products", "reviews", "stock", "users"} {
			if f.calls[u] != 3 {
				t.Errorf("%s called %d times, want 3", u, f.calls[u])
			}
		}
	}
}
