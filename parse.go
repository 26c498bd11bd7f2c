package graft

import (
	"unsafe"

	"github.com/graftjson/graft/internal/wire"
)

// parseScratch is what the scalar parser keeps between inputs, so that a
// warm Doc parses without allocating.
type parseScratch struct {
	stack []uint32 // the open containers

	// Values of parse's state kept in memory rather than in registers
	// (see parse): whether parent is an array, and what is used only on
	// rare paths.
	array         bool
	mode          wire.Mode
	root, auxBase int // the first node and container entry of the input
}

// Parse empties the Doc and parses src into it, returning the root value.
// See Append.
func (d *Doc) Parse(src []byte) (Ref, error) {
	d.Reset()
	return d.Append(src)
}

// Append parses one JSON text from src into the Doc beside the values it
// already holds and returns its root. src is read once and not retained:
// the Doc keeps its own compact copy of the text (whitespace between tokens
// dropped, every token's bytes as received).
//
// Parsing is strict RFC 8259 unless Options relax it. On failure Append
// returns an *Error wrapping ErrSyntax or ErrLimit with the byte offset,
// line and column in src, and the Doc is left exactly as before the call.
func (d *Doc) Append(src []byte) (Ref, error) {
	if useTiny && len(src) <= maxTinyInput {
		if root, ok := d.appendTiny(src); ok {
			return d.ref(root), nil
		}
	}
	o := d.options()
	if len(src) > o.MaxBytes || len(d.buf)+len(src) > MaxArenaBytes {
		return 0, &Error{Offset: -1, Reason: "input of " + itoa(len(src)) + " bytes exceeds the size limit", Err: ErrLimit}
	}
	if len(d.nodes) == 0 {
		d.firstNode()
	}
	base, nodeBase, auxBase := len(d.buf), len(d.nodes), len(d.aux)
	if useFast && len(src) >= minFastInput {
		if root, ok := d.appendFast(src); ok {
			return d.ref(root), nil
		}
	}
	if cap(d.buf)-base < len(src) {
		d.buf = growBytes(d.buf, len(src))
	}
	root, err := d.parse(src)
	if err != nil {
		d.buf = d.buf[:base]
		d.nodes = d.nodes[:nodeBase]
		d.aux = d.aux[:auxBase]
		return 0, err
	}
	return d.ref(root), nil
}

// growBytes returns b with room for n more bytes, at least doubling.
func growBytes(b []byte, n int) []byte {
	c := 2 * cap(b)
	if c < len(b)+n {
		c = len(b) + n
	}
	nb := make([]byte, len(b), c)
	copy(nb, b)
	return nb
}

// parse scans s once, appending its compact text to d.buf (which has room
// for len(s) more bytes) and its nodes to d.nodes.
//
// Text is not copied token by token: the bytes between two runs of
// whitespace are copied in one piece when the next run is met, and delta
// tracks the distance between a position in s and its place in d.buf.
//
// The grammar is a state machine whose states are the labels member,
// value and after, so that where the parse is in an object or an array is
// known from the code that runs rather than tested per token. Every call
// in the loop makes the compiler save the values it keeps in registers, so
// the common cases (short strings, one-digit numbers) call nothing, and the
// state is kept small: the open container, its last child and whether it
// is an array. The values the loop keeps outnumber the registers, and
// each one fewer is reloads fewer at the labels (callgrind: 1–5% of the
// instructions per parse of the corpus files for each): so the stack,
// which holds only the enclosing containers' nodes, stays in d.parsing
// (it is used only where a container opens or closes), the text is
// written through d.out() rather than a slice of its own, the nodes are
// a pointer and a count rather than a slice (d.nodes holds them and is
// cut to the count when the parse ends), and one bound, room, stands for
// both the node limit and the capacity of d.nodes. Whether parent is an
// array is kept in d.parsing.array: a compare with memory costs an x86
// no more instructions than with a register, and a value fewer in
// registers saved 1–3% (with parent or room there as well the figures
// went both ways). So do the values used only on rare paths (the string
// mode, the input's first node and container entry): 1–4%. A member
// checks room for its name and its value at once; the top-level value and
// array items check theirs at the label item.
//
// Children are linked as they come: each new child's index goes into the
// next field of the container's last child. Until the first child, "last"
// is the container itself, so that the first child needs no test: the
// container's own next field holds it until the container closes (and is
// cleared then, before the container's parent links anything to it).
// Its child field is set when it opens: its first child, if any, is the
// next node.
//
// Where i is tested against len(s) before s[i] is read, the test is
// written on uint values: it then shows the compiler that i is not
// negative either, and the read needs no bounds check of its own.
func (d *Doc) parse(s []byte) (uint32, error) {
	var (
		nodeLimit = d.opts.MaxNodes + 1
		np        = unsafe.Pointer(unsafe.SliceData(d.nodes)) // d.nodes' array: n nodes, room for room
		n         = len(d.nodes)
		delta     = len(d.buf) // text offset of s[i] is i+delta for i >= mark
		mark      = 0          // s[mark:i] is not copied to d.out() yet
		i         = 0
		parent    uint32                         // the innermost open container; 0 at top level
		last      uint32                         // parent's last child (in an object, its last name), or parent
		room      = min(cap(d.nodes), nodeLimit) // below room, a node needs no check of the limit nor growth
	)
	d.parsing.stack = d.parsing.stack[:0] // the containers enclosing parent
	d.parsing.array = false               // at top level (a failed parse may have left it set)
	d.parsing.mode, d.parsing.root, d.parsing.auxBase = d.opts.mode(), n, len(d.aux)
	if len(s) > 0 && s[0] <= ' ' {
		i, mark, delta = d.compactSpace(s, i, mark, delta)
	}
	goto item

member: // a member of the object parent: name, colon, then the value
	{
		if uint(i) >= uint(len(s)) || s[i] != '"' {
			return d.fail(s, n, i, "expected a string for an object member name, found "+describeByte(s, i), ErrSyntax)
		}
		end, meta, from := 0, uint32(String)|flagParsed|flagName, i
		if i+9 <= len(s) {
			x := wire.Load64(s, i+1)
			if m := wire.StringSpecial(x); m != 0 {
				if n := wire.QuoteLen(x, m); n != 0 {
					end = i + 1 + n
				}
			} else if from = i + 8; i+33 <= len(s) { // ScanString goes on past the plain word
				x := wire.Load64(s, i+9)
				if m := wire.StringSpecial(x); m != 0 {
					if n := wire.QuoteLen(x, m); n != 0 {
						end = i + 9 + n
					}
				} else {
					from = i + 16
					x := wire.Load64(s, i+17)
					if m := wire.StringSpecial(x); m != 0 {
						if n := wire.QuoteLen(x, m); n != 0 {
							end = i + 17 + n
						}
					} else {
						from = i + 24
						x := wire.Load64(s, i+25)
						if m := wire.StringSpecial(x); m != 0 {
							if n := wire.QuoteLen(x, m); n != 0 {
								end = i + 25 + n
							}
						}
					}
				}
			}
		}
		if end == 0 {
			var esc bool
			var code wire.Code
			if end, esc, code = wire.ScanString(s, from, d.parsing.mode); code != wire.OK {
				return d.fail(s, n, end, code.String(), ErrSyntax)
			}
			if esc {
				meta |= flagEscaped
			}
			if end-i > maxNameLen { // only a scanned name can be this long
				if n+1 >= nodeLimit { // the error the check below gives first
					return d.fail(s, n, i, "node count exceeds the limit of "+itoa(nodeLimit-1), ErrLimit)
				}
				return d.fail(s, n, i, "object member name longer than "+itoa(maxNameLen)+" bytes", ErrLimit)
			}
		}
		k := uint32(n)
		if int(k)+1 >= room {
			if int(k)+1 >= nodeLimit {
				return d.fail(s, n, i, "node count exceeds the limit of "+itoa(nodeLimit-1), ErrLimit)
			}
			if n+2 > cap(d.nodes) { // the name and its value
				d.nodes = reserve(d.nodes[:n], growth(n, n-d.parsing.root, i, len(s)), 0)
				np = unsafe.Pointer(unsafe.SliceData(d.nodes))
			}
			room = min(cap(d.nodes), nodeLimit)
		}
		putNode(np, k, meta|uint32(end-i)<<payloadShift, uint32(i+delta), k+1)
		n++
		nodePtr(np, last).next = k
		last = k
		i = end
		if i+32 <= len(s) && i+1-mark <= 32 { // then mark+32 <= len(s)
			// The colon and one space, the most common run, without
			// the call: the pending text (the name and the colon)
			// moves as two 16-byte pieces, as in compactSpace. The
			// bytes are read as one word: read one by one, each had a
			// bounds check of its own.
			if w := wire.Load32(s, i); w&0xFFFF == ':'|' '<<8 && byte(w>>16) > ' ' {
				d.moveOut32(mark+delta, s, mark)
				i += 2
				mark, delta = i, delta-1
				goto value
			}
		}
		if uint(i) < uint(len(s)) && s[i] <= ' ' {
			i, mark, delta = d.compactSpace(s, i, mark, delta)
		}
		if uint(i) >= uint(len(s)) || s[i] != ':' {
			return d.fail(s, n, i, "expected ':' after object member name, found "+describeByte(s, i), ErrSyntax)
		}
		i++
		if uint(i) < uint(len(s)) && s[i] <= ' ' {
			i, mark, delta = d.compactSpace(s, i, mark, delta)
		}
	}

	goto value

item: // the top-level value or an array item: value, with room for its node
	if n >= room {
		if n >= nodeLimit {
			if uint(i) >= uint(len(s)) { // the error value gives first
				return d.fail(s, n, i, "unexpected end of input, expected a value", ErrSyntax)
			}
			return d.fail(s, n, i, "node count exceeds the limit of "+itoa(nodeLimit-1), ErrLimit)
		}
		if n == cap(d.nodes) {
			d.nodes = reserve(d.nodes[:n], growth(n, n-d.parsing.root, i, len(s)), 0)
			np = unsafe.Pointer(unsafe.SliceData(d.nodes))
		}
		room = min(cap(d.nodes), nodeLimit)
	}

value: // a value at s[i], with room for its node (a member's value has it from the member's check)
	{
		if uint(i) >= uint(len(s)) {
			return d.fail(s, n, i, "unexpected end of input, expected a value", ErrSyntax)
		}
		idx := uint32(n)
		switch c := s[i]; {
		case c == '"':
			// The scan of a member name again: as one function it is too
			// large for the compiler to inline, and a call here costs
			// more than the two words it checks.
			end, meta, from := 0, uint32(String)|flagParsed, i
			if i+9 <= len(s) {
				x := wire.Load64(s, i+1)
				if m := wire.StringSpecial(x); m != 0 {
					if n := wire.QuoteLen(x, m); n != 0 {
						end = i + 1 + n
					}
				} else if from = i + 8; i+33 <= len(s) { // ScanString goes on past the plain word
					x := wire.Load64(s, i+9)
					if m := wire.StringSpecial(x); m != 0 {
						if n := wire.QuoteLen(x, m); n != 0 {
							end = i + 9 + n
						}
					} else {
						from = i + 16
						x := wire.Load64(s, i+17)
						if m := wire.StringSpecial(x); m != 0 {
							if n := wire.QuoteLen(x, m); n != 0 {
								end = i + 17 + n
							}
						} else {
							from = i + 24
							x := wire.Load64(s, i+25)
							if m := wire.StringSpecial(x); m != 0 {
								if n := wire.QuoteLen(x, m); n != 0 {
									end = i + 25 + n
								}
							}
						}
					}
				}
			}
			if end == 0 {
				var esc bool
				var code wire.Code
				if end, esc, code = wire.ScanString(s, from, d.parsing.mode); code != wire.OK {
					return d.fail(s, n, end, code.String(), ErrSyntax)
				}
				if esc {
					meta |= flagEscaped
				}
			}
			putNode(np, idx, meta, uint32(i+delta), uint32(end-i))
			n++
			i = end
		case c-'0' < 10 || c == '-':
			// An integer of up to sixteen digits needs no scan: the
			// digits after a nonzero first one are found a word at a
			// time. So is one digit alone near the end of input, which
			// ends it as a comma would. Signs, fractions, exponents, a
			// leading zero and longer runs of digits go to ScanNumber.
			end, more := i+1, true
			if c-'1' < 9 && i+17 <= len(s) {
				n := wire.DigitRun(wire.Load64(s, end))
				end += n
				if n == 8 {
					n = wire.DigitRun(wire.Load64(s, end))
					end += n
				}
				more = n == 8 || s[end] == '.' || s[end]|0x20 == 'e'
			} else if c != '-' {
				more = end < len(s) && (s[end]-'0' < 10 || s[end] == '.' || s[end]|0x20 == 'e')
			}
			if more {
				var code wire.Code
				if end, code = wire.ScanNumber(s, i); code != wire.OK {
					return d.fail(s, n, end, code.String(), ErrSyntax)
				}
			}
			putNode(np, idx, uint32(Number)|flagParsed, uint32(i+delta), uint32(end-i))
			n++
			i = end
		case c == '{' || c == '[':
			if len(d.aux) >= maxAux {
				return d.fail(s, n, i, "more than "+itoa(maxAux)+" objects and arrays in one Doc", ErrLimit)
			}
			kind := uint32(Object)
			if c == '[' {
				kind = uint32(Array)
			}
			if len(d.aux) == cap(d.aux) {
				d.aux = reserve(d.aux, growth(len(d.aux), len(d.aux)-d.parsing.auxBase, i, len(s)), 0)
			}
			d.aux = append(d.aux, aux{}) // within capacity
			putNode(np, idx, kind|flagSpan|flagParsed|uint32(len(d.aux)-1)<<payloadShift, uint32(i+delta), idx+1)
			n++
			if d.parsing.array {
				nodePtr(np, last).next = idx
			}
			if len(d.parsing.stack) >= d.opts.MaxDepth {
				return d.fail(s, n, i, "nesting depth exceeds the limit of "+itoa(d.opts.MaxDepth), ErrLimit)
			}
			d.parsing.stack = append(d.parsing.stack, parent)
			parent, last, d.parsing.array = idx, idx, c == '['
			i++
			if i+17 <= len(s) && wire.Load64(s, i)&0xFF == '\n' && i-mark <= 16 {
				// A newline and indentation, as after a comma.
				run := wire.IndentRun(wire.Load64(s, i))
				j := i + run
				if run == 8 {
					j = wire.SkipSpaces(s, j)
				}
				if uint(j) < uint(len(s)) && s[j] <= ' ' {
					j = wire.SkipSpace(s, j)
				}
				d.moveOut(mark+delta, s, mark)
				mark, delta = j, delta-(j-i)
				i = j
			} else if uint(i) < uint(len(s)) && s[i] <= ' ' {
				i, mark, delta = d.compactSpace(s, i, mark, delta)
			}
			if uint(i) < uint(len(s)) && s[i] == c+2 { // '{'+2 == '}', '['+2 == ']'
				nodePtr(np, idx).child = 0
				goto close
			}
			if d.parsing.array {
				goto item
			}
			goto member
		case c == 't' || c == 'f' || c == 'n':
			word, at, meta := uint32(nullWord), i, uint32(Null)
			if c == 't' {
				word, meta = trueWord, uint32(Bool)|flagTrue
			} else if c == 'f' {
				word, at, meta = alseWord, i+1, uint32(Bool)
			}
			// The literal's last four bytes as one word (its first is
			// c); anything else, the byte by byte check that finds the
			// error. (The literal's text is chosen there only: chosen
			// with word, it was two more values to keep on every
			// literal's path.)
			end := at + 4
			if end > len(s) || wire.Load32(s, at) != word {
				var code wire.Code
				if end, code = wire.ScanLiteral(s, i, literalText(c)); code != wire.OK {
					return d.fail(s, n, end, code.String(), ErrSyntax)
				}
			}
			putNode(np, idx, meta|flagParsed, uint32(i+delta), uint32(end-i))
			n++
			i = end
		default:
			return d.fail(s, n, i, "invalid character "+describeByte(s, i)+" at the start of a value", ErrSyntax)
		}
		if d.parsing.array {
			nodePtr(np, last).next = idx
			last = idx
		}
	}

after: // after a value: a comma, the end of the container, or the end
	if uint(i) < uint(len(s)) && s[i] == ',' && parent != 0 {
		// A comma right after the value, the common case, before the
		// general path.
		i++
		if i+17 <= len(s) && wire.Load64(s, i)&0xFF == '\n' && i-mark <= 16 {
			// A newline and indentation, the common run after a comma
			// in indented text, as compactSpace skips it but without
			// the call. (The newline is read as the first byte of a
			// word: s[i] would need a bounds check.) The same lines
			// follow an opening brace or bracket and precede a closer:
			// as a function they are not inlined, and the calls cost
			// twitter 4% and citm_catalog 9% more instructions.
			run := wire.IndentRun(wire.Load64(s, i))
			j := i + run
			if run == 8 {
				j = wire.SkipSpaces(s, j)
			}
			if uint(j) < uint(len(s)) && s[j] <= ' ' {
				j = wire.SkipSpace(s, j)
			}
			d.moveOut(mark+delta, s, mark)
			mark, delta = j, delta-(j-i)
			i = j
		} else if uint(i) < uint(len(s)) && s[i] <= ' ' {
			i, mark, delta = d.compactSpace(s, i, mark, delta)
		}
		if d.parsing.array {
			goto item
		}
		goto member
	}
	if i+17 <= len(s) && wire.Load64(s, i)&0xFF == '\n' && i-mark <= 16 {
		// A newline and indentation before a closer, as after a comma.
		run := wire.IndentRun(wire.Load64(s, i))
		j := i + run
		if run == 8 {
			j = wire.SkipSpaces(s, j)
		}
		if uint(j) < uint(len(s)) && s[j] <= ' ' {
			j = wire.SkipSpace(s, j)
		}
		d.moveOut(mark+delta, s, mark)
		mark, delta = j, delta-(j-i)
		i = j
	} else if uint(i) < uint(len(s)) && s[i] <= ' ' {
		i, mark, delta = d.compactSpace(s, i, mark, delta)
	}
	if parent == 0 {
		if i < len(s) {
			return d.fail(s, n, i, "invalid character "+describeByte(s, i)+" after the top-level value", ErrSyntax)
		}
		out := d.out()
		copy(out[mark+delta:], s[mark:i])
		d.buf = out[:i+delta]
		d.nodes = d.nodes[:n]
		d.parsing.stack = d.parsing.stack[:0]
		return uint32(d.parsing.root), nil
	}
	if uint(i) >= uint(len(s)) {
		return d.fail(s, n, i, "unexpected end of input inside "+containerName(d.parsing.array), ErrSyntax)
	}
	if c := s[i]; c == ',' {
		i++
		if uint(i) < uint(len(s)) && s[i] <= ' ' {
			i, mark, delta = d.compactSpace(s, i, mark, delta)
		}
		if d.parsing.array {
			goto item
		}
		goto member
	} else if (c == ']') != d.parsing.array || c != ']' && c != '}' {
		return d.fail(s, n, i, "expected ',' or '"+closerOf(d.parsing.array)+"' after "+itemName(d.parsing.array)+", found "+describeByte(s, i), ErrSyntax)
	}

close: // the closer of parent at s[i]; its compact text ends after it
	{
		i++
		cn := nodePtr(np, parent)
		cn.next = 0 // it held the first child until now
		a := &d.aux[cn.payload()]
		a.span, a.last = uint32(i+delta)-cn.off, uint32(n-1)
		if !d.parsing.array && d.opts.RejectDuplicateNames {
			// The names are read from out: copy the pending text first.
			copy(d.out()[mark+delta:], s[mark:i])
			mark = i
			if k := d.duplicateName(d.nodes[:n], d.out(), parent); k != 0 {
				kn := nodePtr(np, k)
				return d.fail(s, n, i-1, "duplicate object member name "+string(d.out()[kn.off:kn.off+kn.textLen()]), ErrSyntax)
			}
		}
		// The closed container is its parent's last child; in an object,
		// its member's name (the node before it) is.
		last = parent
		stack := d.parsing.stack
		parent = stack[len(stack)-1]
		d.parsing.stack = stack[:len(stack)-1]
		d.parsing.array = parent != 0 && nodePtr(np, parent).kind() == Array
		if parent != 0 && !d.parsing.array {
			last--
		}
	}
	goto after
}

// out returns d.buf up to its capacity: where parse writes the compact
// text (Append has made room for the input).
func (d *Doc) out() []byte { return d.buf[:cap(d.buf)] }

// The last four bytes of each literal, loaded little-endian.
const (
	trueWord = 't' | 'r'<<8 | 'u'<<16 | 'e'<<24
	nullWord = 'n' | 'u'<<8 | 'l'<<16 | 'l'<<24
	alseWord = 'a' | 'l'<<8 | 's'<<16 | 'e'<<24
)

// literalText returns the literal that starts with c ('t', 'f' or 'n').
func literalText(c byte) string {
	switch c {
	case 't':
		return "true"
	case 'f':
		return "false"
	}
	return "null"
}

// fail keeps the memory parse grew and returns the error for s[off].
func (d *Doc) fail(s []byte, n int, off int, reason string, sentinel error) (uint32, error) {
	d.nodes, d.parsing.stack = d.nodes[:n], d.parsing.stack[:0]
	return 0, syntaxError(s, off, wire.PlainReason(s, off, off == 0, reason), sentinel)
}

// compactSpace copies the pending text s[mark:i] to its place in d.out(),
// skips the whitespace at s[i] and returns the new position, mark and
// delta.
//
// The common cases take a few word operations: a piece of at most 64
// bytes (16 at a time), and a run that is a space (after a colon) or a
// newline and spaces (indentation).
func (d *Doc) compactSpace(s []byte, i, mark, delta int) (int, int, int) {
	if o := mark + delta; i-mark <= 64 && mark+64 <= len(s) {
		// Move 16 bytes at a time rather than calling memmove (most
		// pieces are a token or two). The bytes past the piece land
		// where later pieces will be written (d.out() has room: o+64
		// stays within base+len(s)).
		d.moveOut(o, s, mark)
		for k := 16; k < i-mark; k += 16 {
			d.moveOut(o+k, s, mark+k)
		}
	} else {
		copy(d.out()[o:], s[mark:i])
	}
	// Indentation a word at a time (the loop of the comma's case in
	// parse), then, near the end of input, a tab or a carriage return:
	// the general loop, from where the words left off.
	j := i
	if i+8 <= len(s) {
		n := wire.IndentRun(wire.Load64(s, i))
		j += n
		if n == 8 {
			j = wire.SkipSpaces(s, j)
		}
	}
	if j == i || uint(j) < uint(len(s)) && s[j] <= ' ' {
		j = wire.SkipSpace(s, j)
	}
	return j, j, delta - (j - i)
}

// moveOut copies the 16 bytes of src at j to d.out() at i, as one piece
// rather than a call to memmove, without bounds checks (the caller has
// checked that j+16 <= len(src) and i+16 <= cap(d.buf)), reading only
// d.buf's pointer.
func (d *Doc) moveOut(i int, src []byte, j int) {
	*(*[16]byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(d.buf)), i)) = *(*[16]byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(src)), j))
}

// moveOut32 is moveOut for 32 bytes, as two 16-byte moves that read d.buf's
// pointer once (after a first moveOut the compiler reads it again, as the
// store might have changed it; a [32]byte copy is compiled to a call of
// memmove).
func (d *Doc) moveOut32(i int, src []byte, j int) {
	to, from := unsafe.Add(unsafe.Pointer(unsafe.SliceData(d.buf)), i), unsafe.Add(unsafe.Pointer(unsafe.SliceData(src)), j)
	*(*[16]byte)(to) = *(*[16]byte)(from)
	*(*[16]byte)(unsafe.Add(to, 16)) = *(*[16]byte)(unsafe.Add(from, 16))
}

func containerName(array bool) string {
	if array {
		return "an array"
	}
	return "an object"
}

func itemName(array bool) string {
	if array {
		return "an array item"
	}
	return "an object member"
}

func closerOf(array bool) string {
	if array {
		return "]"
	}
	return "}"
}

// pushNode appends a node with the given fields to nodes, which has room
// for it. Unlike append of a composite literal it writes each field once.
func pushNode(nodes []node, meta, off, child uint32) []node {
	nodes = nodes[:len(nodes)+1]
	p := &nodes[len(nodes)-1]
	p.meta, p.off, p.child, p.next = meta, off, child, 0
	return nodes
}

// putNode writes node k, with the given fields, of the nodes at np, as
// pushNode does.
func putNode(np unsafe.Pointer, k, meta, off, child uint32) {
	p := nodePtr(np, k)
	p.meta, p.off, p.child, p.next = meta, off, child, 0
}

// nodePtr returns node k of the nodes at np, without a bounds check: parse
// holds the count of nodes and the room below which node k lies.
func nodePtr(np unsafe.Pointer, k uint32) *node {
	return (*node)(unsafe.Add(np, uintptr(k)*unsafe.Sizeof(node{})))
}

// growth returns how many more entries to make room for in a slice of
// nodes or of container entries that is full, holding have entries of
// which parsed come from the input being parsed, at its byte i of m.
//
// Growing by append's steps (a quarter more for large slices) would
// allocate four times the final size on the way for a large input.
// Instead the slice grows by what the input's density so far predicts
// for the rest, at least a quarter more and at most double (so that an
// input failing early leaves little reserved), and never by more than the
// rest of the input can hold, a value per two bytes (so that a Doc holds
// no more than the densest valid input needs), give or take a
// sixteenth for inputs that fail deep in nesting.
func growth(have, parsed, i, m int) int {
	more := have
	if i > 0 && parsed > 0 {
		est := int(int64(parsed) * int64(m-i) / int64(i)) // at the density so far
		more = min(max(est+est/16, have/4), have)
	}
	more = min(more, (m-i)/2+2)
	return max(more, have/16, 16)
}
