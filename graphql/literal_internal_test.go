package graphql

import (
	"math/rand"
	"testing"
)

// plainRun agrees with the byte-at-a-time loop it speeds up.
func TestPlainRun(t *testing.T) {
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
		want := from
		for want < len(s) && plainString[s[want]] {
			want++
		}
		if got := plainRun(s, from); got != want {
			t.Fatalf("plainRun(%q, %d) = %d, want %d", s, from, got, want)
		}
	}
}
