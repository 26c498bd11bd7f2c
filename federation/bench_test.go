package federation_test

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/graftjson/graft/federation"
	"github.com/graftjson/graft/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"
)

// query50 (testdata/query50.graphql) selects 50 fields over the shop's
// subgraphs (accounts, products, inventory, reviews, pricing), with
// aliases, a fragment, arguments and variables.
var query50 = func() string {
	b, err := os.ReadFile("testdata/query50.graphql")
	if err != nil {
		panic(err)
	}
	return string(b)
}()

func TestQuery50(t *testing.T) {
	fx := loadFixture(t, "shop")
	doc, err := parser.ParseQuery(&ast.Source{Input: query50})
	if err != nil {
		t.Fatal(err)
	}
	var count func(ast.SelectionSet) int
	count = func(set ast.SelectionSet) (n int) {
		for _, s := range set {
			if f, ok := s.(*ast.Field); ok {
				n += 1 + count(f.SelectionSet)
			}
		}
		return n
	}
	n := count(doc.Operations[0].SelectionSet) + count(doc.Fragments[0].SelectionSet)
	if n != 50 {
		t.Fatalf("query50 has %d fields", n)
	}
	p, err := fx.super.Plan(query50, "")
	if err != nil {
		t.Fatal(err)
	}
	fx.checkUpstream(t, p.Root)
	text := string(p.AppendText(nil))
	for _, sg := range []string{"accounts", "products", "inventory", "reviews", "pricing"} {
		if !strings.Contains(text, `Fetch(service: "`+sg+`")`) {
			t.Errorf("no fetch to %s:\n%s", sg, text)
		}
	}
}

func BenchmarkPlanCold(b *testing.B) {
	fx := loadFixture(b, "shop")
	b.ReportAllocs()
	b.SetBytes(int64(len(query50)))
	for i := 0; i < b.N; i++ {
		if _, err := fx.super.Plan(query50, ""); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPlanCacheHit(b *testing.B) {
	fx := loadFixture(b, "shop")
	p := federation.NewPlanner(fx.super, 0)
	want, err := p.Plan(query50, "")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if got, _ := p.Plan(query50, ""); got != want {
			b.Fatal("cache miss")
		}
	}
}

func TestPlannerCacheAllocs(t *testing.T) {
	fx := loadFixture(t, "shop")
	p := federation.NewPlanner(fx.super, 0)
	want, err := p.Plan(query50, "")
	if err != nil {
		t.Fatal(err)
	}
	allocs := testing.AllocsPerRun(100, func() {
		if got, _ := p.Plan(query50, ""); got != want {
			t.Fatal("cache miss")
		}
	})
	if allocs != 0 {
		t.Errorf("a cache hit allocates %v times, want 0", allocs)
	}
}

// BenchmarkPlanAliased plans operations of TestResponses whose fields are
// fetched under private aliases below sibling cases, so that the response
// shape is rekeyed by the types on the way; each plan's response is
// checked once.
func BenchmarkPlanAliased(b *testing.B) {
	for _, c := range []struct{ bench, test string }{
		{"nested", "type mismatch: nested in a list of the union"},
		{"crossed", "type mismatch: entity fetches below crossed cases"},
	} {
		tc := responseCases[slices.IndexFunc(responseCases, func(r responseCase) bool { return r.name == c.test })]
		b.Run(c.bench, func(b *testing.B) {
			fx := loadFixture(b, tc.fixture)
			p, err := fx.super.Plan(tc.query, "")
			if err != nil {
				b.Fatal(err)
			}
			if got := runPlan(b, fx, mismatchWorld, p, tc.vars); got != tc.want {
				b.Fatalf("got  %s\nwant %s", got, tc.want)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				if _, err := fx.super.Plan(tc.query, ""); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkPlanManyAliases plans a position of n client fields that each
// take a private alias (n aliases of User.id below the union of the
// mismatch fixture, where Admin.id has another type): the time per field
// (ns/field) stays flat from 1,000 to 16,000 fields. Rekey once compared
// every field with every entry of its position, and the planner every
// alias with every client field: 7.4 times the time per field at 16,000
// fields as at 1,000 (1.1 s a plan).
func BenchmarkPlanManyAliases(b *testing.B) {
	fx := loadFixture(b, "mismatch")
	for _, n := range []int{1000, 16000} {
		var q strings.Builder
		q.WriteString("{ accounts { ... on User { ")
		for i := range n {
			q.WriteString("a" + strconv.Itoa(i) + ": id ")
		}
		q.WriteString("} ... on Admin { id } } }")
		query := q.String()
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			p, err := fx.super.Plan(query, "")
			if err != nil {
				b.Fatal(err)
			}
			if got := strings.Count(string(p.AppendText(nil)), "graft__User__a"); got != n {
				b.Fatalf("%d private aliases in the plan, want %d", got, n)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				if _, err := fx.super.Plan(query, ""); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/field")
		})
	}
}

// BenchmarkCompileOnly is the part of BenchmarkPlanCold that package
// graphql does (parse, validate, response plan), for comparison.
func BenchmarkCompileOnly(b *testing.B) {
	fx := loadFixture(b, "shop")
	schema, err := graphql.ParseSchema(fx.super.APISchemaSDL(), graphql.Options{KeyByResponseName: true})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(query50)))
	for i := 0; i < b.N; i++ {
		if _, err := graphql.Compile(schema, query50, ""); err != nil {
			b.Fatal(err)
		}
	}
}

// TestPlannerConcurrent plans a few operations from many goroutines over a
// cache smaller than their number (so entries are evicted and planned
// again): each plan must be the one Supergraph.Plan gives.
func TestPlannerConcurrent(t *testing.T) {
	fx := loadFixture(t, "shop")
	queries := []string{query50, `{ me { name } }`, `{ topProducts { shippingEstimate } }`, `{ me { nope } }`}
	want := make([]string, len(queries))
	for i, q := range queries {
		p, err := fx.super.Plan(q, "")
		if err != nil {
			want[i] = err.Error()
		} else {
			want[i] = string(p.AppendText(nil))
		}
	}
	planner := federation.NewPlanner(fx.super, 2)
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 40; i++ {
				k := (g + i) % len(queries)
				p, err := planner.Plan(queries[k], "")
				got := ""
				if err != nil {
					got = err.Error()
				} else {
					got = string(p.AppendText(nil))
				}
				if got != want[k] {
					t.Errorf("query %d: got %s, want %s", k, got, want[k])
					return
				}
			}
		}()
	}
	wg.Wait()
	if n := planner.Len(); n > 2 {
		t.Errorf("the cache holds %d plans, more than its size 2", n)
	}
}

// TestPlannerCacheBounds: the planner keeps at most its size of plans and
// errors, and nothing of a document past MaxCachedDocument, valid or not.
func TestPlannerCacheBounds(t *testing.T) {
	fx := loadFixture(t, "shop")
	long := "\n#" + strings.Repeat("x", federation.MaxCachedDocument)
	for _, tc := range []struct {
		name    string
		queries []string
		wantLen int
		wantErr bool
	}{
		{"an error of a short document", []string{"{ nope }"}, 1, true},
		{"errors past the size", []string{"{ a }", "{ b }", "{ c }", "{ d }", "{ e }", "{ f }"}, 4, true},
		{"an error of a long document", []string{"{ nope }" + long}, 0, true},
		{"a plan of a long document", []string{query50 + long}, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := federation.NewPlanner(fx.super, 4)
			for _, q := range tc.queries {
				for range 2 { // planned, then found in the cache or planned again
					if _, err := p.Plan(q, ""); (err != nil) != tc.wantErr {
						t.Fatalf("error %v", err)
					}
				}
			}
			if got := p.Len(); got != tc.wantLen {
				t.Errorf("%d cached, want %d", got, tc.wantLen)
			}
		})
	}
}
