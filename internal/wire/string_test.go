package wire_test

import (
	"encoding/binary"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/graftjson/graft/internal/wire"
)

const (
	strict = wire.Mode(0)
	lax    = wire.AllowInvalidUTF8 | wire.AllowLoneSurrogates
)

func TestScanString(t *testing.T) {
	cases := []struct {
		name    string
		in      string // starts with the opening quote
		mode    wire.Mode
		end     int
		escaped bool
		code    wire.Code
	}{
		{name: "empty", in: `""`, end: 2},
		{name: "plain", in: `"abc"`, end: 5},
		{name: "stops at the closing quote", in: `"abc",1`, end: 5},
		{name: "DEL", in: "\"\x7f\"", end: 3},
		{name: "short escapes", in: `"\"\\\/\b\f\n\r\t"`, end: 18, escaped: true},
		{name: "u escape", in: `"\u00e9\uABCD"`, end: 14, escaped: true},
		{name: "pair", in: `"\uD83D\uDE00"`, end: 14, escaped: true},
		{name: "escaped quote then more", in: `"a\"b"`, end: 6, escaped: true},
		{name: "UTF-8", in: "\"é€😀\"", end: 11},
		{name: "long ASCII", in: `"` + strings.Repeat("abcdefgh", 5) + `"`, end: 42},
		{name: "unterminated", in: `"abc`, end: 4, code: wire.UnterminatedString},
		{name: "unterminated long", in: `"` + strings.Repeat("a", 20), end: 21, code: wire.UnterminatedString},
		{name: "backslash at end", in: `"\`, end: 2, code: wire.UnterminatedString},
		{name: "control", in: "\"ab\x01\"", end: 3, code: wire.ControlInString},
		{name: "control late", in: "\"abcdefghijkl\n\"", end: 13, code: wire.ControlInString},
		{name: "NUL", in: "\"\x00\"", end: 1, code: wire.ControlInString},
		{name: "bad escape", in: `"a\x"`, end: 3, code: wire.BadEscape},
		{name: "bad escape U", in: `"\U0041"`, end: 2, code: wire.BadEscape},
		{name: "short u", in: `"\u12"`, end: 2, code: wire.BadUnicodeEscape},
		{name: "non-hex u", in: `"\u12G4"`, end: 2, code: wire.BadUnicodeEscape},
		{name: "lone high", in: `"ab\uD800"`, end: 3, code: wire.LoneSurrogate, escaped: true},
		{name: "lone low", in: `"\uDC00"`, end: 1, code: wire.LoneSurrogate, escaped: true},
		{name: "reversed pair", in: `"\uDC00\uD800"`, end: 1, code: wire.LoneSurrogate, escaped: true},
		{name: "lone high allowed", in: `"\uD800x"`, mode: wire.AllowLoneSurrogates, end: 9, escaped: true},
		{name: "high high low allowed", in: `"\uD800\uD800\uDC00"`, mode: wire.AllowLoneSurrogates, end: 20, escaped: true},
		{name: "bad UTF-8", in: "\"ab\xff\"", end: 3, code: wire.BadUTF8},
		{name: "bad UTF-8 late", in: "\"abcdefghijk\xc0\x80\"", end: 12, code: wire.BadUTF8},
		{name: "truncated UTF-8 before quote", in: "\"\xe2\x82\"", end: 1, code: wire.BadUTF8},
		{name: "surrogate UTF-8", in: "\"\xed\xa0\x80\"", end: 1, code: wire.BadUTF8},
		{name: "bad UTF-8 allowed", in: "\"ab\xff\xc0\x80\xed\xa0\x80\"", mode: wire.AllowInvalidUTF8, end: 10},
		{name: "truncated UTF-8 allowed at end", in: "\"\xe2\x82", mode: wire.AllowInvalidUTF8, end: 3, code: wire.UnterminatedString},
	}
	for _, c := range cases {
		for _, lead := range []string{"", "{", "       ["} {
			s := []byte(lead + c.in)
			end, esc, code := wire.ScanString(s, len(lead), c.mode)
			if end != len(lead)+c.end || code != c.code || (code == wire.OK && esc != c.escaped) {
				t.Errorf("%s: ScanString(%q, %d) = %d, %v, %v; want %d, %v, %v", c.name, s, len(lead), end, esc, code, len(lead)+c.end, c.escaped, c.code)
			}
		}
	}
}

// specials are bytes that end a run of plain string bytes, one of each
// class, with the code ScanString gives for each when the run is followed
// by nothing else useful.
var specials = []struct {
	b    []byte
	code wire.Code // strict
}{
	{[]byte(`"`), wire.OK},
	{[]byte(`\n`), wire.OK},
	{[]byte(`\x`), wire.BadEscape},
	{[]byte{0x00}, wire.ControlInString},
	{[]byte{0x1f}, wire.ControlInString},
	{[]byte("é"), wire.OK},
	{[]byte{0x80}, wire.BadUTF8},
	{[]byte{0xff}, wire.BadUTF8},
}

// TestScanStringAlignment puts each special byte at every position of the
// first 24 bytes, so that every lane of the eight-byte path and the byte
// loop meet it.
func TestScanStringAlignment(t *testing.T) {
	for _, sp := range specials {
		for p := 0; p < 24; p++ {
			for _, tail := range []string{`"`, `xyz"`, strings.Repeat("t", 16) + `"`} {
				s := []byte(`"` + strings.Repeat("a", p))
				s = append(s, sp.b...)
				if sp.b[0] != '"' {
					s = append(s, tail...)
				}
				end, esc, code := wire.ScanString(s, 0, strict)
				wend, wesc, wcode := refScanString(s, 0, strict)
				if end != wend || code != wcode || (code == wire.OK && esc != wesc) {
					t.Fatalf("ScanString(%q) = %d, %v, %v; want %d, %v, %v", s, end, esc, code, wend, wesc, wcode)
				}
				if code != sp.code {
					t.Fatalf("ScanString(%q) code %v, want %v", s, code, sp.code)
				}
			}
		}
	}
}

// refScanString is ScanString written byte by byte from RFC 8259 (and RFC
// 3629 for UTF-8, through unicode/utf8): the reference of the fuzz test.
// On failure it returns the offset of the offending byte: the byte after a
// backslash for a bad escape or \u, the backslash of a lone surrogate.
func refScanString(s []byte, i int, mode wire.Mode) (end int, escaped bool, code wire.Code) {
	hex4 := func(j int) (rune, bool) {
		if j+4 > len(s) {
			return 0, false
		}
		var r rune
		for _, c := range s[j : j+4] {
			switch {
			case c >= '0' && c <= '9':
				r = r<<4 | rune(c-'0')
			case c >= 'a' && c <= 'f':
				r = r<<4 | rune(c-'a'+10)
			case c >= 'A' && c <= 'F':
				r = r<<4 | rune(c-'A'+10)
			default:
				return 0, false
			}
		}
		return r, true
	}
	for i++; ; {
		if i >= len(s) {
			return len(s), escaped, wire.UnterminatedString
		}
		switch c := s[i]; {
		case c == '"':
			return i + 1, escaped, wire.OK
		case c == '\\':
			escaped = true
			if i+1 >= len(s) {
				return i + 1, escaped, wire.UnterminatedString
			}
			switch s[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
				continue
			case 'u':
			default:
				return i + 1, escaped, wire.BadEscape
			}
			r, ok := hex4(i + 2)
			if !ok {
				return i + 1, escaped, wire.BadUnicodeEscape
			}
			if r < 0xD800 || r > 0xDFFF {
				i += 6
				continue
			}
			if r < 0xDC00 && i+12 <= len(s) && s[i+6] == '\\' && s[i+7] == 'u' {
				if lo, ok := hex4(i + 8); ok && lo >= 0xDC00 && lo <= 0xDFFF {
					i += 12
					continue
				}
			}
			if mode&wire.AllowLoneSurrogates != 0 {
				i += 6
				continue
			}
			return i, escaped, wire.LoneSurrogate
		case c < 0x20:
			return i, escaped, wire.ControlInString
		case c < utf8.RuneSelf:
			i++
		default:
			r, n := utf8.DecodeRune(s[i:])
			if r == utf8.RuneError && n == 1 {
				if mode&wire.AllowInvalidUTF8 == 0 {
					return i, escaped, wire.BadUTF8
				}
			}
			i += n
		}
	}
}

func FuzzScanString(f *testing.F) {
	for _, s := range []string{`"abc"`, `"\u00e9\uD83D\uDE00"`, "\"\xff\"", `"\uD800"`, `"\x"`, `"abc`, "\"ab\x01\"", "\"Привет\\n мир\""} {
		f.Add([]byte(s), uint8(0))
	}
	f.Fuzz(func(t *testing.T, body []byte, mode uint8) {
		m := wire.Mode(mode) & lax
		s := append([]byte{'"'}, body...)
		end, esc, code := wire.ScanString(s, 0, m)
		wend, wesc, wcode := refScanString(s, 0, m)
		if code != wcode {
			t.Fatalf("ScanString(%q, %d) = %d, %v, %v; reference %d, %v, %v", s, m, end, esc, code, wend, wesc, wcode)
		}
		if code == wire.OK && (end != wend || esc != wesc) {
			t.Fatalf("ScanString(%q, %d) = %d, %v; reference %d, %v", s, m, end, esc, wend, wesc)
		}
		if code != wire.OK && (end < 1 || end > len(s)) {
			t.Fatalf("ScanString(%q, %d) error at %d, outside the input", s, m, end)
		}
		if code == wire.OK && m == strict {
			if !utf8.Valid(s[:end]) {
				t.Fatalf("strict ScanString accepted invalid UTF-8 %q", s[:end])
			}
		}
	})
}

// refShortString is the length QuoteLen finds: that of the rest of the
// token if its closing quote is among the eight bytes and every byte before
// it is plain printable ASCII other than the backslash, otherwise 0.
func refShortString(b [8]byte) int {
	for k, c := range b {
		switch {
		case c == '"':
			return k + 1
		case c < 0x20 || c >= 0x80 || c == '\\':
			return 0
		}
	}
	return 0
}

// refPlain8 is a word StringSpecial flags nothing in: every byte is plain
// printable ASCII other than the quote and the backslash.
func refPlain8(b [8]byte) bool {
	for _, c := range b {
		if c == '"' || c == '\\' || c < 0x20 || c >= 0x80 {
			return false
		}
	}
	return true
}

// refPlainLen is PlainLen's contract: the count of leading bytes that
// refPlain8 would take for plain.
func refPlainLen(b [8]byte) int {
	for i, c := range b {
		if c == '"' || c == '\\' || c < 0x20 || c >= 0x80 {
			return i
		}
	}
	return 8
}

// refTextLen is TextLen's contract: refPlainLen with bytes of 0x80 and
// above taken.
func refTextLen(b [8]byte) int {
	for i, c := range b {
		if c == '"' || c == '\\' || c < 0x20 {
			return i
		}
	}
	return 8
}

// checkStringWord checks StringSpecial and QuoteLen on the word b.
func checkStringWord(t *testing.T, b [8]byte) {
	t.Helper()
	x := binary.LittleEndian.Uint64(b[:])
	m := wire.StringSpecial(x)
	if got, want := m == 0, refPlain8(b); got != want {
		t.Fatalf("StringSpecial(%q) = %#x, want it zero: %v", b, m, want)
	}
	if m != 0 {
		if got, want := wire.QuoteLen(x, m), refShortString(b); got != want {
			t.Fatalf("QuoteLen(%q) = %d, want %d", b, got, want)
		}
	}
}

func TestStringWord(t *testing.T) {
	classes := []byte{'a', ' ', '~', 0x7f, '"', '\\', 0x00, 0x1f, 0x80, 0xc3, 0xff}
	// Every placement of two interesting bytes in a word of 'a's.
	for p := 0; p < 8; p++ {
		for q := p; q < 8; q++ {
			for _, c1 := range classes {
				for _, c2 := range classes {
					var b [8]byte
					for i := range b {
						b[i] = 'a'
					}
					b[p], b[q] = c1, c2
					x := binary.LittleEndian.Uint64(b[:])
					checkStringWord(t, b)
					if got, want := wire.PlainLen(x), refPlainLen(b); got != want {
						t.Fatalf("PlainLen(%q) = %d, want %d", b, got, want)
					}
					if got, want := wire.TextLen(x), refTextLen(b); got != want {
						t.Fatalf("TextLen(%q) = %d, want %d", b, got, want)
					}
				}
			}
		}
	}
}

func FuzzStringWord(f *testing.F) {
	f.Add(uint64(0x2222222222222222))
	f.Add(binary.LittleEndian.Uint64([]byte(`abc",1}x`)))
	f.Fuzz(func(t *testing.T, x uint64) {
		var b [8]byte
		binary.LittleEndian.PutUint64(b[:], x)
		checkStringWord(t, b)
		if got, want := wire.PlainLen(x), refPlainLen(b); got != want {
			t.Fatalf("PlainLen(%q) = %d, want %d", b, got, want)
		}
		if got, want := wire.TextLen(x), refTextLen(b); got != want {
			t.Fatalf("TextLen(%q) = %d, want %d", b, got, want)
		}
		// QuoteLen agrees with ScanString wherever it finds the quote.
		if m := wire.StringSpecial(x); m != 0 && wire.QuoteLen(x, m) != 0 {
			n := wire.QuoteLen(x, m)
			s := append([]byte{'"'}, b[:]...)
			if end, esc, code := wire.ScanString(s, 0, strict); code != wire.OK || esc || end != 1+n {
				t.Fatalf("QuoteLen(%q) = %d but ScanString = %d, %v, %v", b, n, end, esc, code)
			}
		}
	})
}

// TestScanStringThreeByteRuns: every three-byte lead with every second
// byte, at each place in a run of CJK characters (which ScanString checks
// four, then two at a time, then one at a time), and with every last byte
// class, agrees with the reference scanner.
func TestScanStringThreeByteRuns(t *testing.T) {
	const han = "\xe4\xb8\x80" // U+4E00
	for lead := 0xE0; lead <= 0xEF; lead++ {
		for c1 := 0x70; c1 <= 0xC0; c1++ {
			for _, c2 := range []byte{0x7F, 0x80, 0xBF, 0xC0} {
				seq := string([]byte{byte(lead), byte(c1), c2})
				for before := 0; before < 8; before++ {
					for after := 0; after < 6; after++ {
						s := []byte(`"` + strings.Repeat(han, before) + seq + strings.Repeat(han, after) + `"`)
						end, esc, code := wire.ScanString(s, 0, strict)
						wend, wesc, wcode := refScanString(s, 0, strict)
						if code != wcode || end != wend || esc != wesc {
							t.Fatalf("ScanString(%q) = %d, %v, %v; reference %d, %v, %v", s, end, esc, code, wend, wesc, wcode)
						}
					}
				}
			}
		}
	}
}
