package graft

// The journal.
//
// While an operation that may fail runs (a merge under ConflictError, a
// JSON Patch, a merge patch), each node field that it or the edits it
// calls are about to change is saved in a journal first, so that an error
// can put the Doc back exactly as it was.

// journal holds what a rollback needs. Others go through the functions
// below, but for record (span.go), which journals the edits it adds, and
// merge.go, which asks whether the journal is open.
type journal struct {
	open      bool        // a merge that may roll back is running
	nodes     int         // len(nodes) when the journal opened
	text      int         // len(buf) when the journal opened
	aux       int         // len(aux) when the journal opened
	undo      []undoEntry // node fields saved since the journal opened
	undoNodes []node      // whole nodes saved since the journal opened
}

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
	if d.journal.open && int(i) < d.journal.nodes {
		d.journal.undo = append(d.journal.undo, undoEntry{i: i, field: f, old: *d.nodes[i].field(f)})
	}
}

// saveNode journals the whole node i before it is overwritten.
func (d *Doc) saveNode(i uint32) {
	if d.journal.open && int(i) < d.journal.nodes {
		d.journal.undo = append(d.journal.undo, undoEntry{i: i, field: fieldNode, old: uint32(len(d.journal.undoNodes))})
		d.journal.undoNodes = append(d.journal.undoNodes, d.nodes[i])
	}
}

// begin opens the journal.
func (d *Doc) begin() {
	d.journal.open = true
	d.journal.nodes = len(d.nodes)
	d.journal.text = len(d.buf)
	d.journal.aux = len(d.aux)
	d.journal.undo = d.journal.undo[:0]
	d.journal.undoNodes = d.journal.undoNodes[:0]
}

// commit closes the journal, keeping the changes.
func (d *Doc) commit() {
	d.journal.open = false
	d.journal.undo = d.journal.undo[:0]
	d.journal.undoNodes = d.journal.undoNodes[:0]
}

// rollback closes the journal, undoing every change since begin.
func (d *Doc) rollback() {
	for j := len(d.journal.undo) - 1; j >= 0; j-- {
		u := &d.journal.undo[j]
		switch {
		case u.i == undoEdit:
			d.unrecord(u.old)
		case u.field == fieldNode:
			d.nodes[u.i] = d.journal.undoNodes[u.old]
		default:
			*d.nodes[u.i].field(u.field) = u.old
		}
	}
	d.nodes = d.nodes[:d.journal.nodes]
	d.buf = d.buf[:d.journal.text]
	d.aux = d.aux[:d.journal.aux]
	d.appending.c = 0
	d.index.drop()
	d.commit()
}
