package gateway

import (
	"runtime"
	"testing"

	"github.com/graftjson/graft/internal/demo"
)

func newDemo(tb testing.TB) *Gateway {
	g, err := New(demo.Supergraph, Options{Logger: quiet})
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// TestNewAllocs bounds what building a gateway over the demo supergraph
// allocates: the API schema is parsed once, for the planner and for
// normalizing requests alike (it took 4546 allocations when each parsed
// its own, 2892 with one).
func TestNewAllocs(t *testing.T) {
	g := newDemo(t)
	if f := g.backend.(*federated); f.schema() != f.sg.Schema() {
		t.Error("requests are not normalized with the planner's schema")
	}
	if n := testing.AllocsPerRun(5, func() { newDemo(t) }); n > 3500 {
		t.Errorf("New allocates %.0f times, want at most 3500", n)
	}
}

// BenchmarkNew builds a gateway over the demo supergraph: the start-up
// cost of parsing the supergraph, deriving its API schema and compiling
// what requests need. It reports the heap a built gateway keeps
// (retained-B) besides what building it allocates.
func BenchmarkNew(b *testing.B) {
	b.ReportAllocs()
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	before := ms.HeapAlloc
	g := newDemo(b)
	runtime.GC()
	runtime.ReadMemStats(&ms)
	retained := int64(ms.HeapAlloc) - int64(before)
	runtime.KeepAlive(g)
	b.ResetTimer()
	for range b.N {
		newDemo(b)
	}
	b.ReportMetric(float64(retained), "retained-B")
}
