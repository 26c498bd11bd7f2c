package graft

import "github.com/graftjson/graft/internal/wire"

// Lookups. They never allocate (except to decode a pointer token holding
// ~0 or ~1, or to look for a name that is not UTF-8) and never mutate. A
// value that is absent is the zero Ref, whose Kind is Invalid, so lookups
// chain without checks in between.

// Member returns the value of the last member named name of object obj, or
// the zero Ref.
func (d *Doc) Member(obj Ref, name string) Ref {
	if d.container(obj, Object) == nil {
		return 0
	}
	k := d.lastMember(uint32(obj), name)
	if k == 0 {
		if built, ok := builtName(name); ok {
			k = d.lastMember(uint32(obj), built)
		}
	}
	if k != 0 {
		return Ref(d.nodes[k].child)
	}
	return 0
}

// Index returns item i of array arr, or the zero Ref.
func (d *Doc) Index(arr Ref, i int) Ref {
	if d.container(arr, Array) == nil {
		return 0
	}
	if _, k, _ := d.itemAt(arr, i); k != 0 {
		return Ref(d.resolve(k))
	}
	return 0
}

// Get follows a pre-split path from r: each element is a member name in an
// object, or a decimal index (no leading zeros) in an array. It returns the
// zero Ref if any step is absent. A Path from ParsePointer is such a path:
// d.Get(r, path...).
func (d *Doc) Get(r Ref, path ...string) Ref {
	for _, tok := range path {
		r = d.step(r, tok)
		if r == 0 {
			return 0
		}
	}
	return r
}

// step moves from r to its child named by the decoded token tok.
func (d *Doc) step(r Ref, tok string) Ref {
	switch d.Kind(r) {
	case Object:
		return d.Member(r, tok)
	case Array:
		if i := wire.ArrayIndex(tok); i >= 0 {
			return d.Index(r, i)
		}
	}
	return 0
}

// Find returns the value at the JSON Pointer p (RFC 6901) from r: "" is r
// itself. It returns the zero Ref and no error if the pointer is well formed
// but names nothing, and an *Error wrapping ErrPointer if p is malformed.
func (d *Doc) Find(r Ref, p string) (Ref, error) {
	if err := checkPointer(p); err != nil {
		return 0, err
	}
	for p != "" && r != 0 {
		var tok string
		tok, p = nextToken(p)
		r = d.step(r, unescapeToken(tok))
	}
	return r, nil
}
