package bench

// Merge helpers for peers that have no merge, or none with the "replace"
// conflict policy that S1 needs. Each is the smallest merge a user would write
// on the peer's public API:
//
//   - object into object: member by member, recursively; a member dst lacks
//     is appended (where the peer keeps member order);
//   - anything else: src replaces dst.
//
// mergeAt first walks path from the root, creating an object for every
// missing (or non-object) step. None of them implements DESIGN.md's full table
// (null keeps dst, array item-wise, the error policy): S1 and S4 need only the
// rules above, and the helpers should cost no more than the peer needs.

import (
	"errors"

	"github.com/buger/jsonparser"
	"github.com/bytedance/sonic/ast"
	"github.com/tidwall/gjson"
	"github.com/tidwall/sjson"
	"github.com/wundergraph/astjson"
	"github.com/wundergraph/go-arena"
)

// ---------------------------------------------------------------------------
// map[string]any (encoding/json and go-json-experiment/json decode into any).

func mergeAnyAt(root map[string]any, path []string, src any) {
	m := root
	for _, k := range path[:len(path)-1] {
		next, ok := m[k].(map[string]any)
		if !ok {
			next = map[string]any{}
			m[k] = next
		}
		m = next
	}
	last := path[len(path)-1]
	m[last] = mergeAny(m[last], src)
}

// mergeAny returns the merge of src into dst.
func mergeAny(dst, src any) any {
	d, ok := dst.(map[string]any)
	s, ok2 := src.(map[string]any)
	if !ok || !ok2 {
		return src
	}
	for k, v := range s {
		d[k] = mergeAny(d[k], v)
	}
	return d
}

// ---------------------------------------------------------------------------
// wundergraph/astjson v1. Its own MergeValues/MergeValuesWithPath return
// ErrMergeDifferentTypes when a number meets an object (S1's /b/c) or a bool
// (S1's /b/c/d), see TestS1AstjsonNativeMergeRefuses, so S1 needs this helper;
// S4 has no conflict and uses MergeValues itself. a may be nil (heap mode).

func astjsonMergeAt(a arena.Arena, root *astjson.Value, path []string, src *astjson.Value) {
	cur := root
	for _, k := range path[:len(path)-1] {
		next := cur.Get(k)
		if next == nil || next.Type() != astjson.TypeObject {
			next = astjson.ObjectValue(a)
			cur.Set(a, k, next)
		}
		cur = next
	}
	last := path[len(path)-1]
	cur.Set(a, last, astjsonMerge(a, cur.Get(last), src))
}

func astjsonMerge(a arena.Arena, dst, src *astjson.Value) *astjson.Value {
	if dst == nil || dst.Type() != astjson.TypeObject || src.Type() != astjson.TypeObject {
		return src
	}
	o, _ := src.Object()
	o.Visit(func(k []byte, v *astjson.Value) {
		key := b2s(k)
		dst.Set(a, key, astjsonMerge(a, dst.Get(key), v))
	})
	return dst
}

// ---------------------------------------------------------------------------
// bytedance/sonic ast. Nodes are values; Get returns a pointer into the
// parent, so a nested merge happens in place.

func sonicMergeAt(root *ast.Node, path []string, src ast.Node) error {
	cur := root
	for _, k := range path[:len(path)-1] {
		next := cur.Get(k)
		if !next.Exists() || next.TypeSafe() != ast.V_OBJECT {
			if _, err := cur.Set(k, ast.NewObject(nil)); err != nil {
				return err
			}
			next = cur.Get(k)
		}
		cur = next
	}
	last := path[len(path)-1]
	if dst := cur.Get(last); dst.Exists() && dst.TypeSafe() == ast.V_OBJECT && src.TypeSafe() == ast.V_OBJECT {
		return sonicMerge(dst, src)
	}
	_, err := cur.Set(last, src)
	return err
}

// sonicMerge merges the object src into the object dst.
func sonicMerge(dst *ast.Node, src ast.Node) error {
	it, err := src.Properties()
	if err != nil {
		return err
	}
	var p ast.Pair
	for it.Next(&p) {
		if d := dst.Get(p.Key); d.Exists() && d.TypeSafe() == ast.V_OBJECT && p.Value.TypeSafe() == ast.V_OBJECT {
			if err := sonicMerge(d, p.Value); err != nil {
				return err
			}
			continue
		}
		if _, err := dst.Set(p.Key, p.Value); err != nil {
			return err
		}
	}
	return nil
}

// ---------------------------------------------------------------------------
// tidwall/gjson + sjson: no tree; every set splices a new copy of the text.
// path is in gjson/sjson syntax ("b.c", "data.topProducts.3").

func sjsonMergeAt(doc, path, src string) (string, error) {
	s := gjson.Parse(src)
	if s.IsObject() && gjson.Get(doc, path).IsObject() {
		var err error
		s.ForEach(func(k, v gjson.Result) bool {
			doc, err = sjsonMergeAt(doc, path+"."+gjson.Escape(k.Str), v.Raw)
			return err == nil
		})
		return doc, err
	}
	return sjson.SetRaw(doc, path, src)
}

// ---------------------------------------------------------------------------
// buger/jsonparser: no tree; Set splices a new copy of the text and creates
// missing objects along the path.

func jsonparserMergeAt(doc, src []byte, path ...string) ([]byte, error) {
	_, st, _, err := jsonparser.Get(src)
	if err != nil {
		return nil, err
	}
	if st == jsonparser.Object {
		if _, dt, _, err := jsonparser.Get(doc, path...); err == nil && dt == jsonparser.Object {
			err := jsonparser.ObjectEach(src, func(k, v []byte, vt jsonparser.ValueType, off int) error {
				raw := v
				if vt == jsonparser.String {
					raw = src[off-len(v)-2 : off] // keep the quotes (and the escapes)
				}
				p := append(path[:len(path):len(path)], string(k))
				var err error
				doc, err = jsonparserMergeAt(doc, raw, p...)
				return err
			})
			return doc, err
		}
	}
	if len(path) == 0 {
		return nil, errors.New("jsonparserMergeAt: cannot replace the root")
	}
	return jsonparser.Set(doc, src, path...)
}
