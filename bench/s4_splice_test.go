package bench

// S4 entity splice, the core of a GraphQL federation router: parse the
// products response A and the entities response B, merge entity i into
// product i (the entity's members appended after the product's, in order),
// print A's data object compact. Inputs are generated (helpers_test.go).

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
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

// s4Rows is the S4 table; a graft row joins it from an init function.
var s4Rows = []opRow{
	// Decoding into any loses member order: maps print sorted.
	{name: "stdjson-helper~value", valueOnly: true, setup: setupS4Std},
	{name: "jsonv2-helper~value", valueOnly: true, setup: setupS4JSONv2},
	{name: "fastjson-helper", setup: setupS4Fastjson},
	// astjson's own MergeValues, item by item (no conflict in S4).
	{name: "astjson-arena", setup: func(tb testing.TB) op { return setupS4Astjson(tb, true) }},
	{name: "astjson-heap", setup: func(tb testing.TB) op { return setupS4Astjson(tb, false) }},
	{name: "astjson-orig", setup: setupS4AstjsonOrig},
	{name: "sonic-ast-helper", setup: setupS4Sonic},
	{name: "gjson-sjson-helper", setup: setupS4Sjson},
	{name: "jsonparser-helper", setup: setupS4Jsonparser},
}

var (
	s4ProductsPath = []string{"data", "topProducts"}
	s4EntitiesPath = []string{"data", "_entities"}
	s4DataPath     = []string{"data"}
)

func BenchmarkS4Splice(b *testing.B) {
	for _, r := range s4Rows {
		b.Run(r.name, func(b *testing.B) {
			b.SetBytes(int64(len(s4Products) + len(s4Entities)))
			benchOp(b, r.setup(b), s4Want, r.valueOnly)
		})
	}
}

func TestS4Splice(t *testing.T) {
	if !json.Valid(s4Products) || !json.Valid(s4Entities) || !json.Valid(s4Want) {
		t.Fatal("generated S4 documents are not valid JSON")
	}
	for _, r := range s4Rows {
		t.Run(r.name, func(t *testing.T) {
			testOp(t, r.setup(t), s4Want, r.valueOnly)
		})
	}
}

func errLen(a, b int) error {
	return fmt.Errorf("%d products but %d entities", a, b)
}

func setupS4Std(testing.TB) op {
	return func(dst []byte) ([]byte, error) {
		var a, b any
		if err := json.Unmarshal(s4Products, &a); err != nil {
			return dst, err
		}
		if err := json.Unmarshal(s4Entities, &b); err != nil {
			return dst, err
		}
		data := a.(map[string]any)["data"].(map[string]any)
		products := data["topProducts"].([]any)
		entities := b.(map[string]any)["data"].(map[string]any)["_entities"].([]any)
		if len(products) != len(entities) {
			return dst, errLen(len(products), len(entities))
		}
		for i := range products {
			products[i] = mergeAny(products[i], entities[i])
		}
		return json.Marshal(data)
	}
}

func setupS4JSONv2(testing.TB) op {
	return func(dst []byte) ([]byte, error) {
		var a, b any
		if err := jsonv2.Unmarshal(s4Products, &a); err != nil {
			return dst, err
		}
		if err := jsonv2.Unmarshal(s4Entities, &b); err != nil {
			return dst, err
		}
		data := a.(map[string]any)["data"].(map[string]any)
		products := data["topProducts"].([]any)
		entities := b.(map[string]any)["data"].(map[string]any)["_entities"].([]any)
		if len(products) != len(entities) {
			return dst, errLen(len(products), len(entities))
		}
		for i := range products {
			products[i] = mergeAny(products[i], entities[i])
		}
		return jsonv2.Marshal(data)
	}
}

func setupS4Fastjson(testing.TB) op {
	var pa, pb fastjson.Parser
	return func(dst []byte) ([]byte, error) {
		a, err := pa.ParseBytes(s4Products)
		if err != nil {
			return dst, err
		}
		b, err := pb.ParseBytes(s4Entities)
		if err != nil {
			return dst, err
		}
		products := a.GetArray(s4ProductsPath...)
		entities := b.GetArray(s4EntitiesPath...)
		if len(products) != len(entities) {
			return dst, errLen(len(products), len(entities))
		}
		for i := range products {
			fastjsonmerge.Merge(products[i], entities[i])
		}
		return a.Get(s4DataPath...).MarshalTo(dst), nil
	}
}

func setupS4Astjson(_ testing.TB, useArena bool) op {
	var ar arena.Arena
	if useArena {
		ar = arena.NewMonotonicArena()
	}
	var p astjson.Parser
	return func(dst []byte) ([]byte, error) {
		if ar != nil {
			ar.Reset()
		}
		a, err := p.ParseBytesWithArena(ar, s4Products)
		if err != nil {
			return dst, err
		}
		b, err := p.ParseBytesWithArena(ar, s4Entities)
		if err != nil {
			return dst, err
		}
		products := a.GetArray(s4ProductsPath...)
		entities := b.GetArray(s4EntitiesPath...)
		if len(products) != len(entities) {
			return dst, errLen(len(products), len(entities))
		}
		for i := range products {
			v, changed, err := astjson.MergeValues(ar, products[i], entities[i])
			if err != nil {
				return dst, err
			}
			if changed {
				products[i] = v
			}
		}
		return a.Get(s4DataPath...).MarshalTo(dst), nil
	}
}

// setupS4AstjsonOrig puts both documents into one reused JSON value and
// merges with MergeNodes, item by item.
func setupS4AstjsonOrig(testing.TB) op {
	var j origastjson.JSON
	w := &appendWriter{}
	return func(dst []byte) ([]byte, error) {
		if err := j.ParseObject(s4Products); err != nil {
			return dst, err
		}
		b, err := j.AppendObject(s4Entities)
		if err != nil {
			return dst, err
		}
		data := j.Get(j.RootNode, s4DataPath)
		pref, eref := j.Get(data, s4ProductsPath[1:]), j.Get(b, s4EntitiesPath)
		if pref < 0 || eref < 0 {
			return dst, errors.New("astjson-orig: path not found")
		}
		products, entities := j.Nodes[pref].ArrayValues, j.Nodes[eref].ArrayValues
		if len(products) != len(entities) {
			return dst, errLen(len(products), len(entities))
		}
		for i := range products {
			products[i] = j.MergeNodes(products[i], entities[i])
		}
		w.b = dst
		err = j.PrintNode(j.Nodes[data], w)
		return w.b, err
	}
}

func setupS4Sonic(testing.TB) op {
	sa, sb := b2s(s4Products), b2s(s4Entities) // never modified
	return func(dst []byte) ([]byte, error) {
		a, err := parseSonic(sa)
		if err != nil {
			return dst, err
		}
		b, err := parseSonic(sb)
		if err != nil {
			return dst, err
		}
		data := a.Get("data")
		products := data.Get("topProducts")
		entities := b.GetByPath("data", "_entities")
		// Len counts only loaded children of a lazy node: iterate instead.
		it, err := entities.Values()
		if err != nil {
			return dst, err
		}
		var e ast.Node
		n := 0
		for it.Next(&e) {
			p := products.Index(n)
			if !p.Valid() {
				return dst, errLen(n, n+1)
			}
			if err := sonicMerge(p, e); err != nil {
				return dst, err
			}
			n++
		}
		if products.Index(n).Valid() {
			return dst, errors.New("more products than entities")
		}
		return data.MarshalJSON()
	}
}

// setupS4Sjson splices each entity member into the text of A with sjson
// (every set copies the document) and reads the entities with gjson.
func setupS4Sjson(testing.TB) op {
	paths := make([]string, s4Items) // "data.topProducts.<i>", built once
	for i := range paths {
		paths[i] = "data.topProducts." + strconv.Itoa(i)
	}
	sa, sb := string(s4Products), string(s4Entities)
	return func(dst []byte) ([]byte, error) {
		doc := sa
		entities := gjson.Get(sb, "data._entities")
		n := 0
		var err error
		entities.ForEach(func(_, e gjson.Result) bool {
			if n >= len(paths) {
				err = errLen(len(paths), n+1)
				return false
			}
			doc, err = sjsonMergeAt(doc, paths[n], e.Raw)
			n++
			return err == nil
		})
		if err != nil {
			return dst, err
		}
		return append(dst, gjson.Get(doc, "data").Raw...), nil
	}
}

// setupS4Jsonparser splices each entity member into a copy of A with
// jsonparser.Set (every set copies the document).
func setupS4Jsonparser(testing.TB) op {
	paths := make([][]string, s4Items) // {"data","topProducts","[i]"}, built once
	for i := range paths {
		paths[i] = []string{"data", "topProducts", "[" + strconv.Itoa(i) + "]"}
	}
	var base []byte
	return func(dst []byte) ([]byte, error) {
		base = append(base[:0], s4Products...) // Set may splice in place
		doc := base
		n := 0
		_, err := jsonparser.ArrayEachErr(s4Entities, func(e []byte, _ jsonparser.ValueType, _ int, err error) error {
			if err != nil {
				return err
			}
			if n >= len(paths) {
				return errLen(len(paths), n+1)
			}
			doc, err = jsonparserMergeAt(doc, e, paths[n]...)
			n++
			return err
		}, s4EntitiesPath...)
		if err != nil {
			return dst, err
		}
		if n != len(paths) {
			return dst, errLen(len(paths), n)
		}
		data, _, _, err := jsonparser.Get(doc, s4DataPath...)
		if err != nil {
			return dst, err
		}
		return append(dst, data...), nil
	}
}
