package shape

import (
	"testing"

	"github.com/graftjson/graft"
)

// FuzzMembers checks the one-walk member lookup of rendering against
// graft's Member: for the keys of a selection (the object's own member
// names, decoded, and a few fixed ones), every value found is the one
// Member finds, escapes and duplicates included.
func FuzzMembers(f *testing.F) {
	for _, s := range []string{
		`{"a":1,"b":2}`, `{"b":1,"a":2,"a":3}`, `{"\u0061":1,"a":2}`, `{"a":1,"\u0061":2}`,
		`{"a\\b":1,"a\b":2}`, `{"a\"b":1}`, `{"":1,"x":{"y":2}}`, `{"id":1,"__typename":"T","name":null}`,
	} {
		f.Add([]byte(s))
	}
	fixed := []string{"a", "b", `a\b`, `a"b`, "id", "name", "__typename", "é"}
	f.Fuzz(func(t *testing.T, data []byte) {
		var d graft.Doc
		v, err := d.Parse(data)
		if err != nil || d.Kind(v) != graft.Object {
			return
		}
		keys := append([]string(nil), fixed...)
		seen := map[string]bool{}
		for _, k := range keys {
			seen[k] = true
		}
		for name := range d.Members(v) {
			if s, _ := d.Text(name); s != "" && !seen[s] {
				seen[s] = true
				keys = append(keys, s)
			}
		}
		o := &object{keys: newKeyTable(keys)}
		r := Renderer{d: &d}
		r.members(o, v)
		for i, k := range keys {
			if got, want := r.slots[i], d.Member(v, k); got != want {
				t.Fatalf("key %q: one walk found %d, Member %d", k, got, want)
			}
		}
	})
}
