package transcode

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// checkPlainFloat fails unless PlainFloat, where it decides, agrees with
// strconv.ParseFloat and printing back with AppendFloat. It returns
// whether PlainFloat decided.
func checkPlainFloat(t *testing.T, text string) bool {
	t.Helper()
	d, ok := Split([]byte(text))
	if !ok {
		return false
	}
	f, back, known := PlainFloat(d)
	if !known {
		return false
	}
	want, err := strconv.ParseFloat(text, 64)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	keeps, _ := Keeps(nil, want, []byte(text))
	if f != want || back != keeps {
		t.Fatalf("PlainFloat(%s) = %v, prints back %v; want %v, %v", text, f, back, want, keeps)
	}
	return true
}

// TestPlainFloat: PlainFloat decides the common decimals, and as the slow
// path would, on chosen cases and on random ones: printed doubles (which
// print back), their neighbours in the last digit, and 15 to 17 digit
// roundings of random doubles (as canada.json holds).
func TestPlainFloat(t *testing.T) {
	for _, tc := range []struct {
		text        string
		known, back bool
	}{
		{"0.1", true, true}, {"-65.613616999999977", true, false}, {"43.420273000000009", true, false},
		{"-65.613617", true, true}, {"1.50", true, false}, {"0.30000000000000004", true, true},
		{"0.3000000000000000444", true, false}, {"0.000001", true, true}, {"0.0000001", false, false},
		{"0.0", false, false}, {"1e5", false, false}, {"12", false, false}, {"9007199254740993.5", true, false},
		{"123456789.12345678", true, true},
	} {
		d, _ := Split([]byte(tc.text))
		_, back, known := PlainFloat(d)
		if known != tc.known || back != tc.back {
			t.Errorf("PlainFloat(%s): prints back %v, known %v; want %v, %v", tc.text, back, known, tc.back, tc.known)
		}
		checkPlainFloat(t, tc.text)
	}
	r := rand.New(rand.NewPCG(1, 2))
	decided, eligible := 0, 0
	for range 200000 {
		f := math.Float64frombits(r.Uint64() &^ (1 << 63)) // any positive finite double
		if math.IsInf(f, 0) || math.IsNaN(f) {
			continue
		}
		f = math.Ldexp(math.Abs(math.Remainder(f, 1)), int(r.IntN(70))-20) // mostly 1e-6 .. 1e15
		texts := []string{string(AppendFloat(nil, f)), strconv.FormatFloat(f, 'f', r.IntN(19)+1, 64)}
		for _, s := range texts[:2] {
			if n := len(s); n > 1 && strings.Contains(s, ".") {
				for _, dl := range []byte{1, 9} { // the last digit one up, one down
					b := []byte(s)
					b[n-1] = '0' + (b[n-1]-'0'+dl)%10
					texts = append(texts, string(b))
				}
			}
		}
		for _, s := range texts {
			if strings.ContainsAny(s, "e") || !strings.Contains(s, ".") {
				continue
			}
			d, _ := Split([]byte(s))
			v, _ := strconv.ParseFloat(s, 64)
			if d.Big || d.Mant == 0 || v < 1e-6 || d.Exp < -19 {
				continue
			}
			eligible++
			if checkPlainFloat(t, s) {
				decided++
			} else if testing.Verbose() && eligible-decided < 20 {
				t.Logf("undecided: %s", s)
			}
		}
	}
	if decided < eligible*999/1000 {
		t.Errorf("PlainFloat decided %d of %d random cases", decided, eligible)
	}
}

// FuzzPlainFloat: on any plain decimal PlainFloat decides as the slow path.
func FuzzPlainFloat(f *testing.F) {
	for _, s := range []string{"0.1", "-65.613616999999977", "1.5", "0.30000000000000004", "123.4567890123456789"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if strings.Trim(s, "-.0123456789") != "" || strings.Count(s, ".") != 1 || strings.LastIndex(s, "-") > 0 {
			return
		}
		if _, err := strconv.ParseFloat(s, 64); err != nil || !validNumber(s) {
			return
		}
		checkPlainFloat(t, s)
	})
}

// validNumber reports whether s (made of digits, '-' and '.') follows the
// JSON number grammar.
func validNumber(s string) bool {
	s = strings.TrimPrefix(s, "-")
	i, f, ok := strings.Cut(s, ".")
	digits := func(s string) bool { return s != "" && strings.Trim(s, "0123456789") == "" }
	return ok && digits(i) && digits(f) && !(len(i) > 1 && i[0] == '0')
}

// FuzzSplit: the eight-at-a-time reading of plain numbers agrees with the
// general loop.
func FuzzSplit(f *testing.F) {
	for _, s := range []string{"0", "-12", "1.50", "-65.613616999999977", "12345678901234567890", "1234567.123456789012"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if strings.Trim(s, "-.0123456789") != "" || strings.LastIndex(s, "-") > 0 || !validNumber(s) && (strings.Contains(s, ".") || !validNumber(s+".0")) {
			return
		}
		var fast Decimal
		ok := splitPlain(&fast, []byte(s))
		want, _ := splitAny([]byte(s))
		if ok && fast != want {
			t.Fatalf("splitPlain(%s) = %+v, want %+v", s, fast, want)
		}
		if !ok && want.Digits <= 19 {
			t.Fatalf("splitPlain(%s) declined", s)
		}
	})
}
