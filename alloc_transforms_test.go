package graft_test

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/graftjson/graft"
)

// Allocation budgets of the transforms: a warm Doc parses a document and a
// patch, applies it and prints the result without allocating; canonical
// printing reuses pooled sorting buffers.
func init() {
	allocCases = append(allocCases,
		allocCase{name: "Patch", setup: setupPatchAllocs},
		allocCase{name: "MergePatch", setup: setupMergePatchAllocs},
		allocCase{name: "AppendCanonical", setup: setupCanonicalAllocs},
	)
}

func setupPatchAllocs(tb testing.TB) (func(), func(testing.TB)) {
	prods, _ := products(100)
	doc := []byte(prods)
	var ops strings.Builder
	ops.WriteString(`[{"op":"add","path":"/meta","value":{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"j":10}},`)
	for i := 0; i < 20; i++ {
		p := `/data/topProducts/` + strconv.Itoa(i*3)
		ops.WriteString(`{"op":"test","path":"` + p + `/upc","value":"` + strconv.Itoa(i*3) + `"},`)
		ops.WriteString(`{"op":"replace","path":"` + p + `/price","value":1.5},`)
		ops.WriteString(`{"op":"add","path":"` + p + `/tags","value":["new"]},`)
		ops.WriteString(`{"op":"copy","from":"` + p + `/name","path":"` + p + `/tags/-"},`)
		ops.WriteString(`{"op":"move","from":"` + p + `/__typename","path":"` + p + `/kind"},`)
		// An object of more than eight members is compared by sorting.
		ops.WriteString(`{"op":"test","path":"/meta","value":{"j":10,"i":9,"h":8,"g":7,"f":6,"e":5,"d":4,"c":3,"b":2,"a":1.0}},`)
	}
	ops.WriteString(`{"op":"remove","path":"/data/topProducts/0"}]`)
	var buf []byte
	var err error
	return patchLoop(doc, []byte(ops.String()), (*graft.Doc).Patch, &buf, &err), func(tb testing.TB) {
		if err != nil {
			tb.Fatal(err)
		}
		if !bytes.Contains(buf, []byte(`{"upc":"3","name":"Product 3","price":1.5,"tags":["new","Product 3"],"kind":"Product"}`)) {
			tb.Fatalf("patched: %s", clip(string(buf)))
		}
	}
}

func setupMergePatchAllocs(tb testing.TB) (func(), func(testing.TB)) {
	prods, _ := products(100)
	doc := []byte(prods)
	patch := []byte(`{"data":{"topProducts":[{"upc":"x"}],"meta":{"a":null,"b":{"c":1,"d":null}}},"extensions":{"cost":3}}`)
	var buf []byte
	var err error
	return patchLoop(doc, patch, (*graft.Doc).MergePatch, &buf, &err), func(tb testing.TB) {
		if err != nil || string(buf) != `{"data":{"topProducts":[{"upc":"x"}],"meta":{"b":{"c":1}}},"extensions":{"cost":3}}` {
			tb.Fatalf("%v: %s", err, buf)
		}
	}
}

// patchLoop returns an operation that parses doc and patch into one reused
// Doc, applies the patch with apply and prints the result into *out.
func patchLoop(doc, patch []byte, apply func(d *graft.Doc, target, patch graft.Ref) error, out *[]byte, err *error) func() {
	var d graft.Doc
	return func() {
		root, _ := d.Parse(doc)
		p, _ := d.Append(patch)
		*err = apply(&d, root, p)
		*out = d.AppendJSON((*out)[:0], root)
	}
}

func setupCanonicalAllocs(tb testing.TB) (func(), func(testing.TB)) {
	prods, _ := products(100)
	var d graft.Doc
	root := mustAppend(tb, &d, `{"z":[1.50,"caf\u00e9\u0001\"",{"y":1e3,"x":null}],"a":`+prods+`}`)
	var buf []byte
	var err error
	return func() {
			buf, err = d.AppendCanonical(buf[:0], root)
		}, func(tb testing.TB) {
			if err != nil || !bytes.HasSuffix(buf, []byte(`"z":[1.5,"café\u0001\"",{"x":null,"y":1000}]}`)) {
				tb.Fatalf("%v: %s", err, clip(string(buf)))
			}
		}
}
