package transcode

import (
	"encoding/binary"
	"math/bits"
)

const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
)

// special flags the lanes of x (eight bytes, little-endian) that JSON must
// escape: '"', '\\' and bytes below 0x20. The lowest flagged lane is exact
// (a borrow only reaches the lanes above a match).
func special(x uint64) uint64 {
	q := x ^ (lsb * '"')
	b := x ^ (lsb * '\\')
	return ((q-lsb)&^q | (b-lsb)&^b | (x-lsb*0x20)&^x) & msb
}

// AppendEscaped appends valid UTF-8 text b as the contents of a JSON
// string, escaping only what RFC 8259 requires, eight bytes at a time
// where nothing needs escaping.
func AppendEscaped(dst, b []byte) []byte {
	start := 0
	for i := 0; i < len(b); {
		if i+8 <= len(b) {
			m := special(binary.LittleEndian.Uint64(b[i:]))
			if m == 0 {
				i += 8
				continue
			}
			i += bits.TrailingZeros64(m) >> 3
		} else if c := b[i]; c >= 0x20 && c != '"' && c != '\\' {
			i++
			continue
		}
		c := b[i]
		dst = append(dst, b[start:i]...)
		switch c {
		case '"', '\\':
			dst = append(dst, '\\', c)
		case '\n':
			dst = append(dst, '\\', 'n')
		case '\r':
			dst = append(dst, '\\', 'r')
		case '\t':
			dst = append(dst, '\\', 't')
		default:
			dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
		}
		i++
		start = i
	}
	return append(dst, b[start:]...)
}

const hexDigits = "0123456789abcdef"
