package graft_test

import (
	"errors"
	"testing"

	"github.com/graftjson/graft"
)

// TestCycle: no edit or merge may make a value contain itself; each is
// refused with ErrCycle and changes nothing.
func TestCycle(t *testing.T) {
	const doc = `{"a":{"b":[1,{"c":2}]}}`
	cases := []struct {
		name string
		op   func(d *graft.Doc, root, a, b, c graft.Ref) error
	}{
		{"Set object into itself", func(d *graft.Doc, r, a, b, c graft.Ref) error { return d.Set(r, "self", r) }},
		{"Set ancestor into descendant", func(d *graft.Doc, r, a, b, c graft.Ref) error { return d.Set(c, "up", a) }},
		{"AppendItem array into itself", func(d *graft.Doc, r, a, b, c graft.Ref) error { return d.AppendItem(b, b) }},
		{"AppendItem root into descendant", func(d *graft.Doc, r, a, b, c graft.Ref) error { return d.AppendItem(b, r) }},
		{"InsertItem ancestor", func(d *graft.Doc, r, a, b, c graft.Ref) error { return d.InsertItem(b, 0, a) }},
		{"SetItem ancestor", func(d *graft.Doc, r, a, b, c graft.Ref) error { return d.SetItem(b, 0, a) }},
		{"Merge ancestor into descendant", func(d *graft.Doc, r, a, b, c graft.Ref) error { return d.Merge(c, r) }},
		{"MergeAt new member", func(d *graft.Doc, r, a, b, c graft.Ref) error { return d.MergeAt(c, "/x", a) }},
		{"MergeAt existing position", func(d *graft.Doc, r, a, b, c graft.Ref) error { return d.MergeAt(r, "/a", r) }},
		{"MergeEach item holding its target", func(d *graft.Doc, r, a, b, c graft.Ref) error {
			items := d.NewArray() // detached: its one item is an ancestor of c
			if err := d.AppendItem(items, a); err != nil {
				return err
			}
			return d.MergeEach([]graft.Ref{c}, items)
		}},
		{"MergeEach parsed item holding its target", func(d *graft.Doc, r, a, b, c graft.Ref) error {
			items, err := d.Append([]byte(`[{"x":1},{"x":{"y":1}}]`))
			if err != nil {
				return err
			}
			return d.MergeEach([]graft.Ref{c, d.Get(items, "1", "x")}, items)
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var d graft.Doc
			root := mustAppend(t, &d, doc)
			a := d.Get(root, "a")
			b := d.Get(root, "a", "b")
			c := d.Get(root, "a", "b", "1")
			if err := tc.op(&d, root, a, b, c); !errors.Is(err, graft.ErrCycle) {
				t.Fatalf("err = %v, want ErrCycle", err)
			}
			if got := compact(&d, root); got != doc {
				t.Fatalf("document changed to %s", got)
			}
		})
	}
}

// TestNoCycle: sharing without a cycle and merging a value into itself are
// allowed.
func TestNoCycle(t *testing.T) {
	var d graft.Doc
	root := mustAppend(t, &d, `{"a":{"b":[1]}}`)
	a := d.Get(root, "a")
	for _, err := range []error{
		d.Set(root, "again", a),
		d.Set(root, "copy", d.Copy(root)),
		d.Merge(root, root),
		d.AppendItem(d.Get(root, "a", "b"), d.NewObject()),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	want := `{"a":{"b":[1,{}]},"again":{"b":[1,{}]},"copy":{"a":{"b":[1]},"again":{"b":[1]}}}`
	if got := compact(&d, root); got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
}

// TestCycleCheckOnSharedValues: a value attached twice at each of 60 levels
// has 2^60 paths; the check must still end quickly (it falls back to a
// visited set).
func TestCycleCheckOnSharedValues(t *testing.T) {
	var d graft.Doc
	v := d.NewArray()
	for i := 0; i < 60; i++ {
		up := d.NewArray()
		d.AppendItem(up, v)
		d.AppendItem(up, v)
		v = up
	}
	if err := d.AppendItem(v, d.NewNull()); err != nil {
		t.Fatal(err)
	}
	bottom := d.NewArray()
	if err := d.AppendItem(bottom, v); err != nil {
		t.Fatal(err)
	}
	if err := d.AppendItem(v, bottom); !errors.Is(err, graft.ErrCycle) {
		t.Fatalf("err = %v, want ErrCycle", err)
	}
}
