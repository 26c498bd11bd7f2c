package schema

import (
	"math/big"
	"strconv"
	"testing"

	"github.com/graftjson/graft/internal/wire"
)

// FuzzNumbers: the decimal reading orders numbers as math/big does; the
// one-scan reading of an instance holds the same number and orders numbers
// the same way, as do integer spans of bounds; isMultiple agrees with exact
// rational arithmetic.
func FuzzNumbers(f *testing.F) {
	for _, p := range [][2]string{{"19.99", "0.01"}, {"1e308", "0.123456789"}, {"-0", "0"}, {"1.0", "1"},
		{"12345678901234567890.5", "0.5"}, {"0.0001", "1e-4"}, {"42.50", "42.5"}, {"7", "-2"}} {
		f.Add(p[0], p[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		for _, s := range []string{a, b} {
			if s == "" || len(s) > 40 { // ScanNumber wants a byte; big.Rat slows with long texts
				return
			}
			if end, code := wire.ScanNumber([]byte(s), 0); code != wire.OK || end != len(s) {
				return
			}
		}
		x, y := parseDecimal([]byte(a)), parseDecimal([]byte(b))
		yi, yInt := smallInt([]byte(b))
		yf, err := strconv.ParseFloat(b, 64)
		yFloat := err == nil
		ra, _ := new(big.Rat).SetString(a)
		rb, _ := new(big.Rat).SetString(b)
		if ra == nil || rb == nil {
			return
		}
		if got, want := cmpDecimal(&x, &y), ra.Cmp(rb); got != want {
			t.Fatalf("cmp(%s, %s) = %d, want %d", a, b, got, want)
		}
		if got, want := x.isInt(), ra.IsInt(); got != want {
			t.Fatalf("isInt(%s) = %v, want %v", a, got, want)
		}
		xr := readNumber([]byte(a))
		if xr.short && new(big.Rat).SetFrac(big.NewInt(xr.v), big.NewInt(pow10i[xr.frac])).Cmp(ra) != 0 {
			t.Fatalf("readNumber(%s) = %d / 10^%d", a, xr.v, xr.frac)
		}
		if bi, ok := smallInt([]byte(b)); ok && xr.short && xr.frac <= 9 {
			bd := &bound{dec: y, i: bi, isInt: true}
			c := ra.Cmp(rb)
			for _, k := range []struct {
				name string
				n    node
				want bool
			}{{"minimum", node{minimum: bd}, c >= 0}, {"exclusiveMinimum", node{exclMin: bd}, c > 0},
				{"maximum", node{maximum: bd}, c <= 0}, {"exclusiveMaximum", node{exclMax: bd}, c < 0}} {
				if sp := newSpan(&k.n); sp.ok && sp.holds(&xr) != k.want {
					t.Fatalf("%s %s: span holds %s = %v", k.name, b, a, !k.want)
				}
			}
		}
		if xr.integer([]byte(a)) != ra.IsInt() {
			t.Fatalf("readNumber(%s).integer() = %v", a, xr.integer([]byte(a)))
		}
		if got, want := xr.cmp([]byte(a), &bound{text: []byte(b), dec: y, i: yi, isInt: yInt, f: yf, isFloat: yFloat}), ra.Cmp(rb); got != want {
			t.Fatalf("readNumber(%s).cmp(%s) = %d, want %d", a, b, got, want)
		}
		if rb.Sign() > 0 && y.point-x.point < 4096 && x.point-y.point < 4096 {
			q := new(big.Rat).Quo(ra, rb)
			if got := isMultiple(&x, &y, []byte(a), []byte(b)); got != q.IsInt() {
				t.Fatalf("isMultiple(%s, %s) = %v, want %v", a, b, got, q.IsInt())
			}
		}
	})
}
