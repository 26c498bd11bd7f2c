package graft_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/graftjson/graft"
)

// canonical returns the canonical form of the JSON text in, failing tb on
// an error.
func canonical(tb testing.TB, d *graft.Doc, in string) string {
	tb.Helper()
	out, err := d.AppendCanonical(nil, mustAppend(tb, d, in))
	if err != nil {
		tb.Fatalf("AppendCanonical(%s): %v", clip(in), err)
	}
	return string(out)
}

// TestCanonicalRFC8785 checks the examples of RFC 8785: the object of
// section 3.2.2 and the sorting example of section 3.2.3.
func TestCanonicalRFC8785(t *testing.T) {
	var d graft.Doc
	in := `{
	  "numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],
	  "string": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/",
	  "literals": [null, true, false]
	}`
	want := `{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\u000f\nA'B\"\\\\\"/"}`
	if got := canonical(t, &d, in); got != want {
		t.Errorf("section 3.2.2:\n got %s\nwant %s", got, want)
	}
	sorting := `{
	  "\u20ac": "Euro Sign",
	  "\r": "Carriage Return",
	  "\ufb33": "Hebrew Letter Dalet With Dagesh",
	  "1": "One",
	  "\ud83d\ude00": "Emoji: Grinning Face",
	  "\u0080": "Control",
	  "\u00f6": "Latin Small Letter O With Diaeresis"
	}`
	want = `{"\r":"Carriage Return","1":"One","` + "\u0080" + `":"Control","ö":"Latin Small Letter O With Diaeresis",` +
		`"€":"Euro Sign","😀":"Emoji: Grinning Face",` + "\"\ufb33\"" + `:"Hebrew Letter Dalet With Dagesh"}`
	if got := canonical(t, &d, sorting); got != want {
		t.Errorf("section 3.2.3:\n got %s\nwant %s", got, want)
	}
	// Section 3.2.4: the output is UTF-8 and strings are not normalized:
	// A followed by U+030A COMBINING RING ABOVE stays two characters (not
	// U+00C5), bytes 41 cc 8a.
	in = `{"Unnormalized Unicode":"A\u030a"}`
	want = "{\"Unnormalized Unicode\":\"A\xcc\x8a\"}"
	if got := canonical(t, &d, in); got != want {
		t.Errorf("section 3.2.4:\n got % x\nwant % x", got, want)
	}
}

// TestCanonicalNumbersRFC8785 checks the number samples of RFC 8785,
// appendix B: the IEEE 754 bits of a float64 and its canonical text. The
// input is the float's shortest text in exponent form, which reads back
// as the same float64.
func TestCanonicalNumbersRFC8785(t *testing.T) {
	cases := []struct {
		bits uint64
		want string // "" for an error
	}{
		{0x0000000000000000, "0"},
		{0x8000000000000000, "0"},
		{0x0000000000000001, "5e-324"},
		{0x8000000000000001, "-5e-324"},
		{0x7fefffffffffffff, "1.7976931348623157e+308"},
		{0xffefffffffffffff, "-1.7976931348623157e+308"},
		{0x4340000000000000, "9007199254740992"},
		{0xc340000000000000, "-9007199254740992"},
		{0x4430000000000000, "295147905179352830000"},
		{0x44b52d02c7e14af5, "9.999999999999997e+22"},
		{0x44b52d02c7e14af6, "1e+23"},
		{0x44b52d02c7e14af7, "1.0000000000000001e+23"},
		{0x444b1ae4d6e2ef4e, "999999999999999700000"},
		{0x444b1ae4d6e2ef4f, "999999999999999900000"},
		{0x444b1ae4d6e2ef50, "1e+21"},
		{0x3eb0c6f7a0b5ed8c, "9.999999999999997e-7"},
		{0x3eb0c6f7a0b5ed8d, "0.000001"},
		{0x41b3de4355555553, "333333333.3333332"},
		{0x41b3de4355555554, "333333333.33333325"},
		{0x41b3de4355555555, "333333333.3333333"},
		{0x41b3de4355555556, "333333333.3333334"},
		{0x41b3de4355555557, "333333333.33333343"},
		{0xbecbf647612f3696, "-0.0000033333333333333333"},
		{0x43143ff3c1cb0959, "1424953923781206.2"},
	}
	var d graft.Doc
	for _, c := range cases {
		in := strconv.FormatFloat(math.Float64frombits(c.bits), 'e', -1, 64)
		if got := canonical(t, &d, in); got != c.want {
			t.Errorf("%016x (%s): got %s, want %s", c.bits, in, got, c.want)
		}
	}
}

func TestCanonicalNumbers(t *testing.T) {
	cases := []struct{ in, want string }{
		{"0", "0"}, {"-0", "0"}, {"-0.0", "0"}, {"0e10", "0"}, {"1.0", "1"}, {"10e-1", "1"}, {"1E2", "100"},
		{"-12", "-12"}, {"123456789012345", "123456789012345"}, {"-123456789012345", "-123456789012345"},
		{"1234567890123456", "1234567890123456"}, {"9007199254740993", "9007199254740992"},
		{"123456789012345678", "123456789012345680"}, {"12345678901234567890123", "1.2345678901234568e+22"},
		{"1e20", "100000000000000000000"}, {"1e21", "1e+21"}, {"-1e21", "-1e+21"}, {"0.000001", "0.000001"},
		{"0.0000001", "1e-7"}, {"1.5e-9", "1.5e-9"}, {"1e-100", "1e-100"}, {"0.1", "0.1"}, {"0.30000000000000004", "0.30000000000000004"},
		{"1e-400", "0"}, {"-1e-400", "0"}, {"1.7976931348623157e308", "1.7976931348623157e+308"},
		{"100000000000000000000000000000000000000000000000000e-50", "1"},
	}
	var d graft.Doc
	for _, c := range cases {
		if got := canonical(t, &d, c.in); got != c.want {
			t.Errorf("%s: got %s, want %s", c.in, got, c.want)
		}
	}
}

func TestCanonicalStrings(t *testing.T) {
	cases := []struct{ in, want string }{
		{`""`, `""`},
		{`"plain"`, `"plain"`},
		{`"\/\"\\"`, `"/\"\\"`},
		{`"\b\f\n\r\t"`, `"\b\f\n\r\t"`},
		{`"\u0008\u000C\u000A\u000D\u0009"`, `"\b\f\n\r\t"`},
		{`"\u0000\u0001\u001F\u001f\u0020"`, `"\u0000\u0001\u001f\u001f "`},
		{`"\u007F\u0080\u2028\u2029\uFFFF"`, "\"\u007f\u0080\u2028\u2029\uffff\""},
		{`"\uD83D\uDE00 \ud83d\ude00"`, `"😀 😀"`},
		{`"\u0022\u005C\u002F"`, `"\"\\/"`},
		{`"<&>"`, `"<&>"`},
		{`"é and \u00e9"`, `"é and é"`},
	}
	var d graft.Doc
	for _, c := range cases {
		if got := canonical(t, &d, c.in); got != c.want {
			t.Errorf("%s: got %s, want %s", c.in, got, c.want)
		}
	}
	// Every control character, against encoding/json's reading of it.
	for c := rune(0); c < 0x20; c++ {
		in := `"\u` + strconv.FormatInt(int64(c)|0x10000, 16)[1:] + `"`
		got := canonical(t, &d, in)
		var s string
		if err := json.Unmarshal([]byte(got), &s); err != nil || s != string(c) || len(got) > 8 {
			t.Errorf("%s: got %s", in, got)
		}
	}
}

func TestCanonicalOrder(t *testing.T) {
	var d graft.Doc
	cases := []struct{ in, want string }{
		{`{}`, `{}`},
		{`{"b":1,"a":2,"":3}`, `{"":3,"a":2,"b":1}`},
		{`{"a":{"d":[{"z":1,"y":2}],"c":{}},"B":0}`, `{"B":0,"a":{"c":{},"d":[{"y":2,"z":1}]}}`},
		{`{"aa":1,"a":2,"ab":3}`, `{"a":2,"aa":1,"ab":3}`},
		{`{"\ue000":1,"\ud800\udc00":2,"\uffff":3,"\ud7ff":4}`, "{\"\ud7ff\":4,\"\U00010000\":2,\"\ue000\":1,\"\uffff\":3}"},
		{`{"\u0062":1,"a":2}`, `{"a":2,"b":1}`},
		// A character beyond U+FFFF (a surrogate pair, from 0xD800) sorts
		// before one from U+E000 on, though its UTF-8 lead byte is larger.
		{`{"\uffff":1,"\ud83d\ude00":2}`, "{\"\U0001f600\":2,\"\uffff\":1}"},
		{"{\"\uf8ff\":1,\"\U0010ffff\":2,\"\ue000\":3}", "{\"\U0010ffff\":2,\"\ue000\":3,\"\uf8ff\":1}"},
		// ... and after every character below U+D800.
		{"{\"\U00010000\":1,\"\ud7ff\":2,\"\u0800\":3}", "{\"\u0800\":3,\"\ud7ff\":2,\"\U00010000\":1}"},
		// The pair decides past a common prefix longer than eight bytes.
		{`{"abcdefghi\uffff":1,"abcdefghi\ud800\udc00":2,"abcdefghi":3}`, "{\"abcdefghi\":3,\"abcdefghi\U00010000\":2,\"abcdefghi\uffff\":1}"},
		// Names sort by what they decode to, not by their escapes: "\u0041"
		// is "A", before "a"; "\u00e9" is "é", after "z"; "\t" before " ".
		{`{"a":1,"\u0041":2,"z":3,"\u00e9":4}`, `{"A":2,"a":1,"z":3,"é":4}`},
		{`{" ":1,"\t":2,"\u0000":3}`, `{"\u0000":3,"\t":2," ":1}`},
		{`{"a\u0000":1,"a":2,"a\u0000b":3}`, `{"a":2,"a\u0000":1,"a\u0000b":3}`},
	}
	for _, c := range cases {
		if got := canonical(t, &d, c.in); got != c.want {
			t.Errorf("%s: got %s, want %s", c.in, got, c.want)
		}
	}
}

func TestCanonicalErrors(t *testing.T) {
	cases := []struct {
		name, in string
		opts     graft.Options
		err      error
		pointer  string
		reason   string
	}{
		{name: "number too large", in: `{"a":[1,{"x":1e400}]}`, err: graft.ErrRange, pointer: "/a/1/x", reason: "number 1e400 is beyond the range of a float64"},
		{name: "number too small", in: `[-1e309]`, err: graft.ErrRange, pointer: "/0"},
		{name: "long number", in: `[` + strings.Repeat("9", 400) + `]`, err: graft.ErrRange, pointer: "/0", reason: "number 999999999999999999999999999999… is beyond"},
		{name: "duplicate names", in: `{"o":{"b":1,"a":2,"b":3}}`, err: graft.ErrSyntax, pointer: "/o/b", reason: `duplicate member name "b"`},
		{name: "duplicate names escaped", in: `{"a/b":1,"a\/b":2}`, err: graft.ErrSyntax, pointer: "/a~1b"},
		{name: "duplicate names one a \\u escape", in: `{"a":1,"\u0061":2}`, err: graft.ErrSyntax, pointer: "/a", reason: `duplicate member name "a"`},
		{name: "duplicate names a surrogate pair and UTF-8", in: `{"x":{"\ud83d\ude00":1,"b":2,"😀":3}}`, err: graft.ErrSyntax, pointer: "/x/😀"},
		{name: "lone surrogate", in: `{"k":["\ud800x"]}`, opts: graft.Options{AllowLoneSurrogates: true}, err: graft.ErrSyntax, pointer: "/k/0", reason: `lone surrogate escape \ud800`},
		{name: "lone surrogate in a name", in: `{"\udc00":1}`, opts: graft.Options{AllowLoneSurrogates: true}, err: graft.ErrSyntax, pointer: "/\ufffd"},
		{name: "lone surrogate in a name after U+FFFD", in: `{"\ufffd":1,"\udc00":2}`, opts: graft.Options{AllowLoneSurrogates: true}, err: graft.ErrSyntax, pointer: "/\ufffd", reason: `lone surrogate escape \udc00`},
		{name: "invalid UTF-8", in: "[\"\xff\"]", opts: graft.Options{AllowInvalidUTF8: true}, err: graft.ErrSyntax, pointer: "/0", reason: "not valid UTF-8"},
		{name: "invalid UTF-8 escaped", in: "[\"\\n\xff\"]", opts: graft.Options{AllowInvalidUTF8: true}, err: graft.ErrSyntax, pointer: "/0"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := graft.New(c.opts)
			r := mustAppend(t, d, c.in)
			dst := []byte("keep")
			out, err := d.AppendCanonical(dst, r)
			if !errors.Is(err, c.err) {
				t.Fatalf("AppendCanonical: %v, want %v", err, c.err)
			}
			var e *graft.Error
			if !errors.As(err, &e) || e.Pointer != c.pointer || !strings.Contains(e.Reason, c.reason) {
				t.Fatalf("error %#v, want pointer %q and reason %q", err, c.pointer, c.reason)
			}
			if string(out) != "keep" {
				t.Fatalf("dst changed to %q", out)
			}
			var w bytes.Buffer
			if err := d.WriteCanonical(&w, r); !errors.Is(err, c.err) || w.Len() > 0 {
				t.Fatalf("WriteCanonical: %v, wrote %q", err, w.String())
			}
		})
	}
}

// TestCanonicalCorpus canonicalizes every corpus file that has a canonical
// form and checks the result with checkCanonical.
func TestCanonicalCorpus(t *testing.T) {
	for _, f := range corpusFiles(t) {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			checkCanonical(t, src)
		})
	}
}

// checkCanonical canonicalizes src and checks the result: it is the same
// value as src for encoding/json (numbers as float64), its members are in
// UTF-16 order with no whitespace, and canonicalizing it again changes
// nothing. If src has no canonical form, the error must be one of the
// documented ones.
func checkCanonical(t *testing.T, src []byte) {
	var d graft.Doc
	root, err := d.Parse(src)
	if err != nil {
		return
	}
	checkDeepSwitch(t, &d, root)
	out, err := d.AppendCanonical(nil, root)
	dups := hasDuplicateNames(&d, root)
	var v any
	tooLarge := json.Unmarshal(src, &v) != nil // a number beyond the float64 range
	switch {
	case errors.Is(err, graft.ErrRange) && tooLarge, errors.Is(err, graft.ErrSyntax) && dups:
		return
	case err != nil:
		t.Fatalf("AppendCanonical: %v (duplicate names: %v, numbers too large: %v)", err, dups, tooLarge)
	case dups || tooLarge:
		t.Fatalf("AppendCanonical accepted duplicate names (%v) or a number beyond float64 (%v)", dups, tooLarge)
	}
	var want, got any
	if err := json.Unmarshal(src, &want); err != nil {
		t.Fatalf("encoding/json cannot read the input: %v", err)
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, clip(string(out)))
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("output is not the input's value:\n%s\n%s", clip(string(out)), clip(string(src)))
	}
	var c bytes.Buffer
	json.Compact(&c, out)
	if c.Len() != len(out) {
		t.Fatalf("output has whitespace: %s", clip(string(out)))
	}
	if err := checkUTF16Order(out); err != nil {
		t.Fatal(err)
	}
	var d2 graft.Doc
	again, err := d2.AppendCanonical(nil, mustAppend(t, &d2, string(out)))
	if err != nil || !bytes.Equal(again, out) {
		t.Fatalf("canonicalizing again: %v\n%s\n%s", err, clip(string(again)), clip(string(out)))
	}
}

// checkUTF16Order checks that the member names of every object in the JSON
// text b are in strictly increasing order of their UTF-16 code units.
func checkUTF16Order(b []byte) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	type level struct {
		obj  bool
		name bool // the next string token is a name
		last []uint16
		any  bool
	}
	var stack []level
	for {
		tok, err := dec.Token()
		if err != nil {
			return nil
		}
		top := len(stack) - 1
		if s, ok := tok.(string); ok && top >= 0 && stack[top].obj && stack[top].name {
			u := utf16.Encode([]rune(s))
			if stack[top].any && compareUnits(stack[top].last, u) >= 0 {
				return errors.New("member " + strconv.Quote(s) + " is not after the one before it")
			}
			stack[top].last, stack[top].any, stack[top].name = u, true, false
			continue
		}
		if top >= 0 && stack[top].obj {
			stack[top].name = true
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, level{obj: true, name: true})
		case json.Delim('['):
			stack = append(stack, level{})
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:top]
		}
	}
}

func compareUnits(a, b []uint16) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return int(a[i]) - int(b[i])
		}
	}
	return len(a) - len(b)
}

// TestCanonicalIsARead canonicalizes from many goroutines at once (the race
// detector checks that nothing is written).
func TestCanonicalIsARead(t *testing.T) {
	var d graft.Doc
	root := mustAppend(t, &d, `{"b":[{"y":1,"x":"\u00e9"}],"a":1.50}`)
	want := `{"a":1.5,"b":[{"x":"é","y":1}]}`
	done := make(chan string)
	for i := 0; i < 8; i++ {
		go func() {
			out, _ := d.AppendCanonical(nil, root)
			done <- string(out)
		}()
	}
	for i := 0; i < 8; i++ {
		if got := <-done; got != want {
			t.Errorf("got %s", got)
		}
	}
}

// TestCanonicalOrderRandomNames sorts objects of 1 to 80 members (past 32
// graft sorts them another way) whose names mix characters on both sides
// of every boundary where UTF-8 and UTF-16 order differ, written as UTF-8
// or as \u escapes, against refCanonical.
func TestCanonicalOrderRandomNames(t *testing.T) {
	rng := rand.New(rand.NewPCG(8785, 3))
	chars := []rune{0, '\t', ' ', 'a', 'b', 0x7f, 0x80, 0x7ff, 0x800, 0xd7ff, 0xe000, 0xefff, 0xf000, 0xfb33, 0xffff, 0x10000, 0x1f600, 0x10ffff}
	var d graft.Doc
	for n := 0; n < 1500; n++ {
		var b strings.Builder
		b.WriteByte('{')
		seen := map[string]bool{}
		for len(seen) < 1+n%80 {
			rs := make([]rune, rng.IntN(11))
			for i := range rs {
				rs[i] = chars[rng.IntN(len(chars))]
			}
			if seen[string(rs)] {
				continue
			}
			if len(seen) > 0 {
				b.WriteByte(',')
			}
			seen[string(rs)] = true
			if rng.IntN(2) == 0 {
				q, _ := json.Marshal(string(rs))
				b.Write(q)
			} else {
				b.WriteByte('"')
				for _, u := range utf16.Encode(rs) {
					b.WriteString(`\u` + strconv.FormatInt(int64(u)|0x10000, 16)[1:])
				}
				b.WriteByte('"')
			}
			b.WriteString(":" + strconv.Itoa(len(seen)))
		}
		b.WriteByte('}')
		want, ok := refCanonical([]byte(b.String()))
		if !ok {
			t.Fatalf("no reference form for %s", clip(b.String()))
		}
		if got := canonical(t, &d, b.String()); got != want {
			t.Fatalf("%s:\n got %s\nwant %s", clip(b.String()), clip(got), clip(want))
		}
	}
}

// TestCanonicalBuiltValues prints values made by the builders and by Set
// in canonical form: their text was written by graft, not parsed.
func TestCanonicalBuiltValues(t *testing.T) {
	cases := []struct {
		name  string
		build func(d *graft.Doc) graft.Ref
		want  string // "" for ErrRange
	}{
		{"string not UTF-8 becomes U+FFFD", func(d *graft.Doc) graft.Ref { return d.NewString("a\xffb\xe2\x82") }, "\"a\ufffdb\ufffd\ufffd\""},
		{"string of control characters", func(d *graft.Doc) graft.Ref { return d.NewString("\x00\b\t\n\v\f\r\x1f\"\\") }, `"\u0000\b\t\n\u000b\f\r\u001f\"\\"`},
		{"string DEL, line separators, slash and HTML raw", func(d *graft.Doc) graft.Ref { return d.NewString("\x7f\u2028\u2029/<&>") }, "\"\x7f\u2028\u2029/<&>\""},
		{"string beyond U+FFFF raw", func(d *graft.Doc) graft.Ref { return d.NewString("😀\U0010ffff") }, "\"😀\U0010ffff\""},
		{"number with exponent", func(d *graft.Doc) graft.Ref { n, _ := d.NewNumber("1.0E+2"); return n }, "100"},
		{"number minus zero", func(d *graft.Doc) graft.Ref { n, _ := d.NewNumber("-0.0e-0"); return n }, "0"},
		{"number fraction", func(d *graft.Doc) graft.Ref { n, _ := d.NewNumber("0.10e1"); return n }, "1"},
		{"number 17 digits", func(d *graft.Doc) graft.Ref { n, _ := d.NewNumber("12345678901234567"); return n }, "12345678901234568"},
		{"number beyond float64", func(d *graft.Doc) graft.Ref { n, _ := d.NewNumber("-1e400"); return n }, ""},
		{"float 1e21", func(d *graft.Doc) graft.Ref { n, _ := d.NewFloat(1e21); return n }, "1e+21"},
		{"uint64 max", func(d *graft.Doc) graft.Ref { return d.NewUint(1<<64 - 1) }, "18446744073709552000"},
		{"object of built names sorted", func(d *graft.Doc) graft.Ref {
			o := d.NewObject()
			for _, name := range []string{"\uffff", "b", "😀", "\u00e9", "a\"", "\n", "\xff"} {
				d.Set(o, name, d.NewBool(true))
			}
			return o
		}, "{\"\\n\":true,\"a\\\"\":true,\"b\":true,\"é\":true,\"😀\":true,\"\ufffd\":true,\"\uffff\":true}"},
		{"set on a parsed escaped name replaces it", func(d *graft.Doc) graft.Ref {
			o, _ := d.Append([]byte(`{"\u00e9":1,"z":2}`))
			d.Set(o, "é", d.NewInt(3))
			d.Set(o, "e", d.NewNull())
			return o
		}, `{"e":null,"z":2,"é":3}`},
		{"array of built values", func(d *graft.Doc) graft.Ref {
			a := d.NewArray()
			f, _ := d.NewFloat(0.1)
			d.AppendItem(a, f)
			d.AppendItem(a, d.NewString("\u00e9"))
			d.AppendItem(a, d.NewObject())
			d.AppendItem(a, d.NewArray())
			d.AppendItem(a, d.NewNull())
			return a
		}, `[0.1,"é",{},[],null]`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var d graft.Doc
			r := c.build(&d)
			got, err := d.AppendCanonical(nil, r)
			if c.want == "" {
				if !errors.Is(err, graft.ErrRange) {
					t.Fatalf("got %s, %v; want ErrRange", got, err)
				}
				return
			}
			if err != nil || string(got) != c.want {
				t.Fatalf("got %s, %v; want %s", got, err, c.want)
			}
			if ref, ok := refCanonical(d.AppendJSON(nil, r)); !ok || ref != c.want {
				t.Fatalf("the reference canonicalizes %s to %s", d.AppendJSON(nil, r), ref)
			}
		})
	}
}

// TestCanonicalAfterEdits prints documents changed by each kind of edit in
// canonical form: the walk of an edited tree (appended, moved, replaced,
// removed and copied members and items) must give what the edited
// document's compact text gives (see runEditCases).
func TestCanonicalAfterEdits(t *testing.T) {
	const doc = `{"z":{"b":[1,{"y":"\u00e9","x":2.50}],"a":"\ud83d\ude00"},"\uffff":0,"m":[{"k":1},{"k":2}]}`
	cases := []editCase{
		{"set replaces a nested value", func(d *graft.Doc, root graft.Ref) error {
			return d.Set(d.Member(root, "z"), "a", d.NewString("\x01"))
		}, `{"z":{"b":[1,{"y":"\u00e9","x":2.50}],"a":"\u0001"},"\uffff":0,"m":[{"k":1},{"k":2}]}`},
		{"set appends a member sorting first", func(d *graft.Doc, root graft.Ref) error {
			return d.Set(root, "😀", d.NewInt(1))
		}, `{"z":{"b":[1,{"y":"\u00e9","x":2.50}],"a":"\ud83d\ude00"},"\uffff":0,"m":[{"k":1},{"k":2}],"😀":1}`},
		{"delete a member named by an escape", func(d *graft.Doc, root graft.Ref) error {
			d.Delete(root, "\uffff")
			return nil
		}, `{"z":{"b":[1,{"y":"\u00e9","x":2.50}],"a":"\ud83d\ude00"},"m":[{"k":1},{"k":2}]}`},
		{"insert and delete items", func(d *graft.Doc, root graft.Ref) error {
			b := d.Get(root, "z", "b")
			if err := d.InsertItem(b, 0, d.NewString("first")); err != nil {
				return err
			}
			return d.DeleteItem(b, 1)
		}, `{"z":{"b":["first",{"y":"\u00e9","x":2.50}],"a":"\ud83d\ude00"},"\uffff":0,"m":[{"k":1},{"k":2}]}`},
		{"merge moves members in", func(d *graft.Doc, root graft.Ref) error {
			src, _ := d.Append([]byte(`{"b":[null,{"v":1e2}],"\u0000":true}`))
			return d.Merge(d.Member(root, "z"), src)
		}, `{"z":{"b":[1,{"y":"\u00e9","x":2.50,"v":1e2}],"a":"\ud83d\ude00","\u0000":true},"\uffff":0,"m":[{"k":1},{"k":2}]}`},
		{"merge each splices entities", func(d *graft.Doc, root graft.Ref) error {
			src, _ := d.Append([]byte(`[{"\u00e9":"a","c":[]},{"\u00e9":"b","c":{}}]`))
			return d.MergeEach([]graft.Ref{d.Get(root, "m", "0"), d.Get(root, "m", "1")}, src)
		}, `{"z":{"b":[1,{"y":"\u00e9","x":2.50}],"a":"\ud83d\ude00"},"\uffff":0,"m":[{"k":1,"\u00e9":"a","c":[]},{"k":2,"\u00e9":"b","c":{}}]}`},
		{"merge patch removes and adds", func(d *graft.Doc, root graft.Ref) error {
			p, _ := d.Append([]byte(`{"z":{"a":null,"n":{"q":1,"p":null}},"\uffff":"\/"}`))
			return d.MergePatch(root, p)
		}, `{"z":{"b":[1,{"y":"\u00e9","x":2.50}],"n":{"q":1}},"\uffff":"\/","m":[{"k":1},{"k":2}]}`},
		{"patch moves and copies", func(d *graft.Doc, root graft.Ref) error {
			p, _ := d.Append([]byte(`[{"op":"move","from":"/z/b/1","path":"/y"},{"op":"copy","from":"/y","path":"/z/b/-"},{"op":"add","path":"/y/\u00e9","value":"\t"}]`))
			return d.Patch(root, p)
		}, `{"z":{"b":[1,{"y":"\u00e9","x":2.50}],"a":"\ud83d\ude00"},"\uffff":0,"m":[{"k":1},{"k":2}],"y":{"y":"\u00e9","x":2.50,"é":"\t"}}`},
		{"copy of an edited subtree", func(d *graft.Doc, root graft.Ref) error {
			z := d.Member(root, "z")
			if err := d.Set(d.Get(z, "b", "1"), "w", d.NewInt(-0)); err != nil {
				return err
			}
			c := d.Copy(z)
			if err := d.Set(z, "a", d.NewNull()); err != nil { // the copy keeps the old value
				return err
			}
			return d.Set(root, "c", c)
		}, `{"z":{"b":[1,{"y":"\u00e9","x":2.50,"w":0}],"a":null},"\uffff":0,"m":[{"k":1},{"k":2}],"c":{"b":[1,{"y":"\u00e9","x":2.50,"w":0}],"a":"\ud83d\ude00"}}`},
		{"duplicate made by set of an escaped name", func(d *graft.Doc, root graft.Ref) error {
			m := d.Get(root, "m", "0")
			o, _ := d.Append([]byte(`{"\u006b":3}`))
			return d.Merge(m, o) // merges into "k": no duplicate
		}, `{"z":{"b":[1,{"y":"\u00e9","x":2.50}],"a":"\ud83d\ude00"},"\uffff":0,"m":[{"k":3},{"k":2}]}`},
	}
	runEditCases(t, doc, cases)
}
