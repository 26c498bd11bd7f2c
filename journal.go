package graft

import "slices"

// The journal.
//
// While an operation that may fail runs (a merge under ConflictError, a
// JSON Patch, a merge patch), each node field that it or the edits it
// calls are about to change is saved in a journal first, so that an error
// can put the Doc back exactly as it was.

// undoEntry is a saved node field, or (i == undoEdit) an offset added to
// the edits.
type undoEntry struct {
	i     uint32
	field uint8
	old   uint32
}

const undoEdit = ^uint32(0)

// node fields the journal saves
const (
	fieldMeta = iota
	fieldNext
	fieldChild
	fieldNode // the whole node, kept in undoNodes[old]
)

func (n *node) field(f uint8) *uint32 {
	switch f {
	case fieldMeta:
		return &n.meta
	case fieldNext:
		return &n.next
	}
	return &n.child
}

// saveField journals field f of node i before a change, if a journal is
// open and the node existed when it was opened.
func (d *Doc) saveField(i uint32, f uint8) {
	if d.journal && int(i) < d.journalNodes {
		d.undo = append(d.undo, undoEntry{i: i, field: f, old: *d.nodes[i].field(f)})
	}
}

// saveNode journals the whole node i before it is overwritten.
func (d *Doc) saveNode(i uint32) {
	if d.journal && int(i) < d.journalNodes {
		d.undo = append(d.undo, undoEntry{i: i, field: fieldNode, old: uint32(len(d.undoNodes))})
		d.undoNodes = append(d.undoNodes, d.nodes[i])
	}
}

// begin opens the journal.
func (d *Doc) begin() {
	d.journal = true
	d.journalNodes = len(d.nodes)
	d.journalText = len(d.buf)
	d.journalAux = len(d.aux)
	d.undo = d.undo[:0]
	d.undoNodes = d.undoNodes[:0]
}

// commit closes the journal, keeping the changes.
func (d *Doc) commit() {
	d.journal = false
	d.undo = d.undo[:0]
	d.undoNodes = d.undoNodes[:0]
}

// rollback closes the journal, undoing every change since begin.
func (d *Doc) rollback() {
	for j := len(d.undo) - 1; j >= 0; j-- {
		u := &d.undo[j]
		switch {
		case u.i == undoEdit:
			if k, found := slices.BinarySearch(d.edits, u.old); found {
				d.edits = slices.Delete(d.edits, k, k+1)
			}
		case u.field == fieldNode:
			d.nodes[u.i] = d.undoNodes[u.old]
		default:
			*d.nodes[u.i].field(u.field) = u.old
		}
	}
	d.nodes = d.nodes[:d.journalNodes]
	d.buf = d.buf[:d.journalText]
	d.aux = d.aux[:d.journalAux]
	d.tailC = 0
	d.index.drop()
	d.commit()
}
