package graft

import (
	"sync"
	"sync/atomic"
)

// Pool keeps Docs for reuse so that, once warm, serving a request allocates
// nothing: Get a Doc, parse and merge into it, print, Put it back.
//
// A Doc that grew far beyond the usual size (one huge request) is dropped on
// Put rather than kept, so it cannot pin its memory for the life of the
// process: the pool tracks a moving average of the arena sizes it sees and
// keeps a Doc only if its reserved memory is within MaxGrowth times that
// average (or at most PoolKeepAlways).
//
// The zero Pool is ready to use with default Options. A Pool is safe for
// concurrent use and must not be copied after first use.
type Pool struct {
	opts Options
	p    sync.Pool
	avg  atomic.Int64 // moving average of Doc.Size at Put, in bytes
}

// MaxGrowth is how many times the average arena size a pooled Doc may
// reserve before Put drops it.
const MaxGrowth = 4

// PoolKeepAlways is the reserved memory (Doc.Cap, in bytes) up to which
// Put keeps a Doc whatever the average: a holder of Docs of its own (a
// server's per-request state, say) can keep the same ones.
const PoolKeepAlways = 256 << 10

// NewPool returns a pool of Docs with the given options.
func NewPool(opts Options) *Pool {
	return &Pool{opts: opts.normalized()}
}

// Get returns an empty Doc with the pool's options (a Doc put back with
// other options takes the pool's).
func (p *Pool) Get() *Doc {
	if d, ok := p.p.Get().(*Doc); ok {
		return d
	}
	return New(p.opts)
}

// Put resets d and keeps it for a later Get, unless it grew far beyond the
// usual size. d must not be used after Put, nor any Ref or slice from it.
// Put(nil) does nothing.
func (p *Pool) Put(d *Doc) {
	if d == nil {
		return
	}
	// d is measured against the average of the Docs before it: counting
	// its own size first would let a Doc of about 7× the average through.
	size := int64(d.Size())
	avg := p.avg.Load()
	keep := avg == 0 || d.Cap() <= PoolKeepAlways || int64(d.Cap()) <= MaxGrowth*avg
	if avg == 0 {
		avg = size
	} else {
		avg += (size - avg) / 8
	}
	p.avg.Store(avg)
	if !keep {
		return
	}
	d.Reset()
	// The zero Pool's options are normalized by the Doc on first use.
	d.opts, d.init = p.opts, p.opts.MaxBytes != 0
	p.p.Put(d)
}
