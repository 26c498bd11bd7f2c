package resolvebench

import (
	"testing"
)

// BenchmarkNestedBatching is graphql-go-tools' Benchmark_NestedBatching
// scenario; graphql-go-tools' own benchmarks for it run from its module
// (run.sh) and are reported under …/graphql-go-tools and
// …/graphql-go-tools-arena. BenchmarkNestedBatching100 and …1000 are the
// same plan over 100 and 1,000 products. …/graft-inline is graft with
// Options.Inline, which the in-memory upstreams allow: every fetch in the
// request's goroutine, none handed to another.
func BenchmarkNestedBatching(b *testing.B) { benchSizes(b, 3, true) }

func BenchmarkNestedBatching100(b *testing.B) { benchSizes(b, 100, false) }

func BenchmarkNestedBatching1000(b *testing.B) { benchSizes(b, 1000, false) }

func benchSizes(b *testing.B, n int, driverSuffix bool) {
	f := newFixture(n)
	b.Run("graft", func(b *testing.B) { benchGraft(b, f, false) })
	b.Run("graft-inline", func(b *testing.B) { benchGraft(b, f, true) })
	name := "graphql-go-tools"
	if driverSuffix {
		name += "-driver" // the originals run from graphql-go-tools' module
	}
	b.Run(name, func(b *testing.B) { benchGqt(b, f, false) })
	b.Run(name+"-arena", func(b *testing.B) { benchGqt(b, f, true) })
}
