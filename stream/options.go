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
	// last line needs no line feed. A value may not span lines.
	Lines
	// Concatenated reads JSON values one after another, separated by
	// optional whitespace (as encoding/json.Decoder reads a stream).
	Concatenated
	// Sequence reads an RFC 7464 JSON text sequence: each value preceded by
	// the record separator 0x1E (and, by the RFC, followed by a line feed).
	Sequence
)

var modeNames = [...]string{"array", "lines", "concatenated", "sequence"}

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
	// Mode: Array (the default), Lines, Concatenated or Sequence.
	Mode Mode
	// Path is the JSON Pointer (RFC 6901) of the array whose items are read
	// in Array mode; "" is the top-level value. Where an object along the
	// path has a member name twice, the first one is followed (a stream
	// cannot look ahead; Doc.Find takes the last). Other modes ignore it.
	Path string

	// MaxItemBytes limits the text of one item (in Lines mode, of one line;
	// outside the items, of one number or one member name of the path).
	// The window that holds the item never grows past it, so it bounds the
	// memory of a Reader. Zero means DefaultMaxItemBytes.
	MaxItemBytes int
	// MaxDepth limits the nesting of arrays and objects, counted from the
	// top of the stream: an item of an array at depth k may nest
	// MaxDepth-k levels. Zero means graft.DefaultMaxDepth.
	MaxDepth int
	// BufferSize is the initial size of the window the input is read into.
	// Zero means DefaultBufferSize; it grows (up to about MaxItemBytes) only
	// for an item that does not fit.
	BufferSize int

	// Doc holds the options of the Doc each item is parsed into: strictness
	// (AllowInvalidUTF8, AllowLoneSurrogates, RejectDuplicateNames) and the
	// node limit. Its MaxDepth and MaxBytes are replaced by the limits
	// above. AllowInvalidUTF8 and AllowLoneSurrogates apply to the text
	// outside the items too; RejectDuplicateNames only inside the items.
	Doc graft.Options
}

// Defaults used where Options leave a field zero.
const (
	DefaultMaxItemBytes = 64 << 20
	DefaultBufferSize   = 64 << 10
)

// minBuffer is the smallest window: a string longer than the window is
// validated in pieces, and a piece needs room for the longest escape.
const minBuffer = 32

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
	if o.BufferSize < minBuffer {
		o.BufferSize = minBuffer
	}
	return o
}
