package stream_test

import (
	"bytes"
	"errors"
	"io"
	"runtime"
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

// repeatReader generates prefix, then unit n times, then suffix, without
// holding the whole input: what a Reader allocates is its own.
type repeatReader struct {
	parts [][]byte // what is left to read, in order
	unit  []byte
	n     int // copies of unit left after parts[0]
}

func newRepeatReader(prefix, unit, suffix string, n int) *repeatReader {
	return &repeatReader{parts: [][]byte{[]byte(prefix), []byte(suffix)}, unit: []byte(unit), n: n}
}

func (g *repeatReader) Read(p []byte) (int, error) {
	total := 0
	for len(p) > 0 && len(g.parts) > 0 {
		if len(g.parts[0]) == 0 {
			if len(g.parts) > 1 && g.n > 0 {
				g.n--
				g.parts[0] = g.unit
				continue
			}
			g.parts = g.parts[1:]
			continue
		}
		k := copy(p, g.parts[0])
		g.parts[0], p, total = g.parts[0][k:], p[k:], total+k
	}
	if total == 0 && len(g.parts) == 0 {
		return 0, io.EOF
	}
	return total, nil
}

// TestOversizedItemMemory: an item far over MaxItemBytes fails with
// ErrLimit once its first MaxItemBytes are read, and the Reader allocates
// no more than the window that takes them (grown by doubling: twice the
// largest window at most, which is about the limit, or twice it in
// Sequence mode): it neither reads on nor builds the item. The input is 24
// MB in every mode.
func TestOversizedItemMemory(t *testing.T) {
	const limit = 1 << 20
	const size = 24 << 20
	record := `{"id":12345,"name":"caf\u00e9 \"x\"","tags":["a","b"],"ok":true,"n":null},`
	for _, tc := range []struct {
		name                 string
		opts                 stream.Options
		prefix, unit, suffix string
		windows              int // the largest window, in MaxItemBytes
	}{
		{"array of one object", stream.Options{}, `[{"rows":[`, record, `0]}]`, 1},
		{"array at a path", stream.Options{Path: "/a"}, `{"a":[[`, record, `0]]}`, 1},
		{"concatenated", stream.Options{Mode: stream.Auto}, `{"rows":[`, record, `0]}`, 1},
		{"string", stream.Options{}, `["`, `caf\u00e9 \" 日本語 `, `"]`, 1},
		{"number", stream.Options{}, `[1`, `2345678901`, `]`, 1},
		{"line", stream.Options{Mode: stream.Lines}, `{"rows":[`, record, "0]}\n", 1},
		{"sequence", stream.Options{Mode: stream.Sequence}, "\x1e{\"rows\":[", record, "0]}\n", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.opts.MaxItemBytes = limit
			src := newRepeatReader(tc.prefix, tc.unit, tc.suffix, size/len(tc.unit))
			runtime.GC()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			r := stream.NewReader(src, tc.opts)
			for r.Next() {
			}
			runtime.ReadMemStats(&after)
			if !errors.Is(r.Err(), graft.ErrLimit) || r.Count() != 0 {
				t.Fatalf("%d items, error %v; want ErrLimit", r.Count(), r.Err())
			}
			if alloc, budget := after.TotalAlloc-before.TotalAlloc, uint64(2*tc.windows*limit+256<<10); alloc > budget {
				t.Errorf("%d bytes allocated for an item limit of %d bytes, want at most %d", alloc, limit, budget)
			}
			if left := src.n * len(tc.unit); left < size/2 {
				t.Errorf("read on to %d bytes of an item limited to %d", size-left, limit)
			}
		})
	}
}
