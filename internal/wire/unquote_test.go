package wire_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/graftjson/graft/internal/wire"
)

func TestAppendUnquote(t *testing.T) {
	cases := []struct{ tok, want string }{
		{`""`, ""},
		{`"abc"`, "abc"},
		{`"\"\\\/\b\f\n\r\t"`, "\"\\/\b\f\n\r\t"},
		{`"\u0000\u0041\u00e9\u00E9\u20ac\uFFFF"`, "\x00Aéé€\uFFFF"},
		{`"\uD83D\uDE00\ud83d\ude01"`, "😀😁"},
		{`"x\uD800y"`, "x\uFFFDy"},
		{`"\uDC00"`, "\uFFFD"},
		{`"\uD800\uD800\uDC00"`, "\uFFFD\U00010000"},
		{`"\uD800\u0041"`, "\uFFFDA"},
		{`"\uD800"`, "\uFFFD"},
		{"\"\xff\xc0\"", "\xff\xc0"}, // passed through (AllowInvalidUTF8)
		{`"\\u0041"`, `\u0041`},
		{`"` + strings.Repeat("ab", 20) + `\n"`, strings.Repeat("ab", 20) + "\n"},
	}
	for _, c := range cases {
		got := string(wire.AppendUnquote([]byte("pre"), []byte(c.tok)))
		if got != "pre"+c.want {
			t.Errorf("AppendUnquote(%s) = %q, want %q", c.tok, got, "pre"+c.want)
		}
		if !wire.EqualUnquoted([]byte(c.tok), c.want) {
			t.Errorf("EqualUnquoted(%s, %q) = false", c.tok, c.want)
		}
		for _, other := range []string{c.want + "x", "x" + c.want, strings.TrimSuffix(c.want, c.want[max(0, len(c.want)-1):])} {
			if other != c.want && wire.EqualUnquoted([]byte(c.tok), other) {
				t.Errorf("EqualUnquoted(%s, %q) = true", c.tok, other)
			}
		}
	}
}

// FuzzUnquote: for every token ScanString accepts, AppendUnquote agrees
// with encoding/json (which also turns lone surrogates into U+FFFD) and
// EqualUnquoted agrees with AppendUnquote.
func FuzzUnquote(f *testing.F) {
	for _, s := range []string{`"abc"`, `"\u00e9\n"`, `"\uD83D\uDE00"`, `"\uD800x"`, `"\\\"\/"`} {
		f.Add([]byte(s), "abc")
	}
	f.Fuzz(func(t *testing.T, tok []byte, other string) {
		end, _, code := wire.ScanString(tok, 0, wire.AllowLoneSurrogates)
		if len(tok) == 0 || tok[0] != '"' || code != wire.OK || end != len(tok) {
			return
		}
		got := string(wire.AppendUnquote(nil, tok))
		var std string
		if err := json.Unmarshal(tok, &std); err != nil || std != got {
			t.Fatalf("AppendUnquote(%s) = %q, encoding/json %q, %v", tok, got, std, err)
		}
		if !wire.EqualUnquoted(tok, got) {
			t.Fatalf("EqualUnquoted(%s, %q) = false", tok, got)
		}
		if wire.EqualUnquoted(tok, other) != (other == got) {
			t.Fatalf("EqualUnquoted(%s, %q) = %v, decoded %q", tok, other, !(other == got), got)
		}
	})
}
