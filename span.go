package graft

import "slices"

// Print spans.
//
// A container read by Append prints as one copy of its compact text until
// something under it changes. Rather than pointing every node at its parent,
// the Doc keeps the sorted text offsets of the changes: a change to a node
// records the node's own offset, which lies inside the text span of each of
// its ancestors, so a container is clean exactly when no recorded offset
// falls in its span (one binary search).
//
// Appending members or items is the common edit of a gateway (an entity
// fetch adds fields to an object) and gets a cheaper state: a grown
// container keeps the text of its original children, [off, off+n-1), and
// prints it in one piece before the appended ones, as long as no change is
// recorded inside it. Its own offset is recorded for its ancestors' sake
// and does not count against itself.

// spanState is what tells whether a parsed container's span still prints
// it. Besides this file, the journal (journal.go) records and undoes
// edits through record and unrecord, merges (merge.go) set moved, and
// contains (cycle.go) reads it.
type spanState struct {
	edits []uint32 // sorted text offsets of parsed nodes changed since parsing
	late  []uint32 // more of them, sorted, recorded out of order (see record)
	moved bool     // a merge moved parsed nodes (see contains)
}

// minLate is the length spanState.late reaches before it is folded into
// edits, or a quarter of edits' length if that is more.
//
// Edits mostly come in document order and are appended, but an entity
// fetch's merges interleave two ascending runs (each target, then the
// entity that merged into it, later in the text), so that every target
// was an insertion before all the entities recorded so far: a memmove
// growing with the batch, quadratic in all (bench/resolve's nested
// batching request over 1,000 products: 2,300 insertions, 5.7% of its
// instructions in slices.Insert). An insertion goes into the late list
// instead, at its end in that pattern, and the late list is folded into
// edits in one pass once it holds a fixed share of them, so that folding
// costs a few moves per edit. Reads (clean) search both lists and never
// fold, since reads never mutate.
const minLate = 64

// print modes of a container
const (
	printWalk   = iota // print child by child
	printSpan          // copy the span
	printPrefix        // copy the span but its closer, then the appended children
)

// printMode says how container n prints (hint: see clean) and, unless it
// prints child by child, returns its aux entry.
func (d *Doc) printMode(n *node, hint *int) (int, aux) {
	if n.meta&flagSpan == 0 {
		return printWalk, aux{}
	}
	lo, mode := n.off, printSpan
	if n.meta&flagGrown != 0 {
		lo, mode = n.off+1, printPrefix
	}
	a := d.aux[n.payload()]
	if !d.clean(lo, n.off+a.span, hint) {
		return printWalk, aux{}
	}
	return mode, a
}

// clean reports whether no edit is recorded in the text range [lo, hi).
// Printing asks in document order, mostly: hint (nil, or the caller's
// running value, 0 before the first question) holds the position the last
// question found, and the one after it is tried before a search.
func (d *Doc) clean(lo, hi uint32, hint *int) bool {
	if late := d.spans.late; len(late) > 0 && lo <= late[len(late)-1] && hi > late[0] {
		if j, _ := slices.BinarySearch(late, lo); late[j] < hi {
			return false
		}
	}
	e := d.spans.edits
	if n := len(e); n == 0 || lo > e[n-1] {
		return true
	}
	if hint != nil {
		if j := *hint + 1; j < len(e) && e[j-1] < lo && lo <= e[j] {
			*hint = j
			return hi <= e[j]
		}
	}
	return d.search(lo, hi, hint)
}

// search is clean past its first guess: the position of the first edit at
// or after lo is the hint or the one after it, or is found by a binary
// search.
func (d *Doc) search(lo, hi uint32, hint *int) bool {
	e := d.spans.edits
	n := len(e)
	if n == 0 || lo > e[n-1] || hi <= e[0] {
		return true
	}
	// The first edit at or after lo, e[j], exists (lo <= e[n-1]): j and
	// every hint are in [0, n).
	j := 0
	if hint != nil {
		j = *hint
	}
	if j > 0 && e[j-1] >= lo || e[j] < lo {
		j, _ = slices.BinarySearch(e, lo)
	}
	if hint != nil {
		*hint = j
	}
	return e[j] >= hi
}

// span returns the length of the compact text of a parsed container.
func (d *Doc) span(n *node) uint32 { return d.aux[n.payload()].span }

// origLast returns the last original child of a grown container, 0 if it
// had none.
func (d *Doc) origLast(n *node) uint32 { return d.aux[n.payload()].last }

// changed records that node i is about to change in a way other than
// having children appended: its value is replaced, or a child is removed,
// inserted or replaced.
func (d *Doc) changed(i uint32) {
	n := &d.nodes[i]
	if n.meta&flagParsed == 0 {
		return // built: no parsed span contains its text
	}
	if k := n.kind(); k == Object || k == Array {
		if n.meta&flagSpan == 0 {
			// Recorded when its span was dropped, unless a merge dropped
			// it (unspan): record it now, once, for the parents of a
			// consumed source and for appendGrown.
			d.record(n.off)
			return
		}
		d.saveField(i, fieldMeta)
		n.meta &^= flagSpan | flagGrown
	}
	d.record(n.off)
}

// grown records that children are about to be appended to container c,
// whose last child is last (0 if none).
func (d *Doc) grown(c, last uint32) {
	n := &d.nodes[c]
	if n.meta&(flagSpan|flagGrown) != flagSpan {
		return // no span to keep, or already grown
	}
	d.saveField(c, fieldMeta)
	if len(d.aux) >= maxAux {
		n.meta &^= flagSpan // no room for an entry: print child by child
	} else {
		// A new entry: others may share the old one (see node).
		a := d.aux[n.payload()]
		a.last = last
		d.aux = append(d.aux, a)
		n.meta = n.meta&(1<<payloadShift-1) | flagGrown | uint32(len(d.aux)-1)<<payloadShift
	}
	d.record(n.off)
}

// record adds text offset off to the edits.
func (d *Doc) record(off uint32) {
	s := &d.spans
	if n := len(s.edits); n == 0 || s.edits[n-1] < off {
		// Edits made in document order. Offsets in late were below
		// edits' last one when recorded, so off is not there either,
		// unless a rollback took edits' last one away: then off is in
		// both lists, which changes no answer of clean (and a rollback
		// of this record removes the copy in edits).
		s.edits = append(s.edits, off)
	} else {
		if _, found := slices.BinarySearch(s.edits, off); found {
			return
		}
		j, found := slices.BinarySearch(s.late, off)
		if found {
			return
		}
		s.late = slices.Insert(s.late, j, off)
		if len(s.late) >= max(minLate, len(s.edits)/4) {
			d.foldLate()
		}
	}
	if d.journal.open {
		d.journal.undo = append(d.journal.undo, undoEntry{i: undoEdit, old: off})
	}
}

// foldLate merges late into edits, from the back, in place.
func (d *Doc) foldLate() {
	s := &d.spans
	e, l := s.edits, s.late
	i, j := len(e)-1, len(l)-1
	e = slices.Grow(e, len(l))[:len(e)+len(l)]
	for k := len(e) - 1; j >= 0; k-- {
		if i >= 0 && e[i] > l[j] {
			e[k] = e[i]
			i--
		} else {
			e[k] = l[j]
			j--
		}
	}
	s.edits, s.late = e, l[:0]
}

// unrecord removes text offset off from the edits (a rollback of record).
func (d *Doc) unrecord(off uint32) {
	s := &d.spans
	if k, found := slices.BinarySearch(s.edits, off); found {
		s.edits = slices.Delete(s.edits, k, k+1)
	} else if k, found := slices.BinarySearch(s.late, off); found {
		s.late = slices.Delete(s.late, k, k+1)
	}
}
