package shape

import "testing"

// TestRekeyShares checks which parts of a plan Rekey copies: the Users'
// and Admins' boxes are one compiled selection, which stays one when the
// entries below it do not tell the accounts' types apart, and becomes two
// when one does; a selection no entry reaches stays the original's.
func TestRekeyShares(t *testing.T) {
	str := &Type{Kind: String, Name: "String"}
	box := &Type{Kind: Object, Name: "Box", Fields: []Field{{Name: "v", Key: "v", Type: str}}}
	account := &Type{Kind: Abstract, Name: "Account", Cases: []Case{
		{Type: "User", Fields: []Field{{Name: "b", Key: "b", Type: box}}},
		{Type: "Admin", Fields: []Field{{Name: "b", Key: "b", Type: box}}},
	}}
	other := &Type{Kind: Object, Name: "Other", Fields: []Field{{Name: "v", Key: "v", Type: str}}}
	p, err := New(&Type{Kind: Object, Name: "Query", Fields: []Field{
		{Name: "a", Key: "a", Type: &Type{Kind: List, Of: account}},
		{Name: "o", Key: "o", Type: other},
	}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// boxes returns the compiled types of the Users' and the Admins' box.
	boxes := func(q *Plan) (*typ, *typ) {
		objs := q.root.fields[0].typ.elem.objs
		return objs[0].fields[0].typ, objs[1].fields[0].typ
	}
	user, admin := boxes(p)
	if user != admin {
		t.Fatal("New compiled the two boxes apart")
	}
	at := []string{"a", "@", "b"}
	for _, tc := range []struct {
		name   string
		within []string
		shared bool
	}{
		{"no Within", nil, true},
		{"a wildcard", []string{""}, true},
		{"a type", []string{"User"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q := p.Rekey([]KeyAt{{Path: at, Type: "Box", Name: "v", Field: "v", Within: tc.within, Key: "k"}})
			u, a := boxes(q)
			if u == user || u.obj.fields[0].key != "k" {
				t.Error("the Users' box was not rekeyed")
			}
			if (u == a) != tc.shared {
				t.Errorf("the boxes are shared: %v, want %v", u == a, tc.shared)
			}
			if !tc.shared && (a != admin) {
				t.Error("the Admins' box was copied")
			}
			if q.root.fields[1].typ != p.root.fields[1].typ {
				t.Error("a selection no entry reaches was copied")
			}
		})
	}
}
