//go:build !race

package shape_test

const raceEnabled = false
