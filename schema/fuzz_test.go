package schema_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/schema"
)

// suiteSeeds returns (schema, instance) pairs from some suite files.
func suiteSeeds(tb testing.TB) [][2]string {
	var out [][2]string
	for _, f := range []string{"ref.json", "unevaluatedProperties.json", "dynamicRef.json", "uniqueItems.json",
		"multipleOf.json", "pattern.json", "items.json", "oneOf.json", "if-then-else.json", "enum.json"} {
		text, err := os.ReadFile(filepath.Join(suiteDir, "tests", f))
		if err != nil {
			tb.Fatal(err)
		}
		var groups []suiteGroup
		if err := json.Unmarshal(text, &groups); err != nil {
			tb.Fatal(err)
		}
		for _, g := range groups {
			for _, c := range g.Tests {
				out = append(out, [2]string{string(g.Schema), string(c.Data)})
			}
		}
	}
	return out
}

// fuzzOpts keeps fuzzed schemas small and their validations short.
var fuzzOpts = schema.Options{Loader: suiteLoader, MaxSteps: 1 << 16, MaxDepth: 64, MaxSchemaBytes: 1 << 16}

// FuzzCompile: no schema text makes Compile panic or hang, and a compiled
// plan validates and shapes a few values without panicking.
func FuzzCompile(f *testing.F) {
	for _, s := range suiteSeeds(f) {
		f.Add(s[0])
	}
	f.Add(`{"$defs":{"a":{"$ref":"#/$defs/a"}},"$ref":"#/$defs/a"}`)
	f.Add(`{"pattern":"^[a-z]{2,4}-[0-9]+$","format":"date-time"}`)
	var d graft.Doc
	values := []string{`null`, `1`, `-1.5e3`, `"x"`, `""`, `"12"`, `[1,"a",{}]`, `{"a":[{"b":null}],"c":"\u0041","d":""}`}
	f.Fuzz(func(t *testing.T, s string) {
		for _, opts := range []schema.Options{fuzzOpts, {AssertFormat: true, Coerce: true, MaxSteps: 1 << 16}} {
			p, err := schema.Compile([]byte(s), opts)
			if err != nil {
				var e *schema.Error
				if !errors.As(err, &e) {
					t.Fatalf("error of type %T: %v", err, err)
				}
				return
			}
			for _, v := range values {
				r, err := d.Parse([]byte(v))
				if err != nil {
					t.Fatal(err)
				}
				checkResult(t, p.Validate(&d, r))
				if out, err := p.AppendShape(nil, &d, r); err == nil && !json.Valid(out) {
					t.Fatalf("shape of %s printed invalid JSON %q", v, out)
				}
			}
		}
	})
}

// FuzzValidate: no instance makes validation panic, the result is the
// same twice (the pooled state leaks nothing), the valid-only pass agrees
// with the reporting walk, and shaping prints JSON.
func FuzzValidate(f *testing.F) {
	for _, s := range suiteSeeds(f) {
		f.Add(s[0], s[1])
	}
	var d graft.Doc
	f.Fuzz(func(t *testing.T, s, instance string) {
		p, err := schema.Compile([]byte(s), fuzzOpts)
		if err != nil {
			return
		}
		r, err := d.Parse([]byte(instance))
		if err != nil {
			return
		}
		err1 := p.Validate(&d, r)
		checkResult(t, err1)
		err2 := p.Validate(&d, r)
		if (err1 == nil) != (err2 == nil) || err1 != nil && err1.Error() != err2.Error() {
			t.Fatalf("two validations disagree: %v / %v", err1, err2)
		}
		if checked, check, walk := p.Passes(&d, r); checked && check != walk && !errors.Is(err1, schema.ErrLimit) {
			t.Fatalf("the valid-only pass says %v, the reporting walk %v (%v)", check, walk, err1)
		}
		if out, err := p.AppendShape(nil, &d, r); err == nil && !json.Valid(out) {
			t.Fatalf("shape printed invalid JSON %q", out)
		}
	})
}

func checkResult(t *testing.T, err error) {
	t.Helper()
	if err == nil {
		return
	}
	var e *schema.Error
	if !errors.As(err, &e) || !errors.Is(err, schema.ErrInvalid) && !errors.Is(err, schema.ErrLimit) {
		t.Fatalf("unexpected error %T: %v", err, err)
	}
	if errors.Is(err, schema.ErrInvalid) && len(e.Causes) == 0 {
		t.Fatal("ErrInvalid without causes")
	}
}
