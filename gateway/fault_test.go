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
	"syscall"
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
			want: `{"errors":[{"message":"Failed to fetch from upstream \"reviews\": the subgraph did not answer within 50ms","extensions":{"code":"UPSTREAM_FAILED","upstream":"reviews"}}],"data":{` + products + `}}`},
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
			want: `{"errors":[{"message":"Failed to fetch from upstream \"reviews\": the subgraph could not be reached: read: connection reset by peer","extensions":{"code":"UPSTREAM_FAILED","upstream":"reviews"}}],"data":{` + products + `}}`},
		{name: "status 500 with a JSON body that is no GraphQL response", subgraph: "reviews", wrap: func(http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(500)
				io.WriteString(w, `{"status":"broken"}`)
			})
		},
			want: `{"errors":[{"message":"Failed to fetch from upstream \"reviews\": the response has no \"data\".\"_entities\" list","extensions":{"code":"UPSTREAM_FAILED","upstream":"reviews"}}],"data":{` + products + `}}`},
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
			want: `{"errors":[{"message":"Failed to fetch from upstream \"reviews\": reading the subgraph's response: unexpected EOF","extensions":{"code":"UPSTREAM_FAILED","upstream":"reviews"}}],"data":{` + products + `}}`},
		{name: "body over the size limit", subgraph: "reviews", opts: Options{MaxSubgraphResponseBytes: 1000},
			wrap: answer(`{"data":{"_entities":[{"reviews":[]},{"reviews":[]}]}}` + strings.Repeat(" ", 2000)),
			want: `{"errors":[{"message":"Failed to fetch from upstream \"reviews\": the subgraph's response is larger than 1000 bytes","extensions":{"code":"UPSTREAM_FAILED","upstream":"reviews"}}],"data":{` + products + `}}`},
		{name: "one entity short", subgraph: "inventory", wrap: entities(func(l []json.RawMessage) []json.RawMessage { return l[:len(l)-1] }),
			want: `{"errors":[{"message":"Failed to fetch from upstream \"inventory\": the response has 1 entities for 2 representations","extensions":{"code":"UPSTREAM_FAILED","upstream":"inventory"}}],"data":{"topProducts":[{"name":"Table","inStock":null,"reviews":[{"body":"Love it!","author":{"name":"Ada Lovelace"}},{"body":"Prefer something else.","author":{"name":"Alan Turing"}}]},{"name":"Couch","inStock":null,"reviews":[{"body":"Too expensive.","author":{"name":"Ada Lovelace"}}]}]}}`},
		{name: "one entity too many", subgraph: "inventory", wrap: entities(func(l []json.RawMessage) []json.RawMessage { return append(l, l[0]) }),
			want: `{"errors":[{"message":"Failed to fetch from upstream \"inventory\": the response has 3 entities for 2 representations","extensions":{"code":"UPSTREAM_FAILED","upstream":"inventory"}}],"data":{"topProducts":[{"name":"Table","inStock":null,"reviews":[{"body":"Love it!","author":{"name":"Ada Lovelace"}},{"body":"Prefer something else.","author":{"name":"Alan Turing"}}]},{"name":"Couch","inStock":null,"reviews":[{"body":"Too expensive.","author":{"name":"Ada Lovelace"}}]}]}}`},
		{name: "errors with odd paths", subgraph: "reviews",
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

// faultyTransport serves the demo's subgraphs in process (their answers
// cached per body, so that the test measures the gateway) and misbehaves
// as the request's X-Fault seed says.
type faultyTransport struct {
	subs     map[string]http.Handler
	mu       sync.Mutex
	answers  map[string][]byte
	inFlight atomic.Int64
}

// failingBody reads part of an answer, then fails.
type failingBody struct {
	r   io.Reader
	err error
}

func (b *failingBody) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	if err == io.EOF {
		err = b.err
	}
	return n, err
}

func (*failingBody) Close() error { return nil }

func (t *faultyTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	t.inFlight.Add(1)
	defer t.inFlight.Add(-1)
	name := r.URL.Host
	body, err := io.ReadAll(r.Body)
	r.Body.Close()
	if err != nil {
		return nil, err
	}
	t.mu.Lock()
	answer, ok := t.answers[name+"\x00"+string(body)]
	t.mu.Unlock()
	if !ok {
		req := httptest.NewRequest("POST", "/graphql", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		t.subs[name].ServeHTTP(rec, req)
		answer = rec.Body.Bytes()
		t.mu.Lock()
		t.answers[name+"\x00"+string(body)] = answer
		t.mu.Unlock()
	}
	resp := func(status int, b []byte) *http.Response {
		return &http.Response{StatusCode: status, Status: strconv.Itoa(status) + " " + http.StatusText(status),
			Header: http.Header{"Content-Type": {"application/json"}}, Body: io.NopCloser(bytes.NewReader(b)), Request: r}
	}
	switch faultsOf(r.Header.Get("X-Fault"))[name] {
	case slow:
		select {
		case <-time.After(2 * time.Millisecond):
		case <-r.Context().Done():
			return nil, r.Context().Err()
		}
	case hang:
		<-r.Context().Done()
		return nil, r.Context().Err()
	case reset:
		return nil, syscall.ECONNRESET
	case status500:
		return resp(500, []byte("internal error")), nil
	case notJSON:
		return resp(200, []byte("<html>")), nil
	case truncated:
		res := resp(200, nil)
		res.Body = &failingBody{bytes.NewReader(answer[:len(answer)/2]), io.ErrUnexpectedEOF}
		return res, nil
	case oversize:
		return resp(200, append(slices.Clip(answer), bytes.Repeat([]byte(" "), faultMaxBytes)...)), nil
	case shortEntities:
		if i := bytes.Index(answer, []byte(`{"data":{"_entities":[`)); i == 0 {
			var resp2 struct {
				Data struct {
					Entities []json.RawMessage `json:"_entities"`
				} `json:"data"`
			}
			if json.Unmarshal(answer, &resp2) == nil && len(resp2.Data.Entities) > 0 {
				b, _ := json.Marshal(map[string]any{"data": map[string]any{"_entities": resp2.Data.Entities[1:]}})
				return resp(200, b), nil
			}
		}
		// A root fetch: nothing to take from.
	case oddErrors:
		return resp(200, []byte(`{"data":null,"errors":[{"message":"odd","path":["_entities",99,{}]},{"message":"odder","path":"x"},{"message":"oddest","path":[null,-1,"_entities"]}]}`)), nil
	}
	return resp(200, answer), nil
}

const faultMaxBytes = 64 << 10

// TestRandomFaults sends 10,000 requests (2,000 under the race detector),
// 32 at a time, to a gateway whose subgraphs misbehave at random. Every
// response is a GraphQL response: with no fault, the whole answer; with
// faults, errors that each name a subgraph that misbehaved, and the data
// of the subgraphs that did not. The heap and the goroutines come back
// to what they were.
func TestRandomFaults(t *testing.T) {
	subs, err := demo.Subgraphs()
	if err != nil {
		t.Fatal(err)
	}
	ft := &faultyTransport{subs: map[string]http.Handler{}, answers: map[string][]byte{}}
	urls := map[string]string{}
	timeouts := map[string]time.Duration{}
	for name, s := range subs {
		ft.subs[name] = s
		urls[name] = "http://" + name + "/graphql"
		timeouts[name] = 20 * time.Millisecond
	}
	g, err := New(demo.Supergraph, Options{
		Subgraphs: urls, Client: &http.Client{Transport: ft}, Logger: quiet,
		SubgraphTimeout: time.Minute, SubgraphTimeouts: timeouts,
		MaxSubgraphResponseBytes: faultMaxBytes, ForwardHeaders: []string{"X-Fault"},
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

	var partial atomic.Int64 // responses with errors
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
		return checkFaulty(w.Body.Bytes(), want, faultsOf(seed))
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
	goroutines := runtime.NumGoroutine()
	run(0, n/10) // warm: plans, pools, cached answers
	heap := heapInUse()
	run(n/10, n)
	if after := heapInUse(); after > heap+16<<20 {
		t.Errorf("the heap grew from %d to %d bytes", heap, after)
	}
	if ft.inFlight.Load() != 0 {
		t.Errorf("%d subgraph requests still in flight", ft.inFlight.Load())
	}
	waitGoroutines(t, goroutines)
	t.Logf("%d requests, %d responses with errors", n, partial.Load())
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
// reference data and the faults drawn for it.
func checkFaulty(out []byte, want map[string]any, faults map[string]fault) error {
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
		return fmt.Errorf("not JSON (%v): %s", err, out)
	}
	for k := range top {
		if k != "data" && k != "errors" {
			return fmt.Errorf("a member %q: %s", k, out)
		}
	}
	if err := json.Unmarshal(out, &resp); err != nil || resp.Data == nil {
		return fmt.Errorf("not a GraphQL response with data (%v): %s", err, out)
	}
	// A slow subgraph may still pass its timeout on a loaded machine.
	failing := map[string]bool{}
	for name, f := range faults {
		if f != fine {
			failing[name] = true
		}
	}
	if len(failing) == 0 {
		if len(resp.Errors) > 0 || !jsonEqual(resp.Data, want) {
			return fmt.Errorf("no fault, yet %s", out)
		}
		return nil
	}
	for _, e := range resp.Errors {
		if !failing[e.Extensions.Upstream] {
			return fmt.Errorf("an error naming %q, which did not fail (faults %v): %s", e.Extensions.Upstream, faults, out)
		}
	}
	// The data that could be had: the root fields of the subgraphs that
	// answered, and the product names whenever products did.
	if !failing["accounts"] && !jsonEqual(resp.Data["me"], want["me"]) {
		return fmt.Errorf("accounts answered, yet me is %v: %s", resp.Data["me"], out)
	}
	if !failing["products"] {
		got, _ := resp.Data["topProducts"].([]any)
		ref := want["topProducts"].([]any)
		if len(got) != len(ref) {
			return fmt.Errorf("products answered, yet topProducts is %v: %s", resp.Data["topProducts"], out)
		}
		for i := range ref {
			p, _ := got[i].(map[string]any)
			if p != nil && p["name"] != ref[i].(map[string]any)["name"] {
				return fmt.Errorf("product %d: %v: %s", i, p, out)
			}
			if p == nil && !failing["reviews"] && !failing["inventory"] {
				return fmt.Errorf("product %d is null: %s", i, out)
			}
		}
	} else if f := faults["products"]; f != slow && f != shortEntities && len(resp.Errors) == 0 {
		return fmt.Errorf("products failed with no error (faults %v): %s", faults, out)
	}
	if len(resp.Errors) == 0 && !jsonEqual(resp.Data, want) {
		return fmt.Errorf("no error, yet not the whole answer (faults %v): %s", faults, out)
	}
	return nil
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
	subs, err := demo.Subgraphs()
	if err != nil {
		t.Fatal(err)
	}
	urls := map[string]string{}
	for name, s := range subs {
		var h http.Handler = s
		if name == "reviews" {
			h = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				arrived.Done()
				<-release
				s.ServeHTTP(w, r)
			})
		}
		srv := httptest.NewServer(h)
		t.Cleanup(srv.Close)
		urls[name] = srv.URL + "/graphql"
	}
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
	close(release)
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
