package stream

import "github.com/graftjson/graft"

// Mode says how a Reader finds its items in the input.
type Mode uint8

const (
	// Array reads the items of the array at Options.Path: one JSON text
	// whose every byte is validated, only the items becoming values.
	Array Mode = iota
	// Lines reads NDJSON / JSON Lines: one value on each line. Lines that
	// hold only whitespace are skipped, a line may end in CR LF, and the
	// last line needs no line feed. A value may not span lines: one cut
	// short by the end of its line fails with "unexpected end of line".
	Lines
	// Concatenated reads JSON values one after another. A value that is a
	// number, true, false or null must be followed by whitespace, by a
	// string, an array or an object, or by the end of the input; strings,
	// arrays and objects need nothing after them. So "1 2", "1\"a\"",
	// "[1]2" and "{}{}" are two values each, while "truefalse", "1true" and
	// "1-2" are errors (encoding/json.Decoder would read two values from
	// each).
	Concatenated
	// Sequence reads an RFC 7464 JSON text sequence: each value preceded by
	// the record separator 0x1E (and, by the RFC, followed by a line feed).
	Sequence
	// Auto chooses one of the above from the first byte of the input that
	// is not whitespace: Array (the top-level array) if it is '[',
	// Sequence if it is the record separator 0x1E and the very first byte,
	// and Concatenated otherwise (which reads NDJSON too). The whitespace
	// before that byte is skipped as it is read, whatever its length. Auto
	// ignores Path.
	Auto
)

var modeNames = [...]string{"array", "lines", "concatenated", "sequence", "auto"}

// String returns the lower-case name of the mode.
func (m Mode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m]
	}
	return "unknown"
}

// Options configure a Reader. They are set at construction (NewReader) and
// the zero value is safe: the items of the top-level array, strict RFC 8259,
// items of at most DefaultMaxItemBytes, nesting at most
// graft.DefaultMaxDepth deep.
type Options struct {
	// Mode: Array (the default), Lines, Concatenated, Sequence or Auto.
	Mode Mode
	// Path is the JSON Pointer (RFC 6901) of the array whose items are read
	// in Array mode; "" is the top-level value. Where an object along the
	// path has a member name twice, the first one is followed and meeting
	// the second is an error wrapping graft.ErrPointer (a stream cannot go
	// back to it; Doc.Find takes the last). Other modes ignore it.
	Path string

	// MaxItemBytes limits the text of one item (in Lines mode, of one line;
	// in Sequence mode, of one JSON text without the whitespace around it,
	// which may be followed by at most MaxItemBytes of whitespace; outside
	// the items, of one number or one member name of the path).
	// The window that holds the item grows to about its size at most (in
	// Sequence mode, to about twice its size for a text followed by that
	// much whitespace), so it bounds the memory of a Reader: an item over
	// the limit fails once that much of it was read, and is not built.
	// Zero means DefaultMaxItemBytes.
	MaxItemBytes int
	// MaxDepth limits the nesting of arrays and objects, counted from the
	// top of the stream: an item of an array at depth k may nest
	// MaxDepth-k levels. Zero means graft.DefaultMaxDepth.
	MaxDepth int
	// BufferSize is the initial size of the window the input is read into.
	// Zero means DefaultBufferSize; it grows (up to about MaxItemBytes) only
	// for an item that does not fit. It is clamped to MaxItemBytes plus 32
	// bytes and to 64 MiB: a larger window would never be filled by an
	// item, so a Reader allocates no more than its limits need.
	BufferSize int

	// Doc holds the options of the Doc each item is parsed into: strictness
	// (AllowInvalidUTF8, AllowLoneSurrogates, RejectDuplicateNames) and the
	// node limit. Its MaxDepth and MaxBytes are replaced by the limits
	// above. AllowInvalidUTF8 and AllowLoneSurrogates apply to the text
	// outside the items too; RejectDuplicateNames only inside the items,
	// and not inside one over MaxItemBytes, which is only validated up to
	// the limit (the limit is the error, unless a syntax error comes
	// first).
	Doc graft.Options
}

// Defaults used where Options leave a field zero.
const (
	DefaultMaxItemBytes = 64 << 20
	DefaultBufferSize   = 64 << 10
)

// minBuffer is the smallest window: a string longer than the window is
// validated in pieces, and a piece needs room for the longest escape.
// maxBuffer is the largest initial window.
const (
	minBuffer = 32
	maxBuffer = 64 << 20
)

func (o Options) normalized() Options {
	if o.MaxItemBytes <= 0 {
		o.MaxItemBytes = DefaultMaxItemBytes
	}
	if o.MaxItemBytes > graft.MaxArenaBytes/2 {
		o.MaxItemBytes = graft.MaxArenaBytes / 2
	}
	if o.MaxDepth <= 0 {
		o.MaxDepth = graft.DefaultMaxDepth
	}
	if o.BufferSize <= 0 {
		o.BufferSize = DefaultBufferSize
	}
	o.BufferSize = min(o.BufferSize, o.MaxItemBytes+minBuffer, maxBuffer)
	if o.BufferSize < minBuffer {
		o.BufferSize = minBuffer
	}
	if o.Mode == Auto {
		o.Path = ""
	}
	return o
}
