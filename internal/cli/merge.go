package cli

import (
	"errors"
	"flag"

	"github.com/graftjson/graft"
)

// conflictPolicy returns the merge policy named by a value of --on-conflict.
func conflictPolicy(name string) (graft.Conflict, bool) {
	switch name {
	case "error":
		return graft.ConflictError, true
	case "replace":
		return graft.ConflictReplace, true
	case "keep":
		return graft.ConflictKeep, true
	}
	return 0, false
}

func mergeCommand() *command {
	return &command{
		name:     "merge",
		summary:  "merge overlays into a base document, or apply a merge patch",
		synopsis: "graft merge [--at POINTER] [--on-conflict POLICY] BASE OVERLAY...\n       graft merge --patch TARGET PATCH",
		help: `Merge combines JSON documents the way a gateway stitches the answers of
several upstream services into one response: it merges each OVERLAY into
BASE, in order, and prints the result as compact JSON followed by a
newline. The rules, for each position where both have a value:

  - objects merge member by member, recursively; members only in the
    overlay are appended, in the overlay's order
  - arrays of the same length merge item by item; if one of them is
    empty, the result is the other
  - a string, number or boolean in the overlay replaces a string,
    number or boolean in the base
  - null in the base takes the overlay's value; null in the overlay
    keeps the base's value (a failed upstream fetch does not erase data)
  - anything else (an object against an array or a number, arrays of
    different lengths) is a conflict, settled by --on-conflict

Strings keep their escapes and numbers their digits, as in graft fmt.
One of BASE and the OVERLAYs may be "-" for standard input.

With --patch, merge applies the JSON Merge Patch (RFC 7396) in PATCH to
TARGET instead, with the RFC's rules: null in the patch removes the
member, an object in the patch merges into an object, and anything else
(an array, a string, a number) replaces what was there. A patch that is
not an object replaces the whole document. Members keep their order; new
ones are added at the end, in the patch's order.

Flags:
  --at POINTER   merge each overlay into the value at this JSON Pointer
                 of BASE instead of into BASE itself. Members missing on
                 the way are created: empty objects, and the overlay
                 itself at the end. A null on the way becomes an empty
                 object, a string, number or boolean is a conflict, and
                 array items on the way must exist. Run "graft help get"
                 for the pointer syntax.
  --on-conflict POLICY
                 error    stop at the first conflict, print nothing and
                          exit 1 (the default)
                 replace  the overlay's value wins
                 keep     the base's value wins
  --patch        apply PATCH to TARGET as a JSON Merge Patch (above);
                 takes no other flag

Exit status:
  0  the merged document was printed
  1  an input is not valid JSON or cannot be read; POINTER is malformed
     or passes through a missing array item; or a conflict under
     --on-conflict error, reported as
       OVERLAY: merge conflict at "/products/1/price": reason
     Nothing is printed to standard output then.
  2  usage error

Examples:
  graft merge examples/base.json examples/reviews.json examples/inventory.json
  echo '{"badges": ["new"]}' | graft merge --at /products/2 examples/base.json -
  graft merge --on-conflict replace defaults.json site.json
  echo '{"page": null}' | graft merge --patch examples/base.json -
`,
		run: runMerge,
	}
}

func runMerge(r *runner, c *command, args []string) int {
	fs := flags(c)
	at := fs.String("at", "", "merge at `POINTER`")
	policy := fs.String("on-conflict", "error", "conflict `POLICY`: error, replace or keep")
	patch := fs.Bool("patch", false, "apply a JSON Merge Patch")
	files, code, ok := r.parseFlags(c, fs, args)
	if !ok {
		return code
	}
	if *patch {
		return r.mergePatch(c, fs, files)
	}
	conflict, known := conflictPolicy(*policy)
	if !known {
		return r.usageError(c, "--on-conflict must be error, replace or keep, not "+quote(*policy))
	}
	if len(files) < 2 {
		return r.usageError(c, "want BASE and at least one OVERLAY")
	}
	if msg, ok := claimStdin(files); !ok {
		return r.usageError(c, msg)
	}
	useAt := isSet(fs, "at")
	if useAt {
		if _, err := graft.ParsePointer(*at); err != nil {
			return r.badPointer(c, *at, err)
		}
	}

	// Parse every input first, so that text that is not JSON is reported
	// before any merge work, then merge in order.
	d := r.newDoc(graft.Options{Conflict: conflict})
	roots := make([]graft.Ref, len(files))
	for i, f := range files {
		if roots[i], ok = r.load(d, f, i == 0); !ok {
			return exitFail
		}
	}
	base := roots[0]
	for i, f := range files[1:] {
		var err error
		if useAt {
			err = d.MergeAt(base, *at, roots[i+1])
		} else {
			err = d.Merge(base, roots[i+1])
		}
		if err != nil {
			r.report(describeMerge(displayName(files[0]), displayName(f), err))
			return exitFail
		}
	}
	return r.output(append(d.AppendJSON(nil, base), '\n'))
}

// mergePatch runs merge --patch TARGET PATCH.
func (r *runner) mergePatch(c *command, fs *flag.FlagSet, files []string) int {
	switch {
	case isSet(fs, "at") || isSet(fs, "on-conflict"):
		return r.usageError(c, "--patch takes no --at or --on-conflict")
	case len(files) != 2:
		return r.usageError(c, "--patch wants TARGET and PATCH")
	}
	// Two separate inputs share no values, so MergePatch cannot fail (ErrCycle).
	return r.applyPatch(c, files, (*graft.Doc).MergePatch, describe)
}

// describeMerge formats an error of merging the overlay named overlay into
// the base named base: a position the base lacks is the base's fault.
func describeMerge(base, overlay string, err error) string {
	var ge *graft.Error
	if errors.As(err, &ge) && errors.Is(err, graft.ErrPointer) {
		return base + ": cannot merge " + overlay + " at " + quote(ge.Pointer) + ": " + ge.Reason
	}
	return describe(overlay, err)
}
