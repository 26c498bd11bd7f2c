package graft

import (
	"bytes"
	"io"
	"strconv"
	"unicode/utf8"
	"unsafe"

	"github.com/graftjson/graft/internal/wire"
)

// Canonical printing: the JSON Canonicalization Scheme (JCS, RFC 8785), the
// form to hash, sign or cache a document by its content.

// AppendCanonical appends the RFC 8785 canonical form of r to dst and
// returns the extended buffer: no whitespace; the members of every object
// sorted by the UTF-16 code units of their decoded names; numbers as
// ECMAScript's Number.prototype.toString writes the float64 nearest to
// them (1.0 and 10e-1 print 1, 1e21 prints 1e+21, -0 prints 0); strings
// with their escapes decoded and only the quote, the backslash and control
// characters escaped (\b \t \n \f \r, else \u00xx in lower case), every
// other character written as UTF-8. Literals print as they are.
//
// The RFC accepts only I-JSON (RFC 7493), and so does AppendCanonical: it
// returns an *Error whose Pointer names the position, and dst unchanged,
// for a number beyond the float64 range (1e400; wrapping ErrRange), for an
// object with two members of the same decoded name (ErrSyntax; a gateway
// that keeps duplicates can Delete and Set them first), and for a string
// that is not valid Unicode, which only Options.AllowInvalidUTF8 or
// AllowLoneSurrogates let in (ErrSyntax). A number below the float64 range
// (1e-400) is rounded to 0, as any number is rounded to its nearest
// float64: digits beyond what a float64 holds are lost, which is the point
// of the scheme but not of graft's other printers.
//
// Numbers are converted only when their text is not already canonical
// (integers of up to 15 digits are), strings only when they hold an
// escape. AppendCanonical is a read: any number of goroutines may call it on
// one Doc at once. It allocates only if dst must grow, once its pool of
// sorting buffers is warm, and for a value nested deeper than 2048 levels
// (built call by call), which it prints past there with a stack of open
// containers allocated per call. An invalid r appends nothing.
func (d *Doc) AppendCanonical(dst []byte, r Ref) ([]byte, error) {
	if d.at(r) == nil {
		return dst, nil
	}
	s := getSort()
	out, err := d.appendCanonical(dst, uint32(r), s, 0)
	putSort(s)
	if err != nil {
		return dst, err
	}
	return out, nil
}

// WriteCanonical writes the canonical form of r to w (see AppendCanonical)
// in one Write call; buffer and errors are those of WriteJSON. Nothing is
// written if r has no canonical form.
func (d *Doc) WriteCanonical(w io.Writer, r Ref) error {
	return d.write(w, r, writeCanonical, "", "")
}

// appendCanonical appends the canonical form of node i, depth levels down.
// It recurses once per level, and from maxRecursion levels on goes on with
// appendCanonicalDeep.
func (d *Doc) appendCanonical(dst []byte, i uint32, s *memberSort, depth int) ([]byte, error) {
	if depth == maxRecursion {
		return d.appendCanonicalDeep(dst, i, s)
	}
	n := &d.nodes[i]
	switch n.kind() {
	case Number:
		return appendCanonicalNumber(dst, d.text(i))
	case String:
		return d.appendCanonicalString(dst, i)
	case Array:
		dst = append(dst, '[')
		idx := 0
		for k := n.child; k != 0; k = d.nodes[k].next {
			if idx > 0 {
				dst = append(dst, ',')
			}
			var err error
			if dst, err = d.appendCanonical(dst, d.resolve(k), s, depth+1); err != nil {
				return dst, within(err, itoa(idx))
			}
			idx++
		}
		return append(dst, ']'), nil
	case Object:
		return d.appendCanonicalObject(dst, i, s, depth)
	}
	return append(dst, d.text(i)...), nil // null, true, false
}

func (d *Doc) appendCanonicalObject(dst []byte, obj uint32, s *memberSort, depth int) ([]byte, error) {
	m := s.push(d, obj)
	dst = append(dst, '{')
	var err error
	for j := m.ents; j < len(s.ents) && err == nil; j++ {
		e := s.ents[j] // a copy: nested objects may move the stack
		name := s.name(d, &e)
		if j > m.ents {
			dst = append(dst, ',')
		}
		// The name first: one that is not Unicode (a lone surrogate, which
		// decodes to U+FFFD) is reported as such, not as a duplicate.
		if dst, err = d.appendCanonicalString(dst, e.name); err == nil && j > m.ents {
			if prev := s.ents[j-1]; string(s.name(d, &prev)) == string(name) {
				err = &Error{Offset: -1, Reason: "duplicate member name " + strconv.Quote(string(name)) + " (canonical JSON needs unique names)", Err: ErrSyntax}
			}
		}
		if err == nil {
			dst = append(dst, ':')
			dst, err = d.appendCanonical(dst, e.value, s, depth+1)
		}
		if err != nil {
			err = within(err, string(name))
		}
	}
	s.pop(m)
	return append(dst, '}'), err
}

// within makes the pointer of the canonical printing error err start with
// the reference token tok, as it returns from the child tok names.
func within(err error, tok string) error {
	if e, ok := err.(*Error); ok {
		e.Pointer = string(appendToken([]byte{'/'}, tok)) + e.Pointer
	}
	return err
}

// appendCanonicalDeep is appendCanonical for values nested deeper than
// maxRecursion levels, with a stack of open containers of its own. On an
// error, the path to the value at fault is read off the stack.
func (d *Doc) appendCanonicalDeep(dst []byte, v uint32, s *memberSort) ([]byte, error) {
	var stack []canonicalFrame
	var err error
	for {
		// Open container v (or print the scalar v, the whole value).
		switch n := &d.nodes[v]; n.kind() {
		case Array:
			dst = append(dst, '[')
			stack = append(stack, canonicalFrame{k: n.child, j: -1})
		case Object:
			dst = append(dst, '{')
			m := s.push(d, v)
			stack = append(stack, canonicalFrame{m: m, j: m.ents - 1, obj: true})
		default:
			dst, err = d.appendCanonicalScalar(dst, v)
		}
		// Print the children of the innermost open container up to the
		// next container to open, closing those that are done.
		for v = 0; v == 0 && err == nil; {
			if len(stack) == 0 {
				return dst, nil
			}
			f := &stack[len(stack)-1]
			f.j++
			if !f.obj {
				if f.j > 0 {
					f.k = d.nodes[f.k].next
				}
				if f.k == 0 {
					dst = append(dst, ']')
					stack = stack[:len(stack)-1]
					continue
				}
				if f.j > 0 {
					dst = append(dst, ',')
				}
				v = d.resolve(f.k)
			} else {
				if f.j == len(s.ents) {
					s.pop(f.m)
					dst = append(dst, '}')
					stack = stack[:len(stack)-1]
					continue
				}
				e := &s.ents[f.j]
				if f.j > f.m.ents {
					dst = append(dst, ',')
				}
				// The name first: one that is not Unicode (a lone
				// surrogate, which decodes to U+FFFD) is reported as such,
				// not as a duplicate.
				if dst, err = d.appendCanonicalString(dst, e.name); err == nil && f.j > f.m.ents {
					if name := s.name(d, e); string(s.name(d, &s.ents[f.j-1])) == string(name) {
						err = &Error{Offset: -1, Reason: "duplicate member name " + strconv.Quote(string(name)) + " (canonical JSON needs unique names)", Err: ErrSyntax}
					}
				}
				dst = append(dst, ':')
				v = e.value
			}
			if k := d.nodes[v].kind(); k != Object && k != Array && err == nil {
				dst, err = d.appendCanonicalScalar(dst, v)
				v = 0
			}
		}
		if err != nil {
			return dst, d.canonicalError(err, stack, s)
		}
	}
}

// appendCanonicalScalar appends the canonical form of scalar v.
func (d *Doc) appendCanonicalScalar(dst []byte, v uint32) ([]byte, error) {
	switch d.nodes[v].kind() {
	case Number:
		return appendCanonicalNumber(dst, d.text(v))
	case String:
		return d.appendCanonicalString(dst, v)
	}
	return append(dst, d.text(v)...), nil // null, true, false
}

// canonicalFrame is a container open in a canonical print: for an array,
// the chain node k of the item printed last and its index j; for an
// object, its members in the sort (from m on) and the index j of the one
// printed last there.
type canonicalFrame struct {
	k   uint32
	obj bool
	j   int
	m   sortMark
}

// canonicalError makes the pointer of the canonical printing error err
// name the value at fault: the path of the open containers in stack.
func (d *Doc) canonicalError(err error, stack []canonicalFrame, s *memberSort) error {
	e, ok := err.(*Error)
	if !ok {
		return err
	}
	var p []byte
	for _, f := range stack {
		p = append(p, '/')
		if f.obj {
			p = appendToken(p, string(s.name(d, &s.ents[f.j])))
		} else {
			p = append(p, itoa(f.j)...)
		}
	}
	e.Pointer = string(p) + e.Pointer
	return err
}

// appendCanonicalNumber appends the number text t in its canonical form.
func appendCanonicalNumber(dst, t []byte) ([]byte, error) {
	if len(t) <= 16 { // integers of up to 15 digits are their own form (but -0)
		digits := t
		if t[0] == '-' {
			digits = t[1:]
		}
		plain := len(digits) <= 15
		for _, c := range digits {
			if c-'0' >= 10 {
				plain = false
				break
			}
		}
		if plain {
			if digits[0] == '0' {
				return append(dst, '0'), nil
			}
			return append(dst, t...), nil
		}
	}
	// The text is a valid JSON number: ParseFloat fails only on range, and
	// does not keep the string.
	f, err := strconv.ParseFloat(unsafe.String(&t[0], len(t)), 64)
	if err != nil {
		return dst, &Error{Offset: -1, Reason: "number " + clipped(t) + " is beyond the range of a float64", Err: ErrRange}
	}
	if f == 0 {
		return append(dst, '0'), nil // -0 too
	}
	return wire.AppendFloat(dst, f), nil
}

// clipped returns text for a message, cut after about 30 bytes (at the
// start of a character) if it is longer than 40.
func clipped(text []byte) string {
	if len(text) <= 40 {
		return string(text)
	}
	i := 30
	for i > 0 && !utf8.RuneStart(text[i]) {
		i--
	}
	return string(text[:i]) + "…"
}

// appendCanonicalString appends the string (or member name) node i in its
// canonical form: escapes decoded, and the quote, the backslash and control
// characters escaped again in their shortest form.
func (d *Doc) appendCanonicalString(dst []byte, i uint32) ([]byte, error) {
	n := &d.nodes[i]
	tok := d.text(i)
	if d.opts.AllowInvalidUTF8 && !utf8.Valid(tok) {
		return dst, &Error{Offset: -1, Reason: "string is not valid UTF-8", Err: ErrSyntax}
	}
	if n.meta&flagEscaped == 0 {
		return append(dst, tok...), nil // nothing to escape, nothing escaped
	}
	s := tok[1 : len(tok)-1]
	dst = append(dst, '"')
	for {
		k := bytes.IndexByte(s, '\\')
		if k < 0 {
			break
		}
		dst = append(dst, s[:k]...)
		if c := s[k+1]; c != 'u' {
			if c == '/' {
				dst = append(dst, '/')
			} else {
				dst = append(dst, '\\', c) // \" \\ \b \f \n \r \t are canonical
			}
			s = s[k+2:]
			continue
		}
		r, size := hex4(s[k+2:]), 6
		if r >= 0xD800 && r <= 0xDFFF {
			if r < 0xDC00 && k+12 <= len(s) && s[k+6] == '\\' && s[k+7] == 'u' {
				if lo := hex4(s[k+8:]); lo >= 0xDC00 && lo <= 0xDFFF {
					r, size = 0x10000+(r-0xD800)<<10+(lo-0xDC00), 12
				}
			}
			if size == 6 {
				return dst, &Error{Offset: -1, Reason: "string holds a lone surrogate escape " + string(s[k:k+6]) + ", which is not Unicode", Err: ErrSyntax}
			}
		}
		if r < 0x20 || r == '"' || r == '\\' {
			dst = appendEscaped(dst, byte(r))
		} else {
			dst = utf8.AppendRune(dst, r)
		}
		s = s[k+size:]
	}
	dst = append(dst, s...)
	return append(dst, '"'), nil
}

// hex4 decodes the four hex digits that a validated \u escape holds.
func hex4(h []byte) rune {
	var r rune
	for _, c := range h[:4] {
		switch {
		case c <= '9':
			c -= '0'
		case c >= 'a':
			c -= 'a' - 10
		default:
			c -= 'A' - 10
		}
		r = r<<4 | rune(c)
	}
	return r
}

// appendEscaped appends the escape of the quote, the backslash or the
// control character c: the one wire.AppendQuote writes, which is the form
// RFC 8785 prescribes (\b \t \n \f \r, else \u00xx in lower case).
func appendEscaped(dst []byte, c byte) []byte {
	n := len(dst)
	dst = wire.AppendQuote(dst, string(rune(c)))
	return append(dst[:n], dst[n+1:len(dst)-1]...) // without its quotes
}
