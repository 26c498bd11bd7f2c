package gateway

import (
	"bytes"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// failing replaces a subgraph's handler with one that answers badly.
func failing(name string, answer func(w http.ResponseWriter, r *http.Request)) map[string]func(http.Handler) http.Handler {
	return map[string]func(http.Handler) http.Handler{
		name: func(http.Handler) http.Handler { return http.HandlerFunc(answer) },
	}
}

const topReviews = `{ topProducts(first: 2) { name reviews { body } } }`

func TestFailingSubgraph(t *testing.T) {
	cases := []struct {
		name   string
		answer func(w http.ResponseWriter, r *http.Request)
		want   string
		masked string // the record of the masked error
	}{
		{"status 500", func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "down for maintenance", http.StatusInternalServerError)
		}, `{"errors":[{"message":"Failed to fetch from upstream \"reviews\": status 500 Internal Server Error","extensions":{"code":"UPSTREAM_FAILED","upstream":"reviews"}}],"data":{"topProducts":[{"name":"Table","reviews":null},{"name":"Couch","reviews":null}]}}`, ""},
		{"garbage", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, `{"data":{"_entities":[{"reviews":[`)
		}, `{"errors":[{"message":"Failed to fetch from upstream \"reviews\": the response is not JSON (graft: line 1, column 35: unexpected end of input, expected a value)","extensions":{"code":"UPSTREAM_FAILED","upstream":"reviews"}}],"data":{"topProducts":[{"name":"Table","reviews":null},{"name":"Couch","reviews":null}]}}`, ""},
		{"not json", func(w http.ResponseWriter, r *http.Request) {
			io.WriteString(w, `<html>oops</html>`)
		}, `{"errors":[{"message":"Failed to fetch from upstream \"reviews\": the response is not JSON (graft: line 1, column 1: invalid character '<' at the start of a value)","extensions":{"code":"UPSTREAM_FAILED","upstream":"reviews"}}],"data":{"topProducts":[{"name":"Table","reviews":null},{"name":"Couch","reviews":null}]}}`, ""},
		{"graphql errors (masked)", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, `{"errors":[{"message":"reviews are unavailable"}]}`)
		}, `{"errors":[{"message":"Upstream \"reviews\" returned an error.","extensions":{"upstream":"reviews"}}],"data":{"topProducts":[{"name":"Table","reviews":null},{"name":"Couch","reviews":null}]}}`,
			`level=WARN msg="subgraph error" subgraph=reviews path=topProducts.@ error="{\"message\":\"reviews are unavailable\"}"`},
		{"connection dropped", func(w http.ResponseWriter, r *http.Request) {
			conn, _, err := w.(http.Hijacker).Hijack()
			if err == nil {
				conn.Close()
			}
		}, `{"errors":[{"message":"Failed to fetch from upstream \"reviews\": connection failed","extensions":{"code":"UPSTREAM_FAILED","upstream":"reviews"}}],"data":{"topProducts":[{"name":"Table","reviews":null},{"name":"Couch","reviews":null}]}}`, ""},
		{"timeout", func(w http.ResponseWriter, r *http.Request) {
			io.Copy(io.Discard, r.Body) // then the server sees the client go
			select {
			case <-r.Context().Done():
			case <-time.After(10 * time.Second):
			}
		}, `{"errors":[{"message":"Failed to fetch from upstream \"reviews\": no response within 100ms: context deadline exceeded","extensions":{"code":"UPSTREAM_FAILED","upstream":"reviews"}}],"data":{"topProducts":[{"name":"Table","reviews":null},{"name":"Couch","reviews":null}]}}`, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var log syncBuffer
			logger := slog.New(slog.NewTextHandler(&log, &slog.HandlerOptions{ReplaceAttr: dropTime}))
			// Only the timeout case is meant to meet the subgraph timeout:
			// the others get one that a loaded machine (or the race
			// detector) cannot reach before the subgraph answers.
			timeout := 10 * time.Second
			if c.name == "timeout" {
				timeout = 100 * time.Millisecond
			}
			srv := demoGateway(t, Options{SubgraphTimeout: timeout, Logger: logger}, failing("reviews", c.answer))
			checkHTTP(t, srv, httpCase{body: post(topReviews), status: 200, want: c.want})
			// One record for the request, counting the errors (written
			// after the response, so perhaps not yet), after the masked
			// error's own.
			const request = `level=INFO msg="graphql request" method=POST operation="" status=200 errors=1 bytes=`
			for deadline := time.Now().Add(5 * time.Second); !strings.Contains(log.String(), request) && time.Now().Before(deadline); {
				time.Sleep(time.Millisecond)
			}
			got, ok := log.String(), true
			if c.masked != "" {
				got, ok = strings.CutPrefix(got, c.masked+"\n")
			}
			if !ok || !strings.HasPrefix(got, request) || strings.Count(got, "\n") != 1 {
				t.Errorf("log: %q", log.String())
			}
		})
	}
}

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

// dropTime leaves the time out of log records, so tests can compare them.
func dropTime(groups []string, a slog.Attr) slog.Attr {
	if a.Key == slog.TimeKey && len(groups) == 0 {
		return slog.Attr{}
	}
	return a
}

// TestFailingRootAndRequires: a failing root subgraph nulls its root field;
// a failing subgraph behind @requires nulls only its own fields.
func TestFailingRootAndRequires(t *testing.T) {
	down := func(w http.ResponseWriter, r *http.Request) { http.Error(w, "down", http.StatusServiceUnavailable) }
	cases := []struct{ name, subgraph, query, want string }{
		{"root", "products", `{ topProducts { name } me { name } }`,
			`{"errors":[{"message":"Failed to fetch from upstream \"products\": status 503 Service Unavailable","extensions":{"code":"UPSTREAM_FAILED","upstream":"products"}}],"data":{"topProducts":null,"me":{"name":"Ada Lovelace"}}}`},
		{"requires", "inventory", `{ topProducts(first: 1) { name shippingEstimate } }`,
			`{"errors":[{"message":"Failed to fetch from upstream \"inventory\": status 503 Service Unavailable","extensions":{"code":"UPSTREAM_FAILED","upstream":"inventory"}}],"data":{"topProducts":[{"name":"Table","shippingEstimate":null}]}}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := demoGateway(t, Options{}, failing(c.subgraph, down))
			checkHTTP(t, srv, httpCase{body: post(c.query), status: 200, want: c.want})
		})
	}
}

// A plan's fetches as a whole are bounded by RequestTimeout, whatever
// each subgraph's own timeout allows.
func TestRequestTimeout(t *testing.T) {
	slow := func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		select {
		case <-r.Context().Done():
		case <-time.After(10 * time.Second):
		}
	}
	srv := demoGateway(t, Options{SubgraphTimeout: 5 * time.Second, RequestTimeout: 100 * time.Millisecond}, failing("reviews", slow))
	checkHTTP(t, srv, httpCase{body: post(topReviews), status: 504, want: `{"errors":[{"message":"The request took longer than 100ms."}]}`})
}

// TestSubgraphErrorsMasked: by default a subgraph's errors reach the
// client with their path, their code and the subgraph's name only; with
// ExposeSubgraphErrors, as the subgraph wrote them.
func TestSubgraphErrorsMasked(t *testing.T) {
	answer := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"errors":[{"message":"pq: connection to 10.0.0.7:5432 refused","path":["_entities",1,"reviews"],"extensions":{"code":"INTERNAL","stacktrace":["db.go:12"]}}]}`)
	}
	// Masked, the error is logged for the operators as the subgraph wrote it.
	const logged = `level=WARN msg="subgraph error" subgraph=reviews path=topProducts.@ error="{\"message\":\"pq: connection to 10.0.0.7:5432 refused\",\"path\":[\"_entities\",1,\"reviews\"],\"extensions\":{\"code\":\"INTERNAL\",\"stacktrace\":[\"db.go:12\"]}}"` + "\n"
	for _, tc := range []struct {
		name string
		opts Options
		want string
		log  string // the records other than the request's
	}{
		{"masked by default", Options{},
			`{"errors":[{"message":"Upstream \"reviews\" returned an error.","path":["topProducts",1,"reviews"],"extensions":{"code":"INTERNAL","upstream":"reviews"}}],"data":{"topProducts":[{"name":"Table","reviews":null},{"name":"Couch","reviews":null}]}}`,
			logged},
		{"exposed", Options{ExposeSubgraphErrors: true},
			`{"errors":[{"message":"pq: connection to 10.0.0.7:5432 refused","path":["topProducts",1,"reviews"],"extensions":{"code":"INTERNAL","stacktrace":["db.go:12"],"upstream":"reviews"}}],"data":{"topProducts":[{"name":"Table","reviews":null},{"name":"Couch","reviews":null}]}}`,
			""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var log syncBuffer
			// Warn and above: the request's record (Info) is left out.
			tc.opts.Logger = slog.New(slog.NewTextHandler(&log, &slog.HandlerOptions{Level: slog.LevelWarn, ReplaceAttr: dropTime}))
			srv := demoGateway(t, tc.opts, failing("reviews", answer))
			checkHTTP(t, srv, httpCase{body: post(topReviews), status: 200, want: tc.want})
			if got := log.String(); got != tc.log {
				t.Errorf("log\n got %q\nwant %q", got, tc.log)
			}
		})
	}
}
