package shape_test

import (
	"testing"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/shape"
)

// TestRekey reads fields of one position from other members: only along
// the keys' paths, for the named type, response name and field, while the
// same (shared) selection elsewhere and the original plan keep their keys.
func TestRekey(t *testing.T) {
	user := obj("User", f("id", tID, 1))
	account := &shape.Type{Kind: shape.Abstract, Name: "Account", Cases: []shape.Case{
		{Type: "User", Fields: []shape.Field{f("id", tID, 2), f("friend", user, 3), f("n", tString, 4)}},
		{Type: "Admin", Fields: []shape.Field{f("id", tID, 5)}},
	}}
	root := obj("Query", f("a", list(account), 6), f("b", account, 7))
	p, err := shape.New(root, shape.Options{})
	if err != nil {
		t.Fatal(err)
	}
	const data = `{"a":[{"__typename":"User","id":"x","n":"plain","graft__User__id":"u1","graft__User__friend":{"id":"x","k":"u2"}},{"__typename":"Admin","id":"a1"}],
		"b":{"__typename":"User","id":"u3","n":"m","friend":{"id":"u4"}}}`
	keys := []shape.KeyAt{
		{Path: []string{"a", "@"}, Type: "User", Name: "id", Field: "id", Key: "graft__User__id"},
		{Path: []string{"a", "@"}, Type: "User", Name: "friend", Field: "friend", Key: "graft__User__friend"},
		{Path: []string{"a", "@", "graft__User__friend"}, Type: "User", Name: "id", Field: "id", Key: "k"},
		{Path: []string{"a", "@"}, Type: "User", Name: "n", Field: "other", Key: "graft__User__n"},      // another field: ignored
		{Path: []string{"a", "@"}, Type: "Admin", Name: "n", Field: "n", Key: "graft__Admin__n"},        // no such field: ignored
		{Path: []string{"a"}, Type: "User", Name: "id", Field: "id", Key: "graft__User__id"},            // no objects there: ignored
		{Path: []string{"nowhere", "@"}, Type: "User", Name: "id", Field: "id", Key: "graft__User__id"}, // no such path: ignored
	}
	for _, tc := range []struct {
		name string
		plan *shape.Plan
		want string
	}{
		{"rekeyed", p.Rekey(keys), `{"data":{"a":[{"id":"u1","friend":{"id":"u2"},"n":"plain"},{"id":"a1"}],"b":{"id":"u3","friend":{"id":"u4"},"n":"m"}}}`},
		{"original", p, `{"data":{"a":[{"id":"x","friend":null,"n":"plain"},{"id":"a1"}],"b":{"id":"u3","friend":{"id":"u4"},"n":"m"}}}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := renderPlan(t, tc.plan, data); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
	if p.Rekey(nil) != p {
		t.Error("Rekey without keys copied the plan")
	}
}

// TestRekeyWithin reads one response name of one type at one path from
// different members under sibling cases, as the types on the way tell
// (... on User { friend { x: tag(n: 1) } } ... on Admin { friend { x:
// tag(n: 2) } }): without Within the entries could not be told apart.
func TestRekeyWithin(t *testing.T) {
	friend := func(col int) shape.Field { return f("friend", obj("User", f("x", tString, col)), col+1) }
	account := &shape.Type{Kind: shape.Abstract, Name: "Account", Cases: []shape.Case{
		{Type: "User", Fields: []shape.Field{friend(1)}},
		{Type: "Admin", Fields: []shape.Field{friend(3)}},
	}}
	p, err := shape.New(obj("Query", f("a", list(account), 5)), shape.Options{})
	if err != nil {
		t.Fatal(err)
	}
	keys := []shape.KeyAt{
		{Path: []string{"a", "@", "friend"}, Type: "User", Name: "x", Field: "x", Within: []string{"User"}, Key: "k1"},
		{Path: []string{"a", "@", "friend"}, Type: "User", Name: "x", Field: "x", Within: []string{"Admin"}, Key: "k2"},
		{Path: []string{"a", "@", "friend"}, Type: "User", Name: "x", Field: "x", Within: []string{"Other"}, Key: "k3"}, // no such way: ignored
	}
	const data = `{"a":[{"__typename":"User","friend":{"k1":"one","k2":"two","k3":"three"}},{"__typename":"Admin","friend":{"k1":"one","k2":"two","k3":"three"}}]}`
	const want = `{"data":{"a":[{"friend":{"x":"one"}},{"friend":{"x":"two"}}]}}`
	if got := renderPlan(t, p.Rekey(keys), data); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestRekeyWithinWildcards reads fields two object levels below an
// abstract position (the accounts of a list, then their box) with entries
// whose Within names a type at some levels and "" (any type) at others.
// The Users' and Admins' boxes are one compiled selection: the entries
// decide whether the rekeyed plan keeps sharing it.
func TestRekeyWithinWildcards(t *testing.T) {
	thing := &shape.Type{Kind: shape.Abstract, Name: "Thing", Cases: []shape.Case{
		{Type: "X", Fields: []shape.Field{f("v", tString, 1), f("w", tString, 2)}},
		{Type: "Y", Fields: []shape.Field{f("v", tString, 3)}},
	}}
	box := obj("Box", f("c", thing, 4))
	account := &shape.Type{Kind: shape.Abstract, Name: "Account", Cases: []shape.Case{
		{Type: "User", Fields: []shape.Field{f("b", box, 5)}},
		{Type: "Admin", Fields: []shape.Field{f("b", box, 6)}},
	}}
	p, err := shape.New(obj("Query", f("a", list(account), 7)), shape.Options{})
	if err != nil {
		t.Fatal(err)
	}
	const data = `{"a":[
		{"__typename":"User","b":{"c":{"__typename":"X","v":"v","w":"w","k1":"k1","k2":"k2","kw":"kw"}}},
		{"__typename":"Admin","b":{"c":{"__typename":"X","v":"v","w":"w","k1":"k1","k2":"k2","kw":"kw"}}},
		{"__typename":"User","b":{"c":{"__typename":"Y","v":"v","k1":"k1","k2":"k2"}}}]}`
	at := []string{"a", "@", "b", "c"}
	key := func(typ, name string, within []string, k string) shape.KeyAt {
		return shape.KeyAt{Path: at, Type: typ, Name: name, Field: name, Within: within, Key: k}
	}
	const plain = `{"data":{"a":[{"b":{"c":{"v":"v","w":"w"}}},{"b":{"c":{"v":"v","w":"w"}}},{"b":{"c":{"v":"v"}}}]}}`
	for _, tc := range []struct {
		name string
		keys []shape.KeyAt
		want string
	}{
		{"no Within: every way", []shape.KeyAt{key("X", "v", nil, "k1")},
			`{"data":{"a":[{"b":{"c":{"v":"k1","w":"w"}}},{"b":{"c":{"v":"k1","w":"w"}}},{"b":{"c":{"v":"v"}}}]}}`},
		{"only wildcards: every way", []shape.KeyAt{key("X", "v", []string{"", ""}, "k1")},
			`{"data":{"a":[{"b":{"c":{"v":"k1","w":"w"}}},{"b":{"c":{"v":"k1","w":"w"}}},{"b":{"c":{"v":"v"}}}]}}`},
		{"two entries differing only by the account's type", []shape.KeyAt{key("X", "v", []string{"User", ""}, "k1"), key("X", "v", []string{"Admin", ""}, "k2")},
			`{"data":{"a":[{"b":{"c":{"v":"k1","w":"w"}}},{"b":{"c":{"v":"k2","w":"w"}}},{"b":{"c":{"v":"v"}}}]}}`},
		{"a typed level with one type there", []shape.KeyAt{key("X", "v", []string{"", "Box"}, "k1")},
			`{"data":{"a":[{"b":{"c":{"v":"k1","w":"w"}}},{"b":{"c":{"v":"k1","w":"w"}}},{"b":{"c":{"v":"v"}}}]}}`},
		{"both levels typed", []shape.KeyAt{key("X", "v", []string{"Admin", "Box"}, "k2"), key("Y", "v", []string{"User", "Box"}, "k1")},
			`{"data":{"a":[{"b":{"c":{"v":"v","w":"w"}}},{"b":{"c":{"v":"k2","w":"w"}}},{"b":{"c":{"v":"k1"}}}]}}`},
		{"typed and untyped entries of different fields", []shape.KeyAt{key("X", "v", []string{"User", ""}, "k1"), key("X", "w", nil, "kw"), key("Y", "v", []string{"Admin", ""}, "k2")},
			`{"data":{"a":[{"b":{"c":{"v":"k1","w":"kw"}}},{"b":{"c":{"v":"v","w":"kw"}}},{"b":{"c":{"v":"v"}}}]}}`},
		{"the last matching entry of a name, among others", []shape.KeyAt{key("X", "w", nil, "k2"), key("X", "v", nil, "k1"), key("X", "w", nil, "kw"), key("X", "v", []string{"User", ""}, "k2"), key("Y", "v", nil, "k1")},
			`{"data":{"a":[{"b":{"c":{"v":"k2","w":"kw"}}},{"b":{"c":{"v":"k1","w":"kw"}}},{"b":{"c":{"v":"k1"}}}]}}`},
		{"a type not on the way", []shape.KeyAt{key("X", "v", []string{"", "Crate"}, "k1"), key("X", "w", []string{"Other", ""}, "kw")}, plain},
		{"Within of another length", []shape.KeyAt{key("X", "v", []string{"User"}, "k1"), key("X", "w", []string{"", "", ""}, "kw")}, plain},
		{"a path from a list at the root", []shape.KeyAt{{Path: []string{"@", "a", "@", "b", "c"}, Type: "X", Name: "v", Field: "v", Within: []string{"User", ""}, Key: "k1"}}, plain},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := renderPlan(t, p.Rekey(tc.keys), data); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
			if got := renderPlan(t, p, data); got != plain {
				t.Errorf("the original plan changed: %s", got)
			}
		})
	}
}

// deepPlan returns a plan of depth nested objects below the cases of an
// abstract list (Query.a: [Account], Account = User | Admin, each case
// with next: Node, Node { v next }), and the entries that read every
// User's Node's v from "k": with within set, each names the User on the
// way; without, each matches every way.
func deepPlan(depth int, within bool) (*shape.Plan, []shape.KeyAt) {
	node := obj("Node", f("v", tString, 1))
	for range depth - 1 {
		node = obj("Node", f("v", tString, 1), f("next", node, 2))
	}
	account := &shape.Type{Kind: shape.Abstract, Name: "Account", Cases: []shape.Case{
		{Type: "User", Fields: []shape.Field{f("next", node, 3)}},
		{Type: "Admin", Fields: []shape.Field{f("next", node, 4)}},
	}}
	p, err := shape.New(obj("Query", f("a", list(account), 5)), shape.Options{})
	if err != nil {
		panic(err)
	}
	var keys []shape.KeyAt
	path := []string{"a", "@"}
	for range depth {
		path = append(path, "next")
		k := shape.KeyAt{Path: path[:len(path):len(path)], Type: "Node", Name: "v", Field: "v", Key: "k"}
		if within {
			k.Within = make([]string, len(path)-2)
			k.Within[0] = "User"
		}
		keys = append(keys, k)
	}
	return p, keys
}

// TestRekeyAllocs bounds the allocations of rekeying a plan along a deep
// path: a few per object copied, not one per object and level on the way.
func TestRekeyAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation budgets are not checked under the race detector")
	}
	const depth = 32
	for _, within := range []bool{false, true} {
		p, keys := deepPlan(depth, within)
		if allocs := testing.AllocsPerRun(20, func() { p.Rekey(keys) }); allocs > 14*depth {
			t.Errorf("within %v: Rekey along %d levels allocates %v times, want at most %d", within, depth, allocs, 14*depth)
		}
	}
}

func BenchmarkRekey(b *testing.B) {
	for _, within := range []bool{false, true} {
		b.Run(map[bool]string{false: "untyped", true: "typed"}[within], func(b *testing.B) {
			p, keys := deepPlan(32, within)
			var d graft.Doc
			ref, err := d.Parse([]byte(`{"a":[{"__typename":"User","next":{"v":"x","k":"y","next":{"v":"x","k":"y"}}}]}`))
			if err != nil {
				b.Fatal(err)
			}
			var r shape.Renderer
			const want = `{"data":{"a":[{"next":{"v":"y","next":{"v":"y","next":null}}}]}}`
			if got := string(r.Render(nil, p.Rekey(keys), &d, ref, nil)); got != want {
				b.Fatalf("got  %s\nwant %s", got, want)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				p.Rekey(keys)
			}
		})
	}
}

// renderPlan parses data and renders it through p.
func renderPlan(t *testing.T, p *shape.Plan, data string) string {
	t.Helper()
	var d graft.Doc
	ref, err := d.Parse([]byte(data))
	if err != nil {
		t.Fatal(err)
	}
	var r shape.Renderer
	return string(r.Render(nil, p, &d, ref, nil))
}
