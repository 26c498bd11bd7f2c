package schema

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/schema"
	kaptinlin "github.com/kaptinlin/jsonschema"
	santhosh "github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/xeipuuv/gojsonschema"
)

// The schema (50 fields: nested objects and arrays, enums, patterns,
// bounds) and its instances. cmd/gen makes the instances.
const schemaFile = "../../schema/testdata/order.schema.json"

var instances = []struct {
	name, file string
	valid      bool
}{
	{"1k", "testdata/order-1k.json", true},
	{"100k", "testdata/order-100k.json", true},
	{"invalid", "testdata/order-invalid.json", false},
}

// A validator is one row: compiled once, then run on bytes (parse +
// validate) or on the value its own parser made (validate only).
type validator struct {
	name string
	// compile returns the two operations for one instance: from bytes,
	// and from the decoded value prepared by prepare.
	compile func(tb testing.TB, schemaJSON []byte) (fromBytes func([]byte) bool, prepare func([]byte) func() bool)
}

var validators = []validator{
	{"graft", func(tb testing.TB, s []byte) (func([]byte) bool, func([]byte) func() bool) {
		p, err := schema.Compile(s, schema.Options{})
		if err != nil {
			tb.Fatal(err)
		}
		d := graft.New(graft.Options{})
		from := func(b []byte) bool {
			r, err := d.Parse(b)
			return err == nil && p.Validate(d, r) == nil
		}
		prep := func(b []byte) func() bool {
			pd := graft.New(graft.Options{})
			r, err := pd.Parse(b)
			if err != nil {
				tb.Fatal(err)
			}
			return func() bool { return p.Validate(pd, r) == nil }
		}
		return from, prep
	}},
	{"santhosh-v6", func(tb testing.TB, s []byte) (func([]byte) bool, func([]byte) func() bool) {
		doc, err := santhosh.UnmarshalJSON(bytes.NewReader(s))
		if err != nil {
			tb.Fatal(err)
		}
		c := santhosh.NewCompiler()
		if err := c.AddResource("order.json", doc); err != nil {
			tb.Fatal(err)
		}
		sch, err := c.Compile("order.json")
		if err != nil {
			tb.Fatal(err)
		}
		from := func(b []byte) bool {
			v, err := santhosh.UnmarshalJSON(bytes.NewReader(b))
			return err == nil && sch.Validate(v) == nil
		}
		prep := func(b []byte) func() bool {
			v, err := santhosh.UnmarshalJSON(bytes.NewReader(b))
			if err != nil {
				tb.Fatal(err)
			}
			return func() bool { return sch.Validate(v) == nil }
		}
		return from, prep
	}},
	{"gojsonschema", func(tb testing.TB, s []byte) (func([]byte) bool, func([]byte) func() bool) {
		sch, err := gojsonschema.NewSchema(gojsonschema.NewBytesLoader(s))
		if err != nil {
			tb.Fatal(err)
		}
		from := func(b []byte) bool {
			res, err := sch.Validate(gojsonschema.NewBytesLoader(b))
			return err == nil && res.Valid()
		}
		prep := func(b []byte) func() bool {
			var v any
			if err := json.Unmarshal(b, &v); err != nil {
				tb.Fatal(err)
			}
			return func() bool {
				res, err := sch.Validate(gojsonschema.NewGoLoader(v))
				return err == nil && res.Valid()
			}
		}
		return from, prep
	}},
	{"kaptinlin", func(tb testing.TB, s []byte) (func([]byte) bool, func([]byte) func() bool) {
		sch, err := kaptinlin.NewCompiler().Compile(s)
		if err != nil {
			tb.Fatal(err)
		}
		from := func(b []byte) bool { return sch.ValidateJSON(b).IsValid() }
		prep := func(b []byte) func() bool {
			var v any
			if err := json.Unmarshal(b, &v); err != nil {
				tb.Fatal(err)
			}
			return func() bool { return sch.Validate(v).IsValid() }
		}
		return from, prep
	}},
}

func readFile(tb testing.TB, name string) []byte {
	b, err := os.ReadFile(name)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// TestValidatorsAgree checks every row on every instance: the benchmarks
// measure only rows that give the right answer.
func TestValidatorsAgree(t *testing.T) {
	s := readFile(t, schemaFile)
	for _, v := range validators {
		from, prep := v.compile(t, s)
		for _, in := range instances {
			b := readFile(t, in.file)
			if got := from(b); got != in.valid {
				t.Errorf("%s on %s from bytes: valid = %v, want %v", v.name, in.name, got, in.valid)
			}
			if got := prep(b)(); got != in.valid {
				t.Errorf("%s on %s from a value: valid = %v, want %v", v.name, in.name, got, in.valid)
			}
		}
	}
}

// BenchmarkValidateBytes: parse the instance and validate it.
func BenchmarkValidateBytes(b *testing.B) {
	s := readFile(b, schemaFile)
	for _, in := range instances {
		data := readFile(b, in.file)
		for _, v := range validators {
			b.Run(in.name+"/"+v.name, func(b *testing.B) {
				from, _ := v.compile(b, s)
				b.SetBytes(int64(len(data)))
				loop(b, func() bool { return from(data) == in.valid })
			})
		}
	}
}

// BenchmarkValidateValue: validate a value the row's own parser made.
func BenchmarkValidateValue(b *testing.B) {
	s := readFile(b, schemaFile)
	for _, in := range instances {
		data := readFile(b, in.file)
		for _, v := range validators {
			b.Run(in.name+"/"+v.name, func(b *testing.B) {
				_, prep := v.compile(b, s)
				run := prep(data)
				b.SetBytes(int64(len(data)))
				loop(b, func() bool { return run() == in.valid })
			})
		}
	}
}
