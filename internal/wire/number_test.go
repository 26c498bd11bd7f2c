package wire_test

import (
	"math"
	"math/rand/v2"
	"regexp"
	"strconv"
	"testing"

	"github.com/graftjson/graft/internal/wire"
)

func TestScanNumber(t *testing.T) {
	cases := []struct {
		in   string
		end  int
		code wire.Code
	}{
		{"0", 1, wire.OK},
		{"-0", 2, wire.OK},
		{"7", 1, wire.OK},
		{"1234567890", 10, wire.OK},
		{"12345678901234567890123", 23, wire.OK},
		{"1.5", 3, wire.OK},
		{"0.0001", 6, wire.OK},
		{"1e5", 3, wire.OK},
		{"1E+5", 4, wire.OK},
		{"1e-05", 5, wire.OK},
		{"-1.25e+100", 10, wire.OK},
		{"123456789.123456789e123456789", 29, wire.OK},
		// The scanner stops at the first byte that cannot continue the
		// number; the caller's grammar judges what follows.
		{"01", 1, wire.OK},
		{"1,", 1, wire.OK},
		{"1]", 1, wire.OK},
		{"12345678x", 8, wire.OK},
		{"-0.5e1.", 6, wire.OK},
		{"1e5e5", 3, wire.OK},
		// Errors: at the offending byte, or EOF at the end of the input.
		{"-", 1, wire.EOF},
		{"-a", 1, wire.BadNumber},
		{"--1", 1, wire.BadNumber},
		{"-.5", 1, wire.BadNumber},
		{"1.", 2, wire.EOF},
		{"1.x", 2, wire.BadNumber},
		{"1.e5", 2, wire.BadNumber},
		{"1e", 2, wire.EOF},
		{"1e+", 3, wire.EOF},
		{"1e+x", 3, wire.BadNumber},
		{"1ex", 2, wire.BadNumber},
		{"12345678.", 9, wire.EOF},
		{"0.12345678e", 11, wire.EOF},
	}
	for _, c := range cases {
		for _, lead := range []string{"", "[", "        "} {
			s := []byte(lead + c.in)
			end, code := wire.ScanNumber(s, len(lead))
			if end != len(lead)+c.end || code != c.code {
				t.Errorf("ScanNumber(%q, %d) = %d, %v; want %d, %v", s, len(lead), end, code, len(lead)+c.end, c.code)
			}
		}
	}
}

var numberRE = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`)

// refScanNumber is ScanNumber written from the RFC 8259 grammar.
func refScanNumber(s []byte, i int) (int, wire.Code) {
	digits := func(j int) int {
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		return j
	}
	fail := func(j int) (int, wire.Code) {
		if j >= len(s) {
			return j, wire.EOF
		}
		return j, wire.BadNumber
	}
	if s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case i < len(s) && s[i] >= '1' && s[i] <= '9':
		i = digits(i)
	default:
		return fail(i)
	}
	if i < len(s) && s[i] == '.' {
		j := digits(i + 1)
		if j == i+1 {
			return fail(j)
		}
		i = j
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		j := digits(i)
		if j == i {
			return fail(j)
		}
		i = j
	}
	return i, wire.OK
}

func FuzzScanNumber(f *testing.F) {
	for _, s := range []string{"0", "-0", "1.5e10", "01", "1.", "-", "1e+", "123456789012345678.5e-7x"} {
		f.Add([]byte(s), 0)
	}
	f.Fuzz(func(t *testing.T, s []byte, i int) {
		if len(s) == 0 {
			return
		}
		i = int(uint(i) % uint(len(s)))
		if c := s[i]; c != '-' && (c < '0' || c > '9') {
			return // ScanNumber is called at a '-' or a digit
		}
		end, code := wire.ScanNumber(s, i)
		wend, wcode := refScanNumber(s, i)
		if end != wend || code != wcode {
			t.Fatalf("ScanNumber(%q, %d) = %d, %v; want %d, %v", s, i, end, code, wend, wcode)
		}
		if code == wire.OK && !numberRE.Match(s[i:end]) {
			t.Fatalf("ScanNumber(%q, %d) accepted %q", s, i, s[i:end])
		}
	})
}

func TestScanLiteral(t *testing.T) {
	cases := []struct {
		in, lit string
		end     int
		code    wire.Code
	}{
		{"true", "true", 4, wire.OK},
		{"false", "false", 5, wire.OK},
		{"null", "null", 4, wire.OK},
		{"truex", "true", 4, wire.OK},
		{"tru", "true", 3, wire.EOF},
		{"t", "true", 1, wire.EOF},
		{"nul", "null", 3, wire.EOF},
		{"trUe", "true", 2, wire.BadLiteral},
		{"nulL", "null", 3, wire.BadLiteral},
		{"fals ", "false", 4, wire.BadLiteral},
	}
	for _, c := range cases {
		end, code := wire.ScanLiteral([]byte(c.in), 0, c.lit)
		if end != c.end || code != c.code {
			t.Errorf("ScanLiteral(%q, %q) = %d, %v; want %d, %v", c.in, c.lit, end, code, c.end, c.code)
		}
	}
}

func TestCodeString(t *testing.T) {
	seen := map[string]bool{}
	for c := wire.OK; c <= wire.UnterminatedString; c++ {
		s := c.String()
		if s == "" || s == "unknown error" || seen[s] {
			t.Errorf("Code(%d).String() = %q", c, s)
		}
		seen[s] = true
	}
	if wire.Code(200).String() != "unknown error" {
		t.Errorf("Code(200).String() = %q", wire.Code(200).String())
	}
}

func TestAppendFloat(t *testing.T) {
	cases := []struct {
		name     string
		in       float64
		json, js string // AppendFloat, AppendJSNumber
	}{
		{"zero", 0, "0", "0"},
		{"negative zero", math.Copysign(0, -1), "-0", "0"},
		{"integer", 42, "42", "42"},
		{"negative fraction", -1.5, "-1.5", "-1.5"},
		{"shortest digits", 0.30000000000000004, "0.30000000000000004", "0.30000000000000004"},
		{"smallest plain", 1e-6, "0.000001", "0.000001"},
		{"largest exponent form below one", 1e-7, "1e-7", "1e-7"},
		{"fraction in exponent form", 1.5e-7, "1.5e-7", "1.5e-7"},
		{"three-digit exponent", 1.23e-100, "1.23e-100", "1.23e-100"},
		{"largest plain", 1e20, "100000000000000000000", "100000000000000000000"},
		{"plain past the digits", 123456789012345680000, "123456789012345680000", "123456789012345680000"},
		{"smallest exponent form above one", 1e21, "1e+21", "1e+21"},
		{"largest float64", math.MaxFloat64, "1.7976931348623157e+308", "1.7976931348623157e+308"},
		{"smallest subnormal", 5e-324, "5e-324", "5e-324"},
		{"negative exponent form", -2.5e-9, "-2.5e-9", "-2.5e-9"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := string(wire.AppendFloat([]byte("x"), c.in)); got != "x"+c.json {
				t.Errorf("AppendFloat(%v) = %q, want %q", c.in, got, "x"+c.json)
			}
			if got := string(wire.AppendJSNumber([]byte("x"), c.in)); got != "x"+c.js {
				t.Errorf("AppendJSNumber(%v) = %q, want %q", c.in, got, "x"+c.js)
			}
		})
	}
	for in, want := range map[float64]string{math.NaN(): "NaN", math.Inf(1): "Infinity", math.Inf(-1): "-Infinity"} {
		if got := string(wire.AppendJSNumber(nil, in)); got != want {
			t.Errorf("AppendJSNumber(%v) = %q, want %q", in, got, want)
		}
	}
}

// TestAppendFloatAgreesWithSteps holds AppendJSNumber to jsNumberSteps on
// random float64 bit patterns: two ways to the same text, one by
// strconv's formats, one by the steps of ECMA-262 Number::toString.
func TestAppendFloatAgreesWithSteps(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200000 {
		f := math.Float64frombits(rng.Uint64())
		if math.IsNaN(f) || math.IsInf(f, 0) {
			continue
		}
		got, want := wire.AppendJSNumber(nil, f), jsNumberSteps(nil, f)
		if string(got) != string(want) {
			t.Fatalf("AppendJSNumber(%b) = %s, Number::toString gives %s", f, got, want)
		}
		if back, err := strconv.ParseFloat(string(wire.AppendFloat(nil, f)), 64); err != nil || back != f {
			t.Fatalf("AppendFloat(%b) = %s, reads back as %v (%v)", f, wire.AppendFloat(nil, f), back, err)
		}
	}
}

// jsNumberSteps follows ECMA-262 Number::toString for a finite f: k
// shortest digits, f = 0.digits × 10^n, then plain or exponent form by n.
func jsNumberSteps(b []byte, f float64) []byte {
	if f == 0 {
		return append(b, '0')
	}
	if f < 0 {
		b = append(b, '-')
		f = -f
	}
	e := strconv.AppendFloat(nil, f, 'e', -1, 64) // d.ddde±xx
	var digits []byte
	i := 0
	for ; e[i] != 'e'; i++ {
		if e[i] != '.' {
			digits = append(digits, e[i])
		}
	}
	exp, _ := strconv.Atoi(string(e[i+1:]))
	k, n := len(digits), exp+1
	switch {
	case k <= n && n <= 21:
		b = append(b, digits...)
		for j := k; j < n; j++ {
			b = append(b, '0')
		}
	case 0 < n && n <= 21:
		b = append(b, digits[:n]...)
		b = append(b, '.')
		b = append(b, digits[n:]...)
	case -6 < n && n <= 0:
		b = append(b, '0', '.')
		for j := n; j < 0; j++ {
			b = append(b, '0')
		}
		b = append(b, digits...)
	default:
		b = append(b, digits[0])
		if k > 1 {
			b = append(b, '.')
			b = append(b, digits[1:]...)
		}
		b = append(b, 'e')
		if n-1 >= 0 {
			b = append(b, '+')
		}
		b = strconv.AppendInt(b, int64(n-1), 10)
	}
	return b
}
