package cbor

import (
	"errors"
	"strconv"
)

// Sentinels wrapped by *Error, for errors.Is.
var (
	// ErrSyntax: the input is not well-formed CBOR (RFC 8949 §3 and
	// Appendix F): truncated, a reserved additional-information value,
	// a misplaced break, a length beyond the input, a text string that
	// is not UTF-8.
	ErrSyntax = errors.New("malformed CBOR")
	// ErrUnsupported: well-formed CBOR with no JSON form under the
	// Options (byte strings, unknown tags, non-string map keys, NaN and
	// infinities, undefined, other simple values), or a value of a Doc
	// that CBOR cannot carry.
	ErrUnsupported = errors.New("no JSON form")
	// ErrLimit: a limit of Options was hit (nesting depth, input size,
	// bignum size).
	ErrLimit = errors.New("limit exceeded")
)

// Error describes a failure to decode or encode. Offset is the byte
// offset in the CBOR input of the item at fault (-1 when encoding).
type Error struct {
	Offset int64
	Reason string // short lower-case description
	Err    error  // one of the sentinels above
}

// Error returns "cbor: at byte N: reason".
func (e *Error) Error() string {
	s := "cbor: "
	if e.Offset >= 0 {
		s += "at byte " + strconv.FormatInt(e.Offset, 10) + ": "
	}
	return s + e.Reason
}

// Unwrap returns the sentinel.
func (e *Error) Unwrap() error { return e.Err }
