// Package transcodetest holds the test helpers the binary formats (cbor,
// msgpack) share: the corpus and value equality of JSON texts.
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
