package gateway

import (
	"context"
	"sync"
	"time"
)

// deadline is the context a request's fetches run under: the client's
// request context bounded by Options.RequestTimeout, as
// context.WithTimeout gives it, but kept in the request's pooled state and
// reused, so that a request costs it no allocation:
//
//   - its own cancellation is a context.WithCancel of Background, kept
//     from request to request until something cancels it (a timeout, a
//     client that went away), and made anew only then. Contexts derived
//     from a deadline (an upstream fetch's) hang on that one as on any
//     context.WithCancel: Done and Value give it away;
//   - its timer is made once and reset per request;
//   - the client's context is watched (context.AfterFunc) only once
//     something asks for Done — a fetch over HTTP does, a subgraph in
//     memory does not — and Err looks at it directly before that.
//
// A deadline is started and ended by the request's goroutine, before the
// request's fetches begin and after they have all returned; in between,
// its Context methods are safe for concurrent use. Nothing may keep it
// past end: the next request of the state reuses it.
type deadline struct {
	// Set by start, read by the Context methods while the request runs.
	parent context.Context
	at     time.Time

	// The timer runs expire; onParent (parentDone) is what the watch of
	// the client's context runs. Both are bound once, with the timer, so
	// that a request allocates no closure for them.
	timer    *time.Timer
	onParent func()

	mu       sync.Mutex
	inner    context.Context // the cancellation, reused until cancelled
	cancel   context.CancelFunc
	err      error       // the request's own error once cancelled: DeadlineExceeded or the parent's
	watching bool        // the parent is watched (stop is set)
	stop     func() bool // ends the watch
}

// start readies d for a request whose client context is parent.
func (d *deadline) start(parent context.Context, timeout time.Duration) {
	d.mu.Lock()
	if d.watching { // a request that panicked did not end
		d.stop()
	}
	if d.inner == nil || d.err != nil {
		d.inner, d.cancel = context.WithCancel(context.Background())
	}
	d.parent, d.err, d.watching = parent, nil, false
	d.at = time.Now().Add(timeout)
	if at, ok := parent.Deadline(); ok && at.Before(d.at) {
		d.at = at // the client's ends first: its cancellation ends d too
	}
	if d.timer == nil {
		d.onParent = d.parentDone
		d.timer = time.AfterFunc(timeout, d.expire)
	} else {
		d.timer.Reset(timeout)
	}
	d.mu.Unlock()
}

// end stops the timer and the watch of the client's context. Their
// functions may still run, late: they see a request that is not theirs
// (a later deadline, a client context not done) and do nothing.
func (d *deadline) end() {
	d.timer.Stop()
	d.mu.Lock()
	if d.watching {
		d.stop()
		d.stop, d.watching = nil, false
	}
	d.parent = nil
	d.mu.Unlock()
}

// expire is the timer's function.
func (d *deadline) expire() {
	d.mu.Lock()
	if d.parent == nil || d.err != nil || time.Now().Before(d.at) {
		d.mu.Unlock()
		return // ended, cancelled already, or a past request's timer
	}
	d.err = context.DeadlineExceeded
	cancel := d.cancel
	d.mu.Unlock()
	cancel()
}

// parentDone runs when the watched client context is done.
func (d *deadline) parentDone() {
	d.mu.Lock()
	cancel := d.fromParent()
	d.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}

// fromParent sets d's error if the client's context is done and returns
// the function to call then (not under d.mu: the contexts derived from d
// use it as they are cancelled); d.mu is held.
func (d *deadline) fromParent() context.CancelFunc {
	if d.parent == nil || d.err != nil {
		return nil
	}
	if err := d.parent.Err(); err != nil {
		d.err = err
		return d.cancel
	}
	return nil
}

// Deadline reports the request's deadline.
func (d *deadline) Deadline() (time.Time, bool) { return d.at, true }

// Done returns a channel closed when the request's deadline passes or
// its client's context is done.
func (d *deadline) Done() <-chan struct{} {
	d.mu.Lock()
	var cancel context.CancelFunc
	if !d.watching && d.parent != nil && d.err == nil {
		d.watching = true
		d.stop = context.AfterFunc(d.parent, d.onParent)
		cancel = d.fromParent()
	}
	done := d.inner.Done()
	d.mu.Unlock()
	if cancel != nil {
		cancel()
	}
	return done
}

// Err reports why the request's context is done: DeadlineExceeded, the
// client context's error, or nil.
func (d *deadline) Err() error {
	d.mu.Lock()
	var cancel context.CancelFunc
	if d.err == nil && !d.watching {
		// Nothing waits on Done: Err alone tells of the client.
		cancel = d.fromParent()
	}
	err := d.err
	d.mu.Unlock()
	if cancel != nil {
		cancel()
	}
	return err
}

// Value returns the value of the client's context for key, and for
// package context's own key the cancellation, so that the contexts
// derived from d hang on it.
func (d *deadline) Value(key any) any {
	d.mu.Lock()
	inner, parent := d.inner, d.parent
	d.mu.Unlock()
	if v := inner.Value(key); v != nil {
		return v
	}
	if parent == nil {
		return nil
	}
	return parent.Value(key)
}
