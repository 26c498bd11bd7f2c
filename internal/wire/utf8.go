package wire

// utf8Len returns the length of the UTF-8 encoded rune at s[i] (a byte of
// 0x80 or above), or 0 when the bytes there are not valid UTF-8: stray
// continuation bytes, overlong forms, surrogates, values above U+10FFFF and
// truncated sequences are all rejected, as RFC 3629 requires.
func utf8Len(s []byte, i int) int {
	c := s[i]
	switch {
	case c < 0xC2:
		return 0
	case c < 0xE0:
		if i+1 < len(s) && s[i+1]&0xC0 == 0x80 {
			return 2
		}
		return 0
	case c < 0xF0:
		if i+2 >= len(s) {
			return 0
		}
		lo, hi := byte(0x80), byte(0xBF)
		if c == 0xE0 {
			lo = 0xA0
		} else if c == 0xED {
			hi = 0x9F
		}
		if c1 := s[i+1]; c1 < lo || c1 > hi || s[i+2]&0xC0 != 0x80 {
			return 0
		}
		return 3
	case c < 0xF5:
		if i+3 >= len(s) {
			return 0
		}
		lo, hi := byte(0x80), byte(0xBF)
		if c == 0xF0 {
			lo = 0x90
		} else if c == 0xF4 {
			hi = 0x8F
		}
		if c1 := s[i+1]; c1 < lo || c1 > hi || s[i+2]&0xC0 != 0x80 || s[i+3]&0xC0 != 0x80 {
			return 0
		}
		return 4
	}
	return 0
}

// ValidUTF8 reports whether s is entirely valid UTF-8 by the rules of
// utf8Len.
func ValidUTF8(s []byte) bool {
	for i := 0; i < len(s); {
		if i+8 <= len(s) && Load64(s, i)&msb == 0 {
			i += 8
			continue
		}
		if s[i] < 0x80 {
			i++
			continue
		}
		n := utf8Len(s, i)
		if n == 0 {
			return false
		}
		i += n
	}
	return true
}
