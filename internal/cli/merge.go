package cli

import (
	"errors"

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
		summary:  "merge overlay documents into a base document",
		synopsis: "graft merge [--at POINTER] [--on-conflict POLICY] BASE OVERLAY...",
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
`,
		run: runMerge,
	}
}

func runMerge(r *runner, c *command, args []string) int {
	fs := flags(c)
	at := fs.String("at", "", "merge at `POINTER`")
	policy := fs.String("on-conflict", "error", "conflict `POLICY`: error, replace or keep")
	files, code, ok := r.parseFlags(c, fs, args)
	if !ok {
		return code
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
	d := graft.New(graft.Options{Conflict: conflict})
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
			r.report(describeMerge(displayName(f), err))
			return exitFail
		}
	}
	return r.output(append(d.AppendJSON(nil, base), '\n'))
}

// describeMerge formats an error of merging the overlay named name.
func describeMerge(name string, err error) string {
	var ge *graft.Error
	if errors.As(err, &ge) && errors.Is(err, graft.ErrPointer) {
		return name + ": cannot merge at " + quote(ge.Pointer) + ": " + ge.Reason
	}
	return describe(name, err)
}
