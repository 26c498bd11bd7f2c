package bench

// Canonical printing (RFC 8785) against jsontext on random inputs: numbers
// written in many equivalent forms, and objects of random names written raw
// or escaped.

import (
	"fmt"
	"math"
	"math/rand"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"
)

// tally counts the inputs of a test that compareCanonical compared, those
// printed identically, and the disagreements.
type tally struct{ n, same, bad int }

func (c *tally) compare(t *testing.T, in []byte) {
	identical, err := compareCanonical(in)
	if err != nil {
		c.bad++
		t.Errorf("%s: %v", in, err)
	}
	c.n++
	if identical {
		c.same++
	}
}

// numberForms writes f as JSON number texts of the same value (or of values
// that round to f): shortest, 17 digits, exponent shifted, padded zeros.
func numberForms(r *rand.Rand, f float64) []string {
	s := strconv.FormatFloat(f, 'e', -1, 64)
	mant, exp, _ := strings.Cut(s, "e")
	e, _ := strconv.Atoi(exp)
	digits := strings.Replace(mant, ".", "", 1)
	neg := strings.HasPrefix(digits, "-")
	digits = strings.TrimPrefix(digits, "-")
	sign := ""
	if neg {
		sign = "-"
	}
	forms := []string{
		s, strconv.FormatFloat(f, 'e', 16, 64), strconv.FormatFloat(f, 'g', 17, 64),
		sign + digits + "e" + strconv.Itoa(e-len(digits)+1),
		sign + "0." + digits + "E+" + strconv.Itoa(e+1),
		sign + digits + "000e" + strconv.Itoa(e-len(digits)-2),
		sign + "0.000" + digits + "e" + strconv.Itoa(e+4),
	}
	if math.Abs(f) < 1e30 && math.Abs(f) > 1e-30 {
		forms = append(forms, strconv.FormatFloat(f, 'f', -1, 64), strconv.FormatFloat(f, 'f', 20, 64))
	}
	return forms
}

// TestCanonicalRandomNumbers: RFC 8785, section 3.2.2.3, on random float64
// values written in many equivalent forms, against jsontext.
func TestCanonicalRandomNumbers(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	var c tally
	for i := 0; i < 10000 && c.bad < 10; i++ {
		var f float64
		switch i % 3 {
		case 0:
			f = math.Float64frombits(r.Uint64())
		case 1:
			f = float64(r.Int63n(1<<53)) * math.Pow(10, float64(r.Intn(60)-30))
		default:
			f = math.Ldexp(r.Float64(), r.Intn(2100)-1074)
		}
		if math.IsNaN(f) || math.IsInf(f, 0) {
			continue
		}
		for _, form := range numberForms(r, f) {
			c.compare(t, []byte("["+form+"]"))
		}
	}
	// The rest are numbers beyond the float64 range (ErrRange, the
	// documented difference); most must have been compared.
	if c.same < c.n*9/10 {
		t.Fatalf("only %d of %d numbers printed the same as jsontext's", c.same, c.n)
	}
}

var nameRunes = []rune{0, 1, 0x1f, ' ', '"', '\\', '/', 'a', 'z', 0x7f, 0x80, 0xff, 0x100, 0x7ff, 0x800, 0x2028, 0xd7ff, 0xe000, 0xefff, 0xf000, 0xfb33, 0xfffd, 0xffff, 0x10000, 0x1f600, 0x10ffff}

func randomString(r *rand.Rand) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := r.Intn(12); i > 0; i-- {
		c := nameRunes[r.Intn(len(nameRunes))]
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

// TestCanonicalRandomNames: RFC 8785, sections 3.2.2.2 and 3.2.3, on
// objects of random names and strings written raw or escaped, against
// jsontext.
func TestCanonicalRandomNames(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	var c tally
	for i := 0; i < 5000 && c.bad < 10; i++ {
		var b strings.Builder
		b.WriteByte('{')
		for j := r.Intn(40); j >= 0; j-- {
			b.WriteString(randomString(r) + ":" + randomString(r) + ",")
		}
		c.compare(t, []byte(strings.TrimSuffix(b.String(), ",")+"}"))
	}
	// An object that happens to give a name twice fails in both (about
	// half of them); the others must print the same.
	if c.same < c.n/3 {
		t.Fatalf("only %d of %d objects printed the same as jsontext's", c.same, c.n)
	}
}
