package graft_test

import (
	"errors"
	"math"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/graftjson/graft"
)

// Values nested far deeper than any input may be (Options.MaxDepth), built
// call by call: every walk over them must finish. The goroutine's stack is
// limited to 8 MiB here, so that a walk that recurses once per level dies
// of a fatal stack overflow (which fails the whole test binary) at depths
// that keep this test fast; with the default limit of 1 GiB the same walks
// died at one to four million levels.

// deepShape says what each level of a deep value is.
type deepShape struct {
	name   string
	object func(level int) bool // level holds an object (member "a"), else an array
}

var deepShapes = []deepShape{
	{name: "arrays", object: func(int) bool { return false }},
	{name: "objects", object: func(int) bool { return true }},
	{name: "mixed", object: func(level int) bool { return level%3 != 1 }},
}

// buildDeep builds levels nested containers of shape s in d, with the
// number 1 in the innermost, by Set and AppendItem. It returns the
// outermost and the innermost container.
func buildDeep(tb testing.TB, d *graft.Doc, s deepShape, levels int) (root, inner graft.Ref) {
	tb.Helper()
	var parent graft.Ref
	for level := 0; level <= levels; level++ {
		var v graft.Ref
		switch {
		case level == levels:
			v = d.NewInt(1)
		case s.object(level):
			v = d.NewObject()
		default:
			v = d.NewArray()
		}
		if parent == 0 {
			root = v
		} else if err := deepAttach(d, parent, v); err != nil {
			tb.Fatalf("level %d: %v", level, err)
		}
		if level < levels {
			parent = v
		}
	}
	return root, parent
}

// deepAttach puts v in container c: as member "a" or as an item.
func deepAttach(d *graft.Doc, c, v graft.Ref) error {
	if d.Kind(c) == graft.Object {
		return d.Set(c, "a", v)
	}
	return d.AppendItem(c, v)
}

// deepText returns the text a deep value of shape s prints as: compact if
// newline is "", else indented with newline between the lines (and no
// indent).
func deepText(s deepShape, levels int, newline string) string {
	var b strings.Builder
	for level := 0; level < levels; level++ {
		if s.object(level) {
			b.WriteString("{" + newline + `"a":`)
			if newline != "" {
				b.WriteByte(' ')
			}
		} else {
			b.WriteString("[" + newline)
		}
	}
	b.WriteByte('1')
	for level := levels - 1; level >= 0; level-- {
		b.WriteString(newline)
		if s.object(level) {
			b.WriteByte('}')
		} else {
			b.WriteByte(']')
		}
	}
	return b.String()
}

// deepLevels is deep enough that a walk recursing once per level overflows
// an 8 MiB stack (the smallest frames took 72 bytes a level).
const deepLevels = 150_000

func TestDeepBuiltValues(t *testing.T) {
	defer debug.SetMaxStack(debug.SetMaxStack(8 << 20))
	levels := deepLevels
	if testing.Short() || raceEnabled { // the race detector slows the walks many times over
		levels = 20_000
	}
	for _, s := range deepShapes {
		want := deepText(s, levels, "")
		print := func(t *testing.T, d *graft.Doc, r graft.Ref) {
			t.Helper()
			if got := string(d.AppendJSON(nil, r)); got != want {
				t.Fatalf("AppendJSON: %d bytes, want %d: %.40s…", len(got), len(want), got)
			}
		}
		for _, c := range []struct {
			name string
			// run checks a walk over root; another builds one more value
			// like root, without Copy (which would walk root first).
			run func(t *testing.T, d *graft.Doc, root, inner graft.Ref, another func() graft.Ref)
		}{
			{name: "AppendJSON", run: func(t *testing.T, d *graft.Doc, root, _ graft.Ref, another func() graft.Ref) { print(t, d, root) }},
			{name: "AppendIndent", run: func(t *testing.T, d *graft.Doc, root, _ graft.Ref, another func() graft.Ref) {
				if got, want := string(d.AppendIndent(nil, root, "", "")), deepText(s, levels, "\n"); got != want {
					t.Fatalf("AppendIndent: %d bytes, want %d: %.40q…", len(got), len(want), got)
				}
			}},
			{name: "AppendCanonical", run: func(t *testing.T, d *graft.Doc, root, _ graft.Ref, another func() graft.Ref) {
				got, err := d.AppendCanonical(nil, root)
				if err != nil || string(got) != want {
					t.Fatalf("AppendCanonical: %v, %d bytes, want %d", err, len(got), len(want))
				}
			}},
			{name: "AppendCanonical error", run: func(t *testing.T, d *graft.Doc, root, inner graft.Ref, another func() graft.Ref) {
				// A number beyond the float64 range at the bottom: the
				// error names its position, every level of it.
				big, _ := d.NewNumber("1e400")
				if d.Kind(inner) == graft.Object {
					d.Set(inner, "a", big)
				} else {
					d.SetItem(inner, 0, big)
				}
				_, err := d.AppendCanonical(nil, root)
				var e *graft.Error
				if !errors.As(err, &e) || !errors.Is(err, graft.ErrRange) || strings.Count(e.Pointer, "/") != levels {
					t.Fatalf("AppendCanonical: %v, want ErrRange with a pointer of %d tokens", err, levels)
				}
			}},
			{name: "Copy", run: func(t *testing.T, d *graft.Doc, root, _ graft.Ref, another func() graft.Ref) {
				print(t, d, d.Copy(root))
			}},
			{name: "Merge", run: func(t *testing.T, d *graft.Doc, root, _ graft.Ref, another func() graft.Ref) {
				if err := d.Merge(root, another()); err != nil {
					t.Fatal(err)
				}
				print(t, d, root)
			}},
			{name: "Merge conflict", run: func(t *testing.T, d *graft.Doc, root, inner graft.Ref, another func() graft.Ref) {
				src := another()
				// The copy's innermost value becomes an object: a conflict
				// under ConflictError, named by its pointer, and undone.
				at := src
				for d.Kind(at) == graft.Object || d.Kind(at) == graft.Array {
					next, _ := deepChild(d, at)
					if d.Kind(next) != graft.Object && d.Kind(next) != graft.Array {
						deepSet(d, at, d.NewObject())
						break
					}
					at = next
				}
				err := d.Merge(root, src)
				var e *graft.Error
				if !errors.As(err, &e) || !errors.Is(err, graft.ErrConflict) || strings.Count(e.Pointer, "/") != levels {
					t.Fatalf("Merge: %v, want ErrConflict with a pointer of %d tokens", err, levels)
				}
				print(t, d, root)
			}},
			{name: "cycle check", run: func(t *testing.T, d *graft.Doc, root, inner graft.Ref, another func() graft.Ref) {
				if err := deepAttach(d, inner, root); !errors.Is(err, graft.ErrCycle) {
					t.Fatalf("attaching the root under its innermost container: %v, want ErrCycle", err)
				}
				print(t, d, root)
			}},
			{name: "Patch test and copy", run: func(t *testing.T, d *graft.Doc, root, _ graft.Ref, another func() graft.Ref) {
				// Equal values (the copy), a test that walks them, a copy
				// that counts them and checks their depth.
				ops := d.NewArray()
				test, cp := d.NewObject(), d.NewObject()
				d.Set(test, "op", d.NewString("test"))
				d.Set(test, "path", d.NewString(""))
				d.Set(test, "value", another())
				d.Set(cp, "op", d.NewString("copy"))
				d.Set(cp, "from", d.NewString(""))
				d.Set(cp, "path", d.NewString(""))
				d.AppendItem(ops, test)
				d.AppendItem(ops, cp)
				if err := d.Patch(root, ops); err != nil {
					t.Fatal(err)
				}
				print(t, d, root)
			}},
			{name: "MergePatch", run: func(t *testing.T, d *graft.Doc, root, _ graft.Ref, another func() graft.Ref) {
				// Into itself (a copy) and onto an empty object: the
				// recursions of a patch into an object and of a patch
				// that becomes a member's value.
				if err := d.MergePatch(root, another()); err != nil {
					t.Fatal(err)
				}
				print(t, d, root)
				empty := d.NewObject()
				patch := d.NewObject()
				d.Set(patch, "p", another())
				if err := d.MergePatch(empty, patch); err != nil {
					t.Fatal(err)
				}
				p, _ := deepChild(d, empty)
				print(t, d, p) // no member is null: the value as it was
			}},
		} {
			t.Run(s.name+"/"+c.name, func(t *testing.T) {
				d := graft.New(graft.Options{MaxDepth: 1 << 30})
				root, inner := buildDeep(t, d, s, levels)
				c.run(t, d, root, inner, func() graft.Ref {
					r, _ := buildDeep(t, d, s, levels)
					return r
				})
			})
		}
	}
}

// TestDeepSharedCycleCheck: a value attached twice at each level is a DAG
// whose walk would visit 2^levels values; the cycle check visits each
// once, at any depth.
func TestDeepSharedCycleCheck(t *testing.T) {
	defer debug.SetMaxStack(debug.SetMaxStack(8 << 20))
	levels := deepLevels
	if testing.Short() || raceEnabled { // the race detector slows the walks many times over
		levels = 20_000
	}
	d := graft.New(graft.Options{})
	root := d.NewArray()
	parent := root
	for i := 0; i < levels; i++ {
		a := d.NewArray()
		for j := 0; j < 2; j++ {
			if err := d.AppendItem(parent, a); err != nil {
				t.Fatal(err)
			}
		}
		parent = a
	}
	if err := d.AppendItem(parent, root); !errors.Is(err, graft.ErrCycle) {
		t.Fatalf("attaching the root under its innermost array: %v, want ErrCycle", err)
	}
	if err := d.AppendItem(parent, d.NewArray()); err != nil {
		t.Fatal(err)
	}
}

// deepChild returns the only child of container c.
func deepChild(d *graft.Doc, c graft.Ref) (graft.Ref, bool) {
	if d.Kind(c) == graft.Object {
		for _, v := range d.Members(c) {
			return v, true
		}
		return 0, false
	}
	for _, v := range d.Items(c) {
		return v, true
	}
	return 0, false
}

// deepSet replaces the only child of container c with v.
func deepSet(d *graft.Doc, c, v graft.Ref) {
	if d.Kind(c) == graft.Object {
		d.Set(c, "a", v)
	} else {
		d.SetItem(c, 0, v)
	}
}

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
