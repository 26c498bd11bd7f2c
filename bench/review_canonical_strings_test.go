package bench

// Review: canonical strings and member order (RFC 8785, sections 3.2.2.2
// and 3.2.3) against jsontext on random names written raw or escaped.

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"unicode/utf16"
)

var reviewRunes = []rune{0, 1, 0x1f, ' ', '"', '\\', '/', 'a', 'z', 0x7f, 0x80, 0xff, 0x100, 0x7ff, 0x800, 0x2028, 0xd7ff, 0xe000, 0xefff, 0xf000, 0xfb33, 0xfffd, 0xffff, 0x10000, 0x1f600, 0x10ffff}

func reviewString(r *rand.Rand) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := r.Intn(12); i > 0; i-- {
		c := reviewRunes[r.Intn(len(reviewRunes))]
		switch {
		case c < 0x20 || c == '"' || c == '\\' || r.Intn(2) == 0:
			if c > 0xffff {
				hi, lo := utf16.EncodeRune(c)
				fmt.Fprintf(&b, `\u%04x\u%04X`, hi, lo)
			} else if c == '/' && r.Intn(2) == 0 {
				b.WriteString(`\/`)
			} else {
				fmt.Fprintf(&b, `\u%04x`, c)
			}
		default:
			b.WriteRune(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

func TestReviewCanonicalStrings(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	bad := 0
	for i := 0; i < 20000 && bad < 10; i++ {
		var b strings.Builder
		b.WriteByte('{')
		for j := r.Intn(40); j >= 0; j-- {
			b.WriteString(reviewString(r) + ":" + reviewString(r) + ",")
		}
		in := []byte(strings.TrimSuffix(b.String(), ",") + "}")
		if _, err := compareCanonical(in); err != nil {
			bad++
			t.Errorf("%s: %v", in, err)
		}
	}
}
