package schema_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/schema"
)

// The JSON-Schema-Test-Suite (draft 2020-12) lives in testdata/suite: its
// tests, the remote documents they reference (served by the loader, as
// the suite's http://localhost:1234/ server would), and its license.
const suiteDir = "testdata/suite"

type suiteGroup struct {
	Description string          `json:"description"`
	Schema      json.RawMessage `json:"schema"`
	Tests       []struct {
		Description string          `json:"description"`
		Data        json.RawMessage `json:"data"`
		Valid       bool            `json:"valid"`
	} `json:"tests"`
}

// suiteLoader serves the suite's remotes directory.
func suiteLoader(uri string) ([]byte, error) {
	const prefix = "http://localhost:1234/"
	if !strings.HasPrefix(uri, prefix) {
		return nil, errors.New("not a suite remote")
	}
	return os.ReadFile(filepath.Join(suiteDir, "remotes", filepath.FromSlash(strings.TrimPrefix(uri, prefix))))
}

func TestSuite(t *testing.T) {
	skips := loadDeviations(t)
	files, _ := filepath.Glob(filepath.Join(suiteDir, "tests", "*.json"))
	opt, _ := filepath.Glob(filepath.Join(suiteDir, "tests", "optional", "*.json"))
	fmts, _ := filepath.Glob(filepath.Join(suiteDir, "tests", "optional", "format", "*.json"))
	files = append(append(files, opt...), fmts...)
	if len(files) < 50 {
		t.Fatalf("found %d suite files", len(files))
	}
	ran, skipped := 0, 0
	used := map[string]bool{}
	for _, f := range files {
		rel, _ := filepath.Rel(filepath.Join(suiteDir, "tests"), f)
		rel = filepath.ToSlash(rel)
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var groups []suiteGroup
		if err := json.Unmarshal(text, &groups); err != nil {
			t.Fatal(err)
		}
		for _, g := range groups {
			t.Run(rel+"/"+g.Description, func(t *testing.T) {
				opts := schema.Options{Loader: suiteLoader, AssertFormat: strings.HasPrefix(rel, "optional/format/")}
				if key := rel + "|" + g.Description + "|*"; skips[key] {
					used[key] = true
					skipped += len(g.Tests)
					t.Skip("deviation")
				}
				plan, err := schema.Compile(g.Schema, opts)
				if err != nil {
					t.Fatalf("compile: %v", err)
				}
				var d graft.Doc
				for _, c := range g.Tests {
					if key := rel + "|" + g.Description + "|" + c.Description; skips[key] {
						used[key] = true
						skipped++
						continue
					}
					ran++
					r, err := d.Parse(c.Data)
					if err != nil {
						t.Fatalf("%s: parse: %v", c.Description, err)
					}
					err = plan.Validate(&d, r)
					if (err == nil) != c.Valid {
						t.Errorf("%s: valid = %v, want %v (%v)", c.Description, err == nil, c.Valid, err)
					}
					if checked, check, walk := plan.Passes(&d, r); checked && check != walk {
						t.Errorf("%s: the valid-only pass says %v, the reporting walk %v", c.Description, check, walk)
					}
				}
			})
		}
	}
	for key := range skips {
		if !used[key] {
			t.Errorf("DEVIATIONS.md lists %q, which the suite does not have", key)
		}
	}
	t.Logf("%d cases ran, %d skipped as deviations", ran, skipped)
}

// loadDeviations reads the table of DEVIATIONS.md: rows of
// | file | group | case (or *) | reason |.
func loadDeviations(t *testing.T) map[string]bool {
	text, err := os.ReadFile("DEVIATIONS.md")
	if err != nil {
		t.Fatal(err)
	}
	skips := map[string]bool{}
	for _, line := range strings.Split(string(text), "\n") {
		cells := strings.Split(line, "|")
		unq := func(s string) string { return strings.Trim(strings.TrimSpace(s), "`") }
		if len(cells) != 6 || !strings.HasSuffix(unq(cells[1]), ".json") {
			continue
		}
		skips[unq(cells[1])+"|"+unq(cells[2])+"|"+unq(cells[3])] = true
	}
	return skips
}
