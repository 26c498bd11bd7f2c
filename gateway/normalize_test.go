package gateway

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/internal/demo"
)

// literalCases run against the demo gateway: requests whose arguments are
// literals, which the gateway moves into variables before it plans.
var literalCases = []httpCase{
	{name: "int literal", body: post(`{ topProducts(first: 2) { name } }`), status: 200,
		want: `{"data":{"topProducts":[{"name":"Table"},{"name":"Couch"}]}}`},
	{name: "same literal twice, another value aliased", body: post(`{ a: topProducts(first: 1) { upc } b: topProducts(first: 1) { name } c: topProducts(first: 3) { upc } }`), status: 200,
		want: `{"data":{"a":[{"upc":"1"}],"b":[{"name":"Table"}],"c":[{"upc":"1"},{"upc":"2"},{"upc":"3"}]}}`},
	{name: "variables and literals mixed", body: `{"query":"query Q($n: Int, $upc: String!) { topProducts(first: $n) { upc } product(upc: $upc) { name } one: product(upc: \"3\") { name } }","variables":{"n":1,"upc":"2"}}`, status: 200,
		want: `{"data":{"topProducts":[{"upc":"1"}],"product":{"name":"Couch"},"one":{"name":"Chair"}}}`},
	{name: "literal beside a variable default", body: post(`query ($n: Int = 2) { topProducts(first: $n) { upc } product(upc: "1") { name } }`), status: 200,
		want: `{"data":{"topProducts":[{"upc":"1"},{"upc":"2"}],"product":{"name":"Table"}}}`},
	{name: "entity jump with a literal", body: post(`{ user(id: "2") { name reviews { product { name } } } }`), status: 200,
		want: `{"data":{"user":{"name":"Alan Turing","reviews":[{"product":{"name":"Chair"}},{"product":{"name":"Table"}}]}}}`},
	{name: "mutation with escaped and block string literals", body: post("mutation {\n  addReview(upc: \"2\", body: \"\"\"\n    caf\u00e9 \\\"\"\" \\u{1F600}\n    ok\n  \"\"\") { body product { name } }\n  second: addReview(upc: \"1\", body: \"tab\\there \\u00e9\\ud83d\\ude00\") { body }\n}"), status: 200,
		want: `{"data":{"addReview":{"body":"café \"\"\" \\u{1F600}\nok","product":{"name":"Couch"}},"second":{"body":"tab\there é😀"}}}`},
	{name: "a literal of the wrong type", body: post("{\n  topProducts(first: \"two\") { name }\n}"), status: 200,
		want: `{"errors":[{"message":"Int cannot represent non-integer value: \"two\"","locations":[{"line":2,"column":22}]}]}`},
	{name: "a float for an int", body: post(`{ topProducts(first: 1.5) { name } }`), status: 200,
		want: `{"errors":[{"message":"Int cannot represent non-integer value: 1.5","locations":[{"line":1,"column":22}]}]}`},
	{name: "an unterminated string after a CRLF", body: post("{\r\n  product(upc: \"1) { name }\r\n}"), status: 200,
		want: `{"errors":[{"message":"Unterminated string.","locations":[{"line":2,"column":28}]}]}`},
	{name: "a null for a non-null argument", body: post(`{ product(upc: null) { name } }`), status: 200,
		want: `{"errors":[{"message":"Expected value of type \"String!\", found null.","locations":[{"line":1,"column":16}]}]}`},
	{name: "a field error after a literal, in the client's columns", body: post(`{ topProducts(first:    2) { nope } }`), status: 200,
		want: `{"errors":[{"message":"Cannot query field \"nope\" on type \"Product\". Did you mean \"name\"?","locations":[{"line":1,"column":30}]}]}`},
	{name: "the second operation selected", body: `{"query":"query A { me { name } }\nquery B { topProducts(first: 1) { nope } }","operationName":"B"}`, status: 200,
		want: `{"errors":[{"message":"Cannot query field \"nope\" on type \"Product\". Did you mean \"name\"?","locations":[{"line":2,"column":35}]}]}`},
	{name: "a variable of the wrong type, in the second operation", body: `{"query":"query A { me { name } }\nquery B($n: Int) { product(upc: \"1\") { name } topProducts(first: $n) { upc } }","operationName":"B","variables":{"n":"x"}}`, status: 200,
		want: `{"errors":[{"message":"Variable \"$n\" got invalid value \"x\"; Int cannot represent non-integer value: \"x\"","locations":[{"line":2,"column":9}]}]}`},
}

func TestDemoLiterals(t *testing.T) {
	srv, _ := countingDemo(t, Options{})
	// The second round finds each document in the cache.
	for _, round := range []string{"", ", cached"} {
		for _, c := range literalCases {
			t.Run(c.name+round, func(t *testing.T) { checkHTTP(t, srv, c) })
		}
	}
}

// countingBackend counts the operations its backend plans.
type countingBackend struct {
	backend
	plans atomic.Int32
}

func (b *countingBackend) plan(query, name string) (*prepared, error) {
	b.plans.Add(1)
	return b.backend.plan(query, name)
}

// countingDemo is the demo gateway of demoGateway whose plans are
// counted.
func countingDemo(t *testing.T, opts Options) (*httptest.Server, *countingBackend) {
	t.Helper()
	srv := demoGateway(t, opts, nil)
	g := srv.Config.Handler.(*Gateway)
	b := &countingBackend{backend: g.backend}
	g.backend = b
	return srv, b
}

// Requests that differ only in their literal values share one plan, and get
// their own values; a document seen before takes its literals from the
// cache, alone or merged with the client's variables.
func TestLiteralsSharePlans(t *testing.T) {
	srv, b := countingDemo(t, Options{})
	steps := []struct {
		body, want string
		plans      int32
	}{
		{post(`{ topProducts(first: 1) { upc } }`), `{"data":{"topProducts":[{"upc":"1"}]}}`, 1},
		{post(`{ topProducts(first: 2) { upc } }`), `{"data":{"topProducts":[{"upc":"1"},{"upc":"2"}]}}`, 1},
		{post(`{ topProducts(first: 3) { upc } }`), `{"data":{"topProducts":[{"upc":"1"},{"upc":"2"},{"upc":"3"}]}}`, 1},
		{post(`{ topProducts(first: 1) { upc } }`), `{"data":{"topProducts":[{"upc":"1"}]}}`, 1},
		{`{"query":"{ topProducts(first: 2) { upc } }","variables":{"a":3,"n":1}}`, `{"data":{"topProducts":[{"upc":"1"},{"upc":"2"}]}}`, 1},
		{`{"query":"{ topProducts(first: 2) { upc } }","variables":{}}`, `{"data":{"topProducts":[{"upc":"1"},{"upc":"2"}]}}`, 1},
		{`{"query":"{ topProducts(first: 2) { upc } }","variables":{"n":1,"b":1}}`, `{"data":{"topProducts":[{"upc":"1"},{"upc":"2"}]}}`, 1},
		{post(`{ topProducts(first: 2) { name } }`), `{"data":{"topProducts":[{"name":"Table"},{"name":"Couch"}]}}`, 2},
		{post(`{ topProducts(first: 2) { nope } }`), `{"errors":[{"message":"Cannot query field \"nope\" on type \"Product\". Did you mean \"name\"?","locations":[{"line":1,"column":27}]}]}`, 3},
		{post(`{ topProducts(first: 12) { nope } }`), `{"errors":[{"message":"Cannot query field \"nope\" on type \"Product\". Did you mean \"name\"?","locations":[{"line":1,"column":28}]}]}`, 3},
		// The normalized document keeps the client's layout: another
		// layout is another plan.
		{post("{\n  topProducts(first: 3) { upc }\n}"), `{"data":{"topProducts":[{"upc":"1"},{"upc":"2"},{"upc":"3"}]}}`, 4},
		{post(`{ topProducts(first: 2) { nope } }`), `{"errors":[{"message":"Cannot query field \"nope\" on type \"Product\". Did you mean \"name\"?","locations":[{"line":1,"column":27}]}]}`, 4},
	}
	for i, s := range steps {
		checkHTTP(t, srv, httpCase{name: s.body, body: s.body, status: 200, want: s.want})
		if got := b.plans.Load(); got != s.plans {
			t.Errorf("step %d: %d plans, want %d", i, got, s.plans)
		}
	}
}

// bulkGateway serves the demo's supergraph with one more root field,
// bulk(items: [BulkItem!]!): Int, owned by a subgraph that answers the
// number of items it got (in its variables) and sends the body of each
// request it gets to bodies.
func bulkGateway(t *testing.T, opts Options, bodies chan<- string) *httptest.Server {
	t.Helper()
	sg := strings.Replace(demo.Supergraph, "  product(upc: String!): Product @join__field(graph: PRODUCTS)\n",
		"  product(upc: String!): Product @join__field(graph: PRODUCTS)\n  bulk(items: [BulkItem!]!): Int @join__field(graph: PRODUCTS)\n", 1)
	sg += "\ninput BulkItem @join__type(graph: PRODUCTS) { sku: String! qty: Int! }\n"
	upstream := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		bodies <- string(b)
		var req struct{ Variables map[string][]any }
		json.Unmarshal(b, &req)
		n := -1
		for _, v := range req.Variables {
			n = len(v)
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"data":{"bulk":%d}}`, n)
	}))
	t.Cleanup(upstream.Close)
	opts.Subgraphs = map[string]string{}
	for _, name := range []string{"accounts", "inventory", "products", "reviews"} {
		opts.Subgraphs[name] = upstream.URL
	}
	opts.Logger = quiet
	g, err := New(sg, opts)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(g)
	t.Cleanup(srv.Close)
	return srv
}

// bulkItems returns a list literal of n input objects.
func bulkItems(n int) string {
	var b strings.Builder
	b.WriteByte('[')
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, `{sku: "s\u00e9%d", qty: %d} `, i, i)
	}
	b.WriteByte(']')
	return b.String()
}

// The token, alias and depth limits count the structure of an operation:
// a huge inline list is one variable there (its definition counts too),
// bounded by the body size, and forwarded to the subgraph as a variable.
func TestLiteralLimits(t *testing.T) {
	bodies := make(chan string, 1)
	srv := bulkGateway(t, Options{MaxTokens: 100, MaxBodyBytes: 1 << 20}, bodies)
	// A literal the schema cannot type (bulk is no Mutation field) stays in
	// place and counts.
	checkHTTP(t, srv, httpCase{name: "an unknown field's literal", body: post(`mutation { bulk(items: ` + bulkItems(5000) + `) }`), status: 200,
		want: `{"errors":[{"message":"The operation has more than 100 tokens.","locations":[{"line":1,"column":335}]}]}`})
	checkHTTP(t, srv, httpCase{name: "5,000 items", body: post(`{ bulk(items: ` + bulkItems(5000) + `) }`), status: 200,
		want: `{"data":{"bulk":5000}}`})
	if got := <-bodies; !strings.Contains(got, `{"sku":"sé4999","qty":4999}]`) || !strings.Contains(got, `"query":"query($a: [BulkItem!]!) { bulk(items: $a) }"`) {
		t.Errorf("the subgraph got %.300s", got)
	}
	checkHTTP(t, srv, httpCase{name: "past the body size", body: post(`{ bulk(items: ` + bulkItems(50000) + `) }`), status: 413,
		want: `{"errors":[{"message":"The request body is larger than 1048576 bytes."}]}`})
	checkHTTP(t, srv, httpCase{name: "past the tokens", body: post(`{ bulk(items: []) ` + strings.Repeat("__typename ", 100) + `}`), status: 200,
		want: `{"errors":[{"message":"The operation has more than 100 tokens.","locations":[{"line":1,"column":910}]}]}`})
}

// The locations of field errors, which the plan holds from the normalized
// document, are sent in the client's document.
func TestFieldErrorLocations(t *testing.T) {
	nullID := map[string]func(http.Handler) http.Handler{"reviews": func(http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, `{"data":{"_entities":[{"__typename":"Product","reviews":[{"id":null}]}]}}`)
		})
	}}
	srv := demoGateway(t, Options{}, nullID)
	for _, c := range []struct{ name, body, loc string }{
		{"after a literal", post(`{ product(upc: "1") { reviews { id } } }`), `{"line":1,"column":33}`},
		{"second operation", `{"query":"query A { me { name } }\nquery B { product(upc: \"1\") { reviews { id } } }","operationName":"B"}`, `{"line":2,"column":41}`},
		{"no literal", `{"query":"query($u: String!) { product(upc: $u) { reviews { id } } }","variables":{"u":"1"}}`, `{"line":1,"column":51}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			checkHTTP(t, srv, httpCase{body: c.body, status: 200,
				want: `{"errors":[{"message":"Cannot return null for non-nullable field Review.id.","locations":[` + c.loc + `],"path":["product","reviews",0,"id"]}],"data":{"product":{"reviews":[null]}}}`})
		})
	}
}

// Requests that share a plan, and the same client documents, run at once
// with different literals and variables: each gets its own values (with
// the race detector, this checks that no literal or variable of one
// request reaches another).
func TestLiteralsConcurrent(t *testing.T) {
	srv := demoGateway(t, Options{}, nil)
	upcs := []string{`{"upc":"1"}`, `{"upc":"2"}`, `{"upc":"3"}`}
	var wg sync.WaitGroup
	for w := 0; w < 6; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; i < 12; i++ {
				n := (w+i)%3 + 1
				want := `{"data":{"topProducts":[` + strings.Join(upcs[:n], ",") + `]}}`
				var body string
				switch i % 3 {
				case 0: // a literal
					body = post(fmt.Sprintf(`{ topProducts(first: %d) { upc } }`, n))
				case 1: // the same document as a literal elsewhere, as a variable
					body = fmt.Sprintf(`{"query":"query($a: Int) { topProducts(first: $a) { upc } }","variables":{"a":%d}}`, n)
				case 2: // a literal, and a client variable named like it
					body = fmt.Sprintf(`{"query":"{ topProducts(first: %d) { upc } }","variables":{"a":%d}}`, n, 4-n)
				}
				checkHTTP(t, srv, httpCase{name: body, body: body, status: 200, want: want})
			}
		}(w)
	}
	wg.Wait()
}

// TestVariablesErrorNotCached: a normalization error that comes of the
// client's variables (here they do not fit the request's Doc, whose node
// limit is lowered to make a small request reach it) is not remembered
// for the document: the next request of the same text, with other
// variables, runs.
func TestVariablesErrorNotCached(t *testing.T) {
	srv := demoGateway(t, Options{}, nil)
	g := srv.Config.Handler.(*Gateway)
	g.docs = graft.NewPool(graft.Options{MaxNodes: 1000})
	const query = `query($u: String!) { product(upc: $u) { name } }`
	big := `{"query":"` + query + `","variables":{"u":[` + strings.Repeat("0,", 599) + `0]}}`
	checkHTTP(t, srv, httpCase{name: "variables too large", body: big, status: 200,
		want: `{"errors":[{"message":"The variables do not fit the document: graft: line 1, column 787: node count exceeds the limit of 1000"}]}`})
	checkHTTP(t, srv, httpCase{name: "small variables", body: `{"query":"` + query + `","variables":{"u":"1"}}`, status: 200,
		want: `{"data":{"product":{"name":"Table"}}}`})
}
