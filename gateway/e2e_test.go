package gateway

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/graftjson/graft/internal/demo"
	"github.com/graftjson/graft/internal/subgraph"
	"github.com/graftjson/graft/internal/wire"
)

// demoGateway starts the demo's subgraphs, each on its own server on
// 127.0.0.1 (wrap, when set, may replace a subgraph's handler), and a
// gateway over them.
func demoGateway(t testing.TB, opts Options, wrap map[string]func(http.Handler) http.Handler) *httptest.Server {
	t.Helper()
	opts.Subgraphs = demoSubgraphs(t, wrap)
	if opts.Logger == nil {
		opts.Logger = quiet
	}
	g, err := New(demo.Supergraph, opts)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(g)
	t.Cleanup(srv.Close)
	return srv
}

// demoSubgraphs starts the demo's subgraphs on 127.0.0.1 (wrap, when set,
// may replace a subgraph's handler), stopped at the test's end, and
// returns their URLs by name.
func demoSubgraphs(t testing.TB, wrap map[string]func(http.Handler) http.Handler) map[string]string {
	t.Helper()
	subs, err := demo.Subgraphs()
	if err != nil {
		t.Fatal(err)
	}
	urls := map[string]string{}
	for name, s := range subs {
		var h http.Handler = s
		if w := wrap[name]; w != nil {
			h = w(s)
		}
		srv := httptest.NewServer(h)
		t.Cleanup(srv.Close)
		urls[name] = srv.URL + "/graphql"
	}
	return urls
}

func post(query string) string {
	b := []byte(`{"query":`)
	b = wire.AppendQuote(b, query)
	return string(append(b, '}'))
}

var demoCases = []httpCase{
	{name: "top products with reviews and authors", body: post(`{ topProducts { name reviews { body author { name } } } }`), status: 200,
		want: `{"data":{"topProducts":[{"name":"Table","reviews":[{"body":"Love it!","author":{"name":"Ada Lovelace"}},{"body":"Prefer something else.","author":{"name":"Alan Turing"}}]},{"name":"Couch","reviews":[{"body":"Too expensive.","author":{"name":"Ada Lovelace"}}]},{"name":"Chair","reviews":[{"body":"Could be better.","author":{"name":"Alan Turing"}}]}]}}`},
	{name: "requires: shipping estimate", body: post(`{ topProducts(first: 3) { upc inStock shippingEstimate } }`), status: 200,
		want: `{"data":{"topProducts":[{"upc":"1","inStock":true,"shippingEstimate":50},{"upc":"2","inStock":false,"shippingEstimate":0},{"upc":"3","inStock":true,"shippingEstimate":25}]}}`},
	{name: "provides: author username", body: post(`{ me { username reviews { body author { username } product { name } } } }`), status: 200,
		want: `{"data":{"me":{"username":"@ada","reviews":[{"body":"Love it!","author":{"username":"@ada"},"product":{"name":"Table"}},{"body":"Too expensive.","author":{"username":"@ada"},"product":{"name":"Couch"}}]}}}`},
	{name: "variables, aliases, fragments, typename", body: `{"query":"query P($n: Int) { top: topProducts(first: $n) { ...F __typename } } fragment F on Product { upc title: name }","variables":{"n":1}}`, status: 200,
		want: `{"data":{"top":[{"upc":"1","title":"Table","__typename":"Product"}]}}`},
	{name: "mutation", body: post(`mutation { addReview(upc: "3", body: "Sturdy.") { id body product { name } author { name } } }`), status: 200,
		want: `{"data":{"addReview":{"id":"5","body":"Sturdy.","product":{"name":"Chair"},"author":{"name":"Ada Lovelace"}}}}`},
	{name: "introspection type", body: post(`{ __type(name: "Review") { name kind fields { name type { name kind ofType { name } } } } }`), status: 200,
		want: `{"data":{"__type":{"name":"Review","kind":"OBJECT","fields":[{"name":"id","type":{"name":null,"kind":"NON_NULL","ofType":{"name":"ID"}}},{"name":"body","type":{"name":"String","kind":"SCALAR","ofType":null}},{"name":"author","type":{"name":"User","kind":"OBJECT","ofType":null}},{"name":"product","type":{"name":"Product","kind":"OBJECT","ofType":null}}]}}}`},
	{name: "introspection schema roots", body: post(`{ __schema { queryType { name } mutationType { name } subscriptionType { name } } }`), status: 200,
		want: `{"data":{"__schema":{"queryType":{"name":"Query"},"mutationType":{"name":"Mutation"},"subscriptionType":null}}}`},
	{name: "introspection with data", body: post(`{ __typename me { name } __type(name: "join__Graph") { name } }`), status: 200,
		want: `{"data":{"__typename":"Query","me":{"name":"Ada Lovelace"},"__type":null}}`},
	{name: "invalid operation", body: post("{ topProducts { nope } }"), status: 200,
		want: `{"errors":[{"message":"Cannot query field \"nope\" on type \"Product\". Did you mean \"name\"?","locations":[{"line":1,"column":17}]}]}`},
}

// moreDemoCases run against the demo gateway too.
var moreDemoCases = []httpCase{
	{name: "introspection with a variable", body: `{"query":"query($t: String!) { __type(name: $t) { name kind enumValues { name } } }","variables":{"t":"Product"}}`, status: 200,
		want: `{"data":{"__type":{"name":"Product","kind":"OBJECT","enumValues":null}}}`},
	{name: "typename only", body: post(`{ __typename }`), status: 200, want: `{"data":{"__typename":"Query"}}`},
	{name: "get query", method: "GET", target: get(`{ me { name } }`), status: 200, want: `{"data":{"me":{"name":"Ada Lovelace"}}}`},
	{name: "get mutation", method: "GET", target: get(`mutation { addReview(upc: "1", body: "x") { id } }`), status: 405, allow: "POST",
		want: `{"errors":[{"message":"Only queries may be sent with GET; send a mutation with POST."}]}`},
	{name: "wrong variable type", accept: "application/graphql-response+json", body: `{"query":"query($n: Int) { topProducts(first: $n) { name } }","variables":{"n":"two"}}`,
		status: 400, ctype: "application/graphql-response+json",
		want: `{"errors":[{"message":"Variable \"$n\" got invalid value \"two\"; Int cannot represent non-integer value: \"two\"","locations":[{"line":1,"column":7}]}]}`},
	{name: "skip with variable", body: `{"query":"query($s: Boolean!) { me { name @skip(if: $s) username } }","variables":{"s":true}}`, status: 200,
		want: `{"data":{"me":{"username":"@ada"}}}`},
	{name: "subscription", body: post(`subscription { me { name } }`), status: 200,
		want: `{"errors":[{"message":"Schema does not support operation type \"subscription\"","locations":[{"line":1,"column":1}]}]}`},
}

// TestDepthThroughFragments: a document shallow as written but deep with
// its fragments expanded passes the lexical count and meets the planner's.
func TestDepthThroughFragments(t *testing.T) {
	srv := demoGateway(t, Options{MaxDepth: 4}, nil)
	checkHTTP(t, srv, httpCase{name: "deep", body: post("{ me { ...R } }\nfragment R on User { reviews { ...P } }\nfragment P on Review { product { reviews { body } } }"), status: 200,
		want: `{"errors":[{"message":"The operation exceeds the maximum depth of 4.","locations":[{"line":3,"column":44}]}]}`})
}

func TestDemo(t *testing.T) {
	srv := demoGateway(t, Options{}, nil)
	for _, c := range append(demoCases, moreDemoCases...) {
		t.Run(c.name, func(t *testing.T) { checkHTTP(t, srv, c) })
	}
}

// TestForwardHeaders checks that the headers named, and only those, reach
// the subgraphs.
func TestForwardHeaders(t *testing.T) {
	for _, c := range []struct {
		name    string
		forward []string
		want    string
	}{
		{"named", []string{"authorization"}, "Bearer t0k"},
		{"not named", nil, ""},
		{"named by Connection", []string{"Authorization", "X-Other"}, "Bearer t0k"},
	} {
		t.Run(c.name, func(t *testing.T) {
			seen := make(chan string, 1)
			record := map[string]func(http.Handler) http.Handler{"products": func(h http.Handler) http.Handler {
				return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					seen <- r.Header.Get("Authorization") + r.Header.Get("X-Other")
					h.ServeHTTP(w, r)
				})
			}}
			srv := demoGateway(t, Options{ForwardHeaders: c.forward}, record)
			req, _ := http.NewRequest("POST", srv.URL+"/graphql", strings.NewReader(post(`{ topProducts(first: 1) { name } }`)))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Authorization", "Bearer t0k")
			req.Header.Set("X-Other", "no")
			req.Header.Set("Connection", "keep-alive, x-other")
			resp, err := srv.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if got := <-seen; got != c.want {
				t.Errorf("the subgraph saw %q, want %q", got, c.want)
			}
		})
	}
}

// TestConcurrent sends the demo's queries from several goroutines at once
// (with the race detector, this checks the pooled per-request state).
func TestConcurrent(t *testing.T) {
	srv := demoGateway(t, Options{}, nil)
	var queries []httpCase
	for _, c := range demoCases {
		if !strings.Contains(c.body, "mutation") {
			queries = append(queries, c)
		}
	}
	var wg sync.WaitGroup
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; i < 10; i++ {
				checkHTTP(t, srv, queries[(w+i)%len(queries)])
			}
		}(w)
	}
	wg.Wait()
}

// fixtureFile returns the text of a file of a federation fixture (a
// folder of federation/testdata).
func fixtureFile(t *testing.T, fixture, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "federation", "testdata", fixture, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// serveFixture starts a subgraph server on 127.0.0.1 for each config and
// the gateway over them, planned from the fixture's supergraph.graphql;
// the test's cleanup stops them all.
func serveFixture(t *testing.T, fixture string, configs map[string]subgraph.Config) *httptest.Server {
	t.Helper()
	urls := map[string]string{}
	for name, cfg := range configs {
		s, err := subgraph.New(cfg)
		if err != nil {
			t.Fatalf("subgraph %s: %v", name, err)
		}
		srv := httptest.NewServer(s)
		t.Cleanup(srv.Close)
		urls[name] = srv.URL
	}
	g, err := New(fixtureFile(t, fixture, "supergraph.graphql"), Options{Subgraphs: urls, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(g)
	t.Cleanup(srv.Close)
	return srv
}
