package stream

import (
	"bytes"
	"cmp"
	"strings"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/internal/wire"
)

// Finding items. The bytes of an item are found first and parsed by
// Doc.Parse in one piece, which validates them: in Array and Concatenated
// mode by a structural scan (brackets outside strings, strings to their
// closing quote) that the window grows for, in Lines mode by the line feed,
// in Sequence mode by the record separator.

// nextArray delivers the next item of the array at the path.
func (r *Reader) nextArray() bool {
	if r.state == stStart {
		if !r.walk() {
			return false
		}
		r.begin()
	}
	c, ok := r.peek()
	switch {
	case !ok && r.state == stAfter:
		return r.ended(" inside an array")
	case !ok:
		return r.ended(", expected a value")
	case c == ']':
		return r.endArray()
	}
	if r.state == stAfter {
		if c != ',' {
			return r.afterItem('[')
		}
		r.pos++
		if _, ok = r.peek(); !ok {
			return r.ended(", expected a value")
		}
	}
	return r.value()
}

// endArray reads the closing bracket at r.pos and validates the rest of
// the input.
func (r *Reader) endArray() bool {
	r.pos++
	r.stack = r.stack[:len(r.stack)-1]
	r.tail = true
	if !r.skip(0, false) {
		return false
	}
	return r.finish()
}

// finish checks that only whitespace is left.
func (r *Reader) finish() bool {
	if _, ok := r.peek(); ok {
		return r.fail(r.pos, "invalid character "+r.describe(r.pos)+" after the top-level value", graft.ErrSyntax)
	}
	if r.rerr != nil {
		return r.ended("")
	}
	r.state = stDone
	return false
}

// nextValue delivers the next of a run of concatenated values.
func (r *Reader) nextValue() bool {
	if _, ok := r.peek(); !ok {
		return r.finish()
	}
	return r.value()
}

// nextLine delivers the value on the next line that is not blank.
func (r *Reader) nextLine() bool {
	for {
		if r.pos == len(r.buf) && !r.fill(r.pos) {
			return r.finish()
		}
		i, ok := r.find('\n', "line", 0)
		if !ok {
			return false
		}
		next := i
		if i < len(r.buf) {
			next++
		}
		if start, end := trim(r.buf, r.pos, i); start < end {
			r.pos = next
			return r.deliver(start, end, r.cut(i, "line"))
		}
		r.pos = next
	}
}

// rs is the record separator that starts each text of an RFC 7464
// sequence.
const rs = 0x1E

// nextRecord delivers the next text of a JSON text sequence. Empty texts
// (RS RS, or RS and whitespace) are skipped, as RFC 7464 asks.
func (r *Reader) nextRecord() bool {
	for {
		if r.pos == len(r.buf) && !r.fill(r.pos) {
			return r.finish()
		}
		if r.buf[r.pos] != rs {
			return r.fail(r.pos, "expected a record separator (0x1e) before a JSON text, found "+r.describe(r.pos), graft.ErrSyntax)
		}
		r.pos++
		// The whitespace before the text is skipped as it is read, and
		// up to MaxItemBytes of it may follow: the limit is on the text.
		if c, ok := r.peek(); !ok || c == rs {
			continue
		}
		i, ok := r.find(rs, "JSON text", r.opts.MaxItemBytes)
		if !ok {
			return false
		}
		start, end := trim(r.buf, r.pos, i)
		r.pos = i
		if !r.deliver(start, end, r.cut(i, "JSON text")) {
			return false
		}
		// RFC 7464, section 2.4: a number or literal with nothing after it
		// may have been cut short.
		if k := r.doc.Kind(r.item); end == i && (k == graft.Number || k == graft.Bool || k == graft.Null) {
			r.count--
			r.item = 0
			return r.fail(end, "a top-level "+k.String()+" must be followed by whitespace in a JSON text sequence (it may be truncated)", graft.ErrSyntax)
		}
		return true
	}
}

// find returns the window index of the next byte c at or after r.pos (or
// the end of the input), reading as needed. what names the piece of input
// that ends at c, for the size limit: the piece may hold at most
// MaxItemBytes, and then pad bytes more of whitespace.
func (r *Reader) find(c byte, what string, pad int) (int, bool) {
	i, limit := r.pos, r.opts.MaxItemBytes
	spaces := limit // r.buf[r.pos+limit : r.pos+spaces] is whitespace
	for {
		if k := bytes.IndexByte(r.buf[i:], c); k >= 0 {
			i += k
		} else {
			i = len(r.buf)
		}
		if n := i - r.pos; n > limit {
			// Past the limit, the piece may hold pad bytes of whitespace;
			// one more tells whether there is too much of it (or a
			// longer text).
			most := limit + pad
			if pad > 0 {
				most++
			}
			for spaces < n && spaces < most && wire.IsSpace(r.buf[r.pos+spaces]) {
				spaces++
			}
			switch {
			case pad > 0 && spaces > limit+pad:
				return 0, r.overSpace(limit+pad+1, what)
			case spaces == n:
			default:
				return 0, r.longer(what, c, i)
			}
		}
		if i < len(r.buf) {
			return i, true
		}
		var more bool
		if i, more = r.refill(i); !more {
			return r.atEnd()
		}
	}
}

// longer fails on the piece of input (what: a line, a JSON text) at r.pos
// that the byte sep ends, longer than MaxItemBytes: where it crosses the
// limit, unless its text holds a syntax error before that point, which is
// then the first error in the input, reported as a parse of the text
// reports it (with its own offset). The window holds the piece up to
// index i, past the limit.
//
// Up to lookahead bytes past the limit are read (see ahead). The text is
// the piece without the whitespace around it, so where the bytes held end
// in whitespace, the text may end there (an array or a string not closed
// is an error there) or go on: both are validated, and where they
// disagree, the whitespace is read on, and not kept, to find out.
func (r *Reader) longer(what string, sep byte, i int) bool {
	end, cut := r.ahead(i, int(sep))
	at := r.pos + r.opts.MaxItemBytes
	limit := r.failure(at, r.longerThan(what), graft.ErrLimit)
	start, w := trim(r.buf, r.pos, end)
	if cut && w == end { // no whitespace at the cut: the text goes on
		return r.failText(cmp.Or(r.firstError(start, end, at, true), limit), false, what)
	}
	ends := cmp.Or(r.firstError(start, w, at, false), limit) // the text ends at w
	if !cut {
		return r.failText(ends, end < len(r.buf), what)
	}
	goesOn := cmp.Or(r.firstError(start, end, at, true), limit)
	if ends.same(goesOn) {
		return r.failText(goesOn, false, what)
	}
	j := r.spaceTo(end, sep)
	switch {
	case j < len(r.buf) && r.buf[j] != sep:
		return r.failText(goesOn, false, what)
	case j >= len(r.buf) && r.rerr != nil:
		return r.ended("")
	}
	return r.failText(ends, j < len(r.buf), what)
}

// failure is an error found in the window before it is reported, maybe
// after the window moved on.
type failure struct {
	graft.Error
	// atEnd: at the end of the text validated, where "end of input" is
	// the end of a line or a JSON text if a separator follows.
	atEnd bool
}

// same reports whether f and g are one error, whatever ends the text.
func (f *failure) same(g *failure) bool {
	return !f.atEnd && !g.atEnd && f.Offset == g.Offset && f.Reason == g.Reason && f.Err == g.Err
}

// failure returns the error at window index i, to be reported later.
func (r *Reader) failure(i int, reason string, sentinel error) *failure {
	f := &failure{Error: graft.Error{Offset: r.base + int64(i), Reason: reason, Err: sentinel}}
	f.Line, f.Column = r.position(f.Offset)
	return f
}

// firstError validates the text r.buf[start:end] (cut: it may go on past
// end) as Validate does it, through a small window of its own, not parsed
// (an item over the limit is never built), and returns its error if the
// error lies before window index at, or nil. Where the text is cut, a
// scanner may report an error that the cut causes up to lookahead bytes
// before it (an escape or a UTF-8 sequence cut short, reported where it
// starts), which does not count: the callers read lookahead bytes past at
// where the input has them (see ahead).
func (r *Reader) firstError(start, end, at int, cut bool) *failure {
	ge, ok := r.validate(r.buf[start:end]).(*graft.Error)
	if !ok || ge.Offset < 0 || ge.Offset >= int64(at-start) || cut && ge.Offset+lookahead >= int64(end-start) {
		return nil
	}
	f := r.failure(start+int(ge.Offset), ge.Reason, ge.Err)
	f.atEnd = ge.Offset == int64(end-start)
	return f
}

// failText fails with f, an error in the text of a piece of input (what)
// that a separator ends (sep) or the end of the input: where it was cut,
// an error at the end of the text is at the end of the piece, not of the
// input.
func (r *Reader) failText(f *failure, sep bool, what string) bool {
	if f.atEnd && sep {
		f.Reason = endOf(f.Reason, what)
	}
	return r.failPos(f.Offset, f.Line, f.Column, f.Reason, f.Err, "")
}

// endOf says of reason, an error at the end of a text that what (a line,
// a JSON text) held, that it is at the end of that, not of the input.
func endOf(reason, what string) string {
	return strings.Replace(reason, "end of input", "end of "+what, 1)
}

// longerThan is the reason of the error on a piece of input (what) longer
// than MaxItemBytes.
func (r *Reader) longerThan(what string) string {
	return what + " longer than the item size limit of " + itoa(r.opts.MaxItemBytes) + " bytes"
}

// ahead reads on, for a piece of input at r.pos longer than MaxItemBytes
// that the window holds up to index i, until the window holds lookahead
// bytes of it past the limit or all of it: up to the byte sep (sep < 0:
// none) or the end of the input. It returns the window index where the
// piece to validate ends, at most lookahead bytes past the limit, and cut,
// true where the piece may go on past it.
func (r *Reader) ahead(i, sep int) (end int, cut bool) {
	n := r.opts.MaxItemBytes + lookahead
	for {
		end = len(r.buf)
		if sep >= 0 {
			if k := bytes.IndexByte(r.buf[i:], byte(sep)); k >= 0 {
				end = i + k
			}
		}
		switch {
		case end-r.pos >= n:
			return r.pos + n, true
		case end < len(r.buf):
			return end, false
		}
		var more bool
		if i, more = r.refill(end); !more {
			return i, r.rerr != nil // a read error: the piece may go on
		}
	}
}

// overSpace fails on the piece of input (what) at r.pos whose first
// MaxItemBytes are followed by whitespace past the allowance: the window
// holds the first n bytes of the piece, the last one the first byte of
// whitespace too many. The first error in the input is the one reported:
// the whitespace if the bytes before it are a JSON text, the limit if they
// only begin one, and otherwise the syntax error in them.
func (r *Reader) overSpace(n int, what string) bool {
	piece := r.buf[r.pos : r.pos+n]
	err := r.validate(piece)
	ge, _ := err.(*graft.Error)
	_, t := trim(piece, 0, n)
	switch {
	case err == nil:
		return r.fail(r.pos+n-1, "more than "+itoa(n-1-r.opts.MaxItemBytes)+" bytes of whitespace after a "+what, graft.ErrLimit)
	case ge == nil || ge.Offset < int64(t):
		return r.itemError(r.pos, err)
	case ge.Offset == int64(n):
		return r.fail(r.pos+r.opts.MaxItemBytes, r.longerThan(what), graft.ErrLimit)
	}
	// A number or literal cut short by the whitespace at t, or whitespace
	// in a string not closed. As with no limit, the error is that of the
	// text up to the next separator or the end of the input, whichever the
	// whitespace runs up to, and the one above if more text follows: both
	// are found first, each at its own offset, and the whitespace is read
	// to find out, and not kept.
	cut, ok := r.validate(piece[:t]).(*graft.Error)
	if !ok {
		cut = ge
	}
	ends := r.failure(r.pos+int(cut.Offset), cut.Reason, cut.Err)
	ends.atEnd = cut.Offset == int64(t)
	goesOn := r.failure(r.pos+int(ge.Offset), ge.Reason, ge.Err)
	i := r.spaceTo(r.pos+n, rs)
	switch {
	case r.rerr != nil:
		return r.ended("")
	case i >= len(r.buf):
		return r.failText(ends, false, what)
	case r.buf[i] == rs:
		return r.failText(ends, true, what)
	}
	return r.failText(goesOn, false, what)
}

// spaceTo reads on from window index i over whitespace other than sep,
// which is not kept, and returns the window index of the first other byte,
// or len(r.buf) at the end of the input or a read error.
func (r *Reader) spaceTo(i int, sep byte) int {
	for {
		for i < len(r.buf) && r.buf[i] != sep && wire.IsSpace(r.buf[i]) {
			i++
		}
		if i < len(r.buf) || !r.fill(i) {
			return i
		}
		i = 0
	}
}

// validate checks text as an item, without building it: the depth limit
// applies, the window is a small one of its own. The text may be longer
// than MaxItemBytes (the callers look for errors before the limit, and a
// number the limit cuts is not one of them).
func (r *Reader) validate(text []byte) error {
	o := r.opts
	o.MaxDepth, o.BufferSize, o.MaxItemBytes = r.docDepth, 0, max(o.MaxItemBytes, len(text))
	return Validate(bytes.NewReader(text), o)
}

// refill reads more input for a scan of the item at r.pos that reached
// window index i, and returns i in the new window; more is false at the end
// of the input.
func (r *Reader) refill(i int) (_ int, more bool) {
	keep := r.pos
	more = r.fill(keep)
	return i - keep, more
}

// atEnd is what a scan that reached the end of the input returns: the end
// (the item is cut short there; Doc.Parse reports where) or the read error.
func (r *Reader) atEnd() (int, bool) {
	if r.rerr != nil {
		return 0, r.ended("")
	}
	return len(r.buf), true
}

// trim returns the bounds of s[i:j] without JSON whitespace around it.
func trim(s []byte, i, j int) (int, int) {
	i = wire.SkipSpace(s[:j], i)
	for j > i && wire.IsSpace(s[j-1]) {
		j--
	}
	return i, j
}

// begin starts the items: the array was entered (Array mode) or the input
// is a sequence of values. It makes the Doc items are parsed into, with the
// room for nesting that is left below the array.
func (r *Reader) begin() {
	r.state = stItems
	depth := r.opts.MaxDepth - len(r.stack)
	if depth < 1 {
		depth = 1 // no container fits: the structural scan reports it
	}
	if r.doc == nil || r.docDepth != depth {
		o := r.opts.Doc
		o.MaxDepth = depth
		o.MaxBytes = r.opts.MaxItemBytes
		r.doc = graft.New(o)
		r.docDepth = depth
	}
}

// value delivers the value that starts at r.pos.
func (r *Reader) value() bool {
	end, ok := r.valueEnd()
	if !ok {
		return false
	}
	start := r.pos
	r.pos = end
	return r.deliver(start, end, "")
}

// cut names the piece of input (what) that a separator at window index i
// ends, or returns "" where the input ends there.
func (r *Reader) cut(i int, what string) string {
	if i < len(r.buf) {
		return what
	}
	return ""
}

// deliver parses buf[start:end] as the next item. cut names what ended the
// item's text where it was not the end of the input ("line", "JSON text"):
// an error of a value cut short there says so, not "end of input".
func (r *Reader) deliver(start, end int, cut string) bool {
	if end-start > r.opts.MaxItemBytes {
		return r.tooBig(start, end)
	}
	root, err := r.doc.Parse(r.buf[start:end])
	if err != nil {
		if ge, ok := err.(*graft.Error); ok && cut != "" && ge.Offset == int64(end-start) {
			return r.failAt(r.base+int64(end), endOf(ge.Reason, cut), ge.Err, "")
		}
		return r.itemError(start, err)
	}
	r.item, r.start, r.end = root, start, end
	r.off = r.base + int64(start)
	r.count++
	r.state = stAfter
	return true
}

// Byte classes of the structural scan.
const (
	cOther = iota
	cQuote
	cOpen
	cClose
	cDelim // ends a scalar token: whitespace, ',' or ':'
)

var class = func() (t [256]uint8) {
	t['"'] = cQuote
	t['{'], t['['] = cOpen, cOpen
	t['}'], t[']'] = cClose, cClose
	for _, c := range []byte{' ', '\t', '\n', '\r', ',', ':'} {
		t[c] = cDelim
	}
	return t
}()

// valueEnd finds the end of the value that starts at r.pos (a byte that is
// not whitespace): the closing bracket that balances an array or object,
// the closing quote of a string, or, for anything else, the next byte of
// another class. It does not validate (Doc.Parse does) but checks the
// nesting depth, reading and growing the window as far as the value needs,
// up to MaxItemBytes. At the end of the input the value ends there.
func (r *Reader) valueEnd() (int, bool) {
	i, depth := r.pos, 0
	inString := false
	switch class[r.buf[i]] {
	case cQuote:
		inString = true
		i++
	case cOpen:
		if len(r.stack)+1 > r.opts.MaxDepth {
			return 0, r.tooDeep(i)
		}
		depth = 1
		i++
	default:
		if c := r.buf[i]; c != '-' && c-'0' >= 10 && c != 't' && c != 'f' && c != 'n' {
			return i + 1, true // not a value: Doc.Parse says what is wrong with it
		}
		end, ok := r.scalarEnd(true)
		if !ok {
			return 0, false
		}
		// In a run of values, one ending with a letter or digit must be
		// followed by something that tells where it ends.
		if r.form == Concatenated && end < len(r.buf) && class[r.buf[end]] == cOther {
			return 0, r.fail(end, "invalid character "+r.describe(end)+" after a number or literal (whitespace must separate it from the next value)", graft.ErrSyntax)
		}
		return end, true
	}
	base := len(r.stack)
	for {
		s := r.buf
		if depth > 0 {
			// 64 bytes at a time, while that many are left.
			b := wire.Balance{Depth: depth, InString: inString}
			j, status := b.Blocks(s, i, r.opts.MaxDepth-base)
			switch status {
			case wire.Balanced:
				return j, true
			case wire.TooDeep:
				return 0, r.tooDeep(j)
			}
			i, depth, inString = j, b.Depth, b.InString
		}
		for i < len(s) {
			if inString {
				k := bytes.IndexByte(s[i:], '"')
				if k < 0 {
					i = len(s)
					break
				}
				i += k + 1
				if wire.Escaped(s, i-1) {
					continue
				}
				inString = false
				if depth == 0 {
					return i, true
				}
				continue
			}
			switch class[s[i]] {
			case cQuote:
				inString = true
			case cOpen:
				depth++
				if base+depth > r.opts.MaxDepth {
					return 0, r.tooDeep(i)
				}
			case cClose:
				depth--
				if depth == 0 {
					return i + 1, true
				}
			}
			i++
		}
		if i-r.pos > r.opts.MaxItemBytes {
			end, cut := r.ahead(i, -1)
			return 0, r.earlierError(r.pos, r.pos+r.opts.MaxItemBytes, end, cut, r.itemLonger())
		}
		var more bool
		if i, more = r.refill(i); !more {
			return r.atEnd()
		}
	}
}

// tooDeep fails on the opening bracket at window index at, which nests the
// item that starts at r.pos deeper than MaxDepth (see earlierError: the
// text before the bracket is all there is to check).
func (r *Reader) tooDeep(at int) bool {
	return r.earlierError(r.pos, at, at, false, "nesting depth exceeds the limit of "+itoa(r.opts.MaxDepth))
}

// tooBig fails on the item r.buf[start:end], longer than MaxItemBytes
// (see earlierError).
func (r *Reader) tooBig(start, end int) bool {
	at := start + r.opts.MaxItemBytes
	e := min(end, at+lookahead) // the text validated: cut where the item goes on
	return r.earlierError(start, at, e, e < end, r.itemLonger())
}

// itemLonger is the reason of the error on an item longer than
// MaxItemBytes.
func (r *Reader) itemLonger() string {
	return "item longer than the size limit of " + itoa(r.opts.MaxItemBytes) + " bytes"
}

// earlierError fails with a limit met at window index at, inside the item
// that starts at start and that the window holds up to index end (at <=
// end; cut: the item may go on past end), unless the text before at holds
// a syntax error (see firstError): the first error in the input is the
// one reported, with its own offset.
func (r *Reader) earlierError(start, at, end int, cut bool, reason string) bool {
	if f := r.firstError(start, end, at, cut); f != nil {
		return r.failText(f, false, "")
	}
	return r.fail(at, reason, graft.ErrLimit)
}
