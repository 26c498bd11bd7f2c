package graft_test

import (
	"strings"
	"testing"

	"github.com/graftjson/graft"
)

// tinyBoth appends src after a prior input with the tiny parse on and off,
// into fresh Docs and into Docs reused through Parse (whose arenas have
// room from before), and fails unless the results agree exactly: the same
// error, or the same text, nodes and container entries. It reports whether
// the tiny parse took src into a fresh Doc.
func tinyBoth(t *testing.T, opts graft.Options, src []byte) (took bool) {
	t.Helper()
	const prior = `{"prior":["value",1]}`
	var docs [2]*graft.Doc
	var errs [2]error
	for i, on := range []bool{false, true} {
		restore := graft.UseTinyParse(on)
		d := graft.New(opts)
		mustAppend(t, d, prior)
		_, errs[i] = d.Append(src)
		restore()
		docs[i] = d
	}
	switch {
	case (errs[0] == nil) != (errs[1] == nil) || errs[0] != nil && !sameError(errs[0], errs[1]):
		t.Fatalf("input %q: with the tiny parse %v, without %v", clip(string(src)), errs[1], errs[0])
	case errs[0] == nil && !graft.SameArena(docs[0], docs[1]):
		t.Fatalf("input %q: the tiny parse built another arena", clip(string(src)))
	}
	// Reused: the second Parse of each Doc appends into the room the
	// first left (and a Doc that has taken the input once takes it again).
	for i := range docs {
		restore := graft.UseTinyParse(i == 1)
		for range 2 {
			if _, err := docs[i].Parse([]byte(prior)); err != nil {
				t.Fatal(err)
			}
			_, errs[i] = docs[i].Append(src)
		}
		restore()
	}
	if (errs[0] == nil) != (errs[1] == nil) || errs[0] == nil && !graft.SameArena(docs[0], docs[1]) {
		t.Fatalf("input %q, reused Docs: with the tiny parse %v, without %v, or another arena", clip(string(src)), errs[1], errs[0])
	}
	d := graft.New(opts)
	mustAppend(t, d, prior)
	size := d.Size()
	_, took = graft.AppendTiny(d, src)
	if !took && d.Size() != size {
		t.Fatalf("input %q: the tiny parse changed the Doc without taking the input", clip(string(src)))
	}
	return took
}

var tinyCases = []struct {
	in   string
	took bool // by the tiny parse, under the default Options
}{
	{`{}`, true},
	{`{"a":1}`, true},
	{`{"":""}`, true},
	{`{"bool":true,"f":false,"n":null}`, true},
	{`{"a":-12,"b":0,"c":-0,"d":1234567890123456789012345}`, true},
	{`{"id":"u-1","__typename":"User","name":"Ann ~ \u00e9"}`[:43] + `"}`, true},
	{`{"a":1,"a":2}`, true},
	{`{"s":"` + strings.Repeat("x", 56) + `"}`, true},  // 64 bytes
	{`{"s":"` + strings.Repeat("x", 57) + `"}`, false}, // 65 bytes
	{"{\"a\":\"\x7f\"}", true},
	{`[]`, true},
	{`[1]`, true},
	{`{"a":{}}`, true},
	{`{"a":[]}`, true},
	{`[[],{},[[]],{"a":{}}]`, true},
	{`[1,"a",true,false,null,-7,[2,3],{"b":4}]`, true},
	{`{"a":[{"b":[1,{"c":null}]}],"d":true,"e":{"f":"g"}}`, true},
	{`{"data":{"_entities":[{"stock":8},{"stock":2},{"stock":5}]}}`, true},
	{`{"data":{"_entities":[{"name":"user-1"},{"name":"user-2"}]}}`, true},
	{strings.Repeat("[", 32) + strings.Repeat("]", 32), true}, // 64 bytes
	{strings.Repeat("[", 31) + "1" + strings.Repeat("]", 31), true},

	{strings.Repeat("[", 63) + "]", false},
	{strings.Repeat("[", 33) + strings.Repeat("]", 31), false},
	{`[1]]`, false},
	{`[[1]`, false},
	{`[1}`, false},
	{`{"a":1]`, false},
	{`{"a":[1}}`, false},
	{`{"a":{"b":1]}`, false},
	{`[1,]`, false},
	{`[,1]`, false},
	{`[1 ]`, false},
	{`[1,2][3]`, false},
	{`{"a":{"b":1},}`, false},
	{`{"a":{"b":1}"c":2}`, false},
	{`[{"a":1}{"b":2}]`, false},
	{`[{]}`, false},
	{`[{"a"}]`, false},
	{`{"a":[1.5]}`, false},
	{`{"a":["\n"]}`, false},
	{`[` + strings.Repeat("1,", 30) + `12]`, true}, // 64 bytes, 32 nodes
	{`[` + strings.Repeat("1,", 31) + `1]`, false}, // 65 bytes

	{`{"a":1,}`, false},
	{`{,"a":1}`, false},
	{`{"a":01}`, false},
	{`{"a":-}`, false},
	{`{"a":-a}`, false},
	{`{"a":1.5}`, false},
	{`{"a":1e3}`, false},
	{`{"a":1E3}`, false},
	{`{"a":0.5}`, false},
	{`{"a":"\u0041"}`, false},
	{`{"a\"":1}`, false},
	{`{"a":"é"}`, false},
	{"{\"a\":\"\x01\"}", false},
	{"{\"a\":\"\xff\"}", false},
	{`{"a":tru}`, false},
	{`{"a":truex}`, false},
	{`{"a":nul}`, false},
	{`{"a":fals}`, false},
	{`{ "a":1}`, false},
	{`{"a":1} `, false},
	{`{"a" :1}`, false},
	{`{"a"1}`, false},
	{`{"a":1"b":2}`, false},
	{`{"a":1}}`, false},
	{`{"a}`, false},
	{`{"a":"}`, false},
	{`{"a":}`, false},
	{`{"a"}`, false},
	{`{1:1}`, false},
	{`{`, false},
	{`}`, false},
	{`1`, false},
	{`"a"`, false},
	{``, false},
}

func TestTinyParseSameArena(t *testing.T) {
	for _, c := range tinyCases {
		for _, opts := range parseBothOptions {
			took := tinyBoth(t, opts, []byte(c.in))
			if opts == (graft.Options{}) && took != c.took {
				t.Errorf("input %q: the tiny parse took it: %v, want %v", c.in, took, c.took)
			}
		}
	}
}

// TestTinyParseLimits: near the limits of Options the tiny parse leaves
// the input to the scalar parser, whose errors they are.
func TestTinyParseLimits(t *testing.T) {
	for _, c := range []struct {
		name string
		opts graft.Options
		in   string
		took bool
	}{
		{name: "duplicate names rejected", opts: graft.Options{RejectDuplicateNames: true}, in: `{"a":1,"a":2}`},
		{name: "distinct names under RejectDuplicateNames", opts: graft.Options{RejectDuplicateNames: true}, in: `{"a":1,"b":2}`},
		{name: "nodes near the limit", opts: graft.Options{MaxNodes: 15}, in: `{"a":1,"b":2}`}, // 6 nodes before, 13 bytes
		{name: "nodes far from the limit", opts: graft.Options{MaxNodes: 100}, in: `{"a":1,"b":2}`, took: true},
		{name: "under a small size limit", opts: graft.Options{MaxBytes: 30}, in: `{"a":1,"b":2}`, took: true},
		{name: "nesting past a small depth limit", opts: graft.Options{MaxDepth: 3}, in: `[[[[]]]]`},
		{name: "within a small depth limit", opts: graft.Options{MaxDepth: 3}, in: `[[[]]]`},
		{name: "within a depth limit of 32", opts: graft.Options{MaxDepth: 32}, in: strings.Repeat("[", 32) + strings.Repeat("]", 32), took: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			if took := tinyBoth(t, c.opts, []byte(c.in)); took != c.took {
				t.Fatalf("the tiny parse took the input: %v, want %v", took, c.took)
			}
		})
	}
	d := graft.New(graft.Options{MaxNodes: 5})
	_, err := d.Append([]byte(`{"a":1,"b":2,"c":3}`))
	if err == nil || !strings.Contains(err.Error(), "node count") {
		t.Fatalf("7 nodes under MaxNodes 5: err = %v, want the node limit", err)
	}
}

func FuzzTinyParse(f *testing.F) {
	for _, c := range tinyCases {
		f.Add([]byte(c.in))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, opts := range parseBothOptions {
			tinyBoth(t, opts, src)
		}
	})
}
