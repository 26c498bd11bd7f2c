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

type mergePatchCase struct {
	name, doc, patch, want string
}

// rfc7396Cases are the examples of RFC 7396, appendix A, and the example of
// its section 3 (whose result the RFC prints in an order of its own; graft
// keeps the target's order and appends new members).
var rfc7396Cases = []mergePatchCase{
	{"A 1", `{"a":"b"}`, `{"a":"c"}`, `{"a":"c"}`},
	{"A 2", `{"a":"b"}`, `{"b":"c"}`, `{"a":"b","b":"c"}`},
	{"A 3", `{"a":"b"}`, `{"a":null}`, `{}`},
	{"A 4", `{"a":"b","b":"c"}`, `{"a":null}`, `{"b":"c"}`},
	{"A 5", `{"a":["b"]}`, `{"a":"c"}`, `{"a":"c"}`},
	{"A 6", `{"a":"c"}`, `{"a":["b"]}`, `{"a":["b"]}`},
	{"A 7", `{"a":{"b":"c"}}`, `{"a":{"b":"d","c":null}}`, `{"a":{"b":"d"}}`},
	{"A 8", `{"a":[{"b":"c"}]}`, `{"a":[1]}`, `{"a":[1]}`},
	{"A 9", `["a","b"]`, `["c","d"]`, `["c","d"]`},
	{"A 10", `{"a":"b"}`, `["c"]`, `["c"]`},
	{"A 11", `{"a":"foo"}`, `null`, `null`},
	{"A 12", `{"a":"foo"}`, `"bar"`, `"bar"`},
	{"A 13", `{"e":null}`, `{"a":1}`, `{"e":null,"a":1}`},
	{"A 14", `[1,2]`, `{"a":"b","c":null}`, `{"a":"b"}`},
	{"A 15", `{}`, `{"a":{"bb":{"ccc":null}}}`, `{"a":{"bb":{}}}`},
	{"section 3",
		`{"title":"Goodbye!","author":{"givenName":"John","familyName":"Doe"},"tags":["example","sample"],"content":"This will be unchanged"}`,
		`{"title":"Hello!","phoneNumber":"+01-123-456-7890","author":{"familyName":null},"tags":["example"]}`,
		`{"title":"Hello!","author":{"givenName":"John"},"tags":["example"],"content":"This will be unchanged","phoneNumber":"+01-123-456-7890"}`},
}

var mergePatchCases = []mergePatchCase{
	{"nulls inside arrays stay", `{"a":1}`, `{"a":[null,{"b":null}]}`, `{"a":[null,{"b":null}]}`},
	{"nulls deep in a new object go", `{}`, `{"a":{"b":null,"c":{"d":null,"e":[null]},"f":1}}`, `{"a":{"c":{"e":[null]},"f":1}}`},
	{"nulls in an object replacing a scalar go", `{"a":1}`, `{"a":{"b":null,"c":2}}`, `{"a":{"c":2}}`},
	{"null for a missing member", `{"a":1}`, `{"b":null}`, `{"a":1}`},
	{"null removes every duplicate", `{"a":1,"b":2,"a":3}`, `{"a":null}`, `{"b":2}`},
	{"patch into the last duplicate", `{"a":{"x":1},"a":{"y":1}}`, `{"a":{"z":1}}`, `{"a":{"x":1},"a":{"y":1,"z":1}}`},
	{"duplicates in the patch apply in order", `{}`, `{"a":1,"a":null,"b":null,"b":2}`, `{"b":2}`},
	{"empty member name", `{"":1}`, `{"":{"":null,"x":""}}`, `{"":{"x":""}}`},
	{"escaped names match decoded", `{"caf\u00e9":1,"a/b":2}`, `{"café":null,"a\/b":3}`, `{"a/b":3}`},
	{"escaped new names keep their text", `{}`, `{"\u00e9":"\u00e9"}`, `{"\u00e9":"\u00e9"}`},
	{"empty patch", `{"a":1}`, `{}`, `{"a":1}`},
	{"empty patch on a scalar", `1`, `{}`, `{}`},
	{"numbers keep their text", `{"n":1}`, `{"n":1.0e0,"m":12345678901234567890123}`, `{"n":1.0e0,"m":12345678901234567890123}`},
	{"deep objects merge", `{"a":{"b":{"c":{"d":1,"e":2}}}}`, `{"a":{"b":{"c":{"e":null,"f":3}}}}`, `{"a":{"b":{"c":{"d":1,"f":3}}}}`},
	{"object replaces array", `{"a":[1]}`, `{"a":{"b":1}}`, `{"a":{"b":1}}`},
	{"scalar document becomes object", `"x"`, `{"a":{"b":null}}`, `{"a":{}}`},
	{"null document becomes object", `null`, `{"a":1}`, `{"a":1}`},
	{"array patch replaces object", `{"a":1}`, `[{"b":null}]`, `[{"b":null}]`},
	// RFC 7396 merges a value where target has no object onto {}, by the
	// same rules: its members apply in order, at any depth.
	{"null after its name in a nested patch", `{"x":{}}`, `{"x":{"a":1,"a":null}}`, `{"x":{}}`},
	{"null after its name in a new object", `{}`, `{"x":{"a":1,"a":null}}`, `{"x":{}}`},
	{"null after its name in an object replacing a scalar", `{"x":5}`, `{"x":{"a":1,"a":null}}`, `{"x":{}}`},
	{"null after its escaped name in a new object", `{}`, `{"x":{"a":1,"\u0061":null,"b":2}}`, `{"x":{"b":2}}`},
	{"null after its name deep in a new object", `{"x":1}`, `{"x":{"y":{"z":{"a":1,"a":null,"b":null}}}}`, `{"x":{"y":{"z":{}}}}`},
	{"name given twice in a new object merges", `{}`, `{"x":{"a":{"b":1,"c":null},"a":{"c":2,"d":null}}}`, `{"x":{"a":{"b":1,"c":2}}}`},
	{"name given twice in a new object, last scalar wins in place", `{}`, `{"x":{"a":1,"b":2,"a":[3]}}`, `{"x":{"a":[3],"b":2}}`},
	{"name given twice in a new object after a null", `{}`, `{"x":{"a":null,"a":1}}`, `{"x":{"a":1}}`},
	{"duplicates in arrays of a new object stay", `{}`, `{"x":[{"a":1,"a":null}]}`, `{"x":[{"a":1,"a":null}]}`},
	{"null after its name in a new object of many members", `{}`, `{"x":` + strings.TrimSuffix(manyMembers(20, ""), "}") + `,"m3":null}}`,
		`{"x":` + strings.Replace(manyMembers(20, ""), `"m3":3,`, "", 1) + `}`},
	{"new object of many members", `{}`, `{"x":` + manyMembers(20, "") + `}`, `{"x":` + manyMembers(20, "") + `}`},
}

func TestMergePatchRFC7396(t *testing.T) { runMergePatchCases(t, rfc7396Cases) }
func TestMergePatch(t *testing.T)        { runMergePatchCases(t, mergePatchCases) }

func runMergePatchCases(t *testing.T, cases []mergePatchCase) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var d graft.Doc
			root := mustAppend(t, &d, c.doc)
			patch := mustAppend(t, &d, c.patch)
			if err := d.MergePatch(root, patch); err != nil {
				t.Fatal(err)
			}
			if got := compact(&d, root); got != c.want {
				t.Fatalf("got %s, want %s", got, c.want)
			}
			checkSpans(t, &d, root)
			// The reference algorithm agrees, as values.
			target, _ := decodeJSON([]byte(c.doc))
			p, _ := decodeMembers([]byte(c.patch))
			var r jref
			if want, _ := decodeJSON([]byte(c.want)); !r.equal(mergePatch(target, p), want) {
				t.Fatalf("the reference algorithm disagrees with %s", c.want)
			}
		})
	}
}

// TestMergePatchPart patches a member's value: its parent sees the change
// even when the patch replaces the value.
func TestMergePatchPart(t *testing.T) {
	var d graft.Doc
	root := mustAppend(t, &d, `{"a":{"x":1},"b":[1],"c":true}`)
	if err := d.MergePatch(d.Member(root, "a"), mustAppend(t, &d, `{"y":2}`)); err != nil {
		t.Fatal(err)
	}
	if err := d.MergePatch(d.Member(root, "b"), mustAppend(t, &d, `"now a string"`)); err != nil {
		t.Fatal(err)
	}
	if got, want := compact(&d, root), `{"a":{"x":1,"y":2},"b":"now a string","c":true}`; got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
	checkSpans(t, &d, root)
}

// TestMergePatchAttaches: a new value is the patch's own, attached, not
// rebuilt, whether it needed changes or not.
func TestMergePatchAttaches(t *testing.T) {
	for _, patch := range []string{`{"x":{"a":{"b":[1]}}}`, `{"x":{"a":1,"a":null}}`} {
		var d graft.Doc
		root := mustAppend(t, &d, `{}`)
		p := mustAppend(t, &d, patch)
		x := d.Member(p, "x")
		if err := d.MergePatch(root, p); err != nil {
			t.Fatal(err)
		}
		if d.Member(root, "x") != x {
			t.Errorf("%s: x is %s, not the patch's value", patch, compact(&d, d.Member(root, "x")))
		}
	}
}

// TestMergePatchCycle: a patch that holds the target cannot be applied to
// it, and the failure changes nothing.
func TestMergePatchCycle(t *testing.T) {
	var d graft.Doc
	root := mustAppend(t, &d, `{"t":{"a":1}}`)
	target := d.Member(root, "t")
	patch := d.NewObject()
	d.Set(patch, "b", d.NewInt(2))
	d.Set(patch, "self", root)
	if err := d.MergePatch(target, patch); !errors.Is(err, graft.ErrCycle) {
		t.Fatalf("MergePatch: %v", err)
	}
	if got := compact(&d, root); got != `{"t":{"a":1}}` {
		t.Fatalf("a failed merge patch changed the target: %s", got)
	}
	arr := d.NewArray()
	d.AppendItem(arr, root)
	if err := d.MergePatch(target, arr); !errors.Is(err, graft.ErrCycle) {
		t.Fatalf("MergePatch with an array holding the target: %v", err)
	}
	if err := d.MergePatch(0, patch); !errors.Is(err, graft.ErrKind) {
		t.Fatalf("MergePatch(0, patch) = %v", err)
	}
}

// TestLargeMergePatchBySorting: a merge patch of objects with many members
// matches names by sorting them; it must give exactly what the walk per
// member gives, for nulls, names given twice on either side, escaped names
// and nested objects, and allocate nothing once warm.
func TestLargeMergePatchBySorting(t *testing.T) {
	object := func(rng *rand.Rand, n int) string {
		return randomObject(rng, n, n+1, 5, func() string {
			switch rng.IntN(5) {
			case 0:
				return "null"
			case 1:
				return `{"a":1,"b":null,"a":` + strconv.Itoa(rng.IntN(2)) + `}`
			case 2:
				return "[null]"
			}
			return strconv.Itoa(rng.IntN(3))
		})
	}
	rng := rand.New(rand.NewPCG(5, 5))
	for round := range 300 {
		targetText, patchText := object(rng, rng.IntN(90)), object(rng, 1+rng.IntN(90))
		var got [2]string
		for i, which := range []string{"all", "none"} {
			restore := graft.MatchBySorting(which)
			d := graft.New(graft.Options{})
			target, patch := mustAppend(t, d, targetText), mustAppend(t, d, patchText)
			err := d.MergePatch(target, patch)
			got[i] = compact(d, target) + " " + fmt.Sprint(err)
			checkSpans(t, d, target)
			restore()
		}
		if got[0] != got[1] {
			t.Fatalf("round %d:\nsorted %s\nwalk   %s\ntarget %s\npatch  %s", round, got[0], got[1], targetText, patchText)
		}
	}
	if raceEnabled {
		return
	}
	var d graft.Doc
	targetText, patchText := []byte(object(rng, 100)), []byte(object(rng, 100))
	if n := testing.AllocsPerRun(20, func() {
		target, _ := d.Parse(targetText)
		patch, _ := d.Append(patchText)
		if err := d.MergePatch(target, patch); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Errorf("a warm merge patch of two objects of 100 members allocates %v times", n)
	}
}
