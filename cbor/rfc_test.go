package cbor_test

import (
	"encoding/hex"
	"errors"
	"testing"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/cbor"
)

// appendixA lists the examples of RFC 8949 Appendix A (Table 6) that have
// a JSON form, with the JSON text this package decodes them to. Examples
// whose JSON form needs an option say which in opts. encodes marks the
// examples whose encoding is what AppendCBOR writes for the JSON text:
// integers, strings, definite-length arrays and maps, and the floats
// whose value and printed text the float holds exactly (1.1 is written as
// a decimal fraction instead, see TestNumbers).
var appendixA = []struct {
	hex, json string
	encodes   bool // AppendCBOR writes exactly hex for json
	opts      cbor.Options
}{
	{"00", "0", true, cbor.Options{}},
	{"01", "1", true, cbor.Options{}},
	{"0a", "10", true, cbor.Options{}},
	{"17", "23", true, cbor.Options{}},
	{"1818", "24", true, cbor.Options{}},
	{"1819", "25", true, cbor.Options{}},
	{"1864", "100", true, cbor.Options{}},
	{"1903e8", "1000", true, cbor.Options{}},
	{"1a000f4240", "1000000", true, cbor.Options{}},
	{"1b000000e8d4a51000", "1000000000000", true, cbor.Options{}},
	{"1bffffffffffffffff", "18446744073709551615", true, cbor.Options{}},
	{"c249010000000000000000", "18446744073709551616", true, cbor.Options{}},
	{"3bffffffffffffffff", "-18446744073709551616", true, cbor.Options{}},
	{"c349010000000000000000", "-18446744073709551617", true, cbor.Options{}},
	{"20", "-1", true, cbor.Options{}},
	{"29", "-10", true, cbor.Options{}},
	{"3863", "-100", true, cbor.Options{}},
	{"3903e7", "-1000", true, cbor.Options{}},
	{"f90000", "0", false, cbor.Options{}},
	{"f98000", "-0", true, cbor.Options{}},
	{"f93c00", "1", false, cbor.Options{}},
	{"fb3ff199999999999a", "1.1", false, cbor.Options{}},
	{"f93e00", "1.5", true, cbor.Options{}},
	{"f97bff", "65504", false, cbor.Options{}},
	{"fa47c35000", "100000", false, cbor.Options{}},
	{"fa7f7fffff", "3.4028234663852886e+38", false, cbor.Options{}},
	{"fb7e37e43c8800759c", "1e+300", false, cbor.Options{}},
	{"f90001", "5.960464477539063e-8", false, cbor.Options{}},
	{"f90400", "0.00006103515625", false, cbor.Options{}},
	{"f9c400", "-4", false, cbor.Options{}},
	{"fbc010666666666666", "-4.1", false, cbor.Options{}},
	{"f97c00", "null", false, cbor.Options{NonFiniteAsNull: true}},
	{"f97e00", "null", false, cbor.Options{NonFiniteAsNull: true}},
	{"f9fc00", "null", false, cbor.Options{NonFiniteAsNull: true}},
	{"fa7f800000", "null", false, cbor.Options{NonFiniteAsNull: true}},
	{"fa7fc00000", "null", false, cbor.Options{NonFiniteAsNull: true}},
	{"faff800000", "null", false, cbor.Options{NonFiniteAsNull: true}},
	{"fb7ff0000000000000", "null", false, cbor.Options{NonFiniteAsNull: true}},
	{"fb7ff8000000000000", "null", false, cbor.Options{NonFiniteAsNull: true}},
	{"fbfff0000000000000", "null", false, cbor.Options{NonFiniteAsNull: true}},
	{"f4", "false", true, cbor.Options{}},
	{"f5", "true", true, cbor.Options{}},
	{"f6", "null", true, cbor.Options{}},
	{"f7", "null", false, cbor.Options{UndefinedAsNull: true}},
	{"c074323031332d30332d32315432303a30343a30305a", `"2013-03-21T20:04:00Z"`, false, cbor.Options{}},
	{"c11a514b67b0", "1363896240", false, cbor.Options{}},
	{"c1fb41d452d9ec200000", "1363896240.5", false, cbor.Options{}},
	{"d74401020304", `"01020304"`, false, cbor.Options{}},
	{"d818456449455446", `"ZElFVEY"`, false, cbor.Options{DropUnknownTags: true, BytesAsBase64URL: true}},
	{"d82076687474703a2f2f7777772e6578616d706c652e636f6d", `"http://www.example.com"`, false, cbor.Options{}},
	{"40", `""`, false, cbor.Options{BytesAsBase64URL: true}},
	{"4401020304", `"AQIDBA"`, false, cbor.Options{BytesAsBase64URL: true}},
	{"60", `""`, true, cbor.Options{}},
	{"6161", `"a"`, true, cbor.Options{}},
	{"6449455446", `"IETF"`, true, cbor.Options{}},
	{"62225c", `"\"\\"`, true, cbor.Options{}},
	{"62c3bc", `"ü"`, true, cbor.Options{}},
	{"63e6b0b4", `"水"`, true, cbor.Options{}},
	{"64f0908591", `"𐅑"`, true, cbor.Options{}},
	{"80", "[]", true, cbor.Options{}},
	{"83010203", "[1,2,3]", true, cbor.Options{}},
	{"8301820203820405", "[1,[2,3],[4,5]]", true, cbor.Options{}},
	{"98190102030405060708090a0b0c0d0e0f101112131415161718181819", "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25]", true, cbor.Options{}},
	{"a0", "{}", true, cbor.Options{}},
	{"a201020304", `{"1":2,"3":4}`, false, cbor.Options{StringKeys: true}},
	{"a26161016162820203", `{"a":1,"b":[2,3]}`, true, cbor.Options{}},
	{"826161a161626163", `["a",{"b":"c"}]`, true, cbor.Options{}},
	{"a56161614161626142616361436164614461656145", `{"a":"A","b":"B","c":"C","d":"D","e":"E"}`, true, cbor.Options{}},
	{"5f42010243030405ff", `"AQIDBAU"`, false, cbor.Options{BytesAsBase64URL: true}},
	{"7f657374726561646d696e67ff", `"streaming"`, false, cbor.Options{}},
	{"9fff", "[]", false, cbor.Options{}},
	{"9f018202039f0405ffff", "[1,[2,3],[4,5]]", false, cbor.Options{}},
	{"9f01820203820405ff", "[1,[2,3],[4,5]]", false, cbor.Options{}},
	{"83018202039f0405ff", "[1,[2,3],[4,5]]", false, cbor.Options{}},
	{"83019f0203ff820405", "[1,[2,3],[4,5]]", false, cbor.Options{}},
	{"9f0102030405060708090a0b0c0d0e0f101112131415161718181819ff", "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25]", false, cbor.Options{}},
	{"bf61610161629f0203ffff", `{"a":1,"b":[2,3]}`, false, cbor.Options{}},
	{"826161bf61626163ff", `["a",{"b":"c"}]`, false, cbor.Options{}},
	{"bf6346756ef563416d7421ff", `{"Fun":true,"Amt":-2}`, false, cbor.Options{}},
}

func TestAppendixADecode(t *testing.T) {
	for _, tc := range appendixA {
		t.Run(tc.hex, func(t *testing.T) {
			src, _ := hex.DecodeString(tc.hex)
			got, err := cbor.New(tc.opts).AppendJSON(nil, src)
			if err != nil || string(got) != tc.json {
				t.Fatalf("AppendJSON = %s, %v; want %s", got, err, tc.json)
			}
			if tc.opts != (cbor.Options{}) {
				// Without the option the example is an error.
				if _, err := cbor.AppendJSON(nil, src); !errors.Is(err, cbor.ErrUnsupported) {
					t.Fatalf("default options: err = %v, want ErrUnsupported", err)
				}
			}
		})
	}
}

func TestAppendixAEncode(t *testing.T) {
	for _, tc := range appendixA {
		if !tc.encodes {
			continue
		}
		t.Run(tc.hex, func(t *testing.T) {
			var d graft.Doc
			r, err := d.Parse([]byte(tc.json))
			if err != nil {
				t.Fatal(err)
			}
			got, err := cbor.AppendCBOR(nil, &d, r)
			if err != nil || hex.EncodeToString(got) != tc.hex {
				t.Fatalf("AppendCBOR(%s) = %x, %v; want %s", tc.json, got, err, tc.hex)
			}
		})
	}
}
