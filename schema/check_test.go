package schema

import (
	"strings"
	"testing"
)

// TestQuotedName: a declared name's text compares equal to exactly the
// same text, whatever its length and wherever another text differs.
func TestQuotedName(t *testing.T) {
	for n := 0; n <= 20; n++ {
		name := strings.Repeat("abcdefghij", 2)[:n]
		q := newQuotedName(name)
		text := `"` + name + `"`
		if !q.equal([]byte(text)) {
			t.Fatalf("%s: not equal to itself", text)
		}
		for i := range text {
			b := []byte(text)
			b[i] ^= 0x20
			if q.equal(b) {
				t.Fatalf("%s: equal to %s", text, b)
			}
		}
		for _, other := range []string{text[:len(text)-1], text + "x", `"` + name + `x"`, ""} {
			if q.equal([]byte(other)) {
				t.Fatalf("%s: equal to %s", text, other)
			}
		}
	}
}
