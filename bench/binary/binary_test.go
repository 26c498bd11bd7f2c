package binary

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	fxcbor "github.com/fxamacker/cbor/v2"
	"github.com/graftjson/graft"
	"github.com/graftjson/graft/cbor"
	"github.com/graftjson/graft/msgpack"
	"github.com/tinylib/msgp/msgp"
	"github.com/ugorji/go/codec"
	vmsgpack "github.com/vmihailenco/msgpack/v5"
)

var files = []string{"twitter", "citm_catalog", "canada"}

func corpus(tb testing.TB, name string) []byte {
	dir := os.Getenv("GRAFT_CORPUS")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "shared", "corpus")
	}
	b, err := os.ReadFile(filepath.Join(dir, name+".json"))
	if err != nil {
		tb.Skipf("no corpus (set GRAFT_CORPUS): %v", err)
	}
	return b
}

// reference is the value encoding/json reads from src.
func reference(tb testing.TB, src []byte) any {
	var v any
	if err := json.Unmarshal(src, &v); err != nil {
		tb.Fatal(err)
	}
	return v
}

// checkJSON fails unless the JSON text out holds want (as encoding/json
// reads both: numbers as float64).
func checkJSON(tb testing.TB, row string, out []byte, want any) {
	tb.Helper()
	var got any
	if err := json.Unmarshal(out, &got); err != nil {
		tb.Fatalf("%s: output is not JSON: %v", row, err)
	}
	if !reflect.DeepEqual(got, want) {
		tb.Fatalf("%s: output differs from the document", row)
	}
}

var fxDec = func() fxcbor.DecMode {
	m, err := fxcbor.DecOptions{DefaultMapType: reflect.TypeOf(map[string]any(nil))}.DecMode()
	if err != nil {
		panic(err)
	}
	return m
}()

// A row is one way to do a scenario's work: it appends its output to dst.
type row struct {
	name string
	run  func(dst []byte) ([]byte, error)
}

// A scenario builds the rows for one corpus file: the size of their
// input, the rows, and the check of a row's output.
type scenario func(tb testing.TB, src []byte) (size int, rows []row, check func(tb testing.TB, row string, out []byte))

// runScenario benchmarks every row of s on each corpus file, each row's
// output checked first.
func runScenario(b *testing.B, s scenario) {
	for _, f := range files {
		size, rows, check := s(b, corpus(b, f))
		bench(b, f, size, rows, check)
	}
}

// bench runs every row on one input, each checked first by check.
func bench(b *testing.B, name string, size int, rows []row, check func(tb testing.TB, row string, out []byte)) {
	for _, r := range rows {
		b.Run(name+"/"+r.name, func(b *testing.B) {
			out, err := r.run(nil)
			if err != nil {
				b.Fatal(err)
			}
			check(b, r.name, out)
			b.SetBytes(int64(size))
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				if out, err = r.run(out[:0]); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func jsonToCBORRows(src []byte) []row {
	var d graft.Doc
	var uv any
	jh, ch := &codec.JsonHandle{}, &codec.CborHandle{}
	jh.MapType = reflect.TypeOf(map[string]any(nil))
	ud, ue := codec.NewDecoderBytes(nil, jh), codec.NewEncoderBytes(nil, ch)
	return []row{
		{"graft", func(dst []byte) ([]byte, error) {
			r, err := d.Parse(src)
			if err != nil {
				return dst, err
			}
			return cbor.AppendCBOR(dst, &d, r)
		}},
		{"stdjson-fxamacker", func(dst []byte) ([]byte, error) {
			var v any
			if err := json.Unmarshal(src, &v); err != nil {
				return dst, err
			}
			b, err := fxcbor.Marshal(v)
			return append(dst, b...), err
		}},
		{"ugorji", func(dst []byte) ([]byte, error) {
			uv = nil
			ud.ResetBytes(src)
			if err := ud.Decode(&uv); err != nil {
				return dst, err
			}
			ue.ResetBytes(&dst)
			err := ue.Encode(uv)
			return dst, err
		}},
	}
}

func scenarioJSONToCBOR(tb testing.TB, src []byte) (int, []row, func(testing.TB, string, []byte)) {
	want := reference(tb, src)
	return len(src), jsonToCBORRows(src), func(tb testing.TB, name string, out []byte) {
		js, err := cbor.New(cbor.Options{BytesAsBase64URL: true}).AppendJSON(nil, out)
		if err != nil {
			tb.Fatalf("%s: graft cannot read the CBOR: %v", name, err)
		}
		checkJSON(tb, name, js, want)
	}
}

func BenchmarkJSONToCBOR(b *testing.B) { runScenario(b, scenarioJSONToCBOR) }

// cborOf is the CBOR fxamacker writes for src.
func cborOf(tb testing.TB, src []byte) []byte {
	b, err := fxcbor.Marshal(reference(tb, src))
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

func scenarioCBORToJSON(tb testing.TB, src []byte) (int, []row, func(testing.TB, string, []byte)) {
	in := cborOf(tb, src)
	want := reference(tb, src)
	return len(in), []row{
		{"graft", func(dst []byte) ([]byte, error) { return cbor.AppendJSON(dst, in) }},
		{"fxamacker-stdjson", func(dst []byte) ([]byte, error) {
			var v any
			if err := fxDec.Unmarshal(in, &v); err != nil {
				return dst, err
			}
			b, err := json.Marshal(v)
			return append(dst, b...), err
		}},
	}, func(tb testing.TB, name string, out []byte) { checkJSON(tb, name, out, want) }
}

func BenchmarkCBORToJSON(b *testing.B) { runScenario(b, scenarioCBORToJSON) }

func scenarioCBORToTree(tb testing.TB, src []byte) (int, []row, func(testing.TB, string, []byte)) {
	in := cborOf(tb, src)
	want := reference(tb, src)
	var d graft.Doc
	var tree any
	return len(in), []row{
		{"graft", func(dst []byte) ([]byte, error) {
			d.Reset()
			r, err := cbor.Decode(&d, in)
			if err != nil {
				return dst, err
			}
			if len(dst) == 0 && cap(dst) == 0 { // the check's call: print the tree
				return d.AppendJSON(dst, r), nil
			}
			return dst, nil
		}},
		{"fxamacker", func(dst []byte) ([]byte, error) {
			tree = nil
			if err := fxDec.Unmarshal(in, &tree); err != nil {
				return dst, err
			}
			if len(dst) == 0 && cap(dst) == 0 {
				return json.Marshal(tree)
			}
			return dst, nil
		}},
	}, func(tb testing.TB, name string, out []byte) { checkJSON(tb, name, out, want) }
}

func BenchmarkCBORToTree(b *testing.B) { runScenario(b, scenarioCBORToTree) }

func scenarioJSONToMsgpack(tb testing.TB, src []byte) (int, []row, func(testing.TB, string, []byte)) {
	want := reference(tb, src)
	var d graft.Doc
	return len(src), []row{
			{"graft", func(dst []byte) ([]byte, error) {
				r, err := d.Parse(src)
				if err != nil {
					return dst, err
				}
				return msgpack.AppendMsgpack(dst, &d, r)
			}},
			{"stdjson-vmihailenco", func(dst []byte) ([]byte, error) {
				var v any
				if err := json.Unmarshal(src, &v); err != nil {
					return dst, err
				}
				b, err := vmsgpack.Marshal(v)
				return append(dst, b...), err
			}},
			{"stdjson-tinylib", func(dst []byte) ([]byte, error) {
				var v any
				if err := json.Unmarshal(src, &v); err != nil {
					return dst, err
				}
				return msgp.AppendIntf(dst, v)
			}},
		}, func(tb testing.TB, name string, out []byte) {
			js, err := msgpack.AppendJSON(nil, out)
			if err != nil {
				tb.Fatalf("%s: graft cannot read the MessagePack: %v", name, err)
			}
			checkJSON(tb, name, js, want)
		}
}

func BenchmarkJSONToMsgpack(b *testing.B) { runScenario(b, scenarioJSONToMsgpack) }

// msgpackOf is the MessagePack vmihailenco writes for src.
func msgpackOf(tb testing.TB, src []byte) []byte {
	b, err := vmsgpack.Marshal(reference(tb, src))
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

func scenarioMsgpackToJSON(tb testing.TB, src []byte) (int, []row, func(testing.TB, string, []byte)) {
	in := msgpackOf(tb, src)
	want := reference(tb, src)
	var buf bytes.Buffer
	return len(in), []row{
		{"graft", func(dst []byte) ([]byte, error) { return msgpack.AppendJSON(dst, in) }},
		{"tinylib", func(dst []byte) ([]byte, error) {
			buf.Reset()
			if _, err := msgp.UnmarshalAsJSON(&buf, in); err != nil {
				return dst, err
			}
			return append(dst, buf.Bytes()...), nil
		}},
		{"vmihailenco-stdjson", func(dst []byte) ([]byte, error) {
			var v any
			if err := vmsgpack.Unmarshal(in, &v); err != nil {
				return dst, err
			}
			b, err := json.Marshal(v)
			return append(dst, b...), err
		}},
	}, func(tb testing.TB, name string, out []byte) { checkJSON(tb, name, out, want) }
}

func BenchmarkMsgpackToJSON(b *testing.B) { runScenario(b, scenarioMsgpackToJSON) }

func scenarioSnapshotLoad(tb testing.TB, src []byte) (int, []row, func(testing.TB, string, []byte)) {
	want := reference(tb, src)
	var d, p graft.Doc
	r, _ := p.Parse(src)
	snap, err := p.AppendSnapshot(nil, r)
	if err != nil {
		tb.Fatal(err)
	}
	return len(src), []row{
		{"graft-load", func(dst []byte) ([]byte, error) {
			r, err := d.LoadSnapshot(snap)
			if len(dst) == 0 && cap(dst) == 0 {
				return d.AppendJSON(dst, r), err
			}
			return dst, err
		}},
		{"parse", func(dst []byte) ([]byte, error) {
			r, err := d.Parse(src)
			if len(dst) == 0 && cap(dst) == 0 {
				return d.AppendJSON(dst, r), err
			}
			return dst, err
		}},
	}, func(tb testing.TB, name string, out []byte) { checkJSON(tb, name, out, want) }
}

func BenchmarkSnapshotLoad(b *testing.B) { runScenario(b, scenarioSnapshotLoad) }

// TestOutputs runs every row of every scenario once and checks its output,
// as the benchmarks do before timing.
func TestOutputs(t *testing.T) {
	for _, s := range []scenario{scenarioJSONToCBOR, scenarioCBORToJSON, scenarioCBORToTree, scenarioJSONToMsgpack, scenarioMsgpackToJSON, scenarioSnapshotLoad} {
		for _, f := range files {
			_, rows, check := s(t, corpus(t, f))
			for _, r := range rows {
				out, err := r.run(nil)
				if err != nil {
					t.Fatalf("%s/%s: %v", f, r.name, err)
				}
				check(t, f+"/"+r.name, out)
			}
		}
	}
}

// TestSizes prints the output sizes as a markdown table (run.sh puts it in
// RESULTS.md).
func TestSizes(t *testing.T) {
	t.Log("| file | JSON | compact JSON | graft CBOR | fxamacker CBOR | graft MessagePack | vmihailenco MessagePack | graft snapshot |")
	t.Log("|---|---:|---:|---:|---:|---:|---:|---:|")
	for _, f := range files {
		src := corpus(t, f)
		var d graft.Doc
		r, err := d.Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		c, _ := cbor.AppendCBOR(nil, &d, r)
		m, _ := msgpack.AppendMsgpack(nil, &d, r)
		s, _ := d.AppendSnapshot(nil, r)
		t.Logf("| %s | %d | %d | %d | %d | %d | %d | %d |", f, len(src), len(d.AppendJSON(nil, r)), len(c), len(cborOf(t, src)), len(m), len(msgpackOf(t, src)), len(s))
	}
}
