package graft_test

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/graftjson/graft"
)

// indexStep is one edit of TestSetIndex on a Doc holding the object obj
// and a second object other.
type indexStep func(tb testing.TB, d *graft.Doc, obj, other graft.Ref)

func setStep(name, value string) indexStep {
	return func(tb testing.TB, d *graft.Doc, obj, _ graft.Ref) {
		if err := d.Set(obj, name, mustAppend(tb, d, value)); err != nil {
			tb.Fatalf("Set %q: %v", name, err)
		}
	}
}

func setOtherStep(name, value string) indexStep {
	return func(tb testing.TB, d *graft.Doc, _, other graft.Ref) {
		if err := d.Set(other, name, mustAppend(tb, d, value)); err != nil {
			tb.Fatalf("Set %q: %v", name, err)
		}
	}
}

func deleteStep(name string) indexStep {
	return func(tb testing.TB, d *graft.Doc, obj, _ graft.Ref) {
		if !d.Delete(obj, name) {
			tb.Fatalf("Delete %q found nothing", name)
		}
	}
}

// editStep applies f to obj and a value parsed from src; want is whether f
// succeeds.
func editStep(src string, want bool, f func(d *graft.Doc, obj, v graft.Ref) error) indexStep {
	return func(tb testing.TB, d *graft.Doc, obj, _ graft.Ref) {
		if err := f(d, obj, mustAppend(tb, d, src)); (err == nil) != want {
			tb.Fatalf("%s: error %v, want success %v", src, err, want)
		}
	}
}

// bigObject returns an object of n members named k0, k1, ..., with k1
// written with an escape and k2 given twice.
func bigObject(n int) string {
	var b strings.Builder
	b.WriteString(`{"k2":"first"`)
	for i := 0; i < n; i++ {
		name := "k" + strconv.Itoa(i)
		if i == 1 {
			name = `\u006b1`
		}
		b.WriteString(`,"` + name + `":` + strconv.Itoa(i))
	}
	b.WriteString("}")
	return b.String()
}

// TestSetIndex runs edits that mix Set with every other change of an
// object's members, with Set indexing no object (walking the members every
// time), every object, and the large ones (the default), and requires the
// same document from all three.
func TestSetIndex(t *testing.T) {
	merge := func(d *graft.Doc, obj, v graft.Ref) error { return d.Merge(obj, v) }
	cases := []struct {
		name  string
		start string // obj's text; "" builds 40 members with Set
		steps []indexStep
	}{
		{name: "build by Set, replace, append", steps: []indexStep{
			setStep("k3", `"x"`), setStep("new", `1`), setStep("new", `2`), setStep("k39", `true`),
		}},
		{name: "parsed: escaped and duplicated names", start: bigObject(40), steps: []indexStep{
			setStep("k1", `"escaped one"`), setStep("k2", `"the last k2"`), setStep("k40", `40`),
		}},
		{name: "delete then set appends", start: bigObject(40), steps: []indexStep{
			setStep("k5", `0`), deleteStep("k5"), setStep("k5", `"again"`), setStep("k5", `"replaced"`),
		}},
		{name: "delete the last member then set", steps: []indexStep{
			setStep("k0", `0`), deleteStep("k39"), setStep("a", `1`), setStep("k39", `2`),
		}},
		{name: "merge appends, set finds the merged member", start: bigObject(40), steps: []indexStep{
			setStep("k0", `0`), editStep(`{"k3":"m","n1":{"x":1},"n2":2}`, true, merge), setStep("n1", `"set"`), setStep("n3", `3`),
		}},
		{name: "failed merge rolls back appended members", start: bigObject(40), steps: []indexStep{
			setStep("k0", `0`), editStep(`{"n1":1,"k4":[1]}`, false, merge), setStep("n1", `"appended once"`),
		}},
		{name: "merge at a pointer creates a member", steps: []indexStep{
			setStep("k0", `0`), editStep(`5`, true, func(d *graft.Doc, obj, v graft.Ref) error { return d.MergeAt(obj, "/n/m", v) }),
			setStep("n", `"replaced"`), setStep("k7", `7`),
		}},
		{name: "merge patch removes and appends", start: bigObject(40), steps: []indexStep{
			setStep("k0", `0`), editStep(`{"k4":null,"n2":2,"k6":{"a":1}}`, true, func(d *graft.Doc, obj, v graft.Ref) error { return d.MergePatch(obj, v) }),
			setStep("k4", `"back"`), setStep("n2", `"set"`),
		}},
		{name: "patch removes, adds and moves", start: bigObject(40), steps: []indexStep{
			setStep("k0", `0`),
			editStep(`[{"op":"remove","path":"/k5"},{"op":"add","path":"/n3","value":3},{"op":"move","from":"/k7","path":"/k8"}]`, true,
				func(d *graft.Doc, obj, v graft.Ref) error { return d.Patch(obj, v) }),
			setStep("k5", `5`), setStep("k7", `7`), setStep("k8", `8`), setStep("n3", `"set"`),
		}},
		{name: "failed patch rolls back", steps: []indexStep{
			setStep("k0", `0`),
			editStep(`[{"op":"add","path":"/n1","value":1},{"op":"test","path":"/k3","value":"no"}]`, false,
				func(d *graft.Doc, obj, v graft.Ref) error { return d.Patch(obj, v) }),
			setStep("n1", `"appended once"`),
		}},
		{name: "a merge consumes the source object", start: bigObject(40), steps: []indexStep{
			setStep("k0", `0`),
			func(tb testing.TB, d *graft.Doc, obj, other graft.Ref) {
				if err := d.Merge(other, obj); err != nil {
					tb.Fatal(err)
				}
			},
			setStep("k3", `"alone"`),
		}},
		{name: "sets alternate between two objects", steps: []indexStep{
			setStep("k0", `0`), setOtherStep("o1", `1`), setStep("k1", `"one"`), setOtherStep("o1", `2`),
			setStep("new", `1`), setOtherStep("k1", `3`), setStep("new", `2`),
		}},
		{name: "names that are not UTF-8", steps: []indexStep{
			setStep("bad\xff", `1`), setStep("bad\xff", `2`), setStep("bad\ufffd", `3`),
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var want string
			for _, mode := range []string{"none", "all", ""} {
				restore := graft.IndexObjects(mode)
				got := runIndexSteps(t, c.start, c.steps)
				restore()
				if mode == "none" {
					want = got
				} else if got != want {
					t.Errorf("indexing %q:\n got %s\nwant %s", mode, got, want)
				}
			}
		})
	}
}

func runIndexSteps(tb testing.TB, start string, steps []indexStep) string {
	var d graft.Doc
	obj, other := d.NewObject(), d.NewObject()
	if start != "" {
		obj = mustAppend(tb, &d, start)
	} else {
		for i := 0; i < 40; i++ {
			if err := d.Set(obj, "k"+strconv.Itoa(i), d.NewInt(int64(i))); err != nil {
				tb.Fatal(err)
			}
		}
	}
	for i := 0; i < 40; i++ {
		if err := d.Set(other, "o"+strconv.Itoa(i), d.NewInt(int64(i))); err != nil {
			tb.Fatal(err)
		}
	}
	for _, s := range steps {
		s(tb, &d, obj, other)
	}
	return compact(&d, obj) + " " + compact(&d, other)
}

// TestSetIndexAfterReset checks that a Doc reused after Reset does not
// take the index of an object of its former content for a new one.
func TestSetIndexAfterReset(t *testing.T) {
	var d graft.Doc
	build := func(prefix string) graft.Ref {
		obj := d.NewObject()
		for i := 0; i < 40; i++ {
			if err := d.Set(obj, prefix+strconv.Itoa(i), d.NewInt(int64(i))); err != nil {
				t.Fatal(err)
			}
		}
		return obj
	}
	first := build("a")
	d.Reset()
	if second := build("b"); second != first {
		t.Fatalf("the second object is Ref %d, the first %d: the test needs them equal", second, first)
	}
	if err := d.Set(first, "a3", d.NewInt(-1)); err != nil {
		t.Fatal(err)
	}
	if got := d.Len(first); got != 41 {
		t.Errorf("Set of a name of the former object: %d members, want 41 (one appended)", got)
	}
}

// TestSetIndexAllocs checks that a warm Doc builds an object of 2,000
// members with Set (indexed from the 32nd on) without allocating, and that
// every member is found afterwards.
func TestSetIndexAllocs(t *testing.T) {
	names := make([]string, 2000)
	for i := range names {
		names[i] = "field" + strconv.Itoa(i)
	}
	var d graft.Doc
	var obj graft.Ref
	build := func() {
		d.Reset()
		obj = d.NewObject()
		for _, n := range names {
			if err := d.Set(obj, n, d.NewInt(1)); err != nil {
				t.Fatal(err)
			}
		}
	}
	build()
	if got := testing.AllocsPerRun(10, build); got != 0 {
		t.Errorf("building %d members: %v allocs, want 0", len(names), got)
	}
	if got := d.Len(obj); got != len(names) {
		t.Fatalf("%d members, want %d", got, len(names))
	}
	for i, n := range names {
		if got := compact(&d, d.Member(obj, n)); got != "1" {
			t.Fatalf("member %d %q is %s", i, n, got)
		}
	}
}

// TestSetIndexRandom runs random edits of a large object and of values
// merged into it — Set, Delete, Merge, MergePatch, Patch, a Merge that
// fails and rolls back — on two Docs, one indexing no object, and requires
// the same document and the same Member answers after every step.
func TestSetIndexRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	names := []string{"k1", "k2", "k3", "k40", "n", `a"b`, "é", "\xff", "\ufffd"}
	jsonName := func(s string) string { return strconv.Quote(strings.ToValidUTF8(s, "\ufffd")) }
	for run := 0; run < 200; run++ {
		type step struct {
			op        int
			name, val string
		}
		var steps []step
		for i := 0; i < 40; i++ {
			name := names[rng.IntN(len(names))]
			val := []string{`1`, `"x"`, `{"z":1}`, `null`, `[2]`}[rng.IntN(5)]
			steps = append(steps, step{rng.IntN(7), name, val})
		}
		var outs [2][]string
		for mode, which := range []string{"none", ""} {
			restore := graft.IndexObjects(which)
			d := graft.New(graft.Options{Conflict: graft.ConflictError})
			obj := mustAppend(t, d, bigObject(40))
			for _, s := range steps {
				switch s.op {
				case 0, 1:
					_ = d.Set(obj, s.name, mustAppend(t, d, s.val))
				case 2:
					d.Delete(obj, s.name)
				case 3:
					_ = d.Merge(obj, mustAppend(t, d, `{`+jsonName(s.name)+`:`+s.val+`,"m`+strconv.Itoa(len(outs[mode]))+`":0}`))
				case 4:
					_ = d.MergePatch(obj, mustAppend(t, d, `{`+jsonName(s.name)+`:`+s.val+`}`))
				case 5:
					path := "/" + strings.ReplaceAll(strings.ToValidUTF8(s.name, "\ufffd"), "~", "~0")
					_ = d.Patch(obj, mustAppend(t, d, `[{"op":"add","path":`+strconv.Quote(path)+`,"value":`+s.val+`}]`))
				case 6: // conflicts after appending a member: rolled back
					_ = d.Merge(obj, mustAppend(t, d, `{"fresh":1,"k3":{"x":1},"k3":[1]}`))
				}
				got := compact(d, obj)
				for _, n := range names {
					got += " " + compact(d, d.Member(obj, n))
				}
				outs[mode] = append(outs[mode], got)
			}
			restore()
		}
		for i := range outs[0] {
			if outs[0][i] != outs[1][i] {
				t.Fatalf("run %d step %d %+v:\nwalking  %s\nindexed  %s", run, i, steps[i], clip(outs[0][i]), clip(outs[1][i]))
			}
		}
	}
}

// TestIndexOfObjectMergedAway indexes an object of a merge's source (a Set
// on it, every object indexed), merges it away, appends to the container
// that took its members by a merge (which leaves the index where it is),
// and requires Member and Set through the kept Ref to see the chain the
// walk sees: the member appended since, found, and set once, not twice.
func TestIndexOfObjectMergedAway(t *testing.T) {
	defer graft.IndexObjects("all")()
	cases := []struct {
		name     string
		dst, src string
		merge    func(d *graft.Doc, dst, src graft.Ref) error
	}{
		{name: "inner object appended in one link", dst: `{"s":{"a":1}}`, src: `{"s":{"b":2}}`,
			merge: func(d *graft.Doc, dst, src graft.Ref) error { return d.Merge(dst, src) }},
		{name: "inner object merged member by member", dst: `{"s":{"a":1,"b":0}}`, src: `{"s":{"b":2,"c":3}}`,
			merge: func(d *graft.Doc, dst, src graft.Ref) error { return d.Merge(dst, src) }},
		{name: "inner object replacing a null", dst: `{"s":null}`, src: `{"s":{"b":2}}`,
			merge: func(d *graft.Doc, dst, src graft.Ref) error { return d.Merge(dst, src) }},
		{name: "inner object replacing a scalar (ConflictReplace)", dst: `{"s":7}`, src: `{"s":{"b":2}}`,
			merge: func(d *graft.Doc, dst, src graft.Ref) error {
				return d.Merge(dst, src)
			}},
		{name: "inner object of a merge patch", dst: `{"s":{"a":1}}`, src: `{"s":{"b":2}}`,
			merge: func(d *graft.Doc, dst, src graft.Ref) error { return d.MergePatch(dst, src) }},
		{name: "entity of a batch splice", dst: `{"s":{"a":1}}`, src: `{"s":{"b":2}}`,
			merge: func(d *graft.Doc, dst, src graft.Ref) error {
				batch := d.NewArray()
				if err := d.AppendItem(batch, d.Member(src, "s")); err != nil {
					return err
				}
				return d.MergeEach([]graft.Ref{d.Member(dst, "s")}, batch)
			}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := graft.New(graft.Options{Conflict: graft.ConflictReplace})
			dst, src := mustAppend(t, d, c.dst), mustAppend(t, d, c.src)
			s := d.Member(src, "s")
			if err := d.Set(s, "i", d.NewInt(0)); err != nil { // indexes s
				t.Fatal(err)
			}
			if err := c.merge(d, dst, src); err != nil {
				t.Fatal(err)
			}
			if err := d.Merge(d.Member(dst, "s"), mustAppend(t, d, `{"n":1}`)); err != nil {
				t.Fatal(err)
			}
			for k, v := range d.Members(s) {
				name, _ := d.Text(k)
				if got := d.Member(s, name); got != lastNamed(d, s, name) {
					t.Fatalf("Member(s, %q) = %q; the walk finds %q (v %q)", name, d.Raw(got), d.Raw(lastNamed(d, s, name)), d.Raw(v))
				}
			}
			before := string(slowPrint(nil, d, s))
			if err := d.Set(s, "n", d.NewInt(2)); err != nil {
				t.Fatal(err)
			}
			n := 0
			for k := range d.Members(s) {
				if name, _ := d.Text(k); name == "n" {
					n++
				}
			}
			if after := string(slowPrint(nil, d, s)); n > 1 || string(d.Raw(lastNamed(d, s, "n"))) != "2" {
				t.Fatalf("Set(s, n, 2) on %s made %s", before, after)
			}
			checkSpans(t, d, dst)
		})
	}
}

// lastNamed returns the value of the last member of obj named name, by a
// walk of Members.
func lastNamed(d *graft.Doc, obj graft.Ref, name string) graft.Ref {
	var found graft.Ref
	for k, v := range d.Members(obj) {
		if n, _ := d.Text(k); n == name {
			found = v
		}
	}
	return found
}
