package graft_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/graftjson/graft"
)

// Benchmarks of the printers where they walk a document container by
// container: a document rebuilt by the building calls (every container
// new, the scalars those parsed), printed compact, indented and canonical.
// The bench module measures parsing, merges, patches and the print of
// parsed documents against peers.

var walkFiles = []string{"twitter.json", "citm_catalog.json"}

// rebuild returns a value of d equal to v whose containers are all new
// (built by NewObject, NewArray, Set and AppendItem) and whose scalars are
// v's own, attached.
func rebuild(tb testing.TB, d *graft.Doc, v graft.Ref) graft.Ref {
	switch d.Kind(v) {
	case graft.Object:
		o := d.NewObject()
		for name, m := range d.Members(v) {
			n, _ := d.Text(name)
			if err := d.Set(o, n, rebuild(tb, d, m)); err != nil {
				tb.Fatal(err)
			}
		}
		return o
	case graft.Array:
		a := d.NewArray()
		for _, item := range d.Items(v) {
			if err := d.AppendItem(a, rebuild(tb, d, item)); err != nil {
				tb.Fatal(err)
			}
		}
		return a
	}
	return v
}

// walkBench runs op on a rebuilt corpus file, once checked by check.
func walkBench(b *testing.B, op func(d *graft.Doc, r graft.Ref, dst []byte) []byte, check func(tb testing.TB, in, out []byte)) {
	for _, file := range walkFiles {
		b.Run(file, func(b *testing.B) {
			in := readCorpus(b, file)
			d := graft.New(graft.Options{})
			r := rebuild(b, d, mustAppend(b, d, string(in)))
			out := op(d, r, nil)
			check(b, in, out)
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				out = op(d, r, out[:0])
			}
		})
	}
}

func checkCompact(tb testing.TB, in, out []byte) {
	if want := stdCompact(tb, string(in)); string(out) != want {
		tb.Fatalf("printed %d bytes, want %d: %s", len(out), len(want), clip(string(out)))
	}
}

func BenchmarkAppendJSONRebuilt(b *testing.B) {
	walkBench(b, func(d *graft.Doc, r graft.Ref, dst []byte) []byte { return d.AppendJSON(dst, r) }, checkCompact)
}

func BenchmarkAppendIndentRebuilt(b *testing.B) {
	walkBench(b, func(d *graft.Doc, r graft.Ref, dst []byte) []byte { return d.AppendIndent(dst, r, "", "  ") },
		func(tb testing.TB, in, out []byte) {
			var want bytes.Buffer
			if err := json.Indent(&want, []byte(stdCompact(tb, string(in))), "", "  "); err != nil || string(out) != want.String() {
				tb.Fatalf("%v: indented %d bytes, want %d", err, len(out), want.Len())
			}
		})
}

func BenchmarkAppendCanonicalRebuilt(b *testing.B) {
	walkBench(b, func(d *graft.Doc, r graft.Ref, dst []byte) []byte {
		out, err := d.AppendCanonical(dst, r)
		if err != nil {
			b.Fatal(err)
		}
		return out
	}, func(tb testing.TB, in, out []byte) {
		// The canonical form of the input as parsed, and its own.
		var d graft.Doc
		parsed, err := d.AppendCanonical(nil, mustAppend(tb, &d, string(in)))
		again, err2 := d.AppendCanonical(nil, mustAppend(tb, &d, string(out)))
		if err != nil || err2 != nil || !bytes.Equal(parsed, out) || !bytes.Equal(again, out) {
			tb.Fatalf("%v, %v: canonical form %s", err, err2, clip(string(out)))
		}
	})
}
