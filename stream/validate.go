package stream

import "io"

// Validate reads src to its end and reports whether it holds exactly one
// JSON value (with whitespace around it), checked as strictly as
// graft.Doc.Parse checks a document and with the same relaxations from
// opts.Doc. Nothing is built: memory is the window (opts.BufferSize) and
// one byte per level of nesting, whatever the size of the input, and
// opts.MaxItemBytes limits only numbers and the pieces a long string is
// checked in. It returns nil, an *graft.Error with the offset, line and
// column in src and the reason graft.Doc.Parse gives, or the error of src.
// opts.Mode and opts.Path are ignored.
func Validate(src io.Reader, opts Options) error {
	opts.Mode, opts.Path = Array, ""
	r := NewReader(src, opts)
	if r.skip(0, true) {
		r.finish()
	}
	return r.err
}
