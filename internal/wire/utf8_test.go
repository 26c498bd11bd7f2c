package wire_test

import (
	"testing"
	"unicode/utf8"

	"github.com/graftjson/graft/internal/wire"
)

// TestValidUTF8Exhaustive compares ValidUTF8 with unicode/utf8.Valid on
// every sequence of one, two and three bytes, and on four-byte sequences
// with every lead and first continuation byte, each behind ASCII prefixes
// of several lengths (so that the eight-byte path meets them at every lane).
func TestValidUTF8Exhaustive(t *testing.T) {
	if testing.Short() {
		t.Skip("16 million sequences")
	}
	check := func(s []byte) {
		if got, want := wire.ValidUTF8(s), utf8.Valid(s); got != want {
			t.Fatalf("ValidUTF8(%q) = %v, utf8.Valid %v", s, got, want)
		}
	}
	buf := make([]byte, 0, 16)
	for a := 0; a < 256; a++ {
		check([]byte{byte(a)})
		for b := 0; b < 256; b++ {
			check([]byte{byte(a), byte(b)})
			for c := 0; c < 256; c++ {
				check([]byte{byte(a), byte(b), byte(c)})
			}
		}
	}
	tails := []byte{0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0xbf, 0xc0, 0xff}
	for prefix := 0; prefix < 10; prefix++ {
		for a := 0xc0; a < 256; a++ {
			for b := 0; b < 256; b++ {
				for _, c := range tails {
					for _, e := range tails {
						buf = buf[:0]
						for i := 0; i < prefix; i++ {
							buf = append(buf, 'x')
						}
						check(append(buf, byte(a), byte(b), c, e))
					}
				}
			}
		}
	}
}

func FuzzValidUTF8(f *testing.F) {
	for _, s := range []string{"", "abc", "é€😀", "\xff", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xe2\x82", "abcdefgh\xc3"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, s []byte) {
		if got, want := wire.ValidUTF8(s), utf8.Valid(s); got != want {
			t.Fatalf("ValidUTF8(%q) = %v, utf8.Valid %v", s, got, want)
		}
		// ScanString judges the same bytes the same way.
		tok := append(append([]byte{'"'}, stripSpecial(s)...), '"')
		_, _, code := wire.ScanString(tok, 0, strict)
		if (code == wire.OK) != utf8.Valid(tok) {
			t.Fatalf("ScanString(%q) = %v, utf8.Valid %v", tok, code, utf8.Valid(tok))
		}
	})
}

// stripSpecial drops the ASCII bytes a string token cannot hold as they
// are: quotes, backslashes and control characters.
func stripSpecial(s []byte) []byte {
	var out []byte
	for _, c := range s {
		if c >= 0x20 && c != '"' && c != '\\' {
			out = append(out, c)
		}
	}
	return out
}
