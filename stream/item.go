package stream

import (
	"bytes"
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
				return 0, r.longer(what)
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

// longer fails on the piece of input (what) at r.pos, longer than
// MaxItemBytes.
func (r *Reader) longer(what string) bool {
	return r.fail(r.pos, what+" longer than the item size limit of "+itoa(r.opts.MaxItemBytes)+" bytes", graft.ErrLimit)
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
		return r.longer(what)
	}
	// A number or literal cut short by the whitespace at t. As with no
	// limit, the error is that of the text up to the next separator or
	// the end of the input, whichever the whitespace runs up to, and the
	// one above if more text follows: the whitespace is read to find
	// out, and not kept.
	cut, ok := r.validate(piece[:t]).(*graft.Error)
	if !ok {
		cut = ge
	}
	off := r.base + int64(r.pos+t)
	line, col := r.position(off)
	i := wire.SkipSpace(r.buf, r.pos+n)
	for i == len(r.buf) && r.fill(i) {
		i = wire.SkipSpace(r.buf, 0)
	}
	switch {
	case r.rerr != nil:
		return r.ended("")
	case i >= len(r.buf):
		ge = cut
	case r.buf[i] == rs:
		ge = cut
		ge.Reason = strings.Replace(ge.Reason, "end of input", "end of "+what, 1)
	}
	return r.failPos(off, line, col, ge.Reason, ge.Err, "")
}

// validate checks text as an item, without building it: the limits
// apply, the window is a small one of its own.
func (r *Reader) validate(text []byte) error {
	o := r.opts
	o.MaxDepth, o.BufferSize = r.docDepth, 0
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
		return r.tooBig(start, false)
	}
	root, err := r.doc.Parse(r.buf[start:end])
	if err != nil {
		if ge, ok := err.(*graft.Error); ok && cut != "" && ge.Offset == int64(end-start) {
			return r.failAt(r.base+int64(end), strings.Replace(ge.Reason, "end of input", "end of "+cut, 1), ge.Err, "")
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
			return 0, r.tooBig(r.pos, false)
		}
		var more bool
		if i, more = r.refill(i); !more {
			return r.atEnd()
		}
	}
}

// tooDeep fails on the opening bracket at window index at, which nests the
// item that starts at r.pos deeper than MaxDepth.
func (r *Reader) tooDeep(at int) bool {
	return r.earlierError(r.pos, at, 0, "nesting depth exceeds the limit of "+itoa(r.opts.MaxDepth))
}

// tooBig fails on the item at window index start, longer than
// MaxItemBytes. With checked set, its first MaxItemBytes are known to be
// valid so far (a number or literal the grammar scanned).
func (r *Reader) tooBig(start int, checked bool) bool {
	at, reason := start+r.opts.MaxItemBytes, "item longer than the size limit of "+itoa(r.opts.MaxItemBytes)+" bytes"
	if checked {
		return r.fail(at, reason, graft.ErrLimit)
	}
	return r.earlierError(start, at, lookahead, reason)
}

// earlierError fails with a limit met at window index at, inside the item
// that starts at start, unless the text before it holds a syntax error:
// the first error in the input is the one reported. An error within slack
// bytes of at may be an effect of the cut and does not count. The text is
// validated as Validate does it, through a small window of its own, not
// parsed: an item over the limit is never built.
func (r *Reader) earlierError(start, at, slack int, reason string) bool {
	err := r.validate(r.buf[start:at])
	if ge, ok := err.(*graft.Error); ok && ge.Offset+int64(slack) < int64(at-start) {
		return r.itemError(start, err)
	}
	return r.fail(at, reason, graft.ErrLimit)
}
