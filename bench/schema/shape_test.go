package schema

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/schema"
)

// shapeRow compiles the plan and parses one instance for AppendShape.
func shapeRow(tb testing.TB, file string) (*schema.Plan, *graft.Doc, graft.Ref) {
	p, err := schema.Compile(readFile(tb, schemaFile), schema.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	d := graft.New(graft.Options{})
	r, err := d.Parse(readFile(tb, file))
	if err != nil {
		tb.Fatal(err)
	}
	return p, d, r
}

// TestShapeOutput: every member of the valid instances is declared, so the
// shaped output is the input, compacted (fast-json-stringify's row is
// checked the same way in node/bench.js).
func TestShapeOutput(t *testing.T) {
	for _, in := range instances[:2] {
		p, d, r := shapeRow(t, in.file)
		out, err := p.AppendShape(nil, d, r)
		if err != nil {
			t.Fatal(err)
		}
		var want bytes.Buffer
		if err := json.Compact(&want, readFile(t, in.file)); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out, want.Bytes()) {
			t.Errorf("%s: shaped output differs from the input", in.name)
		}
	}
}

// BenchmarkShape: print an already parsed instance through the schema.
func BenchmarkShape(b *testing.B) {
	for _, in := range instances[:2] {
		b.Run(in.name+"/graft", func(b *testing.B) {
			p, d, r := shapeRow(b, in.file)
			var out []byte
			b.SetBytes(int64(len(readFile(b, in.file))))
			loop(b, func() bool {
				var err error
				out, err = p.AppendShape(out[:0], d, r)
				return err == nil && len(out) > 0
			})
		})
	}
}
