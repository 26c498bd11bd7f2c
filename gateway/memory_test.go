package gateway

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
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

// heldWriter holds each response in Write until release is closed, after
// telling arrived: the requests are then in flight with their answers
// written and nothing released yet.
type heldWriter struct {
	header  http.Header
	arrived *sync.WaitGroup
	release chan struct{}
	n       int
}

func (w *heldWriter) Header() http.Header { return w.header }
func (w *heldWriter) WriteHeader(int)     {}
func (w *heldWriter) Write(b []byte) (int, error) {
	if w.arrived != nil {
		w.arrived.Done()
		<-w.release
	}
	w.n += len(b)
	return len(b), nil
}

// serveBig serves bigQuery with n distinct Authorization headers at once
// (no deduplication) and, if hold, measures the live heap while all n are
// in flight: all n wait together for their last fetch (so that none reuses
// another's request state) and then as they write their answers. It
// returns that live heap and each response's length.
func serveBig(g *Gateway, gate *atomic.Pointer[barrier], n int, hold bool) (live uint64, sizes []int) {
	if hold {
		gate.Store(newBarrier(n))
		defer gate.Store(nil)
	}
	var arrived, done sync.WaitGroup
	release := make(chan struct{})
	body := post(bigQuery)
	ws := make([]*heldWriter, n)
	for i := range ws {
		ws[i] = &heldWriter{header: http.Header{}}
		if hold {
			ws[i].arrived, ws[i].release = &arrived, release
			arrived.Add(1)
		}
		done.Add(1)
		go func(w *heldWriter, i int) {
			defer done.Done()
			r := httptest.NewRequest("POST", "/graphql", strings.NewReader(body))
			r.Header.Set("Content-Type", "application/json")
			r.Header.Set("Authorization", "Bearer "+strconv.Itoa(i))
			g.ServeHTTP(w, r)
		}(ws[i], i)
	}
	if hold {
		arrived.Wait()
		live = liveHeap(false)
		close(release)
	}
	done.Wait()
	for _, w := range ws {
		sizes = append(sizes, w.n)
	}
	return live, sizes
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

// TestBigResponseHeap reports the live heap per request in flight: 32
// requests for a 166 KB answer (500 products from four subgraphs over
// HTTP), each held as it writes, after rounds of the same load have warmed
// the plan cache and the connections to the subgraphs, and with the pools
// emptied: what the requests and the pools they fill hold when they all
// run at once. The budget keeps 32 of them, as in bench/gateway's big
// response scenario, within the 64 MiB above idle with the heap
// growing to twice its live size before a collection (GOGC=100).
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
	live, sizes := serveBig(g, &gate, n, true)
	for _, s := range sizes {
		if s < 160<<10 {
			t.Fatalf("a response of %d bytes, want about 166 KB", s)
		}
	}
	per := (int64(live) - int64(base)) / n
	t.Logf("live heap per request in flight: %d KiB (%d requests, %d KiB before)", per>>10, n, base>>10)
	if per > maxHeapPerRequest {
		t.Errorf("live heap per request in flight %d KiB, want at most %d KiB", per>>10, maxHeapPerRequest>>10)
	}
}

// maxHeapPerRequest is the budget of TestBigResponseHeap.
const maxHeapPerRequest = 2 << 20

// BenchmarkBigResponse serves bigQuery 32 at a time, each with its own
// Authorization, and reports the bytes allocated per request and the live
// heap per request in flight (measured once, as TestBigResponseHeap does).
func BenchmarkBigResponse(b *testing.B) {
	var gate atomic.Pointer[barrier]
	g := bigGateway(b, &gate)
	const n = 32
	serveBig(g, &gate, n, false)
	base := liveHeap(true)
	live, _ := serveBig(g, &gate, n, true)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i += n {
		serveBig(g, &gate, n, false)
	}
	b.ReportMetric(float64(int64(live)-int64(base))/n/1024, "live-KiB/req")
}
