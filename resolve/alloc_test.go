package resolve_test

import (
	"context"
	"errors"
	"math"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/graftjson/graft/resolve"
)

// A warm engine runs the nested batching plan (four fetches, two of them
// in parallel) within 10 allocations and 1 KiB per request; an inline one,
// which starts no goroutine, makes no allocation, also where an entity
// fetch reads the types of the objects on the way (Entity.Within).
func TestExecuteAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation budgets are not checked under the race detector")
	}
	within := nestedTree()
	within.(*resolve.Sequence).Nodes[2].(*resolve.Fetch).Entities[0].Within = []string{"Product", ""}
	for _, c := range []struct {
		name   string
		tree   resolve.Node
		opts   resolve.Options
		allocs float64
		bytes  uint64
	}{
		{"default", nestedTree(), resolve.Options{}, 10, 1024},
		{"inline", nestedTree(), resolve.Options{Inline: true}, 0, 1024},
		{"inline, within", within, resolve.Options{Inline: true}, 0, 1024},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := resolve.NewEngine(nestedTransport(nil), c.opts)
			p := mustPlan(t, c.tree, nestedShape(t, false))
			testExecuteAllocs(t, e, p, nestedExpected, 1000, c.allocs, c.bytes)
		})
	}
}

// Responses over 64 KiB come from buffers the engine keeps as well: a
// warm engine running a plan whose upstreams answer 2,000 products (a
// root fetch of 120 KB, then two entity fetches in parallel, of 150 and
// 24 KB) allocates nothing, or only its goroutine hand-offs.
func TestExecuteAllocsLarge(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation budgets are not checked under the race detector")
	}
	const n = 2000
	var products, details, stock, reps, want strings.Builder
	for i := 0; i < n; i++ {
		sep := ","
		if i == 0 {
			sep = ""
		}
		id := strconv.Itoa(i)
		products.WriteString(sep + `{"__typename":"Product","upc":"` + id + `","name":"product number ` + id + `"}`)
		reps.WriteString(sep + `{"__typename":"Product","upc":"` + id + `"}`)
		details.WriteString(sep + `{"text":"the details of product number ` + id + ` are these"}`)
		stock.WriteString(sep + `{"stock":` + id + `}`)
		want.WriteString(sep + `{"name":"product number ` + id + `","stock":` + id + `,"text":"the details of product number ` + id + ` are these"}`)
	}
	const (
		productsOp = `{topProducts{__typename upc name}}`
		detailsOp  = `query($representations:[_Any!]!){_entities(representations:$representations){...on Product{text}}}`
		stockOp    = `query($representations:[_Any!]!){_entities(representations:$representations){...on Product{stock}}}`
	)
	answer := func(op, reps, body string) resolve.TransportFunc {
		want := request(op, reps)
		return func(ctx context.Context, r *resolve.UpstreamRequest, dst []byte) ([]byte, error) {
			if string(r.Body) != want {
				return dst, errors.New("unexpected request")
			}
			return append(dst, body...), nil
		}
	}
	tr := resolve.Memory{
		"products": answer(productsOp, "", `{"data":{"topProducts":[`+products.String()+`]}}`),
		"details":  answer(detailsOp, reps.String(), `{"data":{"_entities":[`+details.String()+`]}}`),
		"stock":    answer(stockOp, reps.String(), `{"data":{"_entities":[`+stock.String()+`]}}`),
	}
	tree := seq(root("products", productsOp),
		par(&resolve.Fetch{Upstream: "details", Operation: detailsOp, Path: []string{"topProducts", "@"}, Entities: productEntity()},
			&resolve.Fetch{Upstream: "stock", Operation: stockOp, Path: []string{"topProducts", "@"}, Entities: productEntity()}))
	sp := shapeOf(t, obj("Query", fld("topProducts", list(obj("Product", fld("name", tString), fld("stock", tInt), fld("text", tString))))))
	for _, c := range []struct {
		name   string
		opts   resolve.Options
		allocs float64
	}{
		{"default", resolve.Options{}, 1},
		{"inline", resolve.Options{Inline: true}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := resolve.NewEngine(tr, c.opts)
			testExecuteAllocs(t, e, mustPlan(t, tree, sp), `{"data":{"topProducts":[`+want.String()+`]}}`, 40, c.allocs, 1024)
		})
	}
}

// testExecuteAllocs runs p on e until warm, then fails if a request makes
// more than maxAllocs allocations or allocates more than maxBytes. The
// bytes are counted over three batches of runs and the least kept: a
// collection empties the engine's pools (sync.Pool), and their refill
// lands in one batch, where a steady cost lands in all three.
func testExecuteAllocs(t *testing.T, e *resolve.Engine, p *resolve.Plan, expected string, runs int, maxAllocs float64, maxBytes uint64) {
	ctx := context.Background()
	req := &resolve.Request{}
	var out []byte
	run := func() {
		var err error
		out, err = e.Execute(ctx, p, req, out[:0])
		if err != nil || string(out) != expected {
			t.Fatalf("%v %.300s", err, out)
		}
	}
	for i := 0; i < 10; i++ {
		run()
	}
	if allocs := testing.AllocsPerRun(runs, run); allocs > maxAllocs {
		t.Errorf("%v allocations per request, want at most %v", allocs, maxAllocs)
	}
	least := uint64(math.MaxUint64)
	for range 3 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		for i := 0; i < runs; i++ {
			run()
		}
		runtime.ReadMemStats(&after)
		least = min(least, (after.TotalAlloc-before.TotalAlloc)/uint64(runs))
	}
	if least > maxBytes {
		t.Errorf("%d bytes allocated per request, want at most %d", least, maxBytes)
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
