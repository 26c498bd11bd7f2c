//go:build race

package resolve_test

// raceEnabled: the race detector adds allocations of its own, so the
// allocation budget is not checked under it.
const raceEnabled = true
