//go:build linux && amd64 && !noasm

package wire

import (
	"os"
	"strings"
	"testing"
)

// TestHasCompactMatchesCPUInfo holds the CPUID test of the kernel's
// features to the flags Linux reports for the CPU (which it clears where
// the operating system does not save the AVX-512 registers): the kernel
// must run where, and only where, every instruction it uses is there.
func TestHasCompactMatchesCPUInfo(t *testing.T) {
	info, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		t.Skip("no /proc/cpuinfo")
	}
	var flags []string
	for _, line := range strings.Split(string(info), "\n") {
		if name, list, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(name) == "flags" {
			flags = strings.Fields(list)
			break
		}
	}
	if flags == nil {
		t.Skip("no flags line in /proc/cpuinfo")
	}
	has := map[string]bool{}
	for _, f := range flags {
		has[f] = true
	}
	want := true
	var missing []string
	for _, f := range []string{"avx", "avx512f", "avx512bw", "avx512vl", "avx512vbmi", "avx512_vbmi2", "bmi1", "bmi2", "popcnt", "pclmulqdq"} {
		if !has[f] {
			want = false
			missing = append(missing, f)
		}
	}
	if HasCompact() != want {
		t.Fatalf("HasCompact() = %v; /proc/cpuinfo lacks %v", HasCompact(), missing)
	}
}
