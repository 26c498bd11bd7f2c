package graft

import (
	"iter"

	"github.com/graftjson/graft/internal/wire"
)

// Reads. None of them mutates the Doc, and a slice a read returns borrows
// the arena: it stays valid until the next Reset or Parse of the Doc and
// must not be modified. Copy it (append([]byte(nil), b...)) to keep it
// longer.

// Raw returns the text of the scalar r exactly as received or built: a
// string with its quotes and escapes, a number as written, true, false or
// null. For an object, an array or an invalid r it returns nil; use
// AppendJSON for those. The slice borrows the arena (see above).
func (d *Doc) Raw(r Ref) []byte {
	n := d.at(r)
	if n == nil {
		return nil
	}
	if k := n.kind(); k == Object || k == Array {
		return nil
	}
	end := n.off + n.textLen()
	return d.buf[n.off:end:end]
}

// Scalar returns the kind of r and, as one read, what Raw returns for it
// (the text of a scalar or member name, nil for an object or array) and
// whether that text is a string holding a backslash escape. When escaped is
// false, the text of a string between its quotes is its decoded contents:
// validators and matchers may read it in place with no scan for escapes.
// An invalid r gives Invalid, nil and false. The slice borrows the arena
// (see above).
func (d *Doc) Scalar(r Ref) (kind Kind, raw []byte, escaped bool) {
	n := d.at(r)
	if n == nil {
		return Invalid, nil, false
	}
	kind = n.kind()
	if kind == Object || kind == Array {
		return kind, nil, false
	}
	end := n.off + n.textLen()
	return kind, d.buf[n.off:end:end], kind == String && n.meta&flagEscaped != 0
}

// Bool returns the value of a boolean, or ErrKind.
func (d *Doc) Bool(r Ref) (bool, error) {
	n := d.at(r)
	if n == nil || n.kind() != Bool {
		return false, d.refError(r, Bool)
	}
	return n.meta&flagTrue != 0, nil
}

// AppendString appends the decoded contents of the string r (escapes
// resolved, no quotes) to dst, or returns ErrKind if r is not a string.
// It allocates only if dst must grow. Member names, as yielded by Members,
// are strings too.
func (d *Doc) AppendString(dst []byte, r Ref) ([]byte, error) {
	n := d.at(r)
	if n == nil || n.kind() != String {
		return dst, d.refError(r, String)
	}
	tok := d.buf[n.off : n.off+n.textLen()]
	if n.meta&flagEscaped == 0 {
		return append(dst, tok[1:len(tok)-1]...), nil
	}
	return wire.AppendUnquote(dst, tok), nil
}

// Text returns the decoded contents of the string r as a new Go string, or
// ErrKind. It allocates; AppendString does not.
func (d *Doc) Text(r Ref) (string, error) {
	n := d.at(r)
	if n == nil || n.kind() != String {
		return "", d.refError(r, String)
	}
	if n.meta&flagEscaped == 0 {
		return string(d.buf[n.off+1 : n.off+n.textLen()-1]), nil
	}
	b, _ := d.AppendString(nil, r)
	return string(b), nil
}

// Equals reports whether r is a string whose decoded contents equal s,
// without allocating.
func (d *Doc) Equals(r Ref, s string) bool {
	n := d.at(r)
	return n != nil && n.kind() == String && d.nameEquals(uint32(r), s)
}

// Len returns the number of members of an object or items of an array, and
// 0 for anything else. It walks the children: O(Len).
func (d *Doc) Len(r Ref) int {
	n := d.at(r)
	if n == nil || (n.kind() != Object && n.kind() != Array) {
		return 0
	}
	c := 0
	for k := n.child; k != 0; k = d.nodes[k].next {
		c++
	}
	return c
}

// Members iterates over the members of object obj in order, yielding each
// member's name (a String value: read it with AppendString, Text, Equals or
// Raw) and its value. Duplicate names are all yielded. It yields nothing if
// obj is not an object. A name stays part of its object: attaching it (Set,
// AppendItem, Copy, …) attaches a new string with its text, and merging
// into it is ErrKind.
func (d *Doc) Members(obj Ref) iter.Seq2[Ref, Ref] {
	return func(yield func(Ref, Ref) bool) {
		n := d.container(obj, Object)
		if n == nil {
			return
		}
		for k := n.child; k != 0; k = d.nodes[k].next {
			if !yield(d.ref(k), d.ref(d.nodes[k].child)) {
				return
			}
		}
	}
}

// Items iterates over the items of array arr in order, yielding each index
// and value. It yields nothing if arr is not an array.
func (d *Doc) Items(arr Ref) iter.Seq2[int, Ref] {
	return func(yield func(int, Ref) bool) {
		n := d.container(arr, Array)
		if n == nil {
			return
		}
		i := 0
		for k := n.child; k != 0; k = d.nodes[k].next {
			if !yield(i, d.ref(d.resolve(k))) {
				return
			}
			i++
		}
	}
}
