package stream

import (
	"io"
	"strconv"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/internal/wire"
)

// Reader reads items one at a time out of an io.Reader, each parsed into a
// reusable graft.Doc, in memory bounded by the largest item plus a byte per
// level of nesting: the items of an array at a JSON Pointer (Array mode),
// or the values of an NDJSON stream, a run of concatenated values or an
// RFC 7464 JSON text sequence.
//
// Use it like bufio.Scanner:
//
//	r := stream.NewReader(src, stream.Options{Path: "/data/items"})
//	for r.Next() {
//		use(r.Doc(), r.Item()) // valid until the next call to Next
//	}
//	if err := r.Err(); err != nil { … }
//
// A Reader is not safe for concurrent use. Reset reuses one for another
// input; a warm Reader reads items without allocating.
type Reader struct {
	src      io.Reader
	opts     Options // normalized
	mode     wire.Mode
	form     Mode // the mode in effect: Options.Mode, or what Auto chose
	path     graft.Path
	pathErr  error // Options.Path is malformed: every Next fails
	nameRoom int64 // the window a member name on the path may need: see windowMax

	buf       []byte // the window: input from stream offset base on
	pos       int    // next unread byte of buf
	base      int64  // stream offset of buf[0]
	lines     int    // line feeds before buf[0]
	lineStart int64  // stream offset of the line holding buf[0]
	eof       bool   // src reported io.EOF
	rerr      error  // src failed; reported when the bytes before it are used up

	state    state
	stack    []byte // open containers outside the items: '[' or '{'
	tail     bool   // past the array: the rest is validated, names on the path compared
	doc      *graft.Doc
	docDepth int
	item     graft.Ref
	start    int   // the current item is buf[start:end]
	end      int   //
	off      int64 // stream offset of the current item
	count    int
	err      error

	out *printer // Format: where the text read is printed, or nil
}

type state uint8

const (
	stStart state = iota // nothing read yet
	stItems              // inside the array (or the sequence), no item yet
	stAfter              // just after an item
	stDone               // the end, or an error
)

// NewReader returns a Reader of src with the given options. A malformed
// Options.Path is reported by Err after the first call to Next.
func NewReader(src io.Reader, opts Options) *Reader {
	r := &Reader{opts: opts.normalized()}
	r.mode = wire.ModeOf(r.opts.Doc.AllowInvalidUTF8, r.opts.Doc.AllowLoneSurrogates)
	r.path, r.pathErr = graft.ParsePointer(r.opts.Path)
	for _, tok := range r.path {
		r.nameRoom = max(r.nameRoom, nameRoom(tok))
	}
	r.Reset(src)
	return r
}

// Reset makes r read src from its start with the same options, keeping its
// memory (window, Doc). It forgets the current item and any error other
// than a malformed Options.Path.
func (r *Reader) Reset(src io.Reader) {
	r.src = src
	r.buf = r.buf[:0]
	r.pos, r.base, r.lines, r.lineStart = 0, 0, 0, 0
	r.eof, r.rerr = false, nil
	r.state = stStart
	r.form = r.opts.Mode
	r.stack = r.stack[:0]
	r.tail = false
	r.item, r.start, r.end, r.off, r.count = 0, 0, 0, 0, 0
	r.err = r.pathErr
	if r.buf == nil {
		r.buf = make([]byte, 0, r.opts.BufferSize)
	}
}

// Next reads the next item and reports whether there is one. It returns
// false at the end of the input, after which Err returns nil, and on the
// first error, which Err returns; every later call returns false. The
// input is validated as a whole: in Array mode Next returns false with a
// nil error only once the rest of the document after the array was read
// and found valid.
func (r *Reader) Next() bool {
	if r.state == stDone || r.err != nil {
		r.state = stDone
		return false
	}
	r.item = 0
	if r.state == stStart {
		if r.form == Auto {
			r.form = r.sniff()
		}
		if r.form != Array {
			r.begin()
		}
	}
	switch r.form {
	case Array:
		return r.nextArray()
	case Lines:
		return r.nextLine()
	case Concatenated:
		return r.nextValue()
	case Sequence:
		return r.nextRecord()
	}
	return r.fail(r.pos, "unknown mode "+strconv.Itoa(int(r.opts.Mode)), graft.ErrSyntax)
}

// sniff chooses the mode of an Auto Reader from the first byte of the
// input that is not whitespace, which it skips as it reads (the window
// does not grow for it).
func (r *Reader) sniff() Mode {
	c, ok := r.peek()
	switch {
	case ok && c == '[':
		return Array
	case ok && c == rs && r.base+int64(r.pos) == 0:
		return Sequence
	}
	return Concatenated
}

// Doc returns the Doc that holds the current item. The Reader owns it:
// the item and every Ref and slice read from it stay valid until the next
// call to Next or Reset, which parse the next item into the same Doc. The
// caller may read it from several goroutines, and may even edit it, until
// then. To keep an item longer, see Raw.
func (r *Reader) Doc() *graft.Doc { return r.doc }

// Item returns the root of the current item in Doc, or the zero Ref when
// Next has not returned true.
func (r *Reader) Item() graft.Ref { return r.item }

// Raw returns the text of the current item as it stands in the input,
// without the whitespace around it. It borrows the Reader's window: valid
// until the next call to Next or Reset. To keep the item, copy it
// (append([]byte(nil), r.Raw()...)) or parse it into a Doc of your own
// (mine.Append(r.Raw())).
func (r *Reader) Raw() []byte {
	if r.item == 0 {
		return nil
	}
	return r.buf[r.start:r.end:r.end]
}

// Offset returns the byte offset in the input of the current item's first
// byte.
func (r *Reader) Offset() int64 { return r.off }

// Count returns how many items Next has delivered.
func (r *Reader) Count() int { return r.count }

// Err returns the error that ended the stream, or nil at its regular end.
// Problems with the input are *graft.Error values with the byte offset in
// the whole stream, line and column; once items were delivered, their
// reason ends with how many, "(after 1 item)", "(after N items)". They
// wrap graft.ErrSyntax, graft.ErrLimit (MaxItemBytes, MaxDepth, the Doc's
// node limit), graft.ErrNotFound (nothing at Options.Path; Pointer holds
// the path) or graft.ErrKind (the value at the path is not an array), or
// graft.ErrPointer for a malformed path. An error of the underlying reader
// is returned as it came, once every complete item before it was
// delivered.
func (r *Reader) Err() error { return r.err }

func itoa(n int) string { return strconv.Itoa(n) }

func quote(s string) string { return strconv.Quote(s) }
