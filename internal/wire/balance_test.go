package wire

import (
	"bytes"
	"math/rand"
	"strings"
	"testing"
)

// scanBalance is Balance.Blocks byte by byte, without the 64-byte limit,
// from s[i] in the state depth, inString: where the container ends
// (Balanced), or where the depth first exceeds maxDepth (TooDeep), or More
// at the end of s.
func scanBalance(s []byte, i, depth int, inString bool, maxDepth int) (int, BalanceStatus) {
	escaped := inString && Escaped(s, i)
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case inString && escaped:
			escaped = false
		case inString && c == '\\':
			escaped = true
		case inString:
			inString = c != '"'
		case c == '"':
			inString = true
		case c == '[' || c == '{':
			if depth++; depth > maxDepth {
				return i, TooDeep
			}
		case c == ']' || c == '}':
			if depth--; depth == 0 {
				return i + 1, Balanced
			}
		}
	}
	return len(s), More
}

// balance runs Blocks over s from just after its first byte (an opening
// bracket), then scanBalance over the rest from the state Blocks left.
func balance(s []byte, maxDepth int) (int, BalanceStatus) {
	b := Balance{Depth: 1}
	i, st := b.Blocks(s, 1, maxDepth)
	if st != More {
		return i, st
	}
	if len(s)-i >= 64 && HasCompact() {
		panic("Blocks stopped with a block left")
	}
	return scanBalance(s, i, b.Depth, b.InString, maxDepth)
}

// checkBalance holds Balance.Blocks on every kernel of the machine to
// scanBalance.
func checkBalance(t *testing.T, s []byte, maxDepth int) {
	t.Helper()
	wi, ws := scanBalance(s, 0, 0, false, maxDepth)
	kernels := Kernels()
	if len(kernels) == 0 {
		kernels = []string{""} // the portable build
	}
	for _, k := range kernels {
		restore := UseKernel(k)
		gi, gs := balance(s, maxDepth)
		restore()
		if gi != wi || gs != ws {
			t.Fatalf("Balance over %q (limit %d, kernel %q): %d, %d; want %d, %d", s, maxDepth, k, gi, gs, wi, ws)
		}
	}
}

func TestBalance(t *testing.T) {
	cases := []string{
		`[]`, `{}`, `[1,2,3]`, `{"a":[1,{"b":"]"}]}`, `["\"]", "\\", "\\\"]"]`, `[[[[[]]]]]`,
		`["}"]`, `{"a":"\\\\\\\\"}`, `[`, `["`, `[1,[2`,
	}
	for _, c := range cases {
		for pad := 0; pad < 140; pad++ {
			inner := strings.Repeat(" ", pad)
			s := []byte(c[:1] + inner + c[1:] + ` , "after" ]`)
			for _, limit := range []int{1, 2, 3, 100} {
				checkBalance(t, s, limit)
			}
			// Padding inside a string too: the escapes move across blocks.
			s = []byte(`["` + strings.Repeat("x", pad) + `\"]", ` + c + `]`)
			checkBalance(t, s, 100)
		}
	}
}

// TestBalanceBackslashRuns puts runs of backslashes before a quote at every
// position around a block boundary.
func TestBalanceBackslashRuns(t *testing.T) {
	for pad := 0; pad < 140; pad++ {
		for n := 0; n < 10; n++ {
			s := []byte(`["` + strings.Repeat("a", pad) + strings.Repeat(`\`, n) + `"]"], 1]`)
			checkBalance(t, s, 10)
		}
	}
}

func TestBalanceRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for range 3000 {
		doc := randomDoc(rng, 6)
		if len(doc) == 0 || (doc[0] != '[' && doc[0] != '{') {
			doc = append(append([]byte("["), doc...), ']')
		}
		doc = append(doc, bytes.Repeat([]byte(" ]"), rng.Intn(40))...)
		checkBalance(t, doc, 1+rng.Intn(8))
		// Cut short: the scan runs out.
		checkBalance(t, doc[:rng.Intn(len(doc))+1], 100)
	}
}
