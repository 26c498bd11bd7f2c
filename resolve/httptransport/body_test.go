package httptransport_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/graftjson/graft/resolve"
	"github.com/graftjson/graft/resolve/httptransport"
)

// lateReader is a RoundTripper that answers after reading half of the
// request body and reads the rest once told to, after RoundTrip returned,
// as http.RoundTripper allows (net/http does so when an upstream answers
// before reading the whole body, and HTTP/2 writes bodies on a goroutine
// of its own).
type lateReader struct {
	reused chan struct{} // closed when the caller has reused the body's bytes
	rest   chan []byte   // what the late reads got
	err    chan error    // and how they ended
}

func (l *lateReader) RoundTrip(req *http.Request) (*http.Response, error) {
	first := make([]byte, req.ContentLength/2)
	if _, err := io.ReadFull(req.Body, first); err != nil {
		return nil, err
	}
	go func() {
		<-l.reused
		b, err := io.ReadAll(req.Body)
		req.Body.Close()
		l.rest <- b
		l.err <- err
	}()
	const resp = `{"data":{"a":1}}`
	return &http.Response{StatusCode: 200, Status: "200 OK", Header: http.Header{}, ContentLength: int64(len(resp)),
		Body: io.NopCloser(strings.NewReader(resp)), Request: req}, nil
}

// The request body is the engine's buffer, which it reuses as soon as Do
// returns: a read of the body after that fails, and never sees the bytes
// of the engine's next request.
func TestBodyNotReadAfterDo(t *testing.T) {
	tr := newTransport(t, httptransport.Options{URLs: map[string]string{"a": "http://127.0.0.1:1/graphql"}})
	l := &lateReader{reused: make(chan struct{}), rest: make(chan []byte, 1), err: make(chan error, 1)}
	httptransport.SetRoundTripper(tr, l)
	body := bytes.Repeat([]byte("a"), 1<<10)
	out, err := tr.Do(context.Background(), &resolve.UpstreamRequest{Upstream: "a", Body: body}, nil)
	if err != nil || string(out) != `{"data":{"a":1}}` {
		t.Fatalf("%v %s", err, out)
	}
	copy(body, bytes.Repeat([]byte("X"), len(body))) // the engine's next request
	close(l.reused)
	if rest, err := <-l.rest, <-l.err; len(rest) > 0 || err == nil {
		t.Fatalf("a read after Do returned got %q (error %v), want nothing and an error", rest, err)
	}
}
