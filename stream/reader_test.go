package stream_test

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/stream"
)

// A case reads in through every reader of readers() and expects the items
// (compact) or an error: wrapping errIs, at offset off (line:col at) when
// at is set, with a reason containing reason.
type streamCase struct {
	name   string
	in     string
	opts   stream.Options
	items  []string
	errIs  error
	at     string // "line:col"
	reason string
}

var arrayCases = []streamCase{
	{name: "top-level array", in: ` [ 1 , "a" , {"b":[true,null]} , -2.5e3 ] `, items: []string{`1`, `"a"`, `{"b":[true,null]}`, `-2.5e3`}},
	{name: "empty array", in: `[]`},
	{name: "empty array with space", in: " [ \n ] \n"},
	{name: "empty array at a path", in: `{"a":{"b":[]}}`, opts: stream.Options{Path: "/a/b"}},
	{name: "nested path", in: `{"x":{"y":1,"z":[9]},"data":{"items":[{"a":1},{"a":2}]},"after":"q"}`,
		opts: stream.Options{Path: "/data/items"}, items: []string{`{"a":1}`, `{"a":2}`}},
	{name: "path through an array", in: `[[0],[1,[7,8]]]`, opts: stream.Options{Path: "/1/1"}, items: []string{`7`, `8`}},
	{name: "escaped pointer tokens", in: `{"a/b":{"m~n":[1]}}`, opts: stream.Options{Path: "/a~1b/m~0n"}, items: []string{`1`}},
	{name: "escaped member name", in: `{"\u0061":["x"]}`, opts: stream.Options{Path: "/a"}, items: []string{`"x"`}},
	{name: "first duplicate is followed", in: `{"a":[1],"a":[2]}`, opts: stream.Options{Path: "/a"}, items: []string{`1`}},
	{name: "strings keep escapes", in: `["caf\u00e9 \"q\" \\ \/", "\uD83D\uDE00"]`, items: []string{`"caf\u00e9 \"q\" \\ \/"`, `"\uD83D\uDE00"`}},
	{name: "numbers keep text", in: `[12345678901234567890123, 1.0e+2, -0.0]`, items: []string{`12345678901234567890123`, `1.0e+2`, `-0.0`}},
	{name: "scalars next to brackets", in: `[true,false,null,0,"",[],{}]`, items: []string{`true`, `false`, `null`, `0`, `""`, `[]`, `{}`}},

	{name: "path not found", in: `{"data":{"other":[]}}`, opts: stream.Options{Path: "/data/items"},
		errIs: graft.ErrNotFound, at: "1:20", reason: `no value at "/data/items"`},
	{name: "path not found in empty object", in: `{}`, opts: stream.Options{Path: "/a/b"}, errIs: graft.ErrNotFound, at: "1:2", reason: `no value at "/a"`},
	{name: "path index out of range", in: `[[1]]`, opts: stream.Options{Path: "/1"}, errIs: graft.ErrNotFound, at: "1:5"},
	{name: "path through a scalar", in: `{"a":1}`, opts: stream.Options{Path: "/a/b"}, errIs: graft.ErrNotFound, at: "1:6"},
	{name: "path at an object", in: `{"a":{"b":1}}`, opts: stream.Options{Path: "/a"}, errIs: graft.ErrKind, at: "1:6", reason: "an object, not an array"},
	{name: "top level not an array", in: `"s"`, errIs: graft.ErrKind, reason: "a string, not an array"},
	{name: "malformed path", in: `[]`, opts: stream.Options{Path: "a"}, errIs: graft.ErrPointer},

	{name: "trailing comma", in: `[1,]`, items: []string{`1`}, errIs: graft.ErrSyntax, at: "1:4", reason: "invalid character ']' at the start of a value (after 1 items)"},
	{name: "missing comma", in: `[1 2]`, items: []string{`1`}, errIs: graft.ErrSyntax, at: "1:4", reason: "expected ',' or ']' after an array item"},
	{name: "bad item", in: "[\n{\"a\":1},\n{\"a\" 1}]", items: []string{`{"a":1}`}, errIs: graft.ErrSyntax, at: "3:6", reason: "expected ':'"},
	{name: "truncated", in: "[{\"a\":1},\n{\"a\":", items: []string{`{"a":1}`}, errIs: graft.ErrSyntax, at: "2:6", reason: "unexpected end of input"},
	{name: "truncated between items", in: "[1,2", items: []string{`1`, `2`}, errIs: graft.ErrSyntax, at: "1:5", reason: "unexpected end of input inside an array (after 2 items)"},
	{name: "garbage after the array", in: "[1] x", items: []string{`1`}, errIs: graft.ErrSyntax, at: "1:5", reason: "after the top-level value"},
	{name: "invalid after the array", in: `{"a":[1],"b":tru}`, opts: stream.Options{Path: "/a"}, items: []string{`1`}, errIs: graft.ErrSyntax, at: "1:17"},
	{name: "invalid before the array", in: `{"x":[1,,2],"a":[1]}`, opts: stream.Options{Path: "/a"}, errIs: graft.ErrSyntax, at: "1:9"},
	{name: "invalid UTF-8 skipped", in: "{\"x\":\"\xff\",\"a\":[1]}", opts: stream.Options{Path: "/a"}, errIs: graft.ErrSyntax, at: "1:7", reason: "invalid UTF-8"},
	{name: "invalid UTF-8 allowed", in: "{\"x\":\"\xff\",\"a\":[\"\xfe\"]}", opts: stream.Options{Path: "/a", Doc: graft.Options{AllowInvalidUTF8: true}}, items: []string{"\"\xfe\""}},
	{name: "lone surrogate in an item", in: `["\ud800"]`, errIs: graft.ErrSyntax, at: "1:3"},
	{name: "byte order mark", in: "\ufeff[]", errIs: graft.ErrSyntax, at: "1:1"},
	{name: "empty input", in: "", errIs: graft.ErrSyntax, at: "1:1", reason: "unexpected end of input"},
	{name: "duplicate names rejected in items", in: `[{"a":1,"a":2}]`, opts: stream.Options{Doc: graft.Options{RejectDuplicateNames: true}}, errIs: graft.ErrSyntax, reason: "duplicate"},

	{name: "depth at the limit", in: `[[[[1]]]]`, opts: stream.Options{MaxDepth: 4}, items: []string{`[[[1]]]`}},
	{name: "depth over the limit in an item", in: `[[[[[1]]]]]`, opts: stream.Options{MaxDepth: 4}, errIs: graft.ErrLimit, at: "1:5", reason: "nesting depth exceeds the limit of 4"},
	{name: "depth counts the path", in: `{"a":{"b":[[[1]]]}}`, opts: stream.Options{Path: "/a/b", MaxDepth: 4}, errIs: graft.ErrLimit, at: "1:13"},
	{name: "depth in skipped text", in: `{"x":[[[[]]]],"a":[]}`, opts: stream.Options{Path: "/a", MaxDepth: 4}, errIs: graft.ErrLimit, at: "1:9"},
	{name: "syntax error before the depth limit", in: `[[1 [[[[`, opts: stream.Options{MaxDepth: 4}, errIs: graft.ErrSyntax, at: "1:5"},
	{name: "item over the size limit", in: `[1,"` + strings.Repeat("x", 100) + `"]`, opts: stream.Options{MaxItemBytes: 50},
		items: []string{`1`}, errIs: graft.ErrLimit, at: "1:54", reason: "item longer than the size limit of 50 bytes"},
	{name: "syntax error before the size limit", in: `[{"a" 1` + strings.Repeat(" ", 100) + `}]`, opts: stream.Options{MaxItemBytes: 50}, errIs: graft.ErrSyntax, at: "1:7"},
	{name: "item at the size limit", in: `["` + strings.Repeat("x", 48) + `"]`, opts: stream.Options{MaxItemBytes: 50}, items: []string{`"` + strings.Repeat("x", 48) + `"`}},
}

var modeCases = []streamCase{
	{name: "lines", in: "{\"a\":1}\n[2]\n\"s\"\n", opts: stream.Options{Mode: stream.Lines}, items: []string{`{"a":1}`, `[2]`, `"s"`}},
	{name: "lines CRLF and blank lines", in: "\r\n1\r\n\r\n  \t\n 2 \r\n\n", opts: stream.Options{Mode: stream.Lines}, items: []string{`1`, `2`}},
	{name: "lines without a final newline", in: "1\n2", opts: stream.Options{Mode: stream.Lines}, items: []string{`1`, `2`}},
	{name: "lines empty", in: "", opts: stream.Options{Mode: stream.Lines}},
	{name: "lines only blank", in: "\n\n \r\n", opts: stream.Options{Mode: stream.Lines}},
	{name: "lines value spanning lines", in: "[1,\n2]\n", opts: stream.Options{Mode: stream.Lines}, errIs: graft.ErrSyntax, at: "1:4", reason: "unexpected end of input, expected a value (after 0 items)"},
	{name: "lines two values on a line", in: "1\n2 3\n", opts: stream.Options{Mode: stream.Lines}, items: []string{`1`}, errIs: graft.ErrSyntax, at: "2:3"},
	{name: "lines bad value", in: "{\"a\":1}\n{\"a\":01}\n", opts: stream.Options{Mode: stream.Lines}, items: []string{`{"a":1}`}, errIs: graft.ErrSyntax, at: "2:7"},
	{name: "lines too long", in: "1\n" + strings.Repeat(" ", 60) + "2\n", opts: stream.Options{Mode: stream.Lines, MaxItemBytes: 50}, items: []string{`1`}, errIs: graft.ErrLimit, at: "2:1", reason: "line longer than"},

	{name: "concatenated", in: `1 2{}{"a":[]}"x""y"[3]`, opts: stream.Options{Mode: stream.Concatenated}, items: []string{`1`, `2`, `{}`, `{"a":[]}`, `"x"`, `"y"`, `[3]`}},
	{name: "concatenated number then string", in: `1"a"`, opts: stream.Options{Mode: stream.Concatenated}, items: []string{`1`, `"a"`}},
	{name: "concatenated run-together literals", in: `true false truefalse`, opts: stream.Options{Mode: stream.Concatenated}, items: []string{`true`, `false`}, errIs: graft.ErrSyntax, at: "1:16"},
	{name: "concatenated stray closer", in: `[1] ]`, opts: stream.Options{Mode: stream.Concatenated}, items: []string{`[1]`}, errIs: graft.ErrSyntax, at: "1:5"},
	{name: "concatenated empty", in: " \n", opts: stream.Options{Mode: stream.Concatenated}},
	{name: "concatenated truncated", in: `{"a":1} {"b":`, opts: stream.Options{Mode: stream.Concatenated}, items: []string{`{"a":1}`}, errIs: graft.ErrSyntax, at: "1:14"},

	{name: "sequence", in: "\x1e{\"a\":1}\n\x1e[2]\n\x1e3\n", opts: stream.Options{Mode: stream.Sequence}, items: []string{`{"a":1}`, `[2]`, `3`}},
	{name: "sequence empty records", in: "\x1e\x1e\n\x1e 1 \n\x1e", opts: stream.Options{Mode: stream.Sequence}, items: []string{`1`}},
	{name: "sequence truncated number", in: "\x1e1\n\x1e23", opts: stream.Options{Mode: stream.Sequence}, items: []string{`1`}, errIs: graft.ErrSyntax, at: "2:4", reason: "may be truncated"},
	{name: "sequence truncated object", in: "\x1e{\"a\":\n\x1e{}\n", opts: stream.Options{Mode: stream.Sequence}, errIs: graft.ErrSyntax, at: "1:7"},
	{name: "sequence without separator", in: "{}\n", opts: stream.Options{Mode: stream.Sequence}, errIs: graft.ErrSyntax, at: "1:1", reason: "expected a record separator"},
}

func TestArray(t *testing.T) { runCases(t, arrayCases) }
func TestModes(t *testing.T) { runCases(t, modeCases) }

func runCases(t *testing.T, cases []streamCase) {
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for rname, rd := range readers([]byte(tc.in)) {
				for _, size := range []int{0, 1, 40} {
					opts := tc.opts
					opts.BufferSize = size
					res := collect(stream.NewReader(rd(), opts))
					checkRaws(t, []byte(tc.in), res, opts.Doc)
					if !equal(res.items, tc.items) {
						t.Errorf("%s, buffer %d: items %q, want %q (error %v)", rname, size, res.items, tc.items, res.err)
					}
					checkCaseError(t, tc, res.err, rname, size)
				}
			}
		})
	}
}

func checkCaseError(t *testing.T, tc streamCase, err error, rname string, size int) {
	t.Helper()
	if tc.errIs == nil {
		if err != nil {
			t.Errorf("%s, buffer %d: error %v", rname, size, err)
		}
		return
	}
	if !errors.Is(err, tc.errIs) {
		t.Errorf("%s, buffer %d: error %v, want %v", rname, size, err, tc.errIs)
		return
	}
	if tc.reason != "" && !strings.Contains(err.Error(), tc.reason) {
		t.Errorf("%s, buffer %d: error %q, want it to contain %q", rname, size, err, tc.reason)
	}
	var ge *graft.Error
	if tc.at != "" && (!errors.As(err, &ge) || itoa(ge.Line)+":"+itoa(ge.Column) != tc.at) {
		t.Errorf("%s, buffer %d: error %v at %d:%d, want %s", rname, size, err, ge.Line, ge.Column, tc.at)
	}
	if ge != nil {
		if line, col := position([]byte(tc.in), ge.Offset); line != ge.Line || col != ge.Column {
			t.Errorf("%s, buffer %d: error %v: offset %d is %d:%d", rname, size, err, ge.Offset, line, col)
		}
	}
}

func itoa(n int) string {
	b := []byte{}
	if n == 0 {
		return "0"
	}
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// splitDoc has items with escapes, surrogate pairs, non-ASCII text,
// numbers and literals, behind members the scanner skips.
const splitDoc = "{\"skip\":{\"s\":\"a\\\"b\\\\c\\u00e9\\uD83D\\uDE00 caf\u00e9 \u65e5\u672c\u8a9e\",\"n\":[-12.5e+3,0,1E-2,true,false,null]},\n" +
	"\"items\":[{\"id\":1,\"name\":\"x\\\"y\",\"tags\":[\"\u00e9\u00e9\",\"\\n\\t\"]},-0.25e-1,\"\\uD83D\\uDE00\\\\\",true,null,false,\n" +
	"  {\"deep\":[[{\"k\":\"\\\\\\\"\"}]]},12345678901234567890],\"tail\":\"\u65e5\u672c\"}"

// TestSplitEverywhere cuts the input at every byte, so that every token
// meets the end of what one Read returned, with windows of several sizes
// (the smallest makes strings cross the window and be validated in
// pieces).
func TestSplitEverywhere(t *testing.T) {
	data := []byte(splitDoc)
	for _, size := range []int{1, 33, 47, 64, 1 << 12} {
		for at := 0; at <= len(data); at++ {
			res := checkArray(t, data, "/items", &splitReader{data: data, at: at}, stream.Options{BufferSize: size})
			if len(res.items) != 8 {
				t.Fatalf("buffer %d, split at %d: %d items", size, at, len(res.items))
			}
		}
		// Every byte in its own Read, and the items of a top-level array.
		checkArray(t, data, "/items", iotest.OneByteReader(bytes.NewReader(data)), stream.Options{BufferSize: size})
		arr := []byte("[" + splitDoc + "," + splitDoc + "]")
		for at := 0; at <= len(arr); at += 7 {
			checkArray(t, arr, "", &splitReader{data: arr, at: at}, stream.Options{BufferSize: size})
		}
	}
}

// TestSplitErrors: an error is found at the same place wherever the input
// is cut.
func TestSplitErrors(t *testing.T) {
	for _, doc := range []string{
		`{"skip":"abc\u00e9\ud800x","items":[]}`,
		"{\"skip\":\"abcdefghijklmnopqrstuvwxyz0123456789 \xc3\x28\",\"items\":[]}",
		`{"skip":"abcdefghijklmnopqrstuvwxyz0123456789 \q","items":[]}`,
		`{"skip":[1,2,3.],"items":[]}`,
		`{"items":[1,2,{"a":"b\x"}]}`,
		"{\"items\":[1,\n2,\n{\"a\":nul}]}",
		`{"skip":"` + strings.Repeat("\\u00e9", 30) + `\uDBFF\uDFFF\uD800\u0041","items":[]}`,
		`{"skip":"` + strings.Repeat("long", 30) + `","items":[1],"x":"` + strings.Repeat("\u65e5", 30) + "\xe6\x97" + `"}`,
	} {
		data := []byte(doc)
		for _, size := range []int{1, 40, 64} {
			for at := 0; at <= len(data); at++ {
				checkArray(t, data, "/items", &splitReader{data: data, at: at}, stream.Options{BufferSize: size})
			}
		}
	}
}

// errReader returns its data, then err.
type errReader struct {
	data []byte
	err  error
}

func (e *errReader) Read(p []byte) (int, error) {
	if len(e.data) == 0 {
		return 0, e.err
	}
	n := copy(p, e.data)
	e.data = e.data[n:]
	return n, nil
}

var errBroken = errors.New("connection reset")

// TestReaderError: an error of the reader comes back as it is, after every
// item that was complete before it; none is delivered twice.
func TestReaderError(t *testing.T) {
	for _, tc := range []struct {
		name  string
		in    string
		path  string
		mode  stream.Mode
		items int
	}{
		{"inside an item", `[1,2,{"a":`, "", stream.Array, 2},
		{"inside a string of an item", `[1,"ab`, "", stream.Array, 1},
		{"after an item", `[1,2`, "", stream.Array, 1}, // 2 may go on: 2 ends at the error
		{"in skipped text", `{"x":"abc`, "/y", stream.Array, 0},
		{"in a number outside", `{"x":12`, "/y", stream.Array, 0},
		{"in a literal outside", `{"x":tr`, "/y", stream.Array, 0},
		{"before the end of the array", `[1,2,3]`, "", stream.Array, 3},
		{"after the array", `{"a":[1,2,3],"b":`, "/a", stream.Array, 3},
		{"lines", "1\n2\n3", "", stream.Lines, 2},
		{"sequence", "\x1e1\n\x1e2\n\x1e3", "", stream.Sequence, 2},
		{"concatenated", "1 2 3", "", stream.Concatenated, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, size := range []int{0, 1} {
				r := stream.NewReader(&errReader{data: []byte(tc.in), err: errBroken}, stream.Options{Mode: tc.mode, Path: tc.path, BufferSize: size})
				res := collect(r)
				if res.err != errBroken {
					t.Fatalf("error %v, want %v as it is", res.err, errBroken)
				}
				if len(res.items) != tc.items || r.Count() != tc.items {
					t.Fatalf("%d items (Count %d), want %d: %q", len(res.items), r.Count(), tc.items, res.items)
				}
				if r.Next() || r.Err() != errBroken {
					t.Fatal("Next after the error")
				}
			}
		})
	}
}

// TestReaderMisbehaves: a reader that returns nothing forever ends with
// io.ErrNoProgress.
func TestReaderMisbehaves(t *testing.T) {
	r := stream.NewReader(zeroReader{}, stream.Options{})
	if r.Next() || !errors.Is(r.Err(), io.ErrNoProgress) {
		t.Fatalf("error %v", r.Err())
	}
}

type zeroReader struct{}

func (zeroReader) Read([]byte) (int, error) { return 0, nil }

// TestLongTokensOutsideItems: strings and member names far longer than the
// window beside the array are validated without growing the window.
func TestLongTokensOutsideItems(t *testing.T) {
	long := strings.Repeat("caf\u00e9 \\\" \\uD83D\\uDE00 \u65e5\u672c ", 5000)
	doc := `{"` + long + `":"` + long + `","items":[1,2],"` + long + `":["` + long + `"]}`
	for _, rd := range readers([]byte(doc)) {
		r := stream.NewReader(rd(), stream.Options{Path: "/items", BufferSize: 64})
		res := collect(r)
		if res.err != nil || !equal(res.items, []string{"1", "2"}) {
			t.Fatalf("items %q, error %v", res.items, res.err)
		}
	}
	// The invalid byte at the end of a long string is found.
	bad := `{"x":"` + long + "\xff" + `","items":[]}`
	r := stream.NewReader(strings.NewReader(bad), stream.Options{Path: "/items", BufferSize: 64})
	var ge *graft.Error
	if r.Next() || !errors.As(r.Err(), &ge) || ge.Offset != int64(6+len(long)) {
		t.Fatalf("error %v, want invalid UTF-8 at %d", r.Err(), 6+len(long))
	}
}

// TestReset reuses a Reader for other inputs.
func TestReset(t *testing.T) {
	r := stream.NewReader(strings.NewReader(`[1,2`), stream.Options{})
	if res := collect(r); res.err == nil {
		t.Fatal("no error")
	}
	r.Reset(strings.NewReader(`[3,4]`))
	if res := collect(r); res.err != nil || !equal(res.items, []string{"3", "4"}) || r.Count() != 2 {
		t.Fatalf("after Reset: %q, %v", res.items, res.err)
	}
	bad := stream.NewReader(strings.NewReader(`[]`), stream.Options{Path: "x"})
	bad.Reset(strings.NewReader(`[]`))
	if bad.Next() || !errors.Is(bad.Err(), graft.ErrPointer) {
		t.Fatalf("malformed path forgotten by Reset: %v", bad.Err())
	}
}

// TestItemLifetime: Raw and the Doc hold the current item only; a copy
// outlives Next.
func TestItemLifetime(t *testing.T) {
	r := stream.NewReader(strings.NewReader(`[{"a":"first"},{"a":"second"}]`), stream.Options{BufferSize: 1})
	if !r.Next() {
		t.Fatal(r.Err())
	}
	kept := append([]byte(nil), r.Raw()...)
	var mine graft.Doc
	ref, err := mine.Parse(r.Raw())
	if err != nil {
		t.Fatal(err)
	}
	if !r.Next() || string(r.Raw()) != `{"a":"second"}` {
		t.Fatalf("second item %q, %v", r.Raw(), r.Err())
	}
	if string(kept) != `{"a":"first"}` || string(mine.AppendJSON(nil, ref)) != `{"a":"first"}` {
		t.Fatalf("copies changed: %q, %q", kept, mine.AppendJSON(nil, ref))
	}
	if r.Next() || r.Err() != nil || r.Item() != 0 || r.Raw() != nil {
		t.Fatalf("after the end: item %d, raw %q, error %v", r.Item(), r.Raw(), r.Err())
	}
}

func TestModeString(t *testing.T) {
	for m, want := range map[stream.Mode]string{stream.Array: "array", stream.Lines: "lines", stream.Concatenated: "concatenated", stream.Sequence: "sequence", 9: "unknown"} {
		if m.String() != want {
			t.Errorf("Mode(%d).String() = %q", m, m.String())
		}
	}
	r := stream.NewReader(strings.NewReader(`1`), stream.Options{Mode: 9})
	if r.Next() || r.Err() == nil {
		t.Error("unknown mode accepted")
	}
}
