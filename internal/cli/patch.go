package cli

import (
	"errors"

	"github.com/graftjson/graft"
)

func patchCommand() *command {
	return &command{
		name:     "patch",
		summary:  "apply a JSON Patch (RFC 6902) to a document",
		synopsis: "graft patch TARGET PATCH",
		help: `Patch applies the JSON Patch in PATCH (RFC 6902: an array of operations)
to the JSON document in TARGET and prints the result as compact JSON
followed by a newline. The operations run in order:

  {"op": "add",     "path": P, "value": V}  add a member or insert an item
                                            ("-" appends); an existing
                                            member gets the new value
  {"op": "remove",  "path": P}              remove a member or an item
  {"op": "replace", "path": P, "value": V}  replace a value that exists
  {"op": "move",    "from": F, "path": P}   remove at F, add at P
  {"op": "copy",    "from": F, "path": P}   add a copy of the value at F
  {"op": "test",    "path": P, "value": V}  stop unless the value at P
                                            equals V

P and F are JSON Pointers (run "graft help get"); "" is the whole
document. Array indices must name an existing item (or, for add, the end
of the array): an index past the end is an error, never padding. "test"
compares JSON values: numbers by their exact value (1 equals 1.0, and two
long integers that differ in the last digit differ), strings by their
text, objects whatever the order of their members. Where a member name
occurs twice, the last member counts; remove removes all of them.

The patch is all or nothing: if an operation fails, nothing is printed.
Strings and numbers that the patch does not touch keep their text, and
members keep their order (new ones are added at the end).
One of TARGET and PATCH may be "-" for standard input; neither can be
left out.

Exit status:
  0  the patched document was printed
  1  an input is not valid JSON or cannot be read; the patch is not a
     JSON Patch:
       PATCH: invalid JSON Patch: operation 2: unknown op "merge"
     or an operation failed, with the operation (counted from 0) and
     the position where its pointer names nothing:
       PATCH: patch failed at "/users/7": operation 3 (remove
       "/users/7/email"): no item 7 in an array of length 5
  2  usage error

Examples:
  graft patch config.json changes.json
  echo '[{"op":"add","path":"/products/0/badges","value":["new"]}]' |
    graft patch examples/base.json -
`,
		run: runPatch,
	}
}

func runPatch(r *runner, c *command, args []string) int {
	files, code, ok := r.parseFlags(c, flags(c), args)
	if !ok {
		return code
	}
	if len(files) != 2 {
		return r.usageError(c, `want TARGET and PATCH (one may be "-" for standard input)`)
	}
	return r.applyPatch(c, files, (*graft.Doc).Patch, describePatch)
}

// applyPatch reads TARGET and PATCH (files) into one Doc, applies the patch
// with apply and prints the target, or reports the error with describe.
func (r *runner) applyPatch(c *command, files []string, apply func(d *graft.Doc, target, patch graft.Ref) error, describe func(name string, err error) string) int {
	if msg, ok := claimStdin(files); !ok {
		return r.usageError(c, msg)
	}
	d := r.newDoc(graft.Options{})
	target, ok := r.load(d, files[0], true)
	if !ok {
		return exitFail
	}
	patch, ok := r.load(d, files[1], false)
	if !ok {
		return exitFail
	}
	if err := apply(d, target, patch); err != nil {
		r.report(describe(displayName(files[1]), err))
		return exitFail
	}
	return r.output(append(d.AppendJSON(nil, target), '\n'))
}

// describePatch formats an error of applying the patch named name.
func describePatch(name string, err error) string {
	var ge *graft.Error
	switch {
	case !errors.As(err, &ge):
		return name + ": " + err.Error()
	case errors.Is(err, graft.ErrPatch):
		return name + ": invalid JSON Patch: " + ge.Reason
	}
	return name + ": patch failed at " + quote(ge.Pointer) + ": " + ge.Reason
}
