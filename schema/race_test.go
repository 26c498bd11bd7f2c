//go:build race

package schema_test

const raceEnabled = true
