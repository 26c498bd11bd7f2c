//go:build !race

package resolve_test

const raceEnabled = false
