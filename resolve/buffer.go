package resolve

import (
	"sync"
	"sync/atomic"
)

// buffer holds a response body from the fetch's call until its parse into
// the request's Doc, which copies what it keeps. The engine's requests
// share these (buffers), so that a request does not keep a buffer per
// fetch for its whole life.
type buffer struct{ b []byte }

// Sizes of the response buffers an engine keeps. A pooled buffer grows to
// the largest response it has held and stays so while idle, live in every
// collection's count: buffers up to maxBuffer go to a sync.Pool, which
// holds as many as the requests at once need; those up to maxBig to one
// of bigSlots slots, which hold at most bigBudget bytes in all, so that a
// burst of large responses pins no more; larger ones are left to the
// collector once parsed. Measured on bench/resolve's nested batching over
// 1,000 products (one response of 138 KB, three under 64 KB), the slots
// take a request from 5 allocations and 210 KB to none (Options.Inline).
const (
	maxBuffer = 64 << 10
	maxBig    = 1 << 20
	bigSlots  = 8
	bigBudget = 4 << 20
)

// buffers are an engine's response buffers, safe for concurrent use.
type buffers struct {
	small sync.Pool // of *buffer, up to maxBuffer
	big   [bigSlots]atomic.Pointer[buffer]
	held  atomic.Int64 // the capacity of the buffers in big
}

// get returns a buffer for a response expected to be about size bytes
// long (that of the fetch's last response, or 0): a kept large one if
// size is over maxBuffer and one is large enough, else a small one.
func (p *buffers) get(size int) *buffer {
	if size > maxBuffer && size <= maxBig {
		for i := range p.big {
			s := &p.big[i]
			if b := s.Load(); b != nil && cap(b.b) >= size && s.CompareAndSwap(b, nil) {
				p.held.Add(-int64(cap(b.b)))
				return b
			}
		}
		return &buffer{b: make([]byte, 0, size+size/8)}
	}
	if b, ok := p.small.Get().(*buffer); ok {
		return b
	}
	return new(buffer)
}

// put keeps b for another fetch: in the small pool, in a free slot while
// the slots hold less than bigBudget, or not at all.
func (p *buffers) put(b *buffer) {
	if b == nil {
		return
	}
	b.b = b.b[:0]
	c := cap(b.b)
	if c <= maxBuffer {
		p.small.Put(b)
		return
	}
	if c > maxBig || p.held.Add(int64(c)) > bigBudget {
		if c <= maxBig {
			p.held.Add(-int64(c))
		}
		return
	}
	for i := range p.big {
		if p.big[i].CompareAndSwap(nil, b) {
			return
		}
	}
	p.held.Add(-int64(c))
}
