package cli

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/graftjson/graft/internal/demo"
)

// syncBuffer is a bytes.Buffer safe for the server's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// startServe runs graft serve with args and hooks in a goroutine, and
// returns the address it listens on and a channel that gets its exit code.
func startServe(t *testing.T, hooks serveHooks, args ...string) (addr string, stdout, stderr *syncBuffer, done chan int) {
	t.Helper()
	stdout, stderr = &syncBuffer{}, &syncBuffer{}
	ready := make(chan string, 1)
	hooks.ready = func(a string) { ready <- a }
	r := &runner{stdin: strings.NewReader(""), stdout: stdout, stderr: stderr, maxBytes: maxInput, hooks: hooks}
	c := lookup("serve")
	done = make(chan int, 1)
	go func() { done <- c.run(r, c, args) }()
	select {
	case addr = <-ready:
	case code := <-done:
		t.Fatalf("graft serve exited with %d before listening: %s", code, stderr)
	case <-time.After(10 * time.Second):
		t.Fatal("graft serve did not start")
	}
	return addr, stdout, stderr, done
}

func wait(t *testing.T, done chan int) int {
	t.Helper()
	select {
	case code := <-done:
		return code
	case <-time.After(10 * time.Second):
		t.Fatal("graft serve did not stop")
		return -1
	}
}

const demoQuery = `{"query":"{ topProducts { name reviews { body author { name } } } }"}`
const demoAnswer = `{"data":{"topProducts":[{"name":"Table","reviews":[{"body":"Love it!","author":{"name":"Ada Lovelace"}},{"body":"Prefer something else.","author":{"name":"Alan Turing"}}]},{"name":"Couch","reviews":[{"body":"Too expensive.","author":{"name":"Ada Lovelace"}}]},{"name":"Chair","reviews":[{"body":"Could be better.","author":{"name":"Alan Turing"}}]}]}}`

func postDemo(addr string) (string, error) {
	resp, err := http.Post("http://"+addr+"/graphql", "application/json", strings.NewReader(demoQuery))
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return string(b), err
}

func TestServeDemo(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	addr, stdout, stderr, done := startServe(t, serveHooks{ctx: ctx}, "--demo", "--listen", "127.0.0.1:0")
	// The printed curl command is the demo query against the address.
	if want := "curl -s http://" + addr + "/graphql -H 'Content-Type: application/json' \\\n    -d '" + demoQuery + "'\n"; !strings.Contains(stdout.String(), want) {
		t.Errorf("stdout %q does not hold %q", stdout, want)
	}
	got, err := postDemo(addr)
	if err != nil || got != demoAnswer {
		t.Errorf("got %q, %v\nwant %q", got, err, demoAnswer)
	}
	resp, err := http.Get("http://" + addr + "/health")
	if err != nil || resp.StatusCode != 200 {
		t.Errorf("health: %v %v", resp, err)
	} else {
		resp.Body.Close()
	}
	cancel()
	if code := wait(t, done); code != exitOK {
		t.Errorf("exit %d, stderr %s", code, stderr)
	}
	if log := stderr.String(); !strings.Contains(log, `msg="graphql request" method=POST operation="" status=200 errors=0 bytes=351`) {
		t.Errorf("no request log line in %q", log)
	}
}

// TestServeLogLevel: --log-level warn leaves out the record of a request
// answered 200.
func TestServeLogLevel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	addr, _, stderr, done := startServe(t, serveHooks{ctx: ctx}, "--demo", "--listen", "127.0.0.1:0", "--log-level", "warn")
	if got, err := postDemo(addr); err != nil || got != demoAnswer {
		t.Errorf("got %q, %v\nwant %q", got, err, demoAnswer)
	}
	cancel()
	if code := wait(t, done); code != exitOK {
		t.Errorf("exit %d, stderr %s", code, stderr)
	}
	if log := stderr.String(); strings.Contains(log, "graphql request") {
		t.Errorf("a request record at level warn: %q", log)
	}
}

// TestServeDrains holds a request in flight until shutdown has begun,
// then lets it finish: the client gets the whole response, and serve
// returns only after it.
func TestServeDrains(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	entered, draining, served := make(chan struct{}), make(chan struct{}), make(chan struct{})
	var once sync.Once
	hooks := serveHooks{
		ctx:      ctx,
		shutdown: func() { once.Do(func() { close(draining) }) },
		wrap: func(h http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path != "/graphql" {
					h.ServeHTTP(w, r)
					return
				}
				close(entered)
				<-draining
				h.ServeHTTP(w, r)
				close(served)
			})
		},
	}
	addr, _, stderr, done := startServe(t, hooks, "--demo", "--listen", "127.0.0.1:0")
	type result struct {
		body string
		err  error
	}
	answer := make(chan result, 1)
	go func() {
		b, err := postDemo(addr)
		answer <- result{b, err}
	}()
	<-entered
	cancel() // shutdown begins with the request in flight
	// Serve may return as soon as the response is written, before the
	// client has read it; never before the handler is done.
	code := wait(t, done)
	select {
	case <-served:
	default:
		t.Fatalf("serve exited (%d) before the in-flight request finished", code)
	}
	select {
	case res := <-answer:
		if res.err != nil || res.body != demoAnswer {
			t.Errorf("in-flight request: %q, %v", res.body, res.err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the in-flight request did not finish")
	}
	if code != exitOK {
		t.Errorf("exit %d, stderr %s", code, stderr)
	}
	if _, err := postDemo(addr); err == nil {
		t.Error("the server still answers after shutdown")
	}
}

// TestServeSupergraph runs graft serve as a user with a composed
// supergraph does: the file, a --config file with most subgraph URLs and
// a --subgraph flag for the last one.
func TestServeSupergraph(t *testing.T) {
	urls, stop, err := startDemo()
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	dir := t.TempDir()
	writeFile(t, dir+"/supergraph.graphql", demo.Supergraph)
	writeFile(t, dir+"/subgraphs.json", `{"subgraphs":{"accounts":"`+urls["accounts"]+`","products":"`+urls["products"]+`","inventory":"`+urls["inventory"]+`","reviews":"http://127.0.0.1:1/nothing-here"},"timeouts":{"reviews":"5s"}}`)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	addr, stdout, stderr, done := startServe(t, serveHooks{ctx: ctx}, "--supergraph", dir+"/supergraph.graphql",
		"--config", dir+"/subgraphs.json", "--subgraph", "reviews="+urls["reviews"], "--listen", "127.0.0.1:0", "--log-format", "json",
		"--dedup", "--max-subgraph-response", "1048576")
	if strings.Contains(stdout.String(), "curl") {
		t.Errorf("a curl command printed outside the demo: %q", stdout)
	}
	if got, err := postDemo(addr); err != nil || got != demoAnswer {
		t.Errorf("got %q, %v\nwant %q", got, err, demoAnswer)
	}
	cancel()
	if code := wait(t, done); code != exitOK {
		t.Errorf("exit %d, stderr %s", code, stderr)
	}
	if log := stderr.String(); !strings.Contains(log, `"msg":"graphql request","method":"POST","operation":"","status":200,"errors":0,"bytes":351`) {
		t.Errorf("no JSON request record in %q", log)
	}
}

func writeFile(t *testing.T, name, text string) {
	t.Helper()
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestServeMaxFields: --max-fields reaches the gateway; the demo query
// selects six fields.
func TestServeMaxFields(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	addr, _, stderr, done := startServe(t, serveHooks{ctx: ctx}, "--demo", "--listen", "127.0.0.1:0", "--max-fields", "5")
	want := `{"errors":[{"message":"The operation is too large to plan: with its fragments expanded, it selects more than 5 fields.","locations":[{"line":1,"column":1}]}]}`
	if got, err := postDemo(addr); err != nil || got != want {
		t.Errorf("got %q, %v\nwant %q", got, err, want)
	}
	cancel()
	if code := wait(t, done); code != exitOK {
		t.Errorf("exit %d, stderr %s", code, stderr)
	}
}

// TestServeSubgraphErrors: a subgraph's error message reaches the client
// only with --expose-subgraph-errors.
func TestServeSubgraphErrors(t *testing.T) {
	urls, stop, err := startDemo()
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	failing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"errors":[{"message":"secret detail"}]}`)
	}))
	defer failing.Close()
	dir := t.TempDir()
	writeFile(t, dir+"/supergraph.graphql", demo.Supergraph)
	for _, tc := range []struct {
		flags []string
		want  string
	}{
		{nil, `"message":"Upstream \"reviews\" returned an error."`},
		{[]string{"--expose-subgraph-errors"}, `"message":"secret detail"`},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		args := []string{"--supergraph", dir + "/supergraph.graphql", "--listen", "127.0.0.1:0"}
		for name, u := range urls {
			if name == "reviews" {
				u = failing.URL
			}
			args = append(args, "--subgraph", name+"="+u)
		}
		addr, _, stderr, done := startServe(t, serveHooks{ctx: ctx}, append(args, tc.flags...)...)
		if got, err := postDemo(addr); err != nil || !strings.Contains(got, tc.want) {
			t.Errorf("%v: got %q, %v\nwant it to hold %q", tc.flags, got, err, tc.want)
		}
		cancel()
		if code := wait(t, done); code != exitOK {
			t.Errorf("exit %d, stderr %s", code, stderr)
		}
	}
}
