package resolve

import "testing"

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
