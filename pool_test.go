package graft_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/graftjson/graft"
)

func TestPoolDocs(t *testing.T) {
	p := graft.NewPool(graft.Options{MaxDepth: 2, Conflict: graft.ConflictKeep})
	for i := 0; i < 5; i++ {
		d := p.Get()
		if d.Size() != 0 {
			t.Fatalf("Get returned a Doc holding %d bytes", d.Size())
		}
		// The pool's options apply.
		if _, err := d.Parse([]byte(`[[[1]]]`)); !errors.Is(err, graft.ErrLimit) {
			t.Fatalf("MaxDepth of the pool not applied: %v", err)
		}
		r := mustAppend(t, d, `{"a":[1]}`)
		if err := d.Merge(r, mustAppend(t, d, `{"a":{}}`)); err != nil || compact(d, r) != `{"a":[1]}` {
			t.Fatalf("Conflict of the pool not applied: %s, %v", compact(d, r), err)
		}
		p.Put(d)
	}
}

// TestPoolKeepsUsualDocs: a Doc of the usual size comes back. sync.Pool
// may drop an item (always may under the race detector), so the test
// tries many times.
func TestPoolKeepsUsualDocs(t *testing.T) {
	p := graft.NewPool(graft.Options{})
	kept := false
	for i := 0; i < 200 && !kept; i++ {
		d := p.Get()
		mustAppend(t, d, `{"a":[1,2,3]}`)
		p.Put(d)
		kept = p.Get() == d
	}
	if !kept {
		t.Fatal("a Doc of the usual size was never reused")
	}
}

// TestPoolDropsHugeDocs: a Doc that one huge request blew far beyond the
// usual size is not kept.
func TestPoolDropsHugeDocs(t *testing.T) {
	p := graft.NewPool(graft.Options{})
	for i := 0; i < 50; i++ { // establish a small usual size
		d := p.Get()
		mustAppend(t, d, `{"a":[1,2,3]}`)
		p.Put(d)
	}
	huge := p.Get()
	mustAppend(t, huge, "["+strings.Repeat(`"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",`, 100000)+"1]")
	if huge.Cap() <= 4<<20 {
		t.Fatalf("the huge Doc reserved only %d bytes", huge.Cap())
	}
	p.Put(huge)
	for i := 0; i < 20; i++ {
		d := p.Get()
		if d == huge {
			t.Fatal("the pool kept a Doc far beyond the usual size")
		}
		if d.Size() != 0 {
			t.Fatal("Get returned a Doc that is not empty")
		}
		defer p.Put(d)
	}
}

// TestPoolKeepsSmallArenas: below 256 KiB a Doc is always kept, however
// it compares with the average.
func TestPoolKeepsSmallArenas(t *testing.T) {
	p := graft.NewPool(graft.Options{})
	for i := 0; i < 50; i++ {
		d := p.Get()
		p.Put(d) // empty Docs: an average of 0
	}
	kept := false
	for i := 0; i < 200 && !kept; i++ {
		d := p.Get()
		mustAppend(t, d, "["+strings.Repeat(`"x",`, 1000)+"1]")
		if d.Cap() >= 256<<10 {
			t.Fatalf("test Doc too large: %d", d.Cap())
		}
		p.Put(d)
		kept = p.Get() == d
	}
	if !kept {
		t.Fatal("a Doc under 256 KiB was never reused")
	}
}
