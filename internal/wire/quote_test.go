package wire_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/graftjson/graft/internal/wire"
)

func TestAppendQuoteEveryByte(t *testing.T) {
	for c := 0; c < 256; c++ {
		got := string(wire.AppendQuote([]byte("x"), string([]byte{byte(c)})))
		var want string
		switch {
		case c == '"':
			want = `"\""`
		case c == '\\':
			want = `"\\"`
		case c == '\b':
			want = `"\b"`
		case c == '\f':
			want = `"\f"`
		case c == '\n':
			want = `"\n"`
		case c == '\r':
			want = `"\r"`
		case c == '\t':
			want = `"\t"`
		case c < 0x20:
			want = fmt.Sprintf(`"\u%04x"`, c)
		case c < 0x80:
			want = `"` + string(rune(c)) + `"`
		default:
			want = "\"\uFFFD\""
		}
		if got != "x"+want {
			t.Errorf("AppendQuote(%#02x) = %q, want %q", c, got, "x"+want)
		}
		if got := string(wire.AppendQuote([]byte("x"), []byte{byte(c)})); got != "x"+want {
			t.Errorf("AppendQuote([]byte{%#02x}) = %q, want %q", c, got, "x"+want)
		}
	}
}

func TestAppendQuote(t *testing.T) {
	cases := []struct{ in, want string }{
		{"", `""`},
		{"plain text", `"plain text"`},
		{"<a href='x'>&amp;</a>", `"<a href='x'>&amp;</a>"`},
		{"a/b", `"a/b"`},
		{"é€😀\u2028", "\"é€😀\u2028\""},
		{"\uFFFD", "\"\uFFFD\""},
		{"a\xffb\xc3", "\"a\uFFFDb\uFFFD\""},
		{"\xed\xa0\x80", "\"\uFFFD\uFFFD\uFFFD\""},
		{strings.Repeat("x", 30) + "\"", `"` + strings.Repeat("x", 30) + `\""`},
	}
	for _, c := range cases {
		if got := string(wire.AppendQuote(nil, c.in)); got != c.want {
			t.Errorf("AppendQuote(%q) = %q, want %q", c.in, got, c.want)
		}
		if got := string(wire.AppendQuote(nil, []byte(c.in))); got != c.want {
			t.Errorf("AppendQuote([]byte(%q)) = %q, want %q", c.in, got, c.want)
		}
	}
	// Bytes are quoted without converting them to a string.
	long := []byte(strings.Repeat("é\\x\xff", 100))
	dst := make([]byte, 0, 2048)
	if n := testing.AllocsPerRun(100, func() { dst = wire.AppendQuote(dst[:0], long) }); n != 0 {
		t.Errorf("AppendQuote of %d bytes: %v allocations, want 0", len(long), n)
	}
}

// FuzzQuoteRoundTrip: AppendQuote gives (from a string or its bytes
// alike) a valid strict string token that decodes (by AppendUnquote and by
// encoding/json) to s with every byte that is not UTF-8 replaced by U+FFFD.
func FuzzQuoteRoundTrip(f *testing.F) {
	for _, s := range []string{"", "a\"b\\c", "\x00\x1f\x7f", "é\xff", "\xed\xa0\x80", strings.Repeat("q", 40)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tok := wire.AppendQuote(nil, s)
		if b := wire.AppendQuote(nil, []byte(s)); string(b) != string(tok) {
			t.Fatalf("AppendQuote of %q as bytes = %q, as a string %q", s, b, tok)
		}
		end, esc, code := wire.ScanString(tok, 0, strict)
		if code != wire.OK || end != len(tok) {
			t.Fatalf("AppendQuote(%q) = %q, which ScanString rejects: %d, %v", s, tok, end, code)
		}
		want := string([]rune(s)) // each invalid byte becomes U+FFFD
		if got := string(wire.AppendUnquote(nil, tok)); got != want {
			t.Fatalf("AppendUnquote(AppendQuote(%q)) = %q, want %q", s, got, want)
		}
		if !wire.EqualUnquoted(tok, want) {
			t.Fatalf("EqualUnquoted(%q, %q) = false", tok, want)
		}
		var std string
		if err := json.Unmarshal(tok, &std); err != nil || std != want {
			t.Fatalf("encoding/json reads %q as %q, %v", tok, std, err)
		}
		if strings.ContainsRune(string(tok), '\\') != esc {
			t.Fatalf("escaped = %v for %q", esc, tok)
		}
	})
}
