package bench

// S1 merge-at-path: parse {"a":1}; merge {"c":3} at /b (creating b); merge
// {"d":5} at /b/c (the number 3 is replaced by the object: the "replace"
// conflict policy); merge /bool of {"bool":true} at /b/c/d; print compact:
// {"a":1,"b":{"c":{"d":true}}}. This is the benchmark of the original
// astjson announcement (623.7 ns/op, 0 allocs/op on an Apple M1). Parsers,
// arenas and buffers are reused from one op to the next where the peer allows.

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/buger/jsonparser"
	"github.com/bytedance/sonic/ast"
	jsonv2 "github.com/go-json-experiment/json"
	"github.com/tidwall/gjson"
	"github.com/valyala/fastjson"

	"github.com/graftjson/graft/bench/internal/fastjsonmerge"
	"github.com/wundergraph/astjson"
	"github.com/wundergraph/go-arena"
	origastjson "github.com/wundergraph/graphql-go-tools/v2/pkg/astjson"
)

// s1Rows is the S1 table; a graft row joins it from an init function.
var s1Rows = []opRow{
	{name: "stdjson-helper", setup: setupS1Std},
	{name: "jsonv2-helper", setup: setupS1JSONv2},
	{name: "fastjson-helper", setup: setupS1Fastjson},
	{name: "astjson-arena-helper", setup: func(tb testing.TB) op { return setupS1Astjson(tb, true) }},
	{name: "astjson-heap-helper", setup: func(tb testing.TB) op { return setupS1Astjson(tb, false) }},
	{name: "astjson-orig", setup: setupS1AstjsonOrig},
	{name: "sonic-ast-helper", setup: setupS1Sonic},
	{name: "gjson-sjson-helper", setup: setupS1Sjson},
	{name: "jsonparser-helper", setup: setupS1Jsonparser},
}

var (
	s1PathB    = []string{"b"}
	s1PathBC   = []string{"b", "c"}
	s1PathBCD  = []string{"b", "c", "d"}
	s1PathBool = []string{"bool"}

	s1BaseBytes = []byte(s1Base)
	s1AtBBytes  = []byte(s1AtB)
	s1AtBCBytes = []byte(s1AtBC)
	s1BoolBytes = []byte(s1BoolDoc)
)

func BenchmarkS1Merge(b *testing.B) {
	for _, r := range s1Rows {
		b.Run(r.name, func(b *testing.B) {
			benchOp(b, r.setup(b), []byte(s1Want), r.valueOnly)
		})
	}
}

func TestS1Merge(t *testing.T) {
	for _, r := range s1Rows {
		t.Run(r.name, func(t *testing.T) {
			testOp(t, r.setup(t), []byte(s1Want), r.valueOnly)
		})
	}
}

// TestS1AstjsonNativeMergeRefuses documents why the wundergraph/astjson rows
// of S1 use a helper: its MergeValuesWithPath has no "replace" policy.
func TestS1AstjsonNativeMergeRefuses(t *testing.T) {
	for _, a := range []arena.Arena{nil, arena.NewMonotonicArena()} {
		var p astjson.Parser
		root, err := p.ParseWithArena(a, s1Base)
		if err != nil {
			t.Fatal(err)
		}
		c, _ := p.ParseWithArena(a, s1AtB)
		root, _, err = astjson.MergeValuesWithPath(a, root, c, s1PathB...)
		if err != nil {
			t.Fatalf("merge at /b: %v", err)
		}
		d, _ := p.ParseWithArena(a, s1AtBC)
		_, _, err = astjson.MergeValuesWithPath(a, root, d, s1PathBC...)
		if !errors.Is(err, astjson.ErrMergeDifferentTypes) {
			t.Fatalf("merge at /b/c: got %v, want ErrMergeDifferentTypes", err)
		}
	}
}

// setupS1Std decodes into any with encoding/json and merges the maps. Its
// output happens to be byte-exact because the expected keys are sorted.
func setupS1Std(testing.TB) op {
	return func(dst []byte) ([]byte, error) {
		var root, c, d, bd any
		for _, x := range []struct {
			in []byte
			v  *any
		}{{s1BaseBytes, &root}, {s1AtBBytes, &c}, {s1AtBCBytes, &d}, {s1BoolBytes, &bd}} {
			if err := json.Unmarshal(x.in, x.v); err != nil {
				return dst, err
			}
		}
		m := root.(map[string]any)
		mergeAnyAt(m, s1PathB, c)
		mergeAnyAt(m, s1PathBC, d)
		mergeAnyAt(m, s1PathBCD, bd.(map[string]any)["bool"])
		return json.Marshal(m)
	}
}

// setupS1JSONv2 is setupS1Std with go-json-experiment/json; Deterministic
// sorts map keys so that the output is comparable byte for byte.
func setupS1JSONv2(testing.TB) op {
	return func(dst []byte) ([]byte, error) {
		var root, c, d, bd any
		for _, x := range []struct {
			in []byte
			v  *any
		}{{s1BaseBytes, &root}, {s1AtBBytes, &c}, {s1AtBCBytes, &d}, {s1BoolBytes, &bd}} {
			if err := jsonv2.Unmarshal(x.in, x.v); err != nil {
				return dst, err
			}
		}
		m := root.(map[string]any)
		mergeAnyAt(m, s1PathB, c)
		mergeAnyAt(m, s1PathBC, d)
		mergeAnyAt(m, s1PathBCD, bd.(map[string]any)["bool"])
		return jsonv2.Marshal(m, jsonv2.Deterministic(true))
	}
}

// setupS1Fastjson uses one parser per live document (a fastjson value is
// valid until its parser's next parse) and an arena for the created objects.
func setupS1Fastjson(testing.TB) op {
	var pBase, pC, pD, pBool fastjson.Parser
	var a fastjson.Arena
	return func(dst []byte) ([]byte, error) {
		a.Reset()
		root, err := pBase.ParseBytes(s1BaseBytes)
		if err != nil {
			return dst, err
		}
		c, err := pC.ParseBytes(s1AtBBytes)
		if err != nil {
			return dst, err
		}
		fastjsonmerge.At(&a, root, s1PathB, c)
		d, err := pD.ParseBytes(s1AtBCBytes)
		if err != nil {
			return dst, err
		}
		fastjsonmerge.At(&a, root, s1PathBC, d)
		bd, err := pBool.ParseBytes(s1BoolBytes)
		if err != nil {
			return dst, err
		}
		fastjsonmerge.At(&a, root, s1PathBCD, bd.Get(s1PathBool...))
		return root.MarshalTo(dst), nil
	}
}

// setupS1Astjson parses into a reused monotonic arena (arena mode, reset per
// op) or onto the Go heap (heap mode: a nil arena).
func setupS1Astjson(_ testing.TB, useArena bool) op {
	var a arena.Arena
	if useArena {
		a = arena.NewMonotonicArena()
	}
	var p astjson.Parser
	return func(dst []byte) ([]byte, error) {
		if a != nil {
			a.Reset()
		}
		root, err := p.ParseBytesWithArena(a, s1BaseBytes)
		if err != nil {
			return dst, err
		}
		c, err := p.ParseBytesWithArena(a, s1AtBBytes)
		if err != nil {
			return dst, err
		}
		astjsonMergeAt(a, root, s1PathB, c)
		d, err := p.ParseBytesWithArena(a, s1AtBCBytes)
		if err != nil {
			return dst, err
		}
		astjsonMergeAt(a, root, s1PathBC, d)
		bd, err := p.ParseBytesWithArena(a, s1BoolBytes)
		if err != nil {
			return dst, err
		}
		astjsonMergeAt(a, root, s1PathBCD, bd.Get(s1PathBool...))
		return root.MarshalTo(dst), nil
	}
}

// setupS1AstjsonOrig is the original astjson (graphql-go-tools pkg/astjson):
// all documents go into one reused JSON value, and MergeNodesWithPath replaces
// on a kind conflict, so no helper is needed.
func setupS1AstjsonOrig(testing.TB) op {
	var j origastjson.JSON
	w := &appendWriter{}
	return func(dst []byte) ([]byte, error) {
		if err := j.ParseObject(s1BaseBytes); err != nil { // resets j
			return dst, err
		}
		c, err := j.AppendObject(s1AtBBytes)
		if err != nil {
			return dst, err
		}
		j.RootNode = j.MergeNodesWithPath(j.RootNode, c, s1PathB)
		d, err := j.AppendObject(s1AtBCBytes)
		if err != nil {
			return dst, err
		}
		j.RootNode = j.MergeNodesWithPath(j.RootNode, d, s1PathBC)
		bd, err := j.AppendObject(s1BoolBytes)
		if err != nil {
			return dst, err
		}
		j.RootNode = j.MergeNodesWithPath(j.RootNode, j.Get(bd, s1PathBool), s1PathBCD)
		w.b = dst
		err = j.PrintRoot(w)
		return w.b, err
	}
}

func setupS1Sonic(testing.TB) op {
	parse := func(s string) (ast.Node, error) {
		p := ast.NewParserObj(s)
		n, perr := p.Parse()
		if perr != 0 {
			return n, p.ExportError(perr)
		}
		return n, nil
	}
	return func(dst []byte) ([]byte, error) {
		root, err := parse(s1Base)
		if err != nil {
			return dst, err
		}
		c, err := parse(s1AtB)
		if err != nil {
			return dst, err
		}
		if err := sonicMergeAt(&root, s1PathB, c); err != nil {
			return dst, err
		}
		d, err := parse(s1AtBC)
		if err != nil {
			return dst, err
		}
		if err := sonicMergeAt(&root, s1PathBC, d); err != nil {
			return dst, err
		}
		bd, err := parse(s1BoolDoc)
		if err != nil {
			return dst, err
		}
		if err := sonicMergeAt(&root, s1PathBCD, *bd.Get("bool")); err != nil {
			return dst, err
		}
		return root.MarshalJSON()
	}
}

// setupS1Sjson has no parse step: gjson reads and sjson splices the text.
func setupS1Sjson(testing.TB) op {
	return func(dst []byte) ([]byte, error) {
		doc, err := sjsonMergeAt(s1Base, "b", s1AtB)
		if err != nil {
			return dst, err
		}
		if doc, err = sjsonMergeAt(doc, "b.c", s1AtBC); err != nil {
			return dst, err
		}
		if doc, err = sjsonMergeAt(doc, "b.c.d", gjson.Get(s1BoolDoc, "bool").Raw); err != nil {
			return dst, err
		}
		return append(dst, doc...), nil
	}
}

// setupS1Jsonparser has no parse step: jsonparser reads and splices the text.
// The base document is copied first, in case Set splices in place.
func setupS1Jsonparser(testing.TB) op {
	var base []byte
	return func(dst []byte) ([]byte, error) {
		base = append(base[:0], s1BaseBytes...)
		doc, err := jsonparserMergeAt(base, s1AtBBytes, s1PathB...)
		if err != nil {
			return dst, err
		}
		if doc, err = jsonparserMergeAt(doc, s1AtBCBytes, s1PathBC...); err != nil {
			return dst, err
		}
		v, _, _, err := jsonparser.Get(s1BoolBytes, s1PathBool...)
		if err != nil {
			return dst, err
		}
		if doc, err = jsonparserMergeAt(doc, v, s1PathBCD...); err != nil {
			return dst, err
		}
		return append(dst, doc...), nil
	}
}
