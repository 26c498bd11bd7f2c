package graft_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/graftjson/graft"
)

var policies = []struct {
	name string
	c    graft.Conflict
}{
	{"error", graft.ConflictError},
	{"replace", graft.ConflictReplace},
	{"keep", graft.ConflictKeep},
}

// mergeCase is a merge of src into dst. want is the result where the
// merge has no conflict; where it has one, conflict is its pointer and
// replace and keep are the results under those policies.
type mergeCase struct {
	name     string
	dst, src string
	want     string
	conflict string // pointer of the conflict; "" with want set means none
	replace  string
	keep     string
}

// runMerge runs c under every policy, with dst and src parsed compact and
// indented, and checks the result, the error and, on error, that the Doc
// is unchanged.
func runMerge(t *testing.T, c mergeCase, merge func(d *graft.Doc, dst, src graft.Ref) error) {
	for _, p := range policies {
		for _, form := range []string{"compact", "indented"} {
			t.Run(p.name+"/"+form, func(t *testing.T) {
				d := graft.New(graft.Options{Conflict: p.c})
				text := func(s string) string {
					if form == "indented" {
						return stdIndent(t, s, "", "  ")
					}
					return s
				}
				dst := mustAppend(t, d, text(c.dst))
				src := mustAppend(t, d, text(c.src))
				dstText, srcText, size := compact(d, dst), compact(d, src), d.Size()
				err := merge(d, dst, src)
				want := c.want
				if c.want == "" {
					switch p.c {
					case graft.ConflictReplace:
						want = c.replace
					case graft.ConflictKeep:
						want = c.keep
					default:
						var e *graft.Error
						if !errors.As(err, &e) || !errors.Is(err, graft.ErrConflict) {
							t.Fatalf("err = %v, want an *Error wrapping ErrConflict", err)
						}
						if e.Pointer != c.conflict {
							t.Fatalf("conflict at %q, want %q (%v)", e.Pointer, c.conflict, err)
						}
						if !strings.Contains(e.Error(), strconv.Quote(c.conflict)) {
							t.Fatalf("Error() = %q does not name the pointer", e.Error())
						}
						if compact(d, dst) != dstText || compact(d, src) != srcText || d.Size() != size {
							t.Fatalf("failed merge changed the Doc: dst %s, src %s (size %d, was %d)", compact(d, dst), compact(d, src), d.Size(), size)
						}
						checkSpans(t, d, dst)
						checkSpans(t, d, src)
						return
					}
				}
				if err != nil {
					t.Fatalf("merge: %v", err)
				}
				if got := compact(d, dst); got != want {
					t.Fatalf("result %s, want %s", got, want)
				}
				checkSpans(t, d, dst)
				if got := string(d.AppendIndent(nil, dst, "", "  ")); got != stdIndent(t, want, "", "  ") {
					t.Fatalf("indented result:\n%s", got)
				}
			})
		}
	}
}

func merge(d *graft.Doc, dst, src graft.Ref) error { return d.Merge(dst, src) }

// conflictCase is a case whose only conflict is at the top.
func conflictCase(name, dst, src string) mergeCase {
	return mergeCase{name: name, dst: dst, src: src, conflict: "", replace: src, keep: dst}
}

// TestMergeTable is DESIGN.md's table, every dst kind against every src
// kind.
func TestMergeTable(t *testing.T) {
	const (
		obj    = `{"a":1,"b":{"c":2}}`
		arr    = `[1,{"x":1}]`
		arrEq  = `[2,{"y":2}]`
		arrOne = `[9]`
	)
	cases := []mergeCase{
		{name: "object/object", dst: obj, src: `{"b":{"d":3},"e":4}`, want: `{"a":1,"b":{"c":2,"d":3},"e":4}`},
		{name: "object/empty object", dst: obj, src: `{}`, want: obj},
		{name: "empty object/object", dst: `{}`, src: obj, want: obj},
		conflictCase("object/array", obj, arrEq),
		conflictCase("object/empty array", obj, `[]`),
		conflictCase("object/number", obj, `2`),
		conflictCase("object/string", obj, `"t"`),
		conflictCase("object/bool", obj, `false`),
		{name: "object/null", dst: obj, src: `null`, want: obj},

		conflictCase("array/object", arr, `{"b":1}`),
		{name: "array/array of equal length", dst: arr, src: arrEq, want: `[2,{"x":1,"y":2}]`},
		conflictCase("array/array of other length", arr, arrOne),
		{name: "array/empty array", dst: arr, src: `[]`, want: arr},
		{name: "empty array/array", dst: `[]`, src: arrEq, want: arrEq},
		{name: "empty array/empty array", dst: `[]`, src: `[]`, want: `[]`},
		conflictCase("array/number", arr, `2`),
		conflictCase("array/string", arr, `"t"`),
		conflictCase("array/bool", arr, `true`),
		conflictCase("empty array/number", `[]`, `2`),
		{name: "array/null", dst: arr, src: `null`, want: arr},

		conflictCase("number/object", `1`, obj),
		conflictCase("number/empty object", `1`, `{}`),
		conflictCase("number/array", `1`, arrEq),
		conflictCase("string/empty array", `"s"`, `[]`),
		conflictCase("bool/object", `true`, obj),
		{name: "number/number", dst: `1`, src: `2`, want: `2`},
		{name: "number/same number", dst: `1`, src: `1`, want: `1`},
		{name: "number/string", dst: `1`, src: `"t"`, want: `"t"`},
		{name: "string/string", dst: `"s"`, src: `"t"`, want: `"t"`},
		{name: "string/bool", dst: `"s"`, src: `false`, want: `false`},
		{name: "bool/bool", dst: `true`, src: `false`, want: `false`},
		{name: "bool/number", dst: `true`, src: `2`, want: `2`},
		{name: "number/null", dst: `1`, src: `null`, want: `1`},
		{name: "string/null", dst: `"s"`, src: `null`, want: `"s"`},
		{name: "bool/null", dst: `false`, src: `null`, want: `false`},

		{name: "null/object", dst: `null`, src: obj, want: obj},
		{name: "null/array", dst: `null`, src: arrEq, want: arrEq},
		{name: "null/empty array", dst: `null`, src: `[]`, want: `[]`},
		{name: "null/number", dst: `null`, src: `2`, want: `2`},
		{name: "null/string", dst: `null`, src: `"t"`, want: `"t"`},
		{name: "null/bool", dst: `null`, src: `true`, want: `true`},
		{name: "null/null", dst: `null`, src: `null`, want: `null`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { runMerge(t, c, merge) })
	}
}

func TestMergeRules(t *testing.T) {
	cases := []mergeCase{
		// Objects: member-wise, new members appended in src order.
		{name: "new members in src order", dst: `{"z":0}`, src: `{"b":1,"a":2,"c":3}`, want: `{"z":0,"b":1,"a":2,"c":3}`},
		{name: "common members keep dst order", dst: `{"a":1,"b":2}`, src: `{"b":3,"a":4}`, want: `{"a":4,"b":3}`},
		{name: "deep merge", dst: `{"a":{"b":{"c":{"d":1}}}}`, src: `{"a":{"b":{"c":{"e":2}},"f":3}}`, want: `{"a":{"b":{"c":{"d":1,"e":2}},"f":3}}`},
		{name: "dst duplicates: the last is merged into", dst: `{"a":{"x":1},"a":{"y":2}}`, src: `{"a":{"z":3}}`, want: `{"a":{"x":1},"a":{"y":2,"z":3}}`},
		{name: "src duplicates merge in turn", dst: `{}`, src: `{"a":{"x":1},"a":{"y":2}}`, want: `{"a":{"x":1,"y":2}}`},
		{name: "src duplicate scalars: the last wins", dst: `{"a":0}`, src: `{"a":1,"a":2}`, want: `{"a":2}`},
		{name: "names matched after decoding, solidus", dst: `{"a/b":{"x":1}}`, src: `{"a\/b":{"y":2}}`, want: `{"a/b":{"x":1,"y":2}}`},
		{name: "names matched after decoding, unicode", dst: `{"\u00e9":1}`, src: `{"é":2}`, want: `{"\u00e9":2}`},
		{name: "names matched after decoding, both escaped", dst: `{"\u0061":1}`, src: `{"\u0061":2}`, want: `{"\u0061":2}`},
		{name: "src duplicates after decoding merge in turn", dst: `{"b":0}`, src: `{"a":{"x":1},"\u0061":{"y":2}}`, want: `{"b":0,"a":{"x":1,"y":2}}`},
		{name: "src duplicates after decoding, the escaped first", dst: `{"bb":0}`, src: `{"\u0061":{"x":1},"a":{"y":2}}`, want: `{"bb":0,"\u0061":{"x":1,"y":2}}`},
		{name: "more members than one batch compares, all new", dst: `{"z":0}`, src: manyMembers(40, ""), want: `{"z":0,` + manyMembers(40, "")[1:]},
		{name: "more members than one batch compares, the last in dst", dst: `{"m39":{"x":1}}`, src: manyMembers(40, `{"y":2}`), want: `{"m39":{"x":1,"y":2},` + manyMembers(39, `{"y":2}`)[1:]},
		{name: "names differing only in escapes of other characters", dst: `{"a\n":1}`, src: `{"a\\n":2}`, want: `{"a\n":1,"a\\n":2}`},
		// An entity's leading key fields that equal dst's are left as they
		// are and the rest appended in one link (see disjoint); every other
		// overlap merges member by member.
		{name: "leading equal keys, new members after", dst: `{"__typename":"P","upc":"1","name":"x"}`, src: `{"__typename":"P","upc":"1","stock":3,"r":[{"b":1}]}`, want: `{"__typename":"P","upc":"1","name":"x","stock":3,"r":[{"b":1}]}`},
		{name: "leading null, new member after", dst: `{"a":1}`, src: `{"a":null,"b":2}`, want: `{"a":1,"b":2}`},
		{name: "leading different scalar replaces", dst: `{"a":1,"c":0}`, src: `{"a":2,"b":2}`, want: `{"a":2,"c":0,"b":2}`},
		{name: "leading null dst takes the scalar", dst: `{"a":null}`, src: `{"a":1,"b":2}`, want: `{"a":1,"b":2}`},
		{name: "leading equal key after a new member", dst: `{"a":1}`, src: `{"b":2,"a":1,"c":3}`, want: `{"a":1,"b":2,"c":3}`},
		{name: "leading key, dst duplicates: the last is compared", dst: `{"a":1,"a":2}`, src: `{"a":1,"b":3}`, want: `{"a":1,"a":1,"b":3}`},
		{name: "leading key of other escapes replaces", dst: `{"a":"x"}`, src: `{"a":"\u0078","b":1}`, want: `{"a":"\u0078","b":1}`},
		{name: "leading keys only", dst: `{"a":1,"b":2}`, src: `{"a":1}`, want: `{"a":1,"b":2}`},
		{name: "leading key twice in src", dst: `{"a":1}`, src: `{"a":1,"a":1,"b":2}`, want: `{"a":1,"b":2}`},
		{name: "leading object merges member by member", dst: `{"a":{"x":1}}`, src: `{"a":{"y":2},"b":2}`, want: `{"a":{"x":1,"y":2},"b":2}`},

		// Scalars are compared by their text, never through float64.
		{name: "1 and 1.0 differ", dst: `{"n":1}`, src: `{"n":1.0}`, want: `{"n":1.0}`},
		{name: "1e2 and 100 differ", dst: `{"n":100}`, src: `{"n":1e2}`, want: `{"n":1e2}`},
		{name: "20-digit ids differing in the last digit", dst: `{"id":12345678901234567890}`, src: `{"id":12345678901234567891}`, want: `{"id":12345678901234567891}`},
		{name: "ids equal as float64", dst: `{"id":9007199254740993}`, src: `{"id":9007199254740992}`, want: `{"id":9007199254740992}`},
		{name: "string escapes differ", dst: `{"s":"A"}`, src: `{"s":"\u0041"}`, want: `{"s":"\u0041"}`},
		{name: "same text left alone", dst: `{"s":"x","n":-0.0}`, src: `{"s":"x","n":-0.0}`, want: `{"s":"x","n":-0.0}`},

		// Null rules.
		{name: "nested null dst takes src object", dst: `{"a":null}`, src: `{"a":{"b":1}}`, want: `{"a":{"b":1}}`},
		{name: "nested null src keeps dst", dst: `{"a":{"b":1}}`, src: `{"a":null}`, want: `{"a":{"b":1}}`},
		{name: "nested null src keeps dst scalar", dst: `{"a":5}`, src: `{"a":null}`, want: `{"a":5}`},
		{name: "new null member is added", dst: `{}`, src: `{"a":null}`, want: `{"a":null}`},
		{name: "null items", dst: `[null,1,{"a":1}]`, src: `[{"x":1},null,null]`, want: `[{"x":1},1,{"a":1}]`},

		// Arrays.
		{name: "item-wise objects", dst: `[{"a":1},{"b":2}]`, src: `[{"c":3},{"d":4}]`, want: `[{"a":1,"c":3},{"b":2,"d":4}]`},
		{name: "item-wise scalars", dst: `[1,2,3]`, src: `[1,5,3]`, want: `[1,5,3]`},
		{name: "nested empty dst array takes src", dst: `{"l":[]}`, src: `{"l":[1,2]}`, want: `{"l":[1,2]}`},
		{name: "nested empty src array keeps dst", dst: `{"l":[1,2]}`, src: `{"l":[]}`, want: `{"l":[1,2]}`},
		{name: "nested arrays of arrays", dst: `[[1],[2,3]]`, src: `[[4],[5,6]]`, want: `[[4],[5,6]]`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { runMerge(t, c, merge) })
	}
}

// TestMergeConflicts: nested conflicts name their JSON Pointer, and the
// policies resolve them at that position only.
func TestMergeConflicts(t *testing.T) {
	cases := []mergeCase{
		{name: "member", dst: `{"a":{"b":[1,2]}}`, src: `{"a":{"b":{"x":1}}}`, conflict: "/a/b",
			replace: `{"a":{"b":{"x":1}}}`, keep: `{"a":{"b":[1,2]}}`},
		{name: "escaped slash", dst: `{"a/b":{"c":1}}`, src: `{"a/b":{"c":{}}}`, conflict: "/a~1b/c",
			replace: `{"a/b":{"c":{}}}`, keep: `{"a/b":{"c":1}}`},
		{name: "escaped tilde", dst: `{"m~n":[1]}`, src: `{"m~n":"x"}`, conflict: "/m~0n",
			replace: `{"m~n":"x"}`, keep: `{"m~n":[1]}`},
		{name: "name escaped in src", dst: `{"a/b":1}`, src: `{"a\/b":[]}`, conflict: "/a~1b",
			replace: `{"a/b":[]}`, keep: `{"a/b":1}`},
		{name: "non-ASCII name", dst: `{"é":{}}`, src: `{"\u00e9":1}`, conflict: "/é",
			replace: `{"é":1}`, keep: `{"é":{}}`},
		{name: "empty name", dst: `{"":{}}`, src: `{"":[]}`, conflict: "/",
			replace: `{"":[]}`, keep: `{"":{}}`},
		{name: "array index", dst: `{"list":[{"x":1},{"x":2}]}`, src: `{"list":[{"x":1},{"x":[]}]}`, conflict: "/list/1/x",
			replace: `{"list":[{"x":1},{"x":[]}]}`, keep: `{"list":[{"x":1},{"x":2}]}`},
		{name: "array lengths", dst: `{"a":[1,2]}`, src: `{"a":[1]}`, conflict: "/a",
			replace: `{"a":[1]}`, keep: `{"a":[1,2]}`},
		{name: "after successful parts", dst: `{"b":{"x":1},"z":{}}`, src: `{"new":1,"b":{"y":2},"z":[1],"later":true}`, conflict: "/z",
			replace: `{"b":{"x":1,"y":2},"z":[1],"new":1,"later":true}`, keep: `{"b":{"x":1,"y":2},"z":{},"new":1,"later":true}`},
		{name: "second of two conflicts", dst: `{"a":1,"b":2}`, src: `{"a":3,"b":{}}`, conflict: "/b",
			replace: `{"a":3,"b":{}}`, keep: `{"a":3,"b":2}`},
		{name: "two conflicts, first reported", dst: `{"a":[],"b":2}`, src: `{"a":{},"b":{}}`, conflict: "/a",
			replace: `{"a":{},"b":{}}`, keep: `{"a":[],"b":2}`},
		{name: "deep in arrays", dst: `[[[{"k":1}]]]`, src: `[[[{"k":{"x":1}}]]]`, conflict: "/0/0/0/k",
			replace: `[[[{"k":{"x":1}}]]]`, keep: `[[[{"k":1}]]]`},
		{name: "inside a member src appended", dst: `{"a":{"b":1}}`, src: `{"n":{"m":1},"a":{"b":{"c":1}}}`, conflict: "/a/b",
			replace: `{"a":{"b":{"c":1}},"n":{"m":1}}`, keep: `{"a":{"b":1},"n":{"m":1}}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { runMerge(t, c, merge) })
	}
}

func TestMergeInvalid(t *testing.T) {
	var d graft.Doc
	r := mustAppend(t, &d, `{"a":1}`)
	for name, err := range map[string]error{
		"zero dst":       d.Merge(0, r),
		"zero src":       d.Merge(r, 0),
		"dst past end":   d.Merge(graft.Ref(1<<30), r),
		"MergeAt zero":   d.MergeAt(0, "/a", r),
		"MergeEach zero": d.MergeEach([]graft.Ref{0}, mustAppend(t, &d, `[1]`)),
		"MergeEach src":  d.MergeEach([]graft.Ref{r}, r),
	} {
		if !errors.Is(err, graft.ErrKind) {
			t.Errorf("%s: %v, want ErrKind", name, err)
		}
	}
	if compact(&d, r) != `{"a":1}` {
		t.Fatal("refused merges changed the Doc")
	}
}

// TestMergeRollbackThenContinue: after a failed merge the Doc works as
// if the merge had not been tried, including a document edited before.
func TestMergeRollbackThenContinue(t *testing.T) {
	var d graft.Doc
	dst := mustAppend(t, &d, "{\n  \"a\": {\"x\": 1},\n  \"l\": [1, 2],\n  \"s\": \"v\"\n}")
	d.Set(d.Member(dst, "a"), "grown", d.NewInt(7)) // a grown container
	d.Set(dst, "s", d.NewString("w"))               // a replaced member
	before, size := compact(&d, dst), d.Size()
	for _, src := range []string{
		`{"a":{"y":2,"x":[]}}`,
		`{"new":{"deep":[1]},"l":[3]}`,
		`{"l":[{"n":1},{}],"s":{}}`,
		`{"a":{"grown":{"z":1}}}`,
	} {
		s := mustAppend(t, &d, src)
		size = d.Size()
		err := d.Merge(dst, s)
		if !errors.Is(err, graft.ErrConflict) {
			t.Fatalf("merge of %s: %v, want a conflict", src, err)
		}
		if got := compact(&d, dst); got != before || d.Size() != size {
			t.Fatalf("merge of %s changed dst: %s", src, got)
		}
		if got := compact(&d, s); got != src {
			t.Fatalf("merge of %s changed src: %s", src, got)
		}
		checkSpans(t, &d, dst)
	}
	if err := d.Merge(dst, mustAppend(t, &d, `{"a":{"y":2},"l":[0,null],"t":true}`)); err != nil {
		t.Fatal(err)
	}
	want := `{"a":{"x":1,"grown":7,"y":2},"l":[0,2],"s":"w","t":true}`
	if got := compact(&d, dst); got != want {
		t.Fatalf("after the failures, a merge gives %s, want %s", got, want)
	}
	checkSpans(t, &d, dst)
}

// TestMergeSequence merges several upstream responses into one document,
// as a gateway does, and edits between the merges.
func TestMergeSequence(t *testing.T) {
	var d graft.Doc
	root := mustAppend(t, &d, `{"data":{"user":{"id":"1","name":"Ada"}}}`)
	steps := []struct{ at, src, want string }{
		{"/data/user", `{"posts":[{"id":"p1"},{"id":"p2"}]}`, `{"data":{"user":{"id":"1","name":"Ada","posts":[{"id":"p1"},{"id":"p2"}]}}}`},
		{"/data/user/posts", `[{"title":"A"},{"title":"B"}]`, `{"data":{"user":{"id":"1","name":"Ada","posts":[{"id":"p1","title":"A"},{"id":"p2","title":"B"}]}}}`},
		{"/data/user/posts/1", `{"likes":3}`, `{"data":{"user":{"id":"1","name":"Ada","posts":[{"id":"p1","title":"A"},{"id":"p2","title":"B","likes":3}]}}}`},
		{"/data/extensions/cost", `{"n":1}`, `{"data":{"user":{"id":"1","name":"Ada","posts":[{"id":"p1","title":"A"},{"id":"p2","title":"B","likes":3}]},"extensions":{"cost":{"n":1}}}}`},
		{"", `{"errors":null}`, `{"data":{"user":{"id":"1","name":"Ada","posts":[{"id":"p1","title":"A"},{"id":"p2","title":"B","likes":3}]},"extensions":{"cost":{"n":1}}},"errors":null}`},
	}
	for _, s := range steps {
		if err := d.MergeAt(root, s.at, mustAppend(t, &d, s.src)); err != nil {
			t.Fatalf("MergeAt(%q): %v", s.at, err)
		}
		if got := compact(&d, root); got != s.want {
			t.Fatalf("after MergeAt(%q):\n got %s\nwant %s", s.at, got, s.want)
		}
		checkSpans(t, &d, root)
	}
}

func TestMergeAt(t *testing.T) {
	type result struct {
		want string // the result, if the merge succeeds
		ptr  string // the pointer of the error
		err  error  // ErrConflict or ErrPointer
	}
	cases := []struct {
		name                  string
		dst, at, src          string
		errorP, replace, keep result
	}{
		{name: "empty pointer is Merge", dst: `{"a":1}`, at: "", src: `{"b":2}`,
			errorP: result{want: `{"a":1,"b":2}`}, replace: result{want: `{"a":1,"b":2}`}, keep: result{want: `{"a":1,"b":2}`}},
		{name: "create intermediates", dst: `{}`, at: "/a/b/c", src: `1`,
			errorP: result{want: `{"a":{"b":{"c":1}}}`}, replace: result{want: `{"a":{"b":{"c":1}}}`}, keep: result{want: `{"a":{"b":{"c":1}}}`}},
		{name: "create below existing", dst: `{"a":{"x":0}}`, at: "/a/b", src: `{"c":1}`,
			errorP: result{want: `{"a":{"x":0,"b":{"c":1}}}`}, replace: result{want: `{"a":{"x":0,"b":{"c":1}}}`}, keep: result{want: `{"a":{"x":0,"b":{"c":1}}}`}},
		{name: "merge into existing", dst: `{"a":{"b":{"x":0}}}`, at: "/a/b", src: `{"c":1}`,
			errorP: result{want: `{"a":{"b":{"x":0,"c":1}}}`}, replace: result{want: `{"a":{"b":{"x":0,"c":1}}}`}, keep: result{want: `{"a":{"b":{"x":0,"c":1}}}`}},
		{name: "escaped tokens create decoded names", dst: `{}`, at: "/a~1b/m~0n", src: `1`,
			errorP: result{want: `{"a/b":{"m~n":1}}`}, replace: result{want: `{"a/b":{"m~n":1}}`}, keep: result{want: `{"a/b":{"m~n":1}}`}},
		{name: "escaped token finds decoded name", dst: `{"a/b":{"x":1}}`, at: "/a~1b", src: `{"y":2}`,
			errorP: result{want: `{"a/b":{"x":1,"y":2}}`}, replace: result{want: `{"a/b":{"x":1,"y":2}}`}, keep: result{want: `{"a/b":{"x":1,"y":2}}`}},
		{name: "through null", dst: `{"a":null}`, at: "/a/b", src: `{"x":1}`,
			errorP: result{want: `{"a":{"b":{"x":1}}}`}, replace: result{want: `{"a":{"b":{"x":1}}}`}, keep: result{want: `{"a":{"b":{"x":1}}}`}},
		{name: "null root", dst: `null`, at: "/a", src: `1`,
			errorP: result{want: `{"a":1}`}, replace: result{want: `{"a":1}`}, keep: result{want: `{"a":1}`}},
		{name: "at a null", dst: `{"a":null}`, at: "/a", src: `{"x":1}`,
			errorP: result{want: `{"a":{"x":1}}`}, replace: result{want: `{"a":{"x":1}}`}, keep: result{want: `{"a":{"x":1}}`}},
		{name: "through scalar", dst: `{"a":1}`, at: "/a/b", src: `2`,
			errorP: result{ptr: "/a", err: graft.ErrConflict}, replace: result{want: `{"a":{"b":2}}`}, keep: result{want: `{"a":1}`}},
		{name: "through string deep", dst: `{"a":{"s":"x"}}`, at: "/a/s/t/u", src: `{}`,
			errorP: result{ptr: "/a/s", err: graft.ErrConflict}, replace: result{want: `{"a":{"s":{"t":{"u":{}}}}}`}, keep: result{want: `{"a":{"s":"x"}}`}},
		{name: "through scalar root", dst: `5`, at: "/a", src: `1`,
			errorP: result{ptr: "", err: graft.ErrConflict}, replace: result{want: `{"a":1}`}, keep: result{want: `5`}},
		{name: "conflict at the target", dst: `{"a":{"b":[1]}}`, at: "/a", src: `{"b":{"x":1}}`,
			errorP: result{ptr: "/a/b", err: graft.ErrConflict}, replace: result{want: `{"a":{"b":{"x":1}}}`}, keep: result{want: `{"a":{"b":[1]}}`}},
		{name: "array by index", dst: `{"l":[{"x":1},{"y":2}]}`, at: "/l/1", src: `{"z":3}`,
			errorP: result{want: `{"l":[{"x":1},{"y":2,"z":3}]}`}, replace: result{want: `{"l":[{"x":1},{"y":2,"z":3}]}`}, keep: result{want: `{"l":[{"x":1},{"y":2,"z":3}]}`}},
		{name: "array by index then member", dst: `{"l":[{"x":1},{"y":2}]}`, at: "/l/0/n/m", src: `true`,
			errorP: result{want: `{"l":[{"x":1,"n":{"m":true}},{"y":2}]}`}, replace: result{want: `{"l":[{"x":1,"n":{"m":true}},{"y":2}]}`}, keep: result{want: `{"l":[{"x":1,"n":{"m":true}},{"y":2}]}`}},
		{name: "array item scalar replaced", dst: `[1,2]`, at: "/1", src: `3`,
			errorP: result{want: `[1,3]`}, replace: result{want: `[1,3]`}, keep: result{want: `[1,3]`}},
		{name: "array item null", dst: `[null]`, at: "/0/a", src: `3`,
			errorP: result{want: `[{"a":3}]`}, replace: result{want: `[{"a":3}]`}, keep: result{want: `[{"a":3}]`}},
		{name: "array dash", dst: `{"l":[1]}`, at: "/l/-", src: `2`,
			errorP: result{ptr: "/l/-", err: graft.ErrPointer}, replace: result{ptr: "/l/-", err: graft.ErrPointer}, keep: result{ptr: "/l/-", err: graft.ErrPointer}},
		{name: "array past the end", dst: `{"l":[1]}`, at: "/l/1", src: `2`,
			errorP: result{ptr: "/l/1", err: graft.ErrPointer}, replace: result{ptr: "/l/1", err: graft.ErrPointer}, keep: result{ptr: "/l/1", err: graft.ErrPointer}},
		{name: "array leading zero", dst: `{"l":[1,2]}`, at: "/l/01/x", src: `2`,
			errorP: result{ptr: "/l/01", err: graft.ErrPointer}, replace: result{ptr: "/l/01", err: graft.ErrPointer}, keep: result{ptr: "/l/01", err: graft.ErrPointer}},
		{name: "array name token", dst: `[{}]`, at: "/a", src: `2`,
			errorP: result{ptr: "/a", err: graft.ErrPointer}, replace: result{ptr: "/a", err: graft.ErrPointer}, keep: result{ptr: "/a", err: graft.ErrPointer}},
		{name: "malformed pointer", dst: `{}`, at: "a", src: `2`,
			errorP: result{ptr: "a", err: graft.ErrPointer}, replace: result{ptr: "a", err: graft.ErrPointer}, keep: result{ptr: "a", err: graft.ErrPointer}},
		{name: "malformed escape", dst: `{}`, at: "/a~2", src: `2`,
			errorP: result{ptr: "/a~2", err: graft.ErrPointer}, replace: result{ptr: "/a~2", err: graft.ErrPointer}, keep: result{ptr: "/a~2", err: graft.ErrPointer}},
		// The usual pointer is followed and checked in one loop (names of
		// up to 8 bytes, ASCII, no escapes, through objects without an
		// index); each way out of it goes on in the general walk.
		{name: "names of 8 bytes", dst: `{"abcdefgh":{"abcdefgi":{"x":0}}}`, at: "/abcdefgh/abcdefgi", src: `{"y":1}`,
			errorP: result{want: `{"abcdefgh":{"abcdefgi":{"x":0,"y":1}}}`}, replace: result{want: `{"abcdefgh":{"abcdefgi":{"x":0,"y":1}}}`}, keep: result{want: `{"abcdefgh":{"abcdefgi":{"x":0,"y":1}}}`}},
		{name: "name of 9 bytes after a short one", dst: `{"a":{"abcdefghi":{"x":0},"abcdefghj":1}}`, at: "/a/abcdefghi", src: `{"y":1}`,
			errorP: result{want: `{"a":{"abcdefghi":{"x":0,"y":1},"abcdefghj":1}}`}, replace: result{want: `{"a":{"abcdefghi":{"x":0,"y":1},"abcdefghj":1}}`}, keep: result{want: `{"a":{"abcdefghi":{"x":0,"y":1},"abcdefghj":1}}`}},
		{name: "name of 9 bytes missing", dst: `{"a":{"abcdefgh":0}}`, at: "/a/abcdefghi/j", src: `1`,
			errorP: result{want: `{"a":{"abcdefgh":0,"abcdefghi":{"j":1}}}`}, replace: result{want: `{"a":{"abcdefgh":0,"abcdefghi":{"j":1}}}`}, keep: result{want: `{"a":{"abcdefgh":0,"abcdefghi":{"j":1}}}`}},
		{name: "empty name", dst: `{"":{"":{"x":0}}}`, at: "//", src: `{"y":1}`,
			errorP: result{want: `{"":{"":{"x":0,"y":1}}}`}, replace: result{want: `{"":{"":{"x":0,"y":1}}}`}, keep: result{want: `{"":{"":{"x":0,"y":1}}}`}},
		{name: "empty name missing", dst: `{"a":{"b":0}}`, at: "/a//c", src: `1`,
			errorP: result{want: `{"a":{"b":0,"":{"c":1}}}`}, replace: result{want: `{"a":{"b":0,"":{"c":1}}}`}, keep: result{want: `{"a":{"b":0,"":{"c":1}}}`}},
		{name: "last of duplicate names", dst: `{"a":{"x":0},"b":1,"a":{"y":0}}`, at: "/a", src: `{"z":1}`,
			errorP: result{want: `{"a":{"x":0},"b":1,"a":{"y":0,"z":1}}`}, replace: result{want: `{"a":{"x":0},"b":1,"a":{"y":0,"z":1}}`}, keep: result{want: `{"a":{"x":0},"b":1,"a":{"y":0,"z":1}}`}},
		{name: "escaped name in the document", dst: `{"a":{"\u0062":{"x":0}}}`, at: "/a/b", src: `{"y":1}`,
			errorP: result{want: `{"a":{"\u0062":{"x":0,"y":1}}}`}, replace: result{want: `{"a":{"\u0062":{"x":0,"y":1}}}`}, keep: result{want: `{"a":{"\u0062":{"x":0,"y":1}}}`}},
		{name: "escaped duplicate after a plain name", dst: `{"b":{"x":0},"\u0062":{"y":0}}`, at: "/b", src: `{"z":1}`,
			errorP: result{want: `{"b":{"x":0},"\u0062":{"y":0,"z":1}}`}, replace: result{want: `{"b":{"x":0},"\u0062":{"y":0,"z":1}}`}, keep: result{want: `{"b":{"x":0},"\u0062":{"y":0,"z":1}}`}},
		{name: "name beyond ASCII", dst: `{"a":{"é":{"x":0}}}`, at: "/a/é", src: `{"y":1}`,
			errorP: result{want: `{"a":{"é":{"x":0,"y":1}}}`}, replace: result{want: `{"a":{"é":{"x":0,"y":1}}}`}, keep: result{want: `{"a":{"é":{"x":0,"y":1}}}`}},
		{name: "name beyond ASCII missing", dst: `{"a":{}}`, at: "/a/é/b", src: `1`,
			errorP: result{want: `{"a":{"é":{"b":1}}}`}, replace: result{want: `{"a":{"é":{"b":1}}}`}, keep: result{want: `{"a":{"é":{"b":1}}}`}},
		{name: "escape after plain tokens", dst: `{"a":{"b/c":{"x":0}}}`, at: "/a/b~1c", src: `{"y":1}`,
			errorP: result{want: `{"a":{"b/c":{"x":0,"y":1}}}`}, replace: result{want: `{"a":{"b/c":{"x":0,"y":1}}}`}, keep: result{want: `{"a":{"b/c":{"x":0,"y":1}}}`}},
		{name: "malformed escape after existing members", dst: `{"a":{"b":{}}}`, at: "/a/b/c~2", src: `2`,
			errorP: result{ptr: "/a/b/c~2", err: graft.ErrPointer}, replace: result{ptr: "/a/b/c~2", err: graft.ErrPointer}, keep: result{ptr: "/a/b/c~2", err: graft.ErrPointer}},
		{name: "malformed escape after a missing member", dst: `{"a":{}}`, at: "/a/b/c~", src: `2`,
			errorP: result{ptr: "/a/b/c~", err: graft.ErrPointer}, replace: result{ptr: "/a/b/c~", err: graft.ErrPointer}, keep: result{ptr: "/a/b/c~", err: graft.ErrPointer}},
		{name: "invalid UTF-8 after existing members", dst: `{"a":{"b":{}}}`, at: "/a/b/\xff", src: `2`,
			errorP: result{ptr: "/a/b/\xff", err: graft.ErrPointer}, replace: result{ptr: "/a/b/\xff", err: graft.ErrPointer}, keep: result{ptr: "/a/b/\xff", err: graft.ErrPointer}},
		{name: "array after plain tokens missing item", dst: `{"a":{"l":[1]}}`, at: "/a/l/2/x", src: `2`,
			errorP: result{ptr: "/a/l/2", err: graft.ErrPointer}, replace: result{ptr: "/a/l/2", err: graft.ErrPointer}, keep: result{ptr: "/a/l/2", err: graft.ErrPointer}},
		{name: "member after an array", dst: `{"a":{"l":[{"m":{"x":0}}]}}`, at: "/a/l/0/m", src: `{"y":1}`,
			errorP: result{want: `{"a":{"l":[{"m":{"x":0,"y":1}}]}}`}, replace: result{want: `{"a":{"l":[{"m":{"x":0,"y":1}}]}}`}, keep: result{want: `{"a":{"l":[{"m":{"x":0,"y":1}}]}}`}},
		{name: "new names quoted", dst: `{}`, at: "/a\"b/c\\d/\u0001", src: `1`,
			errorP: result{want: `{"a\"b":{"c\\d":{"\u0001":1}}}`}, replace: result{want: `{"a\"b":{"c\\d":{"\u0001":1}}}`}, keep: result{want: `{"a\"b":{"c\\d":{"\u0001":1}}}`}},
		{name: "quoted name found", dst: `{"a\"b":{"x":0}}`, at: "/a\"b", src: `{"y":1}`,
			errorP: result{want: `{"a\"b":{"x":0,"y":1}}`}, replace: result{want: `{"a\"b":{"x":0,"y":1}}`}, keep: result{want: `{"a\"b":{"x":0,"y":1}}`}},
	}
	for _, c := range cases {
		for _, p := range policies {
			t.Run(c.name+"/"+p.name, func(t *testing.T) {
				res := map[graft.Conflict]result{graft.ConflictError: c.errorP, graft.ConflictReplace: c.replace, graft.ConflictKeep: c.keep}[p.c]
				d := graft.New(graft.Options{Conflict: p.c})
				dst := mustAppend(t, d, c.dst)
				src := mustAppend(t, d, c.src)
				dstText, srcText, size := compact(d, dst), compact(d, src), d.Size()
				err := d.MergeAt(dst, c.at, src)
				if res.err == nil {
					if err != nil {
						t.Fatalf("MergeAt: %v", err)
					}
					if got := compact(d, dst); got != res.want {
						t.Fatalf("result %s, want %s", got, res.want)
					}
					checkSpans(t, d, dst)
					return
				}
				var e *graft.Error
				if !errors.As(err, &e) || !errors.Is(err, res.err) {
					t.Fatalf("err = %v, want an *Error wrapping %v", err, res.err)
				}
				if e.Pointer != res.ptr {
					t.Fatalf("error at %q, want %q (%v)", e.Pointer, res.ptr, err)
				}
				if compact(d, dst) != dstText || compact(d, src) != srcText || d.Size() != size {
					t.Fatalf("failed MergeAt changed the Doc: %s %s", compact(d, dst), compact(d, src))
				}
			})
		}
	}
}

// TestS1 is the S1 benchmark scenario: the announcement benchmark of the
// original astjson, under each policy.
func TestS1(t *testing.T) {
	want := map[graft.Conflict]string{
		graft.ConflictReplace: `{"a":1,"b":{"c":{"d":true}}}`,
		graft.ConflictKeep:    `{"a":1,"b":{"c":3}}`,
	}
	for _, p := range policies {
		t.Run(p.name, func(t *testing.T) {
			d := graft.New(graft.Options{Conflict: p.c})
			root := mustAppend(t, d, `{"a":1}`)
			if err := d.MergeAt(root, "/b", mustAppend(t, d, `{"c":3}`)); err != nil {
				t.Fatal(err)
			}
			errBC := d.MergeAt(root, "/b/c", mustAppend(t, d, `{"d":5}`))
			boolDoc := mustAppend(t, d, `{"bool":true}`)
			v, err := d.Find(boolDoc, "/bool")
			if err != nil || v == 0 {
				t.Fatalf("Find /bool: %d, %v", v, err)
			}
			errBCD := d.MergeAt(root, "/b/c/d", v)
			if p.c == graft.ConflictError {
				var e *graft.Error
				if !errors.As(errBC, &e) || e.Pointer != "/b/c" || !errors.Is(errBC, graft.ErrConflict) {
					t.Fatalf("merge at /b/c: %v, want a conflict at /b/c", errBC)
				}
				if !errors.As(errBCD, &e) || e.Pointer != "/b/c" || !errors.Is(errBCD, graft.ErrConflict) {
					t.Fatalf("merge at /b/c/d: %v, want a conflict at /b/c", errBCD)
				}
				if got := compact(d, root); got != `{"a":1,"b":{"c":3}}` {
					t.Fatalf("got %s", got)
				}
				return
			}
			if errBC != nil || errBCD != nil {
				t.Fatal(errBC, errBCD)
			}
			if got := compact(d, root); got != want[p.c] {
				t.Fatalf("got %s, want %s", got, want[p.c])
			}
		})
	}
}

// products returns a products response of n items and an entities
// response answering for each, as in the S4 scenario.
func products(n int) (prods, ents string) {
	var p, e strings.Builder
	p.WriteString(`{"data":{"topProducts":[`)
	e.WriteString(`{"data":{"_entities":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			p.WriteByte(',')
			e.WriteByte(',')
		}
		id := strconv.Itoa(i)
		p.WriteString(`{"__typename":"Product","upc":"` + id + `","name":"Product ` + id + `","price":` + strconv.Itoa(100+i) + `}`)
		e.WriteString(`{"__typename":"Product","shippingEstimate":` + strconv.Itoa(i%7) + `,"inStock":` + strconv.FormatBool(i%2 == 0) + `}`)
	}
	p.WriteString(`]}}`)
	e.WriteString(`]}}`)
	return p.String(), e.String()
}

func TestMergeEach(t *testing.T) {
	prods, ents := products(100)
	setup := func(t *testing.T, c graft.Conflict, ents string) (*graft.Doc, graft.Ref, []graft.Ref, graft.Ref) {
		d := graft.New(graft.Options{Conflict: c})
		root := mustAppend(t, d, prods)
		list, _ := d.Find(root, "/data/topProducts")
		var targets []graft.Ref
		for _, v := range d.Items(list) {
			targets = append(targets, v)
		}
		e := mustAppend(t, d, ents)
		src, _ := d.Find(e, "/data/_entities")
		return d, root, targets, src
	}

	t.Run("splice", func(t *testing.T) {
		d, root, targets, src := setup(t, graft.ConflictError, ents)
		if err := d.MergeEach(targets, src); err != nil {
			t.Fatal(err)
		}
		for i, tr := range targets {
			want := `{"__typename":"Product","upc":"` + strconv.Itoa(i) + `","name":"Product ` + strconv.Itoa(i) + `","price":` + strconv.Itoa(100+i) +
				`,"shippingEstimate":` + strconv.Itoa(i%7) + `,"inStock":` + strconv.FormatBool(i%2 == 0) + `}`
			if got := compact(d, tr); got != want {
				t.Fatalf("target %d: %s, want %s", i, got, want)
			}
		}
		checkSpans(t, d, root)
	})

	t.Run("conflict in item 57 rolls back the batch", func(t *testing.T) {
		// Item 57 alone answers with an object where the product has a
		// number; items after it add a member, which must be rolled back.
		var bad string
		{
			var b strings.Builder
			d0 := graft.New(graft.Options{})
			e := mustAppend(t, d0, ents)
			list, _ := d0.Find(e, "/data/_entities")
			b.WriteString(`{"data":{"_entities":[`)
			for i, v := range d0.Items(list) {
				if i > 0 {
					b.WriteByte(',')
				}
				if i == 57 {
					d0.Set(v, "price", mustAppend(t, d0, `{"amount":1}`))
				} else if i > 57 {
					d0.Set(v, "late", d0.NewInt(int64(i)))
				}
				b.WriteString(compact(d0, v))
			}
			b.WriteString(`]}}`)
			bad = b.String()
		}
		d, root, targets, src := setup(t, graft.ConflictError, bad)
		before := compact(d, root)
		srcBefore, size := compact(d, src), d.Size()
		err := d.MergeEach(targets, src)
		var e *graft.Error
		if !errors.As(err, &e) || !errors.Is(err, graft.ErrConflict) || e.Pointer != "/57/price" {
			t.Fatalf("err = %v, want a conflict at /57/price", err)
		}
		if got := compact(d, root); got != before {
			t.Fatalf("targets changed: %s", clip(got))
		}
		if compact(d, src) != srcBefore || d.Size() != size {
			t.Fatal("src or the Doc changed")
		}
		checkSpans(t, d, root)

		for _, p := range []graft.Conflict{graft.ConflictReplace, graft.ConflictKeep} {
			d, _, targets, src := setup(t, p, bad)
			if err := d.MergeEach(targets, src); err != nil {
				t.Fatal(err)
			}
			price := compact(d, d.Member(targets[57], "price"))
			if want := map[graft.Conflict]string{graft.ConflictReplace: `{"amount":1}`, graft.ConflictKeep: `157`}[p]; price != want {
				t.Fatalf("policy %d: price %s, want %s", p, price, want)
			}
			if got := compact(d, d.Member(targets[99], "late")); got != "99" {
				t.Fatalf("policy %d: item 99 not merged: %s", p, compact(d, targets[99]))
			}
		}
	})

	t.Run("count mismatch", func(t *testing.T) {
		d, root, targets, src := setup(t, graft.ConflictError, ents)
		before, size := compact(d, root), d.Size()
		for _, ts := range [][]graft.Ref{targets[:99], append(targets[:100:100], targets[0]), nil} {
			err := d.MergeEach(ts, src)
			var e *graft.Error
			if !errors.As(err, &e) {
				t.Fatalf("%d targets for 100 items: err = %v, want an *Error", len(ts), err)
			}
			if compact(d, root) != before || d.Size() != size {
				t.Fatal("a refused batch changed the Doc")
			}
		}
	})

	t.Run("empty batch", func(t *testing.T) {
		var d graft.Doc
		if err := d.MergeEach(nil, mustAppend(t, &d, `[]`)); err != nil {
			t.Fatal(err)
		}
	})

	t.Run("targets of every kind", func(t *testing.T) {
		var d graft.Doc
		long := `"` + strings.Repeat("s", 1000) + `"`
		root := mustAppend(t, &d, `[null,{"a":1},[1],5,`+long+`]`)
		var targets []graft.Ref
		for _, v := range d.Items(root) {
			targets = append(targets, v)
		}
		if err := d.MergeEach(targets, mustAppend(t, &d, `[{"x":1},{"b":2},[2],null,null]`)); err != nil {
			t.Fatal(err)
		}
		if got := compact(&d, root); got != `[{"x":1},{"a":1,"b":2},[2],5,`+long+`]` {
			t.Fatalf("got %s", got)
		}
	})

	t.Run("new members only", func(t *testing.T) {
		// Every member of every item is new to its target: the links
		// are made without a journal (see MergeEach).
		var e strings.Builder
		e.WriteString(`{"data":{"_entities":[`)
		for i := range 100 {
			if i > 0 {
				e.WriteByte(',')
			}
			e.WriteString(`{"stock":` + strconv.Itoa(i) + `,"reviews":[{"body":"b` + strconv.Itoa(i) + `"}]}`)
		}
		e.WriteString(`]}}`)
		d, root, targets, src := setup(t, graft.ConflictError, e.String())
		if err := d.MergeEach(targets, src); err != nil {
			t.Fatal(err)
		}
		for i, tr := range targets {
			id := strconv.Itoa(i)
			want := `{"__typename":"Product","upc":"` + id + `","name":"Product ` + id + `","price":` + strconv.Itoa(100+i) +
				`,"stock":` + id + `,"reviews":[{"body":"b` + id + `"}]}`
			if got := compact(d, tr); got != want {
				t.Fatalf("target %d: %s, want %s", i, got, want)
			}
		}
		checkSpans(t, d, root)
	})

	t.Run("one target twice", func(t *testing.T) {
		for _, c := range []struct {
			policy graft.Conflict
			want   string
		}{{graft.ConflictError, ""}, {graft.ConflictReplace, `[{"a":1,"x":{"y":2}}]`}, {graft.ConflictKeep, `[{"a":1,"x":1}]`}} {
			d := graft.New(graft.Options{Conflict: c.policy})
			root := mustAppend(t, d, `[{"a":1}]`)
			a := d.Index(root, 0)
			err := d.MergeEach([]graft.Ref{a, a}, mustAppend(t, d, `[{"x":1},{"x":{"y":2}}]`))
			if c.want == "" {
				var e *graft.Error
				if !errors.As(err, &e) || e.Pointer != "/1/x" {
					t.Fatalf("err = %v, want a conflict at /1/x", err)
				}
				c.want = `[{"a":1}]`
			} else if err != nil {
				t.Fatal(err)
			}
			if got := compact(d, root); got != c.want {
				t.Fatalf("policy %d: got %s, want %s", c.policy, got, c.want)
			}
		}
	})

	t.Run("targets in reverse", func(t *testing.T) {
		var d graft.Doc
		root := mustAppend(t, &d, `[{"a":1},{"b":2}]`)
		targets := []graft.Ref{d.Index(root, 1), d.Index(root, 0)}
		if err := d.MergeEach(targets, mustAppend(t, &d, `[{"y":2},{"x":1}]`)); err != nil {
			t.Fatal(err)
		}
		if got := compact(&d, root); got != `[{"a":1,"x":1},{"b":2,"y":2}]` {
			t.Fatalf("got %s", got)
		}
	})

	t.Run("conflict at an item itself", func(t *testing.T) {
		var d graft.Doc
		root := mustAppend(t, &d, `[{"a":1},{"b":2}]`)
		targets := []graft.Ref{d.Index(root, 0), d.Index(root, 1)}
		err := d.MergeEach(targets, mustAppend(t, &d, `[{"c":3},[1]]`))
		var e *graft.Error
		if !errors.As(err, &e) || e.Pointer != "/1" {
			t.Fatalf("err = %v, want a conflict at /1", err)
		}
		if got := compact(&d, root); got != `[{"a":1},{"b":2}]` {
			t.Fatalf("got %s", got)
		}
	})
}

// manyMembers returns an object of n members "m0", "m1", … whose values are
// their index, or v if not empty.
func manyMembers(n int, v string) string {
	b := []byte{'{'}
	for i := 0; i < n; i++ {
		if i > 0 {
			b = append(b, ',')
		}
		b = fmt.Appendf(b, `"m%d":`, i)
		if v != "" {
			b = append(b, v...)
		} else {
			b = strconv.AppendInt(b, int64(i), 10)
		}
	}
	return string(append(b, '}'))
}

// TestMergeConsumesSrc: a merge (and a merge patch) moves src's members
// into dst, so src is left empty (a scalar src as it was). Where src is still part of the
// document, the document prints it as {} or [] and reads it so too, and an
// edit of dst after the merge never shows in src. A failed merge leaves
// src whole; where MergeAt attaches src as a new member, src is its value.
func TestMergeConsumesSrc(t *testing.T) {
	cases := []struct {
		name, doc string
		merge     func(d *graft.Doc, root graft.Ref) error
		conflict  bool
		want      string
	}{
		{"Merge of a sibling", `{"user":{"x":0},"extra":{"y":2,"x":1}}`, func(d *graft.Doc, root graft.Ref) error {
			return d.Merge(d.Member(root, "user"), d.Member(root, "extra"))
		}, false, `{"user":{"x":1,"y":2,"z":true},"extra":{}}`},
		{"Merge into null", `{"user":null,"extra":{"y":2}}`, func(d *graft.Doc, root graft.Ref) error {
			return d.Merge(d.Member(root, "user"), d.Member(root, "extra"))
		}, false, `{"user":{"y":2,"z":true},"extra":{}}`},
		{"Merge into itself", `{"user":{"x":0},"extra":{"y":2}}`, func(d *graft.Doc, root graft.Ref) error {
			return d.Merge(d.Member(root, "user"), d.Get(root, "user"))
		}, false, `{"user":{"x":0,"z":true},"extra":{"y":2}}`},
		{"MergeAt merging", `{"user":{"x":0},"extra":{"y":2}}`, func(d *graft.Doc, root graft.Ref) error {
			return d.MergeAt(root, "/user", d.Member(root, "extra"))
		}, false, `{"user":{"x":0,"y":2,"z":true},"extra":{}}`},
		{"MergeAt attaching", `{"user":{"x":0},"extra":{"y":2}}`, func(d *graft.Doc, root graft.Ref) error {
			return d.MergeAt(root, "/user/more", d.Member(root, "extra"))
		}, false, `{"user":{"x":0,"more":{"y":2},"z":true},"extra":{"y":2}}`},
		{"MergeEach", `{"user":{"x":0},"extra":[{"y":2}]}`, func(d *graft.Doc, root graft.Ref) error {
			return d.MergeEach([]graft.Ref{d.Member(root, "user")}, d.Member(root, "extra"))
		}, false, `{"user":{"x":0,"y":2,"z":true},"extra":[]}`},
		{"MergeEach with a conflict resolved", `{"user":{"x":0},"extra":[{"x":[2]}]}`, func(d *graft.Doc, root graft.Ref) error {
			return d.MergeEach([]graft.Ref{d.Member(root, "user")}, d.Member(root, "extra"))
		}, false, `{"user":{"x":[2],"z":true},"extra":[]}`},
		{"array item-wise", `{"user":[{"x":0}],"extra":[{"y":2}]}`, func(d *graft.Doc, root graft.Ref) error {
			return d.Merge(d.Member(root, "user"), d.Member(root, "extra"))
		}, false, `{"user":[{"x":0,"y":2}],"extra":[]}`},
		{"MergePatch", `{"user":{"x":0},"extra":{"y":2,"x":null}}`, func(d *graft.Doc, root graft.Ref) error {
			return d.MergePatch(d.Member(root, "user"), d.Member(root, "extra"))
		}, false, `{"user":{"y":2,"z":true},"extra":{}}`},
		{"MergePatch replacing", `{"user":{"x":0},"extra":[1]}`, func(d *graft.Doc, root graft.Ref) error {
			return d.MergePatch(d.Get(root, "user", "x"), d.Member(root, "extra"))
		}, false, `{"user":{"x":[1],"z":true},"extra":[]}`},
		{"failed merge", `{"user":{"x":0},"extra":{"y":2,"x":[1]}}`, func(d *graft.Doc, root graft.Ref) error {
			return d.Merge(d.Member(root, "user"), d.Member(root, "extra"))
		}, true, `{"user":{"x":0,"z":true},"extra":{"y":2,"x":[1]}}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			policy := graft.ConflictReplace
			if c.conflict {
				policy = graft.ConflictError
			}
			d := graft.New(graft.Options{Conflict: policy})
			root := mustAppend(t, d, c.doc)
			if err := c.merge(d, root); (err != nil) != c.conflict {
				t.Fatalf("merge: %v", err)
			}
			// An edit of dst after the merge must not reach src.
			if dst := d.Member(root, "user"); d.Kind(dst) == graft.Object {
				if err := d.Set(dst, "z", d.NewBool(true)); err != nil {
					t.Fatal(err)
				}
			}
			got, walk := compact(d, root), string(slowPrint(nil, d, root))
			if got != walk {
				t.Errorf("prints %s, walks %s", got, walk)
			}
			if got != c.want {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
			checkSpans(t, d, root)
		})
	}
}

// TestLargeMergeBySorting: merging objects with many members matches names
// by sorting them; it must merge exactly as the walk per member does, for
// names given twice, escaped names and conflicts, and allocate nothing
// once warm.
func TestLargeMergeBySorting(t *testing.T) {
	object := func(rng *rand.Rand, n int) string {
		return randomObject(rng, n, 2*n, 7, func() string {
			switch rng.IntN(4) {
			case 0:
				return `{"v` + strconv.Itoa(rng.IntN(3)) + `":1}`
			case 1:
				return "[1]"
			}
			return strconv.Itoa(rng.IntN(3))
		})
	}
	rng := rand.New(rand.NewPCG(7, 7))
	for round := range 200 {
		dstText, srcText := object(rng, 40+rng.IntN(80)), object(rng, 40+rng.IntN(80))
		for _, policy := range []graft.Conflict{graft.ConflictError, graft.ConflictReplace, graft.ConflictKeep} {
			var got [2]string
			for i, which := range []string{"", "none"} {
				restore := graft.MatchBySorting(which)
				d := graft.New(graft.Options{Conflict: policy})
				dst, src := mustAppend(t, d, dstText), mustAppend(t, d, srcText)
				err := d.Merge(dst, src)
				got[i] = compact(d, dst) + " " + fmt.Sprint(err)
				restore()
			}
			if got[0] != got[1] {
				t.Fatalf("round %d, policy %d:\nsorted %s\nwalk   %s\ndst %s\nsrc %s", round, policy, got[0], got[1], dstText, srcText)
			}
		}
	}
	if raceEnabled {
		return
	}
	d := graft.New(graft.Options{Conflict: graft.ConflictReplace})
	dstText, srcText := []byte(object(rng, 100)), []byte(object(rng, 100))
	if n := testing.AllocsPerRun(20, func() {
		dst, _ := d.Parse(dstText)
		src, _ := d.Append(srcText)
		if err := d.Merge(dst, src); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Errorf("a warm merge of two objects of 100 members allocates %v times", n)
	}
}

// TestConsumedInnerValues keeps a container inside a merge's source in a
// second place, merges, edits the destination, and requires every printer
// to agree with a walk of the tree: a container whose members a merge moved
// or merged away must not print its text from before the merge.
func TestConsumedInnerValues(t *testing.T) {
	cases := []struct {
		name       string
		dst, src   string
		keep       string // pointer into src of the value kept in a second place
		edit       func(d *graft.Doc, dst, src graft.Ref) error
		afterwards func(d *graft.Doc, dst graft.Ref) // an edit of dst after the merge
	}{
		{name: "object merged member by member", dst: `{"r":{"a":1,"b":0}}`, src: `{"r":{"x":5,"b":2,"y":6}}`, keep: "/r",
			edit: func(d *graft.Doc, dst, src graft.Ref) error { return d.Merge(dst, src) }},
		{name: "object appended in one link, dst grows after", dst: `{"r":{"a":1}}`, src: `{"r":{"x":5,"y":6}}`, keep: "/r",
			edit:       func(d *graft.Doc, dst, src graft.Ref) error { return d.Merge(dst, src) },
			afterwards: func(d *graft.Doc, dst graft.Ref) { d.Set(d.Member(dst, "r"), "z", d.NewInt(7)) }},
		{name: "array merged item by item", dst: `{"l":[{"a":1},2]}`, src: `{"l":[{"b":2},3]}`, keep: "/l",
			edit: func(d *graft.Doc, dst, src graft.Ref) error { return d.Merge(dst, src) }},
		{name: "item of an array merged item by item", dst: `{"l":[{"a":1},2]}`, src: `{"l":[{"b":2},3]}`, keep: "/l/0",
			edit:       func(d *graft.Doc, dst, src graft.Ref) error { return d.Merge(dst, src) },
			afterwards: func(d *graft.Doc, dst graft.Ref) { d.Set(d.Get(dst, "l", "0"), "c", d.NewInt(3)) }},
		{name: "entity of a batch splice", dst: `{"t":{"__typename":"P","id":"1"}}`, src: `[{"__typename":"P","s":1}]`, keep: "/0",
			edit: func(d *graft.Doc, dst, src graft.Ref) error {
				return d.MergeEach([]graft.Ref{d.Member(dst, "t")}, src)
			},
			afterwards: func(d *graft.Doc, dst graft.Ref) { d.Set(d.Member(dst, "t"), "late", d.NewBool(true)) }},
		{name: "entity of a batch splice merged member by member", dst: `{"t":{"id":"1","s":0}}`, src: `[{"s":1,"u":2}]`, keep: "/0",
			edit: func(d *graft.Doc, dst, src graft.Ref) error {
				return d.MergeEach([]graft.Ref{d.Member(dst, "t")}, src)
			}},
		{name: "object of a merge patch", dst: `{"r":{"a":1,"b":0}}`, src: `{"r":{"x":5,"b":null,"y":6}}`, keep: "/r",
			edit: func(d *graft.Doc, dst, src graft.Ref) error { return d.MergePatch(dst, src) }},
		{name: "merge at a pointer", dst: `{"r":{"a":1}}`, src: `{"q":{"x":5},"a":2}`, keep: "/q",
			edit:       func(d *graft.Doc, dst, src graft.Ref) error { return d.MergeAt(dst, "/r", src) },
			afterwards: func(d *graft.Doc, dst graft.Ref) { d.Set(d.Get(dst, "r", "q"), "w", d.NewInt(1)) }},
	}
	for _, c := range cases {
		for _, form := range []string{"compact", "indented"} {
			t.Run(c.name+"/"+form, func(t *testing.T) {
				var d graft.Doc
				text := func(s string) string {
					if form == "indented" {
						return stdIndent(t, s, "", "  ")
					}
					return s
				}
				root := mustAppend(t, &d, `{"dst":`+text(c.dst)+`,"keep":null}`)
				src := mustAppend(t, &d, text(c.src))
				kept, err := d.Find(src, c.keep)
				if err != nil {
					t.Fatal(err)
				}
				if err := d.Set(root, "keep", kept); err != nil {
					t.Fatal(err)
				}
				if err := c.edit(&d, d.Member(root, "dst"), src); err != nil {
					t.Fatal(err)
				}
				if c.afterwards != nil {
					c.afterwards(&d, d.Member(root, "dst"))
				}
				checkSpans(t, &d, root)
				checkSpans(t, &d, kept)
				checkPrinters(t, &d, root)
			})
		}
	}
}

// TestMergeAtDepthLimit: a pointer may make MergeAt create at most
// Options.MaxDepth members, as deep as an input may nest; one more is
// ErrLimit and leaves the Doc unchanged. Printers and merges recurse once
// per level, so a long pointer from outside must not build a value deeper
// than any input.
func TestMergeAtDepthLimit(t *testing.T) {
	cases := []struct {
		name     string
		maxDepth int
		dst      string
		pointer  string
		wantErr  bool
	}{
		{name: "as many new members as the limit", maxDepth: 5, dst: `{}`, pointer: strings.Repeat("/a", 5)},
		{name: "one more", maxDepth: 5, dst: `{}`, pointer: strings.Repeat("/a", 6), wantErr: true},
		{name: "existing members do not count", maxDepth: 5, dst: `{"a":{"a":{"a":{}}}}`, pointer: strings.Repeat("/a", 8)},
		{name: "existing members do not count, one more", maxDepth: 5, dst: `{"a":{"a":{"a":{}}}}`, pointer: strings.Repeat("/a", 9), wantErr: true},
		{name: "a million tokens under the default limit", dst: `{}`, pointer: strings.Repeat("/a", 1_000_000), wantErr: true},
		{name: "the default limit", dst: `{}`, pointer: strings.Repeat("/a", graft.DefaultMaxDepth)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := graft.New(graft.Options{MaxDepth: c.maxDepth})
			dst, v := mustAppend(t, d, c.dst), d.NewInt(1)
			size := d.Size()
			err := d.MergeAt(dst, c.pointer, v)
			if !c.wantErr {
				if err != nil {
					t.Fatal(err)
				}
				if got, _ := d.Find(dst, c.pointer); d.Kind(got) != graft.Number {
					t.Fatalf("nothing at the pointer after the merge: %s", clip(compact(d, dst)))
				}
				return
			}
			if !errors.Is(err, graft.ErrLimit) {
				t.Fatalf("err = %v, want ErrLimit", err)
			}
			if got := compact(d, dst); got != c.dst || d.Size() != size {
				t.Fatalf("refused merge changed the Doc: %s, size %d (was %d)", clip(got), d.Size(), size)
			}
		})
	}
}

// TestPrintAfterSourceConsumed merges, edits through Refs kept into the
// source or the destination, and requires every printer to agree with a
// walk of the tree, from the document root down: the text of a container a
// merge emptied or moved members out of must not print where its span is
// still trusted (the parent of a consumed source, a one-link append that
// prints the source's text).
func TestPrintAfterSourceConsumed(t *testing.T) {
	cases := []struct {
		name string
		doc  string // the document: a parsed root holding dst and src
		// run merges and edits; r is the root
		run func(d *graft.Doc, r graft.Ref) error
	}{
		{name: "Merge: a source held by a parsed parent prints as {} there",
			doc: `{"dst":{"b":1},"p":{"src":{"a":1},"z":2}}`,
			run: func(d *graft.Doc, r graft.Ref) error {
				return d.Merge(d.Member(r, "dst"), d.Get(r, "p", "src"))
			}},
		{name: "Merge: a source held by a parsed parent, merged member by member",
			doc: `{"dst":{"a":{"x":1}},"p":{"src":{"a":{"y":2}},"z":2}}`,
			run: func(d *graft.Doc, r graft.Ref) error {
				return d.Merge(d.Member(r, "dst"), d.Get(r, "p", "src"))
			}},
		{name: "MergeAt: a source held by a parsed parent prints as {} there",
			doc: `{"dst":{"e":{"b":1}},"p":{"src":{"a":1},"z":2}}`,
			run: func(d *graft.Doc, r graft.Ref) error {
				return d.MergeAt(d.Member(r, "dst"), "/e", d.Get(r, "p", "src"))
			}},
		{name: "MergePatch: a patch held by a parsed parent prints as {} there",
			doc: `{"dst":{"b":1},"p":{"src":{"a":1},"z":2}}`,
			run: func(d *graft.Doc, r graft.Ref) error {
				return d.MergePatch(d.Member(r, "dst"), d.Get(r, "p", "src"))
			}},
		{name: "MergeEach: a member of a spliced entity set through the entity's Ref",
			doc: `{"dst":{"a":1},"src":[{"b":2,"c":3}]}`,
			run: func(d *graft.Doc, r graft.Ref) error {
				item := d.Get(r, "src", "0")
				if err := d.MergeEach([]graft.Ref{d.Member(r, "dst")}, d.Member(r, "src")); err != nil {
					return err
				}
				return d.Set(item, "b", d.NewInt(9))
			}},
		{name: "Merge: a member of an inner source appended in one link set through its Ref",
			doc: `{"dst":{"e":{"a":1}},"src":{"e":{"b":2,"c":3}}}`,
			run: func(d *graft.Doc, r graft.Ref) error {
				inner := d.Get(r, "src", "e")
				if err := d.Merge(d.Member(r, "dst"), d.Member(r, "src")); err != nil {
					return err
				}
				return d.Set(inner, "c", d.NewString("new"))
			}},
		{name: "MergeEach: an entity whose value a first merge grew elsewhere",
			// The first merge appends w's members to dst.s.w in one link
			// and leaves s (consumed, not emptied) holding w; a member set
			// on dst.s.w extends w's chain too. The entity s is then
			// spliced into e: e must not print s's text from before.
			doc: `{"x":{"s":{"w":{"q":1}}},"t":{"s":{"w":{"p":1}}},"e":{"k":0}}`,
			run: func(d *graft.Doc, r graft.Ref) error {
				s := d.Get(r, "t", "s")
				if err := d.Merge(d.Member(r, "x"), d.Member(r, "t")); err != nil {
					return err
				}
				if err := d.Set(d.Get(r, "x", "s", "w"), "z", d.NewInt(1)); err != nil {
					return err
				}
				batch := d.NewArray()
				if err := d.AppendItem(batch, s); err != nil {
					return err
				}
				return d.MergeEach([]graft.Ref{d.Member(r, "e")}, batch)
			}},
	}
	for _, c := range cases {
		for _, conflict := range []graft.Conflict{graft.ConflictError, graft.ConflictKeep} {
			cname := map[graft.Conflict]string{graft.ConflictError: "error", graft.ConflictKeep: "keep"}[conflict]
			t.Run(c.name+"/"+cname, func(t *testing.T) {
				d := graft.New(graft.Options{Conflict: conflict})
				r := mustAppend(t, d, c.doc)
				if err := c.run(d, r); err != nil {
					t.Fatal(err)
				}
				checkSpans(t, d, r)
				checkPrinters(t, d, r)
			})
		}
	}
}

// Small merges against the model (modelMerge, written from the merge table
// alone): objects of a few members whose names overlap, repeat and are
// spelled with escapes, whose sources often start with the target's own
// key members (the entity shape disjoint appends in one link) and whose
// values are often the same scalar text. Every merge goes through
// disjoint's one-link append, mergeSmall's list or the walk, and must give
// the model's result, or its conflict and an unchanged destination.

var smallNames = []string{`"a"`, `"b"`, `"\u0061"`, `"__typename"`, `"id"`, `"c"`}
var smallScalars = []string{`1`, `"P"`, `null`, `true`, `1.0`, `"\u0050"`}

// smallObject writes an object of up to 5 members; the first lead members
// of src (if given) are copied from it as they are.
func smallObject(rng *rand.Rand, depth int, lead []string) string {
	var b strings.Builder
	b.WriteByte('{')
	n := rng.IntN(5)
	for i := 0; i < n+len(lead); i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		if i < len(lead) {
			b.WriteString(lead[i])
			continue
		}
		b.WriteString(smallNames[rng.IntN(len(smallNames))] + ":")
		switch r := rng.IntN(6); {
		case r == 0 && depth < 2:
			b.WriteString(smallObject(rng, depth+1, nil))
		case r == 1 && depth < 2:
			b.WriteString("[" + smallScalars[rng.IntN(len(smallScalars))] + "]")
		default:
			b.WriteString(smallScalars[rng.IntN(len(smallScalars))])
		}
	}
	b.WriteByte('}')
	return b.String()
}

// leadOf returns up to k of the first members of the object text obj, as
// written (only the scalar-valued ones at the top: what smallObject
// writes before a nested value is the prefix kept).
func leadOf(d *graft.Doc, obj graft.Ref, k int) []string {
	var lead []string
	for name, v := range d.Members(obj) {
		if len(lead) == k || d.Kind(v) == graft.Object || d.Kind(v) == graft.Array {
			break
		}
		lead = append(lead, string(d.Raw(name))+":"+string(d.Raw(v)))
	}
	return lead
}

func TestSmallMergesAgainstModel(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for n := 0; n < 4000; n++ {
		var scratch graft.Doc
		dst := smallObject(rng, 0, nil)
		src := smallObject(rng, 0, leadOf(&scratch, mustAppend(t, &scratch, dst), rng.IntN(3)))
		for pol := range 3 {
			policy := graft.Conflict(pol)
			d := graft.New(graft.Options{Conflict: policy})
			dr, sr := mustAppend(t, d, dst), mustAppend(t, d, src)
			want := modelOf(d, dr)
			ptr, ok := modelMerge(want, modelOf(d, sr), policy, "")
			err := d.Merge(dr, sr)
			checkModelOutcome(t, d, dr, dst, want, ptr, ok, err, "Merge("+dst+", "+src+") policy "+strconv.Itoa(pol))
		}
	}
}

// TestSmallMergeEachAgainstModel splices items of the same shapes into
// distinct targets: the batch links every item when all of them append
// after leading keys, and merges item by item under a journal otherwise.
func TestSmallMergeEachAgainstModel(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for n := 0; n < 1500; n++ {
		var scratch graft.Doc
		k := 1 + rng.IntN(4)
		dsts, srcs := make([]string, k), make([]string, k)
		for i := range dsts {
			dsts[i] = smallObject(rng, 0, nil)
			srcs[i] = smallObject(rng, 0, leadOf(&scratch, mustAppend(t, &scratch, dsts[i]), rng.IntN(3)))
		}
		list, items := "["+strings.Join(dsts, ",")+"]", "["+strings.Join(srcs, ",")+"]"
		for pol := range 3 {
			policy := graft.Conflict(pol)
			d := graft.New(graft.Options{Conflict: policy})
			lr, ir := mustAppend(t, d, list), mustAppend(t, d, items)
			var targets []graft.Ref
			for _, v := range d.Items(lr) {
				targets = append(targets, v)
			}
			want, src := modelOf(d, lr), modelOf(d, ir)
			ptr, ok := "", true
			for i := range want.vals {
				if ptr, ok = modelMerge(want.vals[i], src.vals[i], policy, "/"+strconv.Itoa(i)); !ok {
					break
				}
			}
			err := d.MergeEach(targets, ir)
			checkModelOutcome(t, d, lr, list, want, ptr, ok, err, "MergeEach("+list+", "+items+") policy "+strconv.Itoa(pol))
		}
	}
}

// checkModelOutcome fails t unless a merge into r, whose text was before,
// had the model's outcome: a conflict at ptr (ok false) and r unchanged,
// or success and r as want.
func checkModelOutcome(t *testing.T, d *graft.Doc, r graft.Ref, before string, want *mval, ptr string, ok bool, err error, what string) {
	t.Helper()
	if !ok {
		var e *graft.Error
		if !errors.As(err, &e) || !errors.Is(err, graft.ErrConflict) || e.Pointer != ptr || compact(d, r) != compactText(t, before) {
			t.Fatalf("%s: %v, want a conflict at %q and the destination unchanged", what, err, ptr)
		}
		return
	}
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if err := matchModel(d, r, want); err != nil {
		t.Fatalf("%s: %v\n got %s", what, err, compact(d, r))
	}
	checkSpans(t, d, r)
}

// compactText returns the compact form of a JSON text, parsed by graft.
func compactText(tb testing.TB, s string) string {
	var d graft.Doc
	return compact(&d, mustAppend(tb, &d, s))
}

// Refs kept into consumed sources. A merge consumes its source, but a
// caller may still hold Refs to the source and to the containers inside it
// (or have attached them elsewhere too); what they hold is whatever is left
// chained to them, which may be part of the destination's members. No
// model says what that is, so runConsumed checks what must hold whatever
// it is: after every step, printing agrees with a walk of the tree for the
// document, for every kept Ref and for every value still free, and nothing
// panics, while merges, merge patches, batch splices and edits through any
// of those Refs follow each other as the fuzz bytes say.

// containersOf appends r and every object and array under it.
func containersOf(d *graft.Doc, r graft.Ref, out []graft.Ref) []graft.Ref {
	switch d.Kind(r) {
	case graft.Object:
		out = append(out, r)
		for _, v := range d.Members(r) {
			out = containersOf(d, v, out)
		}
	case graft.Array:
		out = append(out, r)
		for _, v := range d.Items(r) {
			out = containersOf(d, v, out)
		}
	}
	return out
}

func runConsumed(t *testing.T, policy graft.Conflict, ops []byte) {
	s := &bsrc{b: ops}
	d := graft.New(graft.Options{Conflict: policy})
	var sb strings.Builder
	value := func() graft.Ref {
		sb.Reset()
		seqValue(s, 0, &sb)
		r, err := d.Append([]byte(sb.String()))
		if err != nil {
			t.Fatalf("gen %q: %v", sb.String(), err)
		}
		return r
	}
	root := value()
	var kept, free []graft.Ref
	var log []string
	for steps := 0; !s.done() && steps < 40; steps++ {
		op := s.next() % 8
		// A destination: any container of the document or a kept Ref.
		dsts := append(containersOf(d, root, nil), kept...)
		if len(dsts) == 0 {
			dsts = append(dsts, root) // a scalar: every merge or edit is refused
		}
		dst := dsts[s.next()%len(dsts)]
		name := seqDecoded[s.next()%len(seqDecoded)]
		switch op {
		case 0: // a new free value
			free = append(free, value())
		case 1, 2, 3, 4: // Merge, MergeAt, MergePatch, MergeEach of a free value
			if len(free) == 0 {
				break
			}
			i := s.next() % len(free)
			src := free[i]
			inner := containersOf(d, src, nil)
			var err error
			switch op {
			case 1:
				err = d.Merge(dst, src)
			case 2:
				err = d.MergeAt(dst, "/"+strings.ReplaceAll(name, "~", "~0"), src)
			case 3:
				err = d.MergePatch(dst, src)
			default:
				targets := make([]graft.Ref, d.Len(src))
				for j := range targets {
					targets[j] = dsts[s.next()%len(dsts)]
				}
				err = d.MergeEach(targets, src)
			}
			if err == nil {
				free = append(free[:i], free[i+1:]...)
				kept = append(kept, inner...)
			}
		case 5: // Set through any destination, of a new value or a kept one
			v := value()
			if len(kept) > 0 && s.next()%2 == 0 {
				v = kept[s.next()%len(kept)]
			}
			if d.Kind(dst) == graft.Object {
				_ = d.Set(dst, name, v) // ErrCycle is an answer too
			} else {
				_ = d.AppendItem(dst, v)
			}
		case 6: // Delete through any destination
			if d.Kind(dst) == graft.Object {
				d.Delete(dst, name)
			} else {
				_ = d.DeleteItem(dst, s.next()%3)
			}
		case 7: // Copy a kept value into the document
			if len(kept) > 0 && d.Kind(dst) == graft.Object {
				_ = d.Set(dst, name, d.Copy(kept[s.next()%len(kept)]))
			}
		}
		log = append(log, strconv.Itoa(op)+" dst "+strconv.Itoa(int(dst))+" "+name)
		if c := containsItself(d, root, map[graft.Ref]bool{}); c != 0 {
			t.Fatalf("cycle at %d after %v (ops %q policy %d)", c, log, ops, policy)
		}
		for _, r := range kept {
			if c := containsItself(d, r, map[graft.Ref]bool{}); c != 0 {
				t.Fatalf("cycle at %d in kept %d after %v", c, r, log)
			}
		}
		checkSpans(t, d, root)
		for _, r := range kept {
			checkSpans(t, d, r)
		}
		for _, r := range free {
			checkSpans(t, d, r)
		}
	}
	checkPrinters(t, d, root)
}

// containsItself returns a value under r (r included) that contains
// itself, or 0.
func containsItself(d *graft.Doc, r graft.Ref, onPath map[graft.Ref]bool) graft.Ref {
	if onPath[r] {
		return r
	}
	onPath[r] = true
	defer delete(onPath, r)
	switch d.Kind(r) {
	case graft.Object:
		for _, v := range d.Members(r) {
			if c := containsItself(d, v, onPath); c != 0 {
				return c
			}
		}
	case graft.Array:
		for _, v := range d.Items(r) {
			if c := containsItself(d, v, onPath); c != 0 {
				return c
			}
		}
	}
	return 0
}

// TestConsumedSharesNoChain keeps a Ref to an object inside a merge's
// source and attaches it to the object that took its members: that object
// must not come to contain itself (the two shared one chain of members,
// so the value attached went into its own members).
func TestConsumedSharesNoChain(t *testing.T) {
	cases := []struct{ name, dst, src string }{
		{name: "members appended in one link", dst: `{"t":{"a":1}}`, src: `{"t":{"b":2}}`},
		{name: "members merged one by one", dst: `{"t":{"a":1}}`, src: `{"t":{"a":1,"b":2,"a":3}}`},
		{name: "object taking the place of a null", dst: `{"t":null}`, src: `{"t":{"b":2}}`},
		{name: "object replacing a scalar", dst: `{"t":1}`, src: `{"t":{"b":2}}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := graft.New(graft.Options{Conflict: graft.ConflictReplace})
			dst, src := mustAppend(t, d, c.dst), mustAppend(t, d, c.src)
			kept := d.Member(src, "t")
			if err := d.Merge(dst, src); err != nil {
				t.Fatal(err)
			}
			if err := d.Set(d.Member(dst, "t"), "n", kept); err != nil {
				t.Fatal(err)
			}
			if c := containsItself(d, dst, map[graft.Ref]bool{}); c != 0 {
				t.Fatalf("value %d contains itself", c)
			}
			checkSpans(t, d, dst)
			checkPrinters(t, d, dst)
		})
	}
}

func TestConsumedRefs(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for n := 0; n < 2000; n++ {
		b := make([]byte, rng.IntN(160))
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		for pol := range 3 {
			runConsumed(t, graft.Conflict(pol), b)
		}
	}
}

func FuzzConsumedRefs(f *testing.F) {
	f.Add([]byte{0, 0, 0, 1, 1, 0, 0, 5, 1, 2, 0, 6, 0, 1}, uint8(0))
	f.Add([]byte{0, 3, 1, 7, 4, 0, 1, 2, 2, 9, 5, 4, 4, 1, 0, 3, 5, 5, 2, 0}, uint8(2))
	f.Fuzz(func(t *testing.T, ops []byte, pol uint8) {
		runConsumed(t, graft.Conflict(pol%3), ops)
	})
}

// TestMergeEachSeq: the targets of MergeEach come from a loop over the
// document, with no slice collected by the caller, and a warm Doc gathers
// them in scratch memory it keeps.
func TestMergeEachSeq(t *testing.T) {
	var d graft.Doc
	run := func() string {
		d.Reset()
		root := mustAppend(t, &d, `{"products":[{"id":1},{"id":2},{"id":3}]}`)
		src := mustAppend(t, &d, `[{"price":10},{"price":20},{"price":30}]`)
		targets := func(yield func(graft.Ref) bool) {
			for _, p := range d.Items(d.Member(root, "products")) {
				if !yield(p) {
					return
				}
			}
		}
		if err := d.MergeEachSeq(targets, src); err != nil {
			t.Fatal(err)
		}
		return compact(&d, root)
	}
	if got, want := run(), `{"products":[{"id":1,"price":10},{"id":2,"price":20},{"id":3,"price":30}]}`; got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
	if got := run(); !strings.Contains(got, `"price":30`) { // again, on the kept scratch
		t.Fatalf("second run: %s", got)
	}
}

// TestOnConflict: a policy for one call, the Doc's policy before and after.
func TestOnConflict(t *testing.T) {
	var d graft.Doc
	dst := mustAppend(t, &d, `{"a":1,"b":{"c":1}}`)
	if err := d.OnConflict(graft.ConflictReplace).Merge(dst, mustAppend(t, &d, `{"a":{"n":2}}`)); err != nil {
		t.Fatal(err)
	}
	if err := d.OnConflict(graft.ConflictKeep).MergeAt(dst, "/b", mustAppend(t, &d, `{"c":[1]}`)); err != nil {
		t.Fatal(err)
	}
	items := mustAppend(t, &d, `[{"b":"y"}]`)
	if err := d.OnConflict(graft.ConflictKeep).MergeEach([]graft.Ref{dst}, items); err != nil {
		t.Fatal(err)
	}
	if got, want := compact(&d, dst), `{"a":{"n":2},"b":{"c":1}}`; got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
	err := d.Merge(dst, mustAppend(t, &d, `{"a":3}`))
	var e *graft.Error
	if !errors.As(err, &e) || !errors.Is(err, graft.ErrConflict) || e.Pointer != "/a" {
		t.Fatalf("the Doc's policy after OnConflict: %v, want a conflict at /a", err)
	}
}

// TestMergeConsumedAgain: a source that a merge consumed is not merged a
// second time as {} in silence; a Copy made before, an empty source, and
// a consumed one filled again merge as usual.
func TestMergeConsumedAgain(t *testing.T) {
	var d graft.Doc
	dst := mustAppend(t, &d, `{"a":1}`)
	src := mustAppend(t, &d, `{"b":2}`)
	keep := d.Copy(src)
	if err := d.Merge(dst, src); err != nil {
		t.Fatal(err)
	}
	other := mustAppend(t, &d, `{}`)
	for name, err := range map[string]error{
		"Merge":      d.Merge(other, src),
		"MergeAt":    d.MergeAt(other, "/x", src),
		"MergePatch": d.MergePatch(other, src),
	} {
		var e *graft.Error
		if !errors.As(err, &e) || !errors.Is(err, graft.ErrStale) || !strings.Contains(e.Reason, "consumed") {
			t.Errorf("%s of a consumed source: %v, want ErrStale", name, err)
		}
	}
	items := mustAppend(t, &d, `[{"c":3}]`)
	if err := d.MergeEach([]graft.Ref{other}, items); err != nil {
		t.Fatal(err)
	}
	if err := d.MergeEach([]graft.Ref{other}, items); !errors.Is(err, graft.ErrStale) {
		t.Errorf("MergeEach of consumed items: %v, want ErrStale", err)
	}
	if err := d.Merge(other, keep); err != nil {
		t.Errorf("the Copy made before: %v", err)
	}
	if err := d.Merge(other, d.Copy(src)); err != nil {
		t.Errorf("a Copy of the consumed source: %v", err)
	}
	empty := mustAppend(t, &d, `{}`)
	if err := d.Merge(other, empty); err != nil {
		t.Errorf("an empty source: %v", err)
	}
	if err := d.Merge(other, empty); err != nil {
		t.Errorf("an empty source, twice: %v", err)
	}
	if err := d.Set(src, "d", d.NewInt(4)); err != nil {
		t.Fatal(err)
	}
	if err := d.Merge(other, src); err != nil {
		t.Errorf("a consumed source filled again: %v", err)
	}
	if got, want := compact(&d, other), `{"c":3,"b":2,"d":4}`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	if got, want := compact(&d, dst), `{"a":1,"b":2}`; got != want {
		t.Errorf("dst %s, want %s", got, want)
	}
}

// TestMergeAtUsualPointerEdges covers the ways out of MergeAt's walk of the
// usual pointer that TestMergeAt's table cannot set up: a name too near the
// end of the arena's text to be read as a word, an object with a member
// index, and the offsets of pointer errors found after existing members.
func TestMergeAtUsualPointerEdges(t *testing.T) {
	t.Run("name at the end of the text", func(t *testing.T) {
		d := graft.New(graft.Options{})
		root := mustAppend(t, d, `{"s":2,"d":{"q":1}}`) // nothing appended after: "q" ends the text but 4 bytes
		if err := d.MergeAt(d.Get(root, "d"), "/q", d.Get(root, "s")); err != nil {
			t.Fatal(err)
		}
		if got, want := compact(d, root), `{"s":2,"d":{"q":2}}`; got != want {
			t.Fatalf("got %s, want %s", got, want)
		}
	})
	t.Run("indexed object", func(t *testing.T) {
		d := graft.New(graft.Options{})
		var b strings.Builder
		b.WriteString(`{`)
		for i := range 40 {
			fmt.Fprintf(&b, `"m%d":{"i":%d},`, i, i)
		}
		b.WriteString(`"z":0}`)
		root := mustAppend(t, d, b.String())
		if err := d.Set(root, "z", d.NewInt(1)); err != nil { // indexes root
			t.Fatal(err)
		}
		if !graft.Indexed(d, root) {
			t.Fatal("Set did not index the object: the case tests nothing")
		}
		if err := d.MergeAt(root, "/m39", mustAppend(t, d, `{"j":1}`)); err != nil {
			t.Fatal(err)
		}
		if err := d.MergeAt(root, "/n/o", d.NewInt(2)); err != nil {
			t.Fatal(err)
		}
		if got := compact(d, d.Get(root, "m39")); got != `{"i":39,"j":1}` {
			t.Fatalf("m39 = %s", got)
		}
		if got := compact(d, d.Get(root, "n")); got != `{"o":2}` {
			t.Fatalf("n = %s", got)
		}
		if d.Len(root) != 42 {
			t.Fatalf("%d members, want 42", d.Len(root))
		}
	})
	for _, c := range []struct {
		name, at string
		offset   int64
	}{
		{name: "malformed escape", at: "/a/b/c~2", offset: 6},
		{name: "invalid UTF-8", at: "/a/b/\xff", offset: 5},
		{name: "escape at the end", at: "/a/x~", offset: 4},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := graft.New(graft.Options{})
			root := mustAppend(t, d, `{"a":{"b":{}}}`)
			err := d.MergeAt(root, c.at, d.NewInt(1))
			var e *graft.Error
			if !errors.As(err, &e) || !errors.Is(err, graft.ErrPointer) || e.Offset != c.offset || e.Pointer != c.at {
				t.Fatalf("err = %#v, want ErrPointer at offset %d of %q", err, c.offset, c.at)
			}
			if got := compact(d, root); got != `{"a":{"b":{}}}` {
				t.Fatalf("failed MergeAt changed the Doc: %s", got)
			}
		})
	}
}

// TestMergeEachLinked: the usual entity fetch (parsed targets in order, a
// parsed source) and each way out of its quick walk of the names (escapes,
// lengths that meet mod 64, key fields, too many members, an edit recorded
// after the targets), and the print of a target edited inside after the
// merge, against item by item merges.
func TestMergeEachLinked(t *testing.T) {
	long := strings.Repeat("n", 64) // as long as "a" mod 64
	many := `{"m0":0`
	for i := 1; i < 16; i++ {
		many += `,"m` + strconv.Itoa(i) + `":0`
	}
	many += `}`
	for _, c := range []struct {
		name, targets, src string
		later              string // a document appended after the source and edited first, if any
		editA              bool   // after the merge, set /a/b of every target to 9
		want               string
	}{
		{"new members", `[{"a":1},{"b":2}]`, `[{"x":1,"y":[2]},{"z":{"w":3}}]`, "", false,
			`[{"a":1,"x":1,"y":[2]},{"b":2,"z":{"w":3}}]`},
		{"empty target", `[{},{"a":1}]`, `[{"x":1},{}]`, "", false, `[{"x":1},{"a":1}]`},
		{"escaped name in the target", `[{"\u0078":1}]`, `[{"x":1,"y":2}]`, "", false, `[{"\u0078":1,"y":2}]`},
		{"escaped name in the source", `[{"x":1}]`, `[{"\u0078":1,"y":2}]`, "", false, `[{"x":1,"y":2}]`},
		{"escaped names that differ", `[{"\u0061b":1}]`, `[{"c\u0064":2}]`, "", false, `[{"\u0061b":1,"c\u0064":2}]`},
		{"lengths equal mod 64", `[{"a":1}]`, `[{"` + long + `":2}]`, "", false, `[{"a":1,"` + long + `":2}]`},
		{"key fields", `[{"__typename":"P","id":"1"}]`, `[{"__typename":"P","id":"1","price":3}]`, "", false,
			`[{"__typename":"P","id":"1","price":3}]`},
		{"sixteen members", `[` + many + `]`, `[{"x":1}]`, "", false, `[` + many[:len(many)-1] + `,"x":1}]`},
		{"an edit after the targets", `[{"a":1},{"b":2}]`, `[{"x":1},{"y":2}]`, `{"e":1}`, false,
			`[{"a":1,"x":1},{"b":2,"y":2}]`},
		// Edits in 128 targets fold into the sorted list (see minLate): the
		// print reads them there.
		{name: "edits inside the targets after the merge", targets: "[" + strings.Repeat(`{"a":{"b":1}},`, 127) + `{"a":{"b":1}}]`,
			src: "[" + strings.Repeat(`{"x":1},`, 127) + `{"x":1}]`, editA: true, want: "[" + strings.Repeat(`{"a":{"b":9},"x":1},`, 127) + `{"a":{"b":9},"x":1}]`},
	} {
		t.Run(c.name, func(t *testing.T) {
			setup := func() (*graft.Doc, graft.Ref, graft.Ref, []graft.Ref) {
				var d graft.Doc
				root := mustAppend(t, &d, c.targets)
				src := mustAppend(t, &d, c.src)
				if c.later != "" {
					if err := d.Set(mustAppend(t, &d, c.later), "e", d.NewInt(2)); err != nil {
						t.Fatal(err)
					}
				}
				var targets []graft.Ref
				for _, v := range d.Items(root) {
					targets = append(targets, v)
				}
				return &d, root, src, targets
			}
			edit := func(d *graft.Doc, targets []graft.Ref) {
				for _, tr := range targets {
					if !c.editA {
						break
					}
					if err := d.Set(d.Member(tr, "a"), "b", d.NewInt(9)); err != nil {
						t.Fatal(err)
					}
				}
			}
			d, root, src, targets := setup()
			if err := d.MergeEach(targets, src); err != nil {
				t.Fatal(err)
			}
			edit(d, targets)
			ref, refRoot, refSrc, refTargets := setup()
			for i, tr := range refTargets {
				if err := ref.Merge(tr, ref.Index(refSrc, i)); err != nil {
					t.Fatal(err)
				}
			}
			edit(ref, refTargets)
			got := compact(d, root)
			if want := compactText(t, c.want); got != want {
				t.Fatalf("got %s, want %s", got, want)
			}
			if want := compact(ref, refRoot); got != want {
				t.Fatalf("got %s, item by item %s", got, want)
			}
			if s := compact(d, src); s != "[]" {
				t.Fatalf("source left as %s", s)
			}
			checkSpans(t, d, root)
			checkPrinters(t, d, root)
		})
	}
}
