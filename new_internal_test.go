// The race detector would shadow the half gigabyte of address space this
// test reserves.

//go:build !race

package graft

import "testing"

// TestCopyPastAuxLimit: a Doc holds at most maxAux container entries (the
// payload bits of a node). A copy made once they are used up has none of
// its own and prints child by child, rather than naming another
// container's entry and printing that one's text. (The arena is padded to
// the limit with untouched zero pages.)
func TestCopyPastAuxLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("reserves 512 MiB of address space")
	}
	d := New(Options{})
	root, err := d.Append([]byte(`[{"a":1},[2,3]]`))
	if err != nil {
		t.Fatal(err)
	}
	want := string(d.AppendJSON(nil, root))
	pad := make([]aux, maxAux-1, maxAux+8)
	copy(pad, d.aux)
	d.aux = pad
	c := d.Copy(root)
	// Make the copy print item by item (its own span is fine), so that its
	// items' entries are read.
	if err := d.AppendItem(c, d.NewNull()); err != nil {
		t.Fatal(err)
	}
	want = want[:len(want)-1] + ",null]"
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("printing a copy made past maxAux aux entries panics: %v", r)
		}
	}()
	if got := string(d.AppendJSON(nil, c)); got != want {
		t.Errorf("copy past maxAux aux entries prints %s, want %s", got, want)
	}
}
