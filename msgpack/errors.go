package msgpack

import (
	"errors"
	"strconv"
)

// Sentinels wrapped by *Error, for errors.Is.
var (
	// ErrSyntax: the input is not well-formed MessagePack: truncated, the
	// never-used byte 0xc1, a length beyond the input, a str that is not
	// UTF-8, a number extension that is not a JSON number.
	ErrSyntax = errors.New("malformed MessagePack")
	// ErrUnsupported: well-formed MessagePack with no JSON form under the
	// Options (bin, extensions, non-string map keys, NaN and
	// infinities), or a value of a Doc that MessagePack cannot carry.
	ErrUnsupported = errors.New("no JSON form")
	// ErrLimit: a limit of Options was hit (nesting depth, input size).
	ErrLimit = errors.New("limit exceeded")
)

// Error describes a failure to decode or encode. Offset is the byte
// offset in the MessagePack input of the item at fault (-1 when encoding).
type Error struct {
	Offset int64
	Reason string // short lower-case description
	Err    error  // one of the sentinels above
}

// Error returns "msgpack: at byte N: reason".
func (e *Error) Error() string {
	s := "msgpack: "
	if e.Offset >= 0 {
		s += "at byte " + strconv.FormatInt(e.Offset, 10) + ": "
	}
	return s + e.Reason
}

// Unwrap returns the sentinel.
func (e *Error) Unwrap() error { return e.Err }
