package msgpack_test

import (
	"testing"

	"github.com/graftjson/graft/internal/transcode/transcodetest"
	"github.com/graftjson/graft/msgpack"
)

// codec binds c's methods for the shared checks.
func codec(c *msgpack.Codec) transcodetest.Codec {
	return transcodetest.Codec{Encode: c.AppendMsgpack, AppendJSON: c.AppendJSON, Decode: c.Decode}
}

// TestAllocs: warm transcoding in either direction allocates nothing, with
// and without rounding of numbers.
func TestAllocs(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts msgpack.Options
	}{{"default", msgpack.Options{}}, {"round numbers", msgpack.Options{RoundNumbers: true}}} {
		transcodetest.CheckAllocs(t, tc.name, codec(msgpack.New(tc.opts)))
	}
}
