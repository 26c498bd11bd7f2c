// Package fastjsonmerge is the merge helper the fastjson rows of S1 and S4
// use (fastjson has no merge of its own), shared by the bench tests and the
// instruction-count drivers in cmd/ so that both count the same op.
package fastjsonmerge

import (
	"unsafe"

	"github.com/valyala/fastjson"
)

// At merges src into the value at path under root, creating the objects
// missing on the way (and replacing what is not an object) from a. Values
// made here come from a, so they live as long as a is not reset.
func At(a *fastjson.Arena, root *fastjson.Value, path []string, src *fastjson.Value) {
	cur := root
	for _, k := range path[:len(path)-1] {
		next := cur.Get(k)
		if next == nil || next.Type() != fastjson.TypeObject {
			next = a.NewObject()
			cur.Set(k, next)
		}
		cur = next
	}
	last := path[len(path)-1]
	cur.Set(last, Merge(cur.Get(last), src))
}

// Merge returns the merge of src into dst (nil when absent): objects member
// by member, anything else replaced by src. The keys it sets are src's key
// bytes, which stay valid until src's parser parses again (fastjson's
// documented lifetime for parsed values).
func Merge(dst, src *fastjson.Value) *fastjson.Value {
	if dst == nil || dst.Type() != fastjson.TypeObject || src.Type() != fastjson.TypeObject {
		return src
	}
	o, _ := src.Object()
	o.Visit(func(k []byte, v *fastjson.Value) {
		key := unsafe.String(unsafe.SliceData(k), len(k))
		dst.Set(key, Merge(dst.Get(key), v))
	})
	return dst
}
