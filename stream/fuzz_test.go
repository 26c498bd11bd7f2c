package stream_test

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/stream"
)

// seeds are documents the tests use; the fuzz targets start from them and
// from the corpus.
var seeds = []string{
	`[]`, `[1]`, ` [ 1 , "a" , {"b":[true,null]} , -2.5e3 ] `,
	`{"data":{"items":[{"id":1,"s":"caf\u00e9 \"q\" \\"},{"id":2}]},"meta":"x"}`,
	`{"a":[1,[2,[3]]],"b":{"c":"\uD83D\uDE00 long string that crosses windows ......."}}`,
	`[1 2]`, `[1,]`, `[01]`, `["\ud800"]`, "[\"\xff\"]", `[tru]`, `[1] x`, `{"a":1,"a":[5]}`,
	"[\n  {\"x\": 1},\n  {\"y\": \"\\n\"}\n]\n", `[[[[[[]]]]]]`, `{"items":[}`, `"s"`, `{}`,
}

// corpusSeeds adds the first 16 KiB of each corpus file that exists (cut
// short, most are invalid: they seed the error paths; whole files would
// make each run of the target slow).
func corpusSeeds(add func([]byte)) {
	dir := os.Getenv("GRAFT_CORPUS")
	if dir == "" {
		dir = "../../shared/corpus"
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	for _, name := range files {
		if data, err := os.ReadFile(name); err == nil {
			add(data[:min(len(data), 16<<10)])
		}
	}
}

// FuzzArray: the items streamed out of any input, in any pieces, with any
// window size, are the items a full Parse finds at the path; an input the
// full Parse rejects is rejected with the same error (sentinel and reason)
// at the same offset, line and column. No input panics.
func FuzzArray(f *testing.F) {
	for _, s := range seeds {
		for _, p := range []string{"", "/data/items", "/a/1", "/items"} {
			f.Add([]byte(s), p, uint16(1), uint8(0))
		}
	}
	corpusSeeds(func(b []byte) { f.Add(b, "", uint16(100), uint8(3)) })
	f.Fuzz(func(t *testing.T, data []byte, path string, chunk uint16, buf uint8) {
		opts := stream.Options{BufferSize: int(buf), MaxDepth: 20}
		rd := newChunkReader(data, uint32(chunk), 1+int(chunk%97))
		checkArray(t, data, path, rd, opts)
	})
}

// FuzzModes: Lines and Sequence give the values of the lines (records)
// that hold one, or fail at the first one that is not JSON, at its offset
// and with Doc.Parse's reason;
// Concatenated gives values whose texts, with whitespace between them, make
// up the input, where a number or literal is never directly followed by
// another. No input panics.
func FuzzModes(f *testing.F) {
	for _, s := range []string{"1\n2\n", "{\"a\":1}\r\n\n [2] \n\"s\"", "\x1e1\n\x1e\x1e{}\n", "1 2", "{}{}[]\"a\"", "truefalse", "\n\n", "[1,\n2]\n"} {
		f.Add([]byte(s), uint8(0), uint16(1))
		f.Add([]byte(s), uint8(1), uint16(5))
		f.Add([]byte(s), uint8(2), uint16(9))
	}
	// A byte order mark where a record separator belongs is named as one
	// whatever the sizes of the reads.
	f.Add([]byte("\ufeff\x1e1\n"), uint8(2), uint16(0))
	f.Add([]byte("\ufeff"), uint8(2), uint16(1))
	f.Fuzz(func(t *testing.T, data []byte, mode uint8, chunk uint16) {
		m := []stream.Mode{stream.Lines, stream.Concatenated, stream.Sequence}[mode%3]
		opts := stream.Options{Mode: m, BufferSize: 1, MaxDepth: 20}
		res := collect(stream.NewReader(newChunkReader(data, uint32(chunk), 1+int(chunk%61)), opts))
		checkRaws(t, data, res, opts.Doc)
		switch m {
		case stream.Lines:
			checkRecords(t, data, res, '\n', false)
		case stream.Sequence:
			checkRecords(t, data, res, 0x1E, true)
		case stream.Concatenated:
			if res.err != nil {
				return
			}
			at := int64(0)
			for i, raw := range res.raws {
				gap := data[at:res.offs[i]]
				if len(bytes.TrimLeft(gap, " \t\r\n")) != 0 {
					t.Fatalf("%q between items", gap)
				}
				// Whitespace must follow a number or literal, unless a
				// string, an array or an object does.
				if i > 0 && len(gap) == 0 && strings.IndexByte(`"]}`, res.raws[i-1][len(res.raws[i-1])-1]) < 0 && strings.IndexByte(`"[{`, raw[0]) < 0 {
					t.Fatalf("items %q and %q run together", res.raws[i-1], raw)
				}
				at = res.offs[i] + int64(len(raw))
			}
			if len(bytes.TrimLeft(data[at:], " \t\r\n")) != 0 {
				t.Fatalf("%q after the last item", data[at:])
			}
		}
	})
}

// checkRecords compares with the pieces of data between separators sep:
// each that is not blank must be one JSON value (in Sequence mode the
// pieces start after the separator, and a scalar needs whitespace after
// it). The first piece that is not is the error, at the same offset, with
// the reason Doc.Parse gives, where a piece that a separator cut short ends
// at the end of the line (or JSON text), not of the input.
func checkRecords(t *testing.T, data []byte, res result, sep byte, sequence bool) {
	t.Helper()
	var want []string
	var werr error
	var werrOff int64
	var wreason string // the reason, or with exact unset its start
	exact := true
	cut := "end of line"
	if sequence {
		cut = "end of JSON text"
	}
	at := int64(0)
	pieces := bytes.Split(data, []byte{sep})
	for i, p := range pieces {
		start := at
		at += int64(len(p)) + 1
		if sequence && i == 0 {
			if len(p) > 0 {
				werr, werrOff, wreason, exact = graft.ErrSyntax, 0, "expected a record separator", false
				if bytes.HasPrefix(p, []byte("\ufeff")) {
					wreason = "byte order mark (U+FEFF)"
				}
				break
			}
			continue
		}
		text := bytes.Trim(p, " \t\r\n")
		if len(text) == 0 {
			continue
		}
		textOff := start + int64(len(p)-len(bytes.TrimLeft(p, " \t\r\n")))
		d := graft.New(graft.Options{MaxDepth: 20})
		root, err := d.Parse(text)
		if err != nil {
			var ge *graft.Error
			errors.As(err, &ge)
			werr, werrOff, wreason = ge.Err, textOff+ge.Offset, ge.Reason
			if ge.Offset == int64(len(text)) && i < len(pieces)-1 {
				wreason = strings.Replace(wreason, "end of input", cut, 1)
			}
			break
		}
		if k := d.Kind(root); sequence && (k == graft.Number || k == graft.Bool || k == graft.Null) && len(bytes.TrimRight(p, " \t\r\n")) == len(p) {
			werr, werrOff, wreason, exact = graft.ErrSyntax, textOff+int64(len(text)), "a top-level "+k.String()+" must be followed by whitespace", false
			break
		}
		want = append(want, string(d.AppendJSON(nil, root)))
	}
	if !equal(res.items, want) {
		t.Fatalf("items %q, want %q (error %v)", res.items, want, res.err)
	}
	if werr == nil {
		if res.err != nil {
			t.Fatalf("error %v, want none", res.err)
		}
		return
	}
	var ge *graft.Error
	if !errors.As(res.err, &ge) || ge.Err != werr || ge.Offset != werrOff {
		t.Fatalf("error %v, want %v at offset %d", res.err, werr, werrOff)
	}
	if reason := stripCount(ge.Reason); exact && reason != wreason || !exact && !strings.HasPrefix(reason, wreason) {
		t.Fatalf("error %v, want the reason %q", res.err, wreason)
	}
	if line, col := position(data, ge.Offset); line != ge.Line || col != ge.Column {
		t.Fatalf("error %v: offset %d is line %d, column %d", res.err, ge.Offset, line, col)
	}
}

// FuzzFormat: Validate, Compact and Indent accept exactly what Doc.Parse
// accepts (nesting at most 20), report its reason at its offset, and print
// what the Doc prints, whatever the window and the chunks of the input.
func FuzzFormat(f *testing.F) {
	for _, s := range seeds {
		f.Add([]byte(s), uint16(1), uint8(0))
	}
	for _, s := range []string{`{"a" : [ ] , "b":{"c":"d"}}`, "\ufeff[1]", `01`, `[1,]`, `"\ud800"`, " 1 ", ``} {
		f.Add([]byte(s), uint16(3), uint8(1))
	}
	f.Fuzz(func(t *testing.T, data []byte, chunk uint16, buf uint8) {
		opts := stream.Options{BufferSize: int(buf), MaxDepth: 20}
		d := graft.New(graft.Options{MaxDepth: 20})
		root, want := d.Parse(data)
		check := func(what string, err error) {
			var ge, we *graft.Error
			switch {
			case (err == nil) != (want == nil):
				t.Fatalf("%s: %v; Parse: %v", what, err, want)
			case want != nil && (!errors.As(err, &ge) || !errors.As(want, &we) || ge.Offset != we.Offset || ge.Reason != we.Reason):
				t.Fatalf("%s: %v; Parse: %v", what, err, want)
			}
		}
		rd := func() io.Reader { return newChunkReader(data, uint32(chunk), 1+int(chunk%61)) }
		check("Validate", stream.Validate(rd(), opts))
		var out bytes.Buffer
		err := stream.Compact(&out, rd(), opts)
		check("Compact", err)
		if err == nil && out.String() != string(d.AppendJSON(nil, root)) {
			t.Fatalf("Compact printed %q, the Doc %q", out.String(), d.AppendJSON(nil, root))
		}
		out.Reset()
		err = stream.Indent(&out, rd(), "\t", opts)
		check("Indent", err)
		if err == nil && out.String() != string(d.AppendIndent(nil, root, "", "\t")) {
			t.Fatalf("Indent printed %q, the Doc %q", out.String(), d.AppendIndent(nil, root, "", "\t"))
		}
	})
}

// FuzzItemLimit: with a small MaxItemBytes, a Reader (in Auto mode, and in
// Lines mode, which Auto does not choose) delivers the items a
// Reader without it delivers, as long as they fit, and then either ends
// as that one does (the same error, at the same offset) or fails on the
// limit, where an item, a line or a JSON text crosses it, which it may
// only do where the unlimited Reader found nothing wrong before that
// point. So the text of an item over the limit, checked without building
// it, gives the error a full parse gives. No input panics.
func FuzzItemLimit(f *testing.F) {
	for _, s := range seeds {
		f.Add([]byte(s), uint8(4), uint16(3))
	}
	for _, s := range []string{`[{"a" 1` + strings.Repeat(" ", 40) + `}]`, `[[1,2,3,[4,[5]],"\u00e9\ud83d\ude00 x"]]`, "\x1e[1,2,3,4,5,6]\n\x1e1 ", `{"a":[1,2]}{"b":tru}`, "\x1etr" + strings.Repeat(" ", 20) + "\x1e1\n", "\x1e[1," + strings.Repeat("\n", 20) + "2]\n"} {
		f.Add([]byte(s), uint8(6), uint16(5))
	}
	// Lines (which Auto does not choose) and JSON texts with a syntax
	// error just before the limit, or an escape the limit cuts.
	for _, s := range []string{"1\n{\"a\" 1" + strings.Repeat(" ", 20) + "}\n", "[    x" + strings.Repeat(" ", 20) + "]\n", "\"ab\\u00e9" + strings.Repeat("x", 20) + "\"\n", "1 x" + strings.Repeat(" ", 20) + "\n", "\x1e[1,,2" + strings.Repeat(",2", 10) + "]\n"} {
		f.Add([]byte(s), uint8(5), uint16(4))
	}
	f.Fuzz(func(t *testing.T, data []byte, limit uint8, chunk uint16) {
		for _, mode := range []stream.Mode{stream.Auto, stream.Lines} {
			checkItemLimit(t, data, stream.Options{Mode: mode, MaxDepth: 20}, limit, chunk)
		}
	})
}

// trimmedEnd reports whether offset off is the end of a line (in Lines
// mode) or of a JSON text of a sequence with only whitespace after it, up
// to the end of that line or text, which lies at or past offset limit. A
// Reader trims that whitespace from an item's text, so an error at the end
// of the text (a string or an array not closed) is reported at off; a
// Reader with a limit reads the text from its start, and meets the limit
// before it finds where the text ends.
func trimmedEnd(data []byte, mode stream.Mode, off, limit int64) bool {
	sep := byte('\n')
	switch {
	case mode == stream.Lines:
	case len(data) > 0 && data[0] == 0x1e:
		sep = 0x1e
	default:
		return false
	}
	end := int64(len(data))
	if k := bytes.IndexByte(data[off:], sep); k >= 0 {
		end = off + int64(k)
	}
	return end >= limit && len(bytes.TrimLeft(data[off:end], " \t\r\n")) == 0
}

// checkItemLimit runs FuzzItemLimit's check in one mode.
func checkItemLimit(t *testing.T, data []byte, opts stream.Options, limit uint8, chunk uint16) {
	t.Helper()
	want := collect(stream.NewReader(bytes.NewReader(data), opts))
	opts.MaxItemBytes, opts.BufferSize = 1+int(limit%64), 1
	got := collect(stream.NewReader(newChunkReader(data, uint32(chunk), 1+int(chunk%61)), opts))
	n := len(got.raws)
	if n > len(want.raws) || !equal(got.raws, want.raws[:n]) {
		t.Fatalf("items %q, without the limit %q", got.raws, want.raws)
	}
	for _, raw := range got.raws {
		if len(raw) > opts.MaxItemBytes {
			t.Fatalf("item %q over the limit of %d", raw, opts.MaxItemBytes)
		}
	}
	var ge, we *graft.Error
	if errors.As(got.err, &ge) && errors.Is(ge, graft.ErrLimit) && strings.Contains(ge.Reason, "bytes of whitespace after") {
		// A text of a sequence that fits, followed by whitespace past
		// what the limit allows its piece (MaxItemBytes twice), with
		// nothing wrong before: the text is the next item, or what
		// follows the whitespace is the first error.
		if ge.Offset >= int64(len(data)) {
			t.Fatalf("error %v past the end of the input", got.err)
		}
		start := int64(bytes.LastIndexByte(data[:ge.Offset], 0x1e) + 1)
		start += int64(len(data[start:ge.Offset]) - len(bytes.TrimLeft(data[start:ge.Offset], " \t\r\n")))
		text := bytes.TrimRight(data[start:ge.Offset+1], " \t\r\n")
		if _, err := graft.New(graft.Options{MaxDepth: 20}).Parse(text); err != nil || len(text) > opts.MaxItemBytes || ge.Offset != start+2*int64(opts.MaxItemBytes) {
			t.Fatalf("error %v, but %q at %d is not a text that fits followed by that much whitespace (%v)", got.err, text, start, err)
		}
		if n < len(want.raws) && want.offs[n] != start || n == len(want.raws) && (!errors.As(want.err, &we) || we.Offset <= ge.Offset) {
			t.Fatalf("error %v, but without the limit %d items and %v", got.err, len(want.raws), want.err)
		}
		return
	}
	if errors.As(got.err, &ge) && errors.Is(ge, graft.ErrLimit) && strings.Contains(ge.Reason, "longer than") {
		// The error is where the piece crosses the limit: MaxItemBytes
		// after the start of the item, or in Lines mode of its line (the
		// limit counts the whitespace around the item, and a blank line).
		start := ge.Offset - int64(opts.MaxItemBytes)
		if start < 0 {
			t.Fatalf("error %v before the limit can be crossed", got.err)
		}
		if opts.Mode == stream.Lines {
			line := data[start:]
			if k := bytes.IndexByte(line, '\n'); k >= 0 {
				line = line[:k]
			}
			switch {
			case start > 0 && data[start-1] != '\n':
				t.Fatalf("error %v, not MaxItemBytes after the start of a line", got.err)
			case len(line) <= opts.MaxItemBytes:
				t.Fatalf("error %v, but line %q fits", got.err, line)
			case n < len(want.raws) && want.offs[n] < start:
				t.Fatalf("error %v after item %q at %d", got.err, want.raws[n], want.offs[n])
			}
		} else if n < len(want.raws) {
			if len(want.raws[n]) <= opts.MaxItemBytes {
				t.Fatalf("error %v, but item %q fits", got.err, want.raws[n])
			}
			if start != want.offs[n] {
				t.Fatalf("error %v, not MaxItemBytes after the start of the item at %d", got.err, want.offs[n])
			}
		}
		if errors.As(want.err, &we) && n == len(want.raws) && we.Offset < ge.Offset && !trimmedEnd(data, opts.Mode, we.Offset, ge.Offset) {
			t.Fatalf("error %v, but without the limit %v comes first", got.err, want.err)
		}
		return
	}
	if n != len(want.raws) {
		t.Fatalf("%d items and error %v, without the limit %d items", n, got.err, len(want.raws))
	}
	switch {
	case (got.err == nil) != (want.err == nil):
		t.Fatalf("error %v, without the limit %v", got.err, want.err)
	case got.err == nil:
	case !errors.As(got.err, &ge) || !errors.As(want.err, &we) || ge.Err != we.Err || ge.Offset != we.Offset || ge.Reason != we.Reason:
		t.Fatalf("error %v, without the limit %v", got.err, want.err)
	}
}
