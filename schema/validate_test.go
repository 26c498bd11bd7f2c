package schema_test

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/schema"
)

func mustCompile(tb testing.TB, s string, opts schema.Options) *schema.Plan {
	tb.Helper()
	p, err := schema.Compile([]byte(s), opts)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

func validate(tb testing.TB, p *schema.Plan, in string) error {
	tb.Helper()
	var d graft.Doc
	r, err := d.Parse([]byte(in))
	if err != nil {
		tb.Fatal(err)
	}
	return p.Validate(&d, r)
}

// lines returns the failures of err as the CLI prints them.
func lines(err error) []string {
	var e *schema.Error
	if !errors.As(err, &e) {
		return nil
	}
	var out []string
	for _, c := range e.Causes {
		out = append(out, c.Line())
	}
	return out
}

func TestValidationErrors(t *testing.T) {
	other := `{"$id":"https://example.com/item.json","type":"object","properties":{"n":{"type":"integer","maximum":10}}}`
	loader := func(uri string) ([]byte, error) {
		if uri == "https://example.com/item.json" {
			return []byte(other), nil
		}
		return nil, errors.New("unknown")
	}
	tests := []struct {
		name, schema, in string
		opts             schema.Options
		want             []string
	}{
		{"pointer escapes in instance locations",
			`{"additionalProperties":{"type":"string"}}`, `{"a/b":1,"c~d":2}`, schema.Options{},
			[]string{"/a~1b: expected string, got number (/additionalProperties/type)", "/c~0d: expected string, got number (/additionalProperties/type)"}},
		{"array indices and nested locations",
			`{"items":{"properties":{"q":{"minimum":1}}}}`, `[{"q":1},{"q":0}]`, schema.Options{},
			[]string{"/1/q: must be ≥ 1 (/items/properties/q/minimum)"}},
		{"the root", `{"type":["object","null"]}`, `[]`, schema.Options{},
			[]string{"(root): expected null or object, got array (/type)"}},
		{"keyword locations through $ref into another document",
			`{"items":{"$ref":"https://example.com/item.json"}}`, `[{"n":11}]`, schema.Options{Loader: loader},
			[]string{"/0/n: must be ≤ 10 (https://example.com/item.json#/properties/n/maximum)"}},
		{"keywords that fail together",
			`{"required":["a","b"],"minProperties":3,"properties":{"c":false}}`, `{"c":1}`, schema.Options{},
			[]string{`/c: no value is allowed here (the schema is false) (/properties/c)`, `(root): missing required property "a" (/required)`,
				`(root): missing required property "b" (/required)`, "(root): must have at least 3 properties (/minProperties)"}},
		{"applicators sum up their branches",
			`{"anyOf":[{"type":"string"},{"minimum":5}],"not":{"const":3}}`, `3`, schema.Options{},
			[]string{"(root): matches none of the anyOf subschemas (/anyOf)", "(root): must not match the subschema of not (/not)"}},
		{"oneOf names the subschemas that matched", `{"oneOf":[{"type":"number"},{"type":"string"},{"minimum":0}]}`, `3`, schema.Options{},
			[]string{"(root): matches oneOf subschemas 0 and 2, not exactly one (/oneOf)"}},
		{"MaxErrors", `{"items":{"type":"string"}}`, `[1,2,3,4,5]`, schema.Options{MaxErrors: 2},
			[]string{"/0: expected string, got number (/items/type)", "/1: expected string, got number (/items/type)"}},
		{"unevaluatedProperties", `{"properties":{"a":{}},"anyOf":[{"properties":{"b":{}}}],"unevaluatedProperties":false}`, `{"a":1,"b":2,"c":3}`, schema.Options{},
			[]string{"/c: no value is allowed here (the schema is false) (/unevaluatedProperties)"}},
		{"exact numbers", `{"multipleOf":0.01,"maximum":12345678901234567890.5}`, `12345678901234567890.51`, schema.Options{},
			[]string{"(root): must be ≤ 12345678901234567890.5 (/maximum)"}},
		{"format as an assertion when asked", `{"format":"date"}`, `"2026-02-30"`, schema.Options{AssertFormat: true},
			[]string{"(root): must be a valid date (/format)"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustCompile(t, tc.schema, tc.opts)
			err := validate(t, p, tc.in)
			if !errors.Is(err, schema.ErrInvalid) {
				t.Fatalf("err = %v, want ErrInvalid", err)
			}
			got := lines(err)
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// TestDuplicateNamesCompared: const, enum and uniqueItems compare objects
// member by member, as instances are validated (DEVIATIONS.md): a name
// that repeats matches where it repeats as often with the same values, in
// any order. An object with a repeated name once equalled nothing, not
// even itself.
func TestDuplicateNamesCompared(t *testing.T) {
	for _, tc := range []struct {
		name, schema, in string
		valid            bool
	}{
		{"const equals itself", `{"const":{"a":1,"a":2}}`, `{"a":1,"a":2}`, true},
		{"const in another order", `{"const":{"a":1,"a":2}}`, `{"a":2,"a":1}`, true},
		{"const without the repeat", `{"const":{"a":1,"a":2}}`, `{"a":2}`, false},
		{"instance repeats a member", `{"const":{"a":1}}`, `{"a":1,"a":1}`, false},
		{"same count, other values", `{"const":{"a":1,"a":1,"b":2}}`, `{"a":1,"b":2,"b":2}`, false},
		{"enum", `{"enum":[0,{"x":[1],"x":[1]}]}`, `{"x":[1],"x":[1]}`, true},
		{"uniqueItems", `{"uniqueItems":true}`, `[{"a":1,"a":2},{"a":2,"a":1}]`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := validate(t, mustCompile(t, tc.schema, schema.Options{}), tc.in)
			if (err == nil) != tc.valid {
				t.Errorf("%s on %s: %v, want valid %v", tc.schema, tc.in, err, tc.valid)
			}
		})
	}
}

func TestFormatIsAnAnnotationByDefault(t *testing.T) {
	p := mustCompile(t, `{"format":"date"}`, schema.Options{})
	if err := validate(t, p, `"2026-02-30"`); err != nil {
		t.Fatal(err)
	}
}

func TestCompileErrors(t *testing.T) {
	tests := []struct {
		name, schema string
		opts         schema.Options
		sentinel     error
		want         string // the error's text
	}{
		{"unknown draft", `{"$schema":"http://json-schema.org/draft-07/schema#"}`, schema.Options{}, schema.ErrSchema,
			`schema: /$schema: draft "http://json-schema.org/draft-07/schema#" is not supported: only draft 2020-12 is`},
		{"bad regex", `{"properties":{"a":{"pattern":"(?=x)"}}}`, schema.Options{}, schema.ErrSchema,
			"schema: /properties/a/pattern: pattern \"(?=x)\" is not supported by RE2: error parsing regexp: invalid or unsupported Perl syntax: `(?=`"},
		{"ref to nowhere", `{"items":{"$ref":"#/$defs/missing"}}`, schema.Options{}, schema.ErrSchema,
			`schema: /items/$ref: reference "#/$defs/missing" names nothing`},
		{"anchor to nowhere", `{"$ref":"#nope"}`, schema.Options{}, schema.ErrSchema,
			`schema: /$ref: reference "#nope" names no anchor`},
		{"cycle that never terminates", `{"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"allOf":[{"$ref":"#/$defs/a"}]}},"$ref":"#/$defs/a"}`, schema.Options{}, schema.ErrSchema,
			`schema: /$defs/a: a cycle of references applies this subschema to the same value forever`},
		{"no loader", `{"$ref":"https://example.com/s.json"}`, schema.Options{}, schema.ErrLoad,
			`schema: /$ref: no loader for "https://example.com/s.json"`},
		{"not a schema", `{"items":3}`, schema.Options{}, schema.ErrSchema,
			`schema: /items: a schema must be an object or a boolean`},
		{"bad keyword value", `{"minLength":-1}`, schema.Options{}, schema.ErrSchema,
			`schema: /minLength: minLength must be a non-negative integer`},
		{"not JSON", `{"type":}`, schema.Options{}, schema.ErrSchema, ""},
		{"too large", `{"type":"string"}`, schema.Options{MaxSchemaBytes: 4}, schema.ErrLimit, ""},
		{"too deep", strings.Repeat(`{"not":`, 50) + `{}` + strings.Repeat(`}`, 50), schema.Options{MaxDepth: 20}, schema.ErrLimit, ""},
		{"bad pointer option", `{}`, schema.Options{Pointer: "/components/x"}, schema.ErrSchema,
			"schema: /components/x: the pointer names no value of the document"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := schema.Compile([]byte(tc.schema), tc.opts)
			if !errors.Is(err, tc.sentinel) {
				t.Fatalf("err = %v, want %v", err, tc.sentinel)
			}
			if tc.want != "" && err.Error() != tc.want {
				t.Errorf("err = %s\nwant  %s", err, tc.want)
			}
		})
	}
}

// TestHostileSchemas: schemas built to take exponential time or deep
// recursion end with ErrLimit, quickly.
func TestHostileSchemas(t *testing.T) {
	// Each level applies the next twice: 2^40 applications to one value.
	var b strings.Builder
	b.WriteString(`{"$ref":"#/$defs/d0","$defs":{`)
	for i := 0; i < 40; i++ {
		fmt.Fprintf(&b, `"d%d":{"allOf":[{"$ref":"#/$defs/d%d"},{"$ref":"#/$defs/d%d"}]},`, i, i+1, i+1)
	}
	b.WriteString(`"d40":{"type":"object"}}}`)
	p := mustCompile(t, b.String(), schema.Options{MaxSteps: 100000})
	if err := validate(t, p, `{}`); !errors.Is(err, schema.ErrLimit) {
		t.Fatalf("fan-out: err = %v, want ErrLimit", err)
	}
	// The same fan-out through the value's depth.
	p = mustCompile(t, `{"$defs":{"n":{"allOf":[{"properties":{"a":{"$ref":"#/$defs/n"}}},{"properties":{"a":{"$ref":"#/$defs/n"}}}]}},"$ref":"#/$defs/n"}`, schema.Options{MaxSteps: 100000})
	deep := strings.Repeat(`{"a":`, 60) + `1` + strings.Repeat(`}`, 60)
	if err := validate(t, p, deep); !errors.Is(err, schema.ErrLimit) {
		t.Fatalf("deep fan-out: err = %v, want ErrLimit", err)
	}
	// Deep values against a recursive schema are fine.
	p = mustCompile(t, `{"properties":{"a":{"$ref":"#"}}}`, schema.Options{})
	if err := validate(t, p, strings.Repeat(`{"a":`, 900)+`1`+strings.Repeat(`}`, 900)); err != nil {
		t.Fatal(err)
	}
	// uniqueItems on a long array takes n log n.
	p = mustCompile(t, `{"uniqueItems":true}`, schema.Options{})
	var arr strings.Builder
	arr.WriteString("[")
	for i := 0; i < 100000; i++ {
		fmt.Fprintf(&arr, "%d,", i)
	}
	arr.WriteString(`{"a":[1,"x"]},{"a":[1.0,"\u0078"]}]`)
	if got := lines(validate(t, p, arr.String())); len(got) != 1 || got[0] != "(root): items 100000 and 100001 are equal (/uniqueItems)" {
		t.Fatalf("uniqueItems: %q", got)
	}
}

func TestConcurrentValidate(t *testing.T) {
	s, err := os.ReadFile("testdata/order.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	p := mustCompile(t, string(s), schema.Options{})
	src, _ := os.ReadFile("testdata/order.json")
	var d graft.Doc
	r, err := d.Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				if err := p.Validate(&d, r); err != nil {
					t.Error(err)
					return
				}
				if _, err := p.AppendShape(nil, &d, r); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
}
