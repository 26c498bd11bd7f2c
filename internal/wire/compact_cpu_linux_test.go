//go:build linux && amd64 && !noasm

package wire

import (
	"os"
	"strings"
	"testing"
)

// TestKernelsMatchCPUInfo holds the CPUID tests of the kernels' features to
// the flags Linux reports for the CPU (which it clears where the operating
// system does not save the registers): each kernel must run where, and
// only where, every instruction it uses is there.
func TestKernelsMatchCPUInfo(t *testing.T) {
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
	for _, k := range []struct {
		name  string
		runs  bool
		needs []string
	}{
		{"avx512", hasAVX512, []string{"avx", "avx512f", "avx512bw", "avx512vl", "avx512vbmi", "avx512_vbmi2", "bmi1", "bmi2", "popcnt", "pclmulqdq"}},
		{"avx2", hasAVX2, []string{"avx", "avx2", "bmi1", "popcnt", "pclmulqdq"}},
	} {
		var missing []string
		for _, f := range k.needs {
			if !has[f] {
				missing = append(missing, f)
			}
		}
		if k.runs != (len(missing) == 0) {
			t.Errorf("kernel %s runs: %v; /proc/cpuinfo lacks %v", k.name, k.runs, missing)
		}
	}
	if HasCompact() != (hasAVX512 || hasAVX2) {
		t.Errorf("HasCompact() = %v with kernels %v", HasCompact(), Kernels())
	}
}
