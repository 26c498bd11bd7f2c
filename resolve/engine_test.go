package resolve_test

import (
	"context"
	"strings"
	"testing"

	"github.com/graftjson/graft"
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

// A pooled state keeps its request's Doc for the next request when it is
// small (at most graft.PoolKeepAlways), and gives a larger one back to the
// engine's graft.Pool rather than pin it with the state, even once it was
// reset and holds a small request's data.
func TestKeptDoc(t *testing.T) {
	e := resolve.NewEngine(resolve.Memory{}, resolve.Options{})
	small := `{"data":{"s":"x"}}`
	large := `{"data":{"s":"` + strings.Repeat("x", 300<<10) + `"}}`
	for _, c := range []struct {
		name   string
		bodies []string // parsed in turn into one Doc, reset before each
		kept   bool     // the state keeps the Doc
	}{
		{"small", []string{small}, true},
		{"large", []string{large}, false},
		{"small, in the large one's Doc", []string{large, small}, false},
	} {
		var d graft.Doc
		for _, b := range c.bodies {
			d.Reset()
			if _, err := d.Append([]byte(b)); err != nil {
				t.Fatal(err)
			}
		}
		if n := resolve.ReleaseKeeps(e, &d); (n >= 0) != c.kept || n > graft.PoolKeepAlways {
			t.Errorf("%s: the state keeps a Doc of %d bytes (-1: none) of %d, want one: %v, at most %d", c.name, n, d.Cap(), c.kept, graft.PoolKeepAlways)
		}
	}
}
