package resolve

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

// KeptDoc reports the capacity (Doc.Cap) of the Doc a pooled state of e
// keeps, or -1 if the state it gets from the pool keeps none.
func KeptDoc(e *Engine) int {
	st := e.states.Get().(*state)
	defer e.states.Put(st)
	if st.doc == nil {
		return -1
	}
	return st.doc.Cap()
}
