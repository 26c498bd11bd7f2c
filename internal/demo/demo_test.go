package demo

import (
	"context"
	"encoding/json"
	"os"
	"slices"
	"sort"
	"testing"

	"github.com/graftjson/graft/federation"
)

// TestSupergraphMatchesSubgraphs checks that the committed supergraph was
// composed from these subgraphs: the same names, and each subgraph's SDL
// (as _service reports it) is the file in schema/.
func TestSupergraphMatchesSubgraphs(t *testing.T) {
	sg, err := federation.Parse([]byte(Supergraph), federation.Options{})
	if err != nil {
		t.Fatal(err)
	}
	subs, err := Subgraphs()
	if err != nil {
		t.Fatal(err)
	}
	var composed, served []string
	for _, s := range sg.Subgraphs() {
		composed = append(composed, s.Name)
	}
	for name, s := range subs {
		served = append(served, name)
		var resp struct {
			Data struct {
				Service struct{ SDL string } `json:"_service"`
			}
		}
		if err := json.Unmarshal(s.Execute(context.Background(), `{ _service { sdl } }`, "", nil), &resp); err != nil {
			t.Fatal(err)
		}
		file, err := os.ReadFile("schema/" + name + ".graphql")
		if err != nil {
			t.Fatal(err)
		}
		if resp.Data.Service.SDL != string(file) {
			t.Errorf("%s: _service.sdl is not schema/%s.graphql", name, name)
		}
	}
	sort.Strings(composed)
	sort.Strings(served)
	if !slices.Equal(composed, served) {
		t.Errorf("supergraph subgraphs %v, served %v", composed, served)
	}
}
