package cbor_test

import (
	"testing"

	"github.com/graftjson/graft/cbor"
	"github.com/graftjson/graft/internal/transcode/transcodetest"
)

// codec binds c's methods for the shared checks.
func codec(c *cbor.Codec) transcodetest.Codec {
	return transcodetest.Codec{Encode: c.AppendCBOR, AppendJSON: c.AppendJSON, Decode: c.Decode}
}

// TestAllocs: warm transcoding in either direction allocates nothing, with
// and without deterministic encoding (bignum conversions, which go through
// math/big, excepted: the sample has none beyond 64 bits).
func TestAllocs(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts cbor.Options
	}{{"default", cbor.Options{}}, {"deterministic", cbor.Options{Deterministic: true}}} {
		transcodetest.CheckAllocs(t, tc.name, codec(cbor.New(tc.opts)))
	}
}
