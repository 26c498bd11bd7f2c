package graft_test

import (
	"errors"
	"math"
	"math/rand"
	"strconv"
	"strings"
	"testing"

	"github.com/graftjson/graft"
)

// ecmaNumber is ECMAScript's Number::toString(v) for a finite v, written
// from the spec's steps (ECMA-262, 6.1.6.1.20).
func ecmaNumber(v float64) string {
	if v == 0 {
		return "0"
	}
	sign := ""
	if v < 0 {
		sign, v = "-", -v
	}
	e := strconv.FormatFloat(v, 'e', -1, 64) // d.ddde±xx
	mant, exp, _ := strings.Cut(e, "e")
	digits := strings.Replace(mant, ".", "", 1)
	x, _ := strconv.Atoi(exp)
	k, n := len(digits), x+1
	switch {
	case k <= n && n <= 21:
		return sign + digits + strings.Repeat("0", n-k)
	case 0 < n && n <= 21:
		return sign + digits[:n] + "." + digits[n:]
	case -6 < n && n <= 0:
		return sign + "0." + strings.Repeat("0", -n) + digits
	}
	es := "+"
	if n-1 < 0 {
		es = "-"
	}
	m := digits[:1]
	if k > 1 {
		m += "." + digits[1:]
	}
	return sign + m + "e" + es + strconv.Itoa(abs(n-1))
}

func abs(i int) int {
	if i < 0 {
		return -i
	}
	return i
}

// TestNewFloatECMAScript: NewFloat writes what ECMAScript writes, refuses NaN
// and the infinities, and Canonical prints the same.
func TestNewFloatECMAScript(t *testing.T) {
	var d graft.Doc
	for _, v := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		before := d.Size()
		if r, err := d.NewFloat(v); r != 0 || !errors.Is(err, graft.ErrRange) || d.Size() != before {
			t.Errorf("NewFloat(%v) = %d, %v", v, r, err)
		}
	}
	vals := []float64{1, -1, 0.1, 1e21, 1e-6, 1e-7, 9.999999999999999e-7, 999999999999999900000, 1e20, 123456789012345680000,
		5e-324, -5e-324, math.MaxFloat64, math.SmallestNonzeroFloat64, 1.5e-300, 1e300, 0.000001234, 1.7976931348623157e308, 2.2250738585072014e-308}
	rng := rand.New(rand.NewSource(3))
	for i := 0; i < 100000; i++ {
		switch i % 3 {
		case 0:
			vals = append(vals, math.Float64frombits(rng.Uint64()))
		case 1:
			vals = append(vals, rng.Float64()*math.Pow(10, float64(rng.Intn(50)-25)))
		default:
			vals = append(vals, float64(rng.Int63n(1<<62))*math.Pow(10, float64(rng.Intn(14)-7)))
		}
	}
	for _, v := range vals {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			continue
		}
		r, err := d.NewFloat(v)
		if err != nil {
			t.Fatalf("NewFloat(%v): %v", v, err)
		}
		if got, want := string(d.Raw(r)), ecmaNumber(v); got != want && v != 0 {
			t.Fatalf("NewFloat(%v) = %s; ECMAScript writes %s", v, got, want)
		}
		if c, err := d.AppendCanonical(nil, r); err != nil || string(c) != ecmaNumber(v) {
			t.Fatalf("AppendCanonical(NewFloat(%v)) = %s, %v; want %s", v, c, err, ecmaNumber(v))
		}
		// The parsed text canonicalizes the same.
		p := mustAppend(t, &d, strconv.FormatFloat(v, 'g', -1, 64))
		if c, err := d.AppendCanonical(nil, p); err != nil || string(c) != ecmaNumber(v) {
			t.Fatalf("AppendCanonical(%s) = %s, %v; want %s", d.Raw(p), c, err, ecmaNumber(v))
		}
		if d.Size() > 1<<20 {
			d.Reset()
		}
	}
}

// TestNewNumberTexts: NewNumber takes exactly the RFC 8259 grammar.
func TestNewNumberTexts(t *testing.T) {
	good := []string{"0", "-0", "1", "-1", "1.5", "1e5", "1E5", "1e+5", "1e-5", "0.0", "-0.0e-0", "123456789012345678901234567890", "1.0E+2"}
	bad := []string{"", "-", "+1", "01", "-01", "1.", ".1", "1e", "1e+", "1e-", "1.e5", "0x1", "1 ", " 1", "1,", "NaN", "Infinity", "-Infinity", "1.5.5", "1e5e5", "--1", "1\x00", "١", "0.", "-.5", "00"}
	var d graft.Doc
	for _, s := range good {
		r, err := d.NewNumber(s)
		if err != nil || string(d.Raw(r)) != s || d.Kind(r) != graft.Number {
			t.Errorf("NewNumber(%q) = %s, %v", s, d.Raw(r), err)
		}
	}
	for _, s := range bad {
		before := d.Size()
		r, err := d.NewNumber(s)
		var e *graft.Error
		if r != 0 || !errors.As(err, &e) || !errors.Is(err, graft.ErrSyntax) || d.Size() != before {
			t.Errorf("NewNumber(%q) = %d, %v; want an *Error wrapping ErrSyntax", s, r, err)
		}
	}
}
