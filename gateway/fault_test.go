package gateway

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/graftjson/graft/internal/demo"
)

// faultQuery reaches the four subgraphs: products and accounts at the
// root, then inventory and reviews, then accounts again for the authors.
const faultQuery = `{ topProducts(first: 2) { name inStock reviews { body author { name } } } me { name } }`

const faultAnswer = `{"data":{"topProducts":[{"name":"Table","inStock":true,"reviews":[{"body":"Love it!","author":{"name":"Ada Lovelace"}},{"body":"Prefer something else.","author":{"name":"Alan Turing"}}]},{"name":"Couch","inStock":false,"reviews":[{"body":"Too expensive.","author":{"name":"Ada Lovelace"}}]}]}}`

// TestSubgraphFaults: each way a subgraph (a real server on 127.0.0.1)
// can misbehave gives the data the others could provide and errors naming
// it; none fails the response.
func TestSubgraphFaults(t *testing.T) {
	entities := func(edit func(list []json.RawMessage) []json.RawMessage) func(http.Handler) http.Handler {
		return func(next http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				rec := httptest.NewRecorder()
				next.ServeHTTP(rec, r)
				var resp struct {
					Data struct {
						Entities []json.RawMessage `json:"_entities"`
					} `json:"data"`
				}
				if err := json.Unmarshal(rec.Body.Bytes(), &resp); err != nil {
					http.Error(w, err.Error(), 500)
					return
				}
				b, _ := json.Marshal(map[string]any{"data": map[string]any{"_entities": edit(resp.Data.Entities)}})
				w.Write(b)
			})
		}
	}
	answer := func(body string) func(http.Handler) http.Handler {
		return func(http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				io.WriteString(w, body)
			})
		}
	}
	const products = `"topProducts":[{"name":"Table","inStock":true,"reviews":null},{"name":"Couch","inStock":false,"reviews":null}]`
	cases := []struct {
		name     string
		subgraph string
		opts     Options
		wrap     func(http.Handler) http.Handler
		want     string
	}{
		{name: "slow, within its timeout", subgraph: "reviews", opts: Options{SubgraphTimeouts: map[string]time.Duration{"reviews": time.Minute}},
			wrap: func(next http.Handler) http.Handler {
				return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					time.Sleep(20 * time.Millisecond)
					next.ServeHTTP(w, r)
				})
			},
			want: faultAnswer},
		{name: "past its own timeout", subgraph: "reviews", opts: Options{SubgraphTimeouts: map[string]time.Duration{"reviews": 50 * time.Millisecond}},
			wrap: func(http.Handler) http.Handler {
				return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					io.Copy(io.Discard, r.Body)
					select {
					case <-r.Context().Done():
					case <-time.After(10 * time.Second):
					}
				})
			},
			want: `{"errors":[{"message":"Failed to fetch from upstream \"reviews\": no response within 50ms: context deadline exceeded","extensions":{"code":"UPSTREAM_FAILED","upstream":"reviews"}}],"data":{` + products + `}}`},
		{name: "connection reset", subgraph: "reviews",
			wrap: func(http.Handler) http.Handler {
				return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					io.Copy(io.Discard, r.Body)
					conn, _, err := w.(http.Hijacker).Hijack()
					if err != nil {
						return
					}
					conn.(*net.TCPConn).SetLinger(0) // close with a RST
					conn.Close()
				})
			},
			want: `{"errors":[{"message":"Failed to fetch from upstream \"reviews\": connection failed","extensions":{"code":"UPSTREAM_FAILED","upstream":"reviews"}}],"data":{` + products + `}}`},
		{name: "status 500 with a JSON body", subgraph: "reviews", wrap: func(http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(500)
				io.WriteString(w, `{"status":"broken"}`)
			})
		},
			want: `{"errors":[{"message":"Failed to fetch from upstream \"reviews\": status 500 Internal Server Error","extensions":{"code":"UPSTREAM_FAILED","upstream":"reviews"}}],"data":{` + products + `}}`},
		{name: "invalid JSON", subgraph: "reviews", wrap: answer(`{"data":{"_entities":[{"reviews":[]}]]}}`),
			want: `{"errors":[{"message":"Failed to fetch from upstream \"reviews\": the response is not JSON (graft: line 1, column 38: expected ',' or '}' after an object member, found ']')","extensions":{"code":"UPSTREAM_FAILED","upstream":"reviews"}}],"data":{` + products + `}}`},
		{name: "truncated body", subgraph: "reviews", wrap: func(http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				w.Header().Set("Content-Length", "1000")
				io.WriteString(w, `{"data":{"_entities":[`)
				w.(http.Flusher).Flush()
				if conn, _, err := w.(http.Hijacker).Hijack(); err == nil {
					conn.Close()
				}
			})
		},
			want: `{"errors":[{"message":"Failed to fetch from upstream \"reviews\": response cut short","extensions":{"code":"UPSTREAM_FAILED","upstream":"reviews"}}],"data":{` + products + `}}`},
		{name: "body over the size limit", subgraph: "reviews", opts: Options{SubgraphMaxBytes: 1000},
			wrap: answer(`{"data":{"_entities":[{"reviews":[]},{"reviews":[]}]}}` + strings.Repeat(" ", 2000)),
			want: `{"errors":[{"message":"Failed to fetch from upstream \"reviews\": response larger than 1000 bytes","extensions":{"code":"UPSTREAM_FAILED","upstream":"reviews"}}],"data":{` + products + `}}`},
		{name: "one entity short", subgraph: "inventory", wrap: entities(func(l []json.RawMessage) []json.RawMessage { return l[:len(l)-1] }),
			want: `{"errors":[{"message":"Failed to fetch from upstream \"inventory\": the response has 1 entities for 2 representations","extensions":{"code":"UPSTREAM_FAILED","upstream":"inventory"}}],"data":{"topProducts":[{"name":"Table","inStock":null,"reviews":[{"body":"Love it!","author":{"name":"Ada Lovelace"}},{"body":"Prefer something else.","author":{"name":"Alan Turing"}}]},{"name":"Couch","inStock":null,"reviews":[{"body":"Too expensive.","author":{"name":"Ada Lovelace"}}]}]}}`},
		{name: "one entity too many", subgraph: "inventory", wrap: entities(func(l []json.RawMessage) []json.RawMessage { return append(l, l[0]) }),
			want: `{"errors":[{"message":"Failed to fetch from upstream \"inventory\": the response has 3 entities for 2 representations","extensions":{"code":"UPSTREAM_FAILED","upstream":"inventory"}}],"data":{"topProducts":[{"name":"Table","inStock":null,"reviews":[{"body":"Love it!","author":{"name":"Ada Lovelace"}},{"body":"Prefer something else.","author":{"name":"Alan Turing"}}]},{"name":"Couch","inStock":null,"reviews":[{"body":"Too expensive.","author":{"name":"Ada Lovelace"}}]}]}}`},
		{name: "errors with odd paths", subgraph: "reviews", opts: Options{ExposeSubgraphErrors: true},
			wrap: answer(`{"data":{"_entities":[null,{"reviews":[]}]},"errors":[{"message":"negative","path":["_entities",-1]},{"message":"string index","path":["_entities","0"]},{"message":"not a list","path":"_entities.0"},{"message":"objects in it","path":["_entities",0,{"x":1},null,true,"reviews"]},{"message":"empty","path":[]},{"message":7}]}`),
			want: `{"errors":[{"message":"negative","extensions":{"upstream":"reviews"}},{"message":"string index","extensions":{"upstream":"reviews"}},{"message":"not a list","extensions":{"upstream":"reviews"}},{"message":"objects in it","path":["topProducts",0,"reviews"],"extensions":{"upstream":"reviews"}},{"message":"empty","extensions":{"upstream":"reviews"}},{"message":"Upstream \"reviews\" returned an error without a message.","extensions":{"upstream":"reviews"}}],"data":{"topProducts":[null,{"name":"Couch","inStock":false,"reviews":[]}]}}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := demoGateway(t, c.opts, map[string]func(http.Handler) http.Handler{c.subgraph: c.wrap})
			checkHTTP(t, srv, httpCase{body: post(strings.Replace(faultQuery, " me { name }", "", 1)), status: 200, want: c.want})
		})
	}
}

// fault is a way a subgraph misbehaves in TestRandomFaults.
type fault int

const (
	fine          fault = iota
	slow                // answers after a while, within its timeout
	hang                // does not answer: its timeout ends the fetch
	reset               // the connection fails
	status500           // an error status with a text body
	notJSON             // a body that is not JSON
	truncated           // the body ends early
	oversize            // the body is over the size limit
	shortEntities       // one _entities item fewer than representations (entity fetches only)
	oddErrors           // data null and errors with odd paths
	numFaults
)

var faultSubgraphs = []string{"accounts", "inventory", "products", "reviews"}

// faultsOf draws the fault of every subgraph for the request of seed:
// each misbehaves with probability 1/4, in one of the ways at random.
func faultsOf(seed string) map[string]fault {
	m := map[string]fault{}
	for _, name := range faultSubgraphs {
		h := fnv.New64a()
		io.WriteString(h, seed+"/"+name)
		x := h.Sum64()
		if x%4 == 0 {
			m[name] = fault(1 + (x/4)%uint64(numFaults-1))
		}
	}
	return m
}

// faultySubgraph serves a demo subgraph (its answers cached per body, so
// that the test spends its time in the gateway) and misbehaves as the
// request's X-Fault seed draws for it.
type faultySubgraph struct {
	name     string
	sub      http.Handler
	mu       sync.Mutex
	answers  map[string][]byte
	inFlight *atomic.Int64
}

func (f *faultySubgraph) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.inFlight.Add(1)
	defer f.inFlight.Add(-1)
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return
	}
	f.mu.Lock()
	answer, ok := f.answers[string(body)]
	f.mu.Unlock()
	if !ok {
		req := httptest.NewRequest("POST", "/graphql", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		f.sub.ServeHTTP(rec, req)
		answer = rec.Body.Bytes()
		f.mu.Lock()
		f.answers[string(body)] = answer
		f.mu.Unlock()
	}
	write := func(status int, b []byte) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		w.Write(b)
	}
	switch faultsOf(r.Header.Get("X-Fault"))[f.name] {
	case slow:
		time.Sleep(2 * time.Millisecond)
	case hang:
		select {
		case <-r.Context().Done():
		case <-time.After(10 * time.Second):
		}
		return
	case reset:
		if conn, _, err := w.(http.Hijacker).Hijack(); err == nil {
			conn.(*net.TCPConn).SetLinger(0)
			conn.Close()
		}
		return
	case status500:
		write(500, []byte("internal error"))
		return
	case notJSON:
		write(200, []byte("<html>"))
		return
	case truncated:
		w.Header().Set("Content-Length", strconv.Itoa(len(answer)))
		write(200, answer[:len(answer)/2])
		w.(http.Flusher).Flush()
		if conn, _, err := w.(http.Hijacker).Hijack(); err == nil {
			conn.Close()
		}
		return
	case oversize:
		write(200, append(slices.Clip(answer), bytes.Repeat([]byte(" "), faultMaxBytes)...))
		return
	case shortEntities:
		var resp struct {
			Data struct {
				Entities []json.RawMessage `json:"_entities"`
			} `json:"data"`
		}
		if bytes.HasPrefix(answer, []byte(`{"data":{"_entities":[`)) && json.Unmarshal(answer, &resp) == nil && len(resp.Data.Entities) > 0 {
			b, _ := json.Marshal(map[string]any{"data": map[string]any{"_entities": resp.Data.Entities[1:]}})
			write(200, b)
			return
		}
		// A root fetch: nothing to take from.
	case oddErrors:
		write(200, []byte(`{"data":null,"errors":[{"message":"odd","path":["_entities",99,{}]},{"message":"odder","path":"x"},{"message":"oddest","path":[null,-1,"_entities"]}]}`))
		return
	}
	write(200, answer)
}

const faultMaxBytes = 64 << 10

// TestRandomFaults sends 10,000 requests (2,000 under the race detector),
// 32 at a time, to a gateway whose subgraphs (servers on 127.0.0.1)
// misbehave at random. Every response is a GraphQL response: with no
// fault, the whole answer; with faults, errors that each name a subgraph
// that misbehaved, and the data of the subgraphs that did not. The heap
// comes back to what it was, no subgraph request is left in flight, and
// once the subgraphs are closed, neither is any goroutine.
func TestRandomFaults(t *testing.T) {
	goroutines := runtime.NumGoroutine()
	subs, err := demo.Subgraphs()
	if err != nil {
		t.Fatal(err)
	}
	var inFlight atomic.Int64
	urls := map[string]string{}
	timeouts := map[string]time.Duration{}
	var servers []*httptest.Server
	timeout := 200 * time.Millisecond
	if raceEnabled {
		timeout = time.Second // the race detector slows everything down
	}
	for name, s := range subs {
		srv := httptest.NewServer(&faultySubgraph{name: name, sub: s, answers: map[string][]byte{}, inFlight: &inFlight})
		t.Cleanup(srv.Close) // also when the test stops early
		servers = append(servers, srv)
		urls[name] = srv.URL + "/graphql"
		timeouts[name] = timeout
	}
	g, err := New(demo.Supergraph, Options{
		Subgraphs: urls, Logger: quiet,
		SubgraphTimeout: time.Minute, SubgraphTimeouts: timeouts,
		SubgraphMaxBytes: faultMaxBytes, ForwardHeaders: []string{"X-Fault"},
	})
	if err != nil {
		t.Fatal(err)
	}
	n := 10000
	if raceEnabled {
		n = 2000
	}
	payload := post(faultQuery)
	want := faultReference(t, g, payload)

	var partial, late atomic.Int64 // responses with errors; with a healthy subgraph late
	serve := func(i int) error {
		seed := strconv.Itoa(i)
		req := httptest.NewRequest("POST", "/graphql", strings.NewReader(payload))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Fault", seed)
		w := httptest.NewRecorder()
		g.ServeHTTP(w, req)
		if w.Code != 200 {
			return fmt.Errorf("request %d: status %d: %s", i, w.Code, w.Body)
		}
		if bytes.HasPrefix(w.Body.Bytes(), []byte(`{"errors"`)) {
			partial.Add(1)
		}
		tardy, err := checkFaulty(w.Body.Bytes(), want, faultsOf(seed))
		if tardy {
			late.Add(1)
		}
		return err
	}
	run := func(from, to int) {
		var wg sync.WaitGroup
		var failed atomic.Int32
		next := atomic.Int64{}
		next.Store(int64(from))
		for range 32 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := int(next.Add(1) - 1); i < to; i = int(next.Add(1) - 1) {
					if err := serve(i); err != nil && failed.Add(1) <= 5 {
						t.Error(err)
					}
				}
			}()
		}
		wg.Wait()
	}
	run(0, n/10) // warm: plans, pools, connections, cached answers
	heap := heapInUse()
	run(n/10, n)
	if after := heapInUse(); after > heap+16<<20 {
		t.Errorf("the heap grew from %d to %d bytes", heap, after)
	}
	// Every response is out: the subgraph requests made for them end too
	// (a hanging one sees the gateway go at its timeout).
	for deadline := time.Now().Add(5 * time.Second); inFlight.Load() != 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Errorf("%d subgraph requests still in flight", inFlight.Load())
			break
		}
	}
	for _, srv := range servers {
		srv.Close()
	}
	waitGoroutines(t, goroutines)
	// A healthy subgraph may pass its timeout on a loaded machine; that is
	// an error naming it, and rare.
	if late.Load() > int64(n/20) && !raceEnabled {
		t.Errorf("%d of %d responses with a healthy subgraph past its timeout", late.Load(), n)
	}
	t.Logf("%d requests, %d responses with errors, %d with a healthy subgraph past its timeout", n, partial.Load(), late.Load())
}

// faultReference is the response with no fault.
func faultReference(t *testing.T, g *Gateway, payload string) map[string]any {
	req := httptest.NewRequest("POST", "/graphql", strings.NewReader(payload))
	req.Header.Set("Content-Type", "application/json")
	w := httptest.NewRecorder()
	g.ServeHTTP(w, req)
	var resp map[string]any
	if err := json.Unmarshal(w.Body.Bytes(), &resp); err != nil || resp["errors"] != nil {
		t.Fatalf("reference response: %v %s", err, w.Body)
	}
	return resp["data"].(map[string]any)
}

// checkFaulty checks one response of TestRandomFaults against the
// reference data and the faults drawn for it; tardy reports that a
// subgraph that drew no fault passed its timeout (a loaded machine), which
// counts as a fault of that subgraph.
func checkFaulty(out []byte, want map[string]any, faults map[string]fault) (tardy bool, err error) {
	var resp struct {
		Errors []struct {
			Message    string `json:"message"`
			Extensions struct {
				Upstream string `json:"upstream"`
			} `json:"extensions"`
		} `json:"errors"`
		Data map[string]any `json:"data"`
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(out, &top); err != nil {
		return false, fmt.Errorf("not JSON (%v): %s", err, out)
	}
	for k := range top {
		if k != "data" && k != "errors" {
			return false, fmt.Errorf("a member %q: %s", k, out)
		}
	}
	if err := json.Unmarshal(out, &resp); err != nil || resp.Data == nil {
		return false, fmt.Errorf("not a GraphQL response with data (%v): %s", err, out)
	}
	failing := map[string]bool{}
	for name, f := range faults {
		if f != fine {
			failing[name] = true
		}
	}
	for _, e := range resp.Errors {
		if !failing[e.Extensions.Upstream] && strings.Contains(e.Message, "no response within") {
			failing[e.Extensions.Upstream], tardy = true, true
		}
	}
	if len(failing) == 0 {
		if len(resp.Errors) > 0 || !jsonEqual(resp.Data, want) {
			return false, fmt.Errorf("no fault, yet %s", out)
		}
		return false, nil
	}
	for _, e := range resp.Errors {
		if !failing[e.Extensions.Upstream] {
			return tardy, fmt.Errorf("an error naming %q, which did not fail (faults %v): %s", e.Extensions.Upstream, faults, out)
		}
	}
	// The data that could be had: the root fields of the subgraphs that
	// answered, and the product names whenever products did.
	if !failing["accounts"] && !jsonEqual(resp.Data["me"], want["me"]) {
		return tardy, fmt.Errorf("accounts answered, yet me is %v: %s", resp.Data["me"], out)
	}
	if !failing["products"] {
		got, _ := resp.Data["topProducts"].([]any)
		ref := want["topProducts"].([]any)
		if len(got) != len(ref) {
			return tardy, fmt.Errorf("products answered, yet topProducts is %v: %s", resp.Data["topProducts"], out)
		}
		for i := range ref {
			p, _ := got[i].(map[string]any)
			if p != nil && p["name"] != ref[i].(map[string]any)["name"] {
				return tardy, fmt.Errorf("product %d: %v: %s", i, p, out)
			}
			if p == nil && !failing["reviews"] && !failing["inventory"] {
				return tardy, fmt.Errorf("product %d is null: %s", i, out)
			}
		}
	} else if f := faults["products"]; f != slow && f != shortEntities && len(resp.Errors) == 0 {
		return tardy, fmt.Errorf("products failed with no error (faults %v): %s", faults, out)
	}
	if len(resp.Errors) == 0 && !jsonEqual(resp.Data, want) {
		return tardy, fmt.Errorf("no error, yet not the whole answer (faults %v): %s", faults, out)
	}
	return tardy, nil
}

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

// heapInUse is the live heap after a collection.
func heapInUse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}

// waitGoroutines waits (a few seconds at most) for the goroutines to come
// back to n, and fails with their stacks if they do not.
func waitGoroutines(t *testing.T, n int) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); runtime.NumGoroutine() > n; {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<20)
			t.Errorf("%d goroutines, was %d:\n%s", runtime.NumGoroutine(), n, buf[:runtime.Stack(buf, true)])
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestClientGoneCancelsFetches: a client that disconnects ends the
// subgraph requests made for it, long before their timeout.
func TestClientGoneCancelsFetches(t *testing.T) {
	arrived := make(chan struct{}, 1)
	cancelled := make(chan struct{}, 1)
	srv := demoGateway(t, Options{SubgraphTimeout: time.Minute}, failing("reviews", func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		arrived <- struct{}{}
		select {
		case <-r.Context().Done():
			cancelled <- struct{}{}
		case <-time.After(30 * time.Second):
		}
	}))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "POST", srv.URL+"/graphql", strings.NewReader(post(topReviews)))
	req.Header.Set("Content-Type", "application/json")
	done := make(chan error, 1)
	go func() {
		resp, err := srv.Client().Do(req)
		if err == nil {
			resp.Body.Close()
		}
		done <- err
	}()
	wait := func(what string, c <-chan struct{}) {
		select {
		case <-c:
		case <-time.After(20 * time.Second):
			t.Fatalf("the subgraph's request was never %s", what)
		}
	}
	wait("made", arrived)
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("client: %v", err)
	}
	wait("cancelled", cancelled)
}

// TestShutdownDrains: http.Server.Shutdown (what graft serve does on
// SIGTERM) lets every request in flight finish with its whole answer.
func TestShutdownDrains(t *testing.T) {
	const clients = 16
	var arrived sync.WaitGroup
	arrived.Add(clients)
	release := make(chan struct{})
	urls := demoSubgraphs(t, map[string]func(http.Handler) http.Handler{
		"reviews": func(s http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				arrived.Done()
				<-release
				s.ServeHTTP(w, r)
			})
		},
	})
	g, err := New(demo.Supergraph, Options{Subgraphs: urls, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	server := &http.Server{Handler: g}
	served := make(chan error, 1)
	go func() { served <- server.Serve(ln) }()
	// A test that stops early lets the held requests go and stops the
	// server, before the subgraphs are stopped (which waits for them).
	var releaseOnce sync.Once
	letGo := func() { releaseOnce.Do(func() { close(release) }) }
	t.Cleanup(func() { letGo(); server.Close() })

	payload := post(strings.Replace(faultQuery, " me { name }", "", 1))
	results := make(chan string, clients)
	for range clients {
		go func() {
			resp, err := http.Post("http://"+ln.Addr().String()+"/graphql", "application/json", strings.NewReader(payload))
			if err != nil {
				results <- err.Error()
				return
			}
			defer resp.Body.Close()
			b, _ := io.ReadAll(resp.Body)
			results <- string(b)
		}()
	}
	arrived.Wait() // every request is in flight, held by reviews
	shut := make(chan error, 1)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		shut <- server.Shutdown(ctx)
	}()
	// Shutdown has closed the listener once a new connection is refused.
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			break
		}
		c.Close()
		if time.Now().After(deadline) {
			t.Fatal("the listener is still open")
		}
	}
	letGo()
	for range clients {
		if got := <-results; got != faultAnswer {
			t.Errorf("got %s\nwant %s", got, faultAnswer)
		}
	}
	if err := <-shut; err != nil {
		t.Errorf("Shutdown: %v", err)
	}
	if err := <-served; err != http.ErrServerClosed {
		t.Errorf("Serve: %v", err)
	}
}
