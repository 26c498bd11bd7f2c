package graft_test

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/graftjson/graft"
)

// A parsed container prints as one copy of its text until something under
// it changes, and a grown one prints its original text and then the
// appended children. These tests edit parsed documents deep down, in many
// ways, and check that printing never shows stale text: the output must
// equal a child-by-child walk (checkSpans), parse again, and differ from
// the original exactly where the edit was.

// genJSON returns a pseudo-random JSON text: objects and arrays nested up
// to depth, scalars of every kind with escapes and odd number forms.
func genJSON(rng *rand.Rand, depth int) string {
	var b strings.Builder
	var gen func(depth int)
	scalars := []string{`0`, `-0`, `1.5e-3`, `12345678901234567890`, `-7`, `1E+2`, `true`, `false`, `null`,
		`""`, `"plain"`, `"esc\"aped\\\n"`, `"\u00e9\ud83d\ude00"`, `"é€"`, `"a/b~c"`}
	names := []string{"id", "name", "a", "b", "items", "é", "a/b", "m~n", "", "\\u0061x", "deep", "list"}
	gen = func(depth int) {
		switch k := rng.IntN(10); {
		case depth > 0 && k < 4:
			b.WriteByte('{')
			n := rng.IntN(5)
			for i := 0; i < n; i++ {
				if i > 0 {
					b.WriteByte(',')
				}
				b.WriteString(`"` + names[rng.IntN(len(names))] + strconv.Itoa(i) + `":`)
				gen(depth - 1)
			}
			b.WriteByte('}')
		case depth > 0 && k < 7:
			b.WriteByte('[')
			n := rng.IntN(5)
			for i := 0; i < n; i++ {
				if i > 0 {
					b.WriteByte(',')
				}
				gen(depth - 1)
			}
			b.WriteByte(']')
		default:
			b.WriteString(scalars[rng.IntN(len(scalars))])
		}
	}
	gen(depth)
	return b.String()
}

// deepDoc returns a generated document with values at depth 5 and more.
func deepDoc(seed uint64) string {
	rng := rand.New(rand.NewPCG(seed, 1))
	parts := make([]string, 6)
	for i := range parts {
		parts[i] = `"part` + strconv.Itoa(i) + `":` + `{"l1":{"l2":[{"l3":` + genJSON(rng, 6) + `}]}}`
	}
	return "{" + strings.Join(parts, ",") + "}"
}

// valuePointer is one value of a parsed document, reached from its parent.
type valuePointer struct {
	ptr    string
	depth  int
	parent graft.Ref
	name   string // member name in an object parent
	index  int    // item index in an array parent
	value  graft.Ref
}

// deepValues lists the values at depth min and more, leaving out members
// that a later duplicate name hides (edits by name act on the last one).
func deepValues(d *graft.Doc, root graft.Ref, min int) []valuePointer {
	var out []valuePointer
	var walk func(r graft.Ref, ptr string, depth int)
	walk = func(r graft.Ref, ptr string, depth int) {
		switch d.Kind(r) {
		case graft.Object:
			seen := map[string]int{}
			for k := range d.Members(r) {
				name, _ := d.Text(k)
				seen[name]++
			}
			for k, v := range d.Members(r) {
				name, _ := d.Text(k)
				if seen[name]--; seen[name] > 0 {
					continue // a later member has the same name
				}
				p := ptr + "/" + escapeToken(name)
				if depth+1 >= min {
					out = append(out, valuePointer{ptr: p, depth: depth + 1, parent: r, name: name, index: -1, value: v})
				}
				walk(v, p, depth+1)
			}
		case graft.Array:
			for i, v := range d.Items(r) {
				p := ptr + "/" + strconv.Itoa(i)
				if depth+1 >= min {
					out = append(out, valuePointer{ptr: p, depth: depth + 1, parent: r, index: i, value: v})
				}
				walk(v, p, depth+1)
			}
		}
	}
	walk(root, "", 0)
	return out
}

// parentPointer returns the pointer of the parent of p.
func parentPointer(p string) string { return p[:strings.LastIndexByte(p, '/')] }

const editMarker = "graft-edited-value"

// deepEdit is one kind of edit at a value: it returns the pointer where
// the edited document differs from the original.
type deepEdit struct {
	name string
	do   func(t *testing.T, d *graft.Doc, vp valuePointer) string
}

var deepEdits = []deepEdit{
	{"replace", func(t *testing.T, d *graft.Doc, vp valuePointer) string {
		setAt(t, d, vp, d.NewString(editMarker))
		return vp.ptr
	}},
	{"splice parsed value then edit inside it", func(t *testing.T, d *graft.Doc, vp valuePointer) string {
		v := mustAppend(t, d, `{"spliced":[1,{"x":"y"}],"k":"v"}`)
		setAt(t, d, vp, v)
		inner, _ := d.Find(v, "/spliced/1")
		if err := d.Set(inner, "z", d.NewString(editMarker)); err != nil {
			t.Fatal(err)
		}
		return vp.ptr
	}},
	{"delete", func(t *testing.T, d *graft.Doc, vp valuePointer) string {
		if vp.index < 0 {
			if !d.Delete(vp.parent, vp.name) {
				t.Fatal("Delete found nothing")
			}
		} else if err := d.DeleteItem(vp.parent, vp.index); err != nil {
			t.Fatal(err)
		}
		return parentPointer(vp.ptr)
	}},
	{"grow", func(t *testing.T, d *graft.Doc, vp valuePointer) string {
		switch d.Kind(vp.value) {
		case graft.Object:
			if err := d.Set(vp.value, editMarker, d.NewInt(1)); err != nil {
				t.Fatal(err)
			}
			return vp.ptr
		case graft.Array:
			if err := d.AppendItem(vp.value, d.NewInt(1)); err != nil {
				t.Fatal(err)
			}
			return vp.ptr
		}
		if vp.index < 0 {
			if err := d.Set(vp.parent, editMarker, d.NewInt(1)); err != nil {
				t.Fatal(err)
			}
		} else if err := d.AppendItem(vp.parent, d.NewInt(1)); err != nil {
			t.Fatal(err)
		}
		return parentPointer(vp.ptr)
	}},
	{"grow then edit an original child", func(t *testing.T, d *graft.Doc, vp valuePointer) string {
		if vp.index < 0 {
			d.Set(vp.parent, editMarker, d.NewInt(1))
		} else {
			d.AppendItem(vp.parent, d.NewInt(1))
		}
		setAt(t, d, vp, d.NewNull())
		return parentPointer(vp.ptr)
	}},
	{"grown copy in place of the original", func(t *testing.T, d *graft.Doc, vp valuePointer) string {
		cp := d.Copy(vp.value)
		switch d.Kind(cp) {
		case graft.Object:
			d.Set(cp, editMarker, d.NewInt(1))
		case graft.Array:
			d.AppendItem(cp, d.NewInt(1))
		default:
			cp = d.NewString(editMarker)
		}
		setAt(t, d, vp, cp)
		// The original, detached now, changes too: the copy must not.
		if k := d.Kind(vp.value); k == graft.Object {
			d.Set(vp.value, "original-only", d.NewInt(2))
		} else if k == graft.Array {
			d.AppendItem(vp.value, d.NewInt(2))
		}
		return vp.ptr
	}},
	{"insert before", func(t *testing.T, d *graft.Doc, vp valuePointer) string {
		if vp.index < 0 {
			o := d.NewObject()
			d.Set(o, editMarker, d.NewArray())
			setAt(t, d, vp, o)
			return vp.ptr
		}
		if err := d.InsertItem(vp.parent, vp.index, d.NewString(editMarker)); err != nil {
			t.Fatal(err)
		}
		return parentPointer(vp.ptr)
	}},
}

func setAt(t *testing.T, d *graft.Doc, vp valuePointer, v graft.Ref) {
	t.Helper()
	var err error
	if vp.index < 0 {
		err = d.Set(vp.parent, vp.name, v)
	} else {
		err = d.SetItem(vp.parent, vp.index, v)
	}
	if err != nil {
		t.Fatal(err)
	}
}

// checkDeepEdits parses src, applies each edit at up to n values of depth 5
// or more (less if the document is not that deep), and checks the output.
func checkDeepEdits(t *testing.T, src string, n int, full bool) {
	var orig graft.Doc
	origRoot := mustAppend(t, &orig, src)
	var vps []valuePointer
	for depth := 5; depth > 0 && len(vps) == 0; depth -= 2 { // as deep as the document goes
		vps = deepValues(&orig, origRoot, depth)
	}
	if len(vps) == 0 {
		t.Skip("a scalar document")
	}
	step := max(1, len(vps)/n)
	for i := 0; i < len(vps); i += step {
		for _, e := range deepEdits {
			// Parsing the same text into a fresh Doc gives the same Refs.
			var d graft.Doc
			root := mustAppend(t, &d, src)
			vp := vps[i]
			where := e.do(t, &d, vp)
			// A second, unrelated edit elsewhere: the edits list then holds
			// offsets on both sides of the first.
			second := d.Set(root, "graft-second-edit", d.NewBool(true)) == nil
			if full {
				checkSpans(t, &d, root)
			} else if got, want := compact(&d, root), string(slowPrint(nil, &d, root)); got != want {
				t.Fatalf("%s at %s: compact printing differs from a walk of the tree", e.name, vp.ptr)
			}
			out := d.AppendJSON(nil, root)
			var again graft.Doc
			root2, err := again.Parse(out)
			if err != nil {
				t.Fatalf("%s at %s: output does not parse: %v", e.name, vp.ptr, err)
			}
			if second {
				if again.Kind(again.Member(root2, "graft-second-edit")) != graft.Bool {
					t.Fatalf("%s at %s: the second edit is missing", e.name, vp.ptr)
				}
				again.Delete(root2, "graft-second-edit")
			}
			diffs := treeDiff(&orig, origRoot, &again, root2)
			if len(diffs) != 1 || diffs[0] != where {
				t.Fatalf("%s at %s: output differs from the input at %q, want only at %q", e.name, vp.ptr, diffs, where)
			}
			if e.name == "replace" {
				if v, _ := again.Find(root2, vp.ptr); !again.Equals(v, editMarker) {
					t.Fatalf("replace at %s: the output holds %s there", vp.ptr, compact(&again, v))
				}
			}
			if got := string(d.AppendIndent(nil, root, "", " ")); got != stdIndent(t, string(out), "", " ") {
				t.Fatalf("%s at %s: indented output differs from json.Indent", e.name, vp.ptr)
			}
		}
	}
}

func TestDeepEditsGenerated(t *testing.T) { eachParser(t, testDeepEditsGenerated) }

func testDeepEditsGenerated(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		src := deepDoc(seed)
		for form, text := range forms(t, src) {
			t.Run(strconv.FormatUint(seed, 10)+"/"+form, func(t *testing.T) {
				checkDeepEdits(t, text, 12, true)
			})
		}
	}
}

func TestDeepEditsCorpus(t *testing.T) {
	for _, f := range corpusFiles(t) {
		t.Run(filepath.Base(f), func(t *testing.T) {
			t.Parallel()
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			n := 4
			if testing.Short() {
				n = 1
			}
			checkDeepEdits(t, string(src), n, false)
		})
	}
}

// TestRandomEdits applies random sequences of edits to a parsed document
// and to the model, and compares them after every step.
func TestRandomEdits(t *testing.T) {
	names := []string{"a", "b", "é", "a/b", "~", "", "id0", "list1", "deep2"}
	rounds := 1000
	if testing.Short() {
		rounds = 100
	}
	for round := 0; round < rounds; round++ {
		rng := rand.New(rand.NewPCG(uint64(round), 2))
		src := genJSON(rng, 5)
		if rng.IntN(2) == 0 {
			src = stdIndent(t, src, "", "\t")
		}
		var d graft.Doc
		root := mustAppend(t, &d, src)
		// Wrap it so that the root is always a container.
		wrap := mustAppend(t, &d, `{"root":[]}`)
		d.AppendItem(d.Member(wrap, "root"), root)
		m := modelOf(&d, wrap)

		fresh := func() (graft.Ref, *mval) {
			switch rng.IntN(4) {
			case 0:
				v := d.NewString(names[rng.IntN(len(names))])
				return v, modelOf(&d, v)
			case 1:
				v := d.NewInt(rng.Int64N(1000))
				return v, modelOf(&d, v)
			case 2:
				all := containers(&d, wrap, m)
				p := all[rng.IntN(len(all))]
				return d.Copy(p.r), p.m.clone()
			}
			v := mustAppend(t, &d, genJSON(rng, 3))
			return v, modelOf(&d, v)
		}
		var log []string
		for step := 0; step < 40; step++ {
			all := containers(&d, wrap, m)
			p := all[rng.IntN(len(all))]
			var what string
			if p.m.kind == graft.Object {
				name := names[rng.IntN(len(names))]
				if rng.IntN(3) == 0 {
					what = "Delete " + strconv.Quote(name)
					found := d.Delete(p.r, name)
					mfound := false
					for j := len(p.m.names) - 1; j >= 0; j-- {
						if p.m.names[j] == name {
							p.m.names = append(p.m.names[:j], p.m.names[j+1:]...)
							p.m.vals = append(p.m.vals[:j], p.m.vals[j+1:]...)
							mfound = true
						}
					}
					if found != mfound {
						t.Fatalf("round %d: %s = %v, model %v", round, what, found, mfound)
					}
				} else {
					v, mv := fresh()
					what = "Set " + strconv.Quote(name) + " " + compact(&d, v)
					if err := d.Set(p.r, name, v); err != nil {
						t.Fatalf("round %d: %s: %v", round, what, err)
					}
					if j := p.m.last(name); j >= 0 {
						p.m.vals[j] = mv
					} else {
						p.m.names = append(p.m.names, name)
						p.m.vals = append(p.m.vals, mv)
					}
				}
			} else {
				n := len(p.m.vals)
				i := rng.IntN(n+3) - 1
				var err, want error
				switch op := rng.IntN(4); op {
				case 0:
					v, mv := fresh()
					what = "AppendItem " + compact(&d, v)
					err = d.AppendItem(p.r, v)
					p.m.vals = append(p.m.vals, mv)
				case 1:
					v, mv := fresh()
					what = "InsertItem " + strconv.Itoa(i) + " " + compact(&d, v)
					err = d.InsertItem(p.r, i, v)
					if i < 0 || i > n {
						want = graft.ErrNotFound
					} else {
						p.m.vals = append(p.m.vals[:i], append([]*mval{mv}, p.m.vals[i:]...)...)
					}
				case 2:
					v, mv := fresh()
					what = "SetItem " + strconv.Itoa(i) + " " + compact(&d, v)
					err = d.SetItem(p.r, i, v)
					if i < 0 || i >= n {
						want = graft.ErrNotFound
					} else {
						p.m.vals[i] = mv
					}
				case 3:
					what = "DeleteItem " + strconv.Itoa(i)
					err = d.DeleteItem(p.r, i)
					if i < 0 || i >= n {
						want = graft.ErrNotFound
					} else {
						p.m.vals = append(p.m.vals[:i], p.m.vals[i+1:]...)
					}
				}
				if err != want {
					t.Fatalf("round %d: %s = %v, want %v", round, what, err, want)
				}
			}
			log = append(log, p.ptr+": "+what)
			if err := matchModel(&d, wrap, m); err != nil {
				t.Fatalf("round %d, document %s, after\n%s\n%v", round, clip(src), strings.Join(log, "\n"), err)
			}
			if got, want := compact(&d, wrap), string(slowPrint(nil, &d, wrap)); got != want {
				t.Fatalf("round %d, document %s, after\n%s\ncompact %s\n   walk %s", round, clip(src), strings.Join(log, "\n"), got, want)
			}
		}
		checkSpans(t, &d, wrap)
		if got := string(d.AppendIndent(nil, wrap, "", "  ")); got != stdIndent(t, compact(&d, wrap), "", "  ") {
			t.Fatalf("round %d: indented output differs from json.Indent", round)
		}
	}
}

type refModel struct {
	ptr string
	r   graft.Ref
	m   *mval
}

// containers lists the containers of r with their models.
func containers(d *graft.Doc, r graft.Ref, m *mval) []refModel {
	var out []refModel
	var walk func(r graft.Ref, m *mval, ptr string)
	walk = func(r graft.Ref, m *mval, ptr string) {
		switch m.kind {
		case graft.Object:
			out = append(out, refModel{ptr, r, m})
			i := 0
			for _, v := range d.Members(r) {
				walk(v, m.vals[i], ptr+"/"+escapeToken(m.names[i]))
				i++
			}
		case graft.Array:
			out = append(out, refModel{ptr, r, m})
			for i, v := range d.Items(r) {
				walk(v, m.vals[i], ptr+"/"+strconv.Itoa(i))
			}
		}
	}
	walk(r, m, "")
	return out
}
