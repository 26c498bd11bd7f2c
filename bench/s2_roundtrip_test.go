package bench

// S2 round trip: parse a corpus file and print it compact. The expected output
// is encoding/json.Compact of the input, byte for byte; rows named "~value"
// re-escape strings, reorder keys or reformat numbers and are checked as an
// equal JSON value instead (TestS2RoundTrip logs how many numbers changed).

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"testing"

	"github.com/buger/jsonparser"
	"github.com/bytedance/sonic/ast"
	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
	"github.com/tidwall/gjson"
	"github.com/valyala/fastjson"
	"github.com/wundergraph/astjson"
	"github.com/wundergraph/go-arena"
	origastjson "github.com/wundergraph/graphql-go-tools/v2/pkg/astjson"
)

// s2Rows is the S2 table; a graft row joins it from an init function.
var s2Rows = []fileRow{
	// encoding/json into any: map keys come out sorted, strings re-escaped
	// (HTML-safe), numbers through float64 (64-bit ids lose digits).
	{name: "stdjson~value", valueOnly: true, setup: setupS2Std},
	// go-json-experiment/json into any: map order is not kept, strings are
	// re-escaped minimally, numbers go through float64.
	{name: "jsonv2~value", valueOnly: true, setup: setupS2JSONv2},
	{name: "jsontext-tokens", setup: setupS2Jsontext},
	{name: "fastjson", setup: setupS2Fastjson},
	{name: "astjson-arena", setup: func(tb testing.TB, in []byte) op { return setupS2Astjson(tb, in, true) }},
	{name: "astjson-heap", setup: func(tb testing.TB, in []byte) op { return setupS2Astjson(tb, in, false) }},
	{name: "astjson-orig", setup: setupS2AstjsonOrig},
	{name: "sonic-ast", setup: setupS2Sonic},
	{name: "gjson-walk", setup: setupS2Gjson},
	{name: "jsonparser-walk", setup: setupS2Jsonparser},
}

func BenchmarkS2RoundTrip(b *testing.B) {
	for _, file := range corpusFiles {
		b.Run(file, func(b *testing.B) {
			in := loadCorpus(b, file)
			want := compactOf(in)
			for _, r := range s2Rows {
				b.Run(r.name, func(b *testing.B) {
					b.SetBytes(int64(len(in)))
					benchOp(b, r.setup(b, in), want, r.valueOnly)
				})
			}
		})
	}
}

func TestS2RoundTrip(t *testing.T) {
	for _, file := range corpusFiles {
		t.Run(file, func(t *testing.T) {
			in := loadCorpus(t, file)
			want := compactOf(in)
			for _, r := range s2Rows {
				t.Run(r.name, func(t *testing.T) {
					testOp(t, r.setup(t, in), want, r.valueOnly)
				})
			}
		})
	}
}

func setupS2Std(_ testing.TB, in []byte) op {
	return func(dst []byte) ([]byte, error) {
		var v any
		if err := json.Unmarshal(in, &v); err != nil {
			return dst, err
		}
		return json.Marshal(v)
	}
}

func setupS2JSONv2(_ testing.TB, in []byte) op {
	return func(dst []byte) ([]byte, error) {
		var v any
		if err := jsonv2.Unmarshal(in, &v); err != nil {
			return dst, err
		}
		return jsonv2.Marshal(v)
	}
}

// setupS2Jsontext streams tokens from a Decoder into an Encoder, both reused.
// The encoder keeps raw strings as they were read (PreserveRawStrings) and
// ends the top-level value with a newline, which is cut off.
func setupS2Jsontext(_ testing.TB, in []byte) op {
	opts := []jsontext.Options{jsontext.PreserveRawStrings(true)}
	dec := jsontext.NewDecoder(bytes.NewReader(nil))
	var out bytes.Buffer
	enc := jsontext.NewEncoder(&out, opts...)
	return func(dst []byte) ([]byte, error) {
		// A bytes.Buffer is read in place, without a copy.
		dec.Reset(bytes.NewBuffer(in))
		out.Reset()
		enc.Reset(&out, opts...)
		for {
			tok, err := dec.ReadToken()
			if err == io.EOF {
				break
			}
			if err != nil {
				return dst, err
			}
			if err := enc.WriteToken(tok); err != nil {
				return dst, err
			}
		}
		return bytes.TrimSuffix(out.Bytes(), []byte{'\n'}), nil
	}
}

func setupS2Fastjson(_ testing.TB, in []byte) op {
	var p fastjson.Parser
	return func(dst []byte) ([]byte, error) {
		v, err := p.ParseBytes(in)
		if err != nil {
			return dst, err
		}
		return v.MarshalTo(dst), nil
	}
}

// newAstjsonArena returns a monotonic arena whose one buffer holds a parse of
// in: the tuned use the go-arena README recommends (its Alloc scans every
// buffer, so many small buffers would be slow). The size comes from a probe
// parse.
func newAstjsonArena(tb testing.TB, in []byte) arena.Arena {
	probe := arena.NewMonotonicArena()
	var p astjson.Parser
	if _, err := p.ParseBytesWithArena(probe, in); err != nil {
		tb.Fatal(err)
	}
	size := probe.Peak() + probe.Peak()/8 + 4096
	probe.Release()
	return arena.NewMonotonicArena(arena.WithMinBufferSize(size))
}

// setupS2Astjson parses into a reused arena (reset per op) or onto the heap
// (nil arena). astjson keeps pointers into in, which outlives the op.
func setupS2Astjson(tb testing.TB, in []byte, useArena bool) op {
	var a arena.Arena
	if useArena {
		a = newAstjsonArena(tb, in)
	}
	var p astjson.Parser
	return func(dst []byte) ([]byte, error) {
		if a != nil {
			a.Reset()
		}
		v, err := p.ParseBytesWithArena(a, in)
		if err != nil {
			return dst, err
		}
		return v.MarshalTo(dst), nil
	}
}

// parseOrig parses in into the reused original-astjson document j.
func parseOrig(j *origastjson.JSON, in []byte) error {
	for _, c := range in {
		switch c {
		case ' ', '\t', '\n', '\r':
			continue
		case '[':
			return j.ParseArray(in)
		}
		break
	}
	return j.ParseObject(in)
}

func setupS2AstjsonOrig(_ testing.TB, in []byte) op {
	var j origastjson.JSON
	w := &appendWriter{}
	return func(dst []byte) ([]byte, error) {
		if err := parseOrig(&j, in); err != nil {
			return dst, err
		}
		w.b = dst
		err := j.PrintRoot(w)
		return w.b, err
	}
}

// parseSonic parses s with sonic's ast (lazily: containers are loaded when
// first read).
func parseSonic(s string) (ast.Node, error) {
	p := ast.NewParserObj(s)
	n, perr := p.Parse()
	if perr != 0 {
		return n, p.ExportError(perr)
	}
	return n, nil
}

// setupS2Sonic parses and loads every node (sonicLoadAll, as in S3), then
// prints. Printing a lazily parsed node as is would copy its unloaded
// children's raw text, whitespace included: not a compact print.
func setupS2Sonic(_ testing.TB, in []byte) op {
	s := b2s(in) // in is never modified
	return func(dst []byte) ([]byte, error) {
		n, err := parseSonic(s)
		if err != nil {
			return dst, err
		}
		if _, err := sonicLoadAll(&n); err != nil {
			return dst, err
		}
		return n.MarshalJSON()
	}
}

// setupS2Gjson walks every value with gjson's ForEach and prints the raw
// text of names and scalars.
func setupS2Gjson(_ testing.TB, in []byte) op {
	return func(dst []byte) ([]byte, error) {
		r := gjson.ParseBytes(in)
		if !r.Exists() {
			return dst, errors.New("gjson: no value")
		}
		return gjsonAppend(dst, r), nil
	}
}

func gjsonAppend(dst []byte, r gjson.Result) []byte {
	switch {
	case r.IsObject():
		dst = append(dst, '{')
		first := true
		r.ForEach(func(k, v gjson.Result) bool {
			if !first {
				dst = append(dst, ',')
			}
			first = false
			dst = append(dst, k.Raw...)
			dst = append(dst, ':')
			dst = gjsonAppend(dst, v)
			return true
		})
		return append(dst, '}')
	case r.IsArray():
		dst = append(dst, '[')
		first := true
		r.ForEach(func(_, v gjson.Result) bool {
			if !first {
				dst = append(dst, ',')
			}
			first = false
			dst = gjsonAppend(dst, v)
			return true
		})
		return append(dst, ']')
	default:
		return append(dst, r.Raw...)
	}
}

// setupS2Jsonparser walks every value with jsonparser's ObjectEach and
// ArrayEach. Names come unescaped, so one with an escape would be printed
// with minimal escapes; the corpus files have none.
func setupS2Jsonparser(_ testing.TB, in []byte) op {
	return func(dst []byte) ([]byte, error) {
		v, vt, _, err := jsonparser.Get(in)
		if err != nil {
			return dst, err
		}
		return jsonparserAppend(dst, v, vt)
	}
}

func jsonparserAppend(dst, v []byte, vt jsonparser.ValueType) ([]byte, error) {
	switch vt {
	case jsonparser.Object:
		dst = append(dst, '{')
		first := true
		err := jsonparser.ObjectEach(v, func(k, mv []byte, mt jsonparser.ValueType, _ int) error {
			if !first {
				dst = append(dst, ',')
			}
			first = false
			dst = appendQuoted(dst, k)
			dst = append(dst, ':')
			var err error
			dst, err = jsonparserAppend(dst, mv, mt)
			return err
		})
		return append(dst, '}'), err
	case jsonparser.Array:
		dst = append(dst, '[')
		first := true
		var ierr error
		_, err := jsonparser.ArrayEach(v, func(iv []byte, it jsonparser.ValueType, _ int, err error) {
			if ierr != nil {
				return
			}
			if err != nil {
				ierr = err
				return
			}
			if !first {
				dst = append(dst, ',')
			}
			first = false
			dst, ierr = jsonparserAppend(dst, iv, it)
		})
		if err == nil {
			err = ierr
		}
		return append(dst, ']'), err
	case jsonparser.String:
		dst = append(dst, '"')
		dst = append(dst, v...) // still escaped as in the input
		return append(dst, '"'), nil
	default:
		return append(dst, v...), nil
	}
}

// appendQuoted quotes s with the minimal JSON escapes.
func appendQuoted(dst, s []byte) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	for _, c := range s {
		switch {
		case c == '"' || c == '\\':
			dst = append(dst, '\\', c)
		case c < 0x20:
			dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
		default:
			dst = append(dst, c)
		}
	}
	return append(dst, '"')
}
