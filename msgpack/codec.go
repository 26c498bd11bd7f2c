package msgpack

import (
	"strconv"
	"sync"

	"github.com/graftjson/graft"
)

// Codec transcodes between Docs and MessagePack with fixed Options. It keeps
// working buffers in a pool, so warm calls do not allocate (beyond growing
// dst); it is safe for concurrent use.
type Codec struct {
	opts     Options
	encoders sync.Pool // *encoder
	buffers  sync.Pool // *[]byte: JSON text on its way into a Doc
}

// New returns a Codec with the given options.
func New(opts Options) *Codec {
	return &Codec{opts: opts.normalized()}
}

var defaultCodec = New(Options{})

// AppendMsgpack appends the value r of d as MessagePack to dst with the default
// Options. See Codec.AppendMsgpack.
func AppendMsgpack(dst []byte, d *graft.Doc, r graft.Ref) ([]byte, error) {
	return defaultCodec.AppendMsgpack(dst, d, r)
}

// AppendJSON appends the MessagePack value src as JSON text to dst with the
// default Options. See Codec.AppendJSON.
func AppendJSON(dst, src []byte) ([]byte, error) {
	return defaultCodec.AppendJSON(dst, src)
}

// Decode reads the MessagePack value src into d with the default Options.
// See Codec.Decode.
func Decode(d *graft.Doc, src []byte) (graft.Ref, error) {
	return defaultCodec.Decode(d, src)
}

// AppendMsgpack appends the value r of d as one MessagePack value to dst and
// returns the extended slice. It reads d without changing it. Numbers keep
// their exact value unless Options.RoundNumbers (see the package
// documentation); strings are written with their escapes decoded. On error
// (an *Error: a string that is not UTF-8, nesting deeper than MaxDepth, an
// invalid r, with RoundNumbers a number beyond the range of a float64) dst
// is returned with unspecified bytes appended.
func (c *Codec) AppendMsgpack(dst []byte, d *graft.Doc, r graft.Ref) ([]byte, error) {
	e, _ := c.encoders.Get().(*encoder)
	if e == nil {
		e = &encoder{}
	}
	e.doc, e.opts = d, &c.opts
	dst, err := e.value(dst, r, 0)
	e.doc = nil
	if cap(e.scratch) <= maxPooled {
		c.encoders.Put(e)
	}
	return dst, err
}

// AppendJSON appends the MessagePack value src as compact JSON text to dst
// and returns the extended slice. src must hold exactly one value.
// Errors are *Error values with the byte offset in src; on error dst is
// returned with unspecified bytes appended. No allocation is sized from a
// length declared in src.
func (c *Codec) AppendJSON(dst, src []byte) ([]byte, error) {
	if len(src) > c.opts.MaxBytes {
		return dst, &Error{Offset: -1, Reason: "input of " + strconv.Itoa(len(src)) + " bytes exceeds the size limit", Err: ErrLimit}
	}
	s := decoder{src: src, out: dst, opts: &c.opts}
	if err := s.value(0); err != nil {
		return s.out, err
	}
	if s.pos != len(src) {
		return s.out, s.fail(s.pos, strconv.Itoa(len(src)-s.pos)+" bytes after the value", ErrSyntax)
	}
	return s.out, nil
}

// Decode reads the MessagePack value src into d beside the values d already
// holds, as d.Append would read its JSON text, and returns its root. d is
// left unchanged on error: an *Error of the transcoding, or the
// *graft.Error of d.Append where a limit of d's Options is hit (its offset
// is then in the JSON text). src is not retained.
func (c *Codec) Decode(d *graft.Doc, src []byte) (graft.Ref, error) {
	bp, _ := c.buffers.Get().(*[]byte)
	if bp == nil {
		bp = new([]byte)
	}
	var (
		r   graft.Ref
		err error
	)
	if *bp, err = c.AppendJSON((*bp)[:0], src); err == nil {
		r, err = d.Append(*bp)
	}
	if cap(*bp) <= maxPooled {
		c.buffers.Put(bp)
	}
	return r, err
}

// maxPooled is the largest buffer a Codec keeps for reuse: one huge
// document must not pin its memory.
const maxPooled = 16 << 20
