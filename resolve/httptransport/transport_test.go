package httptransport_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/graftjson/graft/resolve"
	"github.com/graftjson/graft/resolve/httptransport"
)

// server starts a test server on 127.0.0.1 that the test stops, counting
// the connections it accepts.
func server(t *testing.T, h http.HandlerFunc) (*httptest.Server, *atomic.Int32) {
	var conns atomic.Int32
	s := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Read the body first, so that the server notices a client going
		// away; handlers find it in r.Body again.
		b, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(b))
		h(w, r)
	}))
	s.Config.ConnState = func(c net.Conn, st http.ConnState) {
		if st == http.StateNew {
			conns.Add(1)
		}
	}
	s.Config.ReadHeaderTimeout = 5 * time.Second
	s.Start()
	t.Cleanup(s.Close)
	return s, &conns
}

func newTransport(t *testing.T, opts httptransport.Options) *httptransport.Transport {
	tr, err := httptransport.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(tr.CloseIdleConnections)
	return tr
}

func TestDo(t *testing.T) {
	var seen http.Header
	var body string
	var length int64
	s, conns := server(t, func(w http.ResponseWriter, r *http.Request) {
		seen = r.Header.Clone()
		length = r.ContentLength
		b, _ := io.ReadAll(r.Body)
		body = string(b)
		w.Write([]byte(`{"data":{"a":1}}`))
	})
	tr := newTransport(t, httptransport.Options{URLs: map[string]string{"a": s.URL + "/graphql"}})
	client := http.Header{
		"Authorization": {"Bearer x"}, "X-Tenant": {"t1", "t2"}, "Cookie": {"secret"},
		"Connection": {"close"}, "Content-Type": {"text/plain"}, "Accept-Encoding": {"br"},
	}
	fwd := httptransport.Forward(client, []string{"authorization", "X-Tenant", "Connection", "Content-Type", "X-Absent"})
	if len(fwd) != 2 {
		t.Fatalf("Forward picked %v", fwd)
	}
	fwd["Transfer-Encoding"] = []string{"chunked"} // passed anyway: the transport drops it
	dst := []byte("prefix")
	for i := 0; i < 5; i++ {
		var err error
		dst, err = tr.Do(context.Background(), &resolve.UpstreamRequest{Upstream: "a", Body: []byte(`{"query":"{a}"}`), Header: fwd}, dst[:6])
		if err != nil {
			t.Fatal(err)
		}
		if string(dst) != `prefix{"data":{"a":1}}` {
			t.Fatalf("got %q", dst)
		}
	}
	if body != `{"query":"{a}"}` || length != int64(len(body)) {
		t.Errorf("body %q with Content-Length %d", body, length)
	}
	want := map[string]string{"Authorization": "Bearer x", "X-Tenant": "t1,t2", "Content-Type": "application/json",
		"Accept": "application/graphql-response+json, application/json", "Cookie": "", "Transfer-Encoding": ""}
	for k, v := range want {
		if got := strings.Join(seen[k], ","); got != v {
			t.Errorf("header %s: %q, want %q", k, got, v)
		}
	}
	if n := conns.Load(); n != 1 {
		t.Errorf("%d connections for 5 requests, want 1 (keep-alive)", n)
	}
}

func TestGzip(t *testing.T) {
	s, _ := server(t, func(w http.ResponseWriter, r *http.Request) {
		if !strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			t.Error("gzip not offered")
		}
		w.Header().Set("Content-Encoding", "gzip")
		z := gzip.NewWriter(w)
		z.Write([]byte(`{"data":{"z":"` + strings.Repeat("z", 5000) + `"}}`))
		z.Close()
	})
	tr := newTransport(t, httptransport.Options{URLs: map[string]string{"a": s.URL}})
	out, err := tr.Do(context.Background(), &resolve.UpstreamRequest{Upstream: "a", Body: []byte(`{}`)}, nil)
	if err != nil || len(out) != 5000+len(`{"data":{"z":""}}`) {
		t.Fatalf("%v, %d bytes", err, len(out))
	}
}

func TestFailures(t *testing.T) {
	big := strings.Repeat("x", 2000)
	s, _ := server(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/500":
			w.WriteHeader(500)
			w.Write([]byte(`{"errors":[]}`))
		case "/big":
			w.Write([]byte(big)) // with a Content-Length
		case "/big-chunked":
			for i := 0; i < 20; i++ {
				w.Write([]byte(big[:100]))
				w.(http.Flusher).Flush()
			}
		case "/slow":
			select {
			case <-r.Context().Done():
			case <-time.After(5 * time.Second):
			}
		case "/cut":
			w.Header().Set("Content-Length", "100")
			w.Write([]byte(`{"data"`))
		case "/drop", "/drop-unread": // closed with no answer, the request read or not
			if r.URL.Path == "/drop" {
				io.Copy(io.Discard, r.Body)
			}
			if c, _, err := w.(http.Hijacker).Hijack(); err == nil {
				c.Close()
			}
		case "/599": // a status net/http has no phrase for
			w.WriteHeader(599)
		case "/phrase": // a reason phrase of the upstream's own
			c, buf, err := w.(http.Hijacker).Hijack()
			if err != nil {
				t.Error(err)
				return
			}
			buf.WriteString("HTTP/1.1 503 pq: password authentication failed at 10.0.3.7:5432\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
			buf.Flush()
			c.Close()
		}
	})
	tr := newTransport(t, httptransport.Options{
		URLs: map[string]string{
			"500": s.URL + "/500", "big": s.URL + "/big", "chunked": s.URL + "/big-chunked",
			"slow": s.URL + "/slow", "cut": s.URL + "/cut", "closed": "http://127.0.0.1:1",
			"599": s.URL + "/599", "phrase": s.URL + "/phrase", "drop": s.URL + "/drop", "drop-unread": s.URL + "/drop-unread",
		},
		MaxResponseBytes: 1000,
		Timeouts:         map[string]time.Duration{"slow": 20 * time.Millisecond},
	})
	cases := []struct {
		upstream string
		is       error
		reason   string
	}{
		{"500", resolve.ErrUpstream, "status 500 Internal Server Error"},
		{"phrase", resolve.ErrUpstream, "status 503 Service Unavailable"},
		{"599", resolve.ErrUpstream, "status 599"},
		{"big", resolve.ErrUpstream, "response larger than 1000 bytes"},
		{"chunked", resolve.ErrUpstream, "response larger than 1000 bytes"},
		{"slow", context.DeadlineExceeded, "no response within 20ms"},
		{"cut", resolve.ErrUpstream, "response cut short"},
		{"closed", resolve.ErrUpstream, "cannot connect"},
		{"drop", resolve.ErrUpstream, "connection failed"},
		{"drop-unread", resolve.ErrUpstream, "connection failed"},
		{"unknown", resolve.ErrUpstream, "no URL for this upstream"},
	}
	for _, c := range cases {
		t.Run(c.upstream, func(t *testing.T) {
			out, err := tr.Do(context.Background(), &resolve.UpstreamRequest{Upstream: c.upstream, Body: []byte(`{}`)}, []byte("x"))
			var e *resolve.Error
			if !errors.As(err, &e) || !errors.Is(err, c.is) || e.Reason != c.reason || e.Upstream != c.upstream {
				t.Fatalf("error %#v, want reason %q wrapping %v", err, c.reason, c.is)
			}
			if strings.Contains(err.Error(), "127.0.0.1") {
				t.Errorf("the error names the address: %v", err)
			}
			if string(out) != "x" {
				t.Errorf("dst changed: %q", out)
			}
		})
	}
}

func TestCancel(t *testing.T) {
	s, _ := server(t, func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(5 * time.Second):
		}
	})
	tr := newTransport(t, httptransport.Options{URLs: map[string]string{"a": s.URL}})
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(10*time.Millisecond, cancel)
	_, err := tr.Do(ctx, &resolve.UpstreamRequest{Upstream: "a", Body: []byte(`{}`)}, nil)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
}

func TestNewRejects(t *testing.T) {
	for _, u := range []string{"", "127.0.0.1:80", "ftp://127.0.0.1/", "http://", "://x"} {
		if _, err := httptransport.New(httptransport.Options{URLs: map[string]string{"a": u}}); !errors.Is(err, httptransport.ErrConfig) {
			t.Errorf("%q: error %v, want ErrConfig", u, err)
		}
	}
}

// The engine over HTTP: the nested batching plan against four upstreams
// served by one test server.
func TestEngineOverHTTP(t *testing.T) {
	answers := map[string]string{
		"/products": `{"data":{"topProducts":[{"name":"Table","__typename":"Product","upc":"1"}]}}`,
		"/stock":    `{"data":{"_entities":[{"stock":8}]}}`,
	}
	s, _ := server(t, func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer x" {
			w.WriteHeader(401)
			return
		}
		w.Write([]byte(answers[r.URL.Path]))
	})
	tr := newTransport(t, httptransport.Options{URLs: map[string]string{"products": s.URL + "/products", "stock": s.URL + "/stock", "down": "http://127.0.0.1:1"}})
	plan, err := resolve.NewPlan(&resolve.Sequence{Nodes: []resolve.Node{
		&resolve.Fetch{Upstream: "products", Operation: "{topProducts{name __typename upc}}"},
		&resolve.Parallel{Nodes: []resolve.Node{
			&resolve.Fetch{Upstream: "stock", Operation: "E", Path: []string{"topProducts", "@"}, Entities: []resolve.Entity{{Type: "Product", Fields: []resolve.Field{{Name: "upc"}}}}},
			&resolve.Fetch{Upstream: "down", Operation: "E", Path: []string{"topProducts", "@"}, Entities: []resolve.Entity{{Type: "Product", Fields: []resolve.Field{{Name: "upc"}}}}},
		}},
	}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	e := resolve.NewEngine(tr, resolve.Options{})
	req := &resolve.Request{Header: httptransport.Forward(http.Header{"Authorization": {"Bearer x"}}, []string{"Authorization"})}
	out, err := e.Execute(context.Background(), plan, req, nil)
	want := `{"errors":[{"message":"Failed to fetch from upstream \"down\": cannot connect","extensions":{"code":"UPSTREAM_FAILED","upstream":"down"}}],"data":{"topProducts":[{"name":"Table","__typename":"Product","upc":"1","stock":8}]}}`
	if err != nil || string(out) != want {
		t.Fatalf("%v\n got %s\nwant %s", err, out, want)
	}
}

// An upstream that redirects is a failed fetch: the request, with the
// client's variables and forwarded headers, goes to the configured URL
// only, never to a host the upstream names.
func TestRedirectNotFollowed(t *testing.T) {
	var elsewhere atomic.Int32
	other, _ := server(t, func(w http.ResponseWriter, r *http.Request) {
		elsewhere.Add(1)
		w.Write([]byte(`{"data":{"a":1}}`))
	})
	for _, status := range []int{http.StatusMovedPermanently, http.StatusFound, http.StatusTemporaryRedirect, http.StatusPermanentRedirect} {
		t.Run(http.StatusText(status), func(t *testing.T) {
			s, _ := server(t, func(w http.ResponseWriter, r *http.Request) {
				http.Redirect(w, r, other.URL+"/graphql", status)
			})
			tr := newTransport(t, httptransport.Options{URLs: map[string]string{"a": s.URL}})
			req := &resolve.UpstreamRequest{Upstream: "a", Body: []byte(`{"query":"{a}"}`), Header: map[string][]string{"X-Api-Key": {"secret"}}}
			out, err := tr.Do(context.Background(), req, nil)
			var e *resolve.Error
			if !errors.As(err, &e) || !errors.Is(err, resolve.ErrUpstream) || !strings.HasPrefix(e.Reason, "status 3") {
				t.Errorf("error %v, response %q; want a failed fetch with the redirect's status", err, out)
			}
			if n := elsewhere.Load(); n != 0 {
				t.Errorf("the redirect's target got %d requests", n)
			}
		})
	}
}
