package cli

import "github.com/graftjson/graft"

func getCommand() *command {
	return &command{
		name:     "get",
		summary:  "print the value at a JSON Pointer",
		synopsis: "graft get FILE POINTER",
		help: `Get prints the value at POINTER in the JSON document in FILE, as compact
JSON followed by a newline; a string is printed as JSON, with its quotes
and escapes. FILE may be "-" for standard input, but it cannot be left out:
"graft get - /a" reads standard input, "graft get /a" is a usage error.

POINTER is a JSON Pointer (RFC 6901): "" is the whole document,
"/products/0/name" is member "products", then item 0 of that array, then
member "name". In a member name, write "~1" for "/" and "~0" for "~":
"/a~1b" is member "a/b". Array items are numbered from 0, without leading
zeros. Where an object has a member name twice, the last one counts.

Exit status:
  0  the value was printed
  1  FILE is not valid JSON or cannot be read; POINTER is malformed (it
     must be empty or start with "/", and "~" must be followed by 0 or 1);
     or nothing is at POINTER: FILE: no value at POINTER: reason, as in
       FILE: no value at "/products/7/name": no item 7 in an array of
       length 3 at "/products/7"
  2  usage error

Examples:
  graft get examples/base.json /products/0/name
  graft get examples/base.json ""
  echo '{"a/b": {"m~n": 1}}' | graft get - /a~1b/m~0n
`,
		run: runGet,
	}
}

func runGet(r *runner, c *command, args []string) int {
	operands, code, ok := r.parseFlags(c, flags(c), args)
	if !ok {
		return code
	}
	if len(operands) != 2 {
		return r.usageError(c, `want FILE and POINTER (FILE "-" reads standard input)`)
	}
	file, ptr := operands[0], operands[1]
	// A malformed pointer is bad input, not bad usage: exit 1, before the
	// input is read.
	if _, err := graft.ParsePointer(ptr); err != nil {
		return r.badPointer(c, ptr, err)
	}
	d := r.newDoc(graft.Options{})
	root, ok := r.load(d, file, true)
	if !ok {
		return exitFail
	}
	v, err := d.Lookup(root, ptr)
	if err != nil {
		// The pointer is well formed: it names nothing, and the reason
		// says where and why.
		msg := displayName(file) + ": no value at " + quote(ptr)
		if ge, ok := err.(*graft.Error); ok {
			msg += ": " + ge.Reason
			if ge.Pointer != ptr {
				msg += " at " + quote(ge.Pointer)
			}
		}
		r.report(msg)
		return exitFail
	}
	return r.output(append(d.AppendJSON(nil, v), '\n'))
}

// badPointer reports the malformed JSON Pointer ptr, an argument of c.
func (r *runner) badPointer(c *command, ptr string, err error) int {
	reason := err.Error()
	if ge, ok := err.(*graft.Error); ok {
		reason = ge.Reason
	}
	msg := "graft " + c.name + ": malformed JSON Pointer " + quote(ptr) + ": " + reason
	if ptr != "" && ptr[0] != '/' {
		if _, err := graft.ParsePointer("/" + ptr); err == nil {
			msg += " (did you mean " + quote("/"+ptr) + "?)"
		}
	}
	r.report(msg)
	return exitFail
}
