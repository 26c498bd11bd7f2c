package graft

import (
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
	if p != "" && p[0] != '/' {
		return &Error{Offset: 0, Pointer: p, Reason: "JSON Pointer must be empty or start with '/'", Err: ErrPointer}
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

// arrayIndex parses a reference token as an array index: decimal digits
// without leading zeros. It returns -1 for anything else, including "-".
func arrayIndex(tok string) int {
	if tok == "" || len(tok) > 1 && tok[0] == '0' || len(tok) > 18 {
		return -1
	}
	n := 0
	for i := 0; i < len(tok); i++ {
		c := tok[i] - '0'
		if c >= 10 {
			return -1
		}
		n = n*10 + int(c)
	}
	return n
}
