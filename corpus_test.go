package graft_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/graftjson/graft"
)

// corpusDir returns the directory of the shared JSON corpus: $GRAFT_CORPUS,
// or ../shared/corpus beside the repository.
func corpusDir() string {
	if d := os.Getenv("GRAFT_CORPUS"); d != "" {
		return d
	}
	return filepath.Join("..", "shared", "corpus")
}

// corpusFiles returns the corpus files, skipping tb when there are none.
func corpusFiles(tb testing.TB) []string {
	tb.Helper()
	files, _ := filepath.Glob(filepath.Join(corpusDir(), "*.json"))
	if len(files) == 0 {
		tb.Skipf("no corpus in %s (set GRAFT_CORPUS)", corpusDir())
	}
	return files
}

func readCorpus(tb testing.TB, name string) []byte {
	tb.Helper()
	b, err := os.ReadFile(filepath.Join(corpusDir(), name))
	if err != nil {
		tb.Skipf("corpus file %s: %v", name, err)
	}
	return b
}

// TestCorpusRoundTrip checks that parsing and printing every corpus file
// gives exactly encoding/json.Compact of the input.
func TestCorpusRoundTrip(t *testing.T) { eachParser(t, testCorpusRoundTrip) }

func testCorpusRoundTrip(t *testing.T) {
	for _, f := range corpusFiles(t) {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var want bytes.Buffer
			if err := json.Compact(&want, src); err != nil {
				t.Fatal(err)
			}
			var d graft.Doc
			root, err := d.Parse(src)
			if err != nil {
				t.Fatal(err)
			}
			if got := d.AppendJSON(nil, root); !bytes.Equal(got, want.Bytes()) {
				t.Fatalf("compact output differs from json.Compact (%d vs %d bytes)", len(got), want.Len())
			}
			var wantIndent bytes.Buffer
			if err := json.Indent(&wantIndent, want.Bytes(), "", "  "); err != nil {
				t.Fatal(err)
			}
			if got := d.AppendIndent(nil, root, "", "  "); !bytes.Equal(got, wantIndent.Bytes()) {
				t.Fatalf("indented output differs from json.Indent")
			}
		})
	}
}
