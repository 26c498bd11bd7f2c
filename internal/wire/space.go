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
				if m := load64(s, i+1) ^ spaces8; m != 0 {
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
