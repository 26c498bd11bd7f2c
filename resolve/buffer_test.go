package resolve

import (
	"context"
	"testing"
)

// The slots keep large buffers up to bigBudget bytes in all, none over
// maxBig, and give one back only for a response it can hold.
func TestBuffersBounded(t *testing.T) {
	var p buffers
	for i := 0; i < 3*bigSlots; i++ {
		p.put(&buffer{b: make([]byte, 0, 768<<10)})
	}
	if h := p.held.Load(); h > bigBudget || h < bigBudget-768<<10 {
		t.Fatalf("the slots hold %d bytes, want at most %d and near it", h, bigBudget)
	}
	held := p.held.Load()
	p.put(&buffer{b: make([]byte, 0, 2*maxBig)})
	if p.held.Load() != held {
		t.Fatal("a buffer over maxBig was kept")
	}
	if b := p.get(800 << 10); cap(b.b) < 800<<10 {
		t.Fatalf("get(800 KB) gave a buffer of %d bytes", cap(b.b))
	}
	if p.held.Load() != held {
		t.Fatal("get took a kept buffer too small for the response")
	}
	b := p.get(700 << 10)
	if cap(b.b) != 768<<10 || p.held.Load() != held-768<<10 {
		t.Fatalf("get(700 KB) gave %d bytes (held %d), want a kept one of 768 KB", cap(b.b), p.held.Load())
	}
	if b := p.get(100); cap(b.b) > maxBuffer {
		t.Fatalf("get(100) gave a large buffer (%d bytes)", cap(b.b))
	}
}

// A state keeps one small buffer freed by a parse as its spare and hands
// it only to a fetch its request's goroutine calls whose last response
// was small; other buffers go to the engine's.
func TestSpareBuffer(t *testing.T) {
	const answer = `{"data":{}}`
	e := NewEngine(Memory{"u": func(ctx context.Context, r *UpstreamRequest, dst []byte) ([]byte, error) {
		return append(dst, answer...), nil
	}}, Options{})
	st := e.states.Get().(*state)
	st.ctx = context.Background()
	st.runs = make([]fetchRun, 1)
	r := &st.runs[0]
	r.req.Upstream = "u"

	spare := &buffer{b: make([]byte, 3, 64)}
	st.keep(spare)
	if st.spare != spare || len(spare.b) != 0 {
		t.Fatal("keep did not make a small buffer the spare, emptied")
	}
	st.call(0, false)
	if r.resp == spare || r.err != nil {
		t.Fatalf("a call off the request's goroutine took the spare (err %v)", r.err)
	}
	st.keep(r.resp)
	if st.spare != spare {
		t.Fatal("keep replaced the spare")
	}
	st.call(0, true)
	if r.resp != spare || st.spare != nil || string(spare.b) != answer {
		t.Fatalf("the request's own call did not take the spare (got %q)", r.resp.b)
	}
	st.keep(r.resp)
	r.size = maxBuffer + 1
	st.call(0, true)
	if r.resp == spare || st.spare != spare {
		t.Fatal("a fetch whose last response was large took the small spare")
	}
	st.spare = nil
	st.keep(&buffer{b: make([]byte, 0, 2*maxBuffer)})
	if st.spare != nil {
		t.Fatal("keep made a large buffer the spare")
	}
}
