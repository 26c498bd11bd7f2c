package gateway

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/graftjson/graft/federation"
	"github.com/graftjson/graft/internal/demo"
	"github.com/graftjson/graft/resolve"
)

// FuzzRequest sends arbitrary bodies and URL queries through the whole
// HTTP layer (over the stub backend): no input may panic (a recovered
// panic would be a 500) or give a response that is not one JSON object
// with "data" or "errors".
func FuzzRequest(f *testing.F) {
	for _, c := range httpCases {
		if c.target == "" || strings.HasPrefix(c.target, "/graphql") {
			_, query, _ := strings.Cut(c.target, "?")
			f.Add(c.method == "GET", c.body, query)
		}
	}
	f.Add(false, `{"query":"{n}","variables":{"x":[1,{"y":null}]},"operationName":null}`, "")
	f.Add(true, "", "query=%7Bn%7D&variables=null&extensions=%7B%7D")
	f.Add(false, `{"query":"query($x: String = \"d\") { hello(name: \"\"\"a\n \\\"\"\" \\u{1F600}\"\"\") n }","variables":{"x":null}}`, "")
	g := newGateway(newStub(false), Options{MaxBodyBytes: 4096, MaxDepth: 8, MaxAliases: 8, MaxTokens: 500, Logger: quiet})
	f.Fuzz(func(t *testing.T, isGet bool, body, query string) {
		method := "POST"
		if isGet {
			method = "GET"
		}
		req, err := http.NewRequest(method, "/graphql", strings.NewReader(body))
		if err != nil {
			t.Skip()
		}
		req.URL.RawQuery = query
		req.Header.Set("Content-Type", "application/json")
		w := &recorder{header: http.Header{}}
		g.ServeHTTP(w, req)
		switch w.status {
		case 200, 400, 405, 413:
		default:
			t.Fatalf("status %d for %s %q ?%q: %s", w.status, method, body, query, w.body)
		}
		var resp map[string]json.RawMessage
		if err := json.Unmarshal(w.body, &resp); err != nil {
			t.Fatalf("response is not a JSON object (%v): %s", err, w.body)
		}
		if resp["data"] == nil && resp["errors"] == nil {
			t.Fatalf("response has neither data nor errors: %s", w.body)
		}
	})
}

// FuzzDemo sends arbitrary request bodies through the real planner and
// engine over the demo's subgraphs (in process): no input may end in a
// 500 or in a response that is not a GraphQL response.
func FuzzDemo(f *testing.F) {
	for _, c := range append(append(demoCases, moreDemoCases...), literalCases...) {
		if c.body != "" {
			f.Add(c.body)
		}
	}
	sg, err := federation.Parse([]byte(demo.Supergraph), federation.Options{MaxDepth: 16})
	if err != nil {
		f.Fatal(err)
	}
	subs, err := demo.Subgraphs()
	if err != nil {
		f.Fatal(err)
	}
	rp := &replay{subs: map[string]http.Handler{}, responses: map[string][]byte{}, record: true}
	for name, s := range subs {
		rp.subs[name] = s
	}
	fed := &federated{sg: sg, engine: resolve.NewEngine(rp, resolve.Options{})}
	g := newGateway(fed,
		Options{MaxDepth: 16, MaxAliases: 16, MaxTokens: 1000, Logger: quiet})
	f.Fuzz(func(t *testing.T, body string) {
		req, err := http.NewRequest("POST", "/graphql", strings.NewReader(body))
		if err != nil {
			t.Skip()
		}
		req.Header.Set("Content-Type", "application/json")
		w := &recorder{header: http.Header{}}
		g.ServeHTTP(w, req)
		if w.status != 200 && w.status != 400 && w.status != 413 {
			t.Fatalf("status %d for %q: %s", w.status, body, w.body)
		}
		var resp map[string]json.RawMessage
		if err := json.Unmarshal(w.body, &resp); err != nil || (resp["data"] == nil && resp["errors"] == nil) {
			t.Fatalf("not a GraphQL response (%v): %s", err, w.body)
		}
	})
}
