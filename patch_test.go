package graft_test

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/graftjson/graft"
)

// A patchCase applies patch to doc and expects want (compared as JSON
// values when unordered is set, else byte for byte), or an error wrapping
// err whose message contains msg.
type patchCase struct {
	name      string
	doc       string
	patch     string
	want      string
	unordered bool
	err       error
	msg       string
}

// rfc6902Cases are the examples of RFC 6902, appendix A. The RFC prints
// objects in an order of its own; graft appends new members, so the
// results are compared as JSON values.
var rfc6902Cases = []patchCase{
	{name: "A.1 adding an object member", doc: `{"foo":"bar"}`,
		patch: `[{"op":"add","path":"/baz","value":"qux"}]`, want: `{"baz":"qux","foo":"bar"}`, unordered: true},
	{name: "A.2 adding an array element", doc: `{"foo":["bar","baz"]}`,
		patch: `[{"op":"add","path":"/foo/1","value":"qux"}]`, want: `{"foo":["bar","qux","baz"]}`},
	{name: "A.3 removing an object member", doc: `{"baz":"qux","foo":"bar"}`,
		patch: `[{"op":"remove","path":"/baz"}]`, want: `{"foo":"bar"}`},
	{name: "A.4 removing an array element", doc: `{"foo":["bar","qux","baz"]}`,
		patch: `[{"op":"remove","path":"/foo/1"}]`, want: `{"foo":["bar","baz"]}`},
	{name: "A.5 replacing a value", doc: `{"baz":"qux","foo":"bar"}`,
		patch: `[{"op":"replace","path":"/baz","value":"boo"}]`, want: `{"baz":"boo","foo":"bar"}`},
	{name: "A.6 moving a value", doc: `{"foo":{"bar":"baz","waldo":"fred"},"qux":{"corge":"grault"}}`,
		patch: `[{"op":"move","from":"/foo/waldo","path":"/qux/thud"}]`,
		want:  `{"foo":{"bar":"baz"},"qux":{"corge":"grault","thud":"fred"}}`},
	{name: "A.7 moving an array element", doc: `{"foo":["all","grass","cows","eat"]}`,
		patch: `[{"op":"move","from":"/foo/1","path":"/foo/3"}]`, want: `{"foo":["all","cows","eat","grass"]}`},
	{name: "A.8 testing a value: success", doc: `{"baz":"qux","foo":["a",2,"c"]}`,
		patch: `[{"op":"test","path":"/baz","value":"qux"},{"op":"test","path":"/foo/1","value":2}]`,
		want:  `{"baz":"qux","foo":["a",2,"c"]}`},
	{name: "A.9 testing a value: error", doc: `{"baz":"qux"}`,
		patch: `[{"op":"test","path":"/baz","value":"bar"}]`, err: graft.ErrTestFailed},
	{name: "A.10 adding a nested member object", doc: `{"foo":"bar"}`,
		patch: `[{"op":"add","path":"/child","value":{"grandchild":{}}}]`, want: `{"foo":"bar","child":{"grandchild":{}}}`},
	{name: "A.11 ignoring unrecognized elements", doc: `{"foo":"bar"}`,
		patch: `[{"op":"add","path":"/baz","value":"qux","xyz":123}]`, want: `{"foo":"bar","baz":"qux"}`},
	{name: "A.12 adding to a nonexistent target", doc: `{"foo":"bar"}`,
		patch: `[{"op":"add","path":"/baz/bat","value":"qux"}]`, err: graft.ErrNotFound, msg: `no member "baz"`},
	{name: "A.13 invalid JSON Patch document", doc: `{"foo":"bar"}`,
		patch: `[{"op":"add","path":"/baz","value":"qux","op":"remove"}]`, err: graft.ErrPatch, msg: `"op" is given twice`},
	{name: "A.14 ~ escape ordering", doc: `{"/":9,"~1":10}`,
		patch: `[{"op":"test","path":"/~01","value":10}]`, want: `{"/":9,"~1":10}`},
	{name: "A.15 comparing strings and numbers", doc: `{"/":9,"~1":10}`,
		patch: `[{"op":"test","path":"/~01","value":"10"}]`, err: graft.ErrTestFailed},
	{name: "A.16 adding an array value", doc: `{"foo":["bar"]}`,
		patch: `[{"op":"add","path":"/foo/-","value":["abc","def"]}]`, want: `{"foo":["bar",["abc","def"]]}`},
}

var patchCases = []patchCase{
	// add
	{name: "add to the end by index", doc: `[1,2]`, patch: `[{"op":"add","path":"/2","value":3}]`, want: `[1,2,3]`},
	{name: "add at the start", doc: `[1,2]`, patch: `[{"op":"add","path":"/0","value":0}]`, want: `[0,1,2]`},
	{name: "add to an empty array", doc: `[]`, patch: `[{"op":"add","path":"/-","value":null}]`, want: `[null]`},
	{name: "add past the end", doc: `[1,2]`, patch: `[{"op":"add","path":"/3","value":3}]`,
		err: graft.ErrNotFound, msg: `no item 3 in an array of length 2`},
	{name: "add at a huge index", doc: `[1]`, patch: `[{"op":"add","path":"/2000000000","value":3}]`, err: graft.ErrNotFound},
	{name: "add at an index beyond any integer", doc: `[1]`, patch: `[{"op":"add","path":"/99999999999999999999999999","value":3}]`, err: graft.ErrNotFound},
	{name: "add at a negative index", doc: `[1]`, patch: `[{"op":"add","path":"/-1","value":3}]`, err: graft.ErrPointer, msg: `"-1" is not an array index`},
	{name: "add at an index with a leading zero", doc: `[1,2]`, patch: `[{"op":"add","path":"/01","value":3}]`, err: graft.ErrPointer},
	{name: "add replaces an existing member", doc: `{"a":1,"b":2}`, patch: `[{"op":"add","path":"/a","value":[3]}]`, want: `{"a":[3],"b":2}`},
	{name: "add replaces the last of duplicates", doc: `{"a":1,"a":2}`, patch: `[{"op":"add","path":"/a","value":3}]`, want: `{"a":1,"a":3}`},
	{name: "add the empty member name", doc: `{}`, patch: `[{"op":"add","path":"/","value":0}]`, want: `{"":0}`},
	{name: "add an escaped member name", doc: `{}`, patch: `[{"op":"add","path":"/a~1b~0c","value":1}]`, want: `{"a/b~c":1}`},
	{name: "add with a JSON-escaped path", doc: `{}`, patch: `[{"op":"add","path":"\/caf\u00e9","value":1}]`, want: `{"café":1}`},
	{name: "add a member that needs escaping", doc: `{}`, patch: `[{"op":"add","path":"/say \"hi\"\n","value":1}]`, want: `{"say \"hi\"\n":1}`},
	{name: "add null into an array", doc: `[1]`, patch: `[{"op":"add","path":"/0","value":null}]`, want: `[null,1]`},
	{name: "add replaces the whole document", doc: `{"a":1}`, patch: `[{"op":"add","path":"","value":[1,{"b":2}]}]`, want: `[1,{"b":2}]`},
	{name: "add through a scalar", doc: `{"a":1}`, patch: `[{"op":"add","path":"/a/b","value":1}]`,
		err: graft.ErrNotFound, msg: `cannot look up "b" in a number`},
	{name: "add through null", doc: `{"a":null}`, patch: `[{"op":"add","path":"/a/b","value":1}]`, err: graft.ErrNotFound},
	{name: "add with a dash in the middle", doc: `{"a":[[1]]}`, patch: `[{"op":"add","path":"/a/-/0","value":1}]`,
		err: graft.ErrNotFound, msg: `"-" names no item`},
	{name: "add keeps number text", doc: `{}`, patch: `[{"op":"add","path":"/n","value":12345678901234567890.50e0}]`, want: `{"n":12345678901234567890.50e0}`},
	{name: "add keeps string escapes", doc: `{}`, patch: `[{"op":"add","path":"/s","value":"\u00e9\/"}]`, want: `{"s":"\u00e9\/"}`},

	// remove
	{name: "remove every duplicate", doc: `{"a":1,"b":2,"a":3}`, patch: `[{"op":"remove","path":"/a"}]`, want: `{"b":2}`},
	{name: "remove the last item", doc: `[1,2,3]`, patch: `[{"op":"remove","path":"/2"}]`, want: `[1,2]`},
	{name: "remove past the end", doc: `[1,2,3]`, patch: `[{"op":"remove","path":"/3"}]`, err: graft.ErrNotFound},
	{name: "remove with dash", doc: `[1]`, patch: `[{"op":"remove","path":"/-"}]`, err: graft.ErrNotFound},
	{name: "remove a missing member", doc: `{"a":1}`, patch: `[{"op":"remove","path":"/b"}]`, err: graft.ErrNotFound, msg: `at "/b": operation 0 (remove "/b"): no member "b"`},
	{name: "remove the whole document", doc: `{"a":1}`, patch: `[{"op":"remove","path":""}]`, err: graft.ErrPatch},
	{name: "remove a null member", doc: `{"a":null,"b":1}`, patch: `[{"op":"remove","path":"/a"}]`, want: `{"b":1}`},

	// replace
	{name: "replace an item", doc: `[1,2,3]`, patch: `[{"op":"replace","path":"/1","value":{"x":[]}}]`, want: `[1,{"x":[]},3]`},
	{name: "replace a missing member", doc: `{}`, patch: `[{"op":"replace","path":"/a","value":1}]`, err: graft.ErrNotFound},
	{name: "replace past the end", doc: `[]`, patch: `[{"op":"replace","path":"/0","value":1}]`, err: graft.ErrNotFound},
	{name: "replace the whole document with a scalar", doc: `{"a":1}`, patch: `[{"op":"replace","path":"","value":"x"}]`, want: `"x"`},
	{name: "replace a scalar document", doc: `3`, patch: `[{"op":"replace","path":"","value":{"a":1}}]`, want: `{"a":1}`},

	// move
	{name: "move to itself", doc: `{"a":{"b":1}}`, patch: `[{"op":"move","from":"/a","path":"/a"}]`, want: `{"a":{"b":1}}`},
	{name: "move a missing value to itself", doc: `{}`, patch: `[{"op":"move","from":"/a","path":"/a"}]`, err: graft.ErrNotFound},
	{name: "move into its own child", doc: `{"a":{"b":{}}}`, patch: `[{"op":"move","from":"/a","path":"/a/b/c"}]`,
		err: graft.ErrCycle, msg: `operation 0 (move from "/a" to "/a/b/c")`},
	{name: "move the document into a child", doc: `{"a":{}}`, patch: `[{"op":"move","from":"","path":"/a/b"}]`, err: graft.ErrCycle},
	{name: "move to a sibling with a longer name", doc: `{"a":1}`, patch: `[{"op":"move","from":"/a","path":"/ab"}]`, want: `{"ab":1}`},
	{name: "move a child to the root", doc: `{"a":{"b":[1]}}`, patch: `[{"op":"move","from":"/a","path":""}]`, want: `{"b":[1]}`},
	{name: "move an item forward", doc: `[1,2,3,4]`, patch: `[{"op":"move","from":"/0","path":"/3"}]`, want: `[2,3,4,1]`},
	{name: "move an item to the end", doc: `[1,2,3]`, patch: `[{"op":"move","from":"/0","path":"/-"}]`, want: `[2,3,1]`},
	{name: "move between arrays", doc: `{"a":[1,2],"b":[]}`, patch: `[{"op":"move","from":"/a/0","path":"/b/0"}]`, want: `{"a":[2],"b":[1]}`},
	{name: "move from a missing value", doc: `{}`, patch: `[{"op":"move","from":"/x","path":"/y"}]`,
		err: graft.ErrNotFound, msg: `at "/x": operation 0 (move from "/x" to "/y"): no member "x"`},
	{name: "move to a bad place is undone", doc: `{"a":1}`, patch: `[{"op":"move","from":"/a","path":"/b/c"}]`, err: graft.ErrNotFound},
	{name: "move without from", doc: `{}`, patch: `[{"op":"move","path":"/y"}]`, err: graft.ErrPatch, msg: `"from" is missing`},

	// copy
	{name: "copy a member", doc: `{"a":{"b":1}}`, patch: `[{"op":"copy","from":"/a","path":"/c"},{"op":"add","path":"/c/d","value":2}]`,
		want: `{"a":{"b":1},"c":{"b":1,"d":2}}`},
	{name: "copy into its own child", doc: `{"a":{"b":1}}`, patch: `[{"op":"copy","from":"/a","path":"/a/c"}]`, want: `{"a":{"b":1,"c":{"b":1}}}`},
	{name: "copy the document into itself", doc: `{"a":1}`, patch: `[{"op":"copy","from":"","path":"/b"}]`, want: `{"a":1,"b":{"a":1}}`},
	{name: "copy an item", doc: `[[1],2]`, patch: `[{"op":"copy","from":"/0","path":"/-"},{"op":"add","path":"/2/-","value":3}]`, want: `[[1],2,[1,3]]`},
	{name: "copy from a missing value", doc: `[]`, patch: `[{"op":"copy","from":"/0","path":"/-"}]`, err: graft.ErrNotFound},

	// test
	{name: "test numbers by value", doc: `{"a":1,"b":0.5,"c":-0,"d":1e2,"e":12345678901234567890}`,
		patch: `[{"op":"test","path":"/a","value":1.0},{"op":"test","path":"/a","value":10e-1},{"op":"test","path":"/b","value":5E-1},` +
			`{"op":"test","path":"/c","value":0},{"op":"test","path":"/d","value":100.000},{"op":"test","path":"/e","value":1234567890123456789e1}]`,
		want: `{"a":1,"b":0.5,"c":-0,"d":1e2,"e":12345678901234567890}`},
	{name: "test integers that round to one float64", doc: `{"a":12345678901234567891}`,
		patch: `[{"op":"test","path":"/a","value":12345678901234567892}]`, err: graft.ErrTestFailed},
	{name: "test huge exponents", doc: `[1e100000000000000000000]`,
		patch: `[{"op":"test","path":"/0","value":10e99999999999999999999},{"op":"test","path":"/0","value":1e100000000000000000001}]`,
		err:   graft.ErrTestFailed, msg: "operation 1 "},
	{name: "test a huge exponent against none", doc: `[1]`, patch: `[{"op":"test","path":"/0","value":10e10000000000}]`, err: graft.ErrTestFailed},
	{name: "test no exponent against a huge one", doc: `[10e10000000000]`, patch: `[{"op":"test","path":"/0","value":1.0}]`, err: graft.ErrTestFailed},
	{name: "test strings by decoded text", doc: `{"s":"caf\u00e9\n"}`, patch: `[{"op":"test","path":"/s","value":"café\u000a"}]`, want: `{"s":"caf\u00e9\n"}`},
	{name: "test objects in any order", doc: `{"o":{"a":1,"b":[1,{"c":null}]}}`,
		patch: `[{"op":"test","path":"/o","value":{"b":[1,{"c":null}],"a":1.0}}]`, want: `{"o":{"a":1,"b":[1,{"c":null}]}}`},
	{name: "test objects with an extra member", doc: `{"o":{"a":1}}`, patch: `[{"op":"test","path":"/o","value":{"a":1,"b":2}}]`, err: graft.ErrTestFailed},
	{name: "test objects with the last duplicate", doc: `{"o":{"a":1,"a":2}}`, patch: `[{"op":"test","path":"/o","value":{"a":2}}]`, want: `{"o":{"a":1,"a":2}}`},
	{name: "test arrays in order", doc: `[1,2]`, patch: `[{"op":"test","path":"","value":[2,1]}]`, err: graft.ErrTestFailed},
	{name: "test null against a missing member", doc: `{}`, patch: `[{"op":"test","path":"/a","value":null}]`, err: graft.ErrNotFound},
	{name: "test null", doc: `{"a":null}`, patch: `[{"op":"test","path":"/a","value":null}]`, want: `{"a":null}`},
	{name: "test true against 1", doc: `[true]`, patch: `[{"op":"test","path":"/0","value":1}]`, err: graft.ErrTestFailed},
	{name: "test without value", doc: `[true]`, patch: `[{"op":"test","path":"/0"}]`, err: graft.ErrPatch, msg: `"value" is missing`},

	// malformed patches
	{name: "patch not an array", doc: `{}`, patch: `{"op":"add","path":"/a","value":1}`, err: graft.ErrPatch, msg: "not an object"},
	{name: "operation not an object", doc: `{}`, patch: `[[]]`, err: graft.ErrPatch, msg: "operation 0: an operation is an object, not an array"},
	{name: "unknown op", doc: `{}`, patch: `[{"op":"merge","path":""}]`, err: graft.ErrPatch, msg: `unknown op "merge"`},
	{name: "op not a string", doc: `{}`, patch: `[{"op":1,"path":""}]`, err: graft.ErrPatch, msg: `"op" is a number, not a string`},
	{name: "op in capitals", doc: `{}`, patch: `[{"op":"ADD","path":"","value":1}]`, err: graft.ErrPatch},
	{name: "op escaped", doc: `{}`, patch: `[{"op":"\u0061dd","path":"/a","value":1}]`, want: `{"a":1}`},
	{name: "no op", doc: `{}`, patch: `[{"path":"/a","value":1}]`, err: graft.ErrPatch, msg: `"op" is missing`},
	{name: "no path", doc: `{}`, patch: `[{"op":"add","value":1}]`, err: graft.ErrPatch, msg: `operation 0 (add): "path" is missing`},
	{name: "path not a string", doc: `{}`, patch: `[{"op":"remove","path":null}]`, err: graft.ErrPatch, msg: `"path" is a null`},
	{name: "path without a slash", doc: `{"a":1}`, patch: `[{"op":"remove","path":"a"}]`, err: graft.ErrPointer, msg: "must be empty or start with '/'"},
	{name: "path with a bad escape", doc: `{"a":1}`, patch: `[{"op":"remove","path":"/a~2"}]`, err: graft.ErrPointer},
	{name: "path given twice", doc: `{"a":1}`, patch: `[{"op":"remove","path":"/a","path":"/b"}]`, err: graft.ErrPatch},
	{name: "empty patch", doc: `{"a":1}`, patch: `[]`, want: `{"a":1}`},
	{name: "bad operation after good ones", doc: `{"a":1}`, patch: `[{"op":"remove","path":"/a"},{"op":"jump"}]`,
		err: graft.ErrPatch, msg: "operation 1: unknown op"},

	// sequences
	{name: "sequence on one array", doc: `{"a":[]}`,
		patch: `[{"op":"add","path":"/a/-","value":1},{"op":"add","path":"/a/0","value":0},{"op":"add","path":"/a/-","value":2},` +
			`{"op":"move","from":"/a/2","path":"/a/0"},{"op":"remove","path":"/a/1"},{"op":"replace","path":"/a/1","value":"one"}]`,
		want: `{"a":[2,"one"]}`},
	{name: "sequence on a new object", doc: `{}`,
		patch: `[{"op":"add","path":"/o","value":{}},{"op":"add","path":"/o/x","value":1},{"op":"copy","from":"/o","path":"/p"},` +
			`{"op":"replace","path":"/p/x","value":2},{"op":"test","path":"/o","value":{"x":1}},{"op":"test","path":"/p","value":{"x":2}}]`,
		want: `{"o":{"x":1},"p":{"x":2}}`},
}

func TestPatchRFC6902(t *testing.T) { runPatchCases(t, rfc6902Cases) }
func TestPatch(t *testing.T)        { runPatchCases(t, patchCases) }

func runPatchCases(t *testing.T, cases []patchCase) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var d graft.Doc
			root := mustAppend(t, &d, c.doc)
			ops := mustAppend(t, &d, c.patch)
			before, opsBefore := compact(&d, root), compact(&d, ops)
			err := d.Patch(root, ops)
			if c.err != nil {
				if !errors.Is(err, c.err) {
					t.Fatalf("Patch: %v, want an error wrapping %v", err, c.err)
				}
				var e *graft.Error
				if !errors.As(err, &e) || !strings.Contains(err.Error(), c.msg) {
					t.Fatalf("Patch: %q (%T), want an *Error containing %q", err, err, c.msg)
				}
				if got := compact(&d, root); got != before {
					t.Fatalf("a failed patch changed the target: %s, was %s", got, before)
				}
				if got := compact(&d, ops); got != opsBefore {
					t.Fatalf("a failed patch changed the patch: %s, was %s", got, opsBefore)
				}
				checkSpans(t, &d, root)
				return
			}
			if err != nil {
				t.Fatalf("Patch: %v", err)
			}
			got := compact(&d, root)
			if c.unordered {
				if !sameJSON(t, got, c.want) {
					t.Fatalf("got %s, want %s (as a JSON value)", got, c.want)
				}
			} else if got != c.want {
				t.Fatalf("got %s, want %s", got, c.want)
			}
			checkSpans(t, &d, root)
		})
	}
}

// TestPatchAtomic fails the last of many operations and checks that every
// earlier one was undone: the target, the patch and the rest of the Doc
// print as before, and the Doc still works.
func TestPatchAtomic(t *testing.T) {
	var d graft.Doc
	doc := `{"list":[1,2,3],"obj":{"k":"v","n":{"deep":[true]}},"s":"x"}`
	root := mustAppend(t, &d, doc)
	other := mustAppend(t, &d, `{"untouched":[1]}`)
	var ops strings.Builder
	ops.WriteString(`[`)
	for i := 0; i < 50; i++ {
		ops.WriteString(`{"op":"add","path":"/list/0","value":{"i":` + strconv.Itoa(i) + `}},`)
		ops.WriteString(`{"op":"move","from":"/obj/n","path":"/obj/m` + strconv.Itoa(i) + `"},{"op":"move","from":"/obj/m` + strconv.Itoa(i) + `","path":"/obj/n"},`)
		ops.WriteString(`{"op":"copy","from":"/obj","path":"/c` + strconv.Itoa(i) + `"},{"op":"remove","path":"/list/1"},`)
		ops.WriteString(`{"op":"replace","path":"/s","value":"` + strconv.Itoa(i) + `"},{"op":"remove","path":"/obj/k"},{"op":"add","path":"/obj/k","value":null},`)
	}
	ops.WriteString(`{"op":"test","path":"/s","value":"not 49"}]`)
	p := mustAppend(t, &d, ops.String())
	opsText := compact(&d, p)
	size := d.Size()
	err := d.Patch(root, p)
	if !errors.Is(err, graft.ErrTestFailed) || !strings.Contains(err.Error(), "operation 400 (test") {
		t.Fatalf("Patch: %v", err)
	}
	if got := compact(&d, root); got != doc {
		t.Fatalf("target after a failed patch: %s", got)
	}
	if compact(&d, p) != opsText || compact(&d, other) != `{"untouched":[1]}` || d.Size() != size {
		t.Fatal("a failed patch changed the rest of the Doc")
	}
	checkSpans(t, &d, root)
	// The same patch without its failing test applies.
	fixed := strings.Replace(ops.String(), `"not 49"`, `"49"`, 1)
	if err := d.Patch(root, mustAppend(t, &d, fixed)); err != nil {
		t.Fatal(err)
	}
	if got := compact(&d, d.Member(root, "s")); got != `"49"` {
		t.Fatalf("/s = %s", got)
	}
	if d.Len(d.Member(root, "list")) != 3 {
		t.Fatalf("list: %s", compact(&d, d.Member(root, "list")))
	}
	checkSpans(t, &d, root)
}

// TestPatchAtomicAfterEachOperation: RFC 6902, section 5, a patch that
// fails leaves the document as it was, whatever operations (each kind,
// twice) came before the failing one; the Doc then still works.
func TestPatchAtomicAfterEachOperation(t *testing.T) {
	doc := `{"a":{"b":[1,2,{"c":"d"}],"e\u0066":"g"},"h":[[]],"i":null}`
	first := []string{
		`{"op":"add","path":"/a/b/1","value":{"n":[1]}}`, `{"op":"add","path":"/a/b/-","value":5}`, `{"op":"add","path":"/new","value":[1,2]}`,
		`{"op":"add","path":"/a/ef","value":"z"}`, `{"op":"add","path":"","value":[]}`, `{"op":"remove","path":"/a/b/0"}`,
		`{"op":"remove","path":"/a"}`, `{"op":"remove","path":"/a/ef"}`, `{"op":"replace","path":"","value":{"x":1}}`,
		`{"op":"replace","path":"/a/b/2/c","value":[]}`, `{"op":"replace","path":"/h/0","value":{}}`, `{"op":"move","from":"/a/b","path":"/h/0/0"}`,
		`{"op":"move","from":"/a","path":""}`, `{"op":"move","from":"/a/b/2","path":"/i"}`, `{"op":"move","from":"/h","path":"/a/b/0"}`,
		`{"op":"copy","from":"","path":"/a/b/-"}`, `{"op":"copy","from":"/a/b","path":"/h/0/-"}`, `{"op":"copy","from":"/a","path":""}`,
		`{"op":"test","path":"/a/ef","value":"g"}`,
	}
	failing := []string{
		`{"op":"test","path":"","value":0}`, `{"op":"remove","path":"/nope/x"}`, `{"op":"add","path":"/a/b/99","value":1}`, `{"op":"jump"}`,
		`{"op":"move","from":"","path":"/q/r"}`, `{"op":"replace","path":"/zz","value":1}`, `{"op":"copy","from":"/zz","path":"/y"}`,
	}
	for _, f := range first {
		for _, g := range failing {
			var d graft.Doc
			root := mustAppend(t, &d, doc)
			before := compact(&d, root)
			ops := mustAppend(t, &d, `[`+f+`,`+f+`,`+g+`]`)
			opsBefore := compact(&d, ops)
			size := d.Size()
			if err := d.Patch(root, ops); err == nil {
				t.Errorf("[%s, %s]: no error", f, g)
				continue
			}
			if got := compact(&d, root); got != before {
				t.Errorf("[%s, %s]: target %s, was %s", f, g, got, before)
			}
			if got := compact(&d, ops); got != opsBefore || d.Size() != size {
				t.Errorf("[%s, %s]: patch %s, was %s; size %d, was %d", f, g, got, opsBefore, d.Size(), size)
			}
			checkSpans(t, &d, root)
			// The Doc still works: the first operation alone applies.
			if err := d.Patch(root, mustAppend(t, &d, `[`+f+`]`)); err != nil {
				t.Errorf("[%s] after rollback: %v", f, err)
			}
			checkSpans(t, &d, root)
		}
	}
}

// TestPatchPart patches a part of a document: the parent sees the change,
// even when the part's whole value is replaced.
func TestPatchPart(t *testing.T) {
	var d graft.Doc
	root := mustAppend(t, &d, `{"config":{"a":1},"other":[1]}`)
	cfg := d.Member(root, "config")
	if err := d.Patch(cfg, mustAppend(t, &d, `[{"op":"add","path":"/b","value":2}]`)); err != nil {
		t.Fatal(err)
	}
	if err := d.Patch(d.Member(root, "other"), mustAppend(t, &d, `[{"op":"replace","path":"","value":{"now":"object"}}]`)); err != nil {
		t.Fatal(err)
	}
	if got, want := compact(&d, root), `{"config":{"a":1,"b":2},"other":{"now":"object"}}`; got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
	checkSpans(t, &d, root)
}

// TestPatchDeep works at the depth limit.
func TestPatchDeep(t *testing.T) {
	var d graft.Doc
	doc := strings.Repeat(`{"a":`, 999) + `[]` + strings.Repeat(`}`, 999)
	root := mustAppend(t, &d, doc)
	path := strings.Repeat("/a", 999)
	ops := `[{"op":"add","path":"` + path + `/-","value":1},{"op":"test","path":"` + path + `/0","value":1.0},` +
		`{"op":"copy","from":"` + path + `","path":"/b"},{"op":"remove","path":"` + path + `/0"}]`
	if err := d.Patch(root, mustAppend(t, &d, ops)); err != nil {
		t.Fatal(err)
	}
	want := `{"a":` + doc[5:len(doc)-1] + `,"b":[1]}`
	if got := compact(&d, root); got != want {
		t.Fatalf("got %s", clip(got))
	}
}

// TestPatchDepthLimit: no operation may nest a value deeper below the
// target than Options.MaxDepth, as no input may; the patch fails whole
// and the target is left as it was.
func TestPatchDepthLimit(t *testing.T) {
	// Each copy of /a into its own deepest object doubles the nesting: 21
	// operations of a 4 MB patch would nest two million levels.
	var doubling strings.Builder
	doubling.WriteString("[")
	for i, depth := 0, 1; i < 21; i, depth = i+1, depth*2 {
		if i > 0 {
			doubling.WriteString(",")
		}
		doubling.WriteString(`{"op":"copy","from":"/a","path":"` + strings.Repeat("/a", depth+1) + `"}`)
	}
	doubling.WriteString("]")
	cases := []struct {
		name, doc, patch string
		maxDepth         int
		wantErr          bool
	}{
		{name: "add as deep as the limit", doc: `{"a":{"b":{}}}`, patch: `[{"op":"add","path":"/a/b/c","value":{"x":{}}}]`, maxDepth: 5},
		{name: "add one level deeper", doc: `{"a":{"b":{}}}`, patch: `[{"op":"add","path":"/a/b/c","value":{"x":{"y":[]}}}]`, maxDepth: 5, wantErr: true},
		{name: "replace one level deeper", doc: `{"a":{"b":{"c":1}}}`, patch: `[{"op":"replace","path":"/a/b/c","value":[[[]]]}]`, maxDepth: 5, wantErr: true},
		{name: "copy into its own depths", doc: `{"a":{"b":{}}}`, patch: `[{"op":"copy","from":"/a","path":"/a/b/c"}]`, maxDepth: 4, wantErr: true},
		{name: "move under a deep member", doc: `{"a":{"b":{}},"m":[[1]]}`, patch: `[{"op":"move","from":"/m","path":"/a/b/c"}]`, maxDepth: 4, wantErr: true},
		{name: "move within the limit", doc: `{"a":{"b":{}},"m":[1]}`, patch: `[{"op":"move","from":"/m","path":"/a/b/c"}]`, maxDepth: 4},
		{name: "copies doubling the nesting", doc: `{"a":{}}`, patch: doubling.String(), wantErr: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := graft.New(graft.Options{MaxDepth: c.maxDepth})
			root := mustAppend(t, d, c.doc)
			err := d.Patch(root, mustAppend(t, d, c.patch))
			if !c.wantErr {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if !errors.Is(err, graft.ErrLimit) || !strings.Contains(err.Error(), "nest deeper than") {
				t.Fatalf("Patch: %v, want ErrLimit", clip(fmt.Sprint(err)))
			}
			if got := compact(d, root); got != c.doc {
				t.Fatalf("target changed: %s", clip(got))
			}
		})
	}
}

// TestPatchValueIsConsumed documents that values are attached, not
// copied: the op's value becomes part of the target.
func TestPatchValueIsConsumed(t *testing.T) {
	var d graft.Doc
	root := mustAppend(t, &d, `{}`)
	ops := mustAppend(t, &d, `[{"op":"add","path":"/a","value":{"x":1}},{"op":"add","path":"/a/y","value":2}]`)
	if err := d.Patch(root, ops); err != nil {
		t.Fatal(err)
	}
	value, _ := d.Find(ops, "/0/value")
	if value != d.Member(root, "a") {
		t.Fatalf("the value was copied: %s", compact(&d, value))
	}
}

// TestPatchCopyLimit: copies cannot grow the Doc past MaxNodes, so a patch
// that doubles the document again and again fails fast.
func TestPatchCopyLimit(t *testing.T) {
	d := graft.New(graft.Options{MaxNodes: 10000})
	root := mustAppend(t, d, `{"a":[1,2,3,4,5,6,7,8]}`)
	ops := `[` + strings.Repeat(`{"op":"copy","from":"","path":"/a/-"},`, 40) + `{"op":"test","path":"","value":null}]`
	err := d.Patch(root, mustAppend(t, d, ops))
	if !errors.Is(err, graft.ErrLimit) || !strings.Contains(err.Error(), "limit of 10000 nodes") {
		t.Fatalf("Patch: %v", err)
	}
	if got := compact(d, root); got != `{"a":[1,2,3,4,5,6,7,8]}` {
		t.Fatalf("target: %s", got)
	}
}

func TestPatchBadRefs(t *testing.T) {
	var d graft.Doc
	root := mustAppend(t, &d, `{}`)
	if err := d.Patch(root, 0); !errors.Is(err, graft.ErrKind) {
		t.Errorf("Patch(root, 0) = %v", err)
	}
	if err := d.Patch(0, root); !errors.Is(err, graft.ErrKind) {
		t.Errorf("Patch(0, ops) = %v", err)
	}
	if err := d.Patch(root, d.NewString("x")); !errors.Is(err, graft.ErrPatch) {
		t.Errorf("Patch(root, string) = %v", err)
	}
}

// TestPatchInsideTarget applies patches that overlap their target (a
// patch kept inside the document it patches, or a target inside its
// patch). RFC 6902 applies the operations of the patch as given, in the
// order of its array: an operation that removes, replaces, moves or edits
// a later one changes neither which operations run nor what they do.
func TestPatchInsideTarget(t *testing.T) {
	cases := []struct {
		name, doc, target, ops, want string
		err                          error
	}{
		{"remove, copy and extend the patch", `{"ops":[{"op":"copy","from":"/ops/0","path":"/ops/-"},{"op":"remove","path":"/ops"},{"op":"add","path":"/done","value":true}]}`,
			"", "/ops", `{"done":true}`, nil},
		{"remove a later operation", `{"ops":[{"op":"remove","path":"/ops/1"},{"op":"add","path":"/x","value":1},{"op":"add","path":"/y","value":2}]}`,
			"", "/ops", `{"ops":[{"op":"remove","path":"/ops/1"},{"op":"add","path":"/y","value":2}],"x":1,"y":2}`, nil},
		{"replace a later operation", `{"ops":[{"op":"replace","path":"/ops/1","value":{"op":"add","path":"/evil","value":0}},{"op":"add","path":"/x","value":1}]}`,
			"", "/ops", `{"ops":[{"op":"replace","path":"/ops/1","value":{"op":"add","path":"/evil","value":0}},{"op":"add","path":"/evil","value":0}],"x":1}`, nil},
		{"move a later operation away", `{"ops":[{"op":"move","from":"/ops/1","path":"/saved"},{"op":"add","path":"/x","value":1}]}`,
			"", "/ops", `{"ops":[{"op":"move","from":"/ops/1","path":"/saved"}],"saved":{"op":"add","path":"/x","value":1},"x":1}`, nil},
		{"edit the value of a later operation", `{"ops":[{"op":"add","path":"/ops/1/value/z","value":1},{"op":"add","path":"/x","value":{"a":1}}]}`,
			"", "/ops", `{"ops":[{"op":"add","path":"/ops/1/value/z","value":1},{"op":"add","path":"/x","value":{"a":1,"z":1}}],"x":{"a":1}}`, nil},
		{"target inside the patch", `{"ops":[{"op":"replace","path":"/path","value":"/evil"},{"op":"add","path":"/x","value":1}]}`,
			"/ops/1", "/ops", `{"ops":[{"op":"replace","path":"/path","value":"/evil"},{"op":"add","path":"/evil","value":1,"x":1}]}`, nil},
		{"patch is its target", `[{"op":"remove","path":"/1"},{"op":"add","path":"/-","value":2}]`,
			"", "", `[{"op":"remove","path":"/1"},2]`, nil},
		{"a failing operation undoes the edits of the patch", `{"ops":[{"op":"remove","path":"/ops/1"},{"op":"test","path":"/ops/0/op","value":"add"}]}`,
			"", "/ops", `{"ops":[{"op":"remove","path":"/ops/1"},{"op":"test","path":"/ops/0/op","value":"add"}]}`, graft.ErrTestFailed},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var d graft.Doc
			root := mustAppend(t, &d, c.doc)
			target, _ := d.Find(root, c.target)
			ops, _ := d.Find(root, c.ops)
			size := d.Size()
			err := d.Patch(target, ops)
			if !errors.Is(err, c.err) || (err == nil) != (c.err == nil) {
				t.Fatalf("Patch: %v, want %v", err, c.err)
			}
			if got := compact(&d, root); got != c.want {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
			if err != nil && d.Size() != size {
				t.Errorf("a failed patch left the Doc at %d bytes, was %d", d.Size(), size)
			}
			checkSpans(t, &d, root)
		})
	}
}

// TestPatchInsideTargetLimit: the copy of a patch inside its target counts
// against Options.MaxNodes.
func TestPatchInsideTargetLimit(t *testing.T) {
	const doc = `{"ops":[{"op":"add","path":"/a","value":[1,2,3]}]}`
	max := 1
	for ; ; max++ { // the smallest Doc that holds doc
		if _, err := graft.New(graft.Options{MaxNodes: max}).Parse([]byte(doc)); err == nil {
			break
		}
	}
	d := graft.New(graft.Options{MaxNodes: max})
	root := mustAppend(t, d, doc)
	if err := d.Patch(root, d.Member(root, "ops")); !errors.Is(err, graft.ErrLimit) {
		t.Fatalf("Patch: %v, want ErrLimit", err)
	}
	if got := compact(d, root); got != doc {
		t.Fatalf("target: %s", got)
	}
}

// TestPatchTestNumbers compares numbers by their exact decimal value.
func TestPatchTestNumbers(t *testing.T) {
	cases := []struct {
		a, b  string
		equal bool
	}{
		{"1", "1.0", true}, {"1", "10e-1", true}, {"1", "0.1e1", true}, {"100", "1E+2", true}, {"-0", "0", true},
		{"0", "0e-999999999999999999999", true}, {"0.0", "-0.000e5", true}, {"1.5", "15e-1", true},
		{"12345678901234567890", "12345678901234567891", false}, {"9007199254740993", "9007199254740992", false},
		{"0.1", "0.10000000000000001", false}, {"1", "-1", false}, {"1e400", "10e399", true}, {"1e400", "1e401", false},
		{"123.456e-1000000000000", "123456e-1000000000003", true}, {"1e10000000000", "1e10000000001", false},
		{"1e-10000000000", "0", false}, {"5e-324", "4.9406564584124654e-324", false},
	}
	for _, c := range cases {
		var d graft.Doc
		root := mustAppend(t, &d, `[`+c.a+`]`)
		err := d.Patch(root, mustAppend(t, &d, `[{"op":"test","path":"/0","value":`+c.b+`}]`))
		if (err == nil) != c.equal || err != nil && !errors.Is(err, graft.ErrTestFailed) {
			t.Errorf("%s == %s: %v, want equal=%v", c.a, c.b, err, c.equal)
		}
	}
}

// TestPatchTestEquality: RFC 6902, section 4.6, compares JSON values:
// numbers by value, strings by their decoded text, objects by their
// members (the last of a name given twice) in any order, arrays item by
// item. Each pair is tested both ways.
func TestPatchTestEquality(t *testing.T) {
	cases := []struct {
		a, b  string
		equal bool
	}{
		{`1`, `1e0`, true}, {`1`, `1E0`, true}, {`1`, `1.0e+0`, true}, {`1`, `100e-2`, true}, {`0.00015`, `1.5e-4`, true},
		{`-1.5`, `-15e-1`, true}, {`-1.5`, `1.5`, false}, {`10`, `1`, false}, {`1`, `10`, false}, {`1.01`, `1.1`, false},
		{`100`, `1000e-1`, true}, {`120`, `12`, false}, {`1.20`, `12e-1`, true}, {`0`, `-0.0e-0`, true}, {`0.1`, `1e-1`, true},
		{`1e2`, `1e02`, true}, {`1e-2`, `1e-02`, true}, {`1E+2`, `100.0`, true},
		{`"A"`, `"\u0041"`, true}, {`"/"`, `"\/"`, true}, {`"\ud83d\ude00"`, `"😀"`, true}, {`"\u00E9"`, `"\u00e9"`, true},
		{`"é"`, `"\u00e9"`, true}, {`"e\u0301"`, `"é"`, false}, {`"a"`, `"a "`, false}, {`"\u0000"`, `""`, false},
		{`{"\u0061":1}`, `{"a":1.0}`, true}, {`{"a":1,"b":2}`, `{"b":2,"a":1}`, true},
		{`{"a":1,"a":2}`, `{"a":2}`, true}, {`{"a":1,"a":2}`, `{"a":1}`, false}, {`{"a":2}`, `{"a":1,"a":2}`, true},
		{`{"a":1}`, `{"a":1,"b":null}`, false}, {`{"a":null}`, `{}`, false}, {`[]`, `{}`, false}, {`[1,[2]]`, `[1,[2.0]]`, true},
		{`[1]`, `[1,1]`, false}, {`null`, `false`, false}, {`true`, `true`, true}, {`""`, `null`, false},
		{`{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9}`, `{"i":9,"h":8,"g":7,"f":6,"e":5,"d":4,"c":3,"b":2,"\u0061":1e0}`, true},
		{`{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9}`, `{"i":9,"h":8,"g":7,"f":6,"e":5,"d":4,"c":3,"b":2,"a":2}`, false},
		{`{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"a":0}`, `{"i":9,"h":8,"g":7,"f":6,"e":5,"d":4,"c":3,"b":2,"a":0}`, true},
		{`{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"a":0}`, `{"i":9,"h":8,"g":7,"f":6,"e":5,"d":4,"c":3,"b":2,"a":1}`, false},
		{`{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9}`, `{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"j":9}`, false},
		{`{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9}`, `{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8}`, false},
		{`{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9}`, `{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"i":9}`, true},
		{`{"a":1,"b":2}`, `{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"c":null}`, false},
		{`{"k":{"x":[{"\u00e9":1}]}}`, `{"k":{"x":[{"é":1}]}}`, true},
		{`{"abcdefghij1":1,"abcdefghij2":2,"abcdefghij3":3,"abcdefghij4":4,"abcdefghij5":5,"abcdefghij6":6,"abcdefghij7":7,"abcdefghij8":8,"abcdefghij9":9}`,
			`{"abcdefghij9":9,"abcdefghij8":8,"abcdefghij7":7,"abcdefghij6":6,"abcdefghij5":5,"abcdefghij4":4,"abcdefghij3":3,"abcdefghij2":2,"abcdefghij\u0031":1}`, true},
	}
	for _, c := range cases {
		for _, swap := range []bool{false, true} {
			a, b := c.a, c.b
			if swap {
				a, b = b, a
			}
			var d graft.Doc
			root := mustAppend(t, &d, `[`+a+`]`)
			err := d.Patch(root, mustAppend(t, &d, `[{"op":"test","path":"/0","value":`+b+`}]`))
			if (err == nil) != c.equal || err != nil && !errors.Is(err, graft.ErrTestFailed) {
				t.Errorf("test %s == %s: %v, want equal=%v", a, b, err, c.equal)
			}
		}
	}
}
