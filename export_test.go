package graft

import (
	"math"
	"os"
	"slices"
	"strconv"

	"github.com/graftjson/graft/internal/wire"
)

// Test hooks, visible to package graft_test only.

// Parsers names the parse paths a test can force: "scalar" (the portable
// parser alone) and, on machines with the stage-one kernel, "fast" (the
// vectorized parse for inputs of every size).
func Parsers() []string {
	if wire.HasCompact() {
		return []string{"scalar", "fast"}
	}
	return []string{"scalar"}
}

// UseParser forces the parse path named by Parsers ("" restores the
// default) and returns a function that restores the previous setting. Tests
// that call it must not run in parallel. It panics on any other name, so
// that a misspelt GRAFT_PARSER fails rather than runs the default.
func UseParser(name string) (restore func()) {
	use, min := useFast, minFastInput
	switch name {
	case "scalar":
		useFast = false
	case "fast":
		useFast, minFastInput = wire.HasCompact(), 0
	case "":
		useFast, minFastInput = wire.HasCompact(), 128
	default:
		panic("graft: unknown parser " + strconv.Quote(name) + " (want scalar, fast or empty)")
	}
	return func() { useFast, minFastInput = use, min }
}

// GrowOften makes the vectorized parse start with room for one node, so
// that its walk stops to grow the arena every few nodes (as often as its
// stack of open containers allows), and returns a function that restores
// the default.
func GrowOften() (restore func()) {
	old := buildReserve
	buildReserve = 1
	return func() { buildReserve = old }
}

// MatchBySorting sets which merges of two objects match their members by
// sorting names: "all", "none", or "" (large ones, the default). It
// returns a function that restores the previous setting.
func MatchBySorting(which string) (restore func()) {
	old := minSortedMatch
	switch which {
	case "all":
		minSortedMatch = 0
	case "none":
		minSortedMatch = math.MaxInt
	default:
		minSortedMatch = 1 << 12
	}
	return func() { minSortedMatch = old }
}

// IndexObjects sets which objects Set indexes (see index.go): "all",
// "none", or "" (those of 32 members or more, the default). It returns a
// function that restores the previous setting.
func IndexObjects(which string) (restore func()) {
	old := indexMin
	switch which {
	case "all":
		indexMin = 0
	case "none":
		indexMin = math.MaxInt
	default:
		indexMin = 32
	}
	return func() { indexMin = old }
}

// SameArena reports whether a and b hold the same text, the same nodes and
// the same container entries.
func SameArena(a, b *Doc) bool {
	return slices.Equal(a.buf, b.buf) && slices.Equal(a.nodes, b.nodes) && slices.Equal(a.aux, b.aux)
}

// AppendFast runs only the vectorized parse of Append on src (whatever its
// size) and reports whether it took the input; where it did not, the Doc is
// as before. Without the stage-one kernel it never does.
func AppendFast(d *Doc, src []byte) (Ref, bool) {
	d.options()
	if len(d.nodes) == 0 {
		d.nodes = append(d.nodes, node{})
	}
	root, ok := d.appendFast(src)
	return Ref(root), ok
}

func init() {
	// GRAFT_PARSER=scalar or =fast runs the whole suite on one path.
	if p := os.Getenv("GRAFT_PARSER"); p != "" {
		UseParser(p)
	}
	// GRAFT_KERNEL=avx2 or =avx512 runs the vectorized parse (and stream's
	// bracket scan) on that stage-one kernel.
	if k := os.Getenv("GRAFT_KERNEL"); k != "" {
		wire.UseKernel(k)
	}
	// GRAFT_MATCH=sorted runs every merge of objects through matchMembers.
	if os.Getenv("GRAFT_MATCH") == "sorted" {
		MatchBySorting("all")
	}
	// GRAFT_INDEX=all indexes every object Set is called on.
	if os.Getenv("GRAFT_INDEX") == "all" {
		IndexObjects("all")
	}
	// GRAFT_DEEP=all runs the paths for values nested past the usual
	// depths everywhere: the printers keep their stacks of open containers
	// from the top, merges go on on a new goroutine at every level.
	if os.Getenv("GRAFT_DEEP") == "all" {
		maxRecursion, hopMask = 0, 0
	}
}

// PrintDeepFrom makes the printers go on with their own stacks of open
// containers from depth levels down (0: from the top, as GRAFT_DEEP=all
// does) and returns a function that restores the previous setting. Tests
// that call it must not run in parallel.
func PrintDeepFrom(depth int) (restore func()) {
	old := maxRecursion
	maxRecursion = depth
	return func() { maxRecursion = old }
}
