package bench

// Review: canonical numbers (RFC 8785, section 3.2.2.3) against jsontext on
// random float64 values written in many equivalent forms.

import (
	"math"
	"math/rand"
	"strconv"
	"strings"
	"testing"
)

// reviewForms writes f as JSON number texts of the same value (or of values
// that round to f): shortest, 17 digits, exponent shifted, padded zeros.
func reviewForms(r *rand.Rand, f float64) []string {
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

func TestReviewCanonicalNumbers(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	bad := 0
	for i := 0; i < 30000 && bad < 10; i++ {
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
		for _, form := range reviewForms(r, f) {
			in := []byte("[" + form + "]")
			if _, err := compareCanonical(in); err != nil {
				bad++
				t.Errorf("%s: %v", in, err)
			}
		}
	}
}
