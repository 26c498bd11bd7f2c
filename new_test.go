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

func TestNewScalars(t *testing.T) {
	var d graft.Doc
	cases := []struct {
		name string
		r    graft.Ref
		want string
		kind graft.Kind
	}{
		{"NewNull", d.NewNull(), `null`, graft.Null},
		{"NewBool true", d.NewBool(true), `true`, graft.Bool},
		{"NewBool false", d.NewBool(false), `false`, graft.Bool},
		{"NewInt 0", d.NewInt(0), `0`, graft.Number},
		{"NewInt -42", d.NewInt(-42), `-42`, graft.Number},
		{"NewInt min", d.NewInt(math.MinInt64), `-9223372036854775808`, graft.Number},
		{"NewInt max", d.NewInt(math.MaxInt64), `9223372036854775807`, graft.Number},
		{"NewUint max", d.NewUint(math.MaxUint64), `18446744073709551615`, graft.Number},
		{"NewObject", d.NewObject(), `{}`, graft.Object},
		{"NewArray", d.NewArray(), `[]`, graft.Array},
	}
	for _, tc := range cases {
		if got := compact(&d, tc.r); got != tc.want || d.Kind(tc.r) != tc.kind {
			t.Errorf("%s prints %s (%v), want %s (%v)", tc.name, got, d.Kind(tc.r), tc.want, tc.kind)
		}
		if got := string(d.AppendIndent(nil, tc.r, "", "  ")); got != tc.want {
			t.Errorf("%s indents to %s", tc.name, got)
		}
	}
}

func TestNewString(t *testing.T) {
	cases := []struct {
		name string
		in   string
		want string // the JSON text
		text string // what it decodes to
	}{
		{name: "empty", in: "", want: `""`, text: ""},
		{name: "plain", in: "abc", want: `"abc"`, text: "abc"},
		{name: "quote", in: `a"b`, want: `"a\"b"`, text: `a"b`},
		{name: "backslash", in: `a\b`, want: `"a\\b"`, text: `a\b`},
		{name: "short escapes", in: "\b\f\n\r\t", want: `"\b\f\n\r\t"`, text: "\b\f\n\r\t"},
		{name: "NUL", in: "\x00", want: `"\u0000"`, text: "\x00"},
		{name: "other controls", in: "\x01\x0b\x1f", want: `"\u0001\u000b\u001f"`, text: "\x01\x0b\x1f"},
		{name: "DEL not escaped", in: "\x7f", want: "\"\x7f\"", text: "\x7f"},
		{name: "solidus not escaped", in: "a/b", want: `"a/b"`, text: "a/b"},
		{name: "HTML not escaped", in: "<a>&", want: `"<a>&"`, text: "<a>&"},
		{name: "line separator not escaped", in: "\u2028\u2029", want: "\"\u2028\u2029\"", text: "\u2028\u2029"},
		{name: "UTF-8 kept", in: "é€😀", want: `"é€😀"`, text: "é€😀"},
		{name: "invalid byte", in: "a\xffb", want: "\"a\uFFFDb\"", text: "a\uFFFDb"},
		{name: "each invalid byte", in: "\xff\xfe", want: "\"\uFFFD\uFFFD\"", text: "\uFFFD\uFFFD"},
		{name: "truncated sequence", in: "a\xe2\x82", want: "\"a\uFFFD\uFFFD\"", text: "a\uFFFD\uFFFD"},
		{name: "surrogate as UTF-8", in: "\xed\xa0\x80", want: "\"\uFFFD\uFFFD\uFFFD\"", text: "\uFFFD\uFFFD\uFFFD"},
		{name: "long with escape late", in: "abcdefghijklmnopqrstuvwxyz\"", want: `"abcdefghijklmnopqrstuvwxyz\""`, text: "abcdefghijklmnopqrstuvwxyz\""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var d graft.Doc
			r := d.NewString(tc.in)
			if got := compact(&d, r); got != tc.want {
				t.Fatalf("prints %q, want %q", got, tc.want)
			}
			if got, err := d.Text(r); err != nil || got != tc.text {
				t.Fatalf("Text = %q, %v; want %q", got, err, tc.text)
			}
			if !d.Equals(r, tc.text) {
				t.Fatal("Equals is false")
			}
			// The text is valid for a strict parser and decodes the same.
			var p graft.Doc
			pr, err := p.Parse([]byte(tc.want))
			if err != nil {
				t.Fatalf("strict parse of the output: %v", err)
			}
			if got, _ := p.Text(pr); got != tc.text {
				t.Fatalf("parsed back: %q", got)
			}
			// As a member name.
			obj := d.NewObject()
			if err := d.Set(obj, tc.in, d.NewInt(1)); err != nil {
				t.Fatal(err)
			}
			if got := compact(&d, obj); got != "{"+tc.want+":1}" {
				t.Fatalf("as a member name: %s", got)
			}
		})
	}
}

func TestNewFloat(t *testing.T) {
	cases := []struct {
		in   float64
		want string
	}{
		{in: 0, want: "0"},
		{in: math.Copysign(0, -1), want: "-0"},
		{in: 1, want: "1"},
		{in: -1.5, want: "-1.5"},
		{in: 0.1, want: "0.1"},
		{in: 0.30000000000000004, want: "0.30000000000000004"},
		{in: 123.456, want: "123.456"},
		{in: 1e20, want: "100000000000000000000"},
		{in: 123456789012345680000, want: "123456789012345680000"},
		{in: 1e21, want: "1e+21"},
		{in: -1e21, want: "-1e+21"},
		{in: 1.5e300, want: "1.5e+300"},
		{in: 1e-6, want: "0.000001"},
		{in: 1.5e-6, want: "0.0000015"},
		{in: 1e-7, want: "1e-7"},
		{in: 1.5e-7, want: "1.5e-7"},
		{in: 1.23456789e-7, want: "1.23456789e-7"},
		{in: 1e-10, want: "1e-10"},
		{in: 5e-324, want: "5e-324"},
		{in: math.MaxFloat64, want: "1.7976931348623157e+308"},
		{in: 9007199254740993, want: "9007199254740992"},
	}
	for _, tc := range cases {
		t.Run(tc.want, func(t *testing.T) {
			var d graft.Doc
			r, err := d.NewFloat(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if got := compact(&d, r); got != tc.want {
				t.Fatalf("NewFloat(%v) prints %s, want %s", tc.in, got, tc.want)
			}
			var p graft.Doc
			if _, err := p.Parse([]byte(compact(&d, r))); err != nil {
				t.Fatalf("output is not JSON: %v", err)
			}
		})
	}
	t.Run("not JSON numbers", func(t *testing.T) {
		var d graft.Doc
		d.NewNull()
		size := d.Size()
		for _, v := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
			r, err := d.NewFloat(v)
			if err != graft.ErrRange || r != 0 {
				t.Errorf("NewFloat(%v) = %d, %v; want 0, ErrRange", v, r, err)
			}
		}
		if d.Size() != size {
			t.Errorf("a refused NewFloat added to the Doc: Size %d, was %d", d.Size(), size)
		}
	})
}

func TestNewNumber(t *testing.T) {
	valid := []string{"0", "-0", "1E+2", "1e-2", "-1.5e10", "0.10", "12345678901234567890123", "1e400", "5e-324"}
	invalid := []string{"", " 1", "1 ", "01", "-01", "+1", "-", ".5", "1.", "1e", "1e+", "1.e5", "0x10", "NaN", "Infinity", "1,2", "[1]", `"1"`, "1\x00"}
	var d graft.Doc
	for _, s := range valid {
		r, err := d.NewNumber(s)
		if err != nil || compact(&d, r) != s || d.Kind(r) != graft.Number {
			t.Errorf("NewNumber(%q) = %s, %v; want it kept as given", s, compact(&d, r), err)
		}
	}
	size := d.Size()
	for _, s := range invalid {
		r, err := d.NewNumber(s)
		var e *graft.Error
		if r != 0 || !errors.As(err, &e) || !errors.Is(err, graft.ErrSyntax) {
			t.Errorf("NewNumber(%q) = %d, %v; want 0 and an *Error wrapping ErrSyntax", s, r, err)
		}
	}
	if d.Size() != size {
		t.Errorf("refused NewNumber calls added to the Doc: Size %d, was %d", d.Size(), size)
	}
}

func TestBuildTree(t *testing.T) {
	var d graft.Doc
	root := d.NewObject()
	list := d.NewArray()
	d.AppendItem(list, d.NewInt(1))
	d.AppendItem(list, d.NewString("two"))
	d.AppendItem(list, d.NewNull())
	inner := d.NewObject()
	d.Set(inner, "ok", d.NewBool(true))
	d.AppendItem(list, inner)
	d.Set(root, "list", list)
	d.Set(root, "empty", d.NewObject())
	f, _ := d.NewFloat(2.5)
	d.Set(root, "f", f)
	n, _ := d.NewNumber("1e3")
	d.Set(root, "n", n)
	want := `{"list":[1,"two",null,{"ok":true}],"empty":{},"f":2.5,"n":1e3}`
	if got := compact(&d, root); got != want {
		t.Fatalf("built tree prints %s, want %s", got, want)
	}
	if got := string(d.AppendIndent(nil, root, "", "  ")); got != stdIndent(t, want, "", "  ") {
		t.Fatalf("indented:\n%s", got)
	}
	checkSpans(t, &d, root)
}

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
