package cli

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"strconv"

	"github.com/graftjson/graft"
)

// stdinArg is the argument that names standard input; stdinName is its name
// in messages.
const (
	stdinArg  = "-"
	stdinName = "<stdin>"
)

// maxInput is the most bytes read from one input: the parser's own default
// limit, checked while reading so that a huge input is never held whole.
const maxInput = graft.DefaultMaxBytes

// sizeError is the error for an input longer than the runner's maxBytes.
type sizeError struct {
	max  int
	size int64 // the size of the file, 0 if unknown (standard input)
}

func (e *sizeError) Error() string {
	msg := "input exceeds"
	if e.size > 0 {
		msg = strconv.FormatInt(e.size, 10) + " bytes exceed"
	}
	return msg + " the limit of " + strconv.Itoa(e.max) + " bytes for one input" +
		" (--max-bytes raises it, up to " + strconv.Itoa(graft.MaxArenaBytes) + ";" +
		" graft stream reads the items of a large array in bounded memory)"
}

// newDoc returns a Doc with options o and the runner's size limit.
func (r *runner) newDoc(o graft.Options) *graft.Doc {
	o.MaxBytes = r.maxBytes
	return graft.New(o)
}

// displayName returns the name of the input arg in messages.
func displayName(arg string) string {
	switch arg {
	case stdinArg:
		return stdinName
	case "": // an empty argument, quoted so that the message shows it
		return `""`
	}
	return arg
}

// claimStdin checks that standard input is named at most once among the
// inputs args, and returns a message saying otherwise.
func claimStdin(args []string) (msg string, ok bool) {
	n := 0
	for _, a := range args {
		if a == stdinArg {
			n++
		}
	}
	if n > 1 {
		return `standard input ("-") can be read only once`, false
	}
	return "", true
}

// read returns the whole content of the input named by arg: the file, or
// standard input for "-".
func (r *runner) read(arg string) ([]byte, error) {
	if arg == stdinArg {
		return readAll(r.stdin, r.maxBytes, 0)
	}
	f, err := os.Open(arg)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	size := 0
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
		if fi.Size() > int64(r.maxBytes) { // refused before reading a byte
			return nil, &sizeError{max: r.maxBytes, size: fi.Size()}
		}
		size = int(fi.Size())
	}
	return readAll(f, r.maxBytes, size)
}

// readAll reads rd to the end, failing with a *sizeError after more than max
// bytes. size is the expected length, or 0 if unknown.
func readAll(rd io.Reader, max, size int) ([]byte, error) {
	var buf bytes.Buffer
	buf.Grow(size + bytes.MinRead)
	if _, err := buf.ReadFrom(io.LimitReader(rd, int64(max)+1)); err != nil {
		return nil, err
	}
	if buf.Len() > max {
		return nil, &sizeError{max: max}
	}
	return buf.Bytes(), nil
}

// load reads the input named by arg into d (Parse if first, else Append) and
// returns its root, or reports the problem and returns !ok.
func (r *runner) load(d *graft.Doc, arg string, first bool) (root graft.Ref, ok bool) {
	src, err := r.read(arg)
	if err == nil {
		if first {
			root, err = d.Parse(src)
		} else {
			root, err = d.Append(src)
		}
	}
	if err != nil {
		r.report(describe(displayName(arg), err))
		return 0, false
	}
	return root, true
}

// describe formats err, met while working on the input named name, as one
// line: "name:line:column: reason" for text that is not valid JSON,
// "name: reason" otherwise.
func describe(name string, err error) string {
	var ge *graft.Error
	var pe *fs.PathError
	switch {
	case errors.As(err, &ge):
		switch {
		case ge.Line > 0:
			return name + ":" + strconv.Itoa(ge.Line) + ":" + strconv.Itoa(ge.Column) + ": " + ge.Reason
		case errors.Is(ge, graft.ErrConflict):
			return name + ": merge conflict at " + quote(ge.Pointer) + ": " + ge.Reason
		case errors.Is(ge, graft.ErrPointer):
			return name + ": bad position " + quote(ge.Pointer) + ": " + ge.Reason
		}
		return name + ": " + ge.Reason
	case errors.As(err, &pe):
		return name + ": " + pe.Err.Error()
	}
	return name + ": " + err.Error()
}

// quote quotes a JSON Pointer or an argument for a message.
func quote(s string) string { return strconv.Quote(s) }
