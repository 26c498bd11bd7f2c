package graft_test

import (
	"testing"

	"github.com/graftjson/graft"
)

// parseBoth parses src with every parse path into fresh Docs with opts and
// fails unless they agree exactly: the same error, or the same text and
// nodes.
func parseBoth(t *testing.T, opts graft.Options, src []byte) {
	t.Helper()
	var first *graft.Doc
	var firstErr error
	for i, p := range graft.Parsers() {
		restore := graft.UseParser(p)
		d := graft.New(opts)
		mustAppend(t, d, `{"prior":["value",1]}`) // input after input
		_, err := d.Append(src)
		restore()
		if i == 0 {
			first, firstErr = d, err
			continue
		}
		switch {
		case (err == nil) != (firstErr == nil):
			t.Fatalf("%s parser: %v; scalar parser: %v", p, err, firstErr)
		case err != nil && err.Error() != firstErr.Error():
			t.Fatalf("%s parser: %v; scalar parser: %v", p, err, firstErr)
		case err == nil && !graft.SameArena(d, first):
			t.Fatalf("%s parser built another arena than the scalar parser for %q", p, clip(string(src)))
		}
	}
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
