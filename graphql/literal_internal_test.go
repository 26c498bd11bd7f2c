package graphql

import (
	"math/rand"
	"testing"
)

// textRun agrees with the byte-at-a-time loop it speeds up.
func TestTextRun(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	alphabet := []byte("ab \"\\\x00\x1f\x7f\x80\xff~ !")
	for n := 0; n < 20000; n++ {
		b := make([]byte, rng.Intn(40))
		for i := range b {
			if rng.Intn(4) == 0 {
				b[i] = alphabet[rng.Intn(len(alphabet))]
			} else {
				b[i] = byte('a' + rng.Intn(26))
			}
		}
		s := string(b)
		from := 0
		if len(s) > 0 {
			from = rng.Intn(len(s))
		}
		want, wantWide := from, false
		for ; want < len(s) && (plainString[s[want]] || s[want] >= 0x80); want++ {
			wantWide = wantWide || s[want] >= 0x80
		}
		if got, wide := textRun(s, from); got != want || wide != wantWide {
			t.Fatalf("textRun(%q, %d) = %d, %v, want %d, %v", s, from, got, wide, want, wantWide)
		}
	}
}
