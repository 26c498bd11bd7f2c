package gateway

import (
	"bufio"
	"bytes"
	"io"
	"net"
	"net/http/httptest"
	"strconv"
	"testing"
)

// servePath starts a gateway over the demo's subgraphs in memory (their
// answers recorded by the first request, then replayed) behind a real
// HTTP server on 127.0.0.1, and returns a function that sends it the
// query on one kept-alive connection and returns the response body.
func servePath(tb testing.TB, query string) func() []byte {
	tb.Helper()
	g, _ := replayGateway(tb, quiet)
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
// response, and the gateway and the engine with the subgraphs in memory.
// The target is 50.
const maxServeAllocs = 50

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

// BenchmarkServePath: HTTP in, the demo's subgraphs in memory, HTTP out,
// one request at a time.
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
