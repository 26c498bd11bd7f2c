package graft_test

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/graftjson/graft"
)

var indents = []struct{ prefix, indent string }{
	{"", "  "},
	{"", "\t"},
	{"", ""},
	{">", "  "},
	{"// ", "--"},
	{"\t", " "},
}

// printInputs are texts whose printing is checked against encoding/json:
// the accepted grammar cases and generated documents.
func printInputs() []string {
	var in []string
	for _, c := range grammarCases {
		if c.ok {
			in = append(in, c.in)
		}
	}
	rng := rand.New(rand.NewPCG(7, 7))
	for i := 0; i < 40; i++ {
		in = append(in, genJSON(rng, 1+i%6))
	}
	return append(in, `{"a":[],"b":{},"c":[{}],"d":[[]],"e":{"f":{}}}`, "[\n]", "{\r\n}")
}

func TestAppendIndentMatchesEncodingJSON(t *testing.T) {
	for _, in := range printInputs() {
		var d graft.Doc
		r := mustAppend(t, &d, in)
		for _, ind := range indents {
			want := stdIndent(t, stdCompact(t, in), ind.prefix, ind.indent)
			if got := string(d.AppendIndent(nil, r, ind.prefix, ind.indent)); got != want {
				t.Fatalf("AppendIndent(%q, %q, %q):\n got %q\nwant %q", clip(in), ind.prefix, ind.indent, got, want)
			}
		}
	}
}

func TestAppendIndentCorpus(t *testing.T) {
	for _, f := range corpusFiles(t) {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var d graft.Doc
			r := mustAppend(t, &d, string(src))
			compactText := d.AppendJSON(nil, r)
			want := stdIndent(t, string(compactText), "> ", "\t")
			if got := d.AppendIndent(nil, r, "> ", "\t"); string(got) != want {
				t.Fatal("AppendIndent with a prefix differs from json.Indent")
			}
		})
	}
}

func TestAppendAppends(t *testing.T) {
	var d graft.Doc
	r := mustAppend(t, &d, `{"a":[1,2]}`)
	dst := []byte("head:")
	if got := string(d.AppendJSON(dst, r)); got != `head:{"a":[1,2]}` {
		t.Errorf("AppendJSON: %q", got)
	}
	if got := string(d.AppendIndent(dst, r, "", " ")); got != "head:{\n \"a\": [\n  1,\n  2\n ]\n}" {
		t.Errorf("AppendIndent: %q", got)
	}
	// A member name prints as its string token.
	for k := range d.Members(r) {
		if got := compact(&d, k); got != `"a"` {
			t.Errorf("AppendJSON of a name: %s", got)
		}
	}
}

func TestWriteJSON(t *testing.T) {
	var d graft.Doc
	big := strings.Repeat(`{"k":"`+strings.Repeat("v", 100)+`"},`, 30000)
	for _, in := range []string{`{"a":[1,"x",null]}`, `"s"`, "[" + big + "1]"} {
		r := mustAppend(t, &d, in)
		var b bytes.Buffer
		w := &countingWriter{w: &b}
		if err := d.WriteJSON(w, r); err != nil {
			t.Fatal(err)
		}
		if b.String() != compact(&d, r) || w.calls != 1 {
			t.Fatalf("WriteJSON wrote %q in %d calls", clip(b.String()), w.calls)
		}
		b.Reset()
		w.calls = 0
		if err := d.WriteIndent(w, r, ">", "\t"); err != nil {
			t.Fatal(err)
		}
		if want := string(d.AppendIndent(nil, r, ">", "\t")); b.String() != want || strings.HasSuffix(want, "\n") {
			t.Fatalf("WriteIndent wrote %q", clip(b.String()))
		}
	}
	// Invalid Ref: nothing to write, no error.
	var b bytes.Buffer
	if err := d.WriteJSON(&b, 0); err != nil || b.Len() != 0 {
		t.Fatalf("WriteJSON of the zero Ref: %q, %v", b.String(), err)
	}
}

type countingWriter struct {
	w     io.Writer
	calls int
}

func (c *countingWriter) Write(p []byte) (int, error) {
	c.calls++
	return c.w.Write(p)
}

var errWrite = errors.New("disk full")

type failingWriter struct{}

func (failingWriter) Write(p []byte) (int, error) { return 0, errWrite }

func TestWriteErrors(t *testing.T) {
	var d graft.Doc
	r := mustAppend(t, &d, `[1,2,3]`)
	if err := d.WriteJSON(failingWriter{}, r); !errors.Is(err, errWrite) {
		t.Errorf("WriteJSON: %v, want the writer's error", err)
	}
	if err := d.WriteIndent(failingWriter{}, r, "", " "); !errors.Is(err, errWrite) {
		t.Errorf("WriteIndent: %v, want the writer's error", err)
	}
	// The pooled buffer is not corrupted by a failed write.
	var b bytes.Buffer
	if err := d.WriteJSON(&b, r); err != nil || b.String() != `[1,2,3]` {
		t.Errorf("WriteJSON after a failure: %q, %v", b.String(), err)
	}
}
