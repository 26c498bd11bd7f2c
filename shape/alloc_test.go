package shape_test

import (
	"strings"
	"testing"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/shape"
)

// benchPlan selects products with reviews and authors, with aliases, enums,
// an abstract position and conditions; benchData generates n products of
// which every 10th violates a non-null field.
func benchPlan(tb testing.TB) (*shape.Plan, []bool) {
	author := obj("User", f("id", nn(tID), 1), f("name", tString, 2))
	review := obj("Review", f("body", nn(tString), 3), f("stars", tInt, 4), f("author", author, 5))
	media := &shape.Type{Kind: shape.Abstract, Name: "Media", Cases: []shape.Case{
		{Type: "Image", Fields: []shape.Field{f("__typename", tName, 6), f("url", tString, 7)}},
		{Type: "Video", Fields: []shape.Field{f("__typename", tName, 6), f("length", tFloat, 8)}},
	}}
	product := obj("Product",
		f("id", nn(tID), 9),
		alias("title", "name", nn(tString), 10),
		f("price", tFloat, 11),
		f("color", tColor, 12),
		f("inStock", tBoolean, 13),
		f("media", media, 14),
		when(f("reviews", list(nn(review)), 15), shape.Cond{{{Var: "withReviews", Value: true}}}),
	)
	p, err := shape.New(obj("Query", f("products", nn(list(product)), 16)), shape.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	return p, []bool{true}
}

func benchData(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"products":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		name := `"Product \"quoted\" \u00e9"`
		if i%10 == 7 {
			name = `null`
		}
		b.WriteString(`{"id":` + itoa(i) + `,"name":` + name + `,"price":12.50,"color":"RED","inStock":true,"unselected":{"x":[1,2,3]},`)
		b.WriteString(`"media":{"__typename":"Image","url":"https://example.com/i.png"},"reviews":[`)
		for j := 0; j < 3; j++ {
			if j > 0 {
				b.WriteByte(',')
			}
			b.WriteString(`{"body":"great","stars":5,"author":{"id":"u` + itoa(j) + `","name":"Ann"}}`)
		}
		b.WriteString(`]}`)
	}
	b.WriteString(`]}`)
	return []byte(b.String())
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var b []byte
	for ; i > 0; i /= 10 {
		b = append([]byte{byte('0' + i%10)}, b...)
	}
	return string(b)
}

func TestRenderAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation budgets are not checked under the race detector")
	}
	p, vars := benchPlan(t)
	var d graft.Doc
	root, err := d.Parse(benchData(50))
	if err != nil {
		t.Fatal(err)
	}
	var r shape.Renderer
	out := r.Render(nil, p, &d, root, vars)
	if r.Errors() == 0 {
		t.Fatal("the data should produce errors")
	}
	allocs := testing.AllocsPerRun(100, func() {
		out = r.Render(out[:0], p, &d, root, vars)
	})
	if allocs != 0 {
		t.Errorf("warm Render allocates %v times, want 0", allocs)
	}
}

func BenchmarkRender(b *testing.B) {
	p, vars := benchPlan(b)
	src := benchData(1000)
	var d graft.Doc
	root, err := d.Parse(src)
	if err != nil {
		b.Fatal(err)
	}
	var r shape.Renderer
	out := r.Render(nil, p, &d, root, vars)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		out = r.Render(out[:0], p, &d, root, vars)
	}
}

// aliasedPlan selects n aliases of one field, each with its own copy of
// the sub-selection { id name } (as package graphql builds it for n
// aliased fields), and data answering them.
func aliasedPlan(n int) (*shape.Type, []byte) {
	root := obj("Mutation")
	data := []byte(`{`)
	for i := 0; i < n; i++ {
		name := "a" + itoa(i)
		item := obj("Item", f("id", nn(tID), 1), f("name", tString, 2))
		root.Fields = append(root.Fields, f(name, item, 3))
		if i > 0 {
			data = append(data, ',')
		}
		data = append(data, `"`+name+`":{"name":"n`+itoa(i)+`","id":`+itoa(i)+`}`...)
	}
	return root, append(data, '}')
}

// New takes a large plan's parts from blocks and shares the key tables of
// objects with the same keys: far fewer allocations than objects.
func TestNewAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation budgets are not checked under the race detector")
	}
	const n = 2000
	root, data := aliasedPlan(n)
	p, err := shape.New(root, shape.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var d graft.Doc
	at, err := d.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	var r shape.Renderer
	out := string(r.Render(nil, p, &d, at, nil))
	for _, i := range []int{0, 1, n - 1} {
		want := `"a` + itoa(i) + `":{"id":"` + itoa(i) + `","name":"n` + itoa(i) + `"}`
		if !strings.Contains(out, want) {
			t.Fatalf("the response lacks %s: %.200s", want, out)
		}
	}
	allocs := testing.AllocsPerRun(10, func() {
		if _, err := shape.New(root, shape.Options{}); err != nil {
			t.Fatal(err)
		}
	})
	if allocs > n/8 {
		t.Errorf("New of %d objects allocates %v times, want at most %d", n, allocs, n/8)
	}
}

func BenchmarkNewAliased(b *testing.B) {
	root, _ := aliasedPlan(4000)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := shape.New(root, shape.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
