package graft_test

import (
	"encoding/json"
	"errors"
	"math"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"unicode/utf8"

	"github.com/graftjson/graft"
)

// parseBoth parses src with every parse path into fresh Docs with opts and
// fails unless they agree exactly: the same error (offset, line, column,
// reason), or the same text, nodes and container entries. Where the machine
// has the stage-one kernel it also runs the vectorized parse alone, which
// must take exactly the inputs the scalar parser accepts (it may not hand
// a valid input back to the scalar parser) and build the same arena, also
// when it grows the arena every few nodes.
func parseBoth(t *testing.T, opts graft.Options, src []byte) {
	t.Helper()
	const prior = `{"prior":["value",1]}` // input after input
	var first *graft.Doc
	var firstErr error
	for i, p := range graft.Parsers() {
		restore := graft.UseParser(p)
		d := graft.New(opts)
		mustAppend(t, d, prior)
		_, err := d.Append(src)
		restore()
		if i == 0 {
			first, firstErr = d, err
			continue
		}
		switch {
		case (err == nil) != (firstErr == nil):
			t.Fatalf("%s parser: %v; scalar parser: %v", p, err, firstErr)
		case err != nil && !sameError(err, firstErr):
			t.Fatalf("%s parser: %#v; scalar parser: %#v", p, err, firstErr)
		case err == nil && !graft.SameArena(d, first):
			t.Fatalf("%s parser built another arena than the scalar parser for %q", p, clip(string(src)))
		}
	}
	if len(graft.Parsers()) < 2 {
		return
	}
	for _, often := range []bool{false, true} {
		d := graft.New(opts)
		restore := graft.UseParser("scalar")
		mustAppend(t, d, prior)
		restore()
		if often {
			restore = graft.GrowOften()
		}
		_, ok := graft.AppendFast(d, src)
		restore()
		switch {
		case ok != (firstErr == nil):
			t.Fatalf("vectorized parse alone (growing often: %v) took the input: %v; scalar parser: %v; input %q", often, ok, firstErr, clip(string(src)))
		case ok && !graft.SameArena(d, first):
			t.Fatalf("vectorized parse alone (growing often: %v) built another arena than the scalar parser for %q", often, clip(string(src)))
		}
	}
}

// sameError reports whether a and b are *graft.Error values with the same
// fields.
func sameError(a, b error) bool {
	var ea, eb *graft.Error
	return errors.As(a, &ea) && errors.As(b, &eb) && *ea == *eb
}

var parseBothOptions = []graft.Options{
	{},
	{AllowInvalidUTF8: true, AllowLoneSurrogates: true},
	{RejectDuplicateNames: true, MaxDepth: 5, MaxNodes: 40},
}

func TestParsersAgree(t *testing.T) {
	inputs := []string{
		"", " ", "[1 2]", "[1\n2]", `{"a" 1}`, `["a" "b"]`, "[tru e]", "[1,\x0c2]", `"\`, `\"`,
		`{"a":{"b":[1,2,{"c":"\u00e9\ud83d\ude00"}]},"d":"\\\"x"}`, `"\ud800"`, `"\x"`, "\"\x7f\"",
		`[1,2,]`, `{"a":1,}`, `[01]`, `[-]`, `[1.]`, `[1e]`, `[nul]`, `[truex]`, `{"a":1,"a":2}`,
		nestArrays(6), nestArrays(1001), "\xef\xbb\xbf[]", "[\"\xff\"]",
	}
	for _, c := range grammarCases {
		inputs = append(inputs, c.in)
	}
	for _, in := range inputs {
		for _, opts := range parseBothOptions {
			parseBoth(t, opts, []byte(in))
			parseBoth(t, opts, []byte("  \n"+in+"\t "))
		}
	}
}

func FuzzParsersAgree(f *testing.F) {
	for _, c := range grammarCases {
		f.Add([]byte(c.in))
	}
	for _, s := range extraParseSeeds {
		f.Add([]byte(s))
	}
	addCorpusSeeds(f, func(b []byte) { f.Add(b) })
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, opts := range parseBothOptions {
			parseBoth(t, opts, src)
		}
	})
}

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

// Inputs beyond the reach of FuzzParsersAgree, whose inputs are small:
// strings longer than the kernel's chunk of 4 KiB and than 64 KiB, more
// nodes than the stage-two walk builds per call (it stops every 65536 to
// let the scheduler in), nesting up to and past MaxDepth (the walk grows
// its stack as it goes), the node limit exactly met and just exceeded, and
// each relaxing Option alone.

// repeatTo returns unit repeated to n bytes (the last copy cut short).
func repeatTo(unit string, n int) string {
	return strings.Repeat(unit, n/len(unit)+1)[:n]
}

func TestParseLongStrings(t *testing.T) {
	// A run of backslashes or a multi-byte sequence at each edge of the
	// kernel's chunks (4096 bytes) and of 64 KiB.
	withAt := func(unit string, edges ...int) string {
		b := []byte(`"` + repeatTo("a", 70000))
		for _, e := range edges {
			for off := -3; off <= 0; off++ {
				copy(b[e+off*len(unit)-1:], unit)
			}
		}
		return string(b) + `"`
	}
	cases := []struct {
		name string
		src  string
	}{
		{"70000 letters", `"` + repeatTo("a", 70000) + `"`},
		{"70000 letters as a member name", `{"` + repeatTo("a", 70000) + `":1}`},
		{"70000 escapes", `"` + repeatTo(`\n`, 70000) + `"`},
		{"70000 bytes of backslash pairs", `"` + repeatTo(`\\`, 70000) + `"`},
		{"70000 bytes of euro signs", `"` + repeatTo("€", 69999) + `"`},
		{"70000 bytes of surrogate pairs", `"` + repeatTo(`\ud83d\ude00`, 69996) + `"`},
		{"backslash pairs across chunk edges", withAt(`\\`, 4096, 8192, 65536)},
		{"escaped quotes across chunk edges", withAt(`\"`, 4096, 8192, 65536)},
		{"emoji across chunk edges", withAt("😀", 4096, 8192, 65536)},
		{"surrogate pairs across chunk edges", withAt(`\uD83D\uDE00`, 4096, 8192, 65536)},
		{"control byte past 64 KiB", `"` + repeatTo("a", 65537) + "\x01\""},
		{"invalid UTF-8 past 64 KiB", `"` + repeatTo("a", 65537) + "\xc3\""},
		{"lone surrogate past 64 KiB", `"` + repeatTo("a", 65537) + `\ud800"`},
		{"unterminated after 70000 bytes", `"` + repeatTo("a", 70000)},
		{"long strings in an array", "[" + strings.Repeat(`"`+repeatTo("b", 5000)+`",`, 20) + "1]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, opts := range parseBothOptions {
				parseBoth(t, opts, []byte(c.src))
			}
		})
	}
}

// TestParseManyNodes puts the points where the stage-two walk stops and
// resumes (every 65536 nodes) at every kind of place: after an array item,
// after a member's string value (the walk's shortcut), after a number
// member, after a closing bracket, inside deep nesting.
func TestParseManyNodes(t *testing.T) {
	const budget = 1 << 16
	items := func(n int, item string) string { return "[" + strings.Repeat(item+",", n-1) + item + "]" }
	members := func(n int, value string) string {
		var b strings.Builder
		b.WriteString("{")
		for i := 0; i < n; i++ {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(`"k` + strconv.Itoa(i) + `":` + value)
		}
		b.WriteString("}")
		return b.String()
	}
	type input struct{ name, src string }
	var cases []input
	for extra := -3; extra <= 3; extra++ {
		e := strconv.Itoa(extra)
		cases = append(cases,
			input{"numbers, " + e, items(budget+extra, "1")},
			input{"string members, " + e, members(budget/2+extra, `"v"`)},
			input{"number members, " + e, members(budget/2+extra, "7")},
			input{"one-item arrays, " + e, items(budget/2+extra, "[1]")},
			input{"empty objects, " + e, items(budget+extra, "{}")},
			input{"nested, " + e, items(budget/4+extra, `{"a":[{}]}`)},
		)
	}
	cases = append(cases,
		input{"300000 numbers", items(300000, "12")},
		input{"deep inside many", items(budget-20, "0")[:budget*2-40] + "," + nestArrays(200) + "]"},
		input{"syntax error after 200000 nodes", items(200000, "1")[:400000] + ",]"},
		input{"duplicate name after 80000 nodes", members(40000, "1")[:len(members(40000, "1"))-1] + `,"k0":2}`},
	)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			parseBoth(t, graft.Options{}, []byte(c.src))
			parseBoth(t, graft.Options{RejectDuplicateNames: true}, []byte(c.src))
		})
	}
}

// TestParseGrowsAnywhere: the vectorized walk of a large input stops to
// grow the arena (after 1024 nodes, then at steps up to sixteen times
// larger) and must never run out of room between two stops, where it
// opens containers without a check: at every depth up to the limit,
// below arrays and objects, and where its stack of open containers grows
// (past 64 and 128 levels) on the way.
func TestParseGrowsAnywhere(t *testing.T) {
	items := func(n int, item string) string { return "[" + strings.Repeat(item+",", n-1) + item + "]" }
	for _, depth := range []int{1, 2, 3, 7, 63, 64, 65, 129, 500, 997} {
		for _, shape := range []struct {
			name string
			item string
		}{
			{"arrays", nestArrays(depth)},
			{"objects", nestObjects(depth)},
			{"mixed", mixedNest(depth)},
		} {
			n := max(40000/(depth+1), 3)
			t.Run(strconv.Itoa(depth)+" deep "+shape.name, func(t *testing.T) {
				parseBoth(t, graft.Options{}, []byte(items(n, shape.item)))
				parseBoth(t, graft.Options{}, []byte(`{"a":`+items(n, `{"b":`+shape.item+`}`)+`}`))
			})
		}
	}
}

// nodesOf returns the number of nodes src parses to.
func nodesOf(t *testing.T, src string) int {
	t.Helper()
	var d graft.Doc
	root := mustAppend(t, &d, src)
	n := 0
	var walk func(r graft.Ref)
	walk = func(r graft.Ref) {
		n++
		for _, v := range d.Items(r) {
			walk(v)
		}
		for _, v := range d.Members(r) {
			n++ // the name
			walk(v)
		}
	}
	walk(root)
	return n
}

// TestParseNodeLimit sets MaxNodes to exactly what the prior input of
// parseBoth and src need, and to one less: the first must parse, the
// second fail with the same error on every path.
func TestParseNodeLimit(t *testing.T) {
	const prior = 5 // {"prior":["value",1]}
	for _, src := range []string{
		`[1,"a",true,null,{"b":[]}]`,
		`{"a":"b","c":"d"}`,
		"[" + strings.Repeat(`"s",`, 99) + `"s"]`,
		strings.Repeat("[", 30) + strings.Repeat("]", 30),
		`"just a string"`,
	} {
		need := prior + nodesOf(t, src)
		for _, max := range []int{need, need - 1} {
			t.Run(strconv.Itoa(max)+" nodes for "+clip(src), func(t *testing.T) {
				opts := graft.Options{MaxNodes: max}
				d := graft.New(opts)
				mustAppend(t, d, `{"prior":["value",1]}`)
				_, err := d.Append([]byte(src))
				if (err == nil) != (max == need) {
					t.Fatalf("MaxNodes %d, %d needed: %v", max, need, err)
				}
				parseBoth(t, opts, []byte(src))
			})
		}
	}
}

// TestParseDepthLimit parses nesting one short of MaxDepth, at it and one
// past it, for limits around the sizes the walk's stack starts at (65
// frames) and grows to, with arrays, objects and the two mixed. The limits
// start at 2: parseBoth parses an input of depth 2 first.
func TestParseDepthLimit(t *testing.T) {
	nest := func(depth int, open, close string) string {
		return strings.Repeat(open, depth) + "1" + strings.Repeat(close, depth)
	}
	for _, limit := range []int{2, 3, 63, 64, 65, 66, 100, 129, 130, 131, 1000} {
		for _, depth := range []int{limit - 1, limit, limit + 1} {
			for _, src := range []string{
				nest(depth, "[", "]"),
				nest(depth, `{"a":`, "}"),
				mixedNest(depth),
			} {
				t.Run(strconv.Itoa(depth)+" deep, limit "+strconv.Itoa(limit)+", "+src[:min(len(src), 12)], func(t *testing.T) {
					opts := graft.Options{MaxDepth: limit}
					_, err := graft.New(opts).Parse([]byte(src))
					if (err == nil) != (depth <= limit) {
						t.Fatalf("depth %d, MaxDepth %d: %v", depth, limit, err)
					}
					parseBoth(t, opts, []byte(src))
				})
			}
		}
	}
}

// mixedNest returns depth containers nested, alternately arrays and
// objects.
func mixedNest(depth int) string {
	var open, close strings.Builder
	for i := 0; i < depth; i++ {
		if i%2 == 0 {
			open.WriteString("[")
		} else {
			open.WriteString(`{"a":`)
		}
	}
	for i := depth - 1; i >= 0; i-- {
		if i%2 == 0 {
			close.WriteString("]")
		} else {
			close.WriteString("}")
		}
	}
	return open.String() + "null" + close.String()
}

// TestParseDepthReuse parses into one Doc, on every path, inputs of
// growing and shrinking depth: the vectorized walk keeps the stack it grew
// for the next input.
func TestParseDepthReuse(t *testing.T) {
	inputs := []string{nestArrays(10), nestArrays(1000), nestArrays(3), nestArrays(1001), mixedNest(999), nestArrays(70)}
	var docs []*graft.Doc
	for _, p := range graft.Parsers() {
		restore := graft.UseParser(p)
		d := graft.New(graft.Options{})
		var errs []string
		for _, in := range inputs {
			_, err := d.Append([]byte(in))
			errs = append(errs, strings.ReplaceAll(errString(err), "\n", " "))
		}
		restore()
		if want := "ok ok ok graft: line 1, column 1001: nesting depth exceeds the limit of 1000 ok ok"; strings.Join(errs, " ") != want {
			t.Fatalf("%s parser: %q, want %q", p, strings.Join(errs, " "), want)
		}
		docs = append(docs, d)
	}
	for i := 1; i < len(docs); i++ {
		if !graft.SameArena(docs[0], docs[i]) {
			t.Fatalf("%s parser built another arena than the scalar parser", graft.Parsers()[i])
		}
	}
}

func errString(err error) string {
	if err == nil {
		return "ok"
	}
	return err.Error()
}

// TestParseOptionsAlone runs the inputs each relaxing or restricting
// Option is about with that Option alone (parseBothOptions sets the two
// relaxing ones together).
func TestParseOptionsAlone(t *testing.T) {
	inputs := []string{
		"\"\xff\"", "\"a\xc3\"", "\"\xed\xa0\x80\"", `"\ud800"`, `"\udc00\ud800"`, `"\ud800\u0041"`,
		"[\"\xff\", \"\\ud800\"]", `{"a":1,"a":2}`, `{"a":1,"\u0061":2}`, `{"a":{"b":1,"b":2}}`,
		`[{"a":1},{"a":2}]`, `{"a":1,"b":{"a":2}}`, `{"ab":1,"a":2,"a\u0062":3}`, `{"\ud83d\ude00":1,"😀":2}`,
	}
	for _, opts := range []graft.Options{
		{AllowInvalidUTF8: true},
		{AllowLoneSurrogates: true},
		{RejectDuplicateNames: true},
	} {
		for _, in := range inputs {
			// Short and then past the size where Append takes the
			// vectorized path by default.
			parseBoth(t, opts, []byte(in))
			parseBoth(t, opts, []byte(strings.Repeat(" ", 200)+in))
		}
	}
}

// TestParseYieldsBetweenSlices parses an input of many nodes on one
// processor with another goroutine ready to run: the vectorized walk, which
// cannot be preempted while it runs, stops every 65536 nodes to let the
// scheduler in, so the other goroutine must run before Append returns.
func TestParseYieldsBetweenSlices(t *testing.T) {
	if len(graft.Parsers()) < 2 {
		t.Skip("no vectorized parse on this machine")
	}
	src := []byte("[" + strings.Repeat("1,", 300000) + "1]")
	defer graft.UseParser("fast")()
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	d := graft.New(graft.Options{})
	mustAppend(t, d, string(src)) // grow the arena first
	d.Reset()
	var ran atomic.Bool
	go func() { ran.Store(true) }()
	if _, err := d.Append(src); err != nil {
		t.Fatal(err)
	}
	if !ran.Load() {
		t.Fatal("the goroutine started before Append ran only after it returned")
	}
}

// TestParseHugeMaxDepth sets MaxDepth far beyond any input's depth, as a
// caller wanting no limit might: the vectorized parse must still take the
// input (it keeps the limit as the end of its stack, an address).
func TestParseHugeMaxDepth(t *testing.T) {
	for _, limit := range []int{math.MaxInt, math.MaxInt / 16, math.MaxInt/8 + 101, math.MaxInt / 1024} {
		for _, src := range []string{nestArrays(100), nestArrays(300), mixedNest(300), `{"a":[1,2,{"b":null}]}` + strings.Repeat(" ", 200)} {
			t.Run(strconv.Itoa(limit)+", "+src[:min(len(src), 12)], func(t *testing.T) {
				parseBoth(t, graft.Options{MaxDepth: limit}, []byte(src))
			})
		}
	}
}

// TestParseManyAppends appends a run of inputs, some of them not JSON, to
// one Doc on every path: each input lands after a longer arena than the
// last (the vectorized parse offsets what it builds by it), and each
// failure must leave the Doc as it was.
func TestParseManyAppends(t *testing.T) {
	inputs := []string{
		`{"a":[1,2,{"b":"c"}],"d":"\u00e9"}`, `[1,2`, strings.Repeat(`{"k":"v"},`, 50) + `1`,
		"[" + strings.Repeat(`"x",`, 300) + `"y"]`, `{"a" 1}`, strings.Repeat(" ", 300) + "true", `"\ud800"`,
		mixedNest(80), "[" + strings.Repeat("1.5e3,", 5000) + "0]",
	}
	var docs []*graft.Doc
	var verdicts []string
	for _, p := range graft.Parsers() {
		restore := graft.UseParser(p)
		d := graft.New(graft.Options{})
		var v strings.Builder
		for round := 0; round < 20; round++ {
			for _, in := range inputs {
				_, err := d.Append([]byte(in))
				v.WriteString(errString(err) + "\n")
			}
		}
		restore()
		docs, verdicts = append(docs, d), append(verdicts, v.String())
	}
	for i := 1; i < len(docs); i++ {
		if verdicts[i] != verdicts[0] {
			t.Fatalf("%s parser's errors differ from the scalar parser's", graft.Parsers()[i])
		}
		if !graft.SameArena(docs[0], docs[i]) {
			t.Fatalf("%s parser built another arena than the scalar parser", graft.Parsers()[i])
		}
	}
}

// TestWordPathsAtTheEnd: the scalar parser reads integers, literals and
// indentation a word at a time where enough of the input remains, and a
// byte at a time near its end. Each piece is put at every distance from
// the end of the input (after it, a closing bracket and up to 24 spaces,
// or nothing at top level), so that every token crosses the point where
// the parser changes over; each input must be valid exactly when
// encoding/json says so (with graft's strict strings), and parseBoth
// holds the parse paths to each other.
func TestWordPathsAtTheEnd(t *testing.T) {
	pieces := []string{
		"0", "7", "-7", "01", "-01", "00", "1.5", "1.", "1e5", "1E+5", "1e", "9.5e-3",
		"123456789", "1234567812345678", "12345678123456789", "123456781234567.8",
		"12345678e9", "1234567x", "1234567812345678x",
		"true", "false", "null", "tru", "fals", "nul", "trUe", "falsE", "nulll", "truex",
		`"a"`, `"abcdefghijklmnop"`, `{"k":1}`, `[1,2]`,
	}
	for n := range 20 {
		// Strings whose first bytes are plain and then need a closer
		// look, or are cut off.
		plain := strings.Repeat("a", n)
		for _, then := range []string{`\"`, `\u00e9`, "é", "\x01", `\x`, "\xff", "\xed\xa0\x80", `\ud800`, ""} {
			pieces = append(pieces, `"`+plain+then+`"`, `"`+plain+then)
		}
	}
	for n := range 40 {
		spaces := strings.Repeat(" ", n)
		pieces = append(pieces, "1,\n"+spaces+"2", "1,"+spaces+"\t2", "1,\n"+spaces+"\r\n 2", `{"a":`+spaces+"1}", `{"a":`+"\n"+spaces+`1,`+"\n"+spaces+`"b":2}`)
	}
	for _, piece := range pieces {
		for k := range 25 {
			tail := strings.Repeat(" ", k)
			for _, src := range []string{piece + tail, "[" + piece + "]" + tail, `{"k":` + piece + "}" + tail, "{" + piece + ":0}" + tail} {
				// encoding/json's verdict, made strict as graft is: UTF-8
				// valid, and no lone surrogate escape (the only surrogate
				// escape among the pieces is a lone one).
				valid := json.Valid([]byte(src)) && utf8.ValidString(src) && !strings.Contains(src, `\ud800`)
				restore := graft.UseParser("scalar")
				_, err := graft.New(graft.Options{}).Append([]byte(src))
				restore()
				if (err == nil) != valid {
					t.Fatalf("scalar parser: %q: error %v, encoding/json's verdict valid=%v", src, err, valid)
				}
				parseBoth(t, graft.Options{}, []byte(src))
			}
		}
	}
}
