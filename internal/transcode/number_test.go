package transcode

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

func TestSplit(t *testing.T) {
	for _, tc := range []struct {
		text         string
		neg, integer bool
		big          bool
		mant         uint64
		exp          int64
		digits       int
		ok           bool
	}{
		{"0", false, true, false, 0, 0, 1, true},
		{"-12", true, true, false, 12, 0, 2, true},
		{"1.50", false, false, false, 150, -2, 3, true},
		{"0.001", false, false, false, 1, -3, 4, true},
		{"1e5", false, false, false, 1, 5, 1, true},
		{"-2.5E-3", true, false, false, 25, -4, 2, true},
		{"18446744073709551615", false, true, false, math.MaxUint64, 0, 20, true},
		{"18446744073709551616", false, true, true, 0, 0, 20, true},
		{"99999999999999999999.5", false, false, true, 0, -1, 21, true},
		{"1e4611686018427387905", false, false, false, 1, 0, 1, false},
	} {
		t.Run(tc.text, func(t *testing.T) {
			d, ok := Split([]byte(tc.text))
			if ok != tc.ok {
				t.Fatalf("ok = %v", ok)
			}
			if !ok {
				return
			}
			want := Decimal{Neg: tc.neg, Integer: tc.integer, Big: tc.big, Mant: tc.mant, Exp: tc.exp, Digits: tc.digits,
				Plain: !strings.ContainsAny(tc.text, "eE")}
			if d != want {
				t.Fatalf("Split = %+v, want %+v", d, want)
			}
		})
	}
}

func TestExactFloat(t *testing.T) {
	for _, tc := range []struct {
		text  string
		exact bool
	}{
		{"0.5", true}, {"1.25", true}, {"-0.0", true}, {"100000.25", true}, {"1e22", true},
		{"0.1", false}, {"1.1", false}, {"9007199254740993", false}, {"1e23", false}, {"5.960464477539063e-8", false},
		{"5.9604644775390625e-8", true},
	} {
		t.Run(tc.text, func(t *testing.T) {
			d, _ := Split([]byte(tc.text))
			f, ok := ExactFloat(d)
			if ok != tc.exact {
				t.Fatalf("ExactFloat ok = %v, want %v", ok, tc.exact)
			}
			if want, _ := strconv.ParseFloat(tc.text, 64); ok && f != want {
				t.Fatalf("ExactFloat = %v, want %v", f, want)
			}
		})
	}
}

func TestAppendFloat(t *testing.T) {
	for _, tc := range []struct {
		f    float64
		want string
	}{
		{0, "0"}, {math.Copysign(0, -1), "-0"}, {1, "1"}, {-4, "-4"}, {1.5, "1.5"}, {0.1, "0.1"},
		{1e20, "100000000000000000000"}, {1e21, "1e+21"}, {1e-7, "1e-7"}, {0.000001, "0.000001"},
		{1 << 53, "9007199254740992"}, {123456789.5, "123456789.5"}, {5e-324, "5e-324"},
	} {
		if got := string(AppendFloat(nil, tc.f)); got != tc.want {
			t.Errorf("AppendFloat(%v) = %s, want %s", tc.f, got, tc.want)
		}
	}
}

func TestAppendDecimal(t *testing.T) {
	for _, tc := range []struct {
		neg    bool
		digits string
		eneg   bool
		emag   uint64
		want   string
	}{
		{false, "150", true, 2, "1.50"},
		{false, "1", true, 3, "0.001"},
		{true, "65613616999999977", true, 15, "-65.613616999999977"},
		{false, "1", false, 5, "1e5"},
		{false, "7", false, 0, "7"},
		{false, "1", true, 21, "0.000000000000000000001"},
		{false, "1", true, 22, "1e-22"},
		{false, "3", true, math.MaxUint64, "3e-18446744073709551615"},
	} {
		if got := string(AppendDecimal(nil, tc.neg, []byte(tc.digits), tc.eneg, tc.emag)); got != tc.want {
			t.Errorf("AppendDecimal(%v %s %v %d) = %s, want %s", tc.neg, tc.digits, tc.eneg, tc.emag, got, tc.want)
		}
	}
	if got := string(AppendNegInt(nil, math.MaxUint64)); got != "-18446744073709551616" {
		t.Errorf("AppendNegInt(max) = %s", got)
	}
}

// TestShortDecimal: where ShortDecimal decides, it agrees with parsing
// and printing.
func TestShortDecimal(t *testing.T) {
	for _, text := range []string{"0.1", "12.99", "-65.61361699999", "0.000001", "0.0000012", "0.0000001", "1.50",
		"123456789012.345", "1234567890123.456", "1e5", "5", "0.30000000000000004", "999999999999999.9", "-0.5"} {
		d, _ := Split([]byte(text))
		f, ok := ShortDecimal(d, text[len(text)-1])
		want, _ := strconv.ParseFloat(text, 64)
		keeps, _ := Keeps(nil, want, []byte(text))
		if ok && (f != want || !keeps) {
			t.Errorf("ShortDecimal(%s) = %v, true; ParseFloat %v, prints back: %v", text, f, want, keeps)
		}
		if !ok && keeps && strings.Contains(text, ".") && !strings.ContainsAny(text, "eE") && len(strings.Trim(text, "-0.")) <= 15 && want >= 1e-6 {
			t.Errorf("ShortDecimal(%s) declined a short decimal", text)
		}
	}
}

// TestAppendFloatShort: the short path prints what strconv's shortest
// formatting prints, on random doubles of every scale and on doubles
// nearest to short decimals (as CBOR and MessagePack carry coordinates).
func TestAppendFloatShort(t *testing.T) {
	for e := -7; e <= 16; e++ { // powers of ten and the doubles beside them
		for _, f := range []float64{math.Pow10(e), 3 * math.Pow10(e), 9.999999999999999 * math.Pow10(e)} {
			for _, g := range []float64{f, math.Nextafter(f, 0), math.Nextafter(f, 1e300), -f} {
				checkAppendFloat(t, g)
			}
		}
	}
	r := rand.New(rand.NewPCG(3, 4))
	for i := range 300000 {
		var f float64
		switch i % 3 {
		case 0:
			f = math.Float64frombits(r.Uint64())
		case 1:
			f = math.Ldexp(r.Float64(), r.IntN(90)-30)
		default: // a decimal of up to 15 digits: the short path prints it
			f = float64(r.Int64N(1e15)>>r.IntN(50)) / pow10[r.IntN(23)]
			if a := math.Abs(f); a >= 1e-6 && a < 1e15 && a != math.Trunc(a) {
				if _, ok := appendShortFloat(nil, f, a); !ok {
					t.Fatalf("appendShortFloat(%v) declined", f)
				}
			}
		}
		if !math.IsNaN(f) && !math.IsInf(f, 0) {
			checkAppendFloat(t, f)
		}
	}
}

func checkAppendFloat(t *testing.T, f float64) {
	t.Helper()
	got, want := AppendFloat(nil, f), appendFloatSlow(nil, f, math.Abs(f))
	if f == math.Trunc(f) && math.Abs(f) < 1<<53 {
		return // printed as an integer, TestAppendFloat
	}
	if string(got) != string(want) {
		t.Fatalf("AppendFloat(%v) = %s, want %s", f, got, want)
	}
}

// FuzzAppendFloat: AppendFloat prints every double as strconv's shortest
// formatting does.
func FuzzAppendFloat(f *testing.F) {
	for _, x := range []float64{0.1, -65.613617, 1e-6, 999999999999999.9, 1.5e-5, 43.42027300000001} {
		f.Add(math.Float64bits(x))
	}
	f.Fuzz(func(t *testing.T, bits uint64) {
		if x := math.Float64frombits(bits); !math.IsNaN(x) && !math.IsInf(x, 0) {
			checkAppendFloat(t, x)
		}
	})
}

// TestLog2Estimate: floorLog10Pow2 is exact over the exponents the float
// printers use it for, and beyond.
func TestLog2Estimate(t *testing.T) {
	for e := -1099; e < 1100; e++ {
		if got, want := floorLog10Pow2(e), int(math.Floor(float64(e)*math.Log10(2))); got != want {
			t.Fatalf("floorLog10Pow2(%d) = %d, want %d", e, got, want)
		}
	}
}
