package schema

import (
	"syscall"
	"testing"
)

// processCPU returns the CPU time the process has used, in nanoseconds.
func processCPU() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// loop runs op in b.Loop, fails on a wrong answer, and reports the
// process's CPU time per op beside the wall time: the machine the figures
// come from is shared, and CPU time is what other work does not inflate.
// (node/bench.js reports process.cpuUsage() the same way.)
func loop(b *testing.B, op func() bool) {
	b.ReportAllocs()
	c0, n := processCPU(), 0
	for b.Loop() {
		if !op() {
			b.Fatal("wrong result")
		}
		n++
	}
	if n > 0 {
		b.ReportMetric(float64(processCPU()-c0)/float64(n), "cpu-ns/op")
	}
}
