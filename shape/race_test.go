//go:build race

package shape_test

// raceEnabled: the race detector adds allocations of its own (closures of
// iterators escape), so the allocation budget is not checked under it.
const raceEnabled = true
