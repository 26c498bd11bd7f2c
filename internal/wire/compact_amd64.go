//go:build !noasm

package wire

// hasCompact: the CPU has AVX-512 F, BW, VL, VBMI and VBMI2, BMI1/2, POPCNT and
// CLMUL, and the operating system saves the AVX-512 registers.
var hasCompact = func() bool {
	max, _, _, _ := cpuid(0, 0)
	if max < 7 {
		return false
	}
	_, _, c1, _ := cpuid(1, 0)
	const (
		pclmul  = 1 << 1
		popcnt  = 1 << 23
		osxsave = 1 << 27
	)
	if c1&(pclmul|popcnt|osxsave) != pclmul|popcnt|osxsave {
		return false
	}
	// XCR0: SSE, AVX, and the three AVX-512 state components.
	if xgetbv()&0xE6 != 0xE6 {
		return false
	}
	_, b7, c7, _ := cpuid(7, 0)
	const (
		bmi1     = 1 << 3
		bmi2     = 1 << 8
		avx512f  = 1 << 16
		avx512bw = 1 << 30
		avx512vl = 1 << 31
		vbmi     = 1 << 1 // in ECX
		vbmi2    = 1 << 6 // in ECX
	)
	return b7&(bmi1|bmi2|avx512f|avx512bw|avx512vl) == bmi1|bmi2|avx512f|avx512bw|avx512vl && c7&(vbmi|vbmi2) == vbmi|vbmi2
}()

func cpuid(leaf, sub uint32) (a, b, c, d uint32)

func xgetbv() uint32

//go:noescape
func compactBlocks(st *compactState, src *byte, blocks int, dst []byte, ends []uint32, pos uint32) (written int, nends int)

//go:noescape
func markBlocks(src *byte, blocks int, marks *[4 * balanceBatch]uint64)
