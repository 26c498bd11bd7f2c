package cbor_test

import (
	"testing"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/cbor"
)

// sample is a document with every kind of value, escapes, big and
// fractional numbers, for the allocation budgets and benchmarks.
const sample = `{"id":12345678901234567890,"name":"caf\u00e9 \"x\"","ok":true,"none":null,` +
	`"vals":[1,-2,0.5,0.1,-65.613616999999977,1e5],"nested":{"a":[{"b":"c"}],"z":[]}}`

// TestAllocs: warm transcoding in either direction allocates nothing, with
// and without deterministic encoding (bignum conversions, which go through
// math/big, excepted: sample has none beyond 64 bits).
func TestAllocs(t *testing.T) {
	var d graft.Doc
	r, err := d.Parse([]byte(sample))
	if err != nil {
		t.Fatal(err)
	}
	for _, opts := range []cbor.Options{{}, {Deterministic: true}} {
		c := cbor.New(opts)
		var buf, out []byte
		buf, _ = c.AppendCBOR(buf, &d, r)
		out, _ = c.AppendJSON(out, buf)
		var d2 graft.Doc
		if _, err := c.Decode(&d2, buf); err != nil {
			t.Fatal(err)
		}
		if n := testing.AllocsPerRun(100, func() { buf, _ = c.AppendCBOR(buf[:0], &d, r) }); n != 0 {
			t.Errorf("AppendCBOR (%+v): %v allocations, want 0", opts, n)
		}
		if n := testing.AllocsPerRun(100, func() { out, _ = c.AppendJSON(out[:0], buf) }); n != 0 {
			t.Errorf("AppendJSON: %v allocations, want 0", n)
		}
		if n := testing.AllocsPerRun(100, func() { d2.Reset(); c.Decode(&d2, buf) }); n != 0 {
			t.Errorf("Decode: %v allocations, want 0", n)
		}
	}
}
