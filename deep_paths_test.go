package graft_test

import (
	"math"
	"strings"
	"testing"

	"github.com/graftjson/graft"
)

// The printers recurse down to a set depth and go on from there with a
// stack of open containers of their own (see nest.go). Whatever the depth
// of the switch, they must print the same bytes, and canonical printing
// must fail with the same error and pointer: checkDeepSwitch puts the
// switch at every level of a value and compares.

// printOutputs is what the printers make of one value.
type printOutputs struct {
	compact, indent, canonical, canonicalErr string
}

func printAll(d *graft.Doc, r graft.Ref) printOutputs {
	var o printOutputs
	o.compact = string(d.AppendJSON(nil, r))
	o.indent = string(d.AppendIndent(nil, r, ">", "\t"))
	out, err := d.AppendCanonical(nil, r)
	o.canonical = string(out)
	if err != nil {
		o.canonicalErr = err.Error()
		if e, ok := err.(*graft.Error); ok {
			o.canonicalErr += " at " + e.Pointer
		}
	}
	return o
}

// depthOf returns how many containers deep r nests.
func depthOf(d *graft.Doc, r graft.Ref) int {
	deepest := 0
	switch d.Kind(r) {
	case graft.Object:
		for _, v := range d.Members(r) {
			deepest = max(deepest, depthOf(d, v))
		}
	case graft.Array:
		for _, v := range d.Items(r) {
			deepest = max(deepest, depthOf(d, v))
		}
	default:
		return 0
	}
	return deepest + 1
}

// checkDeepSwitch fails tb unless the printers print r the same with the
// switch to their own stacks at each depth of ats as with no switch, or, if
// ats is empty, at every depth from 0 (the whole value on the stack) to
// below r's deepest level. It must not run in parallel with other tests.
func checkDeepSwitch(tb testing.TB, d *graft.Doc, r graft.Ref, ats ...int) {
	tb.Helper()
	restore := graft.PrintDeepFrom(math.MaxInt)
	defer restore()
	want := printAll(d, r)
	if len(ats) == 0 {
		// Every level of a shallow value; of a deep one the levels near
		// the top and the bottom, and every 61st between.
		depth := depthOf(d, r)
		for at := depth; at >= 0; at-- {
			if depth <= 64 || at <= 8 || at >= depth-8 || at%61 == 0 {
				ats = append(ats, at)
			}
		}
	}
	for _, at := range ats {
		graft.PrintDeepFrom(at)
		if got := printAll(d, r); got != want {
			tb.Fatalf("printers switching to their own stack %d levels down:\n got %+v\nwant %+v", at, clipOutputs(got), clipOutputs(want))
		}
	}
}

func clipOutputs(o printOutputs) printOutputs {
	return printOutputs{clip(o.compact), clip(o.indent), clip(o.canonical), clip(o.canonicalErr)}
}

// TestDeepSwitchBoundary: values nested around the default depth of the
// switch (2048 levels), parsed, with edits at the top, at the switch and at
// the bottom, and a parsed value grown by a member nested past the switch
// by code, print as with the switch anywhere else; and canonical
// printing's errors name the same position.
func TestDeepSwitchBoundary(t *testing.T) {
	levelsList := []int{2047, 2048, 2049} // the innermost value recursed to, a scalar past the switch, a container
	if testing.Short() || raceEnabled {
		levelsList = []int{2049}
	}
	for _, levels := range levelsList {
		for _, edit := range []string{"none", "switch", "bottom error", "grown", "deep built"} {
			d := graft.New(graft.Options{MaxDepth: 3000})
			// Objects and arrays in turn, each with a scalar before and
			// after the deeper value, so that spans, text runs and
			// members all occur at every level.
			var b strings.Builder
			for i := 0; i < levels; i++ {
				if i%2 == 0 {
					b.WriteString(`{"a":1,"b":`)
				} else {
					b.WriteString(`["x",`)
				}
			}
			b.WriteString(`"\u0041"`)
			for i := levels - 1; i >= 0; i-- {
				if i%2 == 0 {
					b.WriteString(`,"c":[]}`)
				} else {
					b.WriteString(`,2]`)
				}
			}
			root, err := d.Parse([]byte(b.String()))
			if err != nil {
				t.Fatal(err)
			}
			at := func(level int) graft.Ref {
				v := root
				for i := 0; i < level; i++ {
					if d.Kind(v) == graft.Object {
						v = d.Member(v, "b")
					} else {
						v = d.Index(v, 1)
					}
				}
				return v
			}
			edit1 := func(level int, v graft.Ref) {
				c := at(min(level, levels-1))
				var err error
				if d.Kind(c) == graft.Object {
					err = d.Set(c, "a", v)
				} else {
					err = d.SetItem(c, 0, v)
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			switch edit {
			case "switch":
				edit1(0, d.NewInt(7))
				edit1(2047, d.NewString("é"))
				edit1(2048, d.NewObject())
			case "bottom error":
				big, _ := d.NewNumber("1e400")
				edit1(levels-1, big)
			case "deep built":
				// A member appended to the parsed root (which prints its
				// span but for the closer, then the new member), holding
				// a value built call by call past the switch.
				v, _ := buildDeep(t, d, deepShapes[2], 2100)
				if err := d.Set(root, "deep", v); err != nil {
					t.Fatal(err)
				}
			case "grown":
				for _, level := range []int{2046, 2047, 2048} {
					if c := at(min(level, levels-1)); d.Kind(c) == graft.Object {
						d.Set(c, "z", d.NewInt(int64(level)))
					} else {
						d.AppendItem(c, d.NewInt(int64(level)))
					}
				}
			}
			want := string(slowPrint(nil, d, root))
			if got := compact(d, root); got != want {
				t.Fatalf("%d levels, edit %s: AppendJSON differs from a walk of the tree at %d", levels, edit, firstDiff(got, want))
			}
			checkDeepSwitch(t, d, root, 0, 2047, 2048, 2049)
		}
	}
}

// firstDiff returns the offset of the first byte where a and b differ.
func firstDiff(a, b string) int {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return i
}
