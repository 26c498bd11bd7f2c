package wire

import "unicode/utf8"

// AppendUnquote appends the decoded contents of the string token tok
// (including its quotes, already validated by ScanString) to dst. A lone
// surrogate escape, accepted only under AllowLoneSurrogates, decodes to
// U+FFFD. Bytes that are not UTF-8, accepted only under AllowInvalidUTF8,
// are copied as they are.
func AppendUnquote(dst, tok []byte) []byte {
	s := tok[1 : len(tok)-1]
	for len(s) > 0 {
		k := indexByte(s, '\\')
		if k < 0 {
			return append(dst, s...)
		}
		dst = append(dst, s[:k]...)
		r, n := decodeEscape(s, k)
		if r < utf8.RuneSelf {
			dst = append(dst, byte(r))
		} else {
			dst = utf8.AppendRune(dst, r)
		}
		s = s[k+n:]
	}
	return dst
}

// decodeEscape decodes the validated escape starting with the backslash at
// s[k] and returns the rune and the escape's length.
func decodeEscape(s []byte, k int) (r rune, n int) {
	switch c := s[k+1]; c {
	case 'b':
		return '\b', 2
	case 'f':
		return '\f', 2
	case 'n':
		return '\n', 2
	case 'r':
		return '\r', 2
	case 't':
		return '\t', 2
	case 'u':
	default: // '"', '\\', '/'
		return rune(c), 2
	}
	r, _ = hex4(s, k+2)
	if r >= 0xD800 && r < 0xDC00 && k+12 <= len(s) && s[k+6] == '\\' && s[k+7] == 'u' {
		if lo, ok := hex4(s, k+8); ok && lo >= 0xDC00 && lo <= 0xDFFF {
			return 0x10000 + (r-0xD800)<<10 + (lo - 0xDC00), 12
		}
	}
	if r >= 0xD800 && r <= 0xDFFF {
		return utf8.RuneError, 6
	}
	return r, 6
}

func indexByte(s []byte, c byte) int {
	for i, b := range s {
		if b == c {
			return i
		}
	}
	return -1
}

// EqualUnquoted reports whether the decoded contents of the validated string
// token tok equal name, without allocating.
func EqualUnquoted(tok []byte, name string) bool {
	s := tok[1 : len(tok)-1]
	for len(s) > 0 {
		if s[0] != '\\' {
			if len(name) == 0 || name[0] != s[0] {
				return false
			}
			s, name = s[1:], name[1:]
			continue
		}
		r, n := decodeEscape(s, 0)
		var buf [utf8.UTFMax]byte
		enc := buf[:utf8.EncodeRune(buf[:], r)]
		if len(name) < len(enc) || name[:len(enc)] != string(enc) {
			return false
		}
		s, name = s[n:], name[len(enc):]
	}
	return len(name) == 0
}
