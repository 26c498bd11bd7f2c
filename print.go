package graft

import (
	"io"
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
	return d.appendCompact(dst, uint32(r))
}

func (d *Doc) appendCompact(dst []byte, i uint32) []byte {
	n := &d.nodes[i]
	kind := n.kind()
	if kind != Object && kind != Array {
		return append(dst, d.buf[n.off:n.off+n.textLen()]...)
	}
	k, sep := n.child, false
	switch d.printMode(n) {
	case printSpan:
		return append(dst, d.buf[n.off:n.off+d.span(n)]...)
	case printPrefix:
		// The original children as parsed, then the appended ones.
		dst = append(dst, d.buf[n.off:n.off+d.span(n)-1]...)
		count := d.origCount(n)
		for c := count; c > 0; c-- {
			k = d.nodes[k].next
		}
		sep = count > 0
	default:
		dst = append(dst, opener(kind))
	}
	for ; k != 0; k = d.nodes[k].next {
		if sep {
			dst = append(dst, ',')
		}
		sep = true
		if kind == Object {
			kn := &d.nodes[k]
			dst = append(dst, d.buf[kn.off:kn.off+kn.textLen()]...)
			dst = append(dst, ':')
			dst = d.appendCompact(dst, kn.child)
		} else {
			dst = d.appendCompact(dst, d.resolve(k))
		}
	}
	return append(dst, opener(kind)+2)
}

// opener returns '{' or '['; adding 2 gives the closer.
func opener(k Kind) byte {
	if k == Object {
		return '{'
	}
	return '['
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

func (d *Doc) appendIndent(dst []byte, i uint32, prefix, indent string, depth int) []byte {
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

func newline(dst []byte, prefix, indent string, depth int) []byte {
	dst = append(dst, '\n')
	dst = append(dst, prefix...)
	for ; depth > 0; depth-- {
		dst = append(dst, indent...)
	}
	return dst
}

var writeBufs = sync.Pool{New: func() any { b := make([]byte, 0, 16<<10); return &b }}

// WriteJSON writes the compact JSON text of r to w (see AppendJSON) in one
// Write call, using a pooled buffer.
func (d *Doc) WriteJSON(w io.Writer, r Ref) error {
	return d.write(w, r, false, "", "")
}

// WriteIndent writes the indented JSON text of r to w (see AppendIndent),
// followed by nothing: callers add a newline if they want one.
func (d *Doc) WriteIndent(w io.Writer, r Ref, prefix, indent string) error {
	return d.write(w, r, true, prefix, indent)
}

func (d *Doc) write(w io.Writer, r Ref, indented bool, prefix, indent string) error {
	bp := writeBufs.Get().(*[]byte)
	var b []byte
	if !indented {
		b = d.AppendJSON((*bp)[:0], r)
	} else {
		b = d.AppendIndent((*bp)[:0], r, prefix, indent)
	}
	_, err := w.Write(b)
	if cap(b) <= 1<<20 {
		*bp = b[:0]
		writeBufs.Put(bp)
	}
	return err
}
