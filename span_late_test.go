package graft_test

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/graftjson/graft"
)

// An entity fetch's merges record their edits out of document order
// (each target before the entity merged into it, which lies later in the
// text), kept apart and folded into the sorted edits now and then. Whatever the batch size, with a conflict rolled back in the
// middle of it and a second batch over the same targets, every object
// prints with what was merged into it, and so does the object around it,
// whose only edit inside is the target's.
func TestEntityBatchEdits(t *testing.T) {
	eachParser(t, func(t *testing.T) {
		for _, n := range []int{3, 63, 64, 65, 200, 1000} {
			t.Run(strconv.Itoa(n), func(t *testing.T) { testEntityBatchEdits(t, n) })
		}
	})
}

func testEntityBatchEdits(t *testing.T, n int) {
	bad := n / 2 // its entity conflicts with the product
	var products, reviews, stock, want strings.Builder
	for i := 0; i < n; i++ {
		sep := ","
		if i == 0 {
			sep = ""
		}
		id := strconv.Itoa(i)
		products.WriteString(sep + `{"p":{"upc":"` + id + `","name":"p` + id + `"}}`)
		stock.WriteString(sep + `{"stock":` + id + `}`)
		if i == bad {
			reviews.WriteString(sep + `{"name":{"not":"a string"},"reviews":[]}`)
			want.WriteString(sep + `{"p":{"upc":"` + id + `","name":"p` + id + `","stock":` + id + `}}`)
			continue
		}
		reviews.WriteString(sep + `{"reviews":[{"body":"r` + id + `"}]}`)
		want.WriteString(sep + `{"p":{"upc":"` + id + `","name":"p` + id + `","reviews":[{"body":"r` + id + `"}],"stock":` + id + `}}`)
	}
	var d graft.Doc
	root, err := d.Parse([]byte(`[` + products.String() + `]`))
	if err != nil {
		t.Fatal(err)
	}
	var targets []graft.Ref
	for _, p := range d.Items(root) {
		targets = append(targets, d.Member(p, "p"))
	}
	for _, batch := range []string{reviews.String(), stock.String()} {
		ents, err := d.Append([]byte(`[` + batch + `]`))
		if err != nil {
			t.Fatal(err)
		}
		for i, e := range d.Items(ents) {
			err := d.Merge(targets[i], e)
			if (err != nil) != (i == bad && batch == reviews.String()) {
				t.Fatalf("merge %d: %v", i, err)
			}
			if err != nil && !errors.Is(err, graft.ErrConflict) {
				t.Fatalf("merge %d: %v, want a conflict", i, err)
			}
		}
	}
	if got := string(d.AppendJSON(nil, root)); got != `[`+want.String()+`]` {
		t.Fatalf("got  %.400s\nwant %.400s", got, `[`+want.String()+`]`)
	}
}
