package graft

import (
	"io"
	"slices"
	"sync"
)

// AppendJSON appends the compact JSON text of r to dst and returns the
// extended buffer. Strings and numbers are copied exactly as received or
// built, member order is kept, and a value nobody edited since it was parsed
// is copied in one piece. An invalid r appends nothing.
func (d *Doc) AppendJSON(dst []byte, r Ref) []byte {
	if d.at(r) == nil {
		return dst
	}
	var hint int
	return d.appendCompact(dst, uint32(r), &hint, 0)
}

// appendCompact appends the text of node i, depth levels down the print.
// hint carries the position of the last edits lookup from container to
// container (see clean). It recurses once per level, and from maxRecursion
// levels on goes on with appendCompactDeep, which keeps a stack of its own.
func (d *Doc) appendCompact(dst []byte, i uint32, hint *int, depth int) []byte {
	if depth == maxRecursion {
		return d.appendCompactDeep(dst, i, hint)
	}
	n := &d.nodes[i]
	kind := n.kind()
	if kind != Object && kind != Array {
		return append(dst, d.buf[n.off:n.off+n.textLen()]...)
	}
	if n.meta&flagGrown != 0 {
		if out, ok := d.appendGrown(dst, n, hint); ok {
			return out
		}
	}
	k, sep := n.child, false
	switch mode, a := d.printMode(n, hint); mode {
	case printSpan:
		return append(dst, d.buf[n.off:n.off+a.span]...)
	case printPrefix:
		// The original children as parsed, then the appended ones.
		dst = append(dst, d.buf[n.off:n.off+a.span-1]...)
		if a.last != 0 {
			k, sep = d.nodes[a.last].next, true
		}
	default:
		dst = append(dst, opener(kind))
	}
	obj := kind == Object
	for k != 0 {
		if sep {
			dst = append(dst, ',')
		}
		sep = true
		// An item that is a grown container (an entity a merge added to)
		// prints as such (of values, only containers have the bit of
		// flagGrown set); other children whose texts follow each other in
		// the arena, comma between, print as one copy: members moved in
		// from one input by a merge, for one.
		kn := &d.nodes[k]
		v := kn.child // a member's value
		if !obj {
			if v = d.resolve(k); d.nodes[v].meta&flagGrown != 0 {
				out, ok := d.appendGrown(dst, &d.nodes[v], hint)
				if !ok {
					out = d.appendCompact(dst, v, hint, depth+1)
				}
				dst, k = out, kn.next
				continue
			}
		}
		// A member's value away from its name (moved or replaced by an
		// edit, or the name built) is not the start of a run.
		if !obj || d.nodes[v].off == kn.off+kn.textLen()+1 {
			if start, end, next := d.textRun(obj, k, hint); next != k {
				dst = append(dst, d.buf[start:end]...)
				k = next
				continue
			}
		}
		if obj {
			dst = d.appendName(dst, kn)
		}
		if vn := &d.nodes[v]; vn.kind() != Object && vn.kind() != Array {
			dst = append(dst, d.buf[vn.off:vn.off+vn.textLen()]...)
		} else {
			dst = d.appendCompact(dst, v, hint, depth+1)
		}
		k = kn.next
	}
	return append(dst, opener(kind)+2)
}

// appendName appends member name kn and a colon: the colon that follows a
// parsed name in the arena's text with it.
func (d *Doc) appendName(dst []byte, kn *node) []byte {
	end := kn.off + kn.textLen()
	if end < uint32(len(d.buf)) && d.buf[end] == ':' {
		return append(dst, d.buf[kn.off:end+1]...)
	}
	dst = append(dst, d.buf[kn.off:end]...)
	return append(dst, ':')
}

// appendCompactDeep is appendCompact for values nested deeper than
// maxRecursion levels (see nest.go): it keeps the open containers on a
// stack of its own, on the heap.
func (d *Doc) appendCompactDeep(dst []byte, v uint32, hint *int) []byte {
	var stack []printFrame // the open containers around f
	var f printFrame       // the innermost open container, if open > 0
	open := 0
	for {
		// Print v whole, or its start, and open it.
		n := &d.nodes[v]
		kind := n.kind()
		if kind != Object && kind != Array {
			dst = append(dst, d.buf[n.off:n.off+n.textLen()]...)
		} else if out, ok := d.appendGrown(dst, n, hint); ok {
			dst = out
		} else {
			g, walk := printFrame{k: n.child, obj: kind == Object}, true
			switch mode, a := d.printMode(n, hint); mode {
			case printSpan:
				dst = append(dst, d.buf[n.off:n.off+a.span]...)
				walk = false
			case printPrefix:
				// The original children as parsed, then the appended ones.
				dst = append(dst, d.buf[n.off:n.off+a.span-1]...)
				if a.last != 0 {
					g.k, g.sep = d.nodes[a.last].next, true
				}
			default:
				dst = append(dst, opener(kind))
			}
			if walk {
				if open > 0 {
					stack = append(stack, f)
				}
				f = g
				open++
			}
		}
		// The next value to print: a child of the innermost open container,
		// after the children that print as their text; a container whose
		// children are done is closed.
		for v = 0; v == 0; {
			if open == 0 {
				return dst
			}
			if f.k == 0 {
				dst = append(dst, closer(f.obj))
				if open--; open > 0 {
					f = stack[len(stack)-1]
					stack = stack[:len(stack)-1]
				}
				continue
			}
			if f.sep {
				dst = append(dst, ',')
			}
			f.sep = true
			// An item that is a grown container (an entity a merge added
			// to) prints as such (of values, only containers have the bit
			// of flagGrown set); other children whose texts follow each
			// other in the arena, comma between, print as one copy: members
			// moved in from one input by a merge, for one.
			k := f.k
			kn := &d.nodes[k]
			f.k = kn.next
			if !f.obj {
				if v = d.resolve(k); d.nodes[v].meta&flagGrown != 0 {
					break
				}
			}
			if start, end, next := d.textRun(f.obj, k, hint); next != k {
				dst = append(dst, d.buf[start:end]...)
				f.k, v = next, 0
				continue
			}
			if f.obj {
				dst = append(dst, d.buf[kn.off:kn.off+kn.textLen()]...)
				dst = append(dst, ':')
				v = kn.child
			}
		}
	}
}

// printFrame is a container open in a print: the chain node of its next
// child (0: none left), whether it is an object, and whether a comma goes
// before the next child.
type printFrame struct {
	k        uint32
	obj, sep bool
}

// textRun returns the text range [start, end) of the children from chain
// node k on that print as the bytes there, one after another with a comma
// between, and the child after them; next == k if k itself does not print
// so.
func (d *Doc) textRun(obj bool, k uint32, hint *int) (start, end, next uint32) {
	start, end, ok := d.childText(obj, k, hint)
	if !ok {
		return 0, 0, k
	}
	next = d.nodes[k].next
	for next != 0 && end < uint32(len(d.buf)) && d.buf[end] == ',' {
		s, e, ok := d.childText(obj, next, hint)
		if !ok || s != end+1 {
			break
		}
		end, next = e, d.nodes[next].next
	}
	return start, end, next
}

// childText returns the text range of chain node k when what it prints is
// the bytes there: an item, or a member whose value follows its name and a
// colon, whose value prints as its own text.
func (d *Doc) childText(obj bool, k uint32, hint *int) (start, end uint32, ok bool) {
	var v uint32
	if obj {
		kn := &d.nodes[k]
		nameEnd := kn.off + kn.textLen()
		v = kn.child
		if d.nodes[v].off != nameEnd+1 || nameEnd >= uint32(len(d.buf)) || d.buf[nameEnd] != ':' {
			return 0, 0, false
		}
		start = kn.off
	} else {
		v = d.resolve(k)
		start = d.nodes[v].off
	}
	vn := &d.nodes[v]
	if kind := vn.kind(); kind == Object || kind == Array {
		if vn.meta&(flagSpan|flagGrown) != flagSpan || !d.clean(vn.off, vn.off+d.span(vn), hint) {
			return 0, 0, false
		}
		return start, vn.off + d.span(vn), true
	}
	return start, vn.off + vn.textLen(), true
}

// appendGrown appends object n if it prints as the text it was parsed
// with but its closer, then the members a merge appended to it in one
// link, all those of one parsed object s, as parsed and unedited: the
// usual entity merge. If n does not print so, ok is false and dst is
// returned as it was. Hint, not nil, is clean's.
//
// s itself is the merge's consumed source, empty by now (see unspan), but
// its text and container entry still describe those members. A change to
// a member's value is recorded in s's span; a member moved or appended
// through the container they moved to is not, and the walk rules that
// out: each member must be the node parsed after the last node of the one
// before, and the last member the one that ends s. An edit through s is
// recorded at s's offset (see changed), and a member's container value
// that a merge emptied (unspan) rules the text out too.
func (d *Doc) appendGrown(dst []byte, n *node, hint *int) (out []byte, ok bool) {
	if n.meta&(kindMask|flagSpan|flagGrown) != uint32(Object)|flagSpan|flagGrown {
		return dst, false
	}
	nodes, entries := d.nodes, d.aux
	a := entries[n.payload()]
	k, sep := n.child, uint32(0)
	if a.last != 0 {
		k, sep = nodes[a.last].next, 1
	}
	// s was parsed with members (its entry's last node comes after it), so
	// node k, the one after s, is its first member.
	if k < 2 {
		return dst, false
	}
	s := &nodes[k-1]
	if s.meta&(kindMask|flagParsed|flagGrown) != uint32(Object)|flagParsed {
		return dst, false
	}
	sa := entries[s.payload()]
	for m := k; m < sa.last; {
		mn := &nodes[m]
		last := m + 1 // the member's last node: its value, if a scalar
		if vn := &nodes[m+1]; vn.kind() == Object || vn.kind() == Array {
			if vn.meta&flagSpan == 0 {
				return dst, false // a merge moved its members (see unspan)
			}
			last = entries[vn.payload()].last
		}
		if last >= sa.last { // the member that ends s (or a value edited since)
			ok = mn.next == 0
			break
		}
		if mn.next != last+1 {
			return dst, false
		}
		m = mn.next
	}
	if !ok {
		return dst, false
	}
	// Asked without a call where the answers are the usual ones: n's text
	// before the next edit after its own (the hint moves on from target to
	// target), and s's past every edit (the edits a merge records are its
	// targets' and its source's, which come before s).
	e, late := d.spans.edits, len(d.spans.late) != 0
	nClean, known := false, false
	if j := *hint + 1; !late && j < len(e) && e[j-1] <= n.off && n.off < e[j] {
		*hint, nClean, known = j, n.off+a.span <= e[j], true
	}
	sClean := !late && (len(e) == 0 || s.off > e[len(e)-1])
	if !nClean && (known || !d.clean(n.off+1, n.off+a.span, hint)) || !sClean && !d.clean(s.off, s.off+sa.span, hint) {
		return dst, false
	}
	// The text before the closer, a comma if n had members, and the moved
	// members' text, closer included: one growth of dst.
	prefix := d.buf[n.off : n.off+a.span-1]
	moved := d.buf[s.off+1 : s.off+sa.span]
	at := len(dst)
	dst = slices.Grow(dst, len(prefix)+int(sep)+len(moved))[:at+len(prefix)+int(sep)+len(moved)]
	copy(dst[at:], prefix)
	if sep != 0 {
		dst[at+len(prefix)] = ','
	}
	copy(dst[at+len(prefix)+int(sep):], moved)
	return dst, true
}

// opener returns '{' or '['; adding 2 gives the closer.
func opener(k Kind) byte {
	if k == Object {
		return '{'
	}
	return '['
}

// closer returns '}' or ']'.
func closer(obj bool) byte {
	if obj {
		return '}'
	}
	return ']'
}

// AppendIndent appends the JSON text of r to dst with each member and item
// on its own line, starting with prefix and then one indent per level of
// nesting, byte for byte as encoding/json.Indent would print the compact
// text. Scalars are copied as received.
func (d *Doc) AppendIndent(dst []byte, r Ref, prefix, indent string) []byte {
	if d.at(r) == nil {
		return dst
	}
	return d.appendIndent(dst, uint32(r), prefix, indent, 0)
}

// appendIndent appends the indented text of node i, depth levels down. It
// recurses once per level, and from maxRecursion levels on goes on with
// appendIndentDeep.
func (d *Doc) appendIndent(dst []byte, i uint32, prefix, indent string, depth int) []byte {
	if depth == maxRecursion {
		return d.appendIndentDeep(dst, i, prefix, indent, depth)
	}
	n := &d.nodes[i]
	kind := n.kind()
	if kind != Object && kind != Array {
		return append(dst, d.buf[n.off:n.off+n.textLen()]...)
	}
	open := opener(kind)
	close := open + 2
	dst = append(dst, open)
	if n.child == 0 {
		return append(dst, close)
	}
	for k := n.child; k != 0; k = d.nodes[k].next {
		if k != n.child {
			dst = append(dst, ',')
		}
		dst = newline(dst, prefix, indent, depth+1)
		v := d.resolve(k)
		if kind == Object {
			kn := &d.nodes[k]
			dst = append(dst, d.buf[kn.off:kn.off+kn.textLen()]...)
			dst = append(dst, ':', ' ')
			v = kn.child
		}
		dst = d.appendIndent(dst, v, prefix, indent, depth+1)
	}
	dst = newline(dst, prefix, indent, depth)
	return append(dst, close)
}

// appendIndentDeep is appendIndent for values nested deeper than
// maxRecursion levels, with a stack of open containers of its own: v is
// depth levels down.
func (d *Doc) appendIndentDeep(dst []byte, v uint32, prefix, indent string, depth int) []byte {
	var stack []printFrame
	for {
		n := &d.nodes[v]
		switch kind := n.kind(); {
		case kind != Object && kind != Array:
			dst = append(dst, d.buf[n.off:n.off+n.textLen()]...)
		case n.child == 0:
			dst = append(dst, opener(kind), opener(kind)+2)
		default:
			dst = append(dst, opener(kind))
			stack = append(stack, printFrame{k: n.child, obj: kind == Object})
		}
		for v = 0; v == 0; {
			if len(stack) == 0 {
				return dst
			}
			f := &stack[len(stack)-1]
			if f.k == 0 {
				stack = stack[:len(stack)-1]
				dst = newline(dst, prefix, indent, depth+len(stack))
				dst = append(dst, closer(f.obj))
				continue
			}
			if f.sep {
				dst = append(dst, ',')
			}
			f.sep = true
			dst = newline(dst, prefix, indent, depth+len(stack))
			k := f.k
			f.k = d.nodes[k].next
			v = d.resolve(k)
			if f.obj {
				kn := &d.nodes[k]
				dst = append(dst, d.buf[kn.off:kn.off+kn.textLen()]...)
				dst = append(dst, ':', ' ')
				v = kn.child
			}
		}
	}
}

func newline(dst []byte, prefix, indent string, depth int) []byte {
	dst = append(dst, '\n')
	dst = append(dst, prefix...)
	for ; depth > 0 && indent != ""; depth-- {
		dst = append(dst, indent...)
	}
	return dst
}

var writeBufs = sync.Pool{New: func() any { b := make([]byte, 0, 16<<10); return &b }}

// maxWriteBuf is the largest buffer the writers keep in their pool.
const maxWriteBuf = 1 << 20

// WriteJSON writes the compact JSON text of r to w (see AppendJSON) in one
// Write call, using a pooled buffer (one that had to grow past 1 MiB is
// not kept). It returns the error of w, or io.ErrShortWrite if w took only
// part of the text without one; what w took is then all that was written.
func (d *Doc) WriteJSON(w io.Writer, r Ref) error {
	return d.write(w, r, writeCompact, "", "")
}

// WriteIndent writes the indented JSON text of r to w (see AppendIndent),
// followed by nothing: callers add a newline if they want one. Buffer and
// errors are those of WriteJSON.
func (d *Doc) WriteIndent(w io.Writer, r Ref, prefix, indent string) error {
	return d.write(w, r, writeIndent, prefix, indent)
}

// the forms write writes
const (
	writeCompact = iota
	writeIndent
	writeCanonical
)

func (d *Doc) write(w io.Writer, r Ref, form int, prefix, indent string) error {
	if d.stale(r) {
		return errStale
	}
	bp := writeBufs.Get().(*[]byte)
	b, err := (*bp)[:0], error(nil)
	switch form {
	case writeCompact:
		b = d.AppendJSON(b, r)
	case writeIndent:
		b = d.AppendIndent(b, r, prefix, indent)
	default:
		b, err = d.AppendCanonical(b, r)
	}
	if err == nil {
		var n int
		if n, err = w.Write(b); err == nil && n < len(b) {
			err = io.ErrShortWrite
		}
	}
	if cap(b) <= maxWriteBuf {
		*bp = b[:0]
		writeBufs.Put(bp)
	}
	return err
}
