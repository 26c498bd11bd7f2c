package schema

import (
	"math/big"
	"strconv"
	"testing"

	"github.com/graftjson/graft/internal/wire"
)

// FuzzNumbers: the decimal reading orders numbers as math/big does, the
// quick float reading agrees with strconv, and isMultiple agrees with
// exact rational arithmetic.
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
		if qf, ok := quickFloat([]byte(a)); ok {
			if want, _ := strconv.ParseFloat(a, 64); qf != want {
				t.Fatalf("quickFloat(%s) = %v, want %v", a, qf, want)
			}
		}
		if rb.Sign() > 0 && y.point-x.point < 4096 && x.point-y.point < 4096 {
			q := new(big.Rat).Quo(ra, rb)
			if got := isMultiple(&x, &y, []byte(a), []byte(b)); got != q.IsInt() {
				t.Fatalf("isMultiple(%s, %s) = %v, want %v", a, b, got, q.IsInt())
			}
		}
	})
}
