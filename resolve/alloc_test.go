package resolve_test

import (
	"context"
	"runtime"
	"testing"

	"github.com/graftjson/graft/resolve"
)

// A warm engine runs the nested batching plan (four fetches, two of them
// in parallel) within 10 allocations and 1 KiB per request; an inline one,
// which starts no goroutine, makes no allocation (the bytes may count the
// pools' refills after a collection).
func TestExecuteAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation budgets are not checked under the race detector")
	}
	for _, c := range []struct {
		name   string
		opts   resolve.Options
		allocs float64
		bytes  uint64
	}{
		{"default", resolve.Options{}, 10, 1024},
		{"inline", resolve.Options{Inline: true}, 0, 1024},
	} {
		t.Run(c.name, func(t *testing.T) { testExecuteAllocs(t, c.opts, c.allocs, c.bytes) })
	}
}

func testExecuteAllocs(t *testing.T, opts resolve.Options, maxAllocs float64, maxBytes uint64) {
	e := resolve.NewEngine(nestedTransport(nil), opts)
	p := mustPlan(t, nestedTree(), nestedShape(t, false))
	ctx := context.Background()
	req := &resolve.Request{}
	var out []byte
	run := func() {
		var err error
		out, err = e.Execute(ctx, p, req, out[:0])
		if err != nil || string(out) != nestedExpected {
			t.Fatalf("%v %s", err, out)
		}
	}
	for i := 0; i < 10; i++ {
		run()
	}
	const runs = 1000
	if allocs := testing.AllocsPerRun(runs, run); allocs > maxAllocs {
		t.Errorf("%v allocations per request, want at most %v", allocs, maxAllocs)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for i := 0; i < runs; i++ {
		run()
	}
	runtime.ReadMemStats(&after)
	if b := (after.TotalAlloc - before.TotalAlloc) / runs; b > maxBytes {
		t.Errorf("%d bytes allocated per request, want at most %d", b, maxBytes)
	}
}

// Compiling a valid tree builds no error locations: the nested batching
// plan (four fetches) compiles within 64 allocations (94 when every
// element's location was written out).
func TestNewPlanAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation budgets are not checked under the race detector")
	}
	tree := nestedTree()
	if allocs := testing.AllocsPerRun(100, func() { mustPlan(t, tree, nil) }); allocs > 64 {
		t.Errorf("%v allocations per NewPlan, want at most 64", allocs)
	}
}
