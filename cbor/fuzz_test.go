package cbor_test

import (
	"bytes"
	"encoding/hex"
	"strings"
	"testing"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/cbor"
	"github.com/graftjson/graft/internal/transcode/transcodetest"
)

// FuzzAppendJSON: no input panics; whatever decodes is JSON that
// parses, and encoding that JSON and decoding again gives it back.
func FuzzAppendJSON(f *testing.F) {
	for _, tc := range appendixA {
		b, _ := hex.DecodeString(tc.hex)
		f.Add(b)
	}
	for _, h := range []string{"9f01", "c24c018ee90ff6c373e0ee4e3f0ad2", "c5821a0010000001", "bf6161ff", "5f41fb42ff00ff"} {
		b, _ := hex.DecodeString(h)
		f.Add(b)
	}
	lax := codec(cbor.New(cbor.Options{BytesAsBase64URL: true, DropUnknownTags: true, StringKeys: true, UndefinedAsNull: true, NonFiniteAsNull: true, MaxDepth: 64}))
	strict := codec(cbor.New(cbor.Options{}))
	f.Fuzz(func(t *testing.T, src []byte) {
		transcodetest.CheckDecoded(t, strict, src)
		transcodetest.CheckDecoded(t, lax, src)
	})
}

// FuzzRoundTrip: JSON → CBOR → JSON gives the same value, numbers exact,
// with and without deterministic encoding.
func FuzzRoundTrip(f *testing.F) {
	for _, s := range []string{`{"a":[1,2.5,-0,1e400,"x\u00e9\n"],"b":null}`, `0.1`, `123456789012345678901234567890.25e-7`,
		`[true,false,{"":{}}]`, `{"b":1,"a":2,"b":3}`, `-9223372036854775809`, `"` + strings.Repeat("\\ud83d\\ude00", 3) + `"`} {
		f.Add([]byte(s))
	}
	for _, tc := range appendixA {
		f.Add([]byte(tc.json))
	}
	det := cbor.New(cbor.Options{Deterministic: true})
	f.Fuzz(func(t *testing.T, src []byte) {
		var d graft.Doc
		r, err := d.Parse(src)
		if err != nil {
			return
		}
		for _, c := range []*cbor.Codec{cbor.New(cbor.Options{}), det} {
			b, err := c.AppendCBOR(nil, &d, r)
			if err != nil {
				continue // exponent beyond ±2^62: an error, checked in TestEncodeErrors
			}
			back, err := c.AppendJSON(nil, b)
			if err != nil {
				t.Fatalf("AppendJSON(%x) of %s: %v", b, src, err)
			}
			if c == det {
				continue // duplicates dropped, members sorted: compared in TestDeterministic
			}
			text := d.AppendJSON(nil, r)
			if !bytes.ContainsAny(text, "\\eE") && !bytes.Contains(text, []byte("-0.0")) &&
				!bytes.Contains(text, []byte("0."+strings.Repeat("0", 21))) && !bytes.Equal(text, back) {
				// The documented exceptions aside, every byte comes back.
				t.Fatalf("round trip changed the text:\n%s\n%s", text, back)
			}
			transcodetest.SameValue(t, text, back)
		}
	})
}
