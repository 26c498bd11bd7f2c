//go:build !noasm

package wire

// The stage-one kernels on amd64: compactBlocksAVX512 where the CPU has
// AVX-512, compactBlocksAVX2 where it has AVX2 alone (AMD Zen 2 and 3,
// Intel client parts, older Xeons). Both keep the same contract, which
// compactBlocks states; UseKernel picks one for tests and benchmarks.
var (
	hasAVX512   = cpuHasAVX512()
	hasAVX2     = cpuHasAVX2()
	hasCompact  = hasAVX512 || hasAVX2
	compactAVX2 = !hasAVX512 && hasAVX2 // Compact runs the AVX2 kernel
)

// cpuid bits.
const (
	cpuidPCLMUL  = 1 << 1  // leaf 1 ECX
	cpuidPOPCNT  = 1 << 23 // leaf 1 ECX
	cpuidOSXSAVE = 1 << 27 // leaf 1 ECX
	cpuidAVX     = 1 << 28 // leaf 1 ECX
	cpuidBMI1    = 1 << 3  // leaf 7 EBX
	cpuidAVX2    = 1 << 5  // leaf 7 EBX
	cpuidBMI2    = 1 << 8  // leaf 7 EBX
	cpuidAVX512F = 1 << 16 // leaf 7 EBX
	cpuidAVX512B = 1 << 30 // leaf 7 EBX: BW
	cpuidAVX512V = 1 << 31 // leaf 7 EBX: VL
	cpuidVBMI    = 1 << 1  // leaf 7 ECX
	cpuidVBMI2   = 1 << 6  // leaf 7 ECX
)

// cpuFeatures returns CPUID leaf 7's EBX and ECX and XCR0 where the CPU
// has CLMUL, POPCNT and AVX and the operating system uses XSAVE, or ok
// false.
func cpuFeatures() (b7, c7, xcr0 uint32, ok bool) {
	max, _, _, _ := cpuid(0, 0)
	if max < 7 {
		return 0, 0, 0, false
	}
	_, _, c1, _ := cpuid(1, 0)
	const need = cpuidPCLMUL | cpuidPOPCNT | cpuidOSXSAVE | cpuidAVX
	if c1&need != need {
		return 0, 0, 0, false
	}
	_, b7, c7, _ = cpuid(7, 0)
	return b7, c7, xgetbv(), true
}

// cpuHasAVX512: AVX-512 F, BW, VL, VBMI and VBMI2, BMI1/2, POPCNT and
// CLMUL, and the operating system saves the AVX-512 registers (XCR0: SSE,
// AVX, and the three AVX-512 state components).
func cpuHasAVX512() bool {
	b7, c7, xcr0, ok := cpuFeatures()
	const needB = cpuidBMI1 | cpuidBMI2 | cpuidAVX512F | cpuidAVX512B | cpuidAVX512V
	const needC = cpuidVBMI | cpuidVBMI2
	return ok && xcr0&0xE6 == 0xE6 && b7&needB == needB && c7&needC == needC
}

// cpuHasAVX2: AVX2, BMI1, POPCNT and CLMUL, and the operating system saves
// the YMM registers (XCR0: SSE and AVX). The kernel uses no PEXT or PDEP,
// which AMD's CPUs before Zen 3 run in microcode.
func cpuHasAVX2() bool {
	b7, _, xcr0, ok := cpuFeatures()
	const needB = cpuidBMI1 | cpuidAVX2
	return ok && xcr0&0x6 == 0x6 && b7&needB == needB
}

func cpuid(leaf, sub uint32) (a, b, c, d uint32)

func xgetbv() uint32

// compactShuffle holds, for each value of 8 keep bits, the VPSHUFB
// indices that gather the kept bytes of an 8-byte lane to its start (0x80,
// which makes a zero byte, for the rest): the AVX2 kernel's compaction.
var compactShuffle = func() (t [256]uint64) {
	for keep := range t {
		e, k := uint64(0x8080808080808080), 0
		for i := 0; i < 8; i++ {
			if keep>>i&1 != 0 {
				e = e&^(0xff<<(8*k)) | uint64(i)<<(8*k)
				k++
			}
		}
		t[keep] = e
	}
	return t
}()

// compactBlocks runs the stage-one kernel over blocks 64-byte blocks at
// src: it appends their compact text at dst[0:] and their string ends at
// ends[0:] (offsets from pos), writing at most 64 bytes and 32 entries per
// block, and returns how many of each it wrote.
func compactBlocks(st *compactState, src *byte, blocks int, dst []byte, ends []uint32, pos uint32) (written int, nends int) {
	if compactAVX2 {
		return compactBlocksAVX2(st, src, blocks, dst, ends, pos)
	}
	return compactBlocksAVX512(st, src, blocks, dst, ends, pos)
}

// markBlocks writes, for each of the blocks 64-byte blocks at src, four
// masks: quotes, backslashes, '[' or '{', ']' or '}' (Balance.Blocks).
func markBlocks(src *byte, blocks int, marks *[4 * balanceBatch]uint64) {
	if compactAVX2 {
		markBlocksAVX2(src, blocks, marks)
		return
	}
	markBlocksAVX512(src, blocks, marks)
}

//go:noescape
func compactBlocksAVX512(st *compactState, src *byte, blocks int, dst []byte, ends []uint32, pos uint32) (written int, nends int)

//go:noescape
func compactBlocksAVX2(st *compactState, src *byte, blocks int, dst []byte, ends []uint32, pos uint32) (written int, nends int)

//go:noescape
func markBlocksAVX512(src *byte, blocks int, marks *[4 * balanceBatch]uint64)

//go:noescape
func markBlocksAVX2(src *byte, blocks int, marks *[4 * balanceBatch]uint64)
