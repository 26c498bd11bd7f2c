package graft_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/graftjson/graft"
)

func nestArrays(n int) string  { return strings.Repeat("[", n) + strings.Repeat("]", n) }
func nestObjects(n int) string { return strings.Repeat(`{"a":`, n) + "1" + strings.Repeat("}", n) }
func nestMixed(n int) string   { return strings.Repeat(`[{"a":`, n/2) + "1" + strings.Repeat("}]", n/2) }
func manyItems(n int) string   { return "[" + strings.TrimSuffix(strings.Repeat("1,", n), ",") + "]" }
func byteString(n int) string  { return `"` + strings.Repeat("x", n-2) + `"` }

func TestLimits(t *testing.T) { eachParser(t, testLimits) }

func testLimits(t *testing.T) {
	cases := []struct {
		name   string
		opts   graft.Options
		in     string
		ok     bool
		offset int // of the limit error, -1 for a size check before reading
	}{
		{name: "depth/default 1000 arrays", in: nestArrays(1000), ok: true},
		{name: "depth/default 1001 arrays", in: nestArrays(1001), offset: 1000},
		{name: "depth/default 1000 objects", in: nestObjects(1000), ok: true},
		{name: "depth/default 1001 objects", in: nestObjects(1001), offset: 5 * 1000},
		{name: "depth/default 1000 mixed", in: nestMixed(1000), ok: true},
		{name: "depth/default 1002 mixed", in: nestMixed(1002), offset: 6 * 500},
		{name: "depth/default 100000 open brackets", in: strings.Repeat("[", 100000), offset: 1000},
		{name: "depth/default 100000 open members", in: strings.Repeat(`{"a":`, 100000), offset: 5 * 1000},
		{name: "depth/negative means default", opts: graft.Options{MaxDepth: -1}, in: nestArrays(1001), offset: 1000},
		{name: "depth/custom 3 accepts 3", opts: graft.Options{MaxDepth: 3}, in: `[[[1]]]`, ok: true},
		{name: "depth/custom 3 rejects 4", opts: graft.Options{MaxDepth: 3}, in: `[[[[1]]]]`, offset: 3},
		{name: "depth/custom 3 rejects 4 objects", opts: graft.Options{MaxDepth: 3}, in: `{"a":{"b":{"c":[]}}}`, offset: 15},
		{name: "depth/custom 3 counts depth not containers", opts: graft.Options{MaxDepth: 3}, in: `[[[1],[2]],[[3]],{"a":[4]}]`, ok: true},
		{name: "depth/custom 1 scalar", opts: graft.Options{MaxDepth: 1}, in: `1`, ok: true},
		{name: "depth/custom 1 flat", opts: graft.Options{MaxDepth: 1}, in: `[1,{}]`, ok: false, offset: 3},
		{name: "depth/custom 10000", opts: graft.Options{MaxDepth: 10000}, in: nestArrays(10000), ok: true},

		{name: "bytes/at the limit", opts: graft.Options{MaxBytes: 10}, in: `[1,2,3,45]`, ok: true},
		{name: "bytes/over the limit", opts: graft.Options{MaxBytes: 10}, in: `[1,2,3,456]`, offset: -1},
		{name: "bytes/whitespace counts", opts: graft.Options{MaxBytes: 10}, in: "    1      ", offset: -1},
		{name: "bytes/huge input refused", opts: graft.Options{MaxBytes: 1 << 10}, in: byteString(1 << 20), offset: -1},

		{name: "nodes/array at the limit", opts: graft.Options{MaxNodes: 4}, in: `[1,2,3]`, ok: true},
		{name: "nodes/array over the limit", opts: graft.Options{MaxNodes: 4}, in: `[1,2,3,4]`, offset: 7},
		{name: "nodes/names count", opts: graft.Options{MaxNodes: 4}, in: `{"a":1,"b":2}`, offset: 7},
		{name: "nodes/object at the limit", opts: graft.Options{MaxNodes: 3}, in: `{"a":1}`, ok: true},
		{name: "nodes/many items", opts: graft.Options{MaxNodes: 1000}, in: manyItems(5000), offset: 1 + 2*999},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := graft.New(tc.opts)
			r, err := d.Append([]byte(tc.in))
			if tc.ok {
				if err != nil {
					t.Fatal(err)
				}
				if got := compact(d, r); got != stdCompact(t, tc.in) {
					t.Fatalf("prints %s", clip(got))
				}
				return
			}
			e := syntaxErr(t, err, graft.ErrLimit, tc.in)
			if e.Offset != int64(tc.offset) {
				t.Fatalf("limit error at offset %d, want %d: %v", e.Offset, tc.offset, err)
			}
			if errors.Is(err, graft.ErrSyntax) {
				t.Fatalf("a limit error also wraps ErrSyntax: %v", err)
			}
			if tc.offset == -1 && d.Cap() > 64<<10 {
				t.Fatalf("the size limit was checked after reserving %d bytes", d.Cap())
			}
		})
	}
}

// TestLimitLeavesDocUnchanged checks that an Append failing on a limit
// leaves the values already in the Doc as they were.
func TestLimitLeavesDocUnchanged(t *testing.T) { eachParser(t, testLimitLeavesDocUnchanged) }

func testLimitLeavesDocUnchanged(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts graft.Options
		in   string
	}{
		{name: "depth", in: nestArrays(2000)},
		{name: "depth late", in: `[1,2,{"a":"x"},` + nestArrays(1001) + `]`},
		{name: "bytes", opts: graft.Options{MaxBytes: 100}, in: manyItems(100)},
		{name: "nodes across inputs", opts: graft.Options{MaxNodes: 20}, in: manyItems(10)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := graft.New(tc.opts)
			a := mustAppend(t, d, `{"a":[1,2]}`)
			b := mustAppend(t, d, `["x",{"y":null}]`)
			aText, bText, size := compact(d, a), compact(d, b), d.Size()
			_, err := d.Append([]byte(tc.in))
			syntaxErr(t, err, graft.ErrLimit, tc.in)
			if compact(d, a) != aText || compact(d, b) != bText || d.Size() != size {
				t.Fatalf("failed Append changed the Doc: %s %s (size %d, was %d)", compact(d, a), compact(d, b), d.Size(), size)
			}
			c := mustAppend(t, d, `true`)
			if compact(d, c) != "true" || compact(d, a) != aText {
				t.Fatalf("Doc broken after a failed Append")
			}
		})
	}
}

// TestNodeLimitAcrossInputs: MaxNodes bounds the whole Doc, and Parse
// starts the count again.
func TestNodeLimitAcrossInputs(t *testing.T) { eachParser(t, testNodeLimitAcrossInputs) }

func testNodeLimitAcrossInputs(t *testing.T) {
	d := graft.New(graft.Options{MaxNodes: 4})
	mustAppend(t, d, `[1]`)
	mustAppend(t, d, `[2]`)
	_, err := d.Append([]byte(`3`))
	syntaxErr(t, err, graft.ErrLimit, `3`)
	if _, err := d.Parse([]byte(`[1,2,3]`)); err != nil {
		t.Fatalf("Parse after the limit was reached: %v", err)
	}
}

func TestDuplicateNames(t *testing.T) { eachParser(t, testDuplicateNames) }

func testDuplicateNames(t *testing.T) {
	t.Run("accepted by default, last wins", func(t *testing.T) {
		for _, in := range []string{`{"a":1,"b":0,"a":2}`, `{"a":1,"b":0,"\u0061":2}`, "{\n \"a\": 1,\n \"b\": 0,\n \"a\": 2\n}"} {
			d := new(graft.Doc)
			r, err := d.Parse([]byte(in))
			if err != nil {
				t.Fatalf("%s: %v", in, err)
			}
			if got := compact(d, r); got != stdCompact(t, in) {
				t.Fatalf("%s: duplicates not kept in the output: %s", in, got)
			}
			if n := d.Len(r); n != 3 {
				t.Fatalf("%s: Len = %d, want 3", in, n)
			}
			f, _ := d.Find(r, "/a")
			for what, v := range map[string]graft.Ref{"Member": d.Member(r, "a"), "Get": d.Get(r, "a"), "Find": f} {
				if got := string(d.Raw(v)); got != "2" {
					t.Fatalf("%s: %s returns %q, want the last member, 2", in, what, got)
				}
			}
			var names []string
			for n := range d.Members(r) {
				s, _ := d.Text(n)
				names = append(names, s)
			}
			if strings.Join(names, ",") != "a,b,a" {
				t.Fatalf("%s: Members yields %v", in, names)
			}
		}
	})

	cases := []struct {
		name string
		in   string
		ok   bool
	}{
		{name: "compact distinct", in: `{"a":1,"b":2}`, ok: true},
		{name: "compact distinct nested", in: `{"a":{"x":1,"y":2},"b":[{"x":1,"y":2}]}`, ok: true},
		{name: "compact duplicate", in: `{"a":1,"a":2}`},
		{name: "compact duplicate after escape decoding", in: `{"a":1,"\u0061":2}`},
		{name: "spaced distinct", in: `{ "a": 1, "b": 2 }`, ok: true},
		{name: "spaced distinct same length", in: `{ "ab": 1, "ba": 2, "aa": 3 }`, ok: true},
		{name: "spaced distinct prefix", in: `{ "a": 1, "ab": 2 }`, ok: true},
		{name: "spaced duplicate", in: `{ "a": 1, "a": 2 }`},
		{name: "spaced duplicate not adjacent", in: `{ "a": 1, "b": 2, "c": 3, "a": 4 }`},
		{name: "spaced duplicate after escape decoding", in: `{ "a": 1, "\u0061": 2 }`},
		{name: "spaced duplicate solidus escape", in: `{ "a/b": 1, "a\/b": 2 }`},
		{name: "spaced duplicate non-ASCII escape", in: `{ "é": 1, "\u00e9": 2 }`},
		{name: "spaced duplicate surrogate pair", in: `{ "😀": 1, "\ud83d\ude00": 2 }`},
		{name: "spaced duplicate empty names", in: `{ "": 1, "": 2 }`},
		{name: "spaced duplicate in a nested object", in: `{ "o": { "x": 1, "x": 2 } }`},
		{name: "spaced same names in sibling objects", in: `[ { "a": 1 }, { "a": 2 } ]`, ok: true},
		{name: "spaced same names at two levels", in: `{ "a": { "a": { "a": 1 } } }`, ok: true},
		{name: "spaced escape differs in case only", in: `{ "\u00e9": 1, "\u00E9": 2 }`},
		{name: "spaced names differing in escapes", in: `{ "\n": 1, "\\n": 2 }`, ok: true},
		{name: "indented distinct", in: "{\n  \"a\": 1,\n  \"b\": 2\n}", ok: true},
		{name: "indented duplicate", in: "{\n  \"a\": 1,\n  \"a\": 2\n}"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			// Once on a fresh Doc, once on a Doc reused after another
			// document, and once appended beside other values.
			fresh := graft.New(graft.Options{RejectDuplicateNames: true})
			reused := graft.New(graft.Options{RejectDuplicateNames: true})
			mustAppend(t, reused, `{ "zz": ["qq", "rr", {"ss": "tt", "uu": "vvvvvvvvvvvvvvvvv"}] }`)
			beside := graft.New(graft.Options{RejectDuplicateNames: true})
			for i, d := range []*graft.Doc{fresh, reused, beside} {
				var r graft.Ref
				var err error
				if d == beside {
					mustAppend(t, d, `{ "a": 1, "b": 2 }`)
					r, err = d.Append([]byte(tc.in))
				} else {
					r, err = d.Parse([]byte(tc.in))
				}
				if tc.ok {
					if err != nil {
						t.Fatalf("doc %d: %v", i, err)
					}
					if got := compact(d, r); got != stdCompact(t, tc.in) {
						t.Fatalf("doc %d prints %s", i, got)
					}
					continue
				}
				e := syntaxErr(t, err, graft.ErrSyntax, tc.in)
				if !strings.Contains(e.Reason, "duplicate") {
					t.Fatalf("doc %d: reason %q does not say duplicate", i, e.Reason)
				}
			}
		})
	}

	t.Run("stale arena text", func(t *testing.T) {
		// The bytes left by the first document lie where the second
		// one's names will be copied; decoding them as names panics.
		d := graft.New(graft.Options{RejectDuplicateNames: true})
		mustAppend(t, d, `"\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\"`)
		d.Reset()
		if _, err := d.Append([]byte(`{"a":1,"b":2}`)); err != nil {
			t.Fatal(err)
		}
	})

	// 10000 members: the check must not be quadratic (a quadratic check
	// would compare 50 million pairs and time the test out).
	large := func(dup bool) string {
		var b strings.Builder
		b.WriteString("{\n")
		for i := 0; i < 10000; i++ {
			if i > 0 {
				b.WriteString(",\n")
			}
			name := "member" + strconv.Itoa(i)
			if dup && i == 9999 {
				name = "member0"
			}
			b.WriteString(`  "` + name + `": ` + strconv.Itoa(i))
		}
		b.WriteString("\n}")
		return b.String()
	}
	t.Run("10000 distinct members", func(t *testing.T) {
		d := graft.New(graft.Options{RejectDuplicateNames: true})
		r := mustAppend(t, d, large(false))
		if d.Len(r) != 10000 {
			t.Fatalf("Len = %d", d.Len(r))
		}
	})
	t.Run("10000 members with a duplicate", func(t *testing.T) {
		d := graft.New(graft.Options{RejectDuplicateNames: true})
		in := large(true)
		_, err := d.Append([]byte(in))
		syntaxErr(t, err, graft.ErrSyntax, in)
	})
	t.Run("10000 distinct members compact", func(t *testing.T) {
		d := graft.New(graft.Options{RejectDuplicateNames: true})
		mustAppend(t, d, stdCompact(t, large(false)))
	})
}

// TestAppendKeepsValues: Append adds beside what the Doc holds; Refs and
// borrowed slices stay valid while it grows; Parse and Reset start over.
func TestAppendKeepsValues(t *testing.T) { eachParser(t, testAppendKeepsValues) }

func testAppendKeepsValues(t *testing.T) {
	var d graft.Doc // the zero Doc is ready to use
	a := mustAppend(t, &d, `{"name":"first","list":[1,2,3]}`)
	name := d.Member(a, "name")
	raw := d.Raw(name)
	for i := 0; i < 50; i++ { // grow the arena many times over
		mustAppend(t, &d, manyItems(1000))
	}
	if got := compact(&d, a); got != `{"name":"first","list":[1,2,3]}` {
		t.Fatalf("first value after growth: %s", got)
	}
	if string(raw) != `"first"` {
		t.Fatalf("a slice from Raw changed while the Doc grew: %q", raw)
	}
	if d.Size() < 50*2000 || d.Cap() < d.Size() {
		t.Fatalf("Size %d, Cap %d", d.Size(), d.Cap())
	}

	capBefore := d.Cap()
	d.Reset()
	if d.Size() != 0 {
		t.Fatalf("Size after Reset = %d", d.Size())
	}
	if d.Cap() != capBefore {
		t.Fatalf("Reset dropped memory: Cap %d, was %d", d.Cap(), capBefore)
	}
	b := mustAppend(t, &d, `[true]`)
	if compact(&d, b) != `[true]` {
		t.Fatal("value after Reset")
	}

	r, err := d.Parse([]byte(`"x"`))
	if err != nil || compact(&d, r) != `"x"` {
		t.Fatalf("Parse: %v %s", err, compact(&d, r))
	}
	var fresh graft.Doc
	fresh.Parse([]byte(`"x"`))
	if d.Size() != fresh.Size() {
		t.Fatalf("Parse did not empty the Doc: Size %d, a fresh Doc %d", d.Size(), fresh.Size())
	}
}

// TestSizeTracksCompactText: the arena keeps the compact text, not the
// whitespace of the input.
func TestSizeTracksCompactText(t *testing.T) { eachParser(t, testSizeTracksCompactText) }

func testSizeTracksCompactText(t *testing.T) {
	in := stdIndent(t, `{"a":[1,2,3],"b":{"c":"d"}}`, "", "  ")
	var d graft.Doc
	r := mustAppend(t, &d, in)
	text := len(compact(&d, r))
	var small graft.Doc
	mustAppend(t, &small, compact(&d, r))
	if d.Size() != small.Size() {
		t.Fatalf("Size of the indented input %d, of its compact form %d", d.Size(), small.Size())
	}
	if d.Size() < text {
		t.Fatalf("Size %d is less than the text %d", d.Size(), text)
	}
}

// TestConcurrentReads reads one Doc from many goroutines; run with -race it
// proves that reads do not write.
func TestConcurrentReads(t *testing.T) {
	var d graft.Doc
	r := mustAppend(t, &d, `{"a\u0062":[1,"x\n",{"c":2.5}],"d":true,"e":"\u00e9"}`)
	want := compact(&d, r)
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var buf []byte
			for i := 0; i < 200; i++ {
				if compact(&d, r) != want {
					t.Error("AppendJSON differs")
					return
				}
				buf = d.AppendIndent(buf[:0], r, "", " ")
				v, _ := d.Find(r, "/ab/2/c")
				if f, err := d.Float64(v); err != nil || f != 2.5 {
					t.Error("Float64", f, err)
					return
				}
				buf, _ = d.AppendString(buf[:0], d.Member(r, "e"))
				if !bytes.Equal(buf, []byte("é")) || !d.Equals(d.Member(r, "e"), "é") {
					t.Error("AppendString")
					return
				}
				for k, v := range d.Members(r) {
					d.Text(k)
					d.Len(v)
				}
				d.Get(r, "ab", "1")
			}
		}()
	}
	wg.Wait()
}

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

func TestGrammar(t *testing.T) { eachParser(t, testGrammar) }

func testGrammar(t *testing.T) {
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
func TestUTF8(t *testing.T) { eachParser(t, testUTF8) }

func testUTF8(t *testing.T) {
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
func TestSurrogateEscapes(t *testing.T) { eachParser(t, testSurrogateEscapes) }

func testSurrogateEscapes(t *testing.T) {
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
func TestSyntaxErrorPosition(t *testing.T) { eachParser(t, testSyntaxErrorPosition) }

func testSyntaxErrorPosition(t *testing.T) {
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
func TestMemberNameSpecials(t *testing.T) { eachParser(t, testMemberNameSpecials) }

func testMemberNameSpecials(t *testing.T) {
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

// Memory budgets of parsing, in bytes the Doc holds (Cap) and bytes
// allocated per input byte, on every parse path: what a gateway parsing
// hostile input must size MaxBytes by (README, Limits). The inputs are a
// megabyte each.

const memInput = 1 << 20

// memPrior is what the Doc holds before a failing parse, which must leave
// it so.
const memPrior = `{"prior":["value",1]}`

// sizeAfterPrior returns the Size of a Doc holding memPrior alone.
func sizeAfterPrior(t *testing.T) int {
	d := graft.New(graft.Options{})
	mustAppend(t, d, memPrior)
	return d.Size()
}

// arrayOf returns a JSON array of copies of item, about n bytes long.
func arrayOf(item string, n int) string {
	k := (n - 2) / (len(item) + 1)
	return "[" + strings.Repeat(item+",", k-1) + item + "]"
}

// parseHeld parses src with parser p into a fresh Doc holding prior and
// returns the Doc, the bytes the parse allocated (src's own copy not
// counted: the caller passes it as a []byte) and the parse's error.
func parseHeld(t *testing.T, p, prior string, src []byte) (*graft.Doc, int, error) {
	t.Helper()
	restore := graft.UseParser(p)
	defer restore()
	d := graft.New(graft.Options{})
	if prior != "" {
		mustAppend(t, d, prior)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := d.Append(src)
	runtime.ReadMemStats(&after)
	return d, int(after.TotalAlloc - before.TotalAlloc), err
}

// TestParseFailingEarlyHoldsLittle: an input that fails within its first
// kilobytes leaves the Doc holding at most 4 bytes per input byte (the
// compact copy of the text, and the list of string ends stage one of the
// vectorized parse makes: 4 bytes per string, at most 2 per input byte),
// and the parse allocates no more than that, on every path; whatever
// counts of values the rest of the input suggests. The vectorized parse
// once reserved nodes for all of them before checking the grammar: 25
// bytes per byte of '['.
func TestParseFailingEarlyHoldsLittle(t *testing.T) {
	const k = 4
	dense := arrayOf("1", 4096)
	cases := []struct{ name, src string }{
		{"open brackets", strings.Repeat("[", memInput)},
		{"open members", strings.Repeat(`{"":`, memInput/4)},
		{"balanced but too deep", nestArrays(memInput / 2)},
		{"bad first byte, then empty arrays", "x" + arrayOf("[]", memInput-1)},
		{"numbers, a bad item after 4 KB, numbers", dense[:len(dense)-1] + ",x," + arrayOf("1", memInput-len(dense)-2)[1:]},
		{"empty strings glued", strings.Repeat(`""`, memInput/2)},
		{"too deep after 4 KB of empty objects", strings.TrimSuffix(arrayOf("{}", 4096), "]") + "," + strings.Repeat("[", memInput-4096)},
	}
	for _, c := range cases {
		for _, p := range graft.Parsers() {
			t.Run(c.name+"/"+p, func(t *testing.T) {
				d, alloc, err := parseHeld(t, p, memPrior, []byte(c.src))
				if err == nil {
					t.Fatal("parsed")
				}
				if d.Size() != sizeAfterPrior(t) {
					t.Fatalf("the failed parse left %d bytes in use, want %d", d.Size(), sizeAfterPrior(t))
				}
				if limit := k * len(c.src); d.Cap() > limit || alloc > limit {
					t.Fatalf("%d input bytes: the Doc holds %d (%.2f per byte) and the parse allocated %d (%.2f per byte), want at most %d per byte",
						len(c.src), d.Cap(), float64(d.Cap())/float64(len(c.src)), alloc, float64(alloc)/float64(len(c.src)), k)
				}
			})
		}
	}
}

// TestParseFailingLateHoldsAsValid: an input that fails at its last byte
// makes the Doc hold no more than the valid input it differs from by that
// byte (within a sixteenth), and leaves it at its old size in use.
func TestParseFailingLateHoldsAsValid(t *testing.T) {
	for _, item := range []string{"1", "[]", `{"":0}`, `""`, nestArrays(10)} {
		valid := arrayOf(item, memInput)
		bad := valid[:len(valid)-1] + "x"
		for _, p := range graft.Parsers() {
			t.Run(item+"/"+p, func(t *testing.T) {
				good, _, err := parseHeld(t, p, memPrior, []byte(valid))
				if err != nil {
					t.Fatal(err)
				}
				d, _, err := parseHeld(t, p, memPrior, []byte(bad))
				if err == nil {
					t.Fatal("parsed")
				}
				if d.Size() != sizeAfterPrior(t) {
					t.Fatalf("the failed parse left %d bytes in use, want %d", d.Size(), sizeAfterPrior(t))
				}
				if d.Cap() > good.Cap()+good.Cap()/16 {
					t.Fatalf("the failed parse holds %d bytes, the valid input %d", d.Cap(), good.Cap())
				}
			})
		}
	}
}

// TestParseValidMemory: the densest valid inputs, on every path. The
// arena holds at most 13 bytes per compact input byte (plus 12): every
// value but the first needs two bytes (its own and a separator before
// it), and a value costs at most 24 (a 16-byte node and an 8-byte
// container entry). What a fresh Doc reserves, growing as it parses,
// stays within 13.5 bytes per byte on both paths. The vectorized parser
// reserves what it builds, allocating at most an eighth more on the way,
// besides its list of string ends, which a Doc does not keep after a large
// input (4 bytes a string, each with its separator at least 3 bytes, the
// list grown by doubling: at most 3 bytes per byte);
// the scalar one grows by the density it has seen, never past what the
// rest of the input can hold, allocating at most 26 bytes per byte in all
// (with Go's append it took up to 64).
func TestParseValidMemory(t *testing.T) {
	inputs := []struct{ name, src string }{
		{"numbers", arrayOf("1", memInput)},
		{"empty arrays", arrayOf("[]", memInput)},
		{"empty strings", arrayOf(`""`, memInput)},
		{"one-member objects", arrayOf(`{"":0}`, memInput)},
		{"members", "{" + strings.Repeat(`"":0,`, memInput/5-1) + `"":0}`},
		{"nested arrays", arrayOf(nestArrays(6), memInput)},
		{"arrays 999 deep", arrayOf(nestArrays(999), memInput)},
	}
	for _, in := range inputs {
		for _, p := range graft.Parsers() {
			t.Run(in.name+"/"+p, func(t *testing.T) {
				d, alloc, err := parseHeld(t, p, "", []byte(in.src))
				if err != nil {
					t.Fatal(err)
				}
				n := len(in.src)
				if d.Size() > 13*n+12+16 { // 16: the Doc's unused node 0
					t.Fatalf("%d input bytes take %d arena bytes (%.2f per byte)", n, d.Size(), float64(d.Size())/float64(n))
				}
				if d.Cap() > 27*n/2 {
					t.Fatalf("%d input bytes: the Doc holds %d bytes (%.2f per byte)", n, d.Cap(), float64(d.Cap())/float64(n))
				}
				limit := 26 * n
				if p != "scalar" {
					limit = d.Cap() + d.Cap()/8 + 3*n
				}
				if alloc > limit {
					t.Fatalf("%d input bytes: the Doc holds %d bytes and the parse allocated %d (%.2f per byte)", n, d.Cap(), alloc, float64(alloc)/float64(n))
				}
			})
		}
	}
}

// TestParseFailingHoldsNoMoreThanValid: no input makes the Doc hold more
// than the densest valid input does (13.5 bytes per byte, as in
// TestParseValidMemory), not even one that starts as dense JSON, so that
// the vectorized walk grows the arena for what the rest of the text
// seems to hold, and goes on with more values than any JSON text of its
// size has (open brackets, counted a value each).
func TestParseFailingHoldsNoMoreThanValid(t *testing.T) {
	for _, unit := range []string{"[],", nestArrays(500) + ","} {
		for _, part := range []int{2, 4, 8} {
			prefix := "[" + strings.Repeat(unit, memInput/part/len(unit))
			src := prefix + strings.Repeat("[", memInput-len(prefix))
			for _, p := range graft.Parsers() {
				t.Run(unit[:3]+" for 1/"+strconv.Itoa(part)+"/"+p, func(t *testing.T) {
					d, _, err := parseHeld(t, p, memPrior, []byte(src))
					if err == nil {
						t.Fatal("parsed")
					}
					if d.Cap() > 27*len(src)/2 {
						t.Fatalf("%d input bytes: the Doc holds %d bytes (%.2f per byte)", len(src), d.Cap(), float64(d.Cap())/float64(len(src)))
					}
				})
			}
		}
	}
}

// tinyDocs are small inputs of the kind GraphQL subgraphs and REST
// backends answer with, below the size the vectorized parse starts at:
// every machine parses them with the scalar parser.
var tinyDocs = []struct{ name, src string }{
	{"number", `1234567`},
	{"user", `{"data":{"user":{"id":"1"}}}`},
	{"array", `[1, 2, 3, true, null, "x"]`},
	{"member list", `{"id":42,"name":"Ada Lovelace","email":"ada@example.com","admin":false}`},
}

// BenchmarkParseScalar times the portable parser alone, on the corpus
// files the bench module compares peers on and on tiny inputs, into a
// warm Doc. Each sub-benchmark checks its result against encoding/json's
// compact form of the input.
func BenchmarkParseScalar(b *testing.B) {
	restore := graft.UseParser("scalar")
	defer restore()
	type input struct {
		name string
		src  []byte
	}
	var inputs []input
	for _, t := range tinyDocs {
		inputs = append(inputs, input{"tiny/" + t.name, []byte(t.src)})
	}
	for _, f := range []string{"twitter.json", "citm_catalog.json", "canada.json"} {
		inputs = append(inputs, input{f[:len(f)-len(".json")], nil})
	}
	for _, in := range inputs {
		b.Run(in.name, func(b *testing.B) {
			src := in.src
			if src == nil {
				src = readCorpus(b, in.name+".json")
			}
			want := stdCompact(b, string(src))
			var d graft.Doc
			root, err := d.Parse(src) // warm: later parses reuse its memory
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if root, err = d.Parse(src); err != nil {
					b.Fatal(err)
				}
			}
			if got := d.AppendJSON(nil, root); !bytes.Equal(got, []byte(want)) {
				b.Fatalf("the parsed Doc prints %q, want %q", clip(string(got)), clip(want))
			}
		})
	}
}

// TestParseKeepsOwnEnds: a Doc that parses a large input (whose list of
// string ends comes from the pool and goes back to it) and then appends a
// smaller one (whose list the Doc keeps) allocates nothing once warm: the
// Doc's own list is put back in place after the pooled one (it was dropped,
// and made again by every smaller input: S6 allocated 18 KB an op).
func TestParseKeepsOwnEnds(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector drops pooled values at random")
	}
	large := []byte(arrayOf(`"ab"`, 1<<17))  // a pooled list
	small := []byte(arrayOf(`"abc"`, 1<<12)) // a kept one
	for _, p := range graft.Parsers() {
		t.Run(p, func(t *testing.T) {
			restore := graft.UseParser(p)
			defer restore()
			var d graft.Doc
			op := func() {
				if _, err := d.Parse(large); err != nil {
					t.Fatal(err)
				}
				if _, err := d.Append(small); err != nil {
					t.Fatal(err)
				}
			}
			op()
			least := 1.0 // the least of three, as a collection may empty the pool
			for range 3 {
				least = min(least, testing.AllocsPerRun(5, op))
			}
			if least != 0 {
				t.Errorf("a warm Parse and Append allocate %v times", least)
			}
		})
	}
}

// TestParseKeepsNoLongEnds: after a large input with many strings, what a
// Doc reserves is its arena (text, nodes, container entries, their
// growth) and not stage one's list of string ends (4 bytes a string),
// which goes back to a pool; a Doc holding a large value would otherwise
// hold that list too. Appending again reuses it.
func TestParseKeepsNoLongEnds(t *testing.T) {
	src := []byte(arrayOf(`"ab"`, 1<<20)) // about 200,000 strings
	for _, p := range graft.Parsers() {
		t.Run(p, func(t *testing.T) {
			restore := graft.UseParser(p)
			defer restore()
			d := graft.New(graft.Options{})
			for range 2 {
				d.Reset()
				mustAppend(t, d, string(src))
				// Nodes and text take 21 bytes a string; its list of ends
				// would add 4 more.
				if d.Cap() > d.Size()+d.Size()/16 {
					t.Fatalf("the Doc holds %d bytes for %d in use", d.Cap(), d.Size())
				}
			}
			// The list goes back to its pool in a holder it came with: a
			// warm parse allocates nothing (unless a collection emptied
			// the pool during the run, hence the least of three). The
			// race detector drops pooled values at random.
			if raceEnabled {
				return
			}
			least := 1.0
			for range 3 {
				least = min(least, testing.AllocsPerRun(5, func() {
					if _, err := d.Parse(src); err != nil {
						t.Fatal(err)
					}
				}))
			}
			if least != 0 {
				t.Errorf("a warm parse allocates %v times", least)
			}
		})
	}
}

// TestAppendAfterFailureInArray: a parse that fails inside an array leaves
// the Doc as before, and the next input (a top-level scalar, long enough
// for the scalar parser) builds the same arena as in a fresh Doc. A parse
// state kept in the Doc once outlived a failure and linked the next
// top-level value to node 0.
func TestAppendAfterFailureInArray(t *testing.T) {
	good := `"` + strings.Repeat("x", 70) + `"`
	for _, c := range []struct{ name, bad string }{
		{"end of input in an array", "[" + strings.Repeat("1,", 40)},
		{"bad item in an array", "[" + strings.Repeat("1,", 40) + "x]"},
		{"end of input in an object in an array", "[" + strings.Repeat("1,", 40) + `{"a":1,`},
		{"depth limit in an array", nestArrays(1001)},
	} {
		t.Run(c.name, func(t *testing.T) {
			eachParser(t, func(t *testing.T) {
				d, fresh := graft.New(graft.Options{}), graft.New(graft.Options{})
				if _, err := d.Append([]byte(c.bad)); err == nil {
					t.Fatalf("Append(%q) succeeded", c.bad)
				}
				r, err := d.Append([]byte(good))
				if err != nil {
					t.Fatal(err)
				}
				if _, err := fresh.Append([]byte(good)); err != nil {
					t.Fatal(err)
				}
				if !graft.SameArena(d, fresh) {
					t.Fatal("the Doc differs from a fresh one that parsed the same input")
				}
				if got := string(d.AppendJSON(nil, r)); got != good {
					t.Fatalf("printed %q, want %q", got, good)
				}
			})
		})
	}
}
