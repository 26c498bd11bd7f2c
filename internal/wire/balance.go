package wire

import "math/bits"

// Balance is the state of a scan for the end of a JSON container that
// looks only at brackets and quotes: how many containers are open and
// whether the scan stands inside a string. It does not validate; only for
// valid JSON is the end it finds exact.
type Balance struct {
	Depth    int
	InString bool
}

// BalanceStatus says why Balance.Blocks stopped.
type BalanceStatus uint8

const (
	// More: fewer than 64 bytes were left (or the CPU has no kernel for
	// the blocks); the scan goes on from the index returned.
	More BalanceStatus = iota
	// Balanced: the index returned is that of the byte after the closing
	// bracket that brought Depth to zero.
	Balanced
	// TooDeep: the index returned is that of the opening bracket that
	// made Depth exceed the limit.
	TooDeep
)

// balanceBatch is the number of 64-byte blocks marked per kernel call.
const balanceBatch = 16

// Blocks scans s[i:] in 64-byte blocks, as long as 64 bytes are left, for
// the closing bracket that brings b.Depth to zero or an opening bracket
// that makes it exceed maxDepth. s[:i] must hold the text scanned before,
// from the start of the container on: the escapes of a quote are counted
// back into it.
func (b *Balance) Blocks(s []byte, i, maxDepth int) (int, BalanceStatus) {
	if !HasCompact() {
		return i, More
	}
	var marks [4 * balanceBatch]uint64
	for len(s)-i >= 64 {
		n := min((len(s)-i)/64, balanceBatch)
		markBlocks(&s[i], n, &marks)
		for k := 0; k < n; k, i = k+1, i+64 {
			quotes, backslashes := marks[4*k], marks[4*k+1]
			// A quote right after a backslash may be escaped: count the run.
			maybe := quotes & (backslashes<<1 | carryBackslash(s, i))
			for m := maybe; m != 0; m &= m - 1 {
				if q := bits.TrailingZeros64(m); Escaped(s, i+q) {
					quotes &^= 1 << q
				}
			}
			inside := prefixXor(quotes)
			if b.InString {
				inside = ^inside
			}
			b.InString = inside>>63 != 0
			opens, closes := marks[4*k+2]&^inside, marks[4*k+3]&^inside
			no, nc := bits.OnesCount64(opens), bits.OnesCount64(closes)
			if nc < b.Depth && b.Depth+no <= maxDepth {
				b.Depth += no - nc
				continue
			}
			// The container may end, or the depth pass the limit, in this
			// block: follow the brackets one by one.
			for m := opens | closes; m != 0; m &= m - 1 {
				q := bits.TrailingZeros64(m)
				if opens&(1<<q) != 0 {
					if b.Depth++; b.Depth > maxDepth {
						return i + q, TooDeep
					}
					continue
				}
				if b.Depth--; b.Depth == 0 {
					return i + q + 1, Balanced
				}
			}
		}
	}
	return i, More
}

// carryBackslash is 1 if the byte before s[i] is a backslash.
func carryBackslash(s []byte, i int) uint64 {
	if i > 0 && s[i-1] == '\\' {
		return 1
	}
	return 0
}

// Escaped reports whether the byte at s[q] follows an odd run of
// backslashes.
func Escaped(s []byte, q int) bool {
	n := 0
	for q--; q >= 0 && s[q] == '\\'; q-- {
		n++
	}
	return n&1 == 1
}

// prefixXor sets bit k of the result to the XOR of bits 0…k of x: the
// bytes from an opening quote up to (not including) its closing quote.
func prefixXor(x uint64) uint64 {
	x ^= x << 1
	x ^= x << 2
	x ^= x << 4
	x ^= x << 8
	x ^= x << 16
	x ^= x << 32
	return x
}
