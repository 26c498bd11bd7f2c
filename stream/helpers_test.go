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

// chunkReader returns data in pieces whose sizes follow a small
// deterministic generator seeded by seed, each between 1 and max bytes.
type chunkReader struct {
	data  []byte
	state uint32
	max   int
}

func newChunkReader(data []byte, seed uint32, max int) *chunkReader {
	return &chunkReader{data: data, state: seed*2654435761 + 1, max: max}
}

func (c *chunkReader) Read(p []byte) (int, error) {
	if len(c.data) == 0 {
		return 0, io.EOF
	}
	c.state ^= c.state << 13
	c.state ^= c.state >> 17
	c.state ^= c.state << 5
	n := 1 + int(c.state%uint32(c.max))
	n = min(n, len(p), len(c.data))
	copy(p, c.data[:n])
	c.data = c.data[n:]
	return n, nil
}

// splitReader returns data[:at] in its first Read (or less if p is
// shorter) and the rest afterwards.
type splitReader struct {
	data []byte
	at   int
}

func (s *splitReader) Read(p []byte) (int, error) {
	if len(s.data) == 0 {
		return 0, io.EOF
	}
	n := len(s.data)
	if s.at > 0 {
		n = min(n, s.at)
	}
	n = copy(p, s.data[:n])
	s.data = s.data[n:]
	s.at -= n
	return n, nil
}

// readers returns the ways the tests feed data to a Reader: whole, one
// byte at a time, and in random pieces.
func readers(data []byte) map[string]func() io.Reader {
	return map[string]func() io.Reader{
		"whole":    func() io.Reader { return bytes.NewReader(data) },
		"one byte": func() io.Reader { return iotest.OneByteReader(bytes.NewReader(data)) },
		"chunks 7": func() io.Reader { return newChunkReader(data, 7, 7) },
		"chunks 100": func() io.Reader {
			return iotest.DataErrReader(newChunkReader(data, 3, 100))
		},
	}
}

// result is what a Reader delivered: the compact text of each item, the
// raw text with its offset, and the error.
type result struct {
	items []string
	raws  []string
	offs  []int64
	err   error
}

func collect(r *stream.Reader) result {
	var res result
	var buf []byte
	for r.Next() {
		buf = r.Doc().AppendJSON(buf[:0], r.Item())
		res.items = append(res.items, string(buf))
		res.raws = append(res.raws, string(r.Raw()))
		res.offs = append(res.offs, r.Offset())
	}
	res.err = r.Err()
	return res
}

// checkRaws checks that every delivered item's Raw is the input's text at
// its Offset and that its compact print is the compact Raw.
func checkRaws(t *testing.T, data []byte, res result, opts graft.Options) {
	t.Helper()
	for i, raw := range res.raws {
		off := res.offs[i]
		if off < 0 || off+int64(len(raw)) > int64(len(data)) || string(data[off:off+int64(len(raw))]) != raw {
			t.Fatalf("item %d: Raw %q is not the input at offset %d", i, raw, off)
		}
		d := graft.New(opts)
		root, err := d.Parse([]byte(raw))
		if err != nil {
			t.Fatalf("item %d: Raw %q does not parse: %v", i, raw, err)
		}
		if got := string(d.AppendJSON(nil, root)); got != res.items[i] {
			t.Fatalf("item %d: printed %q, Raw %q prints %q", i, res.items[i], raw, got)
		}
	}
}

// position returns the 1-based line and byte column of off in data.
func position(data []byte, off int64) (line, col int) {
	line, start := 1, 0
	for i, c := range data[:off] {
		if c == '\n' {
			line++
			start = i + 1
		}
	}
	return line, int(off) - start + 1
}

// stripCount removes the " (after N items)" that a stream error's reason
// ends with once items were delivered.
func stripCount(reason string) string {
	if i := strings.LastIndex(reason, " (after "); i >= 0 {
		return reason[:i]
	}
	return reason
}

// reference reads the items of the array at path the slow way: a full
// Parse, then the first member of each name along the path (as a stream
// follows it).
func reference(data []byte, path string, opts graft.Options) (items []string, err error) {
	p, err := graft.ParsePointer(path)
	if err != nil {
		return nil, err
	}
	d := graft.New(opts)
	root, err := d.Parse(data)
	if err != nil {
		return nil, err
	}
	v := root
	for _, tok := range p {
		v = firstStep(d, v, tok)
	}
	switch d.Kind(v) {
	case graft.Invalid:
		return nil, graft.ErrNotFound
	case graft.Array:
	default:
		return nil, graft.ErrKind
	}
	for _, it := range d.Items(v) {
		items = append(items, string(d.AppendJSON(nil, it)))
	}
	return items, nil
}

func firstStep(d *graft.Doc, v graft.Ref, tok string) graft.Ref {
	switch d.Kind(v) {
	case graft.Object:
		for name, val := range d.Members(v) {
			if d.Equals(name, tok) {
				return val
			}
		}
	case graft.Array:
		return d.Get(v, tok)
	}
	return 0
}

// sameError checks a stream error against the error of the reference on
// the same input: the same sentinel and reason (but for the item count) at
// the same offset, line and column for problems of the text; a path that names nothing or no array may be found
// out before a later syntax error.
func sameError(t *testing.T, data []byte, got, want error) {
	t.Helper()
	var wg *graft.Error
	if !errors.As(want, &wg) {
		if !errors.Is(got, want) {
			t.Fatalf("error %v, want %v", got, want)
		}
		return
	}
	var gg *graft.Error
	if !errors.As(got, &gg) {
		t.Fatalf("error %v (%T), want %v", got, got, want)
	}
	if errors.Is(wg, graft.ErrPointer) {
		if !errors.Is(gg, graft.ErrPointer) {
			t.Fatalf("error %v, want %v", got, want)
		}
		return
	}
	// A path that is missing, of another kind, or has a member twice is
	// found where the stream reaches it, which may be before the syntax
	// error the whole Parse reports.
	dup := errors.Is(gg, graft.ErrPointer) && strings.Contains(gg.Reason, "occurs twice on the path")
	if errors.Is(gg, graft.ErrNotFound) || errors.Is(gg, graft.ErrKind) || dup {
		if gg.Offset > wg.Offset {
			t.Fatalf("error %v at %d, after the reference error %v at %d", got, gg.Offset, want, wg.Offset)
		}
		return
	}
	if gg.Err != wg.Err || gg.Offset != wg.Offset || gg.Line != wg.Line || gg.Column != wg.Column || stripCount(gg.Reason) != wg.Reason {
		t.Fatalf("error %v (offset %d, %v), want %v (offset %d, %v)", got, gg.Offset, gg.Err, want, wg.Offset, wg.Err)
	}
	if line, col := position(data, gg.Offset); line != gg.Line || col != gg.Column {
		t.Fatalf("error %v: offset %d is line %d, column %d", got, gg.Offset, line, col)
	}
}

// checkArray reads data's array at path through rd and compares with the
// reference.
func checkArray(t *testing.T, data []byte, path string, rd io.Reader, opts stream.Options) result {
	t.Helper()
	opts.Path = path
	res := collect(stream.NewReader(rd, opts))
	checkRaws(t, data, res, opts.Doc)
	dopts := opts.Doc
	dopts.MaxDepth = opts.MaxDepth
	want, werr := reference(data, path, dopts)
	if werr != nil {
		if res.err == nil {
			t.Fatalf("no error, want %v; items %q", werr, res.items)
		}
		sameError(t, data, res.err, werr)
		return res
	}
	if res.err != nil {
		// A member twice on the path is an error of the stream's (the
		// reference takes the first): the items before it are the
		// first member's, and the text does repeat a name.
		var gg *graft.Error
		if errors.As(res.err, &gg) && errors.Is(gg, graft.ErrPointer) && strings.Contains(gg.Reason, "occurs twice on the path") &&
			len(res.items) <= len(want) && equal(res.items, want[:len(res.items)]) {
			if _, err := graft.New(graft.Options{RejectDuplicateNames: true, MaxDepth: dopts.MaxDepth}).Parse(data); err == nil {
				t.Fatalf("error %v, but no member name repeats", res.err)
			}
			return res
		}
		t.Fatalf("error %v; want items %q", res.err, want)
	}
	if !equal(res.items, want) {
		t.Fatalf("items %q, want %q", res.items, want)
	}
	return res
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
