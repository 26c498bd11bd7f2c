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

// requestPath serves one query through the whole request path (decode,
// plan cache, resolve with recorded in-memory subgraphs, encode) and
// returns a function serving it again.
func requestPath(tb testing.TB, query string, logger *slog.Logger) (serve func() *recorder) {
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
	g := newGateway(&federated{sg: sg, engine: resolve.NewEngine(rp, resolve.Options{})}, Options{Logger: logger})
	payload := post(query)
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
// without logs. The target is 50; it measured 0, and the budget
// leaves room only for a pool refilled after a garbage collection.
const maxRequestAllocs = 2

func TestRequestPathAllocs(t *testing.T) {
	serve := requestPath(t, benchQuery, quiet)
	if w := serve(); w.status != 200 || string(w.body) != benchResponse {
		t.Fatalf("got %d %s\nwant 200 %s", w.status, w.body, benchResponse)
	}
	if raceEnabled {
		t.Skip("allocation budgets are not checked under the race detector")
	}
	if n := testing.AllocsPerRun(200, func() { serve() }); n > maxRequestAllocs {
		t.Errorf("%.0f allocations per request, want at most %d", n, maxRequestAllocs)
	} else {
		t.Logf("%.0f allocations per request", n)
	}
}

// BenchmarkRequestPath serves one query through the whole request path,
// without logs and with one JSON log record per request.
func BenchmarkRequestPath(b *testing.B) {
	for _, bc := range []struct {
		name   string
		logger *slog.Logger
	}{
		{"quiet", quiet},
		{"logged", slog.New(slog.NewJSONHandler(io.Discard, nil))},
	} {
		b.Run(bc.name, func(b *testing.B) {
			serve := requestPath(b, benchQuery, bc.logger)
			if w := serve(); string(w.body) != benchResponse {
				b.Fatalf("got %s", w.body)
			}
			b.SetBytes(int64(len(post(benchQuery))))
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				serve()
			}
		})
	}
}
