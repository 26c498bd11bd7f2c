package graft

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// JSON Pointer (RFC 6901): "" is the whole value, "/a/0" member a then item
// 0; "~1" stands for '/' and "~0" for '~' in a token.

// Path is a JSON Pointer split into its decoded reference tokens: the
// pre-split form for hot loops (see Doc.Get). The zero Path is the whole
// value.
type Path []string

// ParsePointer splits and decodes a JSON Pointer. It returns an *Error
// wrapping ErrPointer if p is not empty and does not start with '/', if a
// '~' is not followed by '0' or '1', or if p is not valid UTF-8; its Offset
// is the byte of p at fault.
func ParsePointer(p string) (Path, error) {
	if err := checkPointer(p); err != nil {
		return nil, err
	}
	if p == "" {
		return Path{}, nil
	}
	path := make(Path, 0, strings.Count(p, "/"))
	for rest := p; rest != ""; {
		var tok string
		tok, rest = nextToken(rest)
		path = append(path, unescapeToken(tok))
	}
	return path, nil
}

// String returns the JSON Pointer text of p, escaping '~' and '/'.
func (p Path) String() string {
	var b []byte
	for _, tok := range p {
		b = appendToken(append(b, '/'), tok)
	}
	return string(b)
}

func appendToken(b []byte, tok string) []byte {
	for i := 0; i < len(tok); i++ {
		switch tok[i] {
		case '~':
			b = append(b, '~', '0')
		case '/':
			b = append(b, '~', '1')
		default:
			b = append(b, tok[i])
		}
	}
	return b
}

// checkPointer validates the syntax of a JSON Pointer.
func checkPointer(p string) error {
	_, err := scanPointer(p, 0)
	return err
}

// scanPointer validates the syntax of a JSON Pointer whose bytes before
// from are known to be ASCII without escapes, and reports whether it holds
// an escape: if not, its raw tokens are the member names (unescapeToken
// returns them as they are).
func scanPointer(p string, from int) (escaped bool, err error) {
	if p != "" && p[0] != '/' {
		return false, &Error{Offset: 0, Pointer: p, Reason: "JSON Pointer must be empty or start with '/'", Err: ErrPointer}
	}
	for i := from; i < len(p); i++ { // the usual pointer: ASCII, no escapes
		if c := p[i]; c == '~' || c >= utf8.RuneSelf {
			return strings.IndexByte(p[i:], '~') >= 0, checkEscapes(p)
		}
	}
	return false, nil
}

// checkEscapes is checkPointer of a pointer that starts with '/' and holds
// an escape or a byte beyond ASCII.
func checkEscapes(p string) error {
	ascii := true
	for i := 0; i < len(p) && ascii; i++ {
		switch c := p[i]; {
		case c >= utf8.RuneSelf:
			ascii = false
		case c == '~' && (i+1 == len(p) || p[i+1] != '0' && p[i+1] != '1'):
			return &Error{Offset: int64(i), Pointer: p, Reason: "'~' in a JSON Pointer must be followed by '0' or '1'", Err: ErrPointer}
		}
	}
	if ascii {
		return nil
	}
	if !utf8.ValidString(p) {
		i := 0
		for i < len(p) {
			r, n := utf8.DecodeRuneInString(p[i:])
			if r == utf8.RuneError && n == 1 {
				break
			}
			i += n
		}
		return &Error{Offset: int64(i), Pointer: p, Reason: "JSON Pointer is not valid UTF-8", Err: ErrPointer}
	}
	for i := 0; i < len(p); i++ {
		if p[i] == '~' && (i+1 == len(p) || p[i+1] != '0' && p[i+1] != '1') {
			return &Error{Offset: int64(i), Pointer: p, Reason: "'~' in a JSON Pointer must be followed by '0' or '1'", Err: ErrPointer}
		}
	}
	return nil
}

// nextToken splits the raw first token off a valid, non-empty pointer.
func nextToken(p string) (tok, rest string) {
	for i := 1; i < len(p); i++ { // tokens are short: no call to IndexByte
		if p[i] == '/' {
			return p[1:i], p[i:]
		}
	}
	return p[1:], ""
}

// unescapeToken decodes ~1 and ~0 in a raw token of a valid pointer. It
// allocates only when the token holds an escape.
func unescapeToken(tok string) string {
	i := 0
	for i < len(tok) && tok[i] != '~' {
		i++
	}
	if i == len(tok) {
		return tok
	}
	b := make([]byte, 0, len(tok))
	for i := 0; i < len(tok); i++ {
		if tok[i] == '~' {
			i++
			if tok[i] == '1' {
				b = append(b, '/')
			} else {
				b = append(b, '~')
			}
			continue
		}
		b = append(b, tok[i])
	}
	return string(b)
}

// Lookup returns the value at the JSON Pointer p from r, as Find does, but
// a pointer that names nothing is an error too: an *Error wrapping
// ErrNotFound whose Pointer is p up to and including the token that names
// nothing, and whose Reason says why (no member of that name, an index past
// the end of the array, "-", a step into a string, number, boolean or
// null). A token that is not an array index where an array is met ("01",
// "x") wraps ErrPointer instead, as does a malformed p (with the Offset of
// the fault in p). Lookup allocates only for an error or a token holding
// ~0 or ~1.
func (d *Doc) Lookup(r Ref, p string) (Ref, error) {
	if err := checkPointer(p); err != nil {
		return 0, err
	}
	if d.at(r) == nil {
		return 0, d.refError(r, Invalid)
	}
	v, err := d.walk(uint32(r), p)
	if err != nil {
		return 0, err
	}
	return d.ref(v), nil
}

// A miss says why a reference token names nothing.
type miss uint8

const (
	hit        miss = iota
	missMember      // the object has no member of that name
	missItem        // the index is not below the array's length
	missDash        // "-": the end of the array, where there is no item
	missIndex       // the token is not an array index
	missScalar      // a string, number, boolean or null has no children
)

// follow returns the value that the decoded token tok names in the value
// cur: the last member of that name, or the item at that index.
func (d *Doc) follow(cur uint32, tok string) (uint32, miss) {
	switch d.Kind(d.ref(cur)) {
	case Object:
		if k := d.lastMember(cur, tok); k != 0 {
			return d.nodes[k].child, hit
		}
		return 0, missMember
	case Array:
		i, m := parseIndex(tok)
		if m != hit {
			return 0, m
		}
		if v := d.Index(d.ref(cur), i); v != 0 {
			return uint32(v), hit
		}
		return 0, missItem
	}
	return 0, missScalar
}

// parseIndex parses a token as an array index: "0", or decimal digits
// without a leading zero. Indices beyond 2^40 are kept at that bound,
// which is past the end of any array (a Doc has fewer than 2^32 nodes), so
// a huge index costs nothing.
func parseIndex(tok string) (int, miss) {
	if tok == "-" {
		return 0, missDash
	}
	if tok == "" || tok[0] == '0' && len(tok) > 1 {
		return 0, missIndex
	}
	n := 0
	for i := 0; i < len(tok); i++ {
		c := tok[i] - '0'
		if c >= 10 {
			return 0, missIndex
		}
		if n < maxInt/10-9 {
			n = n*10 + int(c)
		}
	}
	return n, hit
}

// walk follows the well-formed pointer p from cur to the value it names.
func (d *Doc) walk(cur uint32, p string) (uint32, *Error) {
	for at := p; at != ""; {
		raw, rest := nextToken(at)
		next, m := d.follow(cur, unescapeToken(raw))
		if m != hit {
			return 0, d.missError(cur, p[:len(p)-len(rest)], raw, m)
		}
		cur, at = next, rest
	}
	return cur, nil
}

// parent follows every token but the last of the well-formed, non-empty
// pointer p from cur, and returns the value reached (which need not be an
// object or array) and the decoded last token.
func (d *Doc) parent(cur uint32, p string) (uint32, string, *Error) {
	i := strings.LastIndexByte(p, '/')
	c, err := d.walk(cur, p[:i])
	return c, unescapeToken(p[i+1:]), err
}

// missError describes why the raw token at the end of pointer ptr names
// nothing in the value cur.
func (d *Doc) missError(cur uint32, ptr, raw string, m miss) *Error {
	e := &Error{Offset: -1, Pointer: strings.Clone(ptr), Err: ErrNotFound}
	tok := unescapeToken(raw)
	switch m {
	case missMember:
		e.Reason = "no member " + strconv.Quote(tok)
	case missItem:
		e.Reason = "no item " + tok + " in an array of length " + itoa(d.Len(d.ref(cur)))
	case missDash:
		e.Reason = `"-" names no item: it stands for the end of the array`
	case missIndex:
		e.Reason, e.Err = strconv.Quote(tok)+" is not an array index", ErrPointer
	default:
		e.Reason = "cannot look up " + strconv.Quote(tok) + " in " + article(d.Kind(d.ref(cur)))
	}
	return e
}

// Find returns the value at the JSON Pointer p (RFC 6901) from r: "" is r
// itself. It returns the zero Ref and no error if the pointer is well formed
// but names nothing, and an *Error wrapping ErrPointer if p is malformed.
func (d *Doc) Find(r Ref, p string) (Ref, error) {
	if err := checkPointer(p); err != nil {
		return 0, err
	}
	if d.stale(r) {
		return 0, errStale
	}
	for p != "" && r != 0 {
		var tok string
		tok, p = nextToken(p)
		r = d.step(r, unescapeToken(tok))
	}
	return r, nil
}
