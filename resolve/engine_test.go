package resolve_test

import (
	"context"
	"strings"
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

// A pooled state keeps its request's Doc for the next request when it is
// small (at most 256 KiB), and gives a larger one back to the engine's
// graft.Pool rather than pin it with the state.
func TestKeptDoc(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector drops pooled values at random")
	}
	var body string
	tr := resolve.Memory{"a": func(ctx context.Context, r *resolve.UpstreamRequest, dst []byte) ([]byte, error) {
		return append(dst, body...), nil
	}}
	e := resolve.NewEngine(tr, resolve.Options{Inline: true})
	p := mustPlan(t, root("a", "{s}"), nil)
	for _, c := range []struct {
		name string
		s    string
		kept bool // the state keeps a Doc
	}{
		{"small", "x", true},
		{"large", strings.Repeat("x", 300<<10), false},
		{"small, in the large one's Doc", "y", false},
	} {
		body = `{"data":{"s":"` + c.s + `"}}`
		out, err := e.Execute(context.Background(), p, nil, nil)
		if err != nil || string(out) != body {
			t.Fatalf("%s: %v, %.80s", c.name, err, out)
		}
		if n := resolve.KeptDoc(e); (n > 0) != c.kept || n > 256<<10 {
			t.Errorf("%s: the state keeps a Doc of %d bytes (-1: none), want one: %v, at most 256 KiB", c.name, n, c.kept)
		}
	}
}
