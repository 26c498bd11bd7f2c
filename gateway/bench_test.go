package gateway

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/graftjson/graft/federation"
	"github.com/graftjson/graft/internal/demo"
	"github.com/graftjson/graft/resolve"
)

// replay answers each upstream request with the response the demo's
// subgraph gave to the same body when recorded, so that a benchmark
// measures the gateway and not the subgraphs.
type replay struct {
	mu        sync.Mutex // fetches of a Parallel node come at once
	subs      map[string]http.Handler
	responses map[string][]byte // upstream + body -> response
	record    bool
}

func (r *replay) Do(ctx context.Context, u *resolve.UpstreamRequest, dst []byte) ([]byte, error) {
	var buf [4096]byte // the key stays on the stack: the replay costs no allocation
	key := append(append(append(buf[:0], u.Upstream...), 0), u.Body...)
	r.mu.Lock()
	defer r.mu.Unlock()
	if resp, ok := r.responses[string(key)]; ok {
		return append(dst, resp...), nil
	}
	if !r.record {
		return dst, errors.New("no recorded response")
	}
	req, _ := http.NewRequestWithContext(ctx, "POST", "/graphql", strings.NewReader(string(u.Body)))
	req.Header.Set("Content-Type", "application/json")
	w := &recorder{header: http.Header{}}
	r.subs[u.Upstream].ServeHTTP(w, req)
	r.responses[string(key)] = w.body
	return append(dst, w.body...), nil
}

// body is a reusable request body.
type body struct{ strings.Reader }

func (*body) Close() error { return nil }

// replayGateway returns a gateway over the demo's subgraphs in memory:
// their answers recorded while rp.record is set, then replayed.
func replayGateway(tb testing.TB, logger *slog.Logger) (*Gateway, *replay) {
	tb.Helper()
	sg, err := federation.Parse([]byte(demo.Supergraph), federation.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	subs, err := demo.Subgraphs()
	if err != nil {
		tb.Fatal(err)
	}
	rp := &replay{subs: map[string]http.Handler{}, responses: map[string][]byte{}, record: true}
	for name, s := range subs {
		rp.subs[name] = s
	}
	return newGateway(&federated{sg: sg, engine: resolve.NewEngine(rp, resolve.Options{})}, Options{Logger: logger}), rp
}

// requestPath serves one request body through the whole request path
// (decode, normalization, plan cache, resolve with recorded in-memory
// subgraphs, encode) and returns a function serving it again.
func requestPath(tb testing.TB, payload string, logger *slog.Logger) (serve func() *recorder) {
	tb.Helper()
	g, rp := replayGateway(tb, logger)
	b := &body{}
	req, err := http.NewRequest("POST", "/graphql", b)
	if err != nil {
		tb.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	w := &recorder{header: http.Header{}}
	serve = func() *recorder {
		b.Reset(payload)
		w.body, w.status = w.body[:0], 0
		g.ServeHTTP(w, req)
		return w
	}
	serve() // records the upstream responses and plans the query
	rp.record = false
	return serve
}

const benchQuery = `{ topProducts { name price reviews { body author { name username } } } }`

const benchResponse = `{"data":{"topProducts":[{"name":"Table","price":899,"reviews":[{"body":"Love it!","author":{"name":"Ada Lovelace","username":"@ada"}},{"body":"Prefer something else.","author":{"name":"Alan Turing","username":"@complete"}}]},{"name":"Couch","price":1299,"reviews":[{"body":"Too expensive.","author":{"name":"Ada Lovelace","username":"@ada"}}]},{"name":"Chair","price":54,"reviews":[{"body":"Could be better.","author":{"name":"Alan Turing","username":"@complete"}}]}]}}`

// maxRequestAllocs is the allocation budget of the whole request path
// without logs. The target is 50; it measures 0: the request's
// deadline (Options.RequestTimeout) is reused with its pooled state. A
// pool refilled after a garbage collection, spread over AllocsPerRun's
// runs, stays under one.
const maxRequestAllocs = 0

// literalQuery has argument literals: a request seen before takes them
// from the cache instead of normalizing again. mixedBody has a literal and
// a variable, merged with the cached literal; renormalizedBody also a
// variable named like the literal's, which the document does not define:
// it is normalized for each request.
const (
	literalQuery     = `{ topProducts(first: 2) { name price reviews { body author { name username } } } product(upc: "3") { name } }`
	mixedBody        = `{"query":"query($n: Int) { topProducts(first: $n) { name price reviews { body author { name username } } } product(upc: \"3\") { name } }","variables":{"n":2}}`
	renormalizedBody = `{"query":"query($n: Int) { topProducts(first: $n) { name price reviews { body author { name username } } } product(upc: \"3\") { name } }","variables":{"n":2,"a":"1"}}`
)

// maxNormalizeAllocs is the allocation budget of a request normalized
// again (renormalizedBody): what graphql.Normalize allocates for a small
// document. It measured 18 (TestRequestPathAllocs logs it).
const maxNormalizeAllocs = 32

const literalResponse = `{"data":{"topProducts":[{"name":"Table","price":899,"reviews":[{"body":"Love it!","author":{"name":"Ada Lovelace","username":"@ada"}},{"body":"Prefer something else.","author":{"name":"Alan Turing","username":"@complete"}}]},{"name":"Couch","price":1299,"reviews":[{"body":"Too expensive.","author":{"name":"Ada Lovelace","username":"@ada"}}]}],"product":{"name":"Chair"}}}`

func TestRequestPathAllocs(t *testing.T) {
	for _, c := range []struct {
		name, body, want string
		budget           float64
	}{
		{"no literals", post(benchQuery), benchResponse, maxRequestAllocs},
		{"literals", post(literalQuery), literalResponse, maxRequestAllocs},
		{"literals and variables", mixedBody, literalResponse, maxRequestAllocs},
		{"normalized again", renormalizedBody, literalResponse, maxNormalizeAllocs},
	} {
		t.Run(c.name, func(t *testing.T) {
			serve := requestPath(t, c.body, quiet)
			if w := serve(); w.status != 200 || string(w.body) != c.want {
				t.Fatalf("got %d %s\nwant 200 %s", w.status, w.body, c.want)
			}
			if raceEnabled {
				t.Skip("allocation budgets are not checked under the race detector")
			}
			if n := testing.AllocsPerRun(200, func() { serve() }); n > c.budget {
				t.Errorf("%.0f allocations per request, want at most %.0f", n, c.budget)
			} else {
				t.Logf("%.0f allocations per request", n)
			}
		})
	}
}

// BenchmarkRequestPath serves one query through the whole request path,
// without logs and with one JSON log record per request, a query with
// literals, one with literals and variables, and one normalized for each
// request.
func BenchmarkRequestPath(b *testing.B) {
	for _, bc := range []struct {
		name       string
		body, want string
		logger     *slog.Logger
	}{
		{"quiet", post(benchQuery), benchResponse, quiet},
		{"logged", post(benchQuery), benchResponse, slog.New(slog.NewJSONHandler(io.Discard, nil))},
		{"literals", post(literalQuery), literalResponse, quiet},
		{"literals+variables", mixedBody, literalResponse, quiet},
		{"normalized", renormalizedBody, literalResponse, quiet},
	} {
		b.Run(bc.name, func(b *testing.B) {
			serve := requestPath(b, bc.body, bc.logger)
			if w := serve(); string(w.body) != bc.want {
				b.Fatalf("got %s", w.body)
			}
			b.SetBytes(int64(len(bc.body)))
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				serve()
			}
		})
	}
}
