package msgpack_test

import (
	"encoding/hex"
	"errors"
	"strings"
	"testing"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/internal/transcode/transcodetest"
	"github.com/graftjson/graft/msgpack"
)

// formats lists one or more values of every format family of the
// MessagePack specification with the JSON text they decode to; encodes
// marks those that AppendMsgpack writes for that JSON text.
var formats = []struct {
	name, hex, json string
	encodes         bool
	opts            msgpack.Options
}{
	{"positive fixint", "00", "0", true, msgpack.Options{}},
	{"positive fixint max", "7f", "127", true, msgpack.Options{}},
	{"negative fixint", "ff", "-1", true, msgpack.Options{}},
	{"negative fixint min", "e0", "-32", true, msgpack.Options{}},
	{"uint 8", "cc80", "128", true, msgpack.Options{}},
	{"uint 16", "cd0100", "256", true, msgpack.Options{}},
	{"uint 32", "ce00010000", "65536", true, msgpack.Options{}},
	{"uint 64", "cfffffffffffffffff", "18446744073709551615", true, msgpack.Options{}},
	{"uint 8 small", "cc05", "5", false, msgpack.Options{}},
	{"int 8", "d0df", "-33", true, msgpack.Options{}},
	{"int 16", "d1ff7f", "-129", true, msgpack.Options{}},
	{"int 32", "d2ffff7fff", "-32769", true, msgpack.Options{}},
	{"int 64", "d38000000000000000", "-9223372036854775808", true, msgpack.Options{}},
	{"int 8 positive", "d005", "5", false, msgpack.Options{}},
	{"nil", "c0", "null", true, msgpack.Options{}},
	{"false", "c2", "false", true, msgpack.Options{}},
	{"true", "c3", "true", true, msgpack.Options{}},
	{"float 32", "ca3fc00000", "1.5", true, msgpack.Options{}},
	{"float 32 negative zero", "ca80000000", "-0", true, msgpack.Options{}},
	{"float 64", "cb3fb999999999999a", "0.1", true, msgpack.Options{}},
	{"float 64 large", "cb7e37e43c8800759c", "1e+300", true, msgpack.Options{}},
	{"float 32 not a short decimal", "ca3dcccccd", "0.10000000149011612", false, msgpack.Options{}},
	{"float NaN", "cb7ff8000000000000", "null", false, msgpack.Options{NonFiniteAsNull: true}},
	{"float infinity", "caff800000", "null", false, msgpack.Options{NonFiniteAsNull: true}},
	{"fixstr empty", "a0", `""`, true, msgpack.Options{}},
	{"fixstr", "a3636166", `"caf"`, true, msgpack.Options{}},
	{"fixstr escapes", "a4220a5c01", `"\"\n\\\u0001"`, true, msgpack.Options{}},
	{"fixstr UTF-8", "a5636166c3a9", `"café"`, true, msgpack.Options{}},
	{"str 8", "d920" + strings.Repeat("61", 32), `"` + strings.Repeat("a", 32) + `"`, true, msgpack.Options{}},
	{"str 16", "da0100" + strings.Repeat("62", 256), `"` + strings.Repeat("b", 256) + `"`, true, msgpack.Options{}},
	{"str 32", "db00000001" + "63", `"c"`, false, msgpack.Options{}},
	{"bin 8", "c40401020304", `"AQIDBA"`, false, msgpack.Options{BinAsBase64URL: true}},
	{"bin 16", "c5000101", `"AQ"`, false, msgpack.Options{BinAsBase64URL: true}},
	{"bin 32", "c600000000", `""`, false, msgpack.Options{BinAsBase64URL: true}},
	{"fixarray", "93010203", "[1,2,3]", true, msgpack.Options{}},
	{"fixarray empty", "90", "[]", true, msgpack.Options{}},
	{"array 16", "dc0010" + strings.Repeat("00", 16), "[" + strings.Repeat("0,", 15) + "0]", true, msgpack.Options{}},
	{"array 32", "dd0000000100", "[0]", false, msgpack.Options{}},
	{"fixmap", "82a16101a16292c0c3", `{"a":1,"b":[null,true]}`, true, msgpack.Options{}},
	{"map 16", "de0001a16100", `{"a":0}`, false, msgpack.Options{}},
	{"map 32", "df00000001a16100", `{"a":0}`, false, msgpack.Options{}},
	{"integer keys", "820102d0fd03", `{"1":2,"-3":3}`, false, msgpack.Options{StringKeys: true}},
	{"number ext", "c7154e" + hex.EncodeToString([]byte("123456789012345678901")), "123456789012345678901", true, msgpack.Options{}},
	{"number ext decimal", "c7134e" + hex.EncodeToString([]byte("-65.613616999999977")), "-65.613616999999977", true, msgpack.Options{}},
	{"fixext number", "d44e37", "7", false, msgpack.Options{}},
	{"timestamp 32", "d6ff514b67b0", `"2013-03-21T20:04:00Z"`, false, msgpack.Options{}},
	{"timestamp 64", "d7ff" + "0000000c" + "514b67b0", `"2013-03-21T20:04:00.000000003Z"`, false, msgpack.Options{}},
	{"timestamp 96", "c70cff" + "00000005" + "00000000514b67b0", `"2013-03-21T20:04:00.000000005Z"`, false, msgpack.Options{}},
	{"unknown ext", "d50a0102", "null", false, msgpack.Options{UnknownExtAsNull: true}},
	{"fixext 16", "d80a" + strings.Repeat("00", 16), "null", false, msgpack.Options{UnknownExtAsNull: true}},
}

func TestFormats(t *testing.T) {
	for _, tc := range formats {
		t.Run(tc.name, func(t *testing.T) {
			src, err := hex.DecodeString(tc.hex)
			if err != nil {
				t.Fatal(err)
			}
			got, err := msgpack.New(tc.opts).AppendJSON(nil, src)
			if err != nil || string(got) != tc.json {
				t.Fatalf("AppendJSON = %s, %v; want %s", got, err, tc.json)
			}
			if tc.opts != (msgpack.Options{}) {
				if _, err := msgpack.AppendJSON(nil, src); !errors.Is(err, msgpack.ErrUnsupported) {
					t.Fatalf("default options: err = %v, want ErrUnsupported", err)
				}
			}
			if !tc.encodes {
				return
			}
			var d graft.Doc
			r, err := d.Parse([]byte(tc.json))
			if err != nil {
				t.Fatal(err)
			}
			b, err := msgpack.AppendMsgpack(nil, &d, r)
			if err != nil || hex.EncodeToString(b) != tc.hex {
				t.Fatalf("AppendMsgpack(%s) = %x, %v; want %s", tc.json, b, err, tc.hex)
			}
		})
	}
}

// TestNumbers: every number keeps its exact value and its text, as an
// integer, a float whose text a double prints back, or a number
// extension; with RoundNumbers the last become the nearest double.
func TestNumbers(t *testing.T) {
	for _, tc := range []struct {
		json, hex, rounded string
	}{
		{"0.5", "ca3f000000", ""},
		{"1.0", "c7034e312e30", "1"},
		{"1e5", "c7034e316535", "100000"},
		{"-9223372036854775809", "c7144e2d39323233333732303336383534373735383039", "-9223372036854776000"},
		{"18446744073709551616", "c7144e3138343436373434303733373039353531363136", "18446744073709552000"},
		{"-65.613616999999977", "c7134e2d36352e363133363136393939393939393737", "-65.61361699999998"},
		{"1e400", "c7054e3165343030", ""},
		{"1.7976931348623157e+308", "cb7fefffffffffffff", ""},
	} {
		t.Run(tc.json, func(t *testing.T) {
			var d graft.Doc
			r, err := d.Parse([]byte(tc.json))
			if err != nil {
				t.Fatal(err)
			}
			b, err := msgpack.AppendMsgpack(nil, &d, r)
			if err != nil || hex.EncodeToString(b) != tc.hex {
				t.Fatalf("AppendMsgpack = %x, %v; want %s", b, err, tc.hex)
			}
			if back, err := msgpack.AppendJSON(nil, b); err != nil || string(back) != tc.json {
				t.Fatalf("AppendJSON = %s, %v; want %s", back, err, tc.json)
			}
			b, err = msgpack.New(msgpack.Options{RoundNumbers: true}).AppendMsgpack(nil, &d, r)
			if tc.json == "1e400" {
				if !errors.Is(err, msgpack.ErrUnsupported) {
					t.Fatalf("RoundNumbers: err = %v, want ErrUnsupported", err)
				}
				return
			}
			want := tc.rounded
			if want == "" {
				want = tc.json
			}
			if back, err := msgpack.AppendJSON(nil, b); err != nil || string(back) != want {
				t.Fatalf("RoundNumbers: AppendJSON = %s, %v; want %s", back, err, want)
			}
		})
	}
}

func TestDecodeErrors(t *testing.T) {
	nest := strings.Repeat("91", msgpack.DefaultMaxDepth+1) + "00"
	for _, tc := range []struct {
		name, hex string
		err       error
		offset    int64
	}{
		{"empty", "", msgpack.ErrSyntax, 0},
		{"never used", "c1", msgpack.ErrSyntax, 0},
		{"truncated uint", "cd01", msgpack.ErrSyntax, 2},
		{"truncated str", "a261", msgpack.ErrSyntax, 1},
		{"truncated array", "9201", msgpack.ErrSyntax, 0},
		{"truncated ext type", "d4", msgpack.ErrSyntax, 1},
		{"str not UTF-8", "a2c328", msgpack.ErrSyntax, 0},
		{"huge str", "dbffffffff61", msgpack.ErrSyntax, 5},
		{"huge array", "ddffffffff00", msgpack.ErrSyntax, 0},
		{"huge map", "dfffffffff0000", msgpack.ErrSyntax, 0},
		{"huge bin with BinAsBase64URL", "c6ffffffff00", msgpack.ErrSyntax, 5},
		{"huge ext", "c9ffffffff4e00", msgpack.ErrSyntax, 6},
		{"trailing bytes", "c0c0", msgpack.ErrSyntax, 1},
		{"number ext not a number", "d54e3161", msgpack.ErrSyntax, 0},
		{"number ext empty", "c7004e", msgpack.ErrSyntax, 0},
		{"number ext leading zero", "d54e3031", msgpack.ErrSyntax, 0},
		{"timestamp of 2 bytes", "d5ff0000", msgpack.ErrSyntax, 0},
		{"timestamp nanoseconds too large", "c70cff" + "3b9aca00" + "0000000000000000", msgpack.ErrUnsupported, 0},
		{"nesting bomb", nest, msgpack.ErrLimit, int64(msgpack.DefaultMaxDepth)},
		{"bin", "c40100", msgpack.ErrUnsupported, 0},
		{"unknown ext", "d40a00", msgpack.ErrUnsupported, 0},
		{"integer key", "810102", msgpack.ErrUnsupported, 1},
		{"NaN", "ca7fc00000", msgpack.ErrUnsupported, 0},
		{"array key with StringKeys", "819002", msgpack.ErrUnsupported, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src, err := hex.DecodeString(tc.hex)
			if err != nil {
				t.Fatal(err)
			}
			opts := msgpack.Options{StringKeys: strings.Contains(tc.name, "StringKeys"), BinAsBase64URL: strings.Contains(tc.name, "BinAsBase64URL")}
			c := msgpack.New(opts)
			_, err = c.AppendJSON(nil, src)
			var me *msgpack.Error
			if !errors.Is(err, tc.err) || !errors.As(err, &me) || me.Offset != tc.offset {
				t.Fatalf("err = %v, want %v at byte %d", err, tc.err, tc.offset)
			}
			var d graft.Doc
			if _, err := c.Decode(&d, src); !errors.Is(err, tc.err) {
				t.Fatalf("Decode: err = %v, want %v", err, tc.err)
			}
		})
	}
}

func TestEncodeErrors(t *testing.T) {
	var d graft.Doc
	deep, _ := d.Parse([]byte(strings.Repeat("[", 20) + strings.Repeat("]", 20)))
	if _, err := msgpack.New(msgpack.Options{MaxDepth: 10}).AppendMsgpack(nil, &d, deep); !errors.Is(err, msgpack.ErrLimit) {
		t.Fatalf("deep: err = %v, want ErrLimit", err)
	}
	if _, err := msgpack.AppendMsgpack(nil, &d, 0); !errors.Is(err, msgpack.ErrUnsupported) {
		t.Fatalf("zero Ref: err = %v, want ErrUnsupported", err)
	}
	lax := graft.New(graft.Options{AllowInvalidUTF8: true})
	bad, err := lax.Parse([]byte("\"\xff\""))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := msgpack.AppendMsgpack(nil, lax, bad); !errors.Is(err, msgpack.ErrUnsupported) {
		t.Fatalf("invalid UTF-8: err = %v, want ErrUnsupported", err)
	}
}

// TestCorpusRoundTrip: JSON → MessagePack → JSON gives the document's
// compact text back, byte for byte but for decoded string escapes.
func TestCorpusRoundTrip(t *testing.T) {
	for name, src := range transcodetest.Corpus(t) {
		t.Run(name, func(t *testing.T) {
			var d graft.Doc
			r, err := d.Parse(src)
			if err != nil {
				t.Skip("not valid JSON")
			}
			b, err := msgpack.AppendMsgpack(nil, &d, r)
			if err != nil {
				t.Fatal(err)
			}
			back, err := msgpack.AppendJSON(nil, b)
			if err != nil {
				t.Fatal(err)
			}
			transcodetest.SameValue(t, d.AppendJSON(nil, r), back)
		})
	}
}
