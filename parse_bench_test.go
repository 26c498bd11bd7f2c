package graft_test

import (
	"bytes"
	"testing"

	"github.com/graftjson/graft"
)

// tinyDocs are small inputs of the kind GraphQL subgraphs and REST
// backends answer with, below the size the vectorized parse starts at:
// every machine parses them with the scalar parser.
var tinyDocs = []struct{ name, src string }{
	{"number", `1234567`},
	{"user", `{"data":{"user":{"id":"1"}}}`},
	{"array", `[1, 2, 3, true, null, "x"]`},
	{"member list", `{"id":42,"name":"Ada Lovelace","email":"ada@example.com","admin":false}`},
}

// BenchmarkParseScalar times the portable parser alone, on the corpus
// files the bench module compares peers on and on tiny inputs, into a
// warm Doc. Each sub-benchmark checks its result against encoding/json's
// compact form of the input.
func BenchmarkParseScalar(b *testing.B) {
	restore := graft.UseParser("scalar")
	defer restore()
	type input struct {
		name string
		src  []byte
	}
	var inputs []input
	for _, t := range tinyDocs {
		inputs = append(inputs, input{"tiny/" + t.name, []byte(t.src)})
	}
	for _, f := range []string{"twitter.json", "citm_catalog.json", "canada.json"} {
		inputs = append(inputs, input{f[:len(f)-len(".json")], nil})
	}
	for _, in := range inputs {
		b.Run(in.name, func(b *testing.B) {
			src := in.src
			if src == nil {
				src = readCorpus(b, in.name+".json")
			}
			want := stdCompact(b, string(src))
			var d graft.Doc
			root, err := d.Parse(src) // warm: later parses reuse its memory
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if root, err = d.Parse(src); err != nil {
					b.Fatal(err)
				}
			}
			if got := d.AppendJSON(nil, root); !bytes.Equal(got, []byte(want)) {
				b.Fatalf("the parsed Doc prints %q, want %q", clip(string(got)), clip(want))
			}
		})
	}
}
