package stream

import (
	"bufio"
	"io"
)

// Compact reads the one JSON value in src, validating it as Validate does,
// and writes it to dst without whitespace, as encoding/json.Compact writes
// it: strings and numbers are copied byte for byte. Nothing is built, and
// memory is that of Validate plus a 64 KiB output buffer, whatever the
// size of the input.
//
// Output goes out as the input is read: on an error, what came before it
// was written (cut anywhere, not valid JSON). The error is the one
// Validate returns, or the error of dst.
func Compact(dst io.Writer, src io.Reader, opts Options) error {
	return format(dst, src, &printer{}, opts)
}

// Indent is Compact with one member or item per line, each level indented
// by indent, as encoding/json.Indent writes it with no prefix (empty
// objects and arrays stay "{}" and "[]").
func Indent(dst io.Writer, src io.Reader, indent string, opts Options) error {
	return format(dst, src, &printer{indented: true, indent: indent}, opts)
}

func format(dst io.Writer, src io.Reader, p *printer, opts Options) error {
	opts.Mode, opts.Path = Array, ""
	r := NewReader(src, opts)
	p.w = bufio.NewWriterSize(dst, 64<<10)
	r.out = p
	if r.skip(0, true) {
		p.flush(r.buf, r.pos)
		r.out = nil
		r.finish()
	}
	if err := p.w.Flush(); p.err == nil {
		p.err = err
	}
	if r.err == nil && p.err != nil {
		return p.err
	}
	return r.err
}

// printer is where Format writes: the bytes of the window from mark on are
// pending, copied when the window moves past them or whitespace is
// dropped, so that tokens go out as read, however long.
type printer struct {
	w        *bufio.Writer
	indented bool
	indent   string
	mark     int // window index of the first byte not yet written
	err      error
	nl       []byte // "\n" and the indentation of the current level
}

// flush writes buf[mark:end], if mark is before end.
func (p *printer) flush(buf []byte, end int) {
	if end > p.mark {
		if p.err == nil {
			_, p.err = p.w.Write(buf[p.mark:end])
		}
		p.mark = end
	}
}

// insert writes the pending bytes up to end, then c.
func (p *printer) insert(buf []byte, end int, c byte) {
	p.flush(buf, end)
	if p.err == nil {
		p.err = p.w.WriteByte(c)
	}
}

// newline writes the pending bytes, then a line break and the indentation
// of depth levels, when indenting.
func (r *Reader) newline(depth int) {
	p := r.out
	if p == nil || !p.indented {
		return
	}
	p.flush(r.buf, r.pos)
	p.nl = append(p.nl[:0], '\n')
	for range depth {
		p.nl = append(p.nl, p.indent...)
	}
	if p.err == nil {
		_, p.err = p.w.Write(p.nl)
	}
}
