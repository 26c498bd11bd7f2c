package graphql_test

import (
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/graphql"
)

const bulkSchema = `
type Query { item(id: ID!): Item  deep(n: Nested): Int }
input Nested { value: Int child: Nested }
type Mutation { importItems(items: [ItemInput!]!): Int  setItem(input: SetInput!): Item }
input ItemInput { sku: String! name: String price: Float! status: Status! dims: Dims }
input Dims { w: Float! h: Float! }
input SetInput { id: ID! name: String! tags: [String!] }
enum Status { ACTIVE DRAFT }
type Item { id: ID! name: String }
`

// bulkOperation returns a mutation with one argument listing n items.
func bulkOperation(n int) string {
	var b strings.Builder
	b.WriteString("mutation { importItems(items: [")
	for i := 0; i < n; i++ {
		s := strconv.Itoa(i)
		b.WriteString(`{sku: "S` + s + `", name: "caf\u00e9 \"` + s + `\"", price: ` + s + `.5, status: ACTIVE, dims: {w: 1, h: 2e1}}` + "\n")
	}
	b.WriteString("]) }")
	return b.String()
}

// aliasedOperation returns a mutation of n aliased fields, each with its
// own small input object.
func aliasedOperation(n int) string {
	var b strings.Builder
	b.WriteString("mutation {\n")
	for i := 0; i < n; i++ {
		s := strconv.Itoa(i)
		b.WriteString(`a` + s + `: setItem(input: {id: "` + s + `", name: "n` + s + `", tags: ["x"]}) { id }` + "\n")
	}
	b.WriteString("}")
	return b.String()
}

// normalizeCost returns the allocations and bytes allocated by Normalize
// followed by Compile of the normalized operation and coercion of its
// variables (a Doc reused, as a pooled one is). The garbage collector is
// paused meanwhile: it empties the pools of scratch memory, which a
// larger operation, allocating more, would otherwise see emptied more
// often, and so pay for its scratch where a smaller one does not.
func normalizeCost(t *testing.T, schema *graphql.Schema, query string, compile bool) (allocs, bytes float64) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	var d graft.Doc
	run := func() {
		d.Reset()
		req, err := graphql.Normalize(schema, query, "", &d, 0)
		if err != nil {
			t.Fatal(err)
		}
		if !compile {
			return
		}
		op, err := graphql.Compile(schema, req.Query, "")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := op.Variables(nil, &d, req.Variables); err != nil {
			t.Fatal(err)
		}
	}
	run() // warm the Doc
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	allocs = testing.AllocsPerRun(3, run)
	runtime.ReadMemStats(&after)
	return allocs, float64(after.TotalAlloc-before.TotalAlloc) / 4 // AllocsPerRun runs once more
}

// normalizeBytes returns the bytes a warm Normalize of query allocates,
// with one P, so that the scratch the warm-up left in its pool is the one
// the measured calls get (the pools' lists are per P, and dropped when
// GOMAXPROCS changes), and the garbage collector paused (see normalizeCost).
func normalizeBytes(t *testing.T, schema *graphql.Schema, query string) float64 {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	var d graft.Doc
	run := func() {
		d.Reset()
		if _, err := graphql.Normalize(schema, query, "", &d, 0); err != nil {
			t.Fatal(err)
		}
	}
	run()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	const runs = 4
	for range runs {
		run()
	}
	runtime.ReadMemStats(&after)
	return float64(after.TotalAlloc-before.TotalAlloc) / runs
}

// Normalizing one huge argument allocates a few slices whatever its size,
// and at most 5 bytes per byte of the operation.
func TestNormalizeAllocations(t *testing.T) {
	schema, err := graphql.ParseSchema(bulkSchema, graphql.Options{})
	if err != nil {
		t.Fatal(err)
	}
	small, _ := normalizeCost(t, schema, bulkOperation(100), false)
	query := bulkOperation(10000)
	large, bytes := normalizeCost(t, schema, query, false)
	if large > small+4 || large > 40 {
		t.Errorf("Normalize of 10,000 items allocates %v times, of 100 items %v times", large, small)
	}
	if perByte := bytes / float64(len(query)); perByte > 5 {
		t.Errorf("Normalize allocates %.2f bytes per byte of the operation", perByte)
	}
	_, bytes = normalizeCost(t, schema, query, true)
	if perByte := bytes / float64(len(query)); perByte > 5 {
		t.Errorf("Normalize, Compile and Variables allocate %.2f bytes per byte of the operation", perByte)
	}
}

// deepOperation returns a query whose argument nests input objects
// levels deep.
func deepOperation(levels int) string {
	return "{ deep(n: " + strings.Repeat("{value: 1, child: ", levels) + "null" + strings.Repeat("}", levels) + ") }"
}

// The whole path is linear in the number of arguments and in nesting:
// 4,000 aliased fields cost at most 4.5 times what 1,000 do in
// allocations, and 5 times in bytes (a buffer a pool hands out may be one
// the smaller operation left, too small for the larger: a quadratic cost
// would be 16 times), and nesting 800 levels against 200 costs at most
// 4.5 times the allocations.
func TestNormalizeLinear(t *testing.T) {
	schema, err := graphql.ParseSchema(bulkSchema, graphql.Options{})
	if err != nil {
		t.Fatal(err)
	}
	a1, b1 := normalizeCost(t, schema, aliasedOperation(1000), true)
	a4, b4 := normalizeCost(t, schema, aliasedOperation(4000), true)
	if a4 > 4.5*a1 || b4 > 5*b1 {
		t.Errorf("1,000 fields: %v allocations, %v bytes; 4,000: %v, %v", a1, b1, a4, b4)
	}
	// Normalize alone, warm, allocates its results (the normalized text,
	// the names and types of the variables): as many bytes per field at
	// 32,000 fields as at 1,000, within a quarter. Its scratch lists once
	// went unpooled past 65,536 entries (5.7 times the bytes per field),
	// and a small buffer of literals left in the pool made every larger
	// call allocate its own (1.8 times at 16,000).
	b1 = normalizeBytes(t, schema, aliasedOperation(1000))
	b32 := normalizeBytes(t, schema, aliasedOperation(32000))
	if b32/32000 > 1.25*b1/1000 {
		t.Errorf("Normalize allocates %.0f bytes per field of 1,000, %.0f of 32,000", b1/1000, b32/32000)
	}
	// The bytes of nested values go to buffers that grow by doubling, so
	// four times the levels may take up to eight times the bytes (a
	// quadratic cost would take sixteen).
	a1, b1 = normalizeCost(t, schema, deepOperation(200), true)
	a4, b4 = normalizeCost(t, schema, deepOperation(800), true)
	if a4 > 4.5*a1 || b4 > 8*b1 {
		t.Errorf("200 levels: %v allocations, %v bytes; 800: %v, %v", a1, b1, a4, b4)
	}
}

// Normalize runs from several goroutines at once (run with -race): each
// with its own Doc, sharing the schema and the pool of value buffers.
func TestNormalizeConcurrent(t *testing.T) {
	schema, err := graphql.ParseSchema(bulkSchema, graphql.Options{})
	if err != nil {
		t.Fatal(err)
	}
	queries := []string{bulkOperation(50), aliasedOperation(20), deepOperation(30)}
	want := make([]string, len(queries))
	for i, q := range queries {
		var d graft.Doc
		r, err := graphql.Normalize(schema, q, "", &d, 0)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = r.Query + string(d.AppendJSON(nil, r.Variables))
	}
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var d graft.Doc
			for i := 0; i < 30; i++ {
				k := (g + i) % len(queries)
				d.Reset()
				r, err := graphql.Normalize(schema, queries[k], "", &d, 0)
				if err != nil {
					t.Error(err)
					return
				}
				if got := r.Query + string(d.AppendJSON(nil, r.Variables)); got != want[k] {
					t.Errorf("query %d: got %.200s", k, got)
					return
				}
			}
		}()
	}
	wg.Wait()
}
