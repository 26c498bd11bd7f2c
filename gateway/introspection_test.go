package gateway

import (
	"context"
	"encoding/json"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/graftjson/graft/federation"
	"github.com/graftjson/graft/internal/demo"
)

// fullIntrospection asks for everything a client tool reads to build its
// picture of a schema.
const fullIntrospection = `query Full {
  __schema {
    description
    queryType { name } mutationType { name } subscriptionType { name }
    types { ...T }
    directives { name description isRepeatable locations args(includeDeprecated: true) { ...V } }
  }
}
fragment T on __Type {
  kind name description specifiedByURL
  fields(includeDeprecated: true) { name description args(includeDeprecated: true) { ...V } type { ...R } isDeprecated deprecationReason }
  inputFields(includeDeprecated: true) { ...V }
  interfaces { ...R }
  enumValues(includeDeprecated: true) { name description isDeprecated deprecationReason }
  possibleTypes { ...R }
}
fragment V on __InputValue { name description type { ...R } defaultValue isDeprecated deprecationReason }
fragment R on __Type { kind name ofType { kind name ofType { kind name ofType { kind name } } } }`

func TestIntrospectionFull(t *testing.T) {
	sg, err := federation.Parse([]byte(demo.Supergraph), federation.Options{})
	if err != nil {
		t.Fatal(err)
	}
	out := newIntrospection(sg.APISchema()).execute(context.Background(), fullIntrospection, "Full", nil)
	var resp struct {
		Data struct {
			Schema struct {
				QueryType struct{ Name string }
				Types     []struct {
					Kind, Name string
					Fields     []struct{ Name string }
				}
				Directives []struct{ Name string }
			} `json:"__schema"`
		}
		Errors []json.RawMessage
	}
	if err := json.Unmarshal(out, &resp); err != nil || len(resp.Errors) > 0 {
		t.Fatalf("%v: %s", err, out)
	}
	s := resp.Data.Schema
	var names, want []string
	for _, ty := range s.Types {
		names = append(names, ty.Name)
		if strings.HasPrefix(ty.Name, "join__") || strings.HasPrefix(ty.Name, "link__") {
			t.Errorf("type %s of the join machinery is visible", ty.Name)
		}
		if ty.Name == "Query" {
			for _, f := range ty.Fields {
				if strings.HasPrefix(f.Name, "__") {
					t.Errorf("meta-field %s listed among Query's fields", f.Name)
				}
			}
		}
	}
	for name := range sg.APISchema().Types {
		want = append(want, name)
	}
	sort.Strings(want)
	if !slices.Equal(names, want) {
		t.Errorf("types %v\nwant %v", names, want)
	}
	if s.QueryType.Name != "Query" {
		t.Errorf("queryType %q", s.QueryType.Name)
	}
	var dirs []string
	for _, d := range s.Directives {
		dirs = append(dirs, d.Name)
	}
	if slices.Contains(dirs, "defer") {
		t.Errorf("@defer is advertised, but the gateway refuses it: %v", dirs)
	}
	for _, d := range []string{"deprecated", "include", "skip"} {
		if !slices.Contains(dirs, d) {
			t.Errorf("directive %s missing from %v", d, dirs)
		}
	}
}
