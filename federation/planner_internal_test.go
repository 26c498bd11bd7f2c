package federation

import (
	"os"
	"testing"

	"github.com/graftjson/graft/graphql"
	"github.com/graftjson/graft/resolve"
)

// BenchmarkPlannerOnly is the planner's own part of cold planning: the
// operation is compiled once, and each iteration plans it and compiles the
// fetch tree with resolve.NewPlan (reported apart by the sub-benchmarks).
func BenchmarkPlannerOnly(b *testing.B) {
	sdl, err := os.ReadFile("testdata/shop/supergraph.graphql")
	if err != nil {
		b.Fatal(err)
	}
	s, err := Parse(sdl, Options{})
	if err != nil {
		b.Fatal(err)
	}
	query, err := os.ReadFile("testdata/query50.graphql")
	if err != nil {
		b.Fatal(err)
	}
	op, err := graphql.Compile(s.schema, string(query), "")
	if err != nil {
		b.Fatal(err)
	}
	plan := func() resolve.Node {
		p := planner{s: s, op: op.Definition(), c: collector{api: s.api}, entity: map[entityKey]*fetch{}}
		root, err := p.plan()
		if err != nil {
			b.Fatal(err)
		}
		return root
	}
	b.Run("plan", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			plan()
		}
	})
	root := plan()
	b.Run("resolve.NewPlan", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := resolve.NewPlan(root, op.Plan()); err != nil {
				b.Fatal(err)
			}
		}
	})
}
