package schema

import (
	"os"
	"strings"
	"testing"

	"github.com/graftjson/graft"
)

// TestQuotedName: a declared name's text compares equal to exactly the
// same text, whatever its length and wherever another text differs.
func TestQuotedName(t *testing.T) {
	for n := 0; n <= 20; n++ {
		name := strings.Repeat("abcdefghij", 2)[:n]
		q := newQuotedName(name)
		text := `"` + name + `"`
		if !q.equal([]byte(text)) {
			t.Fatalf("%s: not equal to itself", text)
		}
		for i := range text {
			b := []byte(text)
			b[i] ^= 0x20
			if q.equal(b) {
				t.Fatalf("%s: equal to %s", text, b)
			}
		}
		for _, other := range []string{text[:len(text)-1], text + "x", `"` + name + `x"`, ""} {
			if q.equal([]byte(other)) {
				t.Fatalf("%s: equal to %s", text, other)
			}
		}
	}
}

// TestValidOnlyPass: the order schema takes the valid-only pass, which
// agrees with the reporting walk on the order and on a faulty copy; a plan
// with $dynamicRef does without the pass.
func TestValidOnlyPass(t *testing.T) {
	s, err := os.ReadFile("testdata/order.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("testdata/order.json")
	if err != nil {
		t.Fatal(err)
	}
	p, err := Compile(s, Options{})
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(src), `"quantity":1`, `"quantity":1.5`, 1)
	if bad == string(src) {
		t.Fatal("the order has no quantity 1 to change")
	}
	cases := []struct {
		name  string
		doc   string
		valid bool
	}{{"order", string(src), true}, {"fractional quantity", bad, false}}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var d graft.Doc
			r, err := d.Parse([]byte(tc.doc))
			if err != nil {
				t.Fatal(err)
			}
			checked, check, walk := p.Passes(&d, r)
			if !checked || check != tc.valid || walk != tc.valid {
				t.Fatalf("checked %v, valid-only pass %v, reporting walk %v; want true, %v, %v", checked, check, walk, tc.valid, tc.valid)
			}
		})
	}
	dyn, err := Compile([]byte(`{"$dynamicAnchor":"a","items":{"$dynamicRef":"#a"}}`), Options{})
	if err != nil {
		t.Fatal(err)
	}
	var d graft.Doc
	r, _ := d.Parse([]byte(`[[1]]`))
	if checked, _, walk := dyn.Passes(&d, r); checked || !walk {
		t.Fatalf("$dynamicRef plan: checked %v, walk %v", checked, walk)
	}
}
