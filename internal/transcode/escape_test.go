package transcode

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestAppendEscaped: the contents, quoted, read back as the same string,
// with every byte position of every escaped byte in an eight-byte word.
func TestAppendEscaped(t *testing.T) {
	for _, special := range []string{`"`, `\`, "\n", "\r", "\t", "\x00", "\x1f", "\x7f", "é", "\u2028"} {
		for pos := range 17 {
			s := strings.Repeat("a", pos) + special + strings.Repeat("b", 17-pos)
			out := append(AppendEscaped([]byte(`"`), []byte(s)), '"')
			var back string
			if err := json.Unmarshal(out, &back); err != nil || back != s {
				t.Fatalf("AppendEscaped(%q) = %s (%v)", s, out, err)
			}
			if strings.Contains(special, "\x7f") || strings.Contains(special, "é") || special == "\u2028" {
				if string(out) != `"`+s+`"` {
					t.Fatalf("AppendEscaped(%q) escaped what needs no escape: %s", s, out)
				}
			}
		}
	}
}

// FuzzAppendEscaped: any text escapes to a JSON string of itself.
func FuzzAppendEscaped(f *testing.F) {
	f.Add([]byte("plain ascii text of some length"))
	f.Add([]byte("\"\\\x01é\n\t"))
	f.Fuzz(func(t *testing.T, b []byte) {
		if !utf8.Valid(b) {
			return // AppendEscaped takes valid UTF-8
		}
		out := append(AppendEscaped([]byte(`"`), b), '"')
		var back string
		if err := json.Unmarshal(out, &back); err != nil || back != string(b) {
			t.Fatalf("AppendEscaped(%q) = %s (%v)", b, out, err)
		}
	})
}
