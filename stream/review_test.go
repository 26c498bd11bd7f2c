package stream_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/stream"
)

// Review probes: behaviours the README and the package docs promise,
// checked against inputs and readers chosen to break them.

// stripAfter removes the " (after N items)" suffix of a stream reason.
func stripAfter(reason string) string {
	if i := strings.LastIndex(reason, " (after "); i >= 0 {
		return reason[:i]
	}
	return reason
}

// TestReviewItemErrorSameAsParse: the README promises that the items
// streamed out of any input "must be those of a full Parse (or fail with the
// same error at the same offset, line and column)". For a scalar item cut
// short by the next byte of the array, the stream names a different error
// than Parse: "unexpected end of input" where the input goes on, or
// "after the top-level value" for a byte inside the array.
func TestReviewItemErrorSameAsParse(t *testing.T) {
	for _, in := range []string{
		"[1,\n tru,2]",
		"[1,\n nul ,2]",
		"[1,\n -,2]",
		"[1,\n 01,2]",
		"[1,\n 1/2]",
		`{"a":[1,fals]}`,
	} {
		t.Run(in, func(t *testing.T) {
			var d graft.Doc
			_, perr := d.Parse([]byte(in))
			var want *graft.Error
			if !errors.As(perr, &want) {
				t.Fatalf("Parse: %v", perr)
			}
			path := ""
			if in[0] == '{' {
				path = "/a"
			}
			r := stream.NewReader(strings.NewReader(in), stream.Options{Path: path})
			for r.Next() {
			}
			var got *graft.Error
			if !errors.As(r.Err(), &got) {
				t.Fatalf("stream: %v", r.Err())
			}
			if got.Offset != want.Offset || got.Line != want.Line || got.Column != want.Column || stripAfter(got.Reason) != want.Reason {
				t.Errorf("stream error %d:%d (offset %d) %q\nParse error  %d:%d (offset %d) %q",
					got.Line, got.Column, got.Offset, got.Reason, want.Line, want.Column, want.Offset, want.Reason)
			}
		})
	}
}

// TestReviewLinesSpanReason: in Lines mode a value cut by the end of its
// line is reported as "unexpected end of input" while the input goes on.
func TestReviewLinesSpanReason(t *testing.T) {
	in := "{\"a\":1}\n{\"c\":\n3}\n"
	r := stream.NewReader(strings.NewReader(in), stream.Options{Mode: stream.Lines})
	for r.Next() {
	}
	var ge *graft.Error
	if !errors.As(r.Err(), &ge) {
		t.Fatalf("error %v", r.Err())
	}
	if strings.Contains(ge.Reason, "end of input") {
		t.Errorf("error at %d:%d says %q, but the input does not end there: the line does", ge.Line, ge.Column, ge.Reason)
	}
}

// TestReviewAfterZeroItems: doc.go says "once items were delivered, the
// reason ends with "(after N items)"". With none delivered it still says
// "(after 0 items)".
func TestReviewAfterZeroItems(t *testing.T) {
	for _, tc := range []struct {
		in   string
		mode stream.Mode
	}{
		{`[x]`, stream.Array},
		{"x\n", stream.Lines},
		{"x", stream.Concatenated},
	} {
		r := stream.NewReader(strings.NewReader(tc.in), stream.Options{Mode: tc.mode})
		for r.Next() {
		}
		if r.Count() != 0 {
			t.Fatalf("%q: %d items", tc.in, r.Count())
		}
		if err := r.Err(); err == nil || strings.Contains(err.Error(), "(after 0 items)") {
			t.Errorf("%v mode %q: no item delivered, error %v", tc.mode, tc.in, err)
		}
	}
}

// TestReviewPaths: paths through escaped member names, array indices and
// "-", read whole and one byte at a time.
func TestReviewPaths(t *testing.T) {
	for _, tc := range []struct {
		name, in, path string
		items          []string
		errIs          error
	}{
		{"escaped slash in input", `{"a\/b":[1]}`, "/a~1b", []string{"1"}, nil},
		{"tilde and slash", `{"~1":{"/0":[2]}}`, "/~01/~10", []string{"2"}, nil},
		{"unicode escape name", `{"\u00e9":[3]}`, "/\u00e9", []string{"3"}, nil},
		{"surrogate pair name", `{"\ud83d\ude00":[4]}`, "/\U0001F600", []string{"4"}, nil},
		{"empty name", `{"":[5]}`, "/", []string{"5"}, nil},
		{"index through arrays", `[[],[0,[6,7]]]`, "/1/1", []string{"6", "7"}, nil},
		{"dash", `[[1]]`, "/-", nil, graft.ErrNotFound},
		{"leading zero index", `[[1],[2]]`, "/01", nil, graft.ErrNotFound},
		{"index past end", `[[1],[2]]`, "/2", nil, graft.ErrNotFound},
		{"huge index", `[[1]]`, "/99999999999999999999999", nil, graft.ErrNotFound},
		{"name prefix", `{"ab":[1],"a":[2]}`, "/a", []string{"2"}, nil},
		{"long name skipped", `{"` + strings.Repeat("a", 200) + `":1,"a":[8]}`, "/a", []string{"8"}, nil},
		{"long name matched", `{"` + strings.Repeat("b", 200) + `":[9]}`, "/" + strings.Repeat("b", 200), []string{"9"}, nil},
	} {
		for rname, rd := range readers([]byte(tc.in)) {
			for _, size := range []int{0, 32} {
				r := stream.NewReader(rd(), stream.Options{Path: tc.path, BufferSize: size})
				res := collect(r)
				if tc.errIs != nil {
					if !errors.Is(res.err, tc.errIs) {
						t.Errorf("%s/%s/%d: error %v, want %v", tc.name, rname, size, res.err, tc.errIs)
					}
					continue
				}
				if res.err != nil || !equal(res.items, tc.items) {
					t.Errorf("%s/%s/%d: items %q error %v, want %q", tc.name, rname, size, res.items, res.err, tc.items)
				}
			}
		}
	}
}

// positionedInput returns more than two windows of items on many lines with
// CR LF, tabs and multibyte UTF-8, then a broken item.
func positionedInput() (data []byte, badOff int) {
	var b bytes.Buffer
	b.WriteString("[\r\n")
	for i := 0; i < 3000; i++ {
		b.WriteString("\t{\"k\":\t\"é€😀 ")
		b.WriteString(strings.Repeat("x", i%50))
		b.WriteString("\"},\r\n")
	}
	b.WriteString("\t{\"k\": \"é\" \"z\"}]")
	data = b.Bytes()
	return data, bytes.LastIndex(data, []byte(`"z"`))
}

// TestReviewPositions: error offset, line and column in the whole stream,
// past several windows, through every kind of reader.
func TestReviewPositions(t *testing.T) {
	data, bad := positionedInput()
	wantLine, wantCol := position(data, int64(bad))
	rs := readers(data)
	rs["half"] = func() io.Reader { return iotest.HalfReader(bytes.NewReader(data)) }
	for rname, rd := range rs {
		for _, size := range []int{0, 100} {
			r := stream.NewReader(rd(), stream.Options{BufferSize: size})
			res := collect(r)
			var ge *graft.Error
			if !errors.As(res.err, &ge) {
				t.Fatalf("%s/%d: error %v", rname, size, res.err)
			}
			if len(res.items) != 3000 || ge.Offset != int64(bad) || ge.Line != wantLine || ge.Column != wantCol {
				t.Errorf("%s/%d: %d items, error at %d (%d:%d), want 3000 items, %d (%d:%d): %v",
					rname, size, len(res.items), ge.Offset, ge.Line, ge.Column, bad, wantLine, wantCol, ge)
			}
			checkRaws(t, data, res, graft.Options{})
		}
	}
}

// TestReviewStraddle: items that straddle the default 64 KiB window, and
// items larger than it, through every reader.
func TestReviewStraddle(t *testing.T) {
	var b bytes.Buffer
	var want []string
	b.WriteString(`{"pad":"` + strings.Repeat("p", 65536-20) + `","items":[`)
	for i, n := range []int{10, 70000, 5, 200000, 65536, 65535, 1} {
		if i > 0 {
			b.WriteByte(',')
		}
		item := `{"s":"` + strings.Repeat("\\\"", n/2) + `","n":[` + strings.Repeat("1,", n%7) + `0]}`
		b.WriteString(item)
		want = append(want, item)
	}
	b.WriteString("]}")
	data := b.Bytes()
	for rname, rd := range readers(data) {
		res := collect(stream.NewReader(rd(), stream.Options{Path: "/items"}))
		if res.err != nil || !equal(res.raws, want) {
			t.Errorf("%s: %d items, error %v", rname, len(res.raws), res.err)
		}
	}
}

// TestReviewTimeoutReader: iotest.TimeoutReader fails its second Read with
// ErrTimeout; every item read before comes out, then the error as it is.
func TestReviewTimeoutReader(t *testing.T) {
	for _, mode := range []stream.Mode{stream.Array, stream.Lines, stream.Concatenated} {
		in := "[1,2,3]"
		if mode != stream.Array {
			in = "1\n2\n3\n"
		}
		r := stream.NewReader(iotest.TimeoutReader(strings.NewReader(in)), stream.Options{Mode: mode})
		res := collect(r)
		if !errors.Is(res.err, iotest.ErrTimeout) || len(res.items) != 3 {
			t.Errorf("%v: items %q, error %v; want 3 items, then ErrTimeout", mode, res.items, res.err)
		}
		if r.Next() || !errors.Is(r.Err(), iotest.ErrTimeout) {
			t.Errorf("%v: Next after the error", mode)
		}
	}
}

// eofWithData returns everything with io.EOF in one call.
type eofWithData struct{ data []byte }

func (e *eofWithData) Read(p []byte) (int, error) {
	n := copy(p, e.data)
	e.data = e.data[n:]
	if len(e.data) == 0 {
		return n, io.EOF
	}
	return n, nil
}

// errWithData returns everything with a non-EOF error in one call.
type errWithData struct{ data []byte }

func (e *errWithData) Read(p []byte) (int, error) {
	n := copy(p, e.data)
	e.data = e.data[n:]
	return n, errBroken
}

func TestReviewDataWithError(t *testing.T) {
	for _, tc := range []struct {
		in    string
		mode  stream.Mode
		items int
	}{
		{"[1,2,3]", stream.Array, 3},
		{"1\n2\n3", stream.Lines, 3},
		{"1 2 3", stream.Concatenated, 3},
		{"\x1e1\n\x1e2\n\x1e3\n", stream.Sequence, 3},
	} {
		res := collect(stream.NewReader(&eofWithData{[]byte(tc.in)}, stream.Options{Mode: tc.mode}))
		if res.err != nil || len(res.items) != tc.items {
			t.Errorf("EOF with data, %v %q: items %q, error %v", tc.mode, tc.in, res.items, res.err)
		}
		res = collect(stream.NewReader(&errWithData{[]byte(tc.in)}, stream.Options{Mode: tc.mode}))
		if !errors.Is(res.err, errBroken) {
			t.Errorf("error with data, %v %q: items %q, error %v", tc.mode, tc.in, res.items, res.err)
		}
	}
}

// TestReviewReset: Reset in the middle of a stream and after an error
// forgets everything of the old input.
func TestReviewReset(t *testing.T) {
	r := stream.NewReader(strings.NewReader(`{"a":[[1],[2],[3]]}`), stream.Options{Path: "/a", BufferSize: 32})
	if !r.Next() {
		t.Fatal(r.Err())
	}
	r.Reset(strings.NewReader("\n\n{\"a\":[4,\n5 x]}"))
	if r.Item() != 0 || r.Raw() != nil || r.Count() != 0 || r.Err() != nil {
		t.Fatalf("after Reset: item %d raw %q count %d err %v", r.Item(), r.Raw(), r.Count(), r.Err())
	}
	res := collect(r)
	var ge *graft.Error
	if !equal(res.items, []string{"4", "5"}) || !errors.As(res.err, &ge) || ge.Line != 4 || ge.Column != 3 || ge.Offset != 13 {
		t.Fatalf("after Reset: items %q, error %v (%+v)", res.items, res.err, ge)
	}
	if res.offs[0] != 8 {
		t.Errorf("Offset of the first item after Reset %d, want 8", res.offs[0])
	}
}

// TestReviewLimits: MaxItemBytes at the boundary in every mode, and
// MaxDepth counted from the top of the stream.
func TestReviewLimits(t *testing.T) {
	item := `"` + strings.Repeat("y", 48) + `"` // 50 bytes
	for _, tc := range []struct {
		mode stream.Mode
		in   string
	}{
		{stream.Array, "[" + item + "]"},
		{stream.Lines, item + "\n"},
		{stream.Concatenated, item},
		{stream.Sequence, "\x1e" + item + "\n"},
	} {
		for rname, rd := range readers([]byte(tc.in)) {
			res := collect(stream.NewReader(rd(), stream.Options{Mode: tc.mode, MaxItemBytes: 50}))
			if res.err != nil || len(res.items) != 1 {
				t.Errorf("%v/%s: item of 50 bytes at a limit of 50: %q, %v", tc.mode, rname, res.items, res.err)
			}
			res = collect(stream.NewReader(rd(), stream.Options{Mode: tc.mode, MaxItemBytes: 49}))
			if !errors.Is(res.err, graft.ErrLimit) {
				t.Errorf("%v/%s: item of 50 bytes at a limit of 49: %q, %v", tc.mode, rname, res.items, res.err)
			}
		}
	}
	// An array at depth 2, MaxDepth 3: an item may nest one more level.
	for rname, rd := range readers([]byte(`{"a":[[1],[[2]]]}`)) {
		res := collect(stream.NewReader(rd(), stream.Options{Path: "/a", MaxDepth: 3}))
		if !equal(res.items, []string{"[1]"}) || !errors.Is(res.err, graft.ErrLimit) {
			t.Errorf("depth %s: %q, %v", rname, res.items, res.err)
		}
	}
	for _, mode := range []stream.Mode{stream.Lines, stream.Concatenated, stream.Sequence} {
		in := "\x1e[[[1]]]\n\x1e[[[[1]]]]\n"
		if mode != stream.Sequence {
			in = "[[[1]]]\n[[[[1]]]]\n"
		}
		res := collect(stream.NewReader(strings.NewReader(in), stream.Options{Mode: mode, MaxDepth: 3}))
		if len(res.items) != 1 || !errors.Is(res.err, graft.ErrLimit) {
			t.Errorf("depth %v: %q, %v", mode, res.items, res.err)
		}
	}
}

// TestReviewBackslashRuns: strings with runs of backslashes before quotes
// and brackets, at every offset modulo the 64-byte block of the scan.
func TestReviewBackslashRuns(t *testing.T) {
	for pad := 0; pad < 130; pad++ {
		for run := 0; run <= 5; run++ {
			s := `"` + strings.Repeat("a", pad) + strings.Repeat(`\\`, run) + `\"]}[{` + strings.Repeat(`\\`, run) + `"`
			items := []string{`[` + s + `,{"k":` + s + `}]`, s, `{"` + strings.Repeat("b", pad%7) + `":[` + s + `]}`}
			in := "[" + strings.Join(items, ",") + "]"
			var d graft.Doc
			if _, err := d.Parse([]byte(in)); err != nil {
				t.Fatalf("bad test input %q: %v", in, err)
			}
			for _, size := range []int{0, 32} {
				res := collect(stream.NewReader(strings.NewReader(in), stream.Options{BufferSize: size}))
				if res.err != nil || !equal(res.raws, items) {
					t.Fatalf("pad %d run %d size %d: raws %q, error %v", pad, run, size, res.raws, res.err)
				}
				res = collect(stream.NewReader(strings.NewReader(strings.Join(items, "")), stream.Options{Mode: stream.Concatenated, BufferSize: size}))
				if res.err != nil || !equal(res.raws, items) {
					t.Fatalf("concatenated pad %d run %d size %d: raws %q, error %v", pad, run, size, res.raws, res.err)
				}
			}
		}
	}
}

// TestReviewBufferSizeLimit: Options.BufferSize is documented to grow "up
// to about MaxItemBytes"; a BufferSize far beyond it is taken as is.
func TestReviewBufferSizeLimit(t *testing.T) {
	defer func() {
		if p := recover(); p != nil {
			t.Errorf("NewReader with BufferSize 1<<50 and MaxItemBytes 1024 panics: %v", p)
		}
	}()
	r := stream.NewReader(strings.NewReader(`[1]`), stream.Options{BufferSize: 1 << 50, MaxItemBytes: 1024})
	for r.Next() {
	}
	if r.Err() != nil {
		t.Error(r.Err())
	}
}

// TestReviewConcatenatedLikeDecoder: Options.Mode's doc says Concatenated
// reads "values one after another, separated by optional whitespace (as
// encoding/json.Decoder reads a stream)". Decoder splits run-together
// scalars; the Reader rejects them.
func TestReviewConcatenatedLikeDecoder(t *testing.T) {
	for _, in := range []string{`truefalse`, `1true`, `1-2`, `null"a"`, `[1]2`} {
		var want []string
		dec := json.NewDecoder(strings.NewReader(in))
		for {
			var v json.RawMessage
			if err := dec.Decode(&v); err == io.EOF {
				break
			} else if err != nil {
				t.Fatalf("Decoder on %q: %v", in, err)
			}
			want = append(want, string(v))
		}
		res := collect(stream.NewReader(strings.NewReader(in), stream.Options{Mode: stream.Concatenated}))
		if res.err != nil || !equal(res.raws, want) {
			t.Errorf("%q: Reader %q, error %v; encoding/json.Decoder %q", in, res.raws, res.err, want)
		}
	}
}
