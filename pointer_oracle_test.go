package graft_test

import (
	"encoding/json"
	"errors"
	"math/rand"
	"strconv"
	"strings"
	"testing"

	"github.com/graftjson/graft"
)

// refValue is a reference tree of an input: members kept in order with
// duplicates, scalars as compact text.
type refValue struct {
	names []string
	kids  []*refValue
	arr   bool
	obj   bool
	text  string
}

func (v *refValue) print(b *strings.Builder) {
	switch {
	case v.obj:
		b.WriteByte('{')
		for i, k := range v.kids {
			if i > 0 {
				b.WriteByte(',')
			}
			q, _ := json.Marshal(v.names[i])
			b.Write(q)
			b.WriteByte(':')
			k.print(b)
		}
		b.WriteByte('}')
	case v.arr:
		b.WriteByte('[')
		for i, k := range v.kids {
			if i > 0 {
				b.WriteByte(',')
			}
			k.print(b)
		}
		b.WriteByte(']')
	default:
		b.WriteString(v.text)
	}
}

// refFind evaluates RFC 6901 tokens on v: the last member of a name, an
// index without leading zeros below the length.
func refFind(v *refValue, toks []string) *refValue {
	for _, tok := range toks {
		switch {
		case v.obj:
			var hit *refValue
			for i, n := range v.names {
				if n == tok {
					hit = v.kids[i]
				}
			}
			if hit == nil {
				return nil
			}
			v = hit
		case v.arr:
			if tok == "" || len(tok) > 1 && tok[0] == '0' {
				return nil
			}
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(v.kids) || strings.ContainsAny(tok, "+-") {
				return nil
			}
			v = v.kids[i]
		default:
			return nil
		}
	}
	return v
}

var pointerNames = []string{"a", "b", "~", "/", "~1", "~0", "0", "1", "-", "", "é", "a/b", "01", "10"}

func randRefValue(rng *rand.Rand, depth int) *refValue {
	switch k := rng.Intn(6); {
	case depth > 3 || k < 2:
		return &refValue{text: []string{"1", `"x"`, "null", "true", "-0.5e3"}[rng.Intn(5)]}
	case k < 4:
		v := &refValue{obj: true}
		for i := rng.Intn(5); i > 0; i-- {
			v.names = append(v.names, pointerNames[rng.Intn(len(pointerNames))])
			v.kids = append(v.kids, randRefValue(rng, depth+1))
		}
		return v
	default:
		v := &refValue{arr: true}
		for i := rng.Intn(12); i > 0; i-- {
			v.kids = append(v.kids, randRefValue(rng, depth+1))
		}
		return v
	}
}

// TestPointersRandom compares Find, Lookup, Get and ParsePointer with
// the reference on random documents with duplicate names.
func TestPointersRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	toks := append([]string{"2", "11", "00", "-1", "1e1", " 1", "+1"}, pointerNames...)
	var d graft.Doc
	for i := 0; i < 3000; i++ {
		v := randRefValue(rng, 0)
		var b strings.Builder
		v.print(&b)
		root, err := d.Parse([]byte(b.String()))
		if err != nil {
			t.Fatalf("Parse(%s): %v", b.String(), err)
		}
		for j := 0; j < 30; j++ {
			var path []string
			var p strings.Builder
			for n := rng.Intn(4); n > 0; n-- {
				tok := toks[rng.Intn(len(toks))]
				path = append(path, tok)
				p.WriteByte('/')
				p.WriteString(strings.ReplaceAll(strings.ReplaceAll(tok, "~", "~0"), "/", "~1"))
			}
			ptr := p.String()
			want := refFind(v, path)
			var wantText string
			if want != nil {
				var w strings.Builder
				want.print(&w)
				wantText = w.String()
			}
			got, err := d.Find(root, ptr)
			if err != nil || compact(&d, got) != wantText {
				t.Fatalf("%s: Find(%q) = %s, %v; want %s", b.String(), ptr, compact(&d, got), err, wantText)
			}
			if g := d.Get(root, path...); compact(&d, g) != wantText {
				t.Fatalf("%s: Get(%q) = %s; want %s", b.String(), path, compact(&d, g), wantText)
			}
			pp, err := graft.ParsePointer(ptr)
			if err != nil || len(pp) != len(path) || pp.String() != ptr {
				t.Fatalf("ParsePointer(%q) = %q, %v", ptr, pp, err)
			}
			for k := range pp {
				if pp[k] != path[k] {
					t.Fatalf("ParsePointer(%q) = %q", ptr, pp)
				}
			}
			lk, err := d.Lookup(root, ptr)
			if want != nil {
				if err != nil || compact(&d, lk) != wantText {
					t.Fatalf("%s: Lookup(%q) = %s, %v; want %s", b.String(), ptr, compact(&d, lk), err, wantText)
				}
				continue
			}
			var e *graft.Error
			if lk != 0 || !errors.As(err, &e) || !(errors.Is(err, graft.ErrNotFound) || errors.Is(err, graft.ErrPointer)) {
				t.Fatalf("%s: Lookup(%q) = %d, %v; want an *Error", b.String(), ptr, lk, err)
			}
			// Pointer: ptr up to and including the token that names nothing.
			if !strings.HasPrefix(ptr, e.Pointer) || (len(ptr) > len(e.Pointer) && ptr[len(e.Pointer)] != '/') || e.Pointer == "" {
				t.Fatalf("%s: Lookup(%q): Pointer %q", b.String(), ptr, e.Pointer)
			}
			ep, _ := graft.ParsePointer(e.Pointer)
			if refFind(v, ep[:len(ep)-1]) == nil || refFind(v, ep) != nil {
				t.Fatalf("%s: Lookup(%q): Pointer %q is not the first token that names nothing", b.String(), ptr, e.Pointer)
			}
		}
	}
}

// TestIndentAfterEdits: after random edits, AppendIndent is
// encoding/json.Indent of AppendJSON, and AppendJSON is the reference
// tree's text.
func TestIndentAfterEdits(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
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
		for j := rng.Intn(6); j > 0; j-- {
			val := randRefValue(rng, 2)
			var vb strings.Builder
			val.print(&vb)
			nv := mustAppend(t, &d, vb.String())
			if v.obj {
				name := pointerNames[rng.Intn(len(pointerNames))]
				if rng.Intn(3) == 0 {
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
			switch n := len(v.kids); rng.Intn(4) {
			case 0:
				if err := d.AppendItem(root, nv); err != nil {
					t.Fatal(err)
				}
				v.kids = append(v.kids, val)
			case 1:
				at := rng.Intn(n + 1)
				if err := d.InsertItem(root, at, nv); err != nil {
					t.Fatal(err)
				}
				v.kids = append(v.kids[:at:at], append([]*refValue{val}, v.kids[at:]...)...)
			case 2:
				if n == 0 {
					continue
				}
				at := rng.Intn(n)
				if err := d.SetItem(root, at, nv); err != nil {
					t.Fatal(err)
				}
				v.kids[at] = val
			default:
				if n == 0 {
					continue
				}
				at := rng.Intn(n)
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
