package gateway

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
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
