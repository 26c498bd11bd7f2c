package gateway

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/graftjson/graft/internal/demo"
)

// bigData is the demo's schema over generated data, as bench/gateway
// serves it: n products with two reviews each by 50 users.
func bigData(n int) []byte {
	type obj = map[string]any
	var users, products, inventory, reviews []obj
	for i := 1; i <= 50; i++ {
		users = append(users, obj{"id": strconv.Itoa(i), "name": fmt.Sprintf("Reviewer Number %d", i), "username": fmt.Sprintf("@r%d", i)})
	}
	for i := 1; i <= n; i++ {
		upc := strconv.Itoa(i)
		products = append(products, obj{"upc": upc, "name": "Product " + upc, "price": 10 + i*7%990, "weight": 1 + i*13%200})
		inventory = append(inventory, obj{"upc": upc, "inStock": i%3 != 0})
		for j := 0; j < 2; j++ {
			reviews = append(reviews, obj{"id": strconv.Itoa(len(reviews) + 1), "author": strconv.Itoa(1 + (i*7+j*3)%50), "product": upc,
				"body": fmt.Sprintf("Review %d of product %d: sturdy, well made, arrived on time; would buy again for the price.", j+1, i)})
		}
	}
	b, _ := json.Marshal(obj{"users": users, "products": products, "inventory": inventory, "reviews": reviews})
	return b
}

// barrier holds each of its first n callers until all n have come.
type barrier struct {
	mu   sync.Mutex
	n    int
	open chan struct{}
}

func newBarrier(n int) *barrier { return &barrier{n: n, open: make(chan struct{})} }

func (b *barrier) wait() {
	b.mu.Lock()
	if b.n--; b.n == 0 {
		close(b.open)
	}
	b.mu.Unlock()
	<-b.open
}

// bigGateway starts the demo's four subgraphs over bigData(500) on
// 127.0.0.1, each replaying its answer to a body it has seen (so that they
// cost little), and returns a gateway over them, built as graft serve
// builds it (Authorization forwarded, deduplication on). While *gate is
// set, accounts (the last fetch of bigQuery) waits at it before answering.
func bigGateway(tb testing.TB, gate *atomic.Pointer[barrier]) *Gateway {
	tb.Helper()
	subs, err := demo.SubgraphsOf(bigData(500))
	if err != nil {
		tb.Fatal(err)
	}
	urls := map[string]string{}
	for name, s := range subs {
		var mu sync.Mutex
		answers := map[string][]byte{}
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			b, _ := io.ReadAll(r.Body)
			mu.Lock()
			a, ok := answers[string(b)]
			mu.Unlock()
			if !ok {
				rec := httptest.NewRecorder()
				r.Body = io.NopCloser(strings.NewReader(string(b)))
				s.ServeHTTP(rec, r)
				a = rec.Body.Bytes()
				mu.Lock()
				answers[string(b)] = a
				mu.Unlock()
			}
			if b := gate.Load(); b != nil && name == "accounts" {
				b.wait()
			}
			w.Header()["Content-Type"] = []string{"application/json"}
			w.Header()["Content-Length"] = []string{strconv.Itoa(len(a))}
			w.Write(a)
		}))
		tb.Cleanup(srv.Close)
		urls[name] = srv.URL
	}
	g, err := New(demo.Supergraph, Options{Subgraphs: urls, ForwardHeaders: []string{"Authorization"}, Dedup: true, Logger: quiet})
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

const bigQuery = `{ topProducts(first: 500) { name inStock reviews { body author { name } } } }`

// discard is a ResponseWriter that counts what it is sent.
type discard struct {
	header http.Header
	n      int
}

func (w *discard) Header() http.Header         { return w.header }
func (w *discard) WriteHeader(int)             {}
func (w *discard) Write(b []byte) (int, error) { w.n += len(b); return len(b), nil }

// length is the response's length, checked against its Content-Length
// (which spares net/http's server from sending a large response in
// chunks).
func (w *discard) length() (int, error) {
	if cl := w.header.Get("Content-Length"); cl != strconv.Itoa(w.n) {
		return w.n, fmt.Errorf("Content-Length %q for %d bytes", cl, w.n)
	}
	return w.n, nil
}

// serveBig serves bigQuery with n distinct Authorization headers at once
// (no deduplication); if gathered, the n wait for one another at their
// last fetch, so that all are in flight at once and none reuses another's
// request state. It returns each response's length.
func serveBig(g *Gateway, gate *atomic.Pointer[barrier], n int, gathered bool) (sizes []int, err error) {
	if gathered {
		gate.Store(newBarrier(n))
		defer gate.Store(nil)
	}
	var done sync.WaitGroup
	body := post(bigQuery)
	ws := make([]*discard, n)
	for i := range ws {
		ws[i] = &discard{header: http.Header{}}
		done.Add(1)
		go func(w *discard, i int) {
			defer done.Done()
			r := httptest.NewRequest("POST", "/graphql", strings.NewReader(body))
			r.Header.Set("Content-Type", "application/json")
			r.Header.Set("Authorization", "Bearer "+strconv.Itoa(i))
			g.ServeHTTP(w, r)
		}(ws[i], i)
	}
	done.Wait()
	for _, w := range ws {
		n, werr := w.length()
		sizes = append(sizes, n)
		err = cmp.Or(err, werr)
	}
	return sizes, err
}

// liveHeap is the heap's live bytes after a collection (the pools keep
// what they hold through one); emptied also drops what the pools hold.
func liveHeap(emptied bool) uint64 {
	runtime.GC()
	if emptied {
		runtime.GC()
	}
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// TestBigResponseHeap reports the heap the pools keep per request after
// 32 requests at once for a 166 KB answer (500 products from four
// subgraphs over HTTP), from pools emptied first and with no collection
// in between: what a gateway under that load keeps for reuse, live in
// every collection's count, besides what its requests hold while running. A request holds its Doc (the subgraphs' responses parsed
// and merged, about 540 KB here) and, while it writes, its response; the
// buffers that held each subgraph's raw response and the response written
// are not kept when large, as the Doc already holds what they held.
func TestBigResponseHeap(t *testing.T) {
	if testing.Short() {
		t.Skip("serves 500-product answers")
	}
	var gate atomic.Pointer[barrier]
	g := bigGateway(t, &gate)
	const n = 32
	for range 3 {
		serveBig(g, &gate, n, false)
	}
	base := liveHeap(true)
	// No collection during the round: one would empty the pools.
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	sizes, err := serveBig(g, &gate, n, true)
	kept := (int64(liveHeap(false)) - int64(base)) / n
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sizes {
		if s < 160<<10 {
			t.Fatalf("a response of %d bytes, want about 166 KB", s)
		}
	}
	t.Logf("kept by the pools: %d KiB per request (%d requests, %d KiB before)", kept>>10, n, base>>10)
	if kept > maxKeptPerRequest {
		t.Errorf("the pools keep %d KiB per request, want at most %d KiB", kept>>10, maxKeptPerRequest>>10)
	}
}

// maxKeptPerRequest is the budget of TestBigResponseHeap. It measured
// 1,156 KiB when each request state kept its subgraph response buffers
// (about 200 KiB) and its response buffer (about 170 KiB), about 805 KiB
// since: the Doc (about 635 KiB reserved) and the state's small buffers.
const maxKeptPerRequest = 900 << 10

// BenchmarkBigResponse serves bigQuery 32 at a time, each with its own
// Authorization, and reports the bytes allocated per request and what the
// pools keep per request (measured once, as TestBigResponseHeap does).
func BenchmarkBigResponse(b *testing.B) {
	var gate atomic.Pointer[barrier]
	g := bigGateway(b, &gate)
	const n = 32
	serveBig(g, &gate, n, false)
	base := liveHeap(true)
	gc := debug.SetGCPercent(-1)
	serveBig(g, &gate, n, true)
	kept := int64(liveHeap(false)) - int64(base)
	debug.SetGCPercent(gc)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i += n {
		serveBig(g, &gate, n, false)
	}
	b.ReportMetric(float64(kept)/n/1024, "kept-KiB/req")
}
