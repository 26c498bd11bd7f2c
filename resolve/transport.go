package resolve

import (
	"bytes"
	"context"
	"encoding/binary"
	"hash/maphash"
	"slices"
	"sync"
)

// Transport sends one request to an upstream service.
//
// Do sends r.Body (a GraphQL request: {"query":…,"variables":…}) to the
// upstream r.Upstream with the headers r.Header and appends the body of the
// upstream's response to dst, returning the extended buffer. The buffer
// belongs to the engine's per-request state and is reused from request to
// request, so a warm transport that writes into it allocates nothing for
// the body; the engine parses the whole body in one call, as a reader would
// have to be read to the end first anyway.
//
// Do must honour ctx (return soon after it is done), must not keep r or
// dst after it returns, and is called from several goroutines at once.
// An error means the fetch failed: the engine reports it (with its text)
// in the response and nulls what the fetch should have provided.
type Transport interface {
	Do(ctx context.Context, r *UpstreamRequest, dst []byte) ([]byte, error)
}

// UpstreamRequest is one request to an upstream. Its slices and map belong
// to the engine and are valid only during Transport.Do.
type UpstreamRequest struct {
	// Upstream is the Fetch's Upstream: the name of the service.
	Upstream string
	// Body is the JSON request body.
	Body []byte
	// Header holds the headers forwarded from the client (Request.Header).
	Header map[string][]string
}

// TransportFunc adapts a function to Transport.
type TransportFunc func(ctx context.Context, r *UpstreamRequest, dst []byte) ([]byte, error)

// Do calls f.
func (f TransportFunc) Do(ctx context.Context, r *UpstreamRequest, dst []byte) ([]byte, error) {
	return f(ctx, r, dst)
}

// Memory is an in-memory transport for tests and benchmarks: it calls the
// function registered under the request's upstream name, in the calling
// goroutine. A name without a function is a failed fetch.
type Memory map[string]TransportFunc

// Do calls the function of r.Upstream.
func (m Memory) Do(ctx context.Context, r *UpstreamRequest, dst []byte) ([]byte, error) {
	f := m[r.Upstream]
	if f == nil {
		return dst, &Error{Upstream: r.Upstream, Reason: "no such upstream", Err: ErrUpstream}
	}
	if err := ctx.Err(); err != nil {
		return dst, err
	}
	return f(ctx, r, dst)
}

// dedup shares one upstream call among identical requests in flight at
// once: same upstream, same body, same forwarded headers. A request that
// differs in any forwarded header (an Authorization, a tenant) never gets
// another client's response.
type dedup struct {
	t    Transport
	seed maphash.Seed
	mu   sync.Mutex
	m    map[uint64][]*flight
}

// flight is one upstream call that others may wait for.
type flight struct {
	// req is the leader's request, compared under dedup.mu: the flight
	// leaves the map before the leader's Do returns, while req is valid.
	req  *UpstreamRequest
	done chan struct{} // closed when body and err are set
	body []byte        // the response, owned by the flight
	err  error
	own  bool // the error is the leader's own cancellation

	waiters int // requests waiting for it (under dedup.mu; tests read it)
}

func newDedup(t Transport) *dedup {
	return &dedup{t: t, seed: maphash.MakeSeed(), m: map[uint64][]*flight{}}
}

// hash hashes the identity of r: every byte that may change the
// upstream's answer. Each string goes with its length, so that no bytes
// of one (a value holding what separates headers) can spell two; the
// headers are hashed one by one and their hashes added, so that their
// order in the map does not matter.
func (g *dedup) hash(r *UpstreamRequest) uint64 {
	var h maphash.Hash
	h.SetSeed(g.seed)
	writeString(&h, r.Upstream)
	h.Write(r.Body)
	sum := h.Sum64()
	for k, vs := range r.Header {
		h.Reset()
		writeString(&h, k)
		for _, v := range vs {
			writeString(&h, v)
		}
		sum += h.Sum64()
	}
	return sum
}

func writeString(h *maphash.Hash, s string) {
	var n [binary.MaxVarintLen64]byte
	h.Write(binary.AppendUvarint(n[:0], uint64(len(s))))
	h.WriteString(s)
}

// same reports whether a and b ask the same upstream the same thing with
// the same forwarded headers.
func same(a, b *UpstreamRequest) bool {
	if a.Upstream != b.Upstream || !bytes.Equal(a.Body, b.Body) || len(a.Header) != len(b.Header) {
		return false
	}
	for k, v := range a.Header {
		w, ok := b.Header[k]
		if !ok || !slices.Equal(v, w) {
			return false
		}
	}
	return true
}

func (g *dedup) Do(ctx context.Context, r *UpstreamRequest, dst []byte) ([]byte, error) {
	h := g.hash(r)
	g.mu.Lock()
	for _, f := range g.m[h] {
		if same(f.req, r) {
			f.waiters++
			g.mu.Unlock()
			select {
			case <-f.done:
				if f.own {
					// The leader's client went away; this one has not.
					return g.t.Do(ctx, r, dst)
				}
				return append(dst, f.body...), f.err
			case <-ctx.Done():
				return dst, ctx.Err()
			}
		}
	}
	f := &flight{req: r, done: make(chan struct{})}
	g.m[h] = append(g.m[h], f)
	g.mu.Unlock()

	start := len(dst)
	var err error
	done := false
	defer func() {
		// Once out of the map the flight gets no more waiters: the
		// response is copied only when some wait for it.
		g.mu.Lock()
		list := g.m[h]
		if i := slices.Index(list, f); i >= 0 {
			list = slices.Delete(list, i, i+1)
		}
		if len(list) == 0 {
			delete(g.m, h)
		} else {
			g.m[h] = list
		}
		waiters := f.waiters
		f.req = nil
		g.mu.Unlock()
		switch {
		case !done: // the transport panicked
			f.err = &Error{Upstream: r.Upstream, Reason: "the request failed", Err: ErrUpstream}
		case waiters > 0:
			f.err = err
			f.own = err != nil && ctx.Err() != nil
			f.body = bytes.Clone(dst[start:])
		}
		close(f.done)
	}()
	dst, err = g.t.Do(ctx, r, dst)
	done = true
	return dst, err
}
