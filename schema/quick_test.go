package schema_test

import (
	"os"
	"testing"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/schema"
)

func TestQuickOrder(t *testing.T) {
	s, _ := os.ReadFile("testdata/order.schema.json")
	p, err := schema.Compile(s, schema.Options{AssertFormat: true})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile("testdata/order.json")
	var d graft.Doc
	r, err := d.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Validate(&d, r); err != nil {
		t.Fatal(err)
	}
	t.Log(testing.AllocsPerRun(100, func() { p.Validate(&d, r) }))
}

func BenchmarkQuickOrder(b *testing.B) {
	s, _ := os.ReadFile("testdata/order.schema.json")
	p, _ := schema.Compile(s, schema.Options{})
	src, _ := os.ReadFile("testdata/order.json")
	var d graft.Doc
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		r, _ := d.Parse(src)
		if err := p.Validate(&d, r); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkQuickValidateOnly(b *testing.B) {
	s, _ := os.ReadFile("testdata/order.schema.json")
	p, _ := schema.Compile(s, schema.Options{})
	src, _ := os.ReadFile("testdata/order.json")
	var d graft.Doc
	r, _ := d.Parse(src)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if err := p.Validate(&d, r); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkQuickParseOnly(b *testing.B) {
	src, _ := os.ReadFile("testdata/order.json")
	var d graft.Doc
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		d.Parse(src)
	}
}
