package bench

// S8 canonical JSON (RFC 8785, JCS): parse a corpus file and print its
// canonical form. The expected output is jsontext's Value.Canonicalize of
// the input, and every row must match it byte for byte.

import (
	"errors"
	"strconv"
	"testing"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/graftjson/graft"
)

// s8Rows is the S8 table; a graft row joins it from an init function.
var s8Rows = []fileRow{
	// Reformats a copy of the input in place (one pass, no tree).
	{name: "jsontext", setup: setupS8Jsontext},
}

// s8Files are the corpus files of S8: strings and escapes (twitter),
// numbers (canada).
var s8Files = []string{"twitter", "canada"}

// jsontextCanonical returns jsontext's canonical form of in.
func jsontextCanonical(in []byte) ([]byte, error) {
	v := jsontext.Value(append([]byte(nil), in...))
	err := v.Canonicalize()
	return v, err
}

func BenchmarkS8Canonical(b *testing.B) {
	for _, file := range s8Files {
		b.Run(file, func(b *testing.B) {
			in := loadCorpus(b, file)
			want, err := jsontextCanonical(in)
			if err != nil {
				b.Fatal(err)
			}
			for _, r := range s8Rows {
				b.Run(r.name, func(b *testing.B) {
					b.SetBytes(int64(len(in)))
					benchOp(b, r.setup(b, in), want, false)
				})
			}
		})
	}
}

func TestS8Canonical(t *testing.T) {
	for _, file := range s8Files {
		t.Run(file, func(t *testing.T) {
			in := loadCorpus(t, file)
			want, err := jsontextCanonical(in)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range s8Rows {
				t.Run(r.name, func(t *testing.T) {
					testOp(t, r.setup(t, in), want, false)
				})
			}
		})
	}
}

func setupS8Jsontext(_ testing.TB, in []byte) op {
	v := make(jsontext.Value, 0, len(in)+len(in)/8)
	return func(dst []byte) ([]byte, error) {
		v = append(v[:0], in...)
		err := v.Canonicalize()
		return v, err
	}
}

// TestCanonicalMatchesJsontext canonicalizes every corpus file and a table
// of hard cases with graft and with jsontext: the outputs must be the same
// bytes, and where one fails the other must too, with one documented
// exception: jsontext prints a number beyond the float64 range as the
// largest float64, graft reports ErrRange (RFC 8785 has no form for it).
func TestCanonicalMatchesJsontext(t *testing.T) {
	inputs := map[string][]byte{}
	for _, f := range []string{"twitter", "canada", "citm_catalog", "numbers", "twitterescaped", "marine_ik", "random", "gsoc-2018"} {
		t.Run("load "+f, func(t *testing.T) { inputs[f] = loadCorpus(t, f) })
	}
	for i, s := range canonicalCases {
		inputs["case "+strconv.Itoa(i)] = []byte(s)
	}
	same := 0
	for name, in := range inputs {
		identical, err := compareCanonical(in)
		if err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if identical {
			same++
		}
	}
	t.Logf("%d of %d inputs byte-identical, the others without a canonical form", same, len(inputs))
	if same < len(inputs)-4 {
		t.Errorf("only %d inputs compared", same)
	}
}

var canonicalCases = []string{
	`{"numbers":[333333333.33333329,1E30,4.50,2e-3,0.000000000000000000000000001],"string":"\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/","literals":[null,true,false]}`,
	`{"\u20ac":"Euro Sign","\r":"Carriage Return","\ufb33":"Hebrew","1":"One","\ud83d\ude00":"Emoji","\u0080":"Control","\u00f6":"o"}`,
	`[0,-0,-0.0,0e5,1.0,1e21,1e20,1e-6,1e-7,123456789012345678,9007199254740993,5e-324,1.7976931348623157e308,-1e-400,1e-400]`,
	`[1234567890123456,123456789012345,-123456789012345,-1234567890123456,100000000000000000000000000000000000000000000000000e-50]`,
	`"\u0000\u0001\u0008\u0009\u000a\u000b\u000c\u000d\u001f\u0020\u007f\u2028\u2029\ud800\udc00\uffff"`,
	`{"\ue000":1,"\ud800\udc00":2,"\uffff":3,"\ud7ff":4,"":5,"a":{"b":[{"d":1,"c":2}]}}`,
	`{"a":1,"a":2}`, `{"a":1,"\u0061":2}`, `[1e400]`, `{"x":-1e999}`,
}

// compareCanonical canonicalizes in with graft and jsontext and reports
// whether both produced the same bytes, or an error if they disagree.
func compareCanonical(in []byte) (identical bool, err error) {
	want, werr := jsontextCanonical(in)
	var d graft.Doc
	root, err := d.Parse(in)
	if err != nil {
		if werr == nil && !errors.Is(err, graft.ErrLimit) { // graft's depth limit is 1000, jsontext's 10000
			return false, errors.New("graft cannot parse what jsontext canonicalizes: " + err.Error())
		}
		return false, nil
	}
	got, gerr := d.AppendCanonical(nil, root)
	switch {
	case errors.Is(gerr, graft.ErrRange):
		return false, nil // the documented difference
	case (gerr == nil) != (werr == nil):
		return false, errors.New("graft: " + errString(gerr) + "; jsontext: " + errString(werr))
	case gerr == nil && string(got) != string(want):
		i := firstDiff(got, want)
		return false, errors.New("differs at byte " + strconv.Itoa(i) + ": graft " + excerpt(got, i) + ", jsontext " + excerpt(want, i))
	}
	return gerr == nil, nil
}

func errString(err error) string {
	if err == nil {
		return "no error"
	}
	return err.Error()
}

// FuzzCanonicalJsontext: graft and jsontext agree on every input (see
// TestCanonicalMatchesJsontext). Run it with
// go test -run '^$' -fuzz FuzzCanonicalJsontext (in bench/).
func FuzzCanonicalJsontext(f *testing.F) {
	for _, s := range canonicalCases {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		if _, err := compareCanonical(in); err != nil {
			t.Fatal(err)
		}
	})
}
