package graft_test

import (
	"bytes"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/graftjson/graft"
)

// Allocation budgets of the warm paths: once a Doc (or a Pool) has grown
// to the working size, serving a request allocates nothing.

type allocCase struct {
	name string
	// setup prepares the state and returns the operation; check, if set,
	// verifies the operation's result once.
	setup func(tb testing.TB) (op func(), check func(tb testing.TB))
}

func TestAllocs(t *testing.T) { eachParser(t, testAllocs) }

func testAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	if testing.CoverMode() != "" {
		t.Skip("allocation counts are not meaningful with coverage instrumentation")
	}
	for _, c := range allocCases {
		t.Run(c.name, func(t *testing.T) {
			op, check := c.setup(t)
			for i := 0; i < 3; i++ { // warm up: let every buffer grow
				op()
			}
			if check != nil {
				check(t)
			}
			if n := testing.AllocsPerRun(100, op); n != 0 {
				t.Fatalf("%v allocations per run, want 0", n)
			}
		})
	}
}

const (
	s1Base = `{"a":1}`
	s1AtB  = `{"c":3}`
	s1AtBC = `{"d":5}`
	s1Bool = `{"bool":true}`
	s1Want = `{"a":1,"b":{"c":{"d":true}}}`
)

var allocCases = []allocCase{
	{name: "Parse", setup: func(tb testing.TB) (func(), func(testing.TB)) {
		src := []byte(stdIndent(tb, deepDoc(3), "", "  "))
		var d graft.Doc
		var err error
		return func() { _, err = d.Parse(src) }, func(tb testing.TB) {
			if err != nil {
				tb.Fatal(err)
			}
		}
	}},
	{name: "Parse and AppendJSON", setup: func(tb testing.TB) (func(), func(testing.TB)) {
		prods, _ := products(100)
		src := []byte(prods)
		var d graft.Doc
		var buf []byte
		return func() {
				r, _ := d.Parse(src)
				buf = d.AppendJSON(buf[:0], r)
			}, func(tb testing.TB) {
				if string(buf) != prods {
					tb.Fatalf("round trip: %s", clip(string(buf)))
				}
			}
	}},
	{name: "S1 merge sequence", setup: func(tb testing.TB) (func(), func(testing.TB)) {
		d := graft.New(graft.Options{Conflict: graft.ConflictReplace})
		base, atB, atBC, boolDoc := []byte(s1Base), []byte(s1AtB), []byte(s1AtBC), []byte(s1Bool)
		var buf []byte
		var err error
		return func() {
				d.Reset()
				root, _ := d.Append(base)
				c, _ := d.Append(atB)
				err = d.MergeAt(root, "/b", c)
				c, _ = d.Append(atBC)
				if e := d.MergeAt(root, "/b/c", c); e != nil {
					err = e
				}
				bd, _ := d.Append(boolDoc)
				v, _ := d.Find(bd, "/bool")
				if e := d.MergeAt(root, "/b/c/d", v); e != nil {
					err = e
				}
				buf = d.AppendJSON(buf[:0], root)
			}, func(tb testing.TB) {
				if err != nil || string(buf) != s1Want {
					tb.Fatalf("S1: %s, %v", buf, err)
				}
			}
	}},
	{name: "merge sequence under ConflictError", setup: func(tb testing.TB) (func(), func(testing.TB)) {
		var d graft.Doc
		base, atB, atBC := []byte(`{"a":1,"b":{"x":[1,2]}}`), []byte(`{"c":3,"x":[3,4]}`), []byte(`{"d":{"e":5}}`)
		var buf []byte
		var err error
		return func() {
				d.Reset()
				root, _ := d.Append(base)
				c, _ := d.Append(atB)
				err = d.MergeAt(root, "/b", c)
				c, _ = d.Append(atBC)
				if e := d.Merge(root, c); e != nil {
					err = e
				}
				buf = d.AppendJSON(buf[:0], root)
			}, func(tb testing.TB) {
				if err != nil || string(buf) != `{"a":1,"b":{"x":[3,4],"c":3},"d":{"e":5}}` {
					tb.Fatalf("merge: %s, %v", buf, err)
				}
			}
	}},
	{name: "S4 entity splice", setup: func(tb testing.TB) (func(), func(testing.TB)) {
		prods, ents := products(100)
		p, e := []byte(prods), []byte(ents)
		var d graft.Doc
		var targets []graft.Ref
		var buf []byte
		var err error
		return func() {
				root, _ := d.Parse(p)
				b, _ := d.Append(e)
				list, _ := d.Find(root, "/data/topProducts")
				targets = targets[:0]
				for _, v := range d.Items(list) {
					targets = append(targets, v)
				}
				src, _ := d.Find(b, "/data/_entities")
				err = d.MergeEach(targets, src)
				data, _ := d.Find(root, "/data")
				buf = d.AppendJSON(buf[:0], data)
			}, func(tb testing.TB) {
				if err != nil || len(targets) != 100 {
					tb.Fatalf("S4: %v, %d targets", err, len(targets))
				}
				want := `{"topProducts":[{"__typename":"Product","upc":"0","name":"Product 0","price":100,"shippingEstimate":0,"inStock":true},`
				if string(buf[:len(want)]) != want {
					tb.Fatalf("S4 output: %s", clip(string(buf)))
				}
			}
	}},
	{name: "reads", setup: func(tb testing.TB) (func(), func(testing.TB)) {
		var d graft.Doc
		root := mustAppend(tb, &d, `{"user":{"id":12345678901234,"name":"Ad\u00e1 \"L\"","score":2.5,"ok":true,"tags":["a","b","c"],"big":1e400}}`)
		path := graft.Path{"user", "tags", "2"}
		var buf []byte
		var i64 int64
		var u64 uint64
		var f64 float64
		var ok, eq bool
		var n int
		return func() {
				user := d.Member(root, "user")
				i64, _ = d.Int64(d.Member(user, "id"))
				u64, _ = d.Uint64(d.Member(user, "id"))
				f64, _ = d.Float64(d.Member(user, "score"))
				d.Int64(d.Member(user, "big"))  // ErrRange, a sentinel
				d.Int64(d.Member(user, "name")) // ErrKind
				buf, _ = d.AppendString(buf[:0], d.Member(user, "name"))
				eq = d.Equals(d.Member(user, "name"), `Adá "L"`)
				ok, _ = d.Bool(d.Member(user, "ok"))
				v, _ := d.Find(root, "/user/tags/1")
				buf, _ = d.AppendString(buf, v)
				buf, _ = d.AppendString(buf, d.Get(root, path...))
				buf = append(buf, d.Raw(d.Index(d.Member(user, "tags"), 0))...)
				n = d.Len(d.Member(user, "tags"))
				for k, v := range d.Members(user) {
					_ = d.Kind(k) + d.Kind(v)
				}
				for _, v := range d.Items(d.Member(user, "tags")) {
					_ = d.Kind(v)
				}
			}, func(tb testing.TB) {
				if i64 != 12345678901234 || u64 != 12345678901234 || f64 != 2.5 || !ok || !eq || n != 3 || string(buf) != `Adá "L"bc"a"` {
					tb.Fatalf("reads: %d %d %v %v %v %d %q", i64, u64, f64, ok, eq, n, buf)
				}
			}
	}},
	{name: "AppendIndent", setup: func(tb testing.TB) (func(), func(testing.TB)) {
		var d graft.Doc
		r := mustAppend(tb, &d, deepDoc(2))
		var buf []byte
		return func() { buf = d.AppendIndent(buf[:0], r, "", "  ") }, nil
	}},
	{name: "WriteJSON", setup: func(tb testing.TB) (func(), func(testing.TB)) {
		var d graft.Doc
		r := mustAppend(tb, &d, deepDoc(2))
		return func() { d.WriteJSON(io.Discard, r) }, nil
	}},
	{name: "WriteIndent and WriteCanonical", setup: func(tb testing.TB) (func(), func(testing.TB)) {
		var d graft.Doc
		r := mustAppend(tb, &d, deepDoc(3))
		var w bytes.Buffer
		var err1, err2 error
		return func() {
				w.Reset()
				err1 = d.WriteIndent(&w, r, "", "  ")
				err2 = d.WriteCanonical(&w, r)
			}, func(tb testing.TB) {
				want := string(d.AppendIndent(nil, r, "", "  "))
				c, _ := d.AppendCanonical(nil, r)
				if err1 != nil || err2 != nil || w.String() != want+string(c) {
					tb.Fatalf("%v, %v: %s", err1, err2, clip(w.String()))
				}
			}
	}},
	{name: "edits", setup: func(tb testing.TB) (func(), func(testing.TB)) {
		src := []byte(`{"a":{"b":[1,2,3]},"c":"x"}`)
		var d graft.Doc
		var buf []byte
		return func() {
				root, _ := d.Parse(src)
				a := d.Member(root, "a")
				d.Set(a, "n", d.NewInt(7))
				d.AppendItem(d.Member(a, "b"), d.NewString("s"))
				d.DeleteItem(d.Member(a, "b"), 0)
				d.Delete(root, "c")
				buf = d.AppendJSON(buf[:0], root)
			}, func(tb testing.TB) {
				if string(buf) != `{"a":{"b":[2,3,"s"],"n":7}}` {
					tb.Fatalf("edits: %s", buf)
				}
			}
	}},
	{name: "Pool Get and Put", setup: func(tb testing.TB) (func(), func(testing.TB)) {
		p := graft.NewPool(graft.Options{})
		src := []byte(`{"a":[1,2,3],"b":{"c":"d"}}`)
		var buf []byte
		return func() {
				d := p.Get()
				r, _ := d.Parse(src)
				buf = d.AppendJSON(buf[:0], r)
				p.Put(d)
			}, func(tb testing.TB) {
				if string(buf) != string(src) {
					tb.Fatalf("pool: %s", buf)
				}
			}
	}},
	// The transforms: a warm Doc parses a document and a patch, applies
	// it and prints the result without allocating; canonical printing
	// reuses pooled sorting buffers.
	{name: "Patch", setup: setupPatchAllocs},
	{name: "MergePatch", setup: setupMergePatchAllocs},
	{name: "AppendCanonical", setup: setupCanonicalAllocs},
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
