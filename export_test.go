package graft

import "slices"

// Test hooks, visible to package graft_test only. The hooks that force a
// path are in paths_test.go.

// SameArena reports whether a and b hold the same text, the same nodes and
// the same container entries.
func SameArena(a, b *Doc) bool {
	return slices.Equal(a.buf, b.buf) && slices.Equal(a.nodes, b.nodes) && slices.Equal(a.aux, b.aux)
}

// AppendFast runs only the vectorized parse of Append on src (whatever its
// size) and reports whether it took the input; where it did not, the Doc is
// as before. Without the stage-one kernel it never does.
func AppendFast(d *Doc, src []byte) (Ref, bool) {
	d.options()
	if len(d.nodes) == 0 {
		d.firstNode()
	}
	root, ok := d.appendFast(src)
	return Ref(root), ok
}

// SameIndex returns the Ref of d at r's index: parsing the same text into
// a fresh Doc gives the same indices, under another tag.
func SameIndex(d *Doc, r Ref) Ref { return d.ref(uint32(r)) }

// Indexed reports whether object r has a member index (see Set).
func Indexed(d *Doc, r Ref) bool { return d.indexed(uint32(r)) }

// AppendTiny runs only the tiny parse of Append on src and reports whether
// it took the input; where it did not, the Doc holds the same values as
// before.
func AppendTiny(d *Doc, src []byte) (Ref, bool) {
	d.options()
	if len(d.nodes) == 0 {
		d.firstNode()
	}
	root, ok := d.appendTiny(src)
	return d.ref(root), ok
}
