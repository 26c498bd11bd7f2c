//go:build race

package gateway

// raceEnabled: the race detector makes sync.Pool drop values at random, so
// the allocation budget is not checked under it.
const raceEnabled = true
