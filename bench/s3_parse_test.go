package bench

// S3 parse only: parse a corpus file into the peer's document (reusing
// parsers and arenas). The check after the timed loop prints the last parsed
// tree with the peer's own printer and compares it with the input (as in S2),
// or, for peers without a tree, compares the number of tokens or values seen
// with encoding/json's count.

import (
	"bytes"
	"encoding/json"
	"fmt"
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

// s3Rows is the S3 table; a graft row joins it from an init function.
var s3Rows = []parseRow{
	{name: "stdjson", setup: setupS3Std},
	{name: "jsonv2", setup: setupS3JSONv2},
	// jsontext reads every token and keeps nothing: a validating tokenizer.
	{name: "jsontext-tokens", setup: setupS3Jsontext},
	{name: "fastjson", setup: setupS3Fastjson},
	{name: "astjson-arena", setup: func(tb testing.TB, in []byte) (func() error, func() error) { return setupS3Astjson(tb, in, true) }},
	{name: "astjson-heap", setup: func(tb testing.TB, in []byte) (func() error, func() error) { return setupS3Astjson(tb, in, false) }},
	{name: "astjson-orig", setup: setupS3AstjsonOrig},
	// sonic's Parse is lazy and its Load parses one level only (deeper
	// containers stay raw), so the row loads every node, level by level:
	// the way to a complete sonic ast tree.
	{name: "sonic-ast", setup: setupS3Sonic},
	{name: "gjson-walk", setup: setupS3Gjson},
	{name: "jsonparser-walk", setup: setupS3Jsonparser},
}

func BenchmarkS3Parse(b *testing.B) {
	for _, file := range corpusFiles {
		b.Run(file, func(b *testing.B) {
			in := loadCorpus(b, file)
			compactOf(in)         // warm the caches the checks use,
			cachedTokenCounts(in) // outside any timed loop
			for _, r := range s3Rows {
				b.Run(r.name, func(b *testing.B) {
					parse, check := r.setup(b, in)
					b.SetBytes(int64(len(in)))
					timeParses(b, parse, check)
				})
			}
		})
	}
}

func TestS3Parse(t *testing.T) {
	for _, file := range corpusFiles {
		t.Run(file, func(t *testing.T) {
			in := loadCorpus(t, file)
			for _, r := range s3Rows {
				t.Run(r.name, func(t *testing.T) {
					parse, check := r.setup(t, in)
					for i := 0; i < 3; i++ {
						if err := parse(); err != nil {
							t.Fatalf("parse %d: %v", i+1, err)
						}
						if err := check(); err != nil {
							t.Fatalf("parse %d: %v", i+1, err)
						}
					}
				})
			}
		})
	}
}

// checkPrinted compares a printed tree with the compact input.
func checkPrinted(in, printed []byte, valueOnly bool) error {
	return checkOutput(printed, compactOf(in), valueOnly)
}

// checkCount compares a count of tokens or values with encoding/json's.
func checkCount(in []byte, what string, got int) error {
	tokens, values := cachedTokenCounts(in)
	want := values
	if what == "tokens" {
		want = tokens
	}
	if got != want {
		return fmt.Errorf("saw %d %s, encoding/json sees %d", got, what, want)
	}
	return nil
}

func setupS3Std(_ testing.TB, in []byte) (func() error, func() error) {
	var v any
	parse := func() error {
		v = nil
		return json.Unmarshal(in, &v)
	}
	check := func() error {
		out, err := json.Marshal(v)
		if err != nil {
			return err
		}
		return checkPrinted(in, out, true)
	}
	return parse, check
}

func setupS3JSONv2(_ testing.TB, in []byte) (func() error, func() error) {
	var v any
	parse := func() error {
		v = nil
		return jsonv2.Unmarshal(in, &v)
	}
	check := func() error {
		out, err := jsonv2.Marshal(v)
		if err != nil {
			return err
		}
		return checkPrinted(in, out, true)
	}
	return parse, check
}

func setupS3Jsontext(_ testing.TB, in []byte) (func() error, func() error) {
	dec := jsontext.NewDecoder(bytes.NewReader(nil))
	var n int
	parse := func() error {
		dec.Reset(bytes.NewBuffer(in)) // read in place
		n = 0
		for {
			_, err := dec.ReadToken()
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return err
			}
			n++
		}
	}
	return parse, func() error { return checkCount(in, "tokens", n) }
}

func setupS3Fastjson(_ testing.TB, in []byte) (func() error, func() error) {
	var p fastjson.Parser
	var v *fastjson.Value
	parse := func() (err error) {
		v, err = p.ParseBytes(in)
		return err
	}
	return parse, func() error { return checkPrinted(in, v.MarshalTo(nil), false) }
}

func setupS3Astjson(tb testing.TB, in []byte, useArena bool) (func() error, func() error) {
	var a arena.Arena
	if useArena {
		a = newAstjsonArena(tb, in)
	}
	var p astjson.Parser
	var v *astjson.Value
	parse := func() (err error) {
		if a != nil {
			a.Reset()
		}
		v, err = p.ParseBytesWithArena(a, in)
		return err
	}
	return parse, func() error { return checkPrinted(in, v.MarshalTo(nil), false) }
}

func setupS3AstjsonOrig(_ testing.TB, in []byte) (func() error, func() error) {
	var j origastjson.JSON
	parse := func() error { return parseOrig(&j, in) }
	check := func() error {
		var w appendWriter
		if err := j.PrintRoot(&w); err != nil {
			return err
		}
		return checkPrinted(in, w.b, false)
	}
	return parse, check
}

func setupS3Sonic(_ testing.TB, in []byte) (func() error, func() error) {
	s := b2s(in) // in is never modified
	var n ast.Node
	var count int
	parse := func() (err error) {
		if n, err = parseSonic(s); err != nil {
			return err
		}
		count, err = sonicLoadAll(&n)
		return err
	}
	check := func() error {
		if err := checkCount(in, "values", count); err != nil {
			return err
		}
		out, err := n.MarshalJSON()
		if err != nil {
			return err
		}
		return checkPrinted(in, out, true)
	}
	return parse, check
}

// sonicLoadAll loads n and every node below it in place and returns the
// number of values.
func sonicLoadAll(n *ast.Node) (int, error) {
	if err := n.Load(); err != nil {
		return 0, err
	}
	count := 1
	switch n.TypeSafe() {
	case ast.V_ARRAY:
		l, err := n.Len()
		if err != nil {
			return 0, err
		}
		for i := 0; i < l; i++ {
			c, err := sonicLoadAll(n.Index(i))
			if err != nil {
				return 0, err
			}
			count += c
		}
	case ast.V_OBJECT:
		l, err := n.Len()
		if err != nil {
			return 0, err
		}
		for i := 0; i < l; i++ {
			c, err := sonicLoadAll(&n.IndexPair(i).Value)
			if err != nil {
				return 0, err
			}
			count += c
		}
	}
	return count, nil
}

// setupS3Gjson visits every value with ForEach (gjson.ParseBytes copies the
// input into a string first, as its bytes API does).
func setupS3Gjson(_ testing.TB, in []byte) (func() error, func() error) {
	var n int
	parse := func() error {
		n = gjsonCount(gjson.ParseBytes(in))
		return nil
	}
	return parse, func() error { return checkCount(in, "values", n) }
}

func gjsonCount(r gjson.Result) int {
	n := 1
	if r.IsObject() || r.IsArray() {
		r.ForEach(func(_, v gjson.Result) bool {
			n += gjsonCount(v)
			return true
		})
	}
	return n
}

func setupS3Jsonparser(_ testing.TB, in []byte) (func() error, func() error) {
	var n int
	parse := func() error {
		v, vt, _, err := jsonparser.Get(in)
		if err != nil {
			return err
		}
		n, err = jsonparserCount(v, vt)
		return err
	}
	return parse, func() error { return checkCount(in, "values", n) }
}

func jsonparserCount(v []byte, vt jsonparser.ValueType) (int, error) {
	n := 1
	switch vt {
	case jsonparser.Object:
		err := jsonparser.ObjectEach(v, func(_, mv []byte, mt jsonparser.ValueType, _ int) error {
			c, err := jsonparserCount(mv, mt)
			n += c
			return err
		})
		return n, err
	case jsonparser.Array:
		var ierr error
		_, err := jsonparser.ArrayEach(v, func(iv []byte, it jsonparser.ValueType, _ int, err error) {
			if ierr != nil {
				return
			}
			if err != nil {
				ierr = err
				return
			}
			var c int
			c, ierr = jsonparserCount(iv, it)
			n += c
		})
		if err == nil {
			err = ierr
		}
		return n, err
	}
	return n, nil
}
