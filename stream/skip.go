package stream

import (
	"github.com/graftjson/graft"
	"github.com/graftjson/graft/internal/wire"
)

// The validating skip-scanner: everything outside the items (the way down
// to the array, the members beside it, the rest after it) is checked as
// strictly as Doc.Parse checks it, but nothing is built. Its memory is the
// stack of open containers, one byte each; a string longer than the window
// is validated in pieces, so no token outside the items has to fit in
// memory (numbers and the member names of the path excepted, up to
// MaxItemBytes).

// peek skips whitespace and returns the next byte, reading as needed; ok
// is false at the end of the input (or on a read error).
func (r *Reader) peek() (c byte, ok bool) {
	for {
		if r.out != nil && r.pos < len(r.buf) && wire.IsSpace(r.buf[r.pos]) {
			r.out.flush(r.buf, r.pos)
			r.out.mark = wire.SkipSpace(r.buf, r.pos)
		}
		r.pos = wire.SkipSpace(r.buf, r.pos)
		if r.pos < len(r.buf) {
			return r.buf[r.pos], true
		}
		if !r.fill(r.pos) {
			return 0, false
		}
	}
}

// skip validates input until the stack of open containers is back at depth
// until after a complete value. With value set, a value comes first;
// otherwise the scanner stands just after a value.
func (r *Reader) skip(until int, value bool) bool {
	for {
		if value {
			c, ok := r.peek()
			if !ok {
				return r.ended(", expected a value")
			}
			switch {
			case c == '{' || c == '[':
				if !r.open(c) {
					return false
				}
				if next, ok := r.peek(); ok && next == c+2 { // empty
					r.pos++
					r.stack = r.stack[:len(r.stack)-1]
					break
				}
				r.newline(len(r.stack))
				// A member name or a value must follow (name and the
				// loop report the end of the input as Doc.Parse does).
				if c == '{' && !r.name() {
					return false
				}
				continue
			case c == '"':
				if !r.skipString() {
					return false
				}
			case c-'0' < 10 || c == '-' || c == 't' || c == 'f' || c == 'n':
				if !r.skipScalar() {
					return false
				}
			default:
				return r.fail(r.pos, "invalid character "+r.describe(r.pos)+" at the start of a value", graft.ErrSyntax)
			}
			value = false
		}
		if len(r.stack) == until {
			return true
		}
		top := r.stack[len(r.stack)-1]
		c, ok := r.peek()
		if !ok {
			return r.ended(" inside " + containerName(top))
		}
		switch c {
		case ',':
			r.pos++
			r.newline(len(r.stack))
			if k := len(r.stack) - 1; top == '{' && r.tail && k < len(r.path) {
				if !r.pathName(k) {
					return false
				}
			} else if top == '{' && !r.name() {
				return false
			}
			value = true
		case top + 2:
			r.newline(len(r.stack) - 1)
			r.pos++
			r.stack = r.stack[:len(r.stack)-1]
		default:
			return r.afterItem(top)
		}
	}
}

// afterItem fails on a byte that is neither ',' nor the closer of top.
func (r *Reader) afterItem(top byte) bool {
	what := "an array item"
	if top == '{' {
		what = "an object member"
	}
	return r.fail(r.pos, "expected ',' or '"+string(rune(top+2))+"' after "+what+", found "+r.describe(r.pos), graft.ErrSyntax)
}

// open pushes the container that starts at r.pos.
func (r *Reader) open(c byte) bool {
	if len(r.stack) >= r.opts.MaxDepth {
		return r.fail(r.pos, "nesting depth exceeds the limit of "+itoa(r.opts.MaxDepth), graft.ErrLimit)
	}
	r.stack = append(r.stack, c)
	r.pos++
	return true
}

func containerName(c byte) string {
	if c == '[' {
		return "an array"
	}
	return "an object"
}

// pathName skips a member name and its colon in the object where token k
// of the path was found, past the array: a second member of that name is
// an error, since graft.Doc lookups (and graft get) take the last one and
// the Reader, which read the first, cannot go back.
func (r *Reader) pathName(k int) bool {
	c, ok := r.peek()
	if !ok || c != '"' {
		return r.name() // reports what is wrong
	}
	at := r.base + int64(r.pos) // matchName may move the window
	match, scanned := r.matchName(r.path[k])
	if !scanned {
		return false
	}
	if match {
		return r.failAt(at, "member "+quote(r.path[k])+" occurs twice on the path: the items came from the first, where graft get and Doc lookups take the last", graft.ErrPointer, r.opts.Path)
	}
	return r.colon()
}

// name skips a member name and its colon.
func (r *Reader) name() bool {
	c, ok := r.peek()
	if !ok || c != '"' {
		if !ok && r.rerr != nil {
			return r.ended("")
		}
		return r.fail(r.pos, "expected a string for an object member name, found "+r.describe(r.pos), graft.ErrSyntax)
	}
	return r.skipString() && r.colon()
}

func (r *Reader) colon() bool {
	c, ok := r.peek()
	if !ok || c != ':' {
		if !ok && r.rerr != nil {
			return r.ended("")
		}
		return r.fail(r.pos, "expected ':' after object member name, found "+r.describe(r.pos), graft.ErrSyntax)
	}
	r.pos++
	if r.out != nil && r.out.indented {
		r.out.insert(r.buf, r.pos, ' ')
	}
	return true
}

// lookahead is the most bytes a string scanner reads past the byte it
// reports: an escaped surrogate pair is 12 bytes. A scanner error further
// than that from the end of the window is not caused by the window's end.
const lookahead = 12

// skipString validates the string that starts at r.pos. A string that
// does not fit in the window is checked piece by piece: the valid part up
// to a character boundary is dropped, and scanning resumes there (the byte
// before the boundary stands in for the opening quote, which ScanString
// skips without looking at).
func (r *Reader) skipString() bool {
	start := r.pos
	for {
		end, _, code := wire.ScanString(r.buf, start, r.mode)
		if code == wire.OK {
			r.pos = end
			return true
		}
		if end+lookahead < len(r.buf) || !r.more() {
			if end >= len(r.buf) && r.rerr != nil {
				return r.ended("")
			}
			return r.fail(end, code.String(), graft.ErrSyntax)
		}
		if start == 0 && len(r.buf) == cap(r.buf) {
			// The string fills the window: validate it up to a boundary.
			b := boundary(r.buf, start, len(r.buf)-lookahead)
			if e, _, c := wire.ScanString(r.buf[:b], start, r.mode); c != wire.UnterminatedString || e != b {
				return r.fail(e, c.String(), graft.ErrSyntax)
			}
			start = b - 1
		}
		r.pos = start
		r.fill(start)
		start = 0
	}
}

// boundary walks the string body after s[start] (the opening quote, or the
// byte before a boundary) to the first character boundary at or past limit
// (limit+lookahead <= len(s)): never inside an escape, an escaped
// surrogate pair or a UTF-8 sequence.
func boundary(s []byte, start, limit int) int {
	i := start + 1
	floor := i // just past the last escape: the walk never backs up into one
	for i < limit {
		if s[i] != '\\' {
			i++
			continue
		}
		switch {
		case s[i+1] != 'u':
			i += 2
		case s[i+2]|0x20 == 'd' && s[i+3]|0x20 >= '8' && s[i+3]|0x20 <= 'b' && s[i+6] == '\\' && s[i+7] == 'u':
			i += 12 // a high surrogate and the escape after it
		default:
			i += 6
		}
		floor = i
	}
	// Back to the first byte of a UTF-8 sequence: at most three bytes (a
	// longer run of continuation bytes is invalid UTF-8, or passed through
	// byte by byte under AllowInvalidUTF8), and never into an escape: a
	// continuation byte right after one is invalid UTF-8, which the scan
	// of the next piece reports, after this piece's scan has reported the
	// escape's own error if it has one, as Doc.Parse does.
	for n := 0; n < 3 && s[i]&0xC0 == 0x80 && i > floor; n++ {
		i--
	}
	return i
}

// skipScalar validates the number, true, false or null at r.pos.
func (r *Reader) skipScalar() bool {
	end, ok := r.scalarEnd(false)
	if ok {
		r.pos = end
	}
	return ok
}

// scalarEnd validates the number, true, false or null at r.pos (a '-', a
// digit, 't', 'f' or 'n') as Doc.Parse does, reading as needed, and
// returns the window index just past it; the bytes after it are left to
// the caller, as Doc.Parse leaves them to the grammar around the value.
// Unlike strings, a number must fit in MaxItemBytes; item says whether it
// is an item, for the error.
func (r *Reader) scalarEnd(item bool) (int, bool) {
	for {
		var end int
		var code wire.Code
		switch c := r.buf[r.pos]; c {
		case 't':
			end, code = wire.ScanLiteral(r.buf, r.pos, "true")
		case 'f':
			end, code = wire.ScanLiteral(r.buf, r.pos, "false")
		case 'n':
			end, code = wire.ScanLiteral(r.buf, r.pos, "null")
		default:
			end, code = wire.ScanNumber(r.buf, r.pos)
		}
		if (code == wire.EOF || code == wire.OK && end == len(r.buf)) && r.more() {
			if len(r.buf)-r.pos > r.opts.MaxItemBytes {
				if item {
					return 0, r.fail(r.pos+r.opts.MaxItemBytes, r.itemLonger(), graft.ErrLimit)
				}
				return 0, r.fail(r.pos, r.longerThan("number"), graft.ErrLimit)
			}
			r.fill(r.pos)
			continue
		}
		switch {
		case end >= len(r.buf) && r.rerr != nil:
			// The read failed where the token may have gone on.
			return 0, r.ended("")
		case code != wire.OK:
			return 0, r.fail(end, code.String(), graft.ErrSyntax)
		}
		return end, true
	}
}

// walk validates the input down to the array at the path and enters it.
func (r *Reader) walk() bool {
	for k, tok := range r.path {
		c, ok := r.peek()
		if !ok {
			return r.ended(", expected a value")
		}
		switch c {
		case '{':
			if !r.open(c) || !r.findMember(tok, k) {
				return false
			}
		case '[':
			if !r.open(c) || !r.findItem(tok, k) {
				return false
			}
		default:
			if !r.startsValue(c) {
				return r.fail(r.pos, "invalid character "+r.describe(r.pos)+" at the start of a value", graft.ErrSyntax)
			}
			return r.notFound(k)
		}
	}
	c, ok := r.peek()
	if !ok {
		return r.ended(", expected a value")
	}
	if c != '[' {
		if !r.startsValue(c) {
			return r.fail(r.pos, "invalid character "+r.describe(r.pos)+" at the start of a value", graft.ErrSyntax)
		}
		return r.failAt(r.base+int64(r.pos), "the value at the pointer is "+kindOf(c)+", not an array", graft.ErrKind, r.opts.Path)
	}
	return r.open(c)
}

// findMember reads the open object up to the colon of the first member
// named tok, validating the members before it.
func (r *Reader) findMember(tok string, k int) bool {
	for first := true; ; first = false {
		c, ok := r.peek()
		if !ok && r.rerr != nil {
			return r.ended("")
		}
		if c == '}' && first {
			return r.notFound(k)
		}
		if c != '"' {
			return r.fail(r.pos, "expected a string for an object member name, found "+r.describe(r.pos), graft.ErrSyntax)
		}
		match, scanned := r.matchName(tok)
		if !scanned || !r.colon() {
			return false
		}
		if match {
			return true
		}
		if !r.nextChild('{', k) {
			return false
		}
	}
}

// findItem reads the open array up to item tok, validating the items
// before it.
func (r *Reader) findItem(tok string, k int) bool {
	n := wire.ArrayIndex(tok)
	for i := 0; ; i++ {
		c, ok := r.peek()
		if !ok { // after '[' or ','
			return r.ended(", expected a value")
		}
		if c == ']' && i == 0 || n < 0 {
			return r.notFound(k)
		}
		if i == n {
			return true
		}
		if !r.nextChild('[', k) {
			return false
		}
	}
}

// nextChild skips the value at r.pos and the comma after it, reporting
// whether another child of the open container (top is '{' or '[') follows.
// When none does, the Reader has failed: the container closed without
// pointer token k, or the input ended or broke.
func (r *Reader) nextChild(top byte, k int) bool {
	if !r.skip(len(r.stack), true) {
		return false
	}
	switch c, ok := r.peek(); {
	case !ok && top == '{':
		return r.ended(" inside an object")
	case !ok:
		return r.ended(" inside an array")
	case c == top+2:
		return r.notFound(k)
	case c != ',':
		return r.afterItem(top)
	}
	r.pos++
	return true
}

// matchName scans the member name at r.pos and reports whether it decodes
// to tok. A name too long to decode to tok is skipped piece by piece.
func (r *Reader) matchName(tok string) (match, ok bool) {
	for {
		end, _, code := wire.ScanString(r.buf, r.pos, r.mode)
		if code == wire.OK {
			match = wire.EqualUnquoted(r.buf[r.pos:end], tok)
			r.pos = end
			return match, true
		}
		if end+lookahead < len(r.buf) || !r.more() || int64(len(r.buf)-r.pos) > nameRoom(tok) {
			return false, r.skipString()
		}
		r.fill(r.pos)
	}
}

// nameRoom is the most bytes matchName reads of a member name before it
// knows the name cannot decode to tok: every byte of tok takes at most 6
// escaped, and the quotes and the longest escape come on top.
func nameRoom(tok string) int64 { return 6*int64(len(tok)) + 2 + lookahead }

// notFound fails at r.pos: token k of the path names nothing.
func (r *Reader) notFound(k int) bool {
	p := r.opts.Path
	for i := len(r.path); i > k+1; i-- { // the pointer up to token k
		p = p[:lastSlash(p)]
	}
	return r.failAt(r.base+int64(r.pos), "no value at "+quote(p), graft.ErrNotFound, r.opts.Path)
}

func lastSlash(p string) int {
	i := len(p) - 1
	for p[i] != '/' {
		i--
	}
	return i
}

func (r *Reader) startsValue(c byte) bool {
	return c == '{' || c == '[' || c == '"' || c == '-' || c-'0' < 10 || c == 't' || c == 'f' || c == 'n'
}

func kindOf(c byte) string {
	switch c {
	case '{':
		return "an object"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}
