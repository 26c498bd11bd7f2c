package graft_test

import (
	"testing"

	"github.com/graftjson/graft"
)

// TestPrintAfterSourceConsumed merges, edits through Refs kept into the
// source or the destination, and requires every printer to agree with a
// walk of the tree, from the document root down: the text of a container a
// merge emptied or moved members out of must not print where its span is
// still trusted (the parent of a consumed source, a one-link append that
// prints the source's text).
func TestPrintAfterSourceConsumed(t *testing.T) {
	cases := []struct {
		name string
		doc  string // the document: a parsed root holding dst and src
		// run merges and edits; r is the root
		run func(d *graft.Doc, r graft.Ref) error
	}{
		{name: "Merge: a source held by a parsed parent prints as {} there",
			doc: `{"dst":{"b":1},"p":{"src":{"a":1},"z":2}}`,
			run: func(d *graft.Doc, r graft.Ref) error {
				return d.Merge(d.Member(r, "dst"), d.Get(r, "p", "src"))
			}},
		{name: "Merge: a source held by a parsed parent, merged member by member",
			doc: `{"dst":{"a":{"x":1}},"p":{"src":{"a":{"y":2}},"z":2}}`,
			run: func(d *graft.Doc, r graft.Ref) error {
				return d.Merge(d.Member(r, "dst"), d.Get(r, "p", "src"))
			}},
		{name: "MergeAt: a source held by a parsed parent prints as {} there",
			doc: `{"dst":{"e":{"b":1}},"p":{"src":{"a":1},"z":2}}`,
			run: func(d *graft.Doc, r graft.Ref) error {
				return d.MergeAt(d.Member(r, "dst"), "/e", d.Get(r, "p", "src"))
			}},
		{name: "MergePatch: a patch held by a parsed parent prints as {} there",
			doc: `{"dst":{"b":1},"p":{"src":{"a":1},"z":2}}`,
			run: func(d *graft.Doc, r graft.Ref) error {
				return d.MergePatch(d.Member(r, "dst"), d.Get(r, "p", "src"))
			}},
		{name: "MergeEach: a member of a spliced entity set through the entity's Ref",
			doc: `{"dst":{"a":1},"src":[{"b":2,"c":3}]}`,
			run: func(d *graft.Doc, r graft.Ref) error {
				item := d.Get(r, "src", "0")
				if err := d.MergeEach([]graft.Ref{d.Member(r, "dst")}, d.Member(r, "src")); err != nil {
					return err
				}
				return d.Set(item, "b", d.NewInt(9))
			}},
		{name: "Merge: a member of an inner source appended in one link set through its Ref",
			doc: `{"dst":{"e":{"a":1}},"src":{"e":{"b":2,"c":3}}}`,
			run: func(d *graft.Doc, r graft.Ref) error {
				inner := d.Get(r, "src", "e")
				if err := d.Merge(d.Member(r, "dst"), d.Member(r, "src")); err != nil {
					return err
				}
				return d.Set(inner, "c", d.NewString("new"))
			}},
		{name: "MergeEach: an entity whose value a first merge grew elsewhere",
			// The first merge appends w's members to dst.s.w in one link
			// and leaves s (consumed, not emptied) holding w; a member set
			// on dst.s.w extends w's chain too. The entity s is then
			// spliced into e: e must not print s's text from before.
			doc: `{"x":{"s":{"w":{"q":1}}},"t":{"s":{"w":{"p":1}}},"e":{"k":0}}`,
			run: func(d *graft.Doc, r graft.Ref) error {
				s := d.Get(r, "t", "s")
				if err := d.Merge(d.Member(r, "x"), d.Member(r, "t")); err != nil {
					return err
				}
				if err := d.Set(d.Get(r, "x", "s", "w"), "z", d.NewInt(1)); err != nil {
					return err
				}
				batch := d.NewArray()
				if err := d.AppendItem(batch, s); err != nil {
					return err
				}
				return d.MergeEach([]graft.Ref{d.Member(r, "e")}, batch)
			}},
	}
	for _, c := range cases {
		for _, conflict := range []graft.Conflict{graft.ConflictError, graft.ConflictKeep} {
			cname := map[graft.Conflict]string{graft.ConflictError: "error", graft.ConflictKeep: "keep"}[conflict]
			t.Run(c.name+"/"+cname, func(t *testing.T) {
				d := graft.New(graft.Options{Conflict: conflict})
				r := mustAppend(t, d, c.doc)
				if err := c.run(d, r); err != nil {
					t.Fatal(err)
				}
				checkSpans(t, d, r)
				checkPrinters(t, d, r)
			})
		}
	}
}

// TestIndexOfObjectMergedAway indexes an object of a merge's source (a Set
// on it, every object indexed), merges it away, appends to the container
// that took its members by a merge (which leaves the index where it is),
// and requires Member and Set through the kept Ref to see the chain the
// walk sees: the member appended since, found, and set once, not twice.
func TestIndexOfObjectMergedAway(t *testing.T) {
	defer graft.IndexObjects("all")()
	cases := []struct {
		name     string
		dst, src string
		merge    func(d *graft.Doc, dst, src graft.Ref) error
	}{
		{name: "inner object appended in one link", dst: `{"s":{"a":1}}`, src: `{"s":{"b":2}}`,
			merge: func(d *graft.Doc, dst, src graft.Ref) error { return d.Merge(dst, src) }},
		{name: "inner object merged member by member", dst: `{"s":{"a":1,"b":0}}`, src: `{"s":{"b":2,"c":3}}`,
			merge: func(d *graft.Doc, dst, src graft.Ref) error { return d.Merge(dst, src) }},
		{name: "inner object replacing a null", dst: `{"s":null}`, src: `{"s":{"b":2}}`,
			merge: func(d *graft.Doc, dst, src graft.Ref) error { return d.Merge(dst, src) }},
		{name: "inner object replacing a scalar (ConflictReplace)", dst: `{"s":7}`, src: `{"s":{"b":2}}`,
			merge: func(d *graft.Doc, dst, src graft.Ref) error {
				return d.Merge(dst, src)
			}},
		{name: "inner object of a merge patch", dst: `{"s":{"a":1}}`, src: `{"s":{"b":2}}`,
			merge: func(d *graft.Doc, dst, src graft.Ref) error { return d.MergePatch(dst, src) }},
		{name: "entity of a batch splice", dst: `{"s":{"a":1}}`, src: `{"s":{"b":2}}`,
			merge: func(d *graft.Doc, dst, src graft.Ref) error {
				batch := d.NewArray()
				if err := d.AppendItem(batch, d.Member(src, "s")); err != nil {
					return err
				}
				return d.MergeEach([]graft.Ref{d.Member(dst, "s")}, batch)
			}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := graft.New(graft.Options{Conflict: graft.ConflictReplace})
			dst, src := mustAppend(t, d, c.dst), mustAppend(t, d, c.src)
			s := d.Member(src, "s")
			if err := d.Set(s, "i", d.NewInt(0)); err != nil { // indexes s
				t.Fatal(err)
			}
			if err := c.merge(d, dst, src); err != nil {
				t.Fatal(err)
			}
			if err := d.Merge(d.Member(dst, "s"), mustAppend(t, d, `{"n":1}`)); err != nil {
				t.Fatal(err)
			}
			for k, v := range d.Members(s) {
				name, _ := d.Text(k)
				if got := d.Member(s, name); got != lastNamed(d, s, name) {
					t.Fatalf("Member(s, %q) = %q; the walk finds %q (v %q)", name, d.Raw(got), d.Raw(lastNamed(d, s, name)), d.Raw(v))
				}
			}
			before := string(slowPrint(nil, d, s))
			if err := d.Set(s, "n", d.NewInt(2)); err != nil {
				t.Fatal(err)
			}
			n := 0
			for k := range d.Members(s) {
				if name, _ := d.Text(k); name == "n" {
					n++
				}
			}
			if after := string(slowPrint(nil, d, s)); n > 1 || string(d.Raw(lastNamed(d, s, "n"))) != "2" {
				t.Fatalf("Set(s, n, 2) on %s made %s", before, after)
			}
			checkSpans(t, d, dst)
		})
	}
}

// lastNamed returns the value of the last member of obj named name, by a
// walk of Members.
func lastNamed(d *graft.Doc, obj graft.Ref, name string) graft.Ref {
	var found graft.Ref
	for k, v := range d.Members(obj) {
		if n, _ := d.Text(k); n == name {
			found = v
		}
	}
	return found
}
