package graft

import (
	"encoding/binary"
	"unsafe"

	"github.com/graftjson/graft/internal/wire"
)

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
	return d.member(uint32(obj), name)
}

// member is Member of object obj.
func (d *Doc) member(obj uint32, name string) Ref {
	k := d.lastMember(obj, name)
	if k == 0 {
		if built, ok := builtName(name); ok {
			k = d.lastMember(obj, built)
		}
	}
	if k != 0 {
		return d.ref(d.nodes[k].child)
	}
	return 0
}

// Index returns item i of array arr, or the zero Ref.
func (d *Doc) Index(arr Ref, i int) Ref {
	if d.container(arr, Array) == nil {
		return 0
	}
	if _, k, _ := d.itemAt(arr, i); k != 0 {
		return d.ref(d.resolve(k))
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
		return d.member(uint32(r), tok)
	case Array:
		if i := wire.ArrayIndex(tok); i >= 0 {
			return d.Index(r, i)
		}
	}
	return 0
}

// lastMember returns the last member name node of object obj named name,
// or 0.
func (d *Doc) lastMember(obj uint32, name string) uint32 {
	if d.indexed(obj) {
		return d.lookupIndex(name)
	}
	found, _, _ := d.scanMembers(obj, name)
	return found
}

// scanMembers walks the members of object obj once and returns the last
// one named name (0 if none), the last member and the number of members.
//
// A name without escapes is compared only when its meta (kind, flags and
// length; see nameMeta) is the one name would have; escaped names are
// decoded. This is the hot loop of every lookup: a name of up to 8 bytes
// is compared as one masked word where the arena holds 8 bytes from the
// candidate's first byte on, in a loop without calls (a call in the loop
// made the compiler keep its variables on the stack: twice the
// instructions); a name of 9 to 16 bytes as two words, its first eight
// bytes and its last eight. scanFrom takes over at the first candidate
// that needs more.
func (d *Doc) scanMembers(obj uint32, name string) (found, last uint32, count int) {
	nodes, buf := d.nodes, d.buf
	k := nodes[obj].child
	if len(name) <= 8 {
		want := uint32(String) | flagName | uint32(len(name)+2)<<payloadShift
		var word uint64
		for i := len(name) - 1; i >= 0; i-- {
			word = word<<8 | uint64(name[i])
		}
		mask := uint64(1)<<(8*len(name)) - 1 // len 8: the shift gives 0, minus 1 all ones
		for ; k != 0; k = nodes[k].next {
			n := &nodes[k]
			if meta := n.meta & nameMeta; meta == want {
				start := int(n.off) + 1
				if start+8 > len(buf) {
					break
				}
				if binary.LittleEndian.Uint64(buf[start:start+8])&mask == word {
					found = k
				}
			} else if meta&flagEscaped != 0 {
				break
			}
			last = k
			count++
		}
		if k == 0 {
			return found, last, count
		}
	} else if len(name) <= 16 {
		// Two words: the name's first eight bytes and its last eight,
		// which overlap when it is shorter than 16. A candidate of the
		// same length has both in the arena (its closing quote follows).
		want := uint32(String) | flagName | uint32(len(name)+2)<<payloadShift
		nb := unsafe.Slice(unsafe.StringData(name), len(name)) // read, never written
		at := len(name) - 8
		head, tail := binary.LittleEndian.Uint64(nb), binary.LittleEndian.Uint64(nb[at:])
		for ; k != 0; k = nodes[k].next {
			n := &nodes[k]
			if meta := n.meta & nameMeta; meta == want {
				start := int(n.off) + 1
				if binary.LittleEndian.Uint64(buf[start:start+8]) == head && binary.LittleEndian.Uint64(buf[start+at:start+at+8]) == tail {
					found = k
				}
			} else if meta&flagEscaped != 0 {
				break
			}
			last = k
			count++
		}
		if k == 0 {
			return found, last, count
		}
	}
	return d.scanFrom(k, name, found, last, count)
}

// scanFrom goes on with scanMembers' walk from member k on.
func (d *Doc) scanFrom(k uint32, name string, found, last uint32, count int) (uint32, uint32, int) {
	nodes, buf := d.nodes, d.buf
	want := ^uint32(0) // no name's meta: name is too long for one
	if len(name) <= maxNameLen-2 {
		want = uint32(String) | flagName | uint32(len(name)+2)<<payloadShift
	}
	for ; k != 0; k = nodes[k].next {
		n := &nodes[k]
		switch {
		case n.meta&nameMeta == want:
			start := int(n.off) + 1
			if string(buf[start:start+len(name)]) == name {
				found = k
			}
		case n.meta&flagEscaped != 0:
			if wire.EqualUnquoted(buf[n.off:n.off+n.textLen()], name) {
				found = k
			}
		}
		last = k
		count++
	}
	return found, last, count
}

// itemAt returns the chain node of item i of array arr (0 if i is the
// length) and the one before it; ok is false if i is out of range.
func (d *Doc) itemAt(arr Ref, i int) (prev, k uint32, ok bool) {
	if i < 0 {
		return 0, 0, false
	}
	for k = d.nodes[uint32(arr)].child; k != 0 && i > 0; k = d.nodes[k].next {
		prev = k
		i--
	}
	return prev, k, i == 0
}
