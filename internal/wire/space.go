package wire

import "math/bits"

const spaces8 = lsb * ' '

// IsSpace reports whether c is JSON whitespace.
func IsSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\r' || c == '\t' }

// SkipSpace returns the index of the first byte at or after i that is not
// JSON whitespace, or len(s).
func SkipSpace(s []byte, i int) int {
	for ; i < len(s); i++ {
		switch s[i] {
		case ' ':
			// Indentation is a newline and then spaces: skip the spaces
			// after this one eight at a time (a word of spaces XORed with
			// spaces8 is zero up to the first other byte).
			for i+9 <= len(s) {
				if m := Load64(s, i+1) ^ spaces8; m != 0 {
					i += bits.TrailingZeros64(m) >> 3
					break
				}
				i += 8
			}
		case '\n', '\r', '\t':
		default:
			return i
		}
	}
	return i
}

// IndentRun returns how many of the eight bytes x (loaded little-endian)
// start with the run of whitespace indentation makes: a newline or a
// space, then spaces. It is 8 when the run fills x. It is small enough to
// be inlined, sparing indented text a call to SkipSpace.
func IndentRun(x uint64) int {
	x ^= spaces8 // spaces become zero
	if byte(x) == '\n'^' ' {
		x &^= 0xFF
	}
	return bits.TrailingZeros64(x) >> 3
}

// SpaceRun returns how many of the eight bytes x (loaded little-endian)
// start with spaces: 8 when all are.
func SpaceRun(x uint64) int { return bits.TrailingZeros64(x^spaces8) >> 3 }

// SkipSpaces returns the index of the first byte at or after i that is not
// a space, looking at eight bytes at a time while eight remain (so it may
// stop at a space in the last seven bytes of s).
func SkipSpaces(s []byte, i int) int {
	for i+8 <= len(s) {
		if x := Load64(s, i) ^ spaces8; x != 0 {
			return i + bits.TrailingZeros64(x)>>3
		}
		i += 8
	}
	return i
}
