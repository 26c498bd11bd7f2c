package stream

import (
	"bytes"
	"io"
	"math"
	"strconv"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/internal/wire"
)

// The window: r.buf holds the input from stream offset r.base on; bytes
// before r.pos are consumed. fill drops a prefix of the window, moves the
// rest to the front and reads more after it, so the window only holds what
// is still needed: the item being found, or the token being scanned.

// fill drops the first keep bytes of the window (everything before them
// is consumed) and reads more input after the rest, growing the window only
// if the rest fills it. Indices into r.buf move down by keep: fill adjusts
// r.pos, callers adjust their own. It reports whether new bytes arrived;
// false means the end of the input (r.eof) or a read error (r.rerr).
func (r *Reader) fill(keep int) bool {
	if r.out != nil {
		r.out.flush(r.buf, keep)
		r.out.mark = max(r.out.mark-keep, 0)
	}
	if keep > 0 {
		dropped := r.buf[:keep]
		if n := bytes.Count(dropped, nl); n > 0 {
			r.lines += n
			r.lineStart = r.base + int64(bytes.LastIndexByte(dropped, '\n')) + 1
		}
		r.base += int64(keep)
		r.buf = r.buf[:copy(r.buf, r.buf[keep:])]
		r.pos -= keep
	}
	if r.eof || r.rerr != nil {
		return false
	}
	if len(r.buf) == cap(r.buf) {
		r.grow()
	}
	for empty := 0; ; empty++ {
		n, err := r.src.Read(r.buf[len(r.buf):cap(r.buf)])
		r.buf = r.buf[:len(r.buf)+n]
		if err == io.EOF {
			r.eof = true
		} else if err != nil {
			r.rerr = err
		}
		if n > 0 {
			return true
		}
		if err != nil {
			return false
		}
		if empty == 100 {
			r.rerr = io.ErrNoProgress
			return false
		}
	}
}

// grow doubles the full window up to a quarter of the largest one the
// limits can use (windowMax), and from there goes to that at once: the
// window never takes much more than the limit, and the copy of the last
// step needs at most one and a half times that.
func (r *Reader) grow() {
	c := r.windowMax()
	if n := cap(r.buf); n < c/4 || n >= c { // n >= c: not reached, every scan fails first
		c = 2 * n
	}
	nb := make([]byte, len(r.buf), c)
	copy(nb, r.buf)
	r.buf = nb
}

// windowMax is the largest window the limits can use: a scan fails once
// more than MaxItemBytes of one item (or of one line, or of one number) is
// in the window (having read at most lookahead bytes more), and in
// Sequence mode once whitespace after a text passes MaxItemBytes more. A
// member name on the path is read whole to be compared, so the window may
// need to hold one as long as six times the token (every byte escaped).
// Any read needs room for more than minBuffer bytes past that.
func (r *Reader) windowMax() int {
	n := int64(r.opts.MaxItemBytes)
	if r.form == Sequence {
		n *= 2
	}
	return int(min(max(n, r.nameRoom)+2*minBuffer, math.MaxInt))
}

var nl = []byte{'\n'}

// more reports whether the input may hold bytes past the window.
func (r *Reader) more() bool { return !r.eof && r.rerr == nil }

// position returns the 1-based line and byte column of stream offset off,
// which lies in the window (or at its end).
func (r *Reader) position(off int64) (line, col int) {
	i := int(off - r.base)
	if i > len(r.buf) {
		i = len(r.buf)
	}
	seen := r.buf[:i]
	start := r.lineStart
	n := bytes.Count(seen, nl)
	if n > 0 {
		start = r.base + int64(bytes.LastIndexByte(seen, '\n')) + 1
	}
	return r.lines + n + 1, int(off-start) + 1
}

// fail ends the stream with an error at window index i. Once the first
// item was delivered, the reason says how many were. A syntax error that a
// common mistake explains better says so; a limit is not one (an item cut
// at its limit may well end in "01").
func (r *Reader) fail(i int, reason string, sentinel error) bool {
	if sentinel == graft.ErrSyntax {
		// Enough of the input's first bytes to tell a byte order mark,
		// which PlainReason names, whatever the sizes of the reads.
		for r.base+int64(i) == 0 && i < len(r.buf) && r.buf[i] == 0xEF && len(r.buf)-i < 3 && r.more() {
			r.fill(i)
		}
		reason = wire.PlainReason(r.buf, i, r.base+int64(i) == 0, reason)
	}
	return r.failAt(r.base+int64(i), reason, sentinel, "")
}

func (r *Reader) failAt(off int64, reason string, sentinel error, pointer string) bool {
	line, col := r.position(off)
	return r.failPos(off, line, col, reason, sentinel, pointer)
}

// failPos is failAt at a position already known: off need not be in the
// window.
func (r *Reader) failPos(off int64, line, col int, reason string, sentinel error, pointer string) bool {
	switch {
	case r.count == 1:
		reason += " (after 1 item)"
	case r.count > 1:
		reason += " (after " + strconv.Itoa(r.count) + " items)"
	}
	r.err = &graft.Error{Offset: off, Line: line, Column: col, Pointer: pointer, Reason: reason, Err: sentinel}
	r.state = stDone
	return false
}

// ended reports the end of the input where more was needed: the read error
// as it came, or a syntax error at the end of the input.
func (r *Reader) ended(reason string) bool {
	if r.rerr != nil {
		r.err = r.rerr
		r.state = stDone
		return false
	}
	return r.fail(len(r.buf), "unexpected end of input"+reason, graft.ErrSyntax)
}

// itemError rebases an error of Doc.Parse on the item at window index
// start to the stream.
func (r *Reader) itemError(start int, err error) bool {
	ge, ok := err.(*graft.Error)
	if !ok {
		return r.fail(start, err.Error(), graft.ErrSyntax)
	}
	if ge.Offset < 0 { // a limit of the whole item
		return r.fail(start, ge.Reason, ge.Err)
	}
	return r.failAt(r.base+int64(start)+ge.Offset, ge.Reason, ge.Err, "")
}

// describe renders the byte at window index i for a message.
func (r *Reader) describe(i int) string {
	if i >= len(r.buf) {
		return "end of input"
	}
	c := r.buf[i]
	if c >= 0x20 && c < 0x7F {
		return strconv.QuoteRune(rune(c))
	}
	return "byte 0x" + strconv.FormatUint(uint64(c)|0x100, 16)[1:]
}
