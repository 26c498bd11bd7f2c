package resolvebench

import (
	"syscall"
	"testing"
	"time"
)

// cpuClock reports, beside the wall time per operation that `go test`
// measures, the CPU time the process spent per operation (user and system,
// every thread): the figure to read when other programs share the machine
// and stretch wall times unevenly.
type cpuClock struct{ start time.Duration }

func cpuNow() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func startCPU() cpuClock { return cpuClock{cpuNow()} }

func (c cpuClock) report(b *testing.B) {
	if b.N > 0 {
		b.ReportMetric(float64(cpuNow()-c.start)/float64(b.N), "cpu-ns/op")
	}
}
