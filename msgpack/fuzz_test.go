package msgpack_test

import (
	"bytes"
	"encoding/hex"
	"strings"
	"testing"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/internal/transcode/transcodetest"
	"github.com/graftjson/graft/msgpack"
)

// FuzzAppendJSON: no input panics; whatever decodes is JSON that
// parses, and encoding that JSON and decoding again gives it back.
func FuzzAppendJSON(f *testing.F) {
	for _, tc := range formats {
		b, _ := hex.DecodeString(tc.hex)
		f.Add(b)
	}
	lax := codec(msgpack.New(msgpack.Options{BinAsBase64URL: true, UnknownExtAsNull: true, StringKeys: true, NonFiniteAsNull: true, MaxDepth: 64}))
	strict := codec(msgpack.New(msgpack.Options{}))
	f.Fuzz(func(t *testing.T, src []byte) {
		transcodetest.CheckDecoded(t, strict, src)
		transcodetest.CheckDecoded(t, lax, src)
	})
}

// FuzzRoundTrip: JSON → MessagePack → JSON gives the same value, and the
// same text where no string escape is decoded.
func FuzzRoundTrip(f *testing.F) {
	for _, s := range []string{`{"a":[1,2.5,-0,1e400,"x\u00e9\n"],"b":null}`, `0.1`, `123456789012345678901234567890.25e-7`,
		`[true,false,{"":{}}]`, `{"b":1,"a":2,"b":3}`, `-9223372036854775809`, `"` + strings.Repeat("\\ud83d\\ude00", 3) + `"`} {
		f.Add([]byte(s))
	}
	for _, tc := range formats {
		f.Add([]byte(tc.json))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		var d graft.Doc
		r, err := d.Parse(src)
		if err != nil {
			return
		}
		b, err := msgpack.AppendMsgpack(nil, &d, r)
		if err != nil {
			t.Fatalf("AppendMsgpack(%s): %v", src, err)
		}
		back, err := msgpack.AppendJSON(nil, b)
		if err != nil {
			t.Fatalf("AppendJSON(%x) of %s: %v", b, src, err)
		}
		text := d.AppendJSON(nil, r)
		if !bytes.Contains(text, []byte{'\\'}) && !bytes.Equal(text, back) {
			// Without escapes to decode, every byte comes back.
			t.Fatalf("round trip changed the text:\n%s\n%s", text, back)
		}
		transcodetest.SameValue(t, text, back)
	})
}
