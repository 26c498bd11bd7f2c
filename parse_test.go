package graft_test

import (
	"bytes"
	"errors"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/graftjson/graft"
)

func nestArrays(n int) string  { return strings.Repeat("[", n) + strings.Repeat("]", n) }
func nestObjects(n int) string { return strings.Repeat(`{"a":`, n) + "1" + strings.Repeat("}", n) }
func nestMixed(n int) string   { return strings.Repeat(`[{"a":`, n/2) + "1" + strings.Repeat("}]", n/2) }
func manyItems(n int) string   { return "[" + strings.TrimSuffix(strings.Repeat("1,", n), ",") + "]" }
func byteString(n int) string  { return `"` + strings.Repeat("x", n-2) + `"` }

func TestLimits(t *testing.T) {
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
func TestLimitLeavesDocUnchanged(t *testing.T) {
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
func TestNodeLimitAcrossInputs(t *testing.T) {
	d := graft.New(graft.Options{MaxNodes: 4})
	mustAppend(t, d, `[1]`)
	mustAppend(t, d, `[2]`)
	_, err := d.Append([]byte(`3`))
	syntaxErr(t, err, graft.ErrLimit, `3`)
	if _, err := d.Parse([]byte(`[1,2,3]`)); err != nil {
		t.Fatalf("Parse after the limit was reached: %v", err)
	}
}

func TestDuplicateNames(t *testing.T) {
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
func TestAppendKeepsValues(t *testing.T) {
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
func TestSizeTracksCompactText(t *testing.T) {
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
