package wire

const spaces8 = lsb * ' '

// IsSpace reports whether c is JSON whitespace.
func IsSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\r' || c == '\t' }

// SkipSpace returns the index of the first byte at or after i that is not
// JSON whitespace, or len(s).
func SkipSpace(s []byte, i int) int {
	// Indentation is newlines and spaces: skip those eight at a time, and
	// let the byte loop deal with tabs, carriage returns and the end.
	for i+8 <= len(s) {
		m := notSpaceOrNewline(load64(s, i))
		if m != 0 {
			i += firstLane(m)
			break
		}
		i += 8
	}
	for ; i < len(s); i++ {
		switch s[i] {
		case ' ', '\n', '\r', '\t':
		default:
			return i
		}
	}
	return i
}

// notSpaceOrNewline flags the lanes that are neither ' ' nor '\n'.
func notSpaceOrNewline(x uint64) uint64 {
	return nonZero(x^(lsb*' ')) & nonZero(x^(lsb*'\n'))
}
