package graft

import "slices"

// Edits and the journal.
//
// A container read by Append prints as one copy of its compact text until
// something under it changes. Rather than pointing every node at its parent,
// the Doc keeps the sorted text offsets of every edit: a change to a node
// records the node's own offset, which lies inside the text span of each of
// its ancestors, so a container is clean exactly when no recorded offset
// falls in its span (one binary search).
//
// While a merge runs under ConflictError, every node it is about to change
// is saved in a journal first, so that a conflict can put the Doc back as
// it was.

// undoEntry is a saved node, or (i == undoEdit) an offset added to edits.
type undoEntry struct {
	i uint32
	n node
}

const undoEdit = ^uint32(0)

// clean reports whether container n prints as its compact span.
func (d *Doc) clean(n *node) bool {
	if n.meta&flagSpan == 0 {
		return false
	}
	if len(d.edits) == 0 {
		return true
	}
	j, _ := slices.BinarySearch(d.edits, n.off)
	return j == len(d.edits) || d.edits[j] >= n.off+n.n
}

// dirty records that node i is about to change: its value is replaced, or,
// for a container, its children change.
func (d *Doc) dirty(i uint32) {
	n := &d.nodes[i]
	if n.meta&flagParsed == 0 {
		return // built: no parsed span contains its text
	}
	if k := n.kind(); (k == Object || k == Array) && n.meta&flagSpan == 0 {
		return // recorded when its span was first dropped
	}
	d.save(i)
	n.meta &^= flagSpan
	j, found := slices.BinarySearch(d.edits, n.off)
	if found {
		return
	}
	d.edits = slices.Insert(d.edits, j, n.off)
	if d.journal {
		d.undo = append(d.undo, undoEntry{i: undoEdit, n: node{off: n.off}})
	}
}

// save journals node i before a change, if a journal is open and the node
// existed when it was opened.
func (d *Doc) save(i uint32) {
	if d.journal && int(i) < d.journalNodes {
		d.undo = append(d.undo, undoEntry{i: i, n: d.nodes[i]})
	}
}

// begin opens the journal.
func (d *Doc) begin() {
	d.journal = true
	d.journalNodes = len(d.nodes)
	d.journalText = len(d.buf)
	d.undo = d.undo[:0]
}

// commit closes the journal, keeping the changes.
func (d *Doc) commit() {
	d.journal = false
	d.undo = d.undo[:0]
}

// rollback closes the journal, undoing every change since begin.
func (d *Doc) rollback() {
	for j := len(d.undo) - 1; j >= 0; j-- {
		u := &d.undo[j]
		if u.i != undoEdit {
			d.nodes[u.i] = u.n
			continue
		}
		if k, found := slices.BinarySearch(d.edits, u.n.off); found {
			d.edits = slices.Delete(d.edits, k, k+1)
		}
	}
	d.nodes = d.nodes[:d.journalNodes]
	d.buf = d.buf[:d.journalText]
	d.commit()
}
