package cbor_test

import (
	"encoding/hex"
	"errors"
	"strings"
	"testing"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/cbor"
	"github.com/graftjson/graft/internal/transcode/transcodetest"
)

// TestNumbers: every number keeps its exact value, and its text where the
// package documentation says so.
func TestNumbers(t *testing.T) {
	for _, tc := range []struct {
		json, hex, back string // back is "" when the text comes back unchanged
	}{
		{"0.1", "c4822001", ""},
		{"1.0", "c482200a", ""},
		{"0.0", "c4822000", ""},
		{"-1.50", "c482213895", ""},
		{"0.001", "c4822201", ""},
		{"-65.613616999999977", "c4822e3b00e91b3cadb6a9e8", ""},
		{"0.5", "f93800", ""},
		{"100000.25", "fa47c35020", ""},
		{"-0", "f98000", ""},
		{"1e5", "c4820501", ""},
		{"1E5", "c4820501", "1e5"},
		{"1.5e-7", "c482270f", "0.00000015"},
		{"1e400", "c48219019001", ""},
		{"9007199254740993", "1b0020000000000001", ""},
		{"-9223372036854775809", "3b8000000000000000", ""},
		{"123456789012345678901234567890", "c24d018ee90ff6c373e0ee4e3f0ad2", ""},
		{"-123456789012345678901234567890", "c34d018ee90ff6c373e0ee4e3f0ad1", ""},
		{"12345678901234567890.5", "c48220c24906b14e9f812f366c39", "12345678901234567890.5"},
		{"1e-30", "c482381d01", "1e-30"},
	} {
		t.Run(tc.json, func(t *testing.T) {
			var d graft.Doc
			r, err := d.Parse([]byte(tc.json))
			if err != nil {
				t.Fatal(err)
			}
			b, err := cbor.AppendCBOR(nil, &d, r)
			if err != nil || hex.EncodeToString(b) != tc.hex {
				t.Fatalf("AppendCBOR = %x, %v; want %s", b, err, tc.hex)
			}
			back, err := cbor.AppendJSON(nil, b)
			want := tc.back
			if want == "" {
				want = tc.json
			}
			if err != nil || string(back) != want {
				t.Fatalf("AppendJSON = %s, %v; want %s", back, err, want)
			}
		})
	}
}

func TestDecodeErrors(t *testing.T) {
	nest := strings.Repeat("81", cbor.DefaultMaxDepth+1) + "00"
	for _, tc := range []struct {
		name, hex string
		err       error
		offset    int64
	}{
		{"empty", "", cbor.ErrSyntax, 0},
		{"truncated argument", "19 01", cbor.ErrSyntax, 2},
		{"truncated text", "62 61", cbor.ErrSyntax, 1},
		{"truncated array", "82 01", cbor.ErrSyntax, 0},
		{"truncated indefinite array", "9f 01", cbor.ErrSyntax, 2},
		{"reserved additional information", "1c", cbor.ErrSyntax, 0},
		{"indefinite integer", "1f", cbor.ErrSyntax, 0},
		{"indefinite tag", "df 00", cbor.ErrSyntax, 0},
		{"break at top", "ff", cbor.ErrSyntax, 0},
		{"break as map value", "bf 61 61 ff", cbor.ErrSyntax, 3},
		{"break as map key of definite map", "a1 ff 00", cbor.ErrSyntax, 1},
		{"text not UTF-8", "62 c3 28", cbor.ErrSyntax, 1},
		{"text chunk of bytes", "7f 41 00 ff", cbor.ErrSyntax, 1},
		{"nested indefinite chunk", "7f 7f ff ff", cbor.ErrSyntax, 1},
		{"huge text length", "7b ffffffffffffffff 00", cbor.ErrSyntax, 9},
		{"huge array length", "9b ffffffffffffffff 00", cbor.ErrSyntax, 0},
		{"huge map length", "ba ffffffff 00 00", cbor.ErrSyntax, 0},
		{"trailing bytes", "00 00", cbor.ErrSyntax, 1},
		{"simple value in two bytes below 32", "f8 10", cbor.ErrSyntax, 0},
		{"nesting bomb", nest, cbor.ErrLimit, int64(cbor.DefaultMaxDepth)},
		{"tag bomb", strings.Repeat("d9d9f7", cbor.DefaultMaxDepth+1) + "00", cbor.ErrLimit, 3 * int64(cbor.DefaultMaxDepth)},
		{"byte string", "41 00", cbor.ErrUnsupported, 0},
		{"unknown tag", "d8 64 00", cbor.ErrUnsupported, 0},
		{"integer key", "a1 01 02", cbor.ErrUnsupported, 1},
		{"array key with StringKeys", "a1 80 02", cbor.ErrUnsupported, 1},
		{"undefined", "f7", cbor.ErrUnsupported, 0},
		{"NaN", "f9 7e00", cbor.ErrUnsupported, 0},
		{"infinity", "fa 7f800000", cbor.ErrUnsupported, 0},
		{"simple value", "f0", cbor.ErrUnsupported, 0},
		{"bignum of text", "c2 61 61", cbor.ErrUnsupported, 1},
		{"bignum too long", "c2 5a 00001001", cbor.ErrLimit, 1},
		{"decimal fraction of one item", "c4 81 00", cbor.ErrUnsupported, 0},
		{"decimal fraction with float exponent", "c4 82 f93c00 01", cbor.ErrUnsupported, 2},
		{"bigfloat exponent too large", "c5 82 1a00100000 01", cbor.ErrLimit, 2},
		{"bigfloat expansion", "9f" + strings.Repeat("c5 82 19044c 01", 300) + "ff", cbor.ErrLimit, 1 + 6*240},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src, err := hex.DecodeString(strings.ReplaceAll(tc.hex, " ", ""))
			if err != nil {
				t.Fatal(err)
			}
			opts := cbor.Options{}
			if strings.Contains(tc.name, "StringKeys") {
				opts.StringKeys = true
			}
			c := cbor.New(opts)
			_, err = c.AppendJSON(nil, src)
			var ce *cbor.Error
			if !errors.Is(err, tc.err) || !errors.As(err, &ce) || ce.Offset != tc.offset {
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
	if _, err := cbor.New(cbor.Options{MaxDepth: 10}).AppendCBOR(nil, &d, deep); !errors.Is(err, cbor.ErrLimit) {
		t.Fatalf("deep: err = %v, want ErrLimit", err)
	}
	if _, err := cbor.AppendCBOR(nil, &d, 0); !errors.Is(err, cbor.ErrUnsupported) {
		t.Fatalf("zero Ref: err = %v, want ErrUnsupported", err)
	}
	big, _ := d.Parse([]byte("1e99999999999999999999"))
	if _, err := cbor.AppendCBOR(nil, &d, big); !errors.Is(err, cbor.ErrUnsupported) {
		t.Fatalf("huge exponent: err = %v, want ErrUnsupported", err)
	}
	lax := graft.New(graft.Options{AllowInvalidUTF8: true})
	bad, err := lax.Parse([]byte("\"\xff\""))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cbor.AppendCBOR(nil, lax, bad); !errors.Is(err, cbor.ErrUnsupported) {
		t.Fatalf("invalid UTF-8: err = %v, want ErrUnsupported", err)
	}
}

func TestDeterministic(t *testing.T) {
	var d graft.Doc
	r, _ := d.Parse([]byte(`{"bb":1,"a":{"z":0,"y":[{"d":1,"c":2}]},"b":2,"bb":3,"\u0061a":4}`))
	got, err := cbor.New(cbor.Options{Deterministic: true}).AppendCBOR(nil, &d, r)
	if err != nil {
		t.Fatal(err)
	}
	// Sorted by encoded key: shorter keys first, then bytewise; the last
	// "bb" wins.
	back, _ := cbor.AppendJSON(nil, got)
	if want := `{"a":{"y":[{"c":2,"d":1}],"z":0},"b":2,"aa":4,"bb":3}`; string(back) != want {
		t.Fatalf("deterministic = %s, want %s", back, want)
	}
}

func TestBytesConversions(t *testing.T) {
	for _, tc := range []struct{ name, hex, json string }{
		{"base64 tag over an array", "d6 82 43 fbff00 40", `["+/8A",""]`},
		{"base16 indefinite", "d7 5f 41 ab 42 cd01 ff", `"abcd01"`},
		{"base64url indefinite across chunks", "d5 5f 41 fb 42 ff00 ff", `"-_8A"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src, _ := hex.DecodeString(strings.ReplaceAll(tc.hex, " ", ""))
			got, err := cbor.AppendJSON(nil, src)
			if err != nil || string(got) != tc.json {
				t.Fatalf("AppendJSON = %s, %v; want %s", got, err, tc.json)
			}
		})
	}
}

// TestCorpusRoundTrip: JSON → CBOR → JSON gives the document's compact
// text back except where a number has an exponent, and the same value.
func TestCorpusRoundTrip(t *testing.T) {
	for name, src := range transcodetest.Corpus(t) {
		t.Run(name, func(t *testing.T) {
			var d graft.Doc
			r, err := d.Parse(src)
			if err != nil {
				t.Skip("not valid JSON")
			}
			b, err := cbor.AppendCBOR(nil, &d, r)
			if err != nil {
				t.Fatal(err)
			}
			back, err := cbor.AppendJSON(nil, b)
			if err != nil {
				t.Fatal(err)
			}
			transcodetest.SameValue(t, d.AppendJSON(nil, r), back)
		})
	}
}

// TestEditedDoc: values built and edited in place encode as they print.
func TestEditedDoc(t *testing.T) {
	var d graft.Doc
	r, _ := d.Parse([]byte(`{"a":[1,2,3],"b":{"c":"x"}}`))
	arr, _ := d.Find(r, "/a")
	d.InsertItem(arr, 1, d.NewString("in\tserted"))
	d.DeleteItem(arr, 0)
	b, _ := d.Find(r, "/b")
	d.Set(b, "c", d.NewInt(-5))
	f, _ := d.NewFloat(0.25)
	d.Set(r, "new", f)
	d.Set(r, "copy", d.Copy(arr))
	out, err := cbor.AppendCBOR(nil, &d, r)
	if err != nil {
		t.Fatal(err)
	}
	back, err := cbor.AppendJSON(nil, out)
	if err != nil {
		t.Fatal(err)
	}
	if want := string(d.AppendJSON(nil, r)); string(back) != want {
		t.Fatalf("AppendJSON = %s, want %s", back, want)
	}
}

func TestStringKeys(t *testing.T) {
	c := cbor.New(cbor.Options{StringKeys: true})
	for _, tc := range []struct{ name, hex, json string }{
		{"integers", "a2 01 02 20 03", `{"1":2,"-1":3}`},
		{"float, bool, null", "a3 f93e00 01 f5 02 f6 03", `{"1.5":1,"true":2,"null":3}`},
		{"bignum", "a1 c249010000000000000000 00", `{"18446744073709551616":0}`},
		{"tagged string", "a1 c0 61 78 01", `{"x":1}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src, _ := hex.DecodeString(strings.ReplaceAll(tc.hex, " ", ""))
			got, err := c.AppendJSON(nil, src)
			if err != nil || string(got) != tc.json {
				t.Fatalf("AppendJSON = %s, %v; want %s", got, err, tc.json)
			}
		})
	}
}
