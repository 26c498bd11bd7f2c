package graft_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
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
	if err := d.WriteCanonical(failingWriter{}, r); !errors.Is(err, errWrite) {
		t.Errorf("WriteCanonical: %v, want the writer's error", err)
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
		// Merged alone, and as the first of a batch of entity fetches
		// (MergeEach's links), the second item printed as it was merged.
		for _, each := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/each=%v", c.name, each), func(t *testing.T) {
				var d graft.Doc
				root := mustAppend(t, &d, `{"list":[{"p":1},{"p":2}]}`)
				batch := mustAppend(t, &d, `[{"q":1,"r":{"z":[1]}},{"o":3}]`)
				dst, src := d.Get(root, "list", "0"), d.Index(batch, 0)
				var err error
				if each {
					err = d.MergeEach([]graft.Ref{dst, d.Get(root, "list", "1")}, batch)
				} else {
					err = d.Merge(dst, src)
				}
				if err != nil {
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
				second := `{"p":2}`
				if each {
					second = `{"p":2,"o":3}`
				}
				if got, want := compact(&d, root), `{"list":[`+walk+`,`+second+`]}`; got != want {
					t.Fatalf("root prints %s, want %s", got, want)
				}
			})
		}
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

// shortWriter takes at most n bytes of each Write and reports no error,
// which breaks the io.Writer contract.
type shortWriter struct {
	b bytes.Buffer
	n int
}

func (w *shortWriter) Write(p []byte) (int, error) {
	p = p[:min(len(p), w.n)]
	w.b.Write(p)
	return len(p), nil
}

// TestWriteShortWrite: a writer that takes part of the text without an
// error is reported with io.ErrShortWrite, by each of the helpers; a
// writer that takes it all is not.
func TestWriteShortWrite(t *testing.T) {
	var d graft.Doc
	r := mustAppend(t, &d, `{"b":[1,2,3],"a":"x"}`)
	writes := []struct {
		name  string
		write func(w io.Writer) error
	}{
		{"WriteJSON", func(w io.Writer) error { return d.WriteJSON(w, r) }},
		{"WriteIndent", func(w io.Writer) error { return d.WriteIndent(w, r, "", "  ") }},
		{"WriteCanonical", func(w io.Writer) error { return d.WriteCanonical(w, r) }},
	}
	for _, c := range writes {
		w := &shortWriter{n: 5}
		if err := c.write(w); !errors.Is(err, io.ErrShortWrite) || w.b.Len() != 5 {
			t.Errorf("%s to a short writer: %v after %q, want io.ErrShortWrite", c.name, err, w.b.String())
		}
		w = &shortWriter{n: 1 << 20}
		if err := c.write(w); err != nil || w.b.Len() < len(`{"b":[1,2,3],"a":"x"}`) {
			t.Errorf("%s: %v after %q", c.name, err, w.b.String())
		}
	}
}

// TestWriteLargeOutputs: a text past the size of the pooled buffers (1
// MiB kept, 16 KiB to start) is written whole in one call by each helper,
// and the helpers write small texts correctly after it.
func TestWriteLargeOutputs(t *testing.T) {
	var d graft.Doc
	item := `{"k":"` + strings.Repeat("v", 200) + `","n":[1.50,"\u00e9"]}`
	big := mustAppend(t, &d, "["+strings.Repeat(item+",", 12000)+"null]")
	small := mustAppend(t, &d, `{"b":[1.50],"a":"\u00e9"}`)
	for _, c := range []struct {
		name  string
		write func(w io.Writer, r graft.Ref) error
		want  func(r graft.Ref) []byte
	}{
		{"WriteJSON", func(w io.Writer, r graft.Ref) error { return d.WriteJSON(w, r) },
			func(r graft.Ref) []byte { return d.AppendJSON(nil, r) }},
		{"WriteIndent", func(w io.Writer, r graft.Ref) error { return d.WriteIndent(w, r, "", "\t") },
			func(r graft.Ref) []byte { return d.AppendIndent(nil, r, "", "\t") }},
		{"WriteCanonical", func(w io.Writer, r graft.Ref) error { return d.WriteCanonical(w, r) },
			func(r graft.Ref) []byte { b, _ := d.AppendCanonical(nil, r); return b }},
	} {
		for _, r := range []graft.Ref{big, small, big, small} {
			var b bytes.Buffer
			w := &countingWriter{w: &b}
			if err := c.write(w, r); err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			if want := c.want(r); !bytes.Equal(b.Bytes(), want) || w.calls != 1 {
				t.Fatalf("%s wrote %d bytes in %d calls, want %d in one", c.name, b.Len(), w.calls, len(want))
			}
		}
	}
}

// TestAppendIndentAfterEdits indents documents changed by each kind of
// edit: what was removed never prints, what was added prints where it
// went, containers left empty print as {} and [], and the text of every
// string and number is kept byte for byte; at every indent and prefix the
// output is encoding/json.Indent of the expected compact text.
func TestAppendIndentAfterEdits(t *testing.T) {
	const doc = `{"s":"\u00e9\/\"","n":[1.50,1E+2,-0],"o":{"a":{},"b":[]},"l":[{"k":1},{"k":2}],"e":[]}`
	cases := []editCase{
		{"unedited", func(*graft.Doc, graft.Ref) error { return nil }, doc},
		{"every member deleted prints {}", func(d *graft.Doc, root graft.Ref) error {
			for _, name := range []string{"s", "n", "o", "l", "e"} {
				d.Delete(root, name)
			}
			return nil
		}, `{}`},
		{"every item deleted prints []", func(d *graft.Doc, root graft.Ref) error {
			n := d.Member(root, "n")
			for d.Len(n) > 0 {
				if err := d.DeleteItem(n, d.Len(n)-1); err != nil {
					return err
				}
			}
			return nil
		}, `{"s":"\u00e9\/\"","n":[],"o":{"a":{},"b":[]},"l":[{"k":1},{"k":2}],"e":[]}`},
		{"nested empties left by deletes", func(d *graft.Doc, root graft.Ref) error {
			d.Delete(d.Get(root, "l", "0"), "k")
			d.Delete(d.Member(root, "o"), "b")
			return d.AppendItem(d.Member(root, "e"), d.NewArray())
		}, `{"s":"\u00e9\/\"","n":[1.50,1E+2,-0],"o":{"a":{}},"l":[{},{"k":2}],"e":[[]]}`},
		{"members added to an empty object", func(d *graft.Doc, root graft.Ref) error {
			a := d.Get(root, "o", "a")
			if err := d.Set(a, "x\ty", d.NewString("\u2028")); err != nil {
				return err
			}
			return d.Set(a, "", d.NewObject())
		}, `{"s":"\u00e9\/\"","n":[1.50,1E+2,-0],"o":{"a":{"x\ty":"` + "\u2028" + `","":{}},"b":[]},"l":[{"k":1},{"k":2}],"e":[]}`},
		{"items inserted and replaced", func(d *graft.Doc, root graft.Ref) error {
			n := d.Member(root, "n")
			num, _ := d.NewNumber("1.000")
			if err := d.InsertItem(n, 1, num); err != nil {
				return err
			}
			return d.SetItem(n, 0, d.NewString(""))
		}, `{"s":"\u00e9\/\"","n":["",1.000,1E+2,-0],"o":{"a":{},"b":[]},"l":[{"k":1},{"k":2}],"e":[]}`},
		{"merge moves members and items in", func(d *graft.Doc, root graft.Ref) error {
			src, _ := d.Append([]byte(`{"o":{"a":{"\u0041":[]},"c":{}},"e":[{"z":"\n"}]}`))
			return d.Merge(root, src)
		}, `{"s":"\u00e9\/\"","n":[1.50,1E+2,-0],"o":{"a":{"\u0041":[]},"b":[],"c":{}},"l":[{"k":1},{"k":2}],"e":[{"z":"\n"}]}`},
		{"merge each adds to the targets", func(d *graft.Doc, root graft.Ref) error {
			src, _ := d.Append([]byte(`[{"v":[0.0]},{"v":{}}]`))
			return d.MergeEach([]graft.Ref{d.Get(root, "l", "0"), d.Get(root, "l", "1")}, src)
		}, `{"s":"\u00e9\/\"","n":[1.50,1E+2,-0],"o":{"a":{},"b":[]},"l":[{"k":1,"v":[0.0]},{"k":2,"v":{}}],"e":[]}`},
		{"merge patch removes and replaces", func(d *graft.Doc, root graft.Ref) error {
			p, _ := d.Append([]byte(`{"s":null,"o":{"b":{"x":null,"y":[]}},"e":{}}`))
			return d.MergePatch(root, p)
		}, `{"n":[1.50,1E+2,-0],"o":{"a":{},"b":{"y":[]}},"l":[{"k":1},{"k":2}],"e":{}}`},
		{"patch moves a value out and copies it back", func(d *graft.Doc, root graft.Ref) error {
			p, _ := d.Append([]byte(`[{"op":"move","from":"/n","path":"/o/a/m"},{"op":"copy","from":"/o/a/m","path":"/e/0"},{"op":"remove","path":"/o/a/m/0"}]`))
			return d.Patch(root, p)
		}, `{"s":"\u00e9\/\"","o":{"a":{"m":[1E+2,-0]},"b":[]},"l":[{"k":1},{"k":2}],"e":[[1.50,1E+2,-0]]}`},
		{"copy of an edited subtree", func(d *graft.Doc, root graft.Ref) error {
			l := d.Member(root, "l")
			if err := d.DeleteItem(l, 0); err != nil {
				return err
			}
			return d.Set(root, "c", d.Copy(l))
		}, `{"s":"\u00e9\/\"","n":[1.50,1E+2,-0],"o":{"a":{},"b":[]},"l":[{"k":2}],"e":[],"c":[{"k":2}]}`},
		{"one value in two places", func(d *graft.Doc, root graft.Ref) error {
			return d.AppendItem(d.Member(root, "e"), d.Member(root, "o"))
		}, `{"s":"\u00e9\/\"","n":[1.50,1E+2,-0],"o":{"a":{},"b":[]},"l":[{"k":1},{"k":2}],"e":[{"a":{},"b":[]}]}`},
	}
	runEditCases(t, doc, cases)
}

// editCase is an edit of a document and the compact text it leaves.
type editCase struct {
	name string
	edit func(d *graft.Doc, root graft.Ref) error
	want string
}

// runEditCases applies each edit to doc, parsed anew, and checks the
// result with every printer: the compact text is the case's, the indented
// text at every indent and prefix is encoding/json.Indent of it, and the
// canonical form is refCanonical's (checkPrinters).
func runEditCases(t *testing.T, doc string, cases []editCase) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var d graft.Doc
			root := mustAppend(t, &d, doc)
			if err := c.edit(&d, root); err != nil {
				t.Fatal(err)
			}
			if got := compact(&d, root); got != c.want {
				t.Fatalf("compact %s, want %s", got, c.want)
			}
			for _, ind := range indents {
				got := string(d.AppendIndent(nil, root, ind.prefix, ind.indent))
				if want := stdIndent(t, c.want, ind.prefix, ind.indent); got != want {
					t.Fatalf("AppendIndent(%q, %q):\n got %s\nwant %s", ind.prefix, ind.indent, got, want)
				}
			}
			checkPrinters(t, &d, root)
		})
	}
}

// TestPrintersCorpusEdited edits every corpus file in a few random places
// (members set, added and deleted, items inserted and deleted, objects
// merged in, subtrees copied elsewhere) and then checks each printer:
// compact printing agrees with a walk of the tree at every container
// (checkSpans), and the indented and canonical forms agree with the
// compact text (checkPrinters).
func TestPrintersCorpusEdited(t *testing.T) {
	for _, f := range corpusFiles(t) {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src := readCorpus(t, filepath.Base(f))
			var d graft.Doc
			root := mustAppend(t, &d, string(src))
			rng := rand.New(rand.NewPCG(uint64(len(src)), 9))
			var objs, arrs []graft.Ref
			var walk func(r graft.Ref)
			walk = func(r graft.Ref) {
				switch d.Kind(r) {
				case graft.Object:
					objs = append(objs, r)
					for _, v := range d.Members(r) {
						walk(v)
					}
				case graft.Array:
					arrs = append(arrs, r)
					for _, v := range d.Items(r) {
						walk(v)
					}
				}
			}
			walk(root)
			if len(objs) > 0 && objs[0] == root {
				objs = objs[1:] // keep the bulk of the document to print
			}
			pick := func(rs []graft.Ref) graft.Ref {
				if len(rs) == 0 {
					return 0
				}
				return rs[rng.IntN(len(rs))]
			}
			for i := 0; i < 40; i++ {
				o, a := pick(objs), pick(arrs)
				var name string
				for k := range d.Members(o) { // an existing name, escapes decoded, or ""
					if name, _ = d.Text(k); rng.IntN(3) == 0 {
						break
					}
				}
				switch rng.IntN(7) {
				case 0:
					d.Set(o, name, d.NewString("set\u2028\x01"))
				case 1:
					d.Set(o, "new\u00e9", mustAppend(t, &d, `{"x":[1.0,"\u00e9"]}`))
				case 2:
					d.Delete(o, name)
				case 3:
					if n := d.Len(a); a != 0 {
						d.InsertItem(a, rng.IntN(n+1), d.NewNull())
					}
				case 4:
					if n := d.Len(a); n > 0 {
						d.DeleteItem(a, rng.IntN(n))
					}
				case 5:
					if o != 0 {
						d.Merge(o, mustAppend(t, &d, `{"merged":{"\u0041":-0.0},"`+strconv.Itoa(i)+`":[]}`))
					}
				case 6:
					if c := pick(objs); c != 0 && o != 0 {
						d.Set(o, "copy", d.Copy(c)) // ErrCycle if c holds o: nothing changes
					}
				}
			}
			checkSpans(t, &d, root)
			checkPrinters(t, &d, root)
		})
	}
}

// TestPrintersDetachedValues prints values that an edit took out of the
// document (and then changed) and consumed merge sources, with every
// printer: each prints what it holds now, and the document none of it.
func TestPrintersDetachedValues(t *testing.T) {
	const doc = `{"p":{"q":{"r":[1,{"s":"\u00e9"}]},"t":[[2],[3]]},"u":"v"}`
	cases := []struct {
		name      string
		edit      func(d *graft.Doc, root graft.Ref) graft.Ref // returns the detached value
		want, doc string                                       // their compact texts after
	}{
		{"value of a deleted member, edited after", func(d *graft.Doc, root graft.Ref) graft.Ref {
			q := d.Get(root, "p", "q")
			d.Delete(d.Member(root, "p"), "q")
			d.AppendItem(d.Member(q, "r"), d.NewInt(4))
			return q
		}, `{"r":[1,{"s":"\u00e9"},4]}`, `{"p":{"t":[[2],[3]]},"u":"v"}`},
		{"value under a deleted parent, edited after", func(d *graft.Doc, root graft.Ref) graft.Ref {
			s := d.Get(root, "p", "q", "r", "1")
			d.Delete(root, "p")
			d.Set(s, "s", d.NewInt(5))
			return s
		}, `{"s":5}`, `{"u":"v"}`},
		{"deleted item, grown after", func(d *graft.Doc, root graft.Ref) graft.Ref {
			t0 := d.Get(root, "p", "t", "0")
			if err := d.DeleteItem(d.Get(root, "p", "t"), 0); err != nil {
				t.Fatal(err)
			}
			d.AppendItem(t0, d.NewString("x"))
			return t0
		}, `[2,"x"]`, `{"p":{"q":{"r":[1,{"s":"\u00e9"}]},"t":[[3]]},"u":"v"}`},
		{"value replaced by set, emptied after", func(d *graft.Doc, root graft.Ref) graft.Ref {
			r := d.Get(root, "p", "q", "r")
			d.Set(d.Get(root, "p", "q"), "r", d.NewNull())
			d.DeleteItem(r, 1)
			d.DeleteItem(r, 0)
			return r
		}, `[]`, `{"p":{"q":{"r":null},"t":[[2],[3]]},"u":"v"}`},
		{"merge source consumed", func(d *graft.Doc, root graft.Ref) graft.Ref {
			src := mustAppend(t, d, `{"p":{"t":[null,[4]],"n":{}},"w":[]}`)
			if err := d.Merge(root, src); err != nil {
				t.Fatal(err)
			}
			return src
		}, `{}`, `{"p":{"q":{"r":[1,{"s":"\u00e9"}]},"t":[[2],[4]],"n":{}},"u":"v","w":[]}`},
		{"merge source consumed, set after", func(d *graft.Doc, root graft.Ref) graft.Ref {
			src := mustAppend(t, d, `{"w":[1]}`)
			if err := d.Merge(root, src); err != nil {
				t.Fatal(err)
			}
			d.Set(src, "x", d.NewInt(2))
			return src
		}, `{"x":2}`, `{"p":{"q":{"r":[1,{"s":"\u00e9"}]},"t":[[2],[3]]},"u":"v","w":[1]}`},
		{"merge patch consumed", func(d *graft.Doc, root graft.Ref) graft.Ref {
			patch := mustAppend(t, d, `{"p":{"q":null},"u":[]}`)
			if err := d.MergePatch(root, patch); err != nil {
				t.Fatal(err)
			}
			return patch
		}, `{}`, `{"p":{"t":[[2],[3]]},"u":[]}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var d graft.Doc
			root := mustAppend(t, &d, doc)
			v := c.edit(&d, root)
			if got := compact(&d, v); got != c.want {
				t.Errorf("detached value prints %s, want %s", got, c.want)
			}
			if got := compact(&d, root); got != c.doc {
				t.Errorf("document prints %s, want %s", got, c.doc)
			}
			for _, r := range []graft.Ref{v, root} {
				checkSpans(t, &d, r)
				checkPrinters(t, &d, r)
			}
		})
	}
}

// Benchmarks of the printers where they walk a document container by
// container: a document rebuilt by the building calls (every container
// new, the scalars those parsed), printed compact, indented and canonical.
// The bench module measures parsing, merges, patches and the print of
// parsed documents against peers.

var walkFiles = []string{"twitter.json", "citm_catalog.json"}

// rebuild returns a value of d equal to v whose containers are all new
// (built by NewObject, NewArray, Set and AppendItem) and whose scalars are
// v's own, attached.
func rebuild(tb testing.TB, d *graft.Doc, v graft.Ref) graft.Ref {
	switch d.Kind(v) {
	case graft.Object:
		o := d.NewObject()
		for name, m := range d.Members(v) {
			n, _ := d.Text(name)
			if err := d.Set(o, n, rebuild(tb, d, m)); err != nil {
				tb.Fatal(err)
			}
		}
		return o
	case graft.Array:
		a := d.NewArray()
		for _, item := range d.Items(v) {
			if err := d.AppendItem(a, rebuild(tb, d, item)); err != nil {
				tb.Fatal(err)
			}
		}
		return a
	}
	return v
}

// walkBench runs op on a rebuilt corpus file, once checked by check.
func walkBench(b *testing.B, op func(d *graft.Doc, r graft.Ref, dst []byte) []byte, check func(tb testing.TB, in, out []byte)) {
	for _, file := range walkFiles {
		b.Run(file, func(b *testing.B) {
			in := readCorpus(b, file)
			d := graft.New(graft.Options{})
			r := rebuild(b, d, mustAppend(b, d, string(in)))
			out := op(d, r, nil)
			check(b, in, out)
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				out = op(d, r, out[:0])
			}
		})
	}
}

func checkCompact(tb testing.TB, in, out []byte) {
	if want := stdCompact(tb, string(in)); string(out) != want {
		tb.Fatalf("printed %d bytes, want %d: %s", len(out), len(want), clip(string(out)))
	}
}

func BenchmarkAppendJSONRebuilt(b *testing.B) {
	walkBench(b, func(d *graft.Doc, r graft.Ref, dst []byte) []byte { return d.AppendJSON(dst, r) }, checkCompact)
}

func BenchmarkAppendIndentRebuilt(b *testing.B) {
	walkBench(b, func(d *graft.Doc, r graft.Ref, dst []byte) []byte { return d.AppendIndent(dst, r, "", "  ") },
		func(tb testing.TB, in, out []byte) {
			var want bytes.Buffer
			if err := json.Indent(&want, []byte(stdCompact(tb, string(in))), "", "  "); err != nil || string(out) != want.String() {
				tb.Fatalf("%v: indented %d bytes, want %d", err, len(out), want.Len())
			}
		})
}

func BenchmarkAppendCanonicalRebuilt(b *testing.B) {
	walkBench(b, func(d *graft.Doc, r graft.Ref, dst []byte) []byte {
		out, err := d.AppendCanonical(dst, r)
		if err != nil {
			b.Fatal(err)
		}
		return out
	}, func(tb testing.TB, in, out []byte) {
		// The canonical form of the input as parsed, and its own.
		var d graft.Doc
		parsed, err := d.AppendCanonical(nil, mustAppend(tb, &d, string(in)))
		again, err2 := d.AppendCanonical(nil, mustAppend(tb, &d, string(out)))
		if err != nil || err2 != nil || !bytes.Equal(parsed, out) || !bytes.Equal(again, out) {
			tb.Fatalf("%v, %v: canonical form %s", err, err2, clip(string(out)))
		}
	})
}

// TestIndentAfterEdits: after random edits, AppendIndent is
// encoding/json.Indent of AppendJSON, and AppendJSON is the reference
// tree's text.
func TestIndentAfterEdits(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	var d graft.Doc
	for i := 0; i < 2000; i++ {
		v := randRefValue(rng, 0)
		if !v.obj && !v.arr {
			continue
		}
		var b strings.Builder
		v.print(&b)
		root, err := d.Parse([]byte(b.String()))
		if err != nil {
			t.Fatal(err)
		}
		// Edits on the root, mirrored on the reference.
		for j := rng.IntN(6); j > 0; j-- {
			val := randRefValue(rng, 2)
			var vb strings.Builder
			val.print(&vb)
			nv := mustAppend(t, &d, vb.String())
			if v.obj {
				name := pointerNames[rng.IntN(len(pointerNames))]
				if rng.IntN(3) == 0 {
					// Delete removes every member of that name.
					var names []string
					var kids []*refValue
					for k, n := range v.names {
						if n != name {
							names, kids = append(names, n), append(kids, v.kids[k])
						}
					}
					if got := d.Delete(root, name); got != (len(names) < len(v.names)) {
						t.Fatalf("Delete(%q) = %v", name, got)
					}
					v.names, v.kids = names, kids
					continue
				}
				if err := d.Set(root, name, nv); err != nil {
					t.Fatal(err)
				}
				last := -1
				for k, n := range v.names {
					if n == name {
						last = k
					}
				}
				if last >= 0 {
					v.kids[last] = val
				} else {
					v.names = append(v.names, name)
					v.kids = append(v.kids, val)
				}
				continue
			}
			switch n := len(v.kids); rng.IntN(4) {
			case 0:
				if err := d.AppendItem(root, nv); err != nil {
					t.Fatal(err)
				}
				v.kids = append(v.kids, val)
			case 1:
				at := rng.IntN(n + 1)
				if err := d.InsertItem(root, at, nv); err != nil {
					t.Fatal(err)
				}
				v.kids = append(v.kids[:at:at], append([]*refValue{val}, v.kids[at:]...)...)
			case 2:
				if n == 0 {
					continue
				}
				at := rng.IntN(n)
				if err := d.SetItem(root, at, nv); err != nil {
					t.Fatal(err)
				}
				v.kids[at] = val
			default:
				if n == 0 {
					continue
				}
				at := rng.IntN(n)
				if err := d.DeleteItem(root, at); err != nil {
					t.Fatal(err)
				}
				v.kids = append(v.kids[:at:at], v.kids[at+1:]...)
			}
		}
		var w strings.Builder
		v.print(&w)
		got := compact(&d, root)
		if got != w.String() {
			t.Fatalf("%s edited: AppendJSON = %s; want %s", b.String(), got, w.String())
		}
		if ind := string(d.AppendIndent(nil, root, "> ", "\t")); ind != stdIndent(t, got, "> ", "\t") {
			t.Fatalf("AppendIndent = %q; json.Indent = %q", ind, stdIndent(t, got, "> ", "\t"))
		}
		if n := d.Len(root); n != len(v.kids) {
			t.Fatalf("Len = %d; want %d", n, len(v.kids))
		}
	}
}
