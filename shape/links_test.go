package shape

import (
	"slices"
	"strconv"
	"testing"
)

// TestLinksOfManyFields checks the links between fields of one response
// name in a selection large enough to find them through a map: each
// field's earlier and later fields of its name, as a scan finds them.
func TestLinksOfManyFields(t *testing.T) {
	var fields []Field
	for i := range 40 {
		name := "f" + strconv.Itoa(i%7)
		if i%3 == 0 {
			name = "u" + strconv.Itoa(i) // unique
		}
		fields = append(fields, Field{Name: name, Key: "k" + strconv.Itoa(i), Type: &Type{Kind: String}})
	}
	p, err := New(&Type{Kind: Object, Name: "Q", Fields: fields}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i, f := range p.root.fields {
		var dups, later []int32
		for j, g := range fields {
			if g.Name == fields[i].Name && j < i {
				dups = append(dups, int32(j))
			}
			if g.Name == fields[i].Name && j > i {
				later = append(later, int32(j))
			}
		}
		var gotDups, gotLater []int32
		if f.links != nil {
			gotDups, gotLater = f.links.dups, f.links.later
		}
		if !slices.Equal(gotDups, dups) || !slices.Equal(gotLater, later) {
			t.Errorf("field %d (%s): dups %v later %v, want %v %v", i, f.name, gotDups, gotLater, dups, later)
		}
		if f.plain != (len(dups) == 0) {
			t.Errorf("field %d (%s): plain %v with %d earlier fields of its name", i, f.name, f.plain, len(dups))
		}
	}
}
