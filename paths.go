package graft

import "github.com/graftjson/graft/internal/wire"

// Paths. Some work is done two ways, each the faster on its own inputs:
// the scalar or the vectorized parse, a walk or a sort to match member
// names, a scan or a hash table to find a member, recursion or a stack of
// its own for deep values. The variables below choose; they are the only
// switches between paths in the package, and their values are the
// defaults that the benchmarks chose. Nothing but tests writes them
// (paths_test.go forces every path), and the stage-one kernel is chosen
// in internal/wire (wire.UseKernel).

// minFastInput is the smallest input worth the vectorized parse: below it
// the fixed cost of stage one exceeds what it saves. BenchmarkParseSmall
// puts the break-even between 72 and 84 bytes (at 60 and 72 bytes the two
// parsers are within noise of each other, at 94 to 126 the vectorized one
// takes 8 to 20% less time). Tests lower it to run every input through
// both parsers.
var minFastInput = 80

// useTiny: Append of a small flat object takes the tiny parse
// (parse_tiny.go) before the scalar parser. Tests turn it off to compare
// the two.
var useTiny = true

// useFast: the machine has the stage-one kernel. Tests turn it off to run
// the scalar parser alone.
var useFast = wire.HasCompact()

// buildReserve is the number of nodes the walk of a large input starts
// with room for. Tests lower it to make the walk stop to grow the arena
// every few nodes.
var buildReserve = 1 << 10

// minSortedMatch is the number of name compares from which a merge matches
// names by sorting them. Tests set it to 0 to run every merge of objects
// through the sort.
var minSortedMatch = 1 << 12

// indexMin is the fewest members an object has when Set indexes it.
var indexMin = 32

// hopMask + 1 is how many levels of a merge or merge patch run on one
// goroutine's stack (a power of two). Tests set it to 0 to hop at every
// level.
var hopMask = 1<<12 - 1

// maxRecursion is the depth from which the printers, which recurse once
// per level where that is fastest, go on with a stack of open containers
// of their own on the heap. It is far below what overflows a stack and
// above what inputs nest by default (Options.MaxDepth). Tests set it to 0
// to print every value with the stack.
var maxRecursion = 1 << 11
