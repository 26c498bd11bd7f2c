package cli

import (
	"bytes"
	"errors"
	"io"
	"strconv"
	"strings"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/cbor"
	"github.com/graftjson/graft/msgpack"
	"github.com/graftjson/graft/stream"
)

// maxIndent is the most spaces --indent takes.
const maxIndent = 16

func fmtCommand() *command {
	return &command{
		name:     "fmt",
		summary:  "print a JSON document compact, indented, canonical or binary",
		synopsis: "graft fmt [--indent N|--compact|--canonical] [--from F] [--to F] [FILE]",
		help: `Fmt reads the JSON document in FILE and prints it again, followed by a
newline. Only whitespace changes: strings keep their escapes exactly as
written ("\u00e9" stays "\u00e9"), numbers keep their digits
(12345678901234567890123 is not rounded), and members keep their order,
duplicates included. With no FILE, or with "-", fmt reads standard input.
An input of more than 256 MiB (--max-bytes) is printed compact or
indented as it is read, in bounded memory whatever its size; if it is not
valid, what came before the error was printed (exit status 1). Smaller
inputs, and --canonical, --to and --from, are read whole first: nothing is
printed for an invalid one.

Flags:
  --compact    print with no whitespace at all (the default)
  --indent N   print each member and item on its own line, indented by N
               spaces per level of nesting, 0 <= N <= ` + strconv.Itoa(maxIndent) + `; the output is
               byte for byte what encoding/json.Indent prints. --indent 0
               puts every member and item on its own line without
               indenting.
  --canonical  print the canonical form of RFC 8785 (JCS), the text to
               hash or sign: no whitespace, members sorted by name (by
               UTF-16 code units), numbers as JavaScript prints the
               nearest double (1.50 prints 1.5, 1E3 prints 1000, digits
               beyond a double's are lost), strings with escapes decoded
               and only '"', '\' and control characters escaped.
               Documents with a member name twice or a number beyond the
               range of a double (1e400) have no canonical form.
  --to F       write FILE in a binary format F to standard output (raw bytes,
               no newline) instead of printing JSON:
                 cbor      CBOR (RFC 8949): integers of any size exact
                           (bignums beyond 64 bits), other numbers as the
                           shortest float holding them exactly or else as
                           a decimal fraction (tag 4), so nothing is
                           rounded
                 msgpack   MessagePack: integers within 64 bits, floats
                           whose text a double prints back, every other
                           number as a number extension (type 78, its
                           text), so nothing is rounded
                 snapshot  graft's own snapshot of the parsed document:
                           its compact text and nodes, checked against
                           each other on load (see the Go package
                           documentation for the format)
               Strings are written with their escapes decoded.
  --from F     read FILE in a binary format F (cbor, msgpack, snapshot)
               instead of JSON, then print it as the other flags say, or
               in the format of --to. Items with no JSON form are errors:
               CBOR byte strings, tags other than the standard ones for
               numbers, dates, URIs and byte-string encodings, map keys
               that are not strings, NaN, infinities and undefined;
               MessagePack bin, extensions other than timestamps and
               number extensions, and map keys that are not str.

Exit status:
  0  the document was printed
  1  FILE is not valid JSON (FILE:LINE:COLUMN: reason) or cannot be read,
     or, with --canonical, it has no canonical form:
       FILE: no canonical form at "/a/0": number 1e400 is beyond ...
     or, with --from, it is not valid in that format (FILE: F: at
     byte N: reason), or, with --to, the document has no form in that
     format
  2  usage error

Examples:
  graft fmt --indent 2 examples/base.json
  echo '{ "name": "Caf\u00e9", "id": 12345678901234567890123 }' | graft fmt
  graft fmt --canonical examples/base.json | sha256sum
  graft fmt --to cbor examples/base.json > base.cbor
  graft fmt --from cbor --indent 2 base.cbor
  graft fmt --to snapshot big.json > big.snap
  graft fmt --from snapshot big.snap
`,
		run: runFmt,
	}
}

func runFmt(r *runner, c *command, args []string) int {
	fs := flags(c)
	indent := fs.Int("indent", 0, "indent by `N` spaces per level")
	compact := fs.Bool("compact", false, "print compact (the default)")
	canonical := fs.Bool("canonical", false, "print the RFC 8785 canonical form")
	to := fs.String("to", "", "write in binary `FORMAT`: cbor, msgpack or snapshot")
	from := fs.String("from", "", "read binary `FORMAT`: cbor, msgpack or snapshot")
	files, code, ok := r.parseFlags(c, fs, args)
	if !ok {
		return code
	}
	indented := isSet(fs, "indent")
	switch {
	case !binaryFormat(*to) || !binaryFormat(*from):
		return r.usageError(c, "--to and --from take cbor, msgpack or snapshot")
	case *to != "" && (indented || *compact || *canonical):
		return r.usageError(c, "--to excludes --indent, --compact and --canonical")
	case indented && *compact:
		return r.usageError(c, "--indent and --compact exclude each other")
	case *canonical && (indented || *compact):
		return r.usageError(c, "--canonical excludes --indent and --compact")
	case *indent < 0 || *indent > maxIndent:
		return r.usageError(c, "--indent must be between 0 and "+strconv.Itoa(maxIndent)+", not "+strconv.Itoa(*indent))
	case len(files) > 1:
		return r.usageError(c, "at most one FILE")
	case len(files) == 0:
		if code, ok := r.noInput(c); !ok {
			return code
		}
		files = []string{stdinArg}
	}
	if *from == "" && *to == "" && !*canonical {
		return r.formatStream(files[0], indented, strings.Repeat(" ", *indent))
	}
	d := r.newDoc(graft.Options{})
	var root graft.Ref
	if *from != "" {
		root, ok = r.loadBinary(d, files[0], *from)
	} else {
		root, ok = r.load(d, files[0], true)
	}
	if !ok {
		return exitFail
	}
	var out []byte
	switch {
	case *to != "":
		return r.writeBinary(d, root, files[0], *to)
	case *canonical:
		var err error
		if out, err = d.AppendCanonical(out, root); err != nil {
			msg := err.Error()
			if ge := (*graft.Error)(nil); errors.As(err, &ge) {
				msg = "at " + quote(ge.Pointer) + ": " + ge.Reason
			}
			r.report(displayName(files[0]) + ": no canonical form " + msg)
			return exitFail
		}
	case indented:
		out = d.AppendIndent(out, root, "", strings.Repeat(" ", *indent))
	default:
		out = d.AppendJSON(out, root)
	}
	return r.output(append(out, '\n'))
}

// binaryFormat reports whether f names a format of --to and --from, or is
// empty.
func binaryFormat(f string) bool {
	return f == "" || f == "cbor" || f == "msgpack" || f == "snapshot"
}

// loadBinary reads the input named by arg, in the binary format, into d.
func (r *runner) loadBinary(d *graft.Doc, arg, format string) (graft.Ref, bool) {
	src, err := r.read(arg)
	var root graft.Ref
	if err == nil {
		switch format {
		case "cbor":
			root, err = cbor.Decode(d, src)
		case "msgpack":
			root, err = msgpack.Decode(d, src)
		default:
			root, err = d.LoadSnapshot(src)
		}
	}
	if err != nil {
		r.report(describe(displayName(arg), err))
		return 0, false
	}
	return root, true
}

// writeBinary writes the value root of d to standard output in the binary
// format.
func (r *runner) writeBinary(d *graft.Doc, root graft.Ref, arg, format string) int {
	var out []byte
	var err error
	switch format {
	case "cbor":
		out, err = cbor.AppendCBOR(nil, d, root)
	case "msgpack":
		out, err = msgpack.AppendMsgpack(nil, d, root)
	default:
		out, err = d.AppendSnapshot(nil, root)
	}
	if err != nil {
		r.report(displayName(arg) + ": no " + format + " form: " + err.Error())
		return exitFail
	}
	return r.output(out)
}

// formatStream prints the input named by arg compact or indented. An
// input within the size limit is parsed whole and printed in one write
// (nothing, if it is not valid); a larger one is printed as it is read,
// piece by piece, in memory that does not grow with its size.
func (r *runner) formatStream(arg string, indented bool, indent string) int {
	src, size, closeSrc, err := r.openStream(arg)
	if err != nil {
		r.report(describe(displayName(arg), err))
		return exitFail
	}
	defer closeSrc()
	if size <= int64(r.maxBytes) {
		head, err := io.ReadAll(io.LimitReader(src, int64(r.maxBytes)+1))
		if err != nil {
			r.report(describe(displayName(arg), err))
			return exitFail
		}
		if len(head) <= r.maxBytes {
			d := r.newDoc(graft.Options{})
			root, err := d.Parse(head)
			if err != nil {
				r.report(describe(displayName(arg), err))
				return exitFail
			}
			var out []byte
			if indented {
				out = d.AppendIndent(out, root, "", indent)
			} else {
				out = d.AppendJSON(out, root)
			}
			return r.output(append(out, '\n'))
		}
		src = io.MultiReader(bytes.NewReader(head), src)
	}
	out := &watchedWriter{w: r.stdout}
	if indented {
		err = stream.Indent(out, src, indent, stream.Options{})
	} else {
		err = stream.Compact(out, src, stream.Options{})
	}
	switch {
	case out.err != nil:
		r.report("graft: writing output: " + out.err.Error())
		return exitFail
	case err != nil:
		r.report(describe(displayName(arg), err))
		return exitFail
	}
	return r.output([]byte{'\n'})
}

// watchedWriter keeps the first error of w, to tell it from one of the
// input.
type watchedWriter struct {
	w   io.Writer
	err error
}

func (ww *watchedWriter) Write(p []byte) (int, error) {
	n, err := ww.w.Write(p)
	if err != nil && ww.err == nil {
		ww.err = err
	}
	return n, err
}
