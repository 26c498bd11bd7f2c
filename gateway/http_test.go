package gateway

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// httpCase is one request to the gateway and the exact response expected.
type httpCase struct {
	name        string
	method      string // "" is POST
	target      string // path and query; "" is /graphql
	contentType string // "" is application/json for POST
	accept      string
	body        string
	status      int
	ctype       string // "" is application/json
	allow       string
	want        string
}

func get(query string) string { return "/graphql?query=" + url.QueryEscape(query) }

var httpCases = []httpCase{
	{name: "post query", body: `{"query":"{ n hello(name: \"Ada\") }"}`, status: 200,
		want: `{"data":{"n":7,"hello":"hello, Ada"}}`},
	{name: "post with variables and operationName", body: `{"query":"query A { n } query B($x: String!) { hello(name: $x) }","operationName":"B","variables":{"x":"Bo"},"extensions":{}}`, status: 200,
		want: `{"data":{"hello":"hello, Bo"}}`},
	{name: "post with charset", contentType: "application/json; charset=utf-8", body: `{"query":"{ n }"}`, status: 200, want: `{"data":{"n":7}}`},
	{name: "get query", method: "GET", target: get("{ n }"), status: 200, want: `{"data":{"n":7}}`},
	{name: "get with variables", method: "GET", target: get("query($x: String!) { hello(name: $x) }") + "&variables=" + url.QueryEscape(`{"x":"Cy"}`), status: 200,
		want: `{"data":{"hello":"hello, Cy"}}`},
	{name: "get mutation", method: "GET", target: get("mutation { bump }"), status: 405, allow: "POST",
		want: `{"errors":[{"message":"Only queries may be sent with GET; send a mutation with POST."}]}`},
	{name: "post mutation", body: `{"query":"mutation { bump }"}`, status: 200, want: `{"data":{"bump":1}}`},
	{name: "graphql-response+json", accept: "application/graphql-response+json", body: `{"query":"{ n }"}`, status: 200,
		ctype: "application/graphql-response+json", want: `{"data":{"n":7}}`},
	{name: "json preferred by q", accept: "application/graphql-response+json;q=0.5, application/json", body: `{"query":"{ n }"}`, status: 200, want: `{"data":{"n":7}}`},

	// Not a well-formed request: 400 whatever the media type.
	{name: "malformed body", body: `{"query":`, status: 400,
		want: `{"errors":[{"message":"The request body is not valid JSON: graft: line 1, column 10: unexpected end of input, expected a value"}]}`},
	{name: "body not an object", body: `[1]`, status: 400, want: `{"errors":[{"message":"The request body must be a JSON object."}]}`},
	{name: "no query", body: `{}`, status: 400, want: `{"errors":[{"message":"The request has no \"query\"."}]}`},
	{name: "query not a string", body: `{"query":1}`, status: 400, want: `{"errors":[{"message":"The request's \"query\" must be a string."}]}`},
	{name: "operationName not a string", body: `{"query":"{n}","operationName":[]}`, status: 400, want: `{"errors":[{"message":"The request's \"operationName\" must be a string."}]}`},
	{name: "variables not an object", body: `{"query":"{n}","variables":"x"}`, status: 400, want: `{"errors":[{"message":"The request's \"variables\" must be an object."}]}`},
	{name: "get without query", method: "GET", target: "/graphql", status: 400, want: `{"errors":[{"message":"The request has no \"query\"."}]}`},
	{name: "get bad variables", method: "GET", target: get("{n}") + "&variables=%7B", status: 400,
		want: `{"errors":[{"message":"The request's \"variables\" is not valid JSON: graft: line 1, column 2: expected a string for an object member name, found end of input"}]}`},
	{name: "wrong content type", contentType: "text/plain", body: `{"query":"{n}"}`, status: 415,
		want: `{"errors":[{"message":"A POST request's Content-Type must be application/json."}]}`},
	{name: "wrong method", method: "PUT", body: `{"query":"{n}"}`, status: 405, allow: "GET, POST",
		want: `{"errors":[{"message":"Only GET and POST are supported."}]}`},
	{name: "body too large", body: `{"query":"{n}","pad":"` + strings.Repeat("x", 2000) + `"}`, status: 413,
		want: `{"errors":[{"message":"The request body is larger than 1024 bytes."}]}`},

	// Request errors: 200 under application/json, 400 under graphql-response+json.
	{name: "syntax error", body: `{"query":"{ n"}`, status: 200,
		want: `{"errors":[{"message":"Expected Name, found <EOF>","locations":[{"line":1,"column":4}]}]}`},
	{name: "validation error", body: `{"query":"{\n  nope\n}"}`, status: 200,
		want: `{"errors":[{"message":"Cannot query field \"nope\" on type \"Query\".","locations":[{"line":2,"column":3}]}]}`},
	{name: "validation error graphql-response", accept: "application/graphql-response+json", body: `{"query":"{ nope }"}`, status: 400,
		ctype: "application/graphql-response+json",
		want:  `{"errors":[{"message":"Cannot query field \"nope\" on type \"Query\".","locations":[{"line":1,"column":3}]}]}`},
	{name: "unknown operation name", body: `{"query":"query A { n }","operationName":"B"}`, status: 200,
		want: `{"errors":[{"message":"Unknown operation named \"B\"."}]}`},
	{name: "missing variable", body: `{"query":"query($x: String!) { hello(name: $x) }"}`, status: 200,
		want: `{"errors":[{"message":"Variable \"$x\" of required type \"String!\" was not provided.","locations":[{"line":1,"column":7}]}]}`},
	{name: "wrongly typed variable", body: `{"query":"query($x: String!) { hello(name: $x) }","variables":{"x":1}}`, status: 200,
		want: `{"errors":[{"message":"Variable \"$x\" got invalid value 1; String cannot represent a non string value: 1","locations":[{"line":1,"column":7}]}]}`},
	{name: "too deep", body: `{"query":"{ a { b { c { d } } } }"}`, status: 200,
		want: `{"errors":[{"message":"The operation exceeds the maximum depth of 3.","locations":[{"line":1,"column":13}]}]}`},
	{name: "too many aliases", body: `{"query":"{ a: n b: n c: n }"}`, status: 200,
		want: `{"errors":[{"message":"The operation has more than 2 aliases.","locations":[{"line":1,"column":14}]}]}`},
	{name: "too many tokens", body: `{"query":"{` + strings.Repeat(" n", 60) + `}"}`, status: 200,
		want: `{"errors":[{"message":"The operation has more than 50 tokens.","locations":[{"line":1,"column":101}]}]}`},
	{name: "panic", body: `{"query":"{ boom }"}`, status: 500, want: `{"errors":[{"message":"Internal server error."}]}`},

	{name: "health", method: "GET", target: "/health", status: 200, want: `{"status":"pass"}`},
	{name: "health post", method: "POST", target: "/health", status: 405, allow: "GET, HEAD", ctype: "text/plain; charset=utf-8", want: "method not allowed\n"},
	{name: "not found", method: "GET", target: "/nope", status: 404, ctype: "text/plain; charset=utf-8", want: "404 page not found\n"},
}

// quiet is a logger that drops every record.
var quiet = slog.New(slog.NewTextHandler(io.Discard, &slog.HandlerOptions{Level: slog.LevelError + 1}))

func TestHTTP(t *testing.T) {
	g := newGateway(newStub(true), Options{MaxBodyBytes: 1024, MaxDepth: 3, MaxAliases: 2, MaxTokens: 50, Logger: quiet})
	srv := httptest.NewServer(g)
	defer srv.Close()
	for _, c := range httpCases {
		t.Run(c.name, func(t *testing.T) { checkHTTP(t, srv, c) })
	}
}

func checkHTTP(t *testing.T, srv *httptest.Server, c httpCase) {
	t.Helper()
	method, target, ctype := c.method, c.target, c.contentType
	if method == "" {
		method = "POST"
	}
	if target == "" {
		target = "/graphql"
	}
	if ctype == "" && method == "POST" {
		ctype = "application/json"
	}
	req, err := http.NewRequest(method, srv.URL+target, strings.NewReader(c.body))
	if err != nil {
		t.Fatal(err)
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	if c.accept != "" {
		req.Header.Set("Accept", c.accept)
	}
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	wantType := c.ctype
	if wantType == "" {
		wantType = "application/json"
	}
	if resp.StatusCode != c.status || string(body) != c.want || resp.Header.Get("Content-Type") != wantType || resp.Header.Get("Allow") != c.allow {
		t.Errorf("got %d %q (Content-Type %q, Allow %q)\nwant %d %q (Content-Type %q, Allow %q)",
			resp.StatusCode, body, resp.Header.Get("Content-Type"), resp.Header.Get("Allow"), c.status, c.want, wantType, c.allow)
	}
}

// recorder is a reusable http.ResponseWriter.
type recorder struct {
	header http.Header
	status int
	body   []byte
}

func (w *recorder) Header() http.Header         { return w.header }
func (w *recorder) WriteHeader(status int)      { w.status = status }
func (w *recorder) Write(b []byte) (int, error) { w.body = append(w.body, b...); return len(b), nil }
