package graft

import (
	"math"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/graftjson/graft/internal/wire"
)

// Hooks that force the paths of paths.go, visible to package graft_test
// only. Tests that call them must not run in parallel.

// Parsers names the parse paths of this machine: "scalar" (the portable
// parser alone) and, where the machine has the stage-one kernels, the
// vectorized parse on each of them for inputs of every size ("avx512",
// "avx2": wire.Kernels). Tests that depend on the path loop over them.
func Parsers() []string {
	if !wire.HasCompact() {
		return []string{"scalar"}
	}
	return append([]string{"scalar"}, wire.Kernels()...)
}

// defaultMinFastInput is paths.go's minFastInput before any test changes it.
var defaultMinFastInput = minFastInput

// UseParser forces the parse path named by Parsers ("fast" is the
// vectorized parse on the default kernel; "" restores the default) and
// returns a function that restores the previous setting. It panics on any
// other name, so that a misspelt GRAFT_PARSER fails rather than runs the
// default.
func UseParser(name string) (restore func()) {
	use, min := useFast, minFastInput
	kernel := func() {}
	switch {
	case name == "scalar":
		useFast = false
	case name == "fast":
		useFast, minFastInput = wire.HasCompact(), 0
	case name != "" && slices.Contains(wire.Kernels(), name):
		kernel = wire.UseKernel(name)
		useFast, minFastInput = true, 0
	case name == "":
		useFast, minFastInput = wire.HasCompact(), defaultMinFastInput
	default:
		panic("graft: unknown parser " + strconv.Quote(name) + " (want " + strings.Join(Parsers(), ", ") + ", fast or empty)")
	}
	return func() { useFast, minFastInput = use, min; kernel() }
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

// PrintDeepFrom makes the printers go on with their own stacks of open
// containers from depth levels down (0: from the top, as GRAFT_DEEP=all
// does) and returns a function that restores the previous setting. Tests
// that call it must not run in parallel.
func PrintDeepFrom(depth int) (restore func()) {
	old := maxRecursion
	maxRecursion = depth
	return func() { maxRecursion = old }
}

func init() {
	// The environment can force one path for the whole suite (go test
	// covers every path without it: the tests that depend on one loop over
	// them). GRAFT_PARSER names one of Parsers, or fast.
	if p := os.Getenv("GRAFT_PARSER"); p != "" {
		UseParser(p)
	}
	// GRAFT_KERNEL=avx2 or =avx512 runs the vectorized parse (and stream's
	// bracket scan) on that stage-one kernel, =portable with none (as on
	// machines without them).
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

// UseTinyParse turns the tiny parse of small flat objects (parse_tiny.go)
// on or off and returns a function that restores the previous setting.
func UseTinyParse(on bool) (restore func()) {
	old := useTiny
	useTiny = on
	return func() { useTiny = old }
}
