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

// TestPrintMovedMembers covers a merge that appends all of src's members in
// one link, after which the object prints its new members as src's text:
// every later change to those members, through dst or through the
// consumed src, must still show.
func TestPrintMovedMembers(t *testing.T) {
	const moved = `"p":1,"q":1,"r":{"z":[1]}`
	for _, c := range []struct {
		name string
		edit func(d *graft.Doc, dst, src graft.Ref) error
		want string // dst printed; "" if only the walk decides (src reused)
	}{
		{"none", func(*graft.Doc, graft.Ref, graft.Ref) error { return nil }, `{` + moved + `}`},
		{"member added", func(d *graft.Doc, dst, _ graft.Ref) error {
			return d.Set(dst, "n", d.NewInt(2))
		}, `{` + moved + `,"n":2}`},
		{"second source appended", func(d *graft.Doc, dst, _ graft.Ref) error {
			return d.Merge(dst, mustAppend(t, d, `{"s":true}`))
		}, `{` + moved + `,"s":true}`},
		{"copy appended", func(d *graft.Doc, dst, _ graft.Ref) error {
			return d.Merge(dst, d.Copy(mustAppend(t, d, `{"s":true,"t":[2]}`)))
		}, `{` + moved + `,"s":true,"t":[2]}`},
		{"nested object merged in", func(d *graft.Doc, dst, _ graft.Ref) error {
			return d.Merge(dst, d.Member(dst, "r")) // r is consumed
		}, `{"p":1,"q":1,"r":{},"z":[1]}`},
		{"member taking a moved value's head", func(d *graft.Doc, dst, _ graft.Ref) error {
			other := mustAppend(t, d, `{"x":null}`)
			if err := d.Merge(d.Member(other, "x"), d.Member(dst, "r")); err != nil {
				return err
			}
			return d.Merge(dst, other) // r was consumed by the first merge
		}, `{"p":1,"q":1,"r":{},"x":{"z":[1]}}`},
		{"last moved member deleted", func(d *graft.Doc, dst, _ graft.Ref) error {
			d.Delete(dst, "r")
			return nil
		}, `{"p":1,"q":1}`},
		{"first moved member deleted", func(d *graft.Doc, dst, _ graft.Ref) error {
			d.Delete(dst, "q")
			return nil
		}, `{"p":1,"r":{"z":[1]}}`},
		{"moved value replaced", func(d *graft.Doc, dst, _ graft.Ref) error {
			return d.Merge(d.Member(dst, "q"), d.NewInt(5))
		}, `{"p":1,"q":5,"r":{"z":[1]}}`},
		{"moved member set", func(d *graft.Doc, dst, _ graft.Ref) error {
			return d.Set(dst, "q", d.NewString("s"))
		}, `{"p":1,"q":"s","r":{"z":[1]}}`},
		{"nested item appended", func(d *graft.Doc, dst, _ graft.Ref) error {
			return d.AppendItem(d.Get(dst, "r", "z"), d.NewInt(2))
		}, `{"p":1,"q":1,"r":{"z":[1,2]}}`},
		{"consumed src grown", func(d *graft.Doc, _, src graft.Ref) error {
			return d.Set(src, "n", d.NewInt(2))
		}, ""},
		{"consumed src shrunk", func(d *graft.Doc, _, src graft.Ref) error {
			d.Delete(src, "r")
			return nil
		}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			var d graft.Doc
			root := mustAppend(t, &d, `{"list":[{"p":1}]}`)
			src := mustAppend(t, &d, `{"q":1,"r":{"z":[1]}}`)
			dst := d.Get(root, "list", "0")
			if err := d.Merge(dst, src); err != nil {
				t.Fatal(err)
			}
			if err := c.edit(&d, dst, src); err != nil {
				t.Fatal(err)
			}
			got, walk := compact(&d, dst), string(slowPrint(nil, &d, dst))
			if got != walk {
				t.Fatalf("prints %s, walks %s", got, walk)
			}
			if c.want != "" && got != c.want {
				t.Fatalf("got %s, want %s", got, c.want)
			}
			if got, want := compact(&d, root), `{"list":[`+walk+`]}`; got != want {
				t.Fatalf("root prints %s, want %s", got, want)
			}
		})
	}
	// Members moved one by one, one of src's merged into dst's instead:
	// the moved ones start and end src's chain but are not all of it.
	t.Run("some moved", func(t *testing.T) {
		var d graft.Doc
		dst := mustAppend(t, &d, `{"p":1,"b":0}`)
		if err := d.Merge(dst, mustAppend(t, &d, `{"a":1,"b":0,"c":2}`)); err != nil {
			t.Fatal(err)
		}
		if got, want := compact(&d, dst), `{"p":1,"b":0,"a":1,"c":2}`; got != want {
			t.Fatalf("got %s, want %s", got, want)
		}
	})
}
