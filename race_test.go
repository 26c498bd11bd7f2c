//go:build race

package graft_test

// raceEnabled: the race detector makes sync.Pool drop items at random and
// adds allocations of its own, so allocation budgets are not checked.
const raceEnabled = true
