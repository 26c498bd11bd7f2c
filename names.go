package graft

import (
	"bytes"
	"slices"
	"unicode/utf8"

	"github.com/graftjson/graft/internal/wire"
)

// nameScratch is the scratch space of the name comparisons: decoded
// names, and the names of one object while the parsers look for
// duplicates.
type nameScratch struct {
	text []byte
	dups [][3]uint32 // duplicate-name check: node, start, end
}

// builtName returns the name a member built from name has: name itself,
// or, if name is not UTF-8, name with each byte that is not replaced by
// U+FFFD, as NewString and Set write it. Lookups by a name that is not
// UTF-8 try both spellings: the bytes as given (an input parsed with
// Options.AllowInvalidUTF8 keeps them), then the built one.
func builtName(name string) (string, bool) {
	if utf8.ValidString(name) {
		return name, false
	}
	return string(wire.AppendUnquote(nil, wire.AppendQuote(nil, name))), true
}

// nameEquals reports whether the member name node k decodes to name.
func (d *Doc) nameEquals(k uint32, name string) bool {
	n := &d.nodes[k]
	l := n.textLen()
	if n.meta&flagEscaped == 0 {
		return int(l)-2 == len(name) && string(d.buf[n.off+1:n.off+l-1]) == name
	}
	return wire.EqualUnquoted(d.buf[n.off:n.off+l], name)
}

// duplicateName returns a member name node of object obj whose decoded name
// occurs twice, or 0. It sorts the decoded names, so an object of n members
// costs O(n log n), never O(n²).
func (d *Doc) duplicateName(nodes []node, text []byte, obj uint32) uint32 {
	names := d.names.dups[:0]
	buf := d.names.text[:0]
	for k := nodes[obj].child; k != 0; k = nodes[k].next {
		n := &nodes[k]
		start := len(buf)
		buf = wire.AppendUnquote(buf, text[n.off:n.off+n.textLen()])
		names = append(names, [3]uint32{k, uint32(start), uint32(len(buf))})
	}
	slices.SortFunc(names, func(a, b [3]uint32) int {
		return bytes.Compare(buf[a[1]:a[2]], buf[b[1]:b[2]])
	})
	var dup uint32
	for i := 1; i < len(names) && dup == 0; i++ {
		a, b := names[i-1], names[i]
		if bytes.Equal(buf[a[1]:a[2]], buf[b[1]:b[2]]) {
			dup = max(a[0], b[0])
		}
	}
	d.names.dups, d.names.text = names[:0], buf[:0]
	return dup
}

// findName walks the members of object obj once and returns the last one
// whose name equals that of name node k (0 if none) and the last member.
func (d *Doc) findName(obj, k uint32) (found, last uint32) {
	kn := &d.nodes[k]
	if kn.meta&flagEscaped != 0 {
		for m := d.nodes[obj].child; m != 0; m = d.nodes[m].next {
			if d.sameName(m, k) {
				found = m
			}
			last = m
		}
		return found, last
	}
	// Names without escapes are equal when their texts are: the same
	// meta (length and flags) first, then the bytes.
	want := d.buf[kn.off : kn.off+kn.textLen()]
	for m := d.nodes[obj].child; m != 0; m = d.nodes[m].next {
		mn := &d.nodes[m]
		if mn.meta&nameMeta == kn.meta&nameMeta && string(d.buf[mn.off:mn.off+uint32(len(want))]) == string(want) {
			found = m
		} else if mn.meta&flagEscaped != 0 && d.sameName(m, k) {
			found = m
		}
		last = m
	}
	return found, last
}

// namesEqual reports whether the string nodes a and b decode to the same
// text, decoding only if one of them holds an escape.
func (d *Doc) namesEqual(a, b uint32) bool {
	if (d.nodes[a].meta|d.nodes[b].meta)&flagEscaped == 0 {
		return bytes.Equal(d.text(a), d.text(b))
	}
	return d.sameName(a, b)
}

// sameName compares two member names where one is escaped, decoding both.
func (d *Doc) sameName(a, b uint32) bool {
	buf := wire.AppendUnquote(d.names.text[:0], d.text(a))
	n := len(buf)
	buf = wire.AppendUnquote(buf, d.text(b))
	d.names.text = buf[:0]
	return bytes.Equal(buf[:n], buf[n:])
}

// nameMeta masks the meta bits that two equal member names without
// escapes share: kind, flags and length.
const nameMeta = flagName | flagEscaped | kindMask | ^uint32(1<<payloadShift-1)

// decodedName returns the decoded text of member name node k, valid until
// the next call of a function of this file.
func (d *Doc) decodedName(k uint32) []byte {
	n := &d.nodes[k]
	text := d.buf[n.off : n.off+n.textLen()]
	if n.meta&flagEscaped == 0 {
		return text[1 : len(text)-1]
	}
	buf := wire.AppendUnquote(d.names.text[:0], text)
	d.names.text = buf[:0]
	return buf
}
