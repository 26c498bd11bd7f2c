package schema_test

import (
	"os"
	"testing"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/schema"
)

// TestAllocs: validating and shaping a valid document allocate nothing
// once the plan's pool and the output buffer are warm.
func TestAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	s, err := os.ReadFile("testdata/order.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("testdata/order.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		opts schema.Options
	}{
		{"default", schema.Options{}},
		{"declared-only", schema.Options{DeclaredOnly: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := mustCompile(t, string(s), tc.opts)
			d := graft.New(graft.Options{})
			var out []byte
			run := func() {
				r, err := d.Parse(src)
				if err != nil {
					t.Fatal(err)
				}
				if err := p.Validate(d, r); err != nil {
					t.Fatal(err)
				}
				if out, err = p.AppendShape(out[:0], d, r); err != nil {
					t.Fatal(err)
				}
			}
			run()
			if n := testing.AllocsPerRun(100, run); n != 0 {
				t.Errorf("%v allocations per parse, validate and shape; want 0", n)
			}
		})
	}
}

// TestAllocsApplicators: the annotations of unevaluated… keywords and the
// dynamic scope live in pooled memory too.
func TestAllocsApplicators(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	p := mustCompile(t, `{
		"$id": "https://example.com/tree",
		"$dynamicAnchor": "node",
		"type": "object",
		"properties": {"v": {"type": "number", "multipleOf": 0.5}, "kids": {"type": "array", "items": {"$dynamicRef": "#node"}}},
		"anyOf": [{"properties": {"a": {"enum": [1, 2, [3]]}}}, {"properties": {"b": {"const": {"x": 1}}}}],
		"oneOf": [{"required": ["v"]}, {"required": ["w"]}],
		"if": {"properties": {"v": {"minimum": 10}}}, "then": {"properties": {"big": true}},
		"unevaluatedProperties": false
	}`, schema.Options{})
	src := []byte(`{"v":12.5,"a":[3],"big":1,"kids":[{"v":1,"b":{"x":1.0}},{"v":2,"kids":[]}]}`)
	d := graft.New(graft.Options{})
	r, err := d.Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Validate(d, r); err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(100, func() { p.Validate(d, r) }); n != 0 {
		t.Errorf("%v allocations per validation; want 0", n)
	}
}
