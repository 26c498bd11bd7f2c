package graft_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/graftjson/graft"
)

// Tests of what the vectorized parse carries from one 64-byte block to the
// next (and from one kernel call of 64 blocks to the next): the state of
// strings, escapes, UTF-8 sequences and tokens cut by a block edge. Each
// piece is put at every position across the edges of the first blocks, of
// the first kernel chunk, and of the end of the input; parseBoth holds
// every parse path to the scalar parser's result, and the scalar parser
// is held to the verdict the case names.

type boundaryCase struct {
	name  string
	piece string // a JSON value, or what stands in for one
	valid bool   // under the default Options
}

func boundaryCases() []boundaryCase {
	cases := []boundaryCase{
		{"empty string", `""`, true},
		{"one-letter string", `"a"`, true},
		{"escaped quote alone", `"\""`, true},
		{"escaped backslash alone", `"\\"`, true},
		{"escaped quote then backslash", `"\"\\"`, true},
		{"every short escape", `"\"\\\/\b\f\n\r\t"`, true},
		{"unknown escape", `"a\qb"`, false},
		{"escaped byte above 0x7f", "\"\\\xc3\xa9\"", false},

		{"two-byte UTF-8", `"aé"`, true},
		{"three-byte UTF-8", `"a€"`, true},
		{"four-byte UTF-8", `"a😀"`, true},
		{"last code point before the surrogates", "\"\xed\x9f\xbf\"", true},
		{"highest code point", "\"\xf4\x8f\xbf\xbf\"", true},
		{"UTF-8 encoded surrogate", "\"\xed\xa0\x80\"", false},
		{"code point above U+10FFFF", "\"\xf4\x90\x80\x80\"", false},
		{"overlong two-byte form", "\"\xc0\xaf\"", false},
		{"overlong three-byte form", "\"\xe0\x80\xaf\"", false},
		{"stray continuation byte", "\"a\x80b\"", false},
		{"two-byte sequence cut by the quote", "\"\xc3\"", false},
		{"three-byte sequence cut by the quote", "\"\xe2\x82\"", false},
		{"four-byte sequence cut by a letter", "\"\xf0\x9f\x98a\"", false},
		{"byte 0xff", "\"\xff\"", false},

		{"\\u escape", `"\u00e9"`, true},
		{"surrogate pair, lower case", `"\ud83d\ude00"`, true},
		{"surrogate pair, upper case", `"\uD83D\uDE00"`, true},
		{"highest surrogate pair", `"\uDBFF\uDFFF"`, true},
		{"code points around the surrogates", `"\uD7FF\uE000"`, true},
		{"two surrogate pairs", `"\uD800\uDC00\uD800\uDC00"`, true},
		{"lone high surrogate", `"\ud83d"`, false},
		{"lone low surrogate", `"\ude00"`, false},
		{"high surrogate then a letter escape", `"\ud83d\u0041"`, false},
		{"two high surrogates then a low one", `"\ud83d\ud83d\ude00"`, false},
		{"low surrogate then a high one", `"\ude00\ud83d"`, false},
		{"high surrogate, escaped backslash, u", `"\ud83d\\ude00"`, false},
		{"escaped backslash before a surrogate", `"\\ud83d"`, true},
		{"\\u with three hex digits", `"\u123"`, false},
		{"\\u with a bad hex digit", `"\u12g4"`, false},

		{"structural characters in a string", `"{[:,]}"`, true},
		{"brackets in a name", `{"{[":"]}"}`, true},
		{"delete byte in a string", "\"\x7f\"", true},
		{"form feed outside strings", "[1,\x0c2]", false},
		{"byte 0x1a outside strings", "[1\x1a]", false},
		{"NUL outside strings", "[1,\x00]", false},
		{"backslash outside strings", `[1,\"a"]`, false},

		{"zero", "0", true},
		{"minus zero", "-0", true},
		{"long integer", "12345678901234567890123", true},
		{"number with fraction and exponent", "-12.5e+10", true},
		{"number with an upper-case exponent", "1E-7", true},
		{"leading zero", "01", false},
		{"fraction without digits", "1.", false},
		{"minus alone", "-", false},
		{"exponent without digits", "1e", false},
		{"exponent sign without digits", "1e+", false},
		{"fraction without an integer", ".5", false},
		{"plus sign", "+1", false},
		{"two fractions", "1.5.5", false},
		{"true", "true", true},
		{"false", "false", true},
		{"null", "null", true},
		{"true cut short", "tru", false},
		{"null cut short", "nul", false},
		{"true with a tail", "truex", false},
		{"capital true", "True", false},

		{"numbers split by a space", "[1 2]", false},
		{"numbers split by a tab and a newline", "[1\t\n2]", false},
		{"literal split by a space", "[tr ue]", false},
		{"literals split by a space", "[true false]", false},
		{"number and string split by a space", `[1 "a"]`, false},
		{"strings split by a space", `["a" "b"]`, false},
		{"nested containers", `{"a":[{"b":null},[]],"c":{}}`, true},
		{"member without a colon", `{"a" 1}`, false},
		{"trailing comma", "[1,]", false},
		{"numbers split by a block of spaces", "[1" + strings.Repeat(" ", 70) + "2]", false},
		{"literal split by two blocks of newlines", "[tr" + strings.Repeat("\n", 130) + "ue]", false},
		{"escape, then three blocks of letters", `"\n` + strings.Repeat("a", 200) + `"`, true},
		{"three blocks of letters, then an escape", `"` + strings.Repeat("a", 200) + `\n"`, true},
		{"three blocks of letters", `"` + strings.Repeat("a", 200) + `"`, true},
	}
	// Runs of backslashes before a closing quote: even runs close the
	// string, odd runs escape the quote.
	for k := 0; k <= 9; k++ {
		run := strings.Repeat(`\`, k)
		name := strconv.Itoa(k) + " backslashes before a quote"
		if k%2 == 0 {
			cases = append(cases, boundaryCase{name, `"a` + run + `"`, true})
		} else {
			cases = append(cases, boundaryCase{name, `"a` + run + `"b"`, true}, boundaryCase{name + " at the end", `"a` + run + `"`, false})
		}
	}
	// Control bytes inside a string.
	for c := 0; c < 0x20; c++ {
		cases = append(cases, boundaryCase{"control byte 0x" + strconv.FormatInt(int64(c), 16) + " in a string", "\"a" + string(rune(c)) + "b\"", false})
	}
	return cases
}

// boundaryPlacements returns src with piece starting at offset at, in an
// array after a filler: whitespace (dropped by the compaction), or a
// string (kept); and piece alone, as the top-level value, after
// whitespace, ending the input.
func boundaryPlacements(piece string, at int) []string {
	out := []string{
		"[" + strings.Repeat(" ", at-1) + piece + "," + piece + "]",
		strings.Repeat("\n", at) + piece,
	}
	if at >= 4 {
		out = append(out, `["`+strings.Repeat("x", at-4)+`",`+piece+"]")
	}
	return out
}

func TestParseAcrossBlockEdges(t *testing.T) {
	for _, c := range boundaryCases() {
		t.Run(c.name, func(t *testing.T) {
			var d graft.Doc
			restore := graft.UseParser("scalar")
			_, err := d.Parse([]byte(c.piece))
			restore()
			if (err == nil) != c.valid {
				t.Fatalf("scalar parser on %q: %v, want valid %v", c.piece, err, c.valid)
			}
			for _, edge := range []int{64, 128, 4096} {
				for at := max(1, edge-len(c.piece)-1); at <= edge+1; at++ {
					for _, src := range boundaryPlacements(c.piece, at) {
						for _, opts := range parseBothOptions {
							parseBoth(t, opts, []byte(src))
						}
					}
				}
			}
		})
	}
}
