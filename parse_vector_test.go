package graft_test

import (
	"errors"
	"testing"

	"github.com/graftjson/graft"
)

// parseBoth parses src with every parse path into fresh Docs with opts and
// fails unless they agree exactly: the same error (offset, line, column,
// reason), or the same text, nodes and container entries. Where the machine
// has the stage-one kernel it also runs the vectorized parse alone, which
// must take exactly the inputs the scalar parser accepts (it may not hand
// a valid input back to the scalar parser) and build the same arena, also
// when it grows the arena every few nodes.
func parseBoth(t *testing.T, opts graft.Options, src []byte) {
	t.Helper()
	const prior = `{"prior":["value",1]}` // input after input
	var first *graft.Doc
	var firstErr error
	for i, p := range graft.Parsers() {
		restore := graft.UseParser(p)
		d := graft.New(opts)
		mustAppend(t, d, prior)
		_, err := d.Append(src)
		restore()
		if i == 0 {
			first, firstErr = d, err
			continue
		}
		switch {
		case (err == nil) != (firstErr == nil):
			t.Fatalf("%s parser: %v; scalar parser: %v", p, err, firstErr)
		case err != nil && !sameError(err, firstErr):
			t.Fatalf("%s parser: %#v; scalar parser: %#v", p, err, firstErr)
		case err == nil && !graft.SameArena(d, first):
			t.Fatalf("%s parser built another arena than the scalar parser for %q", p, clip(string(src)))
		}
	}
	if len(graft.Parsers()) < 2 {
		return
	}
	for _, often := range []bool{false, true} {
		d := graft.New(opts)
		restore := graft.UseParser("scalar")
		mustAppend(t, d, prior)
		restore()
		if often {
			restore = graft.GrowOften()
		}
		_, ok := graft.AppendFast(d, src)
		restore()
		switch {
		case ok != (firstErr == nil):
			t.Fatalf("vectorized parse alone (growing often: %v) took the input: %v; scalar parser: %v; input %q", often, ok, firstErr, clip(string(src)))
		case ok && !graft.SameArena(d, first):
			t.Fatalf("vectorized parse alone (growing often: %v) built another arena than the scalar parser for %q", often, clip(string(src)))
		}
	}
}

// sameError reports whether a and b are *graft.Error values with the same
// fields.
func sameError(a, b error) bool {
	var ea, eb *graft.Error
	return errors.As(a, &ea) && errors.As(b, &eb) && *ea == *eb
}

var parseBothOptions = []graft.Options{
	{},
	{AllowInvalidUTF8: true, AllowLoneSurrogates: true},
	{RejectDuplicateNames: true, MaxDepth: 5, MaxNodes: 40},
}

func TestParsersAgree(t *testing.T) {
	inputs := []string{
		"", " ", "[1 2]", "[1\n2]", `{"a" 1}`, `["a" "b"]`, "[tru e]", "[1,\x0c2]", `"\`, `\"`,
		`{"a":{"b":[1,2,{"c":"\u00e9\ud83d\ude00"}]},"d":"\\\"x"}`, `"\ud800"`, `"\x"`, "\"\x7f\"",
		`[1,2,]`, `{"a":1,}`, `[01]`, `[-]`, `[1.]`, `[1e]`, `[nul]`, `[truex]`, `{"a":1,"a":2}`,
		nestArrays(6), nestArrays(1001), "\xef\xbb\xbf[]", "[\"\xff\"]",
	}
	for _, c := range grammarCases {
		inputs = append(inputs, c.in)
	}
	for _, in := range inputs {
		for _, opts := range parseBothOptions {
			parseBoth(t, opts, []byte(in))
			parseBoth(t, opts, []byte("  \n"+in+"\t "))
		}
	}
}

func FuzzParsersAgree(f *testing.F) {
	for _, c := range grammarCases {
		f.Add([]byte(c.in))
	}
	for _, s := range extraParseSeeds {
		f.Add([]byte(s))
	}
	addCorpusSeeds(f, func(b []byte) { f.Add(b) })
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, opts := range parseBothOptions {
			parseBoth(t, opts, src)
		}
	})
}
