package resolve

import "github.com/graftjson/graft"

// Waiting returns how many requests wait for an identical one in flight
// (Options.Dedup).
func (e *Engine) Waiting() int {
	g, ok := e.t.(*dedup)
	if !ok {
		return 0
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	n := 0
	for _, list := range g.m {
		for _, f := range list {
			n += f.waiters
		}
	}
	return n
}

// SetTestHookFinish makes f run as each fetch's result is taken in; nil
// removes it.
func SetTestHookFinish(f func(fi int32)) { testHookFinish = f }

// SetTestHookClaim makes f run in every goroutine a fetch of e is handed
// to, before it tries to claim the fetch; nil removes it.
func SetTestHookClaim(e *Engine, f func(fi int32)) {
	if f == nil {
		testHookClaim.Store(nil)
		return
	}
	h := func(in *Engine, fi int32) {
		if in == e {
			f(fi)
		}
	}
	testHookClaim.Store(&h)
}

// ReleaseKeeps releases a new state of e that holds d, as Execute
// releases its state at the end of a request, and reports the capacity
// (Doc.Cap) of the Doc the state keeps, or -1 if it keeps none. The state
// comes from the pool's New, not Get, so that what sync.Pool hands out
// does not matter.
func ReleaseKeeps(e *Engine, d *graft.Doc) int {
	st := e.states.New().(*state)
	st.doc = d
	st.release()
	if st.doc == nil {
		return -1
	}
	return st.doc.Cap()
}
