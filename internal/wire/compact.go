package wire

import (
	"strconv"
	"strings"
)

// Compact is the first of the two stages of graft's vectorized parser. It
// reads the input 64 bytes at a time and, in one pass:
//
//   - writes the compact text (the input without the whitespace between
//     tokens; strings keep every byte) to dst,
//   - lists the offset in the compact text of the closing quote of every
//     string, with EscapedEnd set where the string holds a backslash, so
//     that the second stage never scans a string,
//   - validates what is cheap to validate 64 bytes at a time: UTF-8 (unless
//     mode allows invalid bytes), control characters inside strings, strings
//     terminated, escapes (the escaped character, four hex digits after
//     \u, surrogate escapes in pairs unless mode allows lone ones), and no
//     two tokens separated by whitespace alone (which the
//     compaction would otherwise glue together: "[1 2]" must not become
//     "[12]").
//
// Everything else (the grammar, numbers, literals, limits) is the
// second stage's work, done on the compact text. When Compact reports
// failure the input is not JSON; it does not say where or why, so the caller
// parses the input again with the scalar scanners to find out.

// EscapedEnd is set in an entry of the ends list when the string it closes
// holds a backslash escape.
const EscapedEnd = 1 << 31

// MaxCompactInput is the largest input Compact takes: ends entries are
// offsets below EscapedEnd.
const MaxCompactInput = EscapedEnd - 64

// compactChunk is the number of 64-byte blocks the kernel reads per call,
// so that ends and dst need only be grown for that much input at a time.
const compactChunk = 64

// compactState is what the kernel carries from one block to the next. The
// kernel reads and writes it at fixed offsets: keep the layout in step with
// compact_amd64.h.
type compactState struct {
	prev     [64]byte // the previous block, for UTF-8 sequences across blocks
	inString uint64   // all ones while inside a string
	escNext  uint64   // 1 if the first byte of the next block is escaped
	prevTok  uint64   // 1 if the last byte of the previous block was a scalar byte
	prevTokC uint64   // 1 if the last compact byte so far is a scalar byte
	escCarry uint64   // carry of the escaped-string sum
	bad      uint64   // nonzero once an error was seen
	prevHigh uint64   // nonzero if the previous block had a byte >= 0x80
	values   uint64   // count of values other than strings (scalars, containers)
	noUTF8   uint64   // nonzero: do not validate UTF-8
	opens    uint64   // count of objects and arrays
	loneOK   uint64   // nonzero: lone surrogate escapes are allowed
	uPrev    uint64   // the 'u' of each \u escape in the previous block
	dPrev    uint64   // the 'd' and 'D' bytes of the previous block
	hiPrev   uint64   // high surrogate escapes of the previous block (at their second hex digit)
	hexNext  uint64   // bytes of the next block that must be hex digits
}

// CompactResult is what Compact found besides the text and the ends.
type CompactResult struct {
	Values int  // the number of values: an upper bound of the nodes needed
	Opens  int  // how many of them are objects and arrays
	OK     bool // false: the input is not JSON (or the kernel is unavailable)
}

// HasCompact reports whether Compact runs on this machine (and is not
// turned off by UseKernel("portable")). Without it, Compact reports failure
// for every input and callers use the scalar scanners.
func HasCompact() bool { return hasCompact && !portable }

// portable: UseKernel("portable") turned the kernels off.
var portable bool

// Kernels lists the stage-one kernels that run on this machine, the one
// Compact uses first: "avx512" (AVX-512 with VBMI2), "avx2" (AVX2, on
// machines without AVX-512 or, for tests, beside it). It is empty where
// HasCompact is false.
func Kernels() []string {
	var k []string
	if hasAVX512 {
		k = append(k, "avx512")
	}
	if hasAVX2 {
		k = append(k, "avx2")
	}
	return k
}

// UseKernel makes Compact and Balance.Blocks run the kernel named by
// Kernels, or none ("portable": HasCompact reports false, as on machines
// without the kernels, so callers take their scalar paths; "" restores the
// default), and returns a function that restores the previous choice. It
// is for tests and benchmarks, which must not run Compact meanwhile; it
// panics on any other name, so that a misspelt GRAFT_KERNEL fails rather
// than tests the default.
func UseKernel(name string) (restore func()) {
	oldAVX2, oldPortable := compactAVX2, portable
	portable = false
	switch {
	case name == "avx512" && hasAVX512:
		compactAVX2 = false
	case name == "avx2" && hasAVX2:
		compactAVX2 = true
	case name == "portable":
		portable = true
	case name == "":
		compactAVX2 = !hasAVX512 && hasAVX2
	default:
		portable = oldPortable
		panic("wire: kernel " + strconv.Quote(name) + " does not run here (want one of " + strings.Join(Kernels(), ", ") + ", portable or empty)")
	}
	return func() { compactAVX2, portable = oldAVX2, oldPortable }
}

// Compact appends the compact text of src to dst and the closing quote
// offsets of its strings (relative to len(dst) at the call) to ends. dst
// and ends need no spare capacity: Compact grows them as it goes, to what
// the input needs by the measure of what it has read so far, so that a
// fresh buffer ends close to the size of the compact text rather than of
// the input. On failure dst and ends hold partial results; the caller
// truncates them.
func Compact(dst []byte, ends []uint32, src []byte, mode Mode) ([]byte, []uint32, CompactResult) {
	if !HasCompact() || len(src) > MaxCompactInput {
		return dst, ends, CompactResult{}
	}
	var st compactState
	if mode&AllowInvalidUTF8 != 0 {
		st.noUTF8 = 1
	}
	if mode&AllowLoneSurrogates != 0 {
		st.loneOK = 1
	}
	start, startEnds := len(dst), len(ends)
	full := len(src) / 64
	for done := 0; done < full; {
		n := min(full-done, compactChunk)
		dst, ends = reserve(dst, ends, n, len(src)-done*64, done*64, len(dst)-start, len(ends)-startEnds)
		w, e := compactBlocks(&st, &src[done*64], n, dst[len(dst):cap(dst)], ends[len(ends):cap(ends)], uint32(len(dst)-start))
		dst, ends = dst[:len(dst)+w], ends[:len(ends)+e]
		done += n
	}
	// The tail, padded with spaces to a whole block. There is always one,
	// even when empty: it ends a UTF-8 sequence cut off at the end.
	var tail [64]byte
	rest := copy(tail[:], src[full*64:])
	for i := rest; i < len(tail); i++ {
		tail[i] = ' '
	}
	dst, ends = reserve(dst, ends, 1, 64, 1, 0, 0)
	w, e := compactBlocks(&st, &tail[0], 1, dst[len(dst):cap(dst)], ends[len(ends):cap(ends)], uint32(len(dst)-start))
	dst, ends = dst[:len(dst)+w], ends[:len(ends)+e]
	// A high surrogate escape in the last six bytes has no low one after it.
	ok := st.bad == 0 && st.inString == 0 && st.hiPrev>>58 == 0
	values := int(st.values) + len(ends) - startEnds
	return dst, ends, CompactResult{Values: values, Opens: int(st.opens), OK: ok}
}

// reserve grows dst and ends for the kernel to read n more blocks, whose
// writes reach at most 64n bytes and 32n entries further.
func reserve(dst []byte, ends []uint32, n, left, read, wrote, found int) ([]byte, []uint32) {
	return grow(dst, 64*n, left, read, wrote), grow(ends, 32*n, left, read, found)
}

// grow returns s with room for n more elements. When it must grow, it
// grows to what the rest of the input (left bytes) is expected to need, at
// the rate of elements made per input byte read so far, plus a
// sixty-fourth.
func grow[T any](s []T, n, left, read, made int) []T {
	if need := len(s) + n; need > cap(s) {
		want := 0
		if read > 0 {
			want = len(s) + int(float64(left)*float64(made)/float64(read)*65/64)
		}
		ns := make([]T, len(s), max(need, want))
		copy(ns, s)
		s = ns
	}
	return s
}
