package graft

import (
	"errors"
	"strconv"
	"unicode/utf8"
)

// Sentinels for errors.Is. An error that has a position to report (in an
// input text, in a document, in a JSON Pointer or in a patch) is an *Error
// wrapping one of them: from parsing, merging, patching, canonical printing
// and Lookup. Typed reads and the edit methods return the bare sentinels
// (ErrKind, ErrRange, ErrInexact, ErrNotFound, ErrCycle), which costs no
// allocation.
var (
	// ErrSyntax: the input is not JSON as RFC 8259 defines it.
	ErrSyntax = errors.New("invalid JSON")
	// ErrLimit: the input exceeds a limit of Options (depth, size, nodes).
	ErrLimit = errors.New("limit exceeded")
	// ErrConflict: a merge met two values it cannot merge under ConflictError.
	ErrConflict = errors.New("merge conflict")
	// ErrPointer: a JSON Pointer is malformed or does not fit the document.
	ErrPointer = errors.New("bad JSON Pointer")

	// ErrKind: the value is not of the kind the operation needs.
	ErrKind = errors.New("wrong kind of value")
	// ErrRange: the number does not fit the requested type.
	ErrRange = errors.New("number out of range")
	// ErrInexact: the number cannot be represented exactly (a fraction read
	// as an integer, or digits a float64 cannot hold).
	ErrInexact = errors.New("number not exactly representable")
	// ErrNotFound: a member or item that the operation needs is absent.
	ErrNotFound = errors.New("not found")
	// ErrCycle: attaching or merging the value would make it contain
	// itself.
	ErrCycle = errors.New("value would contain itself")

	// ErrPatch: a JSON Patch (RFC 6902) document is malformed: not an
	// array of operation objects, an unknown op, a member missing.
	ErrPatch = errors.New("invalid JSON Patch")
	// ErrTestFailed: a JSON Patch "test" operation found a different value.
	ErrTestFailed = errors.New("JSON Patch test failed")
)

// Error is the one error type of graft. Parse errors carry the position in
// the input (Offset in bytes, Line and Column counted from 1, Column in
// bytes); merge and pointer errors carry the JSON Pointer of the position.
type Error struct {
	Offset  int64  // byte offset in the input (in the pointer, for a malformed JSON Pointer), or -1
	Line    int    // line of Offset, from 1; 0 if unknown
	Column  int    // byte column of Offset, from 1; 0 if unknown
	Pointer string // JSON Pointer of the position in the document, if known
	Reason  string // short lower-case description
	Err     error  // the sentinel it wraps
}

// Error formats the position and the reason. A Pointer longer than 256
// bytes is quoted up to there, with its length (the field keeps all of
// it): a pointer may come from outside, and a message should fit a log
// line.
func (e *Error) Error() string {
	b := make([]byte, 0, 64+len(e.Reason)+min(len(e.Pointer), maxShownPointer+32))
	b = append(b, "graft: "...)
	if e.Line > 0 {
		b = append(b, "line "...)
		b = strconv.AppendInt(b, int64(e.Line), 10)
		b = append(b, ", column "...)
		b = strconv.AppendInt(b, int64(e.Column), 10)
		b = append(b, ": "...)
	}
	if e.Pointer != "" || e.Err == ErrConflict {
		b = append(b, "at "...)
		b = appendShownPointer(b, e.Pointer)
		b = append(b, ": "...)
	}
	b = append(b, e.Reason...)
	return string(b)
}

// maxShownPointer is the most bytes of a pointer an error message quotes.
const maxShownPointer = 256

// appendShownPointer appends p quoted, cut after maxShownPointer bytes (at
// the start of a character) and followed by its length if longer.
func appendShownPointer(b []byte, p string) []byte {
	if len(p) <= maxShownPointer {
		return strconv.AppendQuote(b, p)
	}
	cut := maxShownPointer
	for cut > 0 && !utf8.RuneStart(p[cut]) {
		cut--
	}
	b = strconv.AppendQuote(b, p[:cut])
	return append(append(append(b, "… ("...), itoa(len(p))...), " bytes)"...)
}

// Unwrap returns the sentinel.
func (e *Error) Unwrap() error { return e.Err }

// syntaxError builds the error for a problem at byte off of input src.
func syntaxError(src []byte, off int, reason string, sentinel error) *Error {
	if off > len(src) {
		off = len(src)
	}
	line, col := position(src, off)
	return &Error{Offset: int64(off), Line: line, Column: col, Reason: reason, Err: sentinel}
}

// position returns the 1-based line and byte column of offset off in src.
func position(src []byte, off int) (line, col int) {
	line, start := 1, 0
	for i, c := range src[:off] {
		if c == '\n' {
			line++
			start = i + 1
		}
	}
	return line, off - start + 1
}

// describeByte renders the byte at src[off] for an error message.
func describeByte(src []byte, off int) string {
	if off >= len(src) {
		return "end of input"
	}
	c := src[off]
	if c >= 0x20 && c < 0x7F {
		return strconv.QuoteRune(rune(c))
	}
	return "byte 0x" + strconv.FormatUint(uint64(c)|0x100, 16)[1:]
}

// article returns k with its article, for messages: "an object".
func article(k Kind) string {
	if k == Object || k == Array {
		return "an " + k.String()
	}
	return "a " + k.String()
}

// itoa is strconv.Itoa, for messages.
func itoa(n int) string {
	var b [20]byte
	i := len(b)
	u := uint64(n)
	if n < 0 {
		u = uint64(-n)
	}
	for {
		i--
		b[i] = byte('0' + u%10)
		u /= 10
		if u == 0 {
			break
		}
	}
	if n < 0 {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}
