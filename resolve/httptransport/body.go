package httptransport

import (
	"errors"
	"io"
	"sync"
)

// body is a request body over the engine's buffer, which the engine
// reuses for its next request as soon as Do returns. net/http may read a
// request body after RoundTrip returned (http.RoundTripper allows it: an
// upstream that answers before reading the whole body, HTTP/2's body
// writer on a goroutine of its own), so Do ends the body before it
// returns: a read after that gets errBodyEnded, net/http drops the
// connection, and no byte of another request reaches the upstream.
//
// Read and end may be called from different goroutines: end waits for a
// read in progress, so that no copy out of the buffer overlaps the
// engine's next writes.
type body struct {
	shared *bodyBytes
	off    int
}

// bodyBytes is the buffer that body and the readers of its GetBody (for
// net/http's retries) read.
type bodyBytes struct {
	mu sync.Mutex
	b  []byte
	ok bool // false once Do returned
}

var errBodyEnded = errors.New("request body read after the request was done")

func newBody(b []byte) *body { return &body{shared: &bodyBytes{b: b, ok: true}} }

func (r *body) Read(p []byte) (int, error) {
	s := r.shared
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.ok {
		return 0, errBodyEnded
	}
	if r.off >= len(s.b) {
		return 0, io.EOF
	}
	n := copy(p, s.b[r.off:])
	r.off += n
	return n, nil
}

func (r *body) Close() error { return nil }

// again returns a reader of the same bytes from the start (GetBody).
func (r *body) again() (io.ReadCloser, error) { return &body{shared: r.shared}, nil }

// end makes every later read of the body fail.
func (r *body) end() {
	s := r.shared
	s.mu.Lock()
	s.ok, s.b = false, nil
	s.mu.Unlock()
}
