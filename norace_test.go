//go:build !race

package graft_test

const raceEnabled = false
