package graft_test

// Adversarial review of the standard transforms against their RFCs
// (6901, 6902, 7396, 8785). Each case states the clause it checks.

import (
	"errors"
	"testing"

	"github.com/graftjson/graft"
)

// TestReviewPointerEscapedNames: RFC 6901 section 4 compares a reference
// token with member names as decoded strings, whatever escapes the document
// used to write them.
func TestReviewPointerEscapedNames(t *testing.T) {
	doc := `{"a\u002fb":1,"\u0041":2,"\u007e":3,"m\u007e0n":4,"\ud83d\ude00":5,"long\u0020name\u0020here":6,` +
		`"abcdefgh":7,"abcdefg\u0068":8,"\"":9,"\\":10,"\u0000":11,"":12,"caf\u00e9":13,"x\/y":14,"12345678":15}`
	cases := []struct{ ptr, want string }{
		{"/a~1b", "1"}, {"/A", "2"}, {"/~0", "3"}, {"/m~00n", "4"}, {"/\U0001F600", "5"},
		{"/long name here", "6"}, {"/abcdefgh", "8"}, {`/"`, "9"}, {`/\`, "10"}, {"/\x00", "11"},
		{"/", "12"}, {"/café", "13"}, {"/x~1y", "14"}, {"/12345678", "15"},
	}
	for _, c := range cases {
		var d graft.Doc
		root := mustAppend(t, &d, doc)
		r, err := d.Find(root, c.ptr)
		if err != nil || compact(&d, r) != c.want {
			t.Errorf("Find(%q) = %s, %v; want %s", c.ptr, compact(&d, r), err, c.want)
		}
		r, err = d.Lookup(root, c.ptr)
		if err != nil || compact(&d, r) != c.want {
			t.Errorf("Lookup(%q) = %s, %v; want %s", c.ptr, compact(&d, r), err, c.want)
		}
		p, err := graft.ParsePointer(c.ptr)
		if err != nil {
			t.Fatal(err)
		}
		if r := d.Get(root, p...); compact(&d, r) != c.want {
			t.Errorf("Get(%q) = %s; want %s", c.ptr, compact(&d, r), c.want)
		}
		// The same through a patch test, and a replace.
		ops := mustAppend(t, &d, `[{"op":"test","path":`+quoteJSON(c.ptr)+`,"value":`+c.want+`},{"op":"replace","path":`+quoteJSON(c.ptr)+`,"value":"R"}]`)
		if err := d.Patch(root, ops); err != nil {
			t.Errorf("Patch at %q: %v", c.ptr, err)
			continue
		}
		if r, _ := d.Find(root, c.ptr); compact(&d, r) != `"R"` {
			t.Errorf("after replace, %q = %s", c.ptr, compact(&d, r))
		}
	}
}

func quoteJSON(s string) string {
	var d graft.Doc
	return compact(&d, d.NewString(s))
}

// TestReviewPointerTokens: RFC 6901 section 4, array indices and "-".
func TestReviewPointerTokens(t *testing.T) {
	var d graft.Doc
	root := mustAppend(t, &d, `{"arr":[10,11,12],"":{"":{"-":1}},"01":"zero-one","-":"dash"}`)
	found := map[string]string{
		"/arr/0": "10", "/arr/2": "12", "//": `{"-":1}`, "///-": "1", "/01": `"zero-one"`, "/-": `"dash"`,
	}
	for p, want := range found {
		r, err := d.Lookup(root, p)
		if err != nil || compact(&d, r) != want {
			t.Errorf("Lookup(%q) = %s, %v; want %s", p, compact(&d, r), err, want)
		}
	}
	for _, p := range []string{"/arr/3", "/arr/-", "/arr/01", "/arr/00", "/arr/+1", "/arr/ 1", "/arr/1 ", "/arr/1e0", "/arr/", "/arr/0x1", "/arr/-0", "/arr/18446744073709551617"} {
		r, err := d.Lookup(root, p)
		if err == nil {
			t.Errorf("Lookup(%q) = %s, want an error", p, compact(&d, r))
		}
		if r, _ := d.Find(root, p); r != 0 {
			t.Errorf("Find(%q) = %s, want nothing", p, compact(&d, r))
		}
	}
	for _, p := range []string{"a", "/~", "/~2", "/a~", "#/a", "/\xff"} {
		if _, err := d.Lookup(root, p); !errors.Is(err, graft.ErrPointer) {
			t.Errorf("Lookup(%q): %v, want ErrPointer", p, err)
		}
	}
}

// TestReviewTestEquality: RFC 6902 section 4.6.
func TestReviewTestEquality(t *testing.T) {
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

// TestReviewPatchAtomic: RFC 6902 section 5, a patch that fails leaves the
// document as it was, whatever operation came before the failing one.
func TestReviewPatchAtomic(t *testing.T) {
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

// TestReviewMergePatchInsideTarget: a merge patch that lies inside the
// document it patches (overrides kept beside the config they override),
// which MergePatch does not refuse: only a patch holding its target is
// ErrCycle. The patch's member nodes are linked into the target without
// leaving the patch, so the two objects share a chain: a later edit of the
// target shows up inside the patch too, and AppendJSON (which prints the
// patch's unedited span) no longer agrees with the tree. RFC 7396 defines
// the result; nothing allows a later Set of one object to change another.
func TestReviewMergePatchInsideTarget(t *testing.T) {
	cases := []struct{ name, doc, target, patch, want string }{
		{"overrides beside the config", `{"cfg":{"a":1},"over":{"b":2}}`, "/cfg", "/over", `{"cfg":{"a":1,"b":2},"over":{"b":2}}`},
		{"patch inside the target", `{"p":{"c":2,"e":3}}`, "", "/p", `{"p":{"c":2,"e":3},"c":2,"e":3}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var d graft.Doc
			root := mustAppend(t, &d, c.doc)
			target, _ := d.Find(root, c.target)
			patch, _ := d.Find(root, c.patch)
			if err := d.MergePatch(target, patch); err != nil {
				t.Fatal(err)
			}
			if got := compact(&d, root); got != c.want {
				t.Fatalf("got %s, want %s", got, c.want)
			}
			if err := d.Set(target, "z", d.NewInt(1)); err != nil {
				t.Fatal(err)
			}
			if r, _ := d.Find(patch, "/z"); r != 0 {
				t.Errorf("Set(target, \"z\") also added a member z to the patch at %q", c.patch)
			}
			checkSpans(t, &d, root)
		})
	}
}
