package bench

// Memory: what a parsed document holds on to, per input byte — the figure
// behind graft's target "arena bytes per input byte ≤ half of fastjson's".
// Each row parses a corpus file twice into the same reusable parser (warm,
// as a server would hold it) and reports, besides the parse time, the heap
// the parser and its document keep after a GC, divided by the input size:
// the unit "held-B/in-B". fastjson's figure includes its copy of the input
// (it parses a private copy), graft's includes its compact copy of the text.

import (
	"runtime"
	"testing"
)

// memoryRow is a row of the memory scenario: setup returns a parse of in
// into reusable state and a check of what the last parse produced.
type memoryRow struct {
	name  string
	setup func(tb testing.TB, in []byte) (parse func() error, check func() error)
}

var memoryRows = []memoryRow{
	{name: "fastjson", setup: setupS3Fastjson},
}

func BenchmarkMemory(b *testing.B) {
	for _, file := range corpusFiles {
		b.Run(file, func(b *testing.B) {
			in := loadCorpus(b, file)
			compactOf(in)
			for _, r := range memoryRows {
				b.Run(r.name, func(b *testing.B) {
					held, parse, check := heldBytes(b, r, in)
					b.SetBytes(int64(len(in)))
					timeParses(b, parse, check)
					b.ReportMetric(float64(held)/float64(len(in)), "held-B/in-B")
				})
			}
		})
	}
}

// heldBytes sets r up on in, parses twice and returns the heap growth that
// stays after a GC while the parser is alive, with the row's functions.
func heldBytes(tb testing.TB, r memoryRow, in []byte) (held int64, parse, check func() error) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	parse, check = r.setup(tb, in)
	for i := 0; i < 2; i++ {
		if err := parse(); err != nil {
			tb.Fatal(err)
		}
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	held = int64(after.HeapAlloc) - int64(before.HeapAlloc)
	// A parser holds at least its document's text.
	if held < int64(len(in))/2 {
		tb.Fatalf("%s holds %d bytes for a %d-byte input: implausible", r.name, held, len(in))
	}
	return held, parse, check
}

func TestMemory(t *testing.T) {
	for _, file := range corpusFiles {
		t.Run(file, func(t *testing.T) {
			in := loadCorpus(t, file)
			for _, r := range memoryRows {
				t.Run(r.name, func(t *testing.T) {
					held, _, check := heldBytes(t, r, in)
					if err := check(); err != nil {
						t.Fatal(err)
					}
					t.Logf("%s holds %.2f B per input byte", r.name, float64(held)/float64(len(in)))
				})
			}
		})
	}
}
