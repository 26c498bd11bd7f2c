package wire

// ScanString validates the string token that starts with the quote at s[i]
// and returns the index just past its closing quote. escaped reports whether
// the token holds any backslash escape (so it must be decoded before use).
//
// On failure end is the offset of the offending byte and code says why.
// Strings are checked completely: no unescaped control characters, only the
// escapes of RFC 8259, four hex digits after \u, surrogate escapes in pairs
// and UTF-8 without overlong forms, surrogates or values above U+10FFFF,
// unless mode relaxes the last two.
//
// A caller that has checked the start of the token may pass, as i, the
// position of its last byte checked instead: the scan goes on after it.
// It must be a byte a string may hold unescaped, and not part of an
// escape or of a UTF-8 sequence.
func ScanString(s []byte, i int, mode Mode) (end int, escaped bool, code Code) {
	i++ // opening quote
	for {
		// Plain bytes eight at a time, then one at a time near the end.
		for i+8 <= len(s) {
			m := stringSpecial(Load64(s, i))
			if m != 0 {
				i += firstLane(m)
				goto special
			}
			i += 8
		}
		for i < len(s) && plain[s[i]] {
			i++
		}
		if i >= len(s) {
			return i, escaped, UnterminatedString
		}
	special:
		switch c := s[i]; {
		case c == '"':
			return i + 1, escaped, OK
		case c == '\\':
			escaped = true
			n, code := scanEscape(s, i, mode)
			if code != OK {
				return i + n, escaped, code
			}
			i += n
		case c < 0x20:
			return i, escaped, ControlInString
		default:
			// Non-ASCII text comes in runs (CJK, Cyrillic...): validate
			// the whole run before going back to the word loop.
			for {
				// CJK text is runs of three-byte sequences: take those
				// two at a time with one load and a mask while they
				// last, then one at a time.
				for i+14 <= len(s) {
					// Four at a time, where no lead is E0 or ED: the
					// four leads' low nibbles side by side, as below.
					x, y := Load64(s, i), Load64(s, i+6)
					if x&0xC0C0F0C0C0F0 != 0x8080E08080E0 || y&0xC0C0F0C0C0F0 != 0x8080E08080E0 {
						break
					}
					u := x&0x0F00000F | (y&0x0F00000F)<<8
					if (u+0xF0F000F0F)&((u^0xD0D000D0D)+0xF0F000F0F)&0x1010001010 != 0x1010001010 {
						break
					}
					i += 12
				}
				for i+8 <= len(s) {
					x := Load64(s, i)
					if x&0xC0C0F0C0C0F0 != 0x8080E08080E0 {
						break
					}
					// The second bytes' ranges matter only after E0 and
					// ED: with neither lead's low nibble 0 or D (bit 4
					// of nibble+15 is set for a nibble other than 0),
					// the table is not read.
					if u := x & 0x0F00000F; (u+0x0F00000F)&((u^0x0D00000D)+0x0F00000F)&0x10000010 != 0x10000010 &&
						(badE0ED[x&0x0F|x>>9&0x10] || badE0ED[x>>24&0x0F|x>>33&0x10]) {
						break
					}
					i += 6
				}
				for i+4 <= len(s) {
					w := Load32(s, i)
					if w&0xC0C0F0 != 0x8080E0 || badE0ED[w&0x0F|w>>9&0x10] {
						break
					}
					i += 3
				}
				if i >= len(s) || s[i] < 0x80 {
					break
				}
				n := utf8Len(s, i)
				if n == 0 {
					if mode&AllowInvalidUTF8 == 0 {
						return i, escaped, BadUTF8
					}
					n = 1
				}
				i += n
				if i >= len(s) || s[i] < 0x80 {
					break
				}
			}
		}
	}
}

// plain marks the bytes a string may hold without further checks.
var plain = func() (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// scanEscape checks the escape starting with the backslash at s[i] and returns
// its length. On failure n is the offset of the bad byte relative to i.
func scanEscape(s []byte, i int, mode Mode) (n int, code Code) {
	if i+1 >= len(s) {
		return 1, UnterminatedString
	}
	switch s[i+1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return 2, OK
	case 'u':
	default:
		return 1, BadEscape
	}
	r, ok := hex4(s, i+2)
	if !ok {
		return 1, BadUnicodeEscape
	}
	switch {
	case r < 0xD800 || r > 0xDFFF:
		return 6, OK
	case r < 0xDC00: // high half: a low half must follow
		if i+12 <= len(s) && s[i+6] == '\\' && s[i+7] == 'u' {
			if lo, ok := hex4(s, i+8); ok && lo >= 0xDC00 && lo <= 0xDFFF {
				return 12, OK
			}
		}
	}
	if mode&AllowLoneSurrogates != 0 {
		return 6, OK
	}
	return 0, LoneSurrogate
}

// hex4 decodes four hex digits at s[i:].
func hex4(s []byte, i int) (r rune, ok bool) {
	if i+4 > len(s) {
		return 0, false
	}
	for _, c := range s[i : i+4] {
		v := hexVal[c]
		if v < 0 {
			return 0, false
		}
		r = r<<4 | rune(v)
	}
	return r, true
}

var hexVal = func() (t [256]int8) {
	for i := range t {
		t[i] = -1
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = int8(c - '0')
	}
	for c := 'a'; c <= 'f'; c++ {
		t[c] = int8(c - 'a' + 10)
		t[c-'a'+'A'] = int8(c - 'a' + 10)
	}
	return t
}()

// badE0ED is indexed by the low nibble of a three-byte lead byte and bit 5
// of the first continuation byte (as 0x10): E0 needs that bit set (no
// overlong forms) and ED needs it clear (no surrogates).
var badE0ED = [32]bool{0x00: true, 0x1D: true}

// StringSpecial flags the bytes of the eight bytes x that follow an opening
// quote, or a plain word of the token (loaded little-endian), that end a
// run of plain string bytes: quotes, backslashes, control and non-ASCII
// bytes. Lanes above the first flagged one may be flagged spuriously. Zero:
// the token goes on past x.
func StringSpecial(x uint64) uint64 { return stringSpecial(x) }

// QuoteLen takes x and its StringSpecial mask m (not zero) and returns the
// length of the string token's rest, closing quote included, if the first
// byte flagged is the quote (nothing before it needs checking); otherwise 0
// (the token needs ScanString). With StringSpecial it is small enough to be
// inlined, sparing short strings (most member names) a call to ScanString.
// The caller branches on the mask first, so that a plain word, the common
// case in a longer token, costs one test and no lane is looked for
// (callgrind, portable parser, twitter: 4.7% fewer instructions per parse
// than a test for the quote and then one for a plain word, 1% fewer than
// one function answering both whose result the caller tested twice).
//
// The first flagged lane is a quote where x^'"' is zero there: below that
// lane nothing borrows, so the high bit of (q-1)&^q is exact in it. No
// shift by a variable amount, which on amd64 would take the CX register
// from the caller's loop.
func QuoteLen(x, m uint64) int {
	q := x ^ (lsb * '"')
	first := m & -m
	if first&(q-lsb)&^q == 0 {
		return 0
	}
	// first is bit 8k+7 for the quote's lane k; shifted to bit 8k, it
	// multiplies a constant whose byte 7-k is k+1 into the top byte: one
	// multiply rather than a bit scan, which on amd64 (below v3) needs a
	// conditional move for the zero it cannot see is excluded here.
	return int((first >> 7) * 0x0102030405060708 >> 56)
}

// PlainLen returns how many of the eight bytes x (loaded little-endian)
// start a run of plain string bytes (no quote, backslash, control or
// non-ASCII byte): 8 when all are.
func PlainLen(x uint64) int { return firstLane(stringSpecial(x)) }

// TextLen is PlainLen for a caller that checks UTF-8 apart: bytes of 0x80
// and above continue the run (8 when no byte of x is a quote, a backslash
// or a control byte).
func TextLen(x uint64) int { return firstLane(textSpecial(x)) }
