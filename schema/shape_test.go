package schema_test

import (
	"errors"
	"testing"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/schema"
)

func TestAppendShape(t *testing.T) {
	const closed = `{"type":"object","additionalProperties":false,"properties":{
		"id":{"type":"integer"},"name":{"type":"string"},
		"tags":{"type":"array","items":{"type":"object","properties":{"k":{}},"additionalProperties":false}},
		"meta":{"type":"object","properties":{"a":{}}}},
		"patternProperties":{"^x-":{}}}`
	tests := []struct {
		name, schema, in, want string
		opts                   schema.Options
	}{
		{"closed object drops undeclared members", closed,
			`{"name":"a\u00e9","secret":1,"id":7,"x-trace":"t"}`, `{"name":"a\u00e9","id":7,"x-trace":"t"}`, schema.Options{}},
		{"closed items inside arrays", closed,
			`{"tags":[{"k":1,"v":2},{"v":3}]}`, `{"tags":[{"k":1},{}]}`, schema.Options{}},
		{"open objects keep everything", closed,
			`{"meta":{"a":1,"b":2}}`, `{"meta":{"a":1,"b":2}}`, schema.Options{}},
		{"declared-only drops from open objects", closed,
			`{"meta":{"b":2,"a":1}}`, `{"meta":{"a":1}}`, schema.Options{DeclaredOnly: true}},
		{"numbers and strings as received", `{"properties":{"n":{"type":"number"}}}`,
			`{"n":1.50E+3,"s":"\ud83d\ude00"}`, `{"n":1.50E+3,"s":"\ud83d\ude00"}`, schema.Options{}},
		{"no silent coercion", `{"properties":{"n":{"type":"integer"},"s":{"type":"string"},"b":{"type":"boolean"}}}`,
			`{"n":"42","s":7,"b":"x"}`, `{"n":"42","s":7,"b":"x"}`, schema.Options{}},
		{"coercion when asked", `{"properties":{"n":{"type":"integer"},"s":{"type":"string"},"b":{"type":"boolean"}}}`,
			`{"n":"42","s":7,"b":"true"}`, `{"n":42,"s":"7","b":true}`, schema.Options{Coerce: true}},
		{"closed through $ref and allOf", `{"$ref":"#/$defs/o","$defs":{"o":{"allOf":[{"properties":{"a":{}}}],"additionalProperties":false,"properties":{"b":{}}}}}`,
			`{"a":1,"b":2,"c":3}`, `{"a":1,"b":2}`, schema.Options{}},
		{"unevaluatedProperties false closes", `{"properties":{"a":{}},"unevaluatedProperties":false}`,
			`{"z":0,"a":1}`, `{"a":1}`, schema.Options{}},
		{"escaped member names are matched decoded", closed,
			`{"\u0069d":1,"\u0073ecret":2}`, `{"\u0069d":1}`, schema.Options{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := schema.Compile([]byte(tc.schema), tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			var d graft.Doc
			r, err := d.Parse([]byte(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			got, err := p.AppendShape([]byte("prefix:"), &d, r)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != "prefix:"+tc.want {
				t.Errorf("got  %s\nwant prefix:%s", got, tc.want)
			}
		})
	}
}

func TestAppendShapeCoerceError(t *testing.T) {
	p, err := schema.Compile([]byte(`{"properties":{"n":{"type":"integer"}}}`), schema.Options{Coerce: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range []string{`{"n":"4.5"}`, `{"n":"x"}`, `{"n":""}`, `{"n":"1 "}`, `{"n":true}`, `{"n":1.5}`} {
		var d graft.Doc
		r, _ := d.Parse([]byte(in))
		out, err := p.AppendShape([]byte("keep"), &d, r)
		if !errors.Is(err, schema.ErrShape) || string(out) != "keep" {
			t.Errorf("%s: got %q, %v; want ErrShape and dst unchanged", in, out, err)
		}
	}
}
