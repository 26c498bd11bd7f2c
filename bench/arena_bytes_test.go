package bench

import (
	"runtime"
	"testing"
	"unsafe"

	"github.com/valyala/fastjson"
)

// TestFastjsonBytesPerInputByte logs the memory a cold fastjson parse takes
// per input byte: the yardstick of graft's target "arena bytes per input byte
// ≤ half of fastjson's". Two figures per file, from runtime.MemStats around
// one parse into a fresh Parser whose value is kept alive:
//
//   - allocated: TotalAlloc growth during the parse, including the garbage
//     left by growing the value slab and the input copy;
//   - retained: HeapAlloc growth once a GC has run with the parser and value
//     still alive, i.e. what the parsed document holds on to (fastjson's
//     Parser keeps a copy of the input, so about 1 B/B of it is that copy);
//   - warm retained: the same after a second parse into the same parser (its
//     slab has reached full size; older slab generations may be freed).
//
// The test only logs (go test -v -run FastjsonBytes); it fails only when a
// figure is implausible.
func TestFastjsonBytesPerInputByte(t *testing.T) {
	t.Logf("sizeof(fastjson.Value) = %d bytes", unsafe.Sizeof(fastjson.Value{}))
	for _, file := range corpusFiles {
		t.Run(file, func(t *testing.T) {
			in := loadCorpus(t, file)
			_, values := cachedTokenCounts(in)
			var before, after, live runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			p := new(fastjson.Parser)
			v, err := p.ParseBytes(in)
			runtime.ReadMemStats(&after)
			if err != nil {
				t.Fatal(err)
			}
			runtime.GC()
			runtime.ReadMemStats(&live)
			runtime.KeepAlive(v)

			// Warm: parse again into the same parser; what stays is the
			// parser's steady-state footprint for this document.
			var warm runtime.MemStats
			if v, err = p.ParseBytes(in); err != nil {
				t.Fatal(err)
			}
			runtime.GC()
			runtime.ReadMemStats(&warm)
			runtime.KeepAlive(p)
			runtime.KeepAlive(v)

			allocated := after.TotalAlloc - before.TotalAlloc
			retained := int64(live.HeapAlloc) - int64(before.HeapAlloc)
			warmRetained := int64(warm.HeapAlloc) - int64(before.HeapAlloc)
			n := float64(len(in))
			t.Logf("%s: %d input bytes, %d values: cold allocated %d B = %.2f B/input byte; cold retained %d B = %.2f B/input byte (%.1f B/value); warm retained %d B = %.2f B/input byte",
				file, len(in), values, allocated, float64(allocated)/n, retained, float64(retained)/n, float64(retained)/float64(values),
				warmRetained, float64(warmRetained)/n)
			if allocated < uint64(len(in)) || retained < int64(len(in)) {
				t.Errorf("implausible: fastjson copies the input, so both figures must be at least %d", len(in))
			}
		})
	}
}
