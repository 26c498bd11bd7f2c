// Package transcodetest holds the test helpers the binary formats (cbor,
// msgpack) share: the corpus, value equality of JSON texts, and the
// allocation budgets and decoding checks both formats' tests run.
package transcodetest

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/graftjson/graft"
)

// Corpus returns the JSON files of the shared corpus by name ($GRAFT_CORPUS,
// or ../shared/corpus beside the repository, from a package directory one
// level down), or skips tb.
func Corpus(tb testing.TB) map[string][]byte {
	tb.Helper()
	dir := os.Getenv("GRAFT_CORPUS")
	if dir == "" {
		dir = filepath.Join("..", "..", "shared", "corpus")
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) == 0 {
		tb.Skip("no corpus (set GRAFT_CORPUS)")
	}
	m := map[string][]byte{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		m[filepath.Base(f)] = b
	}
	return m
}

// SameValue fails tb unless JSON texts a and b hold the same value:
// numbers compared by exact decimal value, member order ignored (the
// "test" operation of JSON Patch).
func SameValue(tb testing.TB, a, b []byte) {
	tb.Helper()
	if bytes.Equal(a, b) {
		return
	}
	var d graft.Doc
	r, err := d.Parse(a)
	if err != nil {
		tb.Fatalf("not JSON: %v: %.200s", err, a)
	}
	ops, err := d.Append(append(append([]byte(`[{"op":"test","path":"","value":`), b...), "}]"...))
	if err != nil {
		tb.Fatalf("not JSON: %v: %.200s", err, b)
	}
	if err := d.Patch(r, ops); err != nil {
		tb.Fatalf("values differ (%v):\n%.300s\n%.300s", err, a, b)
	}
}

// Codec is one binary format's codec as the shared checks see it: its
// methods, bound to one set of options.
type Codec struct {
	Encode     func(dst []byte, d *graft.Doc, r graft.Ref) ([]byte, error) // AppendCBOR, AppendMsgpack
	AppendJSON func(dst, src []byte) ([]byte, error)
	Decode     func(d *graft.Doc, src []byte) (graft.Ref, error)
}

// Sample is a document with every kind of value, escapes, big and
// fractional numbers, for allocation budgets and benchmarks.
const Sample = `{"id":12345678901234567890,"name":"caf\u00e9 \"x\"","ok":true,"none":null,` +
	`"vals":[1,-2,0.5,0.1,-65.613616999999977,1e5],"nested":{"a":[{"b":"c"}],"z":[]}}`

// CheckAllocs fails tb unless warm transcoding of Sample allocates
// nothing in either direction with c (name says which options it has).
func CheckAllocs(tb testing.TB, name string, c Codec) {
	tb.Helper()
	var d graft.Doc
	r, err := d.Parse([]byte(Sample))
	if err != nil {
		tb.Fatal(err)
	}
	var buf, out []byte
	buf, _ = c.Encode(buf, &d, r)
	out, _ = c.AppendJSON(out, buf)
	var d2 graft.Doc
	if _, err := c.Decode(&d2, buf); err != nil {
		tb.Fatal(err)
	}
	if n := testing.AllocsPerRun(100, func() { buf, _ = c.Encode(buf[:0], &d, r) }); n != 0 {
		tb.Errorf("%s: encoding: %v allocations, want 0", name, n)
	}
	if n := testing.AllocsPerRun(100, func() { out, _ = c.AppendJSON(out[:0], buf) }); n != 0 {
		tb.Errorf("%s: AppendJSON: %v allocations, want 0", name, n)
	}
	if n := testing.AllocsPerRun(100, func() { d2.Reset(); c.Decode(&d2, buf) }); n != 0 {
		tb.Errorf("%s: Decode: %v allocations, want 0", name, n)
	}
}

// CheckDecoded is the body of the decoders' fuzz tests: whatever c
// decodes from src is JSON that parses, and encoding that JSON and
// decoding it again gives the same value back. Input c rejects passes.
func CheckDecoded(tb testing.TB, c Codec, src []byte) {
	tb.Helper()
	out, err := c.AppendJSON(nil, src)
	if err != nil {
		return
	}
	var d graft.Doc
	r, err := d.Parse(out)
	if err != nil {
		tb.Fatalf("AppendJSON(%x) = %s, not JSON: %v", src, out, err)
	}
	b, err := c.Encode(nil, &d, r)
	if err != nil {
		tb.Fatalf("encoding %s: %v", out, err)
	}
	back, err := c.AppendJSON(nil, b)
	if err != nil {
		tb.Fatalf("AppendJSON of our own %x: %v", b, err)
	}
	SameValue(tb, out, back)
}
