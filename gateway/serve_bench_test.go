package gateway

import (
	"bufio"
	"bytes"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"

	"github.com/graftjson/graft/internal/demo"
)

// memorySubgraphs is an http.RoundTripper answering the gateway's
// subgraph requests from memory: the demo subgraph's answer to the same
// body, computed once. The gateway's HTTP client path (requests, headers,
// timeouts, reading bodies) runs in full; only the network is left out.
type memorySubgraphs struct {
	subs    map[string]http.Handler
	mu      sync.RWMutex
	answers map[string][]byte
}

func (m *memorySubgraphs) RoundTrip(r *http.Request) (*http.Response, error) {
	var buf [4096]byte
	key := append(append(buf[:0], r.URL.Host...), 0)
	key, err := readAll(key, r.Body)
	r.Body.Close()
	if err != nil {
		return nil, err
	}
	m.mu.RLock()
	answer, ok := m.answers[string(key)]
	m.mu.RUnlock()
	if !ok {
		body := key[len(r.URL.Host)+1:]
		req := httptest.NewRequest("POST", "/graphql", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		m.subs[r.URL.Host].ServeHTTP(rec, req)
		answer = rec.Body.Bytes()
		m.mu.Lock()
		m.answers[string(key)] = answer
		m.mu.Unlock()
	}
	return &http.Response{StatusCode: 200, Status: "200 OK", Header: answerHeader,
		ContentLength: int64(len(answer)), Body: io.NopCloser(bytes.NewReader(answer)), Request: r}, nil
}

// answerHeader is the header of every answer (the gateway only reads it).
var answerHeader = http.Header{"Content-Type": jsonType}

func readAll(dst []byte, r io.Reader) ([]byte, error) {
	for {
		if len(dst) == cap(dst) {
			dst = append(dst, 0)[:len(dst)]
		}
		n, err := r.Read(dst[len(dst):cap(dst)])
		dst = dst[:len(dst)+n]
		if err == io.EOF {
			return dst, nil
		}
		if err != nil {
			return dst, err
		}
	}
}

// servePath starts a gateway over the demo's subgraphs in memory behind
// a real HTTP server on 127.0.0.1, and returns a function that sends it
// the query on one kept-alive connection and returns the response body.
func servePath(tb testing.TB, query string) func() []byte {
	tb.Helper()
	subs, err := demo.Subgraphs()
	if err != nil {
		tb.Fatal(err)
	}
	m := &memorySubgraphs{subs: map[string]http.Handler{}, answers: map[string][]byte{}}
	urls := map[string]string{}
	for name, s := range subs {
		m.subs[name] = s
		urls[name] = "http://" + name + "/graphql"
	}
	g, err := New(demo.Supergraph, Options{Subgraphs: urls, Client: &http.Client{Transport: m}, Logger: quiet})
	if err != nil {
		tb.Fatal(err)
	}
	srv := httptest.NewServer(g)
	tb.Cleanup(srv.Close)
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { conn.Close() })
	payload := post(query)
	request := []byte("POST /graphql HTTP/1.1\r\nHost: graft\r\nContent-Type: application/json\r\nContent-Length: " +
		strconv.Itoa(len(payload)) + "\r\n\r\n" + payload)
	rd := bufio.NewReaderSize(conn, 64<<10)
	var body []byte
	return func() []byte {
		if _, err := conn.Write(request); err != nil {
			tb.Fatal(err)
		}
		// The status line and headers, then Content-Length bytes.
		n := -1
		for {
			line, err := rd.ReadSlice('\n')
			if err != nil {
				tb.Fatal(err)
			}
			if len(line) <= 2 {
				break
			}
			if v, ok := bytes.CutPrefix(line, []byte("Content-Length: ")); ok {
				n, _ = strconv.Atoi(string(bytes.TrimSpace(v)))
			}
		}
		if n < 0 {
			tb.Fatal("a response without Content-Length")
		}
		body = append(body[:0], make([]byte, n)...)
		if _, err := io.ReadFull(rd, body); err != nil {
			tb.Fatal(err)
		}
		return body
	}
}

// maxServeAllocs is the allocation budget of a request through the whole
// serve path: net/http's server reading the request and writing the
// response (about 14), and for each of the three subgraph requests the
// timeout context (3), the request and its body (a *bytes.Reader in
// io.NopCloser, the body net/http writes with the headers in one
// syscall) and GetBody (4), and the in-memory subgraph's response (3);
// the gateway and the engine allocate next to nothing. It measured 62;
// the target was 50.
const maxServeAllocs = 62

func TestServePathAllocs(t *testing.T) {
	send := servePath(t, benchQuery)
	if got := send(); string(got) != benchResponse {
		t.Fatalf("got %s\nwant %s", got, benchResponse)
	}
	if raceEnabled {
		t.Skip("allocation budgets are not checked under the race detector")
	}
	n := testing.AllocsPerRun(200, func() { send() })
	t.Logf("%.0f allocations per request", n)
	if n > maxServeAllocs {
		t.Errorf("%.0f allocations per request, want at most %d", n, maxServeAllocs)
	}
}

// BenchmarkServePath: HTTP in, the demo's subgraphs in memory behind the
// gateway's HTTP client, HTTP out, one request at a time.
func BenchmarkServePath(b *testing.B) {
	send := servePath(b, benchQuery)
	if got := send(); string(got) != benchResponse {
		b.Fatalf("got %s", got)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		send()
	}
}
