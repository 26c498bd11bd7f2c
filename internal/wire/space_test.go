package wire_test

import (
	"strings"
	"testing"

	"github.com/graftjson/graft/internal/wire"
)

func TestIsSpace(t *testing.T) {
	for c := 0; c < 256; c++ {
		want := c == ' ' || c == '\t' || c == '\n' || c == '\r'
		if got := wire.IsSpace(byte(c)); got != want {
			t.Errorf("IsSpace(%#02x) = %v", c, got)
		}
	}
}

// TestSkipSpace puts every byte after runs of whitespace of every length
// and mix, from every start, so that the word-at-a-time path and the byte
// loop both see each case at each alignment.
func TestSkipSpace(t *testing.T) {
	runs := []string{" ", "\n", "\t", "\r", "  \n", "\r\n", " \t", "\n    ", "\t\t\n "}
	for _, unit := range runs {
		for n := 0; n <= 20; n++ {
			ws := strings.Repeat(unit, n)
			for c := 0; c < 256; c++ {
				if wire.IsSpace(byte(c)) {
					continue
				}
				for lead := 0; lead < 3; lead++ {
					s := append([]byte(strings.Repeat("x", lead)+ws), byte(c), 'y')
					if got, want := wire.SkipSpace(s, lead), lead+len(ws); got != want {
						t.Fatalf("SkipSpace(%q, %d) = %d, want %d", s, lead, got, want)
					}
				}
			}
			// All whitespace: the end of the input.
			s := []byte(ws)
			if got := wire.SkipSpace(s, 0); got != len(s) {
				t.Fatalf("SkipSpace(%q, 0) = %d, want %d", s, got, len(s))
			}
		}
	}
	// Vertical tab, form feed and NUL are not whitespace.
	for _, s := range []string{"  \v", "\f", "\x00", "        \v"} {
		if got := wire.SkipSpace([]byte(s), 0); got != strings.IndexAny(s, "\v\f\x00") {
			t.Errorf("SkipSpace(%q) = %d", s, got)
		}
	}
}

// TestSkipSpaces: runs of spaces of every length up to 40 followed by
// every byte, from every start, stop at the first byte that is not a space
// unless it lies in the last seven bytes (where the word loop stops); no
// byte past the run is skipped.
func TestSkipSpaces(t *testing.T) {
	for lead := 0; lead < 8; lead++ {
		for n := 0; n <= 40; n++ {
			for c := 0; c < 256; c++ {
				if c == ' ' {
					continue
				}
				for tail := 0; tail < 10; tail++ {
					s := []byte(strings.Repeat("x", lead) + strings.Repeat(" ", n) + string(rune(0)) + strings.Repeat("y", tail))
					s[lead+n] = byte(c)
					got := wire.SkipSpaces(s, lead)
					want := lead + n
					if got > want || got < want && (len(s)-got >= 8 || s[got] != ' ') {
						t.Fatalf("SkipSpaces(%q, %d) = %d, want %d (or a space in the last seven bytes)", s, lead, got, want)
					}
				}
			}
		}
	}
}
