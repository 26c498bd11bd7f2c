package stream_test

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/stream"
)

// records returns an array of n records of about 200 bytes under
// {"items": …}, with escapes, non-ASCII text, numbers and nesting.
func records(n int) []byte {
	var b bytes.Buffer
	b.WriteString(`{"meta":{"source":"test","n":` + strconv.Itoa(n) + `},"items":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(",\n")
		}
		b.WriteString(`{"id":` + strconv.Itoa(i) + `,"name":"caf\u00e9 \"` + strconv.Itoa(i*7) + `\" 日本語","price":` + strconv.Itoa(i%1000) + `.25,` +
			`"tags":["a","b\\n","c"],"active":true,"ref":null,"geo":{"lat":52.52,"lon":-13.405,"note":"` + strings.Repeat("x", i%40) + `"}}`)
	}
	b.WriteString("]}")
	return b.Bytes()
}

// TestAllocsPerItem: once warm, reading an item allocates nothing.
func TestAllocsPerItem(t *testing.T) {
	data := records(5000)
	for _, mode := range []string{"array", "lines"} {
		in := data
		opts := stream.Options{Path: "/items"}
		if mode == "lines" {
			in = bytes.ReplaceAll(data[bytes.IndexByte(data, '[')+1:len(data)-2], []byte(",\n"), []byte("\n"))
			opts = stream.Options{Mode: stream.Lines}
		}
		r := stream.NewReader(bytes.NewReader(in), opts)
		for i := 0; i < 100; i++ { // warm up: the window and the Doc grow
			if !r.Next() {
				t.Fatal(r.Err())
			}
		}
		allocs := testing.AllocsPerRun(1000, func() {
			if !r.Next() {
				t.Fatal(r.Err())
			}
		})
		if allocs != 0 {
			t.Errorf("%s: %.2f allocations per item", mode, allocs)
		}
	}
}

func BenchmarkReader(b *testing.B) {
	data := records(20000)
	lines := bytes.ReplaceAll(data[bytes.IndexByte(data, '[')+1:len(data)-2], []byte(",\n"), []byte("\n"))
	// Scalar items: numbers and literals are scanned by the grammar.
	scalars := []byte("[")
	for i := 0; i < 20000; i++ {
		if i > 0 {
			scalars = append(scalars, ',')
		}
		scalars = append(scalars, [...]string{"-12.5e3", "true", "1234567", "null", "0.25"}[i%5]...)
	}
	scalars = append(scalars, ']')
	for _, bc := range []struct {
		name string
		in   []byte
		opts stream.Options
	}{
		{"array", data, stream.Options{Path: "/items"}},
		{"lines", lines, stream.Options{Mode: stream.Lines}},
		{"scalars", scalars, stream.Options{}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			rd := bytes.NewReader(bc.in)
			r := stream.NewReader(rd, bc.opts)
			b.SetBytes(int64(len(bc.in)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				rd.Reset(bc.in)
				r.Reset(rd)
				n := 0
				for r.Next() {
					n++
				}
				if r.Err() != nil || n != 20000 {
					b.Fatalf("%d items, %v", n, r.Err())
				}
			}
		})
	}
	// The yardstick: one Parse of the whole array in memory.
	b.Run("parse-whole", func(b *testing.B) {
		var d graft.Doc
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := d.Parse(data); err != nil {
				b.Fatal(err)
			}
		}
	})
}
