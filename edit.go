package graft

import (
	"unicode/utf8"

	"github.com/graftjson/graft/internal/wire"
)

// Editing in place. An edit changes links between nodes and never rewrites
// text, so it costs the same whatever the size of the document: finding a
// member or item is a walk of that one object or array, and deleting one
// unlinks it. Attaching a value does not copy it (see Copy).

// appendCache is the container last appended to and its last child, so
// that building an array or object child by child stays linear. A
// rollback (journal.go) drops it.
type appendCache struct{ c, k uint32 }

// linkLast makes node k the last child of container c.
func (d *Doc) linkLast(c, k uint32) {
	d.linkAfter(c, d.tail(c), k)
}

// linkAfter makes node k the last child of container c, whose last child
// is t (0 if none).
func (d *Doc) linkAfter(c, t, k uint32) {
	d.saveField(k, fieldNext)
	d.nodes[k].next = 0
	d.linkChain(c, t, k, k)
}

// linkChain appends the chain of nodes from first to end (whose next is
// 0) to container c, whose last child is t (0 if none).
func (d *Doc) linkChain(c, t, first, end uint32) {
	d.grown(c, t)
	if t == 0 {
		d.saveField(c, fieldChild)
		d.nodes[c].child = first
	} else {
		d.saveField(t, fieldNext)
		d.nodes[t].next = first
	}
	d.appending.c, d.appending.k = c, end
	if d.indexed(c) {
		d.indexChain(first, end)
	}
}

// indexChain adds the members first to end of the indexed object to its
// index.
func (d *Doc) indexChain(first, end uint32) {
	for k := first; ; k = d.nodes[k].next {
		d.indexMember(k)
		if k == end {
			break
		}
	}
}

// tail returns the last child of container c, or 0.
func (d *Doc) tail(c uint32) uint32 {
	if d.appending.c == c {
		return d.appending.k
	}
	var t uint32
	for k := d.nodes[c].child; k != 0; k = d.nodes[k].next {
		t = k
	}
	return t
}

// forgetTail drops the cached last child of c, whose children change
// otherwise than by an append, and c's member index.
func (d *Doc) forgetTail(c uint32) {
	if d.appending.c == c {
		d.appending.c = 0
	}
	if d.index.obj == c {
		d.index.drop()
	}
}

// unlink removes child k, which follows prev (0 if k is first), from c.
func (d *Doc) unlink(c, prev, k uint32) {
	d.changed(c)
	d.forgetTail(c)
	next := d.nodes[k].next
	d.setLink(c, prev, next)
}

// setLink makes k follow prev in the children of c (k the first child if
// prev is 0), saving the field it changes in the journal.
func (d *Doc) setLink(c, prev, k uint32) {
	if prev == 0 {
		d.saveField(c, fieldChild)
		d.nodes[c].child = k
	} else {
		d.saveField(prev, fieldNext)
		d.nodes[prev].next = k
	}
}

// newName adds a member name node for name with value v. A name whose JSON
// text is longer than maxNameLen adds nothing and returns an error.
func (d *Doc) newName(name string, v uint32) (uint32, error) {
	off := len(d.buf)
	var flags uint32
	if plainName(name) {
		d.buf = append(d.buf, '"')
		d.buf = append(d.buf, name...)
		d.buf = append(d.buf, '"')
	} else {
		d.buf = wire.AppendQuote(d.buf, name)
		flags = quoteFlags(d.buf[off:], len(name))
	}
	t := d.buf[off:]
	if len(t) > maxNameLen {
		d.buf = d.buf[:off]
		return 0, &Error{Offset: -1, Reason: "member name longer than " + itoa(maxNameLen) + " bytes", Err: ErrLimit}
	}
	k := d.newText(String, flagName|flags|uint32(len(t))<<payloadShift, off)
	v = d.attachable(v) // may grow d.nodes: not in the same statement
	d.nodes[uint32(k)].child = v
	return uint32(k), nil
}

// plainName reports whether name quotes as itself between two quotes:
// ASCII with no control character, quote or backslash.
func plainName(name string) bool {
	for i := 0; i < len(name); i++ {
		if c := name[i]; c < ' ' || c >= utf8.RuneSelf || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

// attachable returns the node to attach for value v: v itself, or for a
// member name a new string node with its text (see node.isName).
func (d *Doc) attachable(v uint32) uint32 {
	if !d.nodes[v].isName() {
		return v
	}
	n := asValue(d.nodes[v])
	n.next = 0
	return d.newNode(n)
}

// slot returns a node that can sit in an array's chain for value v: a link
// to v, whose own next may be in use by the chain it already sits in.
func (d *Doc) slot(v uint32) uint32 {
	return d.newNode(node{meta: kindLink, child: d.attachable(v)})
}

// Set makes v the value of member name of object obj: the last member of
// that name gets v as its value, or, if there is none, a member is appended.
// It returns ErrKind if obj is not an object or v is not a value, and
// ErrCycle if v is obj or contains it (a check that walks v's values).
//
// Set walks the members of obj to find the name, except in an object it has
// indexed: the first Set on an object of 32 or more members indexes its
// names (in a table the Doc keeps for one object at a time), so building
// an object with n calls costs O(n), not O(n²). Appends keep the index;
// any other change of the object's members drops it.
func (d *Doc) Set(obj Ref, name string, v Ref) error {
	if d.container(obj, Object) == nil || d.at(v) == nil {
		return d.refsError(obj, Object, v)
	}
	if d.contains(uint32(v), uint32(obj)) {
		return errCycle
	}
	found, last := d.findMember(uint32(obj), name)
	if found == 0 {
		if built, ok := builtName(name); ok {
			found, last = d.findMember(uint32(obj), built)
		}
	}
	if found != 0 {
		d.setValue(uint32(obj), found, uint32(v))
		return nil
	}
	k, err := d.newName(name, uint32(v))
	if err != nil {
		return err
	}
	d.linkAfter(uint32(obj), last, k)
	return nil
}

// setValue makes v the value of member name node k of object obj.
func (d *Doc) setValue(obj, k, v uint32) {
	d.changed(obj)
	v = d.attachable(v)
	d.saveField(k, fieldChild)
	d.nodes[k].child = v
}

// Delete removes every member named name from object obj and reports
// whether there was one.
func (d *Doc) Delete(obj Ref, name string) bool {
	if d.container(obj, Object) == nil {
		return false
	}
	var prev uint32
	found := false
	built, bad := builtName(name)
	for k := d.nodes[uint32(obj)].child; k != 0; {
		next := d.nodes[k].next
		if d.nameEquals(k, name) || bad && d.nameEquals(k, built) {
			d.unlink(uint32(obj), prev, k)
			found = true
		} else {
			prev = k
		}
		k = next
	}
	return found
}

// AppendItem appends v to array arr. It returns ErrKind if arr is not an
// array or v is not a value, and ErrCycle if v is arr or contains it.
func (d *Doc) AppendItem(arr Ref, v Ref) error {
	if d.container(arr, Array) == nil || d.at(v) == nil {
		return d.refsError(arr, Array, v)
	}
	if d.contains(uint32(v), uint32(arr)) {
		return errCycle
	}
	d.linkLast(uint32(arr), d.slot(uint32(v)))
	return nil
}

// InsertItem inserts v into array arr before item i; i == Len(arr) appends.
// It returns ErrNotFound if i is out of range, ErrKind and ErrCycle as
// AppendItem does.
func (d *Doc) InsertItem(arr Ref, i int, v Ref) error {
	if d.container(arr, Array) == nil || d.at(v) == nil {
		return d.refsError(arr, Array, v)
	}
	if d.contains(uint32(v), uint32(arr)) {
		return errCycle
	}
	prev, k, ok := d.itemAt(arr, i)
	if !ok {
		return itemError(i, d.Len(arr))
	}
	if k == 0 {
		d.linkLast(uint32(arr), d.slot(uint32(v)))
		return nil
	}
	s := d.slot(uint32(v))
	d.changed(uint32(arr))
	d.forgetTail(uint32(arr))
	d.nodes[s].next = k
	d.setLink(uint32(arr), prev, s)
	return nil
}

// SetItem replaces item i of array arr with v. It returns ErrNotFound if
// there is no item i, ErrKind and ErrCycle as AppendItem does.
func (d *Doc) SetItem(arr Ref, i int, v Ref) error {
	if d.container(arr, Array) == nil || d.at(v) == nil {
		return d.refsError(arr, Array, v)
	}
	if d.contains(uint32(v), uint32(arr)) {
		return errCycle
	}
	prev, k, _ := d.itemAt(arr, i)
	if k == 0 {
		return itemError(i, d.Len(arr))
	}
	s := d.slot(uint32(v))
	d.changed(uint32(arr))
	d.forgetTail(uint32(arr))
	d.nodes[s].next = d.nodes[k].next
	d.setLink(uint32(arr), prev, s)
	return nil
}

// DeleteItem removes item i from array arr. It returns ErrNotFound if there
// is no item i.
func (d *Doc) DeleteItem(arr Ref, i int) error {
	if d.container(arr, Array) == nil {
		return d.refError(arr, Array)
	}
	prev, k, _ := d.itemAt(arr, i)
	if k == 0 {
		return itemError(i, d.Len(arr))
	}
	d.unlink(uint32(arr), prev, k)
	return nil
}

// findMember returns the last member of object obj named name (0 if none)
// and its last member, from the index if obj has one, else by a walk that
// indexes obj if it has indexMin members or more.
func (d *Doc) findMember(obj uint32, name string) (found, last uint32) {
	if d.indexed(obj) {
		return d.lookupIndex(name), d.index.last
	}
	found, last, n := d.scanMembers(obj, name)
	if n >= indexMin {
		d.buildIndex(obj, last, n)
	}
	return found, last
}
