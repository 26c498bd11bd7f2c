package graft_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/graftjson/graft"
)

// The RFC 8259 grammar, production by production (section 2 onwards):
//
//	JSON-text = ws value ws
//	ws        = *( %x20 / %x09 / %x0A / %x0D )
//	value     = false / null / true / object / array / number / string
//	object    = begin-object [ member *( value-separator member ) ] end-object
//	member    = string name-separator value
//	array     = begin-array [ value *( value-separator value ) ] end-array
//	number    = [ minus ] int [ frac ] [ exp ]
//	int       = zero / ( digit1-9 *DIGIT )
//	frac      = decimal-point 1*DIGIT
//	exp       = e [ minus / plus ] 1*DIGIT
//	string    = quotation-mark *char quotation-mark
//	char      = unescaped / escape ( %x22 / %x5C / %x2F / %x62 / %x66 /
//	            %x6E / %x72 / %x74 / %x75 4HEXDIG )
//	unescaped = %x20-21 / %x23-5B / %x5D-10FFFF
//
// plus section 8.1 (UTF-8, no byte order mark) and graft's strict defaults
// (no lone surrogate escapes). Each case says whether the default Options
// accept it; stdDiffers names a documented difference from
// encoding/json.Valid.

type grammarCase struct {
	name       string
	in         string
	ok         bool
	stdDiffers string // why encoding/json.Valid answers otherwise, if it does
}

var grammarCases = func() []grammarCase {
	cs := []grammarCase{
		// value: every kind at the top level (RFC 8259 allows scalars there).
		{name: "value/true", in: `true`, ok: true},
		{name: "value/false", in: `false`, ok: true},
		{name: "value/null", in: `null`, ok: true},
		{name: "value/number", in: `0`, ok: true},
		{name: "value/string", in: `"s"`, ok: true},
		{name: "value/object", in: `{}`, ok: true},
		{name: "value/array", in: `[]`, ok: true},
		{name: "value/every kind in an array", in: `[true,false,null,1,"s",{},[]]`, ok: true},

		// literals
		{name: "literal/tru", in: `tru`},
		{name: "literal/nul", in: `nul`},
		{name: "literal/fals", in: `fals`},
		{name: "literal/True", in: `True`},
		{name: "literal/FALSE", in: `FALSE`},
		{name: "literal/Null", in: `Null`},
		{name: "literal/truee", in: `truee`},
		{name: "literal/nulll", in: `nulll`},
		{name: "literal/t", in: `t`},
		{name: "literal/trUe", in: `trUe`},
		{name: "literal/undefined", in: `undefined`},
		{name: "literal/tru in array", in: `[tru]`},
		{name: "literal/true then letters in array", in: `[truex]`},
		{name: "literal/two literals without comma", in: `[true false]`},

		// ws: all four characters, everywhere the grammar allows them.
		{name: "ws/all four around a scalar", in: " \t\n\r1 \t\n\r", ok: true},
		{name: "ws/all four around every token", in: " \t\n\r{ \t\n\r\"a\" \t\n\r: \t\n\r[ \t\n\r1 \t\n\r, \t\n\r2 \t\n\r] \t\n\r, \t\n\r\"b\" \t\n\r: \t\n\rnull \t\n\r} \t\n\r", ok: true},
		{name: "ws/inside empty containers", in: "[ \t\n\r{ \t\n\r} \t\n\r, \t\n\r[ \t\n\r]]", ok: true},
		{name: "ws/long runs", in: "[" + spaces(40) + "1" + spaces(17) + "," + spaces(9) + "2" + spaces(33) + "]", ok: true},
		{name: "ws/vertical tab before", in: "\v1"},
		{name: "ws/vertical tab after", in: "1\v"},
		{name: "ws/form feed between", in: "[1,\f2]"},
		{name: "ws/NBSP before", in: "\u00a01"},
		{name: "ws/NBSP between", in: "[1\u00a0,2]"},
		{name: "ws/line separator", in: "\u20281"},
		{name: "ws/NUL byte", in: "[1,\x002]"},
		{name: "ws/BOM", in: "\ufeff{}"},
		{name: "ws/BOM before scalar", in: "\ufeff1"},
		{name: "ws/BOM after value", in: "{}\ufeff"},
		{name: "ws/comment block", in: "/*c*/1"},
		{name: "ws/comment line", in: "1//c"},
		{name: "ws/hash comment", in: "#1\n1"},

		// object
		{name: "object/empty", in: `{}`, ok: true},
		{name: "object/empty with space", in: `{ }`, ok: true},
		{name: "object/one member", in: `{"a":1}`, ok: true},
		{name: "object/members of every kind", in: `{"a":1,"b":"x","c":true,"d":null,"e":{},"f":[]}`, ok: true},
		{name: "object/nested", in: `{"a":{"b":{"c":{}}}}`, ok: true},
		{name: "object/empty name", in: `{"":0}`, ok: true},
		{name: "object/escaped name", in: `{"a\"b\u00e9":0}`, ok: true},
		{name: "object/missing colon", in: `{"a" 1}`},
		{name: "object/missing value", in: `{"a":}`},
		{name: "object/name only", in: `{"a"}`},
		{name: "object/comma for colon", in: `{"a",1}`},
		{name: "object/double colon", in: `{"a"::1}`},
		{name: "object/second colon", in: `{"a":1:2}`},
		{name: "object/trailing comma", in: `{"a":1,}`},
		{name: "object/leading comma", in: `{,"a":1}`},
		{name: "object/double comma", in: `{"a":1,,"b":2}`},
		{name: "object/missing comma", in: `{"a":1 "b":2}`},
		{name: "object/number name", in: `{1:2}`},
		{name: "object/bare name", in: `{a:1}`},
		{name: "object/null name", in: `{null:1}`},
		{name: "object/array name", in: `{[]:1}`},
		{name: "object/object name", in: `{{}:1}`},
		{name: "object/single quotes", in: `{'a':1}`},
		{name: "object/single quoted value", in: `{"a":'b'}`},
		{name: "object/unclosed", in: `{"a":1`},
		{name: "object/open brace only", in: `{`},
		{name: "object/close brace only", in: `}`},
		{name: "object/extra close", in: `{"a":1}}`},
		{name: "object/closed by bracket", in: `{"a":1]`},
		{name: "object/comma only", in: `{,}`},

		// array
		{name: "array/empty", in: `[]`, ok: true},
		{name: "array/empty with space", in: `[ ]`, ok: true},
		{name: "array/one item", in: `[1]`, ok: true},
		{name: "array/nested empties", in: `[[],[[]],{}]`, ok: true},
		{name: "array/trailing comma", in: `[1,]`},
		{name: "array/leading comma", in: `[,1]`},
		{name: "array/comma only", in: `[,]`},
		{name: "array/double comma", in: `[1,,2]`},
		{name: "array/missing comma", in: `[1 2]`},
		{name: "array/missing comma between containers", in: `[[]{}]`},
		{name: "array/unclosed", in: `[1`},
		{name: "array/unclosed after comma", in: `[1,`},
		{name: "array/open bracket only", in: `[`},
		{name: "array/close bracket only", in: `]`},
		{name: "array/closed by brace", in: `[1}`},
		{name: "array/opened by brace", in: `{]`},
		{name: "array/extra close", in: `[1]]`},
		{name: "array/colon", in: `[1:2]`},

		// number
		{name: "number/zero", in: `0`, ok: true},
		{name: "number/minus zero", in: `-0`, ok: true},
		{name: "number/negative", in: `-12`, ok: true},
		{name: "number/fraction", in: `0.5`, ok: true},
		{name: "number/zero fraction", in: `0.0`, ok: true},
		{name: "number/exponent E+", in: `1E+2`, ok: true},
		{name: "number/exponent e-", in: `1e-2`, ok: true},
		{name: "number/exponent bare", in: `1e2`, ok: true},
		{name: "number/exponent leading zeros", in: `1e002`, ok: true},
		{name: "number/all parts", in: `-1.5e10`, ok: true},
		{name: "number/minus zero all parts", in: `-0.0e-0`, ok: true},
		{name: "number/20 digits", in: `12345678901234567890`, ok: true},
		{name: "number/40 digits", in: `1234567890123456789012345678901234567890`, ok: true},
		{name: "number/smallest subnormal", in: `5e-324`, ok: true},
		{name: "number/largest float", in: `1.7976931348623157e308`, ok: true},
		{name: "number/beyond float range", in: `1e400`, ok: true},
		{name: "number/huge exponent", in: `1e1000000000`, ok: true},
		{name: "number/in containers", in: `[0,-0,1.5,{"a":-1e-9}]`, ok: true},
		{name: "number/leading zero", in: `01`},
		{name: "number/two zeros", in: `00`},
		{name: "number/minus leading zero", in: `-01`},
		{name: "number/minus alone", in: `-`},
		{name: "number/minus space", in: `- 1`},
		{name: "number/double minus", in: `--1`},
		{name: "number/plus", in: `+1`},
		{name: "number/leading dot", in: `.5`},
		{name: "number/minus dot", in: `-.5`},
		{name: "number/trailing dot", in: `1.`},
		{name: "number/dot exponent", in: `1.e5`},
		{name: "number/bare e", in: `1e`},
		{name: "number/e plus", in: `1e+`},
		{name: "number/e minus", in: `1E-`},
		{name: "number/e plus minus", in: `1e+-2`},
		{name: "number/double e", in: `1ee5`},
		{name: "number/fractional exponent", in: `1e5.5`},
		{name: "number/two dots", in: `1.5.`},
		{name: "number/hex", in: `0x10`},
		{name: "number/underscore", in: `1_000`},
		{name: "number/NaN", in: `NaN`},
		{name: "number/Infinity", in: `Infinity`},
		{name: "number/minus Infinity", in: `-Infinity`},
		{name: "number/leading zero in array", in: `[01]`},
		{name: "number/minus alone in array", in: `[-]`},
		{name: "number/minus alone as member", in: `{"a":-}`},
		{name: "number/trailing dot in array", in: `[1.]`},

		// string
		{name: "string/empty", in: `""`, ok: true},
		{name: "string/plain", in: `"abc"`, ok: true},
		{name: "string/every short escape", in: `"\"\\\/\b\f\n\r\t"`, ok: true},
		{name: "string/unicode escapes lower and upper hex", in: `"\u0041\u00e9\u00E9\uabcd\uABCD\uFFFF\u0000"`, ok: true},
		{name: "string/surrogate pair", in: `"\uD83D\uDE00"`, ok: true},
		{name: "string/DEL unescaped", in: "\"a\x7fb\"", ok: true},
		{name: "string/single quote", in: `"'"`, ok: true},
		{name: "string/UTF-8 text", in: `"héllo €😀"`, ok: true},
		{name: "string/long plain", in: `"` + strings.Repeat("abcdefghij", 10) + `"`, ok: true},
		{name: "string/escape \\x", in: `"\x41"`},
		{name: "string/escape \\U", in: `"\U0041"`},
		{name: "string/escape \\a", in: `"\a"`},
		{name: "string/escape \\'", in: `"\'"`},
		{name: "string/escape \\0", in: `"\0"`},
		{name: "string/escape \\u two digits", in: `"\u12"`},
		{name: "string/escape \\u three digits then text", in: `"\u123x"`},
		{name: "string/escape \\u non-hex", in: `"\u12G4"`},
		{name: "string/escape \\u alone", in: `"\u"`},
		{name: "string/escape \\u at end of input", in: `"\u00`},
		{name: "string/backslash at end", in: `"\`},
		{name: "string/escaped quote unterminated", in: `"\"`},
		{name: "string/unterminated", in: `"abc`},
		{name: "string/quote only", in: `"`},
		{name: "string/single quoted", in: `'abc'`},
		{name: "string/two strings", in: `"a""b"`},
		{name: "string/escaped newline raw", in: "\"a\\\nb\""},
		{name: "string/lone high surrogate", in: `"\uD800"`, stdDiffers: "lone surrogate escapes are rejected by default"},
		{name: "string/lone low surrogate", in: `"\uDC00"`, stdDiffers: "lone surrogate escapes are rejected by default"},
		{name: "string/reversed surrogate pair", in: `"\uDC00\uD800"`, stdDiffers: "lone surrogate escapes are rejected by default"},
		{name: "string/invalid UTF-8", in: "\"\xff\"", stdDiffers: "invalid UTF-8 is rejected"},

		// JSON-text: exactly one value.
		{name: "text/empty", in: ``},
		{name: "text/whitespace only", in: " \t\n\r"},
		{name: "text/two numbers", in: `1 2`},
		{name: "text/two arrays", in: `[] []`},
		{name: "text/two objects", in: `{}{}`},
		{name: "text/two literals", in: `null null`},
		{name: "text/value then comma", in: `1,`},
		{name: "text/container then comma", in: `[1],`},
		{name: "text/object then comma and member", in: `{"a":1},"b":2`},
		{name: "text/closers after the value", in: `1]`},
		{name: "text/extra array closer", in: `[[]]]`},
		{name: "text/extra object closer", in: `{"a":{}}}`},
		{name: "text/value then garbage", in: `{} x`},
	}
	// Every unescaped control character is an error; DEL (0x7F) is not a
	// control character for JSON.
	for c := 0; c < 0x20; c++ {
		cs = append(cs, grammarCase{name: fmt.Sprintf("string/control 0x%02x", c), in: "\"a" + string(rune(c)) + "b\""})
	}
	return cs
}()

func spaces(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = " \n\t\r"[i%4]
	}
	return string(b)
}

func TestGrammar(t *testing.T) {
	for _, tc := range grammarCases {
		t.Run(tc.name, func(t *testing.T) {
			if std := json.Valid([]byte(tc.in)); std != tc.ok && tc.stdDiffers == "" {
				t.Fatalf("encoding/json.Valid says %v: the case is wrong or needs stdDiffers", std)
			} else if std == tc.ok && tc.stdDiffers != "" {
				t.Fatalf("encoding/json.Valid agrees, yet the case says %q", tc.stdDiffers)
			}
			checkParse(t, graft.Options{}, tc.in, tc.ok)
		})
	}
}

// checkParse parses in with opts into a Doc that already holds a value and
// checks the outcome: an accepted text prints as encoding/json.Compact
// prints it (and parses again to the same text); a rejected one returns an
// *Error wrapping ErrSyntax at a consistent position and leaves the Doc as
// it was.
func checkParse(t *testing.T, opts graft.Options, in string, ok bool) graft.Ref {
	t.Helper()
	d := graft.New(opts)
	prior := mustAppend(t, d, `{"prior":[1,"two",{"three":3}]}`)
	priorText, size := compact(d, prior), d.Size()

	r, err := d.Append([]byte(in))
	if ok {
		if err != nil {
			t.Fatalf("Append(%q): %v", clip(in), err)
		}
		got := compact(d, r)
		if want := stdCompact(t, in); got != want {
			t.Fatalf("prints %q, want %q", clip(got), clip(want))
		}
		if _, err := graft.New(opts).Parse([]byte(got)); err != nil {
			t.Fatalf("output %q does not parse again: %v", clip(got), err)
		}
		if compact(d, prior) != priorText {
			t.Fatalf("the value appended before changed: %s", compact(d, prior))
		}
		return r
	}
	if err == nil {
		t.Fatalf("Append(%q) accepted it as %q", clip(in), compact(d, r))
	}
	if r != 0 {
		t.Errorf("a failed Append returned Ref %d, want 0", r)
	}
	syntaxErr(t, err, graft.ErrSyntax, in)
	if got := compact(d, prior); got != priorText || d.Size() != size {
		t.Fatalf("failed Append changed the Doc: %s (size %d, was %d)", got, d.Size(), size)
	}
	if r2 := mustAppend(t, d, `[true]`); compact(d, r2) != `[true]` {
		t.Fatalf("Append after a failure prints %s", compact(d, r2))
	}
	return 0
}

// TestUTF8 covers section 8.1: text is UTF-8. Strict parsing rejects every
// ill-formed sequence (RFC 3629); AllowInvalidUTF8 passes the bytes through
// inside strings, and only there.
func TestUTF8(t *testing.T) {
	cases := []struct {
		name   string
		in     string
		strict bool // accepted by default
		relax  bool // accepted with AllowInvalidUTF8
	}{
		{name: "2-byte é", in: "\"\xc3\xa9\"", strict: true, relax: true},
		{name: "2-byte lowest U+0080", in: "\"\xc2\x80\"", strict: true, relax: true},
		{name: "2-byte highest U+07FF", in: "\"\xdf\xbf\"", strict: true, relax: true},
		{name: "3-byte €", in: "\"\xe2\x82\xac\"", strict: true, relax: true},
		{name: "3-byte lowest U+0800", in: "\"\xe0\xa0\x80\"", strict: true, relax: true},
		{name: "3-byte before surrogates U+D7FF", in: "\"\xed\x9f\xbf\"", strict: true, relax: true},
		{name: "3-byte after surrogates U+E000", in: "\"\xee\x80\x80\"", strict: true, relax: true},
		{name: "3-byte highest U+FFFF", in: "\"\xef\xbf\xbf\"", strict: true, relax: true},
		{name: "4-byte 😀", in: "\"\xf0\x9f\x98\x80\"", strict: true, relax: true},
		{name: "4-byte lowest U+10000", in: "\"\xf0\x90\x80\x80\"", strict: true, relax: true},
		{name: "4-byte highest U+10FFFF", in: "\"\xf4\x8f\xbf\xbf\"", strict: true, relax: true},
		{name: "multi-byte run past 8 bytes", in: "\"Привет, мир! こんにちは\"", strict: true, relax: true},
		{name: "in a member name", in: "{\"\xc3\xa9\":1}", strict: true, relax: true},

		{name: "overlong C0 80", in: "\"\xc0\x80\"", relax: true},
		{name: "overlong C1 BF", in: "\"\xc1\xbf\"", relax: true},
		{name: "overlong E0 80 80", in: "\"\xe0\x80\x80\"", relax: true},
		{name: "overlong E0 9F BF", in: "\"\xe0\x9f\xbf\"", relax: true},
		{name: "overlong F0 80 80 80", in: "\"\xf0\x80\x80\x80\"", relax: true},
		{name: "overlong F0 8F BF BF", in: "\"\xf0\x8f\xbf\xbf\"", relax: true},
		{name: "surrogate ED A0 80", in: "\"\xed\xa0\x80\"", relax: true},
		{name: "surrogate ED BF BF", in: "\"\xed\xbf\xbf\"", relax: true},
		{name: "surrogate pair as UTF-8", in: "\"\xed\xa0\xbd\xed\xb8\x80\"", relax: true},
		{name: "above U+10FFFF F4 90 80 80", in: "\"\xf4\x90\x80\x80\"", relax: true},
		{name: "lead F5", in: "\"\xf5\x80\x80\x80\"", relax: true},
		{name: "lead F8", in: "\"\xf8\x88\x80\x80\x80\"", relax: true},
		{name: "byte FE", in: "\"\xfe\"", relax: true},
		{name: "byte FF", in: "\"\xff\"", relax: true},
		{name: "truncated 2-byte at end of string", in: "\"\xc3\"", relax: true},
		{name: "truncated 3-byte at end of string", in: "\"\xe2\x82\"", relax: true},
		{name: "truncated 4-byte at end of string", in: "\"\xf0\x9f\x98\"", relax: true},
		{name: "truncated 3-byte before ASCII", in: "\"\xe2\x82a\"", relax: true},
		{name: "truncated 4-byte before ASCII", in: "\"\xf0\x9f\x98abcdefgh\"", relax: true},
		{name: "stray continuation 80", in: "\"\x80\"", relax: true},
		{name: "stray continuation BF after ASCII", in: "\"abc\xbf\"", relax: true},
		{name: "continuation after complete sequence", in: "\"\xc3\xa9\xa9\"", relax: true},
		{name: "invalid after long ASCII run", in: "\"abcdefghijklmnopqrstuvwxyz\xff0123456789\"", relax: true},
		{name: "invalid in a member name", in: "{\"\xff\":1}", relax: true},
		{name: "invalid in a nested value", in: "[{\"a\":[\"ok\",\"\xe0\x80\x80\"]}]", relax: true},

		// Outside strings a byte that is not ASCII is a syntax error
		// whatever the options.
		{name: "UTF-8 letter as a value", in: "\xc3\xa9"},
		{name: "invalid byte as a value", in: "[\xff]"},
		{name: "invalid byte after a value", in: "1\xff"},
		{name: "invalid byte as a name", in: "{\xff:1}"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Run("strict", func(t *testing.T) {
				checkParse(t, graft.Options{}, tc.in, tc.strict)
			})
			t.Run("AllowInvalidUTF8", func(t *testing.T) {
				r := checkParse(t, graft.Options{AllowInvalidUTF8: true}, tc.in, tc.relax)
				if !tc.relax {
					return
				}
				// Printing reproduces the bytes as received (the inputs
				// hold no whitespace), and decoding keeps them too.
				d := graft.New(graft.Options{AllowInvalidUTF8: true})
				r, _ = d.Parse([]byte(tc.in))
				if got := compact(d, r); got != tc.in {
					t.Fatalf("prints %q, want the input %q", got, tc.in)
				}
				if d.Kind(r) == graft.String {
					got, err := d.AppendString(nil, r)
					if err != nil || string(got) != tc.in[1:len(tc.in)-1] {
						t.Fatalf("AppendString = %q, %v; want the bytes between the quotes", got, err)
					}
				}
			})
		})
	}
}

// TestSurrogateEscapes covers \u escapes of UTF-16 surrogates: a high half
// followed by a low half is one character; anything else is a lone
// surrogate, an error unless AllowLoneSurrogates, which keeps the text and
// decodes each lone half to U+FFFD.
func TestSurrogateEscapes(t *testing.T) {
	cases := []struct {
		name    string
		in      string
		strict  bool
		decoded string // with AllowLoneSurrogates
	}{
		{name: "pair", in: `"\uD83D\uDE00"`, strict: true, decoded: "😀"},
		{name: "pair lower-case hex", in: `"\ud83d\ude00"`, strict: true, decoded: "😀"},
		{name: "pair lowest", in: `"\uD800\uDC00"`, strict: true, decoded: "\U00010000"},
		{name: "pair highest", in: `"\uDBFF\uDFFF"`, strict: true, decoded: "\U0010FFFF"},
		{name: "pair between text", in: `"a\uD83D\uDE00b"`, strict: true, decoded: "a😀b"},
		{name: "lone high", in: `"\uD800"`, decoded: "\uFFFD"},
		{name: "lone high last before text", in: `"\uDBFFabcdefgh"`, decoded: "\uFFFDabcdefgh"},
		{name: "lone low", in: `"\uDC00"`, decoded: "\uFFFD"},
		{name: "lone low highest", in: `"x\uDFFFy"`, decoded: "x\uFFFDy"},
		{name: "reversed pair", in: `"\uDE00\uD83D"`, decoded: "\uFFFD\uFFFD"},
		{name: "high then BMP escape", in: `"\uD800\u0041"`, decoded: "\uFFFDA"},
		{name: "high then short escape", in: `"\uD800\n"`, decoded: "\uFFFD\n"},
		{name: "high high low", in: `"\uD800\uD800\uDC00"`, decoded: "\uFFFD\U00010000"},
		{name: "high low low", in: `"\uD800\uDC00\uDC00"`, decoded: "\U00010000\uFFFD"},
		{name: "lone in a member name", in: `{"\uD800":1}`, decoded: ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Run("strict", func(t *testing.T) {
				checkParse(t, graft.Options{}, tc.in, tc.strict)
			})
			t.Run("AllowLoneSurrogates", func(t *testing.T) {
				checkParse(t, graft.Options{AllowLoneSurrogates: true}, tc.in, true)
				d := graft.New(graft.Options{AllowLoneSurrogates: true})
				r, err := d.Parse([]byte(tc.in))
				if err != nil {
					t.Fatal(err)
				}
				if got := compact(d, r); got != tc.in {
					t.Fatalf("prints %s, want the escapes kept as received: %s", got, tc.in)
				}
				if d.Kind(r) != graft.String {
					return
				}
				if got, err := d.Text(r); err != nil || got != tc.decoded {
					t.Fatalf("Text = %q, %v; want %q", got, err, tc.decoded)
				}
			})
		})
	}
}

// TestSyntaxErrorPosition pins the reported position for inputs where the
// offending byte is unambiguous.
func TestSyntaxErrorPosition(t *testing.T) {
	cases := []struct {
		name         string
		in           string
		offset       int
		line, column int
	}{
		{name: "trailing comma in array", in: `[1,]`, offset: 3, line: 1, column: 4},
		{name: "missing colon", in: `{"a" 1}`, offset: 5, line: 1, column: 6},
		{name: "missing comma", in: `[1 2]`, offset: 3, line: 1, column: 4},
		{name: "second top-level value", in: `{} []`, offset: 3, line: 1, column: 4},
		{name: "unterminated string ends at input end", in: `"abc`, offset: 4, line: 1, column: 5},
		{name: "empty input", in: ``, offset: 0, line: 1, column: 1},
		{name: "whitespace only", in: "  \n ", offset: 4, line: 2, column: 2},
		{name: "control character", in: "[\"a\x01\"]", offset: 3, line: 1, column: 4},
		{name: "invalid UTF-8 byte", in: "\"ab\xff\"", offset: 3, line: 1, column: 4},
		{name: "invalid UTF-8 after a long run", in: "\"abcdefghijklmnopqrstuvwx\xc0\x80\"", offset: 25, line: 1, column: 26},
		{name: "non-string name", in: `{"a":1,2:3}`, offset: 7, line: 1, column: 8},
		{name: "leading zero", in: `[01]`, offset: 2, line: 1, column: 3},
		{name: "multi-line trailing comma", in: "[\n  1,\n  2,\n]", offset: 12, line: 4, column: 1},
		{name: "multi-line leading zero after tab", in: "{\n\t\"a\": 01\n}", offset: 9, line: 2, column: 8},
		{name: "CRLF lines", in: "[\r\n1\r\n,]", offset: 7, line: 3, column: 2},
		{name: "column counts bytes", in: "[\"é\", x]", offset: 7, line: 1, column: 8},
		{name: "deep in an indented document", in: "{\n  \"a\": {\n    \"b\": [\n      1,\n      2\n      3\n    ]\n  }\n}", offset: 45, line: 6, column: 7},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var d graft.Doc
			_, err := d.Parse([]byte(tc.in))
			e := syntaxErr(t, err, graft.ErrSyntax, tc.in)
			if e.Offset != int64(tc.offset) || e.Line != tc.line || e.Column != tc.column {
				t.Fatalf("error at offset %d (line %d, column %d), want offset %d (line %d, column %d): %v",
					e.Offset, e.Line, e.Column, tc.offset, tc.line, tc.column, err)
			}
		})
	}
}

// TestMemberNameSpecials puts one byte that needs a look (an escape, an
// escaped quote, a two-byte character, a control byte, an invalid byte) at
// every position of member names of up to 20 bytes, with the end of input
// at several distances: the parser takes names of up to 15 plain bytes in
// one or two words where 16 bytes follow the quote, and scans the others.
func TestMemberNameSpecials(t *testing.T) {
	specials := []string{`\n`, `\"`, "é", "\x01", "\xff", `\u0041`}
	for n := 0; n <= 20; n++ {
		for p := -1; p < n; p++ { // p == -1: a plain name
			for _, sp := range specials {
				name := strings.Repeat("k", n)
				if p >= 0 {
					name = name[:p] + sp + name[p:]
				}
				for _, tail := range []string{"", " ", "         "} {
					in := `{"` + name + `":1}` + tail
					var d graft.Doc
					r, err := d.Parse([]byte(in))
					if ok := json.Valid([]byte(in)) && utf8.ValidString(in); (err == nil) != ok {
						t.Fatalf("Parse(%q): %v, valid %v", in, err, ok)
					}
					if err != nil {
						continue
					}
					var m map[string]int
					if err := json.Unmarshal([]byte(in), &m); err != nil {
						t.Fatal(err)
					}
					for k := range m {
						if v, err := d.Int64(d.Member(r, k)); err != nil || v != 1 {
							t.Fatalf("Parse(%q): member %q = %d, %v", in, k, v, err)
						}
					}
					if got := compact(&d, r); got != strings.TrimRight(in, " ") {
						t.Fatalf("Parse(%q) prints %q", in, got)
					}
				}
				if p < 0 {
					break
				}
			}
		}
	}
}
