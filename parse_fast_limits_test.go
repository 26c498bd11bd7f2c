package graft_test

import (
	"math"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/graftjson/graft"
)

// Inputs beyond the reach of FuzzParsersAgree, whose inputs are small:
// strings longer than the kernel's chunk of 4 KiB and than 64 KiB, more
// nodes than the stage-two walk builds per call (it stops every 65536 to
// let the scheduler in), nesting up to and past MaxDepth (the walk grows
// its stack as it goes), the node limit exactly met and just exceeded, and
// each relaxing Option alone.

// repeatTo returns unit repeated to n bytes (the last copy cut short).
func repeatTo(unit string, n int) string {
	return strings.Repeat(unit, n/len(unit)+1)[:n]
}

func TestParseLongStrings(t *testing.T) {
	// A run of backslashes or a multi-byte sequence at each edge of the
	// kernel's chunks (4096 bytes) and of 64 KiB.
	withAt := func(unit string, edges ...int) string {
		b := []byte(`"` + repeatTo("a", 70000))
		for _, e := range edges {
			for off := -3; off <= 0; off++ {
				copy(b[e+off*len(unit)-1:], unit)
			}
		}
		return string(b) + `"`
	}
	cases := []struct {
		name string
		src  string
	}{
		{"70000 letters", `"` + repeatTo("a", 70000) + `"`},
		{"70000 letters as a member name", `{"` + repeatTo("a", 70000) + `":1}`},
		{"70000 escapes", `"` + repeatTo(`\n`, 70000) + `"`},
		{"70000 bytes of backslash pairs", `"` + repeatTo(`\\`, 70000) + `"`},
		{"70000 bytes of euro signs", `"` + repeatTo("€", 69999) + `"`},
		{"70000 bytes of surrogate pairs", `"` + repeatTo(`\ud83d\ude00`, 69996) + `"`},
		{"backslash pairs across chunk edges", withAt(`\\`, 4096, 8192, 65536)},
		{"escaped quotes across chunk edges", withAt(`\"`, 4096, 8192, 65536)},
		{"emoji across chunk edges", withAt("😀", 4096, 8192, 65536)},
		{"surrogate pairs across chunk edges", withAt(`\uD83D\uDE00`, 4096, 8192, 65536)},
		{"control byte past 64 KiB", `"` + repeatTo("a", 65537) + "\x01\""},
		{"invalid UTF-8 past 64 KiB", `"` + repeatTo("a", 65537) + "\xc3\""},
		{"lone surrogate past 64 KiB", `"` + repeatTo("a", 65537) + `\ud800"`},
		{"unterminated after 70000 bytes", `"` + repeatTo("a", 70000)},
		{"long strings in an array", "[" + strings.Repeat(`"`+repeatTo("b", 5000)+`",`, 20) + "1]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, opts := range parseBothOptions {
				parseBoth(t, opts, []byte(c.src))
			}
		})
	}
}

// TestParseManyNodes puts the points where the stage-two walk stops and
// resumes (every 65536 nodes) at every kind of place: after an array item,
// after a member's string value (the walk's shortcut), after a number
// member, after a closing bracket, inside deep nesting.
func TestParseManyNodes(t *testing.T) {
	const budget = 1 << 16
	items := func(n int, item string) string { return "[" + strings.Repeat(item+",", n-1) + item + "]" }
	members := func(n int, value string) string {
		var b strings.Builder
		b.WriteString("{")
		for i := 0; i < n; i++ {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(`"k` + strconv.Itoa(i) + `":` + value)
		}
		b.WriteString("}")
		return b.String()
	}
	type input struct{ name, src string }
	var cases []input
	for extra := -3; extra <= 3; extra++ {
		e := strconv.Itoa(extra)
		cases = append(cases,
			input{"numbers, " + e, items(budget+extra, "1")},
			input{"string members, " + e, members(budget/2+extra, `"v"`)},
			input{"number members, " + e, members(budget/2+extra, "7")},
			input{"one-item arrays, " + e, items(budget/2+extra, "[1]")},
			input{"empty objects, " + e, items(budget+extra, "{}")},
			input{"nested, " + e, items(budget/4+extra, `{"a":[{}]}`)},
		)
	}
	cases = append(cases,
		input{"300000 numbers", items(300000, "12")},
		input{"deep inside many", items(budget-20, "0")[:budget*2-40] + "," + nestArrays(200) + "]"},
		input{"syntax error after 200000 nodes", items(200000, "1")[:400000] + ",]"},
		input{"duplicate name after 80000 nodes", members(40000, "1")[:len(members(40000, "1"))-1] + `,"k0":2}`},
	)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			parseBoth(t, graft.Options{}, []byte(c.src))
			parseBoth(t, graft.Options{RejectDuplicateNames: true}, []byte(c.src))
		})
	}
}

// TestParseGrowsAnywhere: the vectorized walk of a large input stops to
// grow the arena (after 1024 nodes, then at steps up to sixteen times
// larger) and must never run out of room between two stops, where it
// opens containers without a check: at every depth up to the limit,
// below arrays and objects, and where its stack of open containers grows
// (past 64 and 128 levels) on the way.
func TestParseGrowsAnywhere(t *testing.T) {
	items := func(n int, item string) string { return "[" + strings.Repeat(item+",", n-1) + item + "]" }
	for _, depth := range []int{1, 2, 3, 7, 63, 64, 65, 129, 500, 997} {
		for _, shape := range []struct {
			name string
			item string
		}{
			{"arrays", nestArrays(depth)},
			{"objects", nestObjects(depth)},
			{"mixed", mixedNest(depth)},
		} {
			n := max(40000/(depth+1), 3)
			t.Run(strconv.Itoa(depth)+" deep "+shape.name, func(t *testing.T) {
				parseBoth(t, graft.Options{}, []byte(items(n, shape.item)))
				parseBoth(t, graft.Options{}, []byte(`{"a":`+items(n, `{"b":`+shape.item+`}`)+`}`))
			})
		}
	}
}

// nodesOf returns the number of nodes src parses to.
func nodesOf(t *testing.T, src string) int {
	t.Helper()
	var d graft.Doc
	root := mustAppend(t, &d, src)
	n := 0
	var walk func(r graft.Ref)
	walk = func(r graft.Ref) {
		n++
		for _, v := range d.Items(r) {
			walk(v)
		}
		for _, v := range d.Members(r) {
			n++ // the name
			walk(v)
		}
	}
	walk(root)
	return n
}

// TestParseNodeLimit sets MaxNodes to exactly what the prior input of
// parseBoth and src need, and to one less: the first must parse, the
// second fail with the same error on every path.
func TestParseNodeLimit(t *testing.T) {
	const prior = 5 // {"prior":["value",1]}
	for _, src := range []string{
		`[1,"a",true,null,{"b":[]}]`,
		`{"a":"b","c":"d"}`,
		"[" + strings.Repeat(`"s",`, 99) + `"s"]`,
		strings.Repeat("[", 30) + strings.Repeat("]", 30),
		`"just a string"`,
	} {
		need := prior + nodesOf(t, src)
		for _, max := range []int{need, need - 1} {
			t.Run(strconv.Itoa(max)+" nodes for "+clip(src), func(t *testing.T) {
				opts := graft.Options{MaxNodes: max}
				d := graft.New(opts)
				mustAppend(t, d, `{"prior":["value",1]}`)
				_, err := d.Append([]byte(src))
				if (err == nil) != (max == need) {
					t.Fatalf("MaxNodes %d, %d needed: %v", max, need, err)
				}
				parseBoth(t, opts, []byte(src))
			})
		}
	}
}

// TestParseDepthLimit parses nesting one short of MaxDepth, at it and one
// past it, for limits around the sizes the walk's stack starts at (65
// frames) and grows to, with arrays, objects and the two mixed. The limits
// start at 2: parseBoth parses an input of depth 2 first.
func TestParseDepthLimit(t *testing.T) {
	nest := func(depth int, open, close string) string {
		return strings.Repeat(open, depth) + "1" + strings.Repeat(close, depth)
	}
	for _, limit := range []int{2, 3, 63, 64, 65, 66, 100, 129, 130, 131, 1000} {
		for _, depth := range []int{limit - 1, limit, limit + 1} {
			for _, src := range []string{
				nest(depth, "[", "]"),
				nest(depth, `{"a":`, "}"),
				mixedNest(depth),
			} {
				t.Run(strconv.Itoa(depth)+" deep, limit "+strconv.Itoa(limit)+", "+src[:min(len(src), 12)], func(t *testing.T) {
					opts := graft.Options{MaxDepth: limit}
					_, err := graft.New(opts).Parse([]byte(src))
					if (err == nil) != (depth <= limit) {
						t.Fatalf("depth %d, MaxDepth %d: %v", depth, limit, err)
					}
					parseBoth(t, opts, []byte(src))
				})
			}
		}
	}
}

// mixedNest returns depth containers nested, alternately arrays and
// objects.
func mixedNest(depth int) string {
	var open, close strings.Builder
	for i := 0; i < depth; i++ {
		if i%2 == 0 {
			open.WriteString("[")
		} else {
			open.WriteString(`{"a":`)
		}
	}
	for i := depth - 1; i >= 0; i-- {
		if i%2 == 0 {
			close.WriteString("]")
		} else {
			close.WriteString("}")
		}
	}
	return open.String() + "null" + close.String()
}

// TestParseDepthReuse parses into one Doc, on every path, inputs of
// growing and shrinking depth: the vectorized walk keeps the stack it grew
// for the next input.
func TestParseDepthReuse(t *testing.T) {
	inputs := []string{nestArrays(10), nestArrays(1000), nestArrays(3), nestArrays(1001), mixedNest(999), nestArrays(70)}
	var docs []*graft.Doc
	for _, p := range graft.Parsers() {
		restore := graft.UseParser(p)
		d := graft.New(graft.Options{})
		var errs []string
		for _, in := range inputs {
			_, err := d.Append([]byte(in))
			errs = append(errs, strings.ReplaceAll(errString(err), "\n", " "))
		}
		restore()
		if want := "ok ok ok graft: line 1, column 1001: nesting depth exceeds the limit of 1000 ok ok"; strings.Join(errs, " ") != want {
			t.Fatalf("%s parser: %q, want %q", p, strings.Join(errs, " "), want)
		}
		docs = append(docs, d)
	}
	for i := 1; i < len(docs); i++ {
		if !graft.SameArena(docs[0], docs[i]) {
			t.Fatalf("%s parser built another arena than the scalar parser", graft.Parsers()[i])
		}
	}
}

func errString(err error) string {
	if err == nil {
		return "ok"
	}
	return err.Error()
}

// TestParseOptionsAlone runs the inputs each relaxing or restricting
// Option is about with that Option alone (parseBothOptions sets the two
// relaxing ones together).
func TestParseOptionsAlone(t *testing.T) {
	inputs := []string{
		"\"\xff\"", "\"a\xc3\"", "\"\xed\xa0\x80\"", `"\ud800"`, `"\udc00\ud800"`, `"\ud800\u0041"`,
		"[\"\xff\", \"\\ud800\"]", `{"a":1,"a":2}`, `{"a":1,"\u0061":2}`, `{"a":{"b":1,"b":2}}`,
		`[{"a":1},{"a":2}]`, `{"a":1,"b":{"a":2}}`, `{"ab":1,"a":2,"a\u0062":3}`, `{"\ud83d\ude00":1,"😀":2}`,
	}
	for _, opts := range []graft.Options{
		{AllowInvalidUTF8: true},
		{AllowLoneSurrogates: true},
		{RejectDuplicateNames: true},
	} {
		for _, in := range inputs {
			// Short and then past the size where Append takes the
			// vectorized path by default.
			parseBoth(t, opts, []byte(in))
			parseBoth(t, opts, []byte(strings.Repeat(" ", 200)+in))
		}
	}
}

// TestParseYieldsBetweenSlices parses an input of many nodes on one
// processor with another goroutine ready to run: the vectorized walk, which
// cannot be preempted while it runs, stops every 65536 nodes to let the
// scheduler in, so the other goroutine must run before Append returns.
func TestParseYieldsBetweenSlices(t *testing.T) {
	if len(graft.Parsers()) < 2 {
		t.Skip("no vectorized parse on this machine")
	}
	src := []byte("[" + strings.Repeat("1,", 300000) + "1]")
	defer graft.UseParser("fast")()
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	d := graft.New(graft.Options{})
	mustAppend(t, d, string(src)) // grow the arena first
	d.Reset()
	var ran atomic.Bool
	go func() { ran.Store(true) }()
	if _, err := d.Append(src); err != nil {
		t.Fatal(err)
	}
	if !ran.Load() {
		t.Fatal("the goroutine started before Append ran only after it returned")
	}
}

// TestParseHugeMaxDepth sets MaxDepth far beyond any input's depth, as a
// caller wanting no limit might: the vectorized parse must still take the
// input (it keeps the limit as the end of its stack, an address).
func TestParseHugeMaxDepth(t *testing.T) {
	for _, limit := range []int{math.MaxInt, math.MaxInt / 16, math.MaxInt/8 + 101, math.MaxInt / 1024} {
		for _, src := range []string{nestArrays(100), nestArrays(300), mixedNest(300), `{"a":[1,2,{"b":null}]}` + strings.Repeat(" ", 200)} {
			t.Run(strconv.Itoa(limit)+", "+src[:min(len(src), 12)], func(t *testing.T) {
				parseBoth(t, graft.Options{MaxDepth: limit}, []byte(src))
			})
		}
	}
}

// TestParseManyAppends appends a run of inputs, some of them not JSON, to
// one Doc on every path: each input lands after a longer arena than the
// last (the vectorized parse offsets what it builds by it), and each
// failure must leave the Doc as it was.
func TestParseManyAppends(t *testing.T) {
	inputs := []string{
		`{"a":[1,2,{"b":"c"}],"d":"\u00e9"}`, `[1,2`, strings.Repeat(`{"k":"v"},`, 50) + `1`,
		"[" + strings.Repeat(`"x",`, 300) + `"y"]`, `{"a" 1}`, strings.Repeat(" ", 300) + "true", `"\ud800"`,
		mixedNest(80), "[" + strings.Repeat("1.5e3,", 5000) + "0]",
	}
	var docs []*graft.Doc
	var verdicts []string
	for _, p := range graft.Parsers() {
		restore := graft.UseParser(p)
		d := graft.New(graft.Options{})
		var v strings.Builder
		for round := 0; round < 20; round++ {
			for _, in := range inputs {
				_, err := d.Append([]byte(in))
				v.WriteString(errString(err) + "\n")
			}
		}
		restore()
		docs, verdicts = append(docs, d), append(verdicts, v.String())
	}
	for i := 1; i < len(docs); i++ {
		if verdicts[i] != verdicts[0] {
			t.Fatalf("%s parser's errors differ from the scalar parser's", graft.Parsers()[i])
		}
		if !graft.SameArena(docs[0], docs[i]) {
			t.Fatalf("%s parser built another arena than the scalar parser", graft.Parsers()[i])
		}
	}
}
