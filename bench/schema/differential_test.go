package schema

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/schema"
	santhosh "github.com/santhosh-tekuri/jsonschema/v6"
)

// noLoader refuses every URL: neither validator may read files or the
// network in the differential test.
type noLoader struct{}

func (noLoader) Load(url string) (any, error) { return nil, errors.New("no loading") }

// agree compiles s with graft and santhosh-tekuri v6 and, when both accept
// it, reports whether they agree on the validity of the instance. ok is
// false when the pair says nothing (a schema one of them refuses, an
// instance that is not JSON, a limit).
func agree(t *testing.T, s, instance []byte) (same, ok bool, detail string) {
	p, err := schema.Compile(s, schema.Options{MaxSteps: 1 << 16})
	if err != nil {
		return false, false, ""
	}
	// An object with two members of one name has no counterpart in
	// santhosh's map of members (the last wins), where graft compares
	// const and enum values member by member and validates each member of
	// an instance: such schemas and instances are not compared.
	if _, err := graft.New(graft.Options{RejectDuplicateNames: true}).Parse(s); err != nil {
		return false, false, ""
	}
	doc, err := santhosh.UnmarshalJSON(bytes.NewReader(s))
	if err != nil {
		return false, false, ""
	}
	c := santhosh.NewCompiler()
	c.UseLoader(noLoader{})
	c.DefaultDraft(santhosh.Draft2020)
	if err := c.AddResource("urn:graft:schema", doc); err != nil {
		return false, false, ""
	}
	sch, err := c.Compile("urn:graft:schema")
	if err != nil {
		return false, false, ""
	}
	v, err := santhosh.UnmarshalJSON(bytes.NewReader(instance))
	if err != nil {
		return false, false, ""
	}
	d := graft.New(graft.Options{RejectDuplicateNames: true})
	r, err := d.Parse(instance)
	if err != nil {
		return false, false, ""
	}
	gerr := p.Validate(d, r)
	if errors.Is(gerr, schema.ErrLimit) {
		return false, false, ""
	}
	serr := sch.Validate(v)
	detail = "graft: " + errString(gerr) + "\nsanthosh: " + errString(serr)
	return (gerr == nil) == (serr == nil), true, detail
}

func errString(err error) string {
	if err == nil {
		return "valid"
	}
	return err.Error()
}

// suitePairs reads (schema, instance) pairs of the draft 2020-12 suite
// files that need no remote documents.
func suitePairs(tb testing.TB) [][2][]byte {
	files, _ := filepath.Glob("../../schema/testdata/suite/tests/*.json")
	var out [][2][]byte
	for _, f := range files {
		if strings.Contains(f, "refRemote") || strings.Contains(f, "vocabulary") {
			continue
		}
		text, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		var groups []struct {
			Schema json.RawMessage
			Tests  []struct{ Data json.RawMessage }
		}
		if err := json.Unmarshal(text, &groups); err != nil {
			tb.Fatal(err)
		}
		for _, g := range groups {
			for _, c := range g.Tests {
				out = append(out, [2][]byte{g.Schema, c.Data})
			}
		}
	}
	return out
}

// TestDifferentialSuite: on the suite's own pairs the two agree wherever
// both compile the schema.
func TestDifferentialSuite(t *testing.T) {
	pairs := suitePairs(t)
	n := 0
	for _, p := range pairs {
		same, ok, detail := agree(t, p[0], p[1])
		if !ok {
			continue
		}
		n++
		if !same {
			t.Errorf("schema %s\ninstance %s\n%s", p[0], p[1], detail)
		}
	}
	if n < 1000 {
		t.Fatalf("only %d of %d pairs compared", n, len(pairs))
	}
}

// FuzzDifferential: mutated suite schemas and instances; graft and
// santhosh-tekuri v6 agree on valid or invalid.
func FuzzDifferential(f *testing.F) {
	for _, p := range suitePairs(f) {
		f.Add(p[0], p[1])
	}
	f.Fuzz(func(t *testing.T, s, instance []byte) {
		if same, ok, detail := agree(t, s, instance); ok && !same {
			t.Fatalf("schema %s\ninstance %s\n%s", s, instance, detail)
		}
	})
}
