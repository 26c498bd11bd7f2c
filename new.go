package graft

import (
	"math"
	"strconv"

	"github.com/graftjson/graft/internal/wire"
)

// Building values without parsing. Every New… function adds one value to the
// arena, unattached: put it in place with Set, AppendItem, InsertItem or
// SetItem. Text is written in its JSON form once, so printing copies it.

func (d *Doc) newNode(n node) uint32 {
	if len(d.nodes) == 0 {
		d.nodes = append(d.nodes, node{})
	}
	if len(d.nodes) > maxNodeIndex {
		panic("graft: arena node index overflow")
	}
	d.nodes = append(d.nodes, n)
	return uint32(len(d.nodes) - 1)
}

// newText adds a scalar of the given kind whose text is d.buf[off:], just
// appended by the caller.
func (d *Doc) newText(kind Kind, flags uint32, off int) Ref {
	if len(d.buf) > MaxArenaBytes {
		panic("graft: arena text exceeds 4 GiB")
	}
	return Ref(d.newNode(node{meta: uint32(kind) | flags, off: uint32(off), child: uint32(len(d.buf) - off)}))
}

// appendText appends t to the arena's text and adds a scalar holding it.
func (d *Doc) appendText(kind Kind, flags uint32, t string) Ref {
	off := len(d.buf)
	d.buf = append(d.buf, t...)
	return d.newText(kind, flags, off)
}

// NewObject adds an empty object.
func (d *Doc) NewObject() Ref { return Ref(d.newNode(node{meta: uint32(Object)})) }

// NewArray adds an empty array.
func (d *Doc) NewArray() Ref { return Ref(d.newNode(node{meta: uint32(Array)})) }

// NewNull adds null.
func (d *Doc) NewNull() Ref {
	return d.appendText(Null, 0, "null")
}

// NewBool adds true or false.
func (d *Doc) NewBool(v bool) Ref {
	if v {
		return d.appendText(Bool, flagTrue, "true")
	}
	return d.appendText(Bool, 0, "false")
}

// NewString adds a string holding s, escaped as JSON requires (the quote,
// the backslash and control characters; nothing else). Bytes of s that are
// not UTF-8 become U+FFFD.
func (d *Doc) NewString(s string) Ref {
	off := len(d.buf)
	d.buf = wire.AppendQuote(d.buf, s)
	return d.newText(String, quoteFlags(d.buf[off:], len(s)), off)
}

// quoteFlags returns flagEscaped if t, the quoted form of a string of n
// bytes, holds an escape. Every escape lengthens the text, so t needs a
// look only when it is longer than n plus its quotes (escapes, or U+FFFD
// in place of bytes that are not UTF-8).
func quoteFlags(t []byte, n int) uint32 {
	if len(t) == n+2 {
		return 0
	}
	for _, c := range t {
		if c == '\\' {
			return flagEscaped
		}
	}
	return 0
}

// NewInt adds the integer v.
func (d *Doc) NewInt(v int64) Ref {
	off := len(d.buf)
	d.buf = strconv.AppendInt(d.buf, v, 10)
	return d.newText(Number, 0, off)
}

// NewUint adds the integer v.
func (d *Doc) NewUint(v uint64) Ref {
	off := len(d.buf)
	d.buf = strconv.AppendUint(d.buf, v, 10)
	return d.newText(Number, 0, off)
}

// NewFloat adds v in the shortest form that reads back as the same float64,
// written as ECMAScript writes numbers (1e21 and beyond, and below 1e-6, in
// exponent form). NaN and the infinities are not JSON: NewFloat returns
// ErrRange for them and adds nothing.
func (d *Doc) NewFloat(v float64) (Ref, error) {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, ErrRange
	}
	off := len(d.buf)
	d.buf = wire.AppendFloat(d.buf, v)
	return d.newText(Number, 0, off), nil
}

// NewNumber adds a number written as text, which must be a JSON number
// (RFC 8259 grammar); it is kept exactly as given. Otherwise NewNumber
// returns an *Error wrapping ErrSyntax and adds nothing.
func (d *Doc) NewNumber(text string) (Ref, error) {
	if text == "" {
		return 0, &Error{Offset: 0, Reason: "empty number", Err: ErrSyntax}
	}
	c := text[0]
	if c != '-' && c-'0' >= 10 {
		return 0, &Error{Offset: 0, Reason: wire.BadNumber.String(), Err: ErrSyntax}
	}
	if end, code := wire.ScanNumber([]byte(text), 0); code != wire.OK || end != len(text) {
		return 0, &Error{Offset: int64(end), Reason: wire.BadNumber.String(), Err: ErrSyntax}
	}
	return d.appendText(Number, 0, text), nil
}

// Copy adds a deep copy of the value r (its nodes; the text is shared, as it
// never changes) and returns it, unattached. Use it to put one value in two
// places: attaching never copies, so a value attached twice is shared and an
// edit through one place shows in the other. A value shared inside r is
// copied once for each place it is in (the copy shares nothing), as it is
// printed once for each: values shared two ways at each of n levels are
// walked 2ⁿ times.
func (d *Doc) Copy(r Ref) Ref {
	if d.at(r) == nil {
		return 0
	}
	// The containers being copied are on a stack of their own, not in a
	// recursion: a value built call by call may nest millions of levels
	// deep. Each child is copied when its turn comes, linked at once into
	// its container's copy.
	var fixed [16]copyFrame
	stack := fixed[:0]
	c, f, open := d.copyHead(uint32(r))
	if open {
		stack = append(stack, f)
	}
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		k := f.k
		if k == 0 {
			stack = stack[:len(stack)-1]
			continue
		}
		f.k = d.nodes[k].next
		v, child, open := d.copyHead(d.chainValue(k))
		m := v
		if kn := d.nodes[k]; kn.isName() {
			kn.next, kn.child = 0, v
			m = d.newNode(kn)
		}
		if f.prev == 0 {
			d.nodes[f.c].child = m
		} else {
			d.nodes[f.prev].next = m
		}
		f.prev = m
		if k == f.origLast {
			d.aux[f.entry].last = m
		}
		if open {
			stack = append(stack, child) // f is stale from here
		}
	}
	return Ref(c)
}

// copyFrame is a container being copied: the chain node k of its next
// child (0: none left), its copy c and the copy's last child so far, and,
// for a grown container, its last original child and the copy's aux entry,
// which must name the copy of that child.
type copyFrame struct {
	k, c, prev, origLast uint32
	entry                int
}

// copyHead adds a copy of the head of value i, with no children, and
// returns it and, if i has children, the frame that copies them.
func (d *Doc) copyHead(i uint32) (uint32, copyFrame, bool) {
	n := d.nodes[i]
	kind := n.kind()
	n.next = 0
	if kind != Object && kind != Array {
		return d.newNode(asValue(n)), copyFrame{}, false // a scalar's child is its text length
	}
	n.child = 0
	// The copy's nodes are new: its aux entry must name its own (the last
	// original child of a grown container) or none (contains). Where the
	// Doc has no room for another entry, the copy prints child by child.
	entry := -1
	if n.meta&flagSpan != 0 && len(d.aux) >= maxAux {
		n.meta &^= flagSpan | flagGrown
	}
	if n.meta&flagSpan != 0 {
		d.aux = append(d.aux, aux{span: d.span(&n)})
		entry = len(d.aux) - 1
		n.meta = n.meta&(1<<payloadShift-1) | uint32(entry)<<payloadShift
	}
	origLast := uint32(0)
	if n.meta&flagGrown != 0 {
		origLast = d.origLast(&d.nodes[i])
	}
	c := d.newNode(n)
	f := copyFrame{k: d.nodes[i].child, c: c, origLast: origLast, entry: entry}
	return c, f, f.k != 0
}
