package graft_test

import (
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/graftjson/graft"
)

// forms returns the text of doc in the forms a test should run on:
// compact, and indented (whose parsed spans hold whitespace).
func forms(tb testing.TB, doc string) map[string]string {
	return map[string]string{"compact": stdCompact(tb, doc), "indented": stdIndent(tb, doc, "", "  ")}
}

func TestSet(t *testing.T) {
	cases := []struct {
		name, doc, member, value, want string
	}{
		{name: "new member in empty object", doc: `{}`, member: "a", value: `1`, want: `{"a":1}`},
		{name: "new member appended last", doc: `{"x":1,"y":2}`, member: "a", value: `3`, want: `{"x":1,"y":2,"a":3}`},
		{name: "replace first", doc: `{"a":1,"b":2}`, member: "a", value: `3`, want: `{"a":3,"b":2}`},
		{name: "replace last", doc: `{"a":1,"b":2}`, member: "b", value: `3`, want: `{"a":1,"b":3}`},
		{name: "replace container by scalar", doc: `{"a":{"x":[1,2]},"b":0}`, member: "a", value: `null`, want: `{"a":null,"b":0}`},
		{name: "replace scalar by container", doc: `{"a":1}`, member: "a", value: `{"x":[1,{"y":2}]}`, want: `{"a":{"x":[1,{"y":2}]}}`},
		{name: "duplicates: the last is set", doc: `{"a":1,"b":2,"a":3}`, member: "a", value: `4`, want: `{"a":1,"b":2,"a":4}`},
		{name: "name matched after decoding", doc: `{"\u0061":1}`, member: "a", value: `2`, want: `{"\u0061":2}`},
		{name: "non-ASCII name matched after decoding", doc: `{"caf\u00e9":1}`, member: "café", value: `2`, want: `{"caf\u00e9":2}`},
		{name: "new name escaped", doc: `{}`, member: "a\"b\\c\n", value: `1`, want: `{"a\"b\\c\n":1}`},
		{name: "empty name", doc: `{"":1}`, member: "", value: `2`, want: `{"":2}`},
		{name: "name that is a prefix", doc: `{"ab":1}`, member: "a", value: `2`, want: `{"ab":1,"a":2}`},
		{name: "string value with escapes kept", doc: `{"a":1}`, member: "a", value: `"x\u0041\n"`, want: `{"a":"x\u0041\n"}`},
	}
	for _, tc := range cases {
		for form, doc := range forms(t, tc.doc) {
			t.Run(tc.name+"/"+form, func(t *testing.T) {
				var d graft.Doc
				wrap := mustAppend(t, &d, `{"before":[1],"obj":`+doc+`,"after":{"z":true}}`)
				obj := d.Member(wrap, "obj")
				v := mustAppend(t, &d, tc.value)
				if err := d.Set(obj, tc.member, v); err != nil {
					t.Fatal(err)
				}
				if got := compact(&d, obj); got != tc.want {
					t.Fatalf("prints %s, want %s", got, tc.want)
				}
				want := `{"before":[1],"obj":` + tc.want + `,"after":{"z":true}}`
				if got := compact(&d, wrap); got != want {
					t.Fatalf("the enclosing document prints %s, want %s", got, want)
				}
				if got := string(d.AppendIndent(nil, wrap, "", "\t")); got != stdIndent(t, want, "", "\t") {
					t.Fatalf("indented:\n%s", got)
				}
				if d.Member(obj, tc.member) != v {
					t.Fatal("Member does not return the value just set")
				}
				checkSpans(t, &d, wrap)
			})
		}
	}
}

func TestDelete(t *testing.T) {
	cases := []struct {
		name, doc, member string
		found             bool
		want              string
		then              string // a member set after the delete, to check the end of the chain
		wantThen          string
	}{
		{name: "first", doc: `{"a":1,"b":2,"c":3}`, member: "a", found: true, want: `{"b":2,"c":3}`, then: "d", wantThen: `{"b":2,"c":3,"d":0}`},
		{name: "middle", doc: `{"a":1,"b":2,"c":3}`, member: "b", found: true, want: `{"a":1,"c":3}`, then: "d", wantThen: `{"a":1,"c":3,"d":0}`},
		{name: "last", doc: `{"a":1,"b":2,"c":3}`, member: "c", found: true, want: `{"a":1,"b":2}`, then: "d", wantThen: `{"a":1,"b":2,"d":0}`},
		{name: "only", doc: `{"a":1}`, member: "a", found: true, want: `{}`, then: "d", wantThen: `{"d":0}`},
		{name: "every occurrence", doc: `{"a":1,"b":2,"a":3,"a":4}`, member: "a", found: true, want: `{"b":2}`, then: "a", wantThen: `{"b":2,"a":0}`},
		{name: "every occurrence, all members", doc: `{"a":1,"a":2}`, member: "a", found: true, want: `{}`, then: "b", wantThen: `{"b":0}`},
		{name: "escaped occurrence", doc: `{"\u0061":1,"b":2,"a":3}`, member: "a", found: true, want: `{"b":2}`, then: "c", wantThen: `{"b":2,"c":0}`},
		{name: "absent", doc: `{"a":1}`, member: "b", found: false, want: `{"a":1}`, then: "a", wantThen: `{"a":0}`},
		{name: "absent prefix", doc: `{"ab":1}`, member: "a", found: false, want: `{"ab":1}`, then: "b", wantThen: `{"ab":1,"b":0}`},
		{name: "empty object", doc: `{}`, member: "a", found: false, want: `{}`, then: "a", wantThen: `{"a":0}`},
	}
	for _, tc := range cases {
		for form, doc := range forms(t, tc.doc) {
			t.Run(tc.name+"/"+form, func(t *testing.T) {
				var d graft.Doc
				wrap := mustAppend(t, &d, `[`+doc+`,{"x":[]}]`)
				obj := d.Index(wrap, 0)
				if found := d.Delete(obj, tc.member); found != tc.found {
					t.Fatalf("Delete = %v, want %v", found, tc.found)
				}
				if got := compact(&d, wrap); got != `[`+tc.want+`,{"x":[]}]` {
					t.Fatalf("prints %s, want [%s,...]", got, tc.want)
				}
				if d.Member(obj, tc.member) != 0 {
					t.Fatal("the member is still found")
				}
				d.Set(obj, tc.then, d.NewInt(0))
				if got := compact(&d, obj); got != tc.wantThen {
					t.Fatalf("after Set(%q): %s, want %s", tc.then, got, tc.wantThen)
				}
				if got := string(d.AppendIndent(nil, wrap, "", " ")); got != stdIndent(t, compact(&d, wrap), "", " ") {
					t.Fatalf("indented:\n%s", got)
				}
				checkSpans(t, &d, wrap)
			})
		}
	}
}

// itemOp is one array edit: "append", "insert", "set" or "delete".
type itemOp struct {
	op    string
	i     int
	value string
	err   error
}

func (o itemOp) apply(d *graft.Doc, arr graft.Ref, v graft.Ref) error {
	switch o.op {
	case "append":
		return d.AppendItem(arr, v)
	case "insert":
		return d.InsertItem(arr, o.i, v)
	case "set":
		return d.SetItem(arr, o.i, v)
	case "delete":
		return d.DeleteItem(arr, o.i)
	}
	panic("unknown op " + o.op)
}

func TestItemEdits(t *testing.T) {
	nf := graft.ErrNotFound
	cases := []struct {
		name string
		arr  string
		ops  []itemOp
		want string
	}{
		{name: "append to empty", arr: `[]`, ops: []itemOp{{op: "append", value: `1`}}, want: `[1]`},
		{name: "append", arr: `[1,2]`, ops: []itemOp{{op: "append", value: `3`}}, want: `[1,2,3]`},
		{name: "append container", arr: `[1]`, ops: []itemOp{{op: "append", value: `{"a":[2]}`}}, want: `[1,{"a":[2]}]`},
		{name: "append twice", arr: `[1]`, ops: []itemOp{{op: "append", value: `2`}, {op: "append", value: `[3]`}}, want: `[1,2,[3]]`},
		{name: "insert front", arr: `[1,2]`, ops: []itemOp{{op: "insert", i: 0, value: `0`}}, want: `[0,1,2]`},
		{name: "insert middle", arr: `[1,2]`, ops: []itemOp{{op: "insert", i: 1, value: `"x"`}}, want: `[1,"x",2]`},
		{name: "insert at Len appends", arr: `[1,2]`, ops: []itemOp{{op: "insert", i: 2, value: `3`}}, want: `[1,2,3]`},
		{name: "insert into empty", arr: `[]`, ops: []itemOp{{op: "insert", i: 0, value: `1`}}, want: `[1]`},
		{name: "insert past Len", arr: `[1,2]`, ops: []itemOp{{op: "insert", i: 3, value: `3`, err: nf}}, want: `[1,2]`},
		{name: "insert negative", arr: `[1,2]`, ops: []itemOp{{op: "insert", i: -1, value: `3`, err: nf}}, want: `[1,2]`},
		{name: "insert front twice", arr: `[1]`, ops: []itemOp{{op: "insert", i: 0, value: `"b"`}, {op: "insert", i: 0, value: `"a"`}}, want: `["a","b",1]`},
		{name: "insert container then append", arr: `[1]`, ops: []itemOp{{op: "insert", i: 0, value: `{}`}, {op: "append", value: `2`}}, want: `[{},1,2]`},
		{name: "set first", arr: `[1,2,3]`, ops: []itemOp{{op: "set", i: 0, value: `9`}}, want: `[9,2,3]`},
		{name: "set middle", arr: `[1,2,3]`, ops: []itemOp{{op: "set", i: 1, value: `{"x":1}`}}, want: `[1,{"x":1},3]`},
		{name: "set last then append", arr: `[1,2,3]`, ops: []itemOp{{op: "set", i: 2, value: `9`}, {op: "append", value: `4`}}, want: `[1,2,9,4]`},
		{name: "set at Len", arr: `[1,2]`, ops: []itemOp{{op: "set", i: 2, value: `9`, err: nf}}, want: `[1,2]`},
		{name: "set negative", arr: `[1,2]`, ops: []itemOp{{op: "set", i: -1, value: `9`, err: nf}}, want: `[1,2]`},
		{name: "set in empty", arr: `[]`, ops: []itemOp{{op: "set", i: 0, value: `9`, err: nf}}, want: `[]`},
		{name: "delete first", arr: `[1,2,3]`, ops: []itemOp{{op: "delete", i: 0}}, want: `[2,3]`},
		{name: "delete middle", arr: `[1,2,3]`, ops: []itemOp{{op: "delete", i: 1}}, want: `[1,3]`},
		{name: "delete last then append", arr: `[1,2,3]`, ops: []itemOp{{op: "delete", i: 2}, {op: "append", value: `4`}}, want: `[1,2,4]`},
		{name: "delete only then append", arr: `[1]`, ops: []itemOp{{op: "delete", i: 0}, {op: "append", value: `2`}}, want: `[2]`},
		{name: "delete all", arr: `[1,2]`, ops: []itemOp{{op: "delete", i: 0}, {op: "delete", i: 0}}, want: `[]`},
		{name: "delete at Len", arr: `[1,2]`, ops: []itemOp{{op: "delete", i: 2, err: nf}}, want: `[1,2]`},
		{name: "delete negative", arr: `[1,2]`, ops: []itemOp{{op: "delete", i: -1, err: nf}}, want: `[1,2]`},
		{name: "delete in empty", arr: `[]`, ops: []itemOp{{op: "delete", i: 0, err: nf}}, want: `[]`},
		{name: "insert then delete it", arr: `[1,2]`, ops: []itemOp{{op: "insert", i: 1, value: `[]`}, {op: "delete", i: 1}}, want: `[1,2]`},
		{name: "set container then set inside", arr: `[[0],[1]]`, ops: []itemOp{{op: "set", i: 1, value: `[5]`}, {op: "insert", i: 2, value: `6`}}, want: `[[0],[5],6]`},
	}
	for _, tc := range cases {
		for _, form := range []string{"parsed compact", "parsed indented", "built"} {
			t.Run(tc.name+"/"+form, func(t *testing.T) {
				var d graft.Doc
				var wrap, arr graft.Ref
				switch form {
				case "parsed compact":
					wrap = mustAppend(t, &d, `{"a":`+tc.arr+`,"b":[true]}`)
					arr = d.Member(wrap, "a")
				case "parsed indented":
					wrap = mustAppend(t, &d, stdIndent(t, `{"a":`+tc.arr+`,"b":[true]}`, "", "  "))
					arr = d.Member(wrap, "a")
				case "built":
					wrap = d.NewObject()
					arr = d.NewArray()
					for _, v := range d.Items(mustAppend(t, &d, tc.arr)) {
						d.AppendItem(arr, v)
					}
					d.Set(wrap, "a", arr)
					d.Set(wrap, "b", mustAppend(t, &d, `[true]`))
				}
				for _, op := range tc.ops {
					var v graft.Ref
					if op.value != "" {
						v = mustAppend(t, &d, op.value)
					}
					if err := op.apply(&d, arr, v); err != op.err {
						t.Fatalf("%s(%d, %s) = %v, want %v", op.op, op.i, op.value, err, op.err)
					}
				}
				if got := compact(&d, arr); got != tc.want {
					t.Fatalf("prints %s, want %s", got, tc.want)
				}
				if got := compact(&d, wrap); got != `{"a":`+tc.want+`,"b":[true]}` {
					t.Fatalf("the enclosing document prints %s", got)
				}
				if got := string(d.AppendIndent(nil, wrap, "", "  ")); got != stdIndent(t, compact(&d, wrap), "", "  ") {
					t.Fatalf("indented:\n%s", got)
				}
				if n := d.Len(arr); n != len(itemTexts(&d, arr)) {
					t.Fatalf("Len = %d, but Items yields %d", n, len(itemTexts(&d, arr)))
				}
				checkSpans(t, &d, wrap)
			})
		}
	}
}

func itemTexts(d *graft.Doc, arr graft.Ref) []string {
	var s []string
	for _, v := range d.Items(arr) {
		s = append(s, compact(d, v))
	}
	return s
}

// TestEditWrongKind: editing a value of the wrong kind, or with an invalid
// value, returns ErrKind and changes nothing.
func TestEditWrongKind(t *testing.T) {
	var d graft.Doc
	root := mustAppend(t, &d, `{"o":{"a":1},"a":[1],"s":"x","n":null}`)
	before, size := compact(&d, root), d.Size()
	obj, arr, str := d.Member(root, "o"), d.Member(root, "a"), d.Member(root, "s")
	one := d.NewInt(1)
	size = d.Size()
	checks := map[string]error{
		"Set on array":           d.Set(arr, "x", one),
		"Set on string":          d.Set(str, "x", one),
		"Set on zero Ref":        d.Set(0, "x", one),
		"Set of zero Ref":        d.Set(obj, "a", 0),
		"Set of Ref past end":    d.Set(obj, "a", graft.Ref(1<<30)),
		"AppendItem on object":   d.AppendItem(obj, one),
		"AppendItem of zero Ref": d.AppendItem(arr, 0),
		"InsertItem on string":   d.InsertItem(str, 0, one),
		"InsertItem of zero Ref": d.InsertItem(arr, 0, 0),
		"SetItem on object":      d.SetItem(obj, 0, one),
		"SetItem of zero Ref":    d.SetItem(arr, 0, 0),
		"DeleteItem on object":   d.DeleteItem(obj, 0),
		"DeleteItem on zero Ref": d.DeleteItem(0, 0),
	}
	for name, err := range checks {
		if !errors.Is(err, graft.ErrKind) {
			t.Errorf("%s: %v, want ErrKind", name, err)
		}
	}
	if d.Delete(arr, "x") || d.Delete(0, "x") || d.Delete(str, "x") {
		t.Error("Delete on a non-object reports a deletion")
	}
	if compact(&d, root) != before || d.Size() != size {
		t.Fatalf("refused edits changed the Doc: %s", compact(&d, root))
	}
}

// TestEditParsedDocument edits an indented parsed document in several
// places and checks that the output shows exactly the edits.
func TestEditParsedDocument(t *testing.T) {
	in := `{
  "id": "u1",
  "profile": {
    "name": "Ada",
    "langs": ["en", "fr"],
    "address": {"city": "London", "zip": "N1"}
  },
  "orders": [
    {"id": 1, "items": [{"sku": "a", "qty": 1}]},
    {"id": 2, "items": []}
  ],
  "flags": {"beta": true}
}`
	var d graft.Doc
	root := mustAppend(t, &d, in)
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	find := func(p string) graft.Ref {
		t.Helper()
		r, err := d.Find(root, p)
		if err != nil || r == 0 {
			t.Fatalf("Find(%q) = %d, %v", p, r, err)
		}
		return r
	}
	must(d.Set(find("/profile/address"), "city", d.NewString("Paris")))
	must(d.AppendItem(find("/profile/langs"), d.NewString("de")))
	qty := d.NewInt(3)
	must(d.Set(find("/orders/0/items/0"), "qty", qty))
	must(d.AppendItem(find("/orders/1/items"), mustAppend(t, &d, `{"sku": "b", "qty": 2}`)))
	must(d.InsertItem(find("/orders"), 0, mustAppend(t, &d, `{"id":0}`)))
	if !d.Delete(find("/flags"), "beta") {
		t.Fatal("Delete /flags/beta")
	}
	must(d.Set(root, "id", d.NewString("u2")))

	want := `{"id":"u2","profile":{"name":"Ada","langs":["en","fr","de"],"address":{"city":"Paris","zip":"N1"}},` +
		`"orders":[{"id":0},{"id":1,"items":[{"sku":"a","qty":3}]},{"id":2,"items":[{"sku":"b","qty":2}]}],"flags":{}}`
	if got := compact(&d, root); got != want {
		t.Fatalf("compact:\n got %s\nwant %s", got, want)
	}
	if got := string(d.AppendIndent(nil, root, "", "  ")); got != stdIndent(t, want, "", "  ") {
		t.Fatalf("indented:\n%s", got)
	}
	// Untouched parts still print as received.
	if got := compact(&d, find("/profile/address")); got != `{"city":"Paris","zip":"N1"}` {
		t.Fatalf("/profile/address: %s", got)
	}
	if got := compact(&d, find("/orders/1/items/0")); got != `{"sku":"a","qty":3}` {
		t.Fatalf("/orders/1/items/0: %s", got)
	}
	checkSpans(t, &d, root)
}

// TestSharing: attaching never copies, so a container attached in two
// places is one value; Copy makes an independent one.
func TestSharing(t *testing.T) {
	t.Run("built object in two members", func(t *testing.T) {
		var d graft.Doc
		root, c := d.NewObject(), d.NewObject()
		d.Set(root, "a", c)
		d.Set(root, "b", c)
		d.Set(c, "x", d.NewInt(1))
		if got := compact(&d, root); got != `{"a":{"x":1},"b":{"x":1}}` {
			t.Fatalf("got %s", got)
		}
	})
	t.Run("parsed object in two members", func(t *testing.T) {
		var d graft.Doc
		root := mustAppend(t, &d, `{"a":{"k":1},"b":null}`)
		c := d.Member(root, "a")
		d.Set(root, "b", c)
		d.Set(c, "z", d.NewInt(2))
		if got := compact(&d, root); got != `{"a":{"k":1,"z":2},"b":{"k":1,"z":2}}` {
			t.Fatalf("got %s", got)
		}
		checkSpans(t, &d, root)
	})
	t.Run("array item twice", func(t *testing.T) {
		var d graft.Doc
		root := mustAppend(t, &d, `[]`)
		c := mustAppend(t, &d, `[1]`)
		d.AppendItem(root, c)
		d.AppendItem(root, c)
		d.AppendItem(c, d.NewInt(2))
		if got := compact(&d, root); got != `[[1,2],[1,2]]` {
			t.Fatalf("got %s", got)
		}
	})
	t.Run("object member and array item", func(t *testing.T) {
		var d graft.Doc
		root := mustAppend(t, &d, `{"o":{"v":1},"l":[]}`)
		o := d.Member(root, "o")
		d.AppendItem(d.Member(root, "l"), o)
		d.Set(o, "w", d.NewInt(2))
		if got := compact(&d, root); got != `{"o":{"v":1,"w":2},"l":[{"v":1,"w":2}]}` {
			t.Fatalf("got %s", got)
		}
	})
	t.Run("scalar in an object and an array", func(t *testing.T) {
		var d graft.Doc
		root := mustAppend(t, &d, `{"x":1,"l":[]}`)
		x := d.Member(root, "x")
		d.AppendItem(d.Member(root, "l"), x)
		if err := d.Merge(x, d.NewInt(2)); err != nil {
			t.Fatal(err)
		}
		if got := compact(&d, root); got != `{"x":2,"l":[2]}` {
			t.Fatalf("got %s, want the merge to show in both places", got)
		}
	})
	t.Run("Copy is independent", func(t *testing.T) {
		var d graft.Doc
		root := mustAppend(t, &d, `{"a":{"k":[1,{"deep":true}]}}`)
		a := d.Member(root, "a")
		cp := d.Copy(a)
		if cp == 0 || cp == a {
			t.Fatalf("Copy = %d", cp)
		}
		if got := compact(&d, cp); got != `{"k":[1,{"deep":true}]}` {
			t.Fatalf("copy prints %s", got)
		}
		d.Set(root, "b", cp)
		d.Set(a, "only_a", d.NewInt(1))
		d.AppendItem(d.Member(cp, "k"), d.NewInt(2))
		deep, _ := d.Find(cp, "/k/1")
		d.Set(deep, "deep", d.NewBool(false))
		want := `{"a":{"k":[1,{"deep":true}],"only_a":1},"b":{"k":[1,{"deep":false},2]}}`
		if got := compact(&d, root); got != want {
			t.Fatalf("got %s, want %s", got, want)
		}
		checkSpans(t, &d, root)
	})
	t.Run("Copy of built values with linked items", func(t *testing.T) {
		var d graft.Doc
		arr := d.NewArray()
		inner := mustAppend(t, &d, `{"x":1}`)
		d.AppendItem(arr, inner)
		d.AppendItem(arr, d.NewString("s"))
		cp := d.Copy(arr)
		d.Set(inner, "y", d.NewInt(2))
		if got := compact(&d, cp); got != `[{"x":1},"s"]` {
			t.Fatalf("copy prints %s", got)
		}
		if got := compact(&d, arr); got != `[{"x":1,"y":2},"s"]` {
			t.Fatalf("original prints %s", got)
		}
	})
	t.Run("Copy of built containers", func(t *testing.T) {
		var d graft.Doc
		obj := d.NewObject()
		d.Set(obj, "a", d.NewInt(1))
		arr := d.NewArray()
		d.AppendItem(arr, obj)
		d.AppendItem(arr, d.NewNull())
		cp := d.Copy(arr)
		d.Set(obj, "b", d.NewInt(2))
		if got := compact(&d, cp); got != `[{"a":1},null]` {
			t.Fatalf("copy prints %s", got)
		}
	})
	t.Run("Copy of an edited parsed container", func(t *testing.T) {
		var d graft.Doc
		obj := mustAppend(t, &d, `{"a":1,"b":2}`)
		d.Delete(obj, "a")
		cp := d.Copy(obj)
		d.Set(obj, "c", d.NewInt(3))
		if got := compact(&d, cp); got != `{"b":2}` {
			t.Fatalf("copy prints %s", got)
		}
	})
	t.Run("Copy of a parsed container", func(t *testing.T) {
		var d graft.Doc
		obj := mustAppend(t, &d, `{"x":1}`)
		if got := compact(&d, d.Copy(obj)); got != `{"x":1}` {
			t.Fatalf("copy prints %s", got)
		}
	})
	t.Run("Copy of scalars and nothing", func(t *testing.T) {
		var d graft.Doc
		s := mustAppend(t, &d, `"ab"`)
		if cp := d.Copy(s); compact(&d, cp) != `"ab"` || cp == s {
			t.Fatalf("copy of a string: %s", compact(&d, cp))
		}
		if d.Copy(0) != 0 || d.Copy(graft.Ref(1<<30)) != 0 {
			t.Fatal("Copy of an invalid Ref")
		}
	})
}

// TestNameRefs: Members yields names as Refs that read as strings, but a
// name is part of its object's chain. Merging into one is ErrKind; using one
// as a value (attached, copied, merged in) takes a new string with its
// text, so that no later edit reaches the object through it.
func TestNameRefs(t *testing.T) {
	cases := []struct {
		name string
		// use gets the Doc, the object {"a":1,"b":2} and the Ref of its
		// name "a"; it returns the value that should now read "a", or 0
		// if it only checks an error.
		use func(t *testing.T, d *graft.Doc, name graft.Ref) graft.Ref
	}{
		{"Merge into a name", func(t *testing.T, d *graft.Doc, name graft.Ref) graft.Ref {
			if err := d.Merge(name, d.NewString("zz")); !errors.Is(err, graft.ErrKind) {
				t.Errorf("Merge: %v, want ErrKind", err)
			}
			return 0
		}},
		{"MergeAt into a name", func(t *testing.T, d *graft.Doc, name graft.Ref) graft.Ref {
			if err := d.MergeAt(name, "", d.NewString(strings.Repeat("z", 40))); !errors.Is(err, graft.ErrKind) {
				t.Errorf("MergeAt: %v, want ErrKind", err)
			}
			return 0
		}},
		{"MergeEach into a name", func(t *testing.T, d *graft.Doc, name graft.Ref) graft.Ref {
			if err := d.MergeEach([]graft.Ref{name}, mustAppend(t, d, `["zz"]`)); !errors.Is(err, graft.ErrKind) {
				t.Errorf("MergeEach: %v, want ErrKind", err)
			}
			return 0
		}},
		{"MergePatch or Patch of a name", func(t *testing.T, d *graft.Doc, name graft.Ref) graft.Ref {
			if err := d.MergePatch(name, d.NewString("zz")); !errors.Is(err, graft.ErrKind) {
				t.Errorf("MergePatch: %v, want ErrKind", err)
			}
			ops := mustAppend(t, d, `[{"op":"replace","path":"","value":"zz"}]`)
			if err := d.Patch(name, ops); !errors.Is(err, graft.ErrKind) {
				t.Errorf("Patch: %v, want ErrKind", err)
			}
			return 0
		}},
		{"Set, then merge into the member", func(t *testing.T, d *graft.Doc, name graft.Ref) graft.Ref {
			holder := d.NewObject()
			if err := d.Set(holder, "x", name); err != nil {
				t.Fatal(err)
			}
			if got := compact(d, holder); got != `{"x":"a"}` {
				t.Errorf("holder %s", got)
			}
			if err := d.Merge(holder, mustAppend(t, d, `{"x":"zz"}`)); err != nil {
				t.Fatal(err)
			}
			if got := compact(d, holder); got != `{"x":"zz"}` {
				t.Errorf("holder after Merge %s", got)
			}
			return 0
		}},
		{"AppendItem, then MergeEach into the item", func(t *testing.T, d *graft.Doc, name graft.Ref) graft.Ref {
			arr := d.NewArray()
			if err := d.AppendItem(arr, name); err != nil {
				t.Fatal(err)
			}
			if got := compact(d, arr); got != `["a"]` {
				t.Errorf("array %s", got)
			}
			if err := d.MergeEach([]graft.Ref{d.Index(arr, 0)}, mustAppend(t, d, `["zz"]`)); err != nil {
				t.Fatal(err)
			}
			return 0
		}},
		{"Copy", func(t *testing.T, d *graft.Doc, name graft.Ref) graft.Ref {
			c := d.Copy(name)
			if err := d.Merge(c, d.NewString("zz")); err != nil {
				t.Fatal(err)
			}
			if got := compact(d, c); got != `"zz"` {
				t.Errorf("copy after Merge: %s", got)
			}
			return d.Copy(name)
		}},
		{"merged in as src", func(t *testing.T, d *graft.Doc, name graft.Ref) graft.Ref {
			dst := mustAppend(t, d, `{"k":null,"m":5}`)
			if err := d.MergeAt(dst, "/k", name); err != nil {
				t.Fatal(err)
			}
			if err := d.MergeAt(dst, "/m", name); err != nil {
				t.Fatal(err)
			}
			if err := d.MergeAt(dst, "/n", name); err != nil {
				t.Fatal(err)
			}
			if got := compact(d, dst); got != `{"k":"a","m":"a","n":"a"}` {
				t.Errorf("dst %s", got)
			}
			for _, p := range []string{"/k", "/m", "/n"} {
				if err := d.MergeAt(dst, p, d.NewString(strings.Repeat("z", 40))); err != nil {
					t.Fatal(err)
				}
			}
			return 0
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := graft.New(graft.Options{Conflict: graft.ConflictReplace})
			root := mustAppend(t, d, `{"a":1,"b":2}`)
			var name graft.Ref
			for k := range d.Members(root) {
				name = k
				break
			}
			if v := c.use(t, d, name); v != 0 && compact(d, v) != `"a"` {
				t.Errorf("value taken from the name reads %s, want \"a\"", compact(d, v))
			}
			if got := compact(d, root); got != `{"a":1,"b":2}` {
				t.Errorf("the object of the name is now %s", got)
			}
			if got := string(slowPrint(nil, d, root)); got != `{"a":1,"b":2}` {
				t.Errorf("a walk of the object of the name gives %s", got)
			}
			checkSpans(t, d, root)
		})
	}
}

// TestNamesNotUTF8: a member built from a name that is not UTF-8 is
// written with U+FFFD for each such byte (as NewString writes it); Set,
// Member and Delete find it by the name as given. A name parsed with
// AllowInvalidUTF8 keeps its bytes and is found by them first.
func TestNamesNotUTF8(t *testing.T) {
	t.Run("built", func(t *testing.T) {
		d := graft.New(graft.Options{})
		obj := d.NewObject()
		for i := int64(1); i <= 2; i++ {
			if err := d.Set(obj, "k\xff", d.NewInt(i)); err != nil {
				t.Fatal(err)
			}
		}
		if got := compact(d, obj); got != "{\"k\uFFFD\":2}" {
			t.Errorf("two Sets: %s", got)
		}
		if v, err := d.Int64(d.Member(obj, "k\xff")); err != nil || v != 2 {
			t.Errorf("Member: %d, %v", v, err)
		}
		if !d.Delete(obj, "k\xff") || d.Len(obj) != 0 {
			t.Errorf("Delete left %s", compact(d, obj))
		}
	})
	t.Run("parsed with AllowInvalidUTF8", func(t *testing.T) {
		d := graft.New(graft.Options{AllowInvalidUTF8: true})
		obj := mustAppend(t, d, "{\"k\xff\":1}")
		if err := d.Set(obj, "k\xff", d.NewInt(2)); err != nil {
			t.Fatal(err)
		}
		if got := compact(d, obj); got != "{\"k\xff\":2}" {
			t.Errorf("Set: %s", got)
		}
		if err := d.Set(obj, "k\uFFFD", d.NewInt(3)); err != nil {
			t.Fatal(err)
		}
		if v, _ := d.Int64(d.Member(obj, "k\xff")); v != 2 {
			t.Errorf("Member by the raw bytes: %d, want 2", v)
		}
		if !d.Delete(obj, "k\xff") || d.Len(obj) != 0 {
			t.Errorf("Delete left %s", compact(d, obj))
		}
	})
}

// Edit sequences against a model: runOps reads a document and then a
// sequence of edits (Set, Delete, item edits, Copy, Merge, MergeAt,
// MergeEach under each conflict policy; shared values, duplicate and
// escaped names, indices at and past the ends) from fuzz bytes, applies
// each to the Doc and to a model of pointer-shared values (mval, see
// reference_test.go), and after every step checks that the two agree, that
// printing agrees with a walk of the tree, and that a failed merge changed
// nothing.

// bsrc hands out the fuzz bytes one at a time, then zeros.
type bsrc struct {
	b []byte
	i int
}

func (s *bsrc) next() int {
	if s.i >= len(s.b) {
		return 0
	}
	s.i++
	return int(s.b[s.i-1])
}
func (s *bsrc) done() bool { return s.i >= len(s.b) }

var seqNames = []string{"a", "b", "c", "\\u0061", "abcdefghi", "é", ""}
var seqDecoded = []string{"a", "b", "c", "a", "abcdefghi", "é", ""}
var seqScalars = []string{"1", "2", "null", "true", `"s"`, "1.0", `"\n"`}

// seqValue writes a small JSON value chosen by the bytes of s.
func seqValue(s *bsrc, depth int, sb *strings.Builder) {
	c := s.next()
	ws := ""
	if c&0x80 != 0 {
		ws = " "
	}
	switch {
	case depth > 2 || c%4 == 0:
		sb.WriteString(seqScalars[c/4%len(seqScalars)])
	case c%4 == 1 || c%4 == 3:
		n := s.next() % 4
		sb.WriteString("{" + ws)
		for i := 0; i < n; i++ {
			if i > 0 {
				sb.WriteString("," + ws)
			}
			sb.WriteString(`"` + seqNames[s.next()%len(seqNames)] + `"` + ws + ":")
			seqValue(s, depth+1, sb)
		}
		sb.WriteString(ws + "}")
	default:
		n := s.next() % 4
		sb.WriteString("[" + ws)
		for i := 0; i < n; i++ {
			if i > 0 {
				sb.WriteString("," + ws)
			}
			seqValue(s, depth+1, sb)
		}
		sb.WriteString(ws + "]")
	}
}

// pos is a value of the Doc and its model.
type pos struct {
	r graft.Ref
	m *mval
}

// collect appends every value under r (r included) with its model.
func collect(d *graft.Doc, r graft.Ref, m *mval, out []pos) []pos {
	out = append(out, pos{r, m})
	switch m.kind {
	case graft.Object:
		i := 0
		for _, v := range d.Members(r) {
			out = collect(d, v, m.vals[i], out)
			i++
		}
	case graft.Array:
		for i, v := range d.Items(r) {
			out = collect(d, v, m.vals[i], out)
		}
	}
	return out
}

// mcontains reports whether model value v is or holds t.
func mcontains(v, t *mval) bool {
	if v == t {
		return true
	}
	for _, c := range v.vals {
		if mcontains(c, t) {
			return true
		}
	}
	return false
}

// mcloneShared deep-copies m, keeping values shared inside it shared.
func mcloneShared(m *mval, memo map[*mval]*mval) *mval {
	if c, ok := memo[m]; ok {
		return c
	}
	c := &mval{kind: m.kind, raw: m.raw, names: append([]string(nil), m.names...)}
	memo[m] = c
	for _, v := range m.vals {
		c.vals = append(c.vals, mcloneShared(v, memo))
	}
	return c
}

// unalias gives every model value under m slices of its own, so that a
// merged model shares values but no member or item lists.
func unalias(m *mval, seen map[*mval]bool) {
	if seen[m] {
		return
	}
	seen[m] = true
	m.names = append([]string(nil), m.names...)
	m.vals = append([]*mval(nil), m.vals...)
	for _, v := range m.vals {
		unalias(v, seen)
	}
}

// runOps runs the sequence the bytes ops describe and returns the print
// of the document at the end.
func runOps(t *testing.T, d *graft.Doc, policy graft.Conflict, ops []byte) string {
	s := &bsrc{b: ops}
	var sb strings.Builder
	seqValue(s, 0, &sb)
	root, err := d.Append([]byte(sb.String()))
	if err != nil {
		t.Fatalf("gen %q: %v", sb.String(), err)
	}
	model := modelOf(d, root)
	var free []pos
	var log []string
	check := func(what string) {
		if err := matchModel(d, root, model); err != nil {
			t.Fatalf("input %q policy %d\nafter %v: %v\n got %s", ops, policy, log, err, compact(d, root))
		}
		checkSpans(t, d, root)
		for _, f := range free {
			if err := matchModel(d, f.r, f.m); err != nil {
				t.Fatalf("free value after %v: %v", log, err)
			}
		}
	}
	for steps := 0; !s.done() && steps < 40; steps++ {
		op := s.next() % 14
		ps := collect(d, root, model, nil)
		p := ps[s.next()%len(ps)]
		name := s.next() % len(seqNames)
		gname := seqDecoded[name]
		idx := s.next()%6 - 1
		switch op {
		case 0, 1: // new free value, parsed or built
			sb.Reset()
			seqValue(s, 1, &sb)
			r, err := d.Append([]byte(sb.String()))
			if err != nil {
				t.Fatal(err)
			}
			free = append(free, pos{r, modelOf(d, r)})
			log = append(log, "append "+sb.String())
		case 2: // copy a tree value
			r := d.Copy(p.r)
			free = append(free, pos{r, p.m.clone()})
			log = append(log, "copy")
		}
		var v pos
		fromFree := -1
		if s.next()%3 != 0 && len(free) > 0 {
			fromFree = s.next() % len(free)
			v = free[fromFree]
		} else {
			v = ps[s.next()%len(ps)] // share a tree value
		}
		take := func() {
			if fromFree >= 0 {
				free = append(free[:fromFree], free[fromFree+1:]...)
			}
		}
		switch op {
		case 3: // Set
			log = append(log, "set "+gname)
			err := d.Set(p.r, gname, v.r)
			switch {
			case p.m.kind != graft.Object:
				if !errors.Is(err, graft.ErrKind) {
					t.Fatalf("set on %v: %v", p.m.kind, err)
				}
			case mcontains(v.m, p.m):
				if !errors.Is(err, graft.ErrCycle) {
					t.Fatalf("set cycle: %v", err)
				}
			default:
				if err != nil {
					t.Fatalf("set: %v", err)
				}
				if j := p.m.last(gname); j >= 0 {
					p.m.vals[j] = v.m
				} else {
					p.m.names = append(p.m.names, gname)
					p.m.vals = append(p.m.vals, v.m)
				}
				take()
			}
		case 4: // Delete
			log = append(log, "delete "+gname)
			found := d.Delete(p.r, gname)
			want := false
			if p.m.kind == graft.Object {
				for j := len(p.m.names) - 1; j >= 0; j-- {
					if p.m.names[j] == gname {
						want = true
						p.m.names = append(p.m.names[:j:j], p.m.names[j+1:]...)
						p.m.vals = append(p.m.vals[:j:j], p.m.vals[j+1:]...)
					}
				}
			}
			if found != want {
				t.Fatalf("delete found %v want %v", found, want)
			}
		case 5, 6, 7, 8: // item edits
			kind := []string{"append", "insert", "setitem", "deleteitem"}[op-5]
			log = append(log, kind+" "+strconv.Itoa(idx))
			var err error
			switch op {
			case 5:
				err = d.AppendItem(p.r, v.r)
			case 6:
				err = d.InsertItem(p.r, idx, v.r)
			case 7:
				err = d.SetItem(p.r, idx, v.r)
			case 8:
				err = d.DeleteItem(p.r, idx)
			}
			n := len(p.m.vals)
			switch {
			case p.m.kind != graft.Array:
				if !errors.Is(err, graft.ErrKind) {
					t.Fatalf("%s on %v: %v", kind, p.m.kind, err)
				}
			case op != 8 && mcontains(v.m, p.m):
				if !errors.Is(err, graft.ErrCycle) {
					t.Fatalf("%s cycle: %v", kind, err)
				}
			case op == 6 && (idx < 0 || idx > n), (op == 7 || op == 8) && (idx < 0 || idx >= n):
				if !errors.Is(err, graft.ErrNotFound) {
					t.Fatalf("%s %d of %d: %v", kind, idx, n, err)
				}
			default:
				if err != nil {
					t.Fatalf("%s: %v", kind, err)
				}
				vals := append([]*mval(nil), p.m.vals...)
				switch op {
				case 5:
					vals = append(vals, v.m)
				case 6:
					vals = append(vals[:idx], append([]*mval{v.m}, vals[idx:]...)...)
				case 7:
					vals[idx] = v.m
				case 8:
					vals = append(vals[:idx], vals[idx+1:]...)
				}
				p.m.vals = vals
				if op != 8 {
					take()
				}
			}
		case 9, 10, 11: // Merge / MergeAt of a free value
			if fromFree < 0 {
				break
			}
			path := ""
			if op == 10 {
				path = "/" + strings.ReplaceAll(gname, "~", "~0")
			} else if op == 11 {
				path = "/" + strings.ReplaceAll(gname, "~", "~0") + "/" + seqDecoded[idx+1]
			}
			log = append(log, "mergeat "+strconv.Quote(path))
			before, size := compact(d, root), d.Size()
			memo := map[*mval]*mval{}
			want := mcloneShared(model, memo)
			wdst := memo[p.m]
			wantPtr, ok, werr := modelMergeAt(wdst, path, v.m.clone(), policy)
			var err error
			if path == "" {
				err = d.Merge(p.r, v.r)
			} else {
				err = d.MergeAt(p.r, path, v.r)
			}
			if werr != nil {
				if !errors.Is(err, graft.ErrPointer) || compact(d, root) != before || d.Size() != size {
					t.Fatalf("MergeAt %q: %v, want ErrPointer", path, err)
				}
				break
			}
			if errors.Is(err, graft.ErrCycle) {
				t.Fatalf("unexpected cycle")
			}
			if !ok {
				var e *graft.Error
				if !errors.As(err, &e) || !errors.Is(err, graft.ErrConflict) || e.Pointer != wantPtr {
					t.Fatalf("merge: %v, want conflict at %q", err, wantPtr)
				}
				if compact(d, root) != before || d.Size() != size {
					t.Fatalf("failed merge changed dst")
				}
				break
			}
			if err != nil {
				t.Fatalf("merge: %v", err)
			}
			unalias(want, map[*mval]bool{})
			model = want
			take()
		case 12: // MergeEach of an array free value into repeated/distinct targets
			if fromFree < 0 || v.m.kind != graft.Array {
				break
			}
			log = append(log, "mergeeach")
			var targets []graft.Ref
			var tms []*mval
			for range v.m.vals {
				q := ps[s.next()%len(ps)]
				targets = append(targets, q.r)
				tms = append(tms, q.m)
			}
			before, size := compact(d, root), d.Size()
			memo := map[*mval]*mval{}
			want := mcloneShared(model, memo)
			wantPtr, ok := "", true
			cyc := false
			for i, tm := range tms {
				if mcontains(v.m.vals[i], tm) {
					cyc = true
				}
			}
			if cyc {
				break
			}
			vm := v.m.clone()
			for i, tm := range tms {
				if wantPtr, ok = modelMerge(memo[tm], vm.vals[i], policy, "/"+strconv.Itoa(i)); !ok {
					break
				}
			}
			err := d.MergeEach(targets, v.r)
			if !ok {
				var e *graft.Error
				if !errors.As(err, &e) || !errors.Is(err, graft.ErrConflict) || e.Pointer != wantPtr {
					t.Fatalf("mergeeach: %v, want conflict at %q", err, wantPtr)
				}
				if compact(d, root) != before || d.Size() != size {
					t.Fatalf("failed mergeeach changed dst")
				}
				break
			}
			if err != nil {
				t.Fatalf("mergeeach: %v", err)
			}
			unalias(want, map[*mval]bool{})
			model = want
			take()
		}
		if len(log) > 0 {
			seqStats[strings.SplitN(log[len(log)-1], " ", 2)[0]]++
		}
		check(strconv.Itoa(steps))
	}
	checkPrinters(t, d, root) // they walk the tree: once at the end is enough
	return compact(d, root)
}

// seqStats counts the operations TestEditSequences ran, by name.
var seqStats = map[string]int{}

func TestEditSequences(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 3000; n++ {
		b := make([]byte, rng.IntN(200))
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		for pol := range 3 {
			d := graft.New(graft.Options{Conflict: graft.Conflict(pol)})
			runOps(t, d, graft.Conflict(pol), b)
		}
	}
	t.Logf("operations run: %v", seqStats)
}

func FuzzEditSequence(f *testing.F) {
	f.Add([]byte{1, 3, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20}, uint8(0))
	f.Add([]byte{5, 1, 2, 3, 9, 1, 0, 2, 0, 1, 7, 7, 3, 1, 2, 5, 6}, uint8(1))
	f.Add([]byte("\x01\x03\x01\x02\x05\x09\x00\x01\x00\x01\x00\x0c\x00\x00\x00\x01\x00\x02"), uint8(2))
	f.Fuzz(func(t *testing.T, ops []byte, pol uint8) {
		policy := graft.Conflict(pol % 3)
		d := graft.New(graft.Options{Conflict: policy})
		first := runOps(t, d, policy, ops)
		d.Reset()
		if again := runOps(t, d, policy, ops); again != first {
			t.Fatalf("after Reset: %s, first run %s", again, first)
		}
	})
}
