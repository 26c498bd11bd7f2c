package graft_test

import (
	"errors"
	"strconv"
	"strings"
	"sync"
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

// docOfSize returns a Doc from p holding one array of n short strings.
func docOfSize(t *testing.T, p *graft.Pool, n int) *graft.Doc {
	d := p.Get()
	mustAppend(t, d, "["+strings.Repeat(`"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",`, n)+"1]")
	return d
}

// TestPoolDropsPastMaxGrowth: the README says the pool drops arenas
// "more than MaxGrowth = 4× the running average"; MaxGrowth's doc: "how
// many times the average arena size a pooled Doc may reserve before Put
// drops it". A Doc reserving 6× the average of the Docs before it is kept.
func TestPoolDropsPastMaxGrowth(t *testing.T) {
	for attempt := 0; attempt < 20; attempt++ {
		p := graft.NewPool(graft.Options{})
		var usual int
		for i := 0; i < 20; i++ { // the usual size: ~100 KB, the same each time
			d := docOfSize(t, p, 2000)
			usual = d.Size()
			p.Put(d)
		}
		big := docOfSize(t, p, 2000)
		for big.Cap() <= 6*usual {
			mustAppend(t, big, "["+strings.Repeat(`"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",`, 2000)+"1]")
		}
		if big.Cap() <= graft.PoolKeepAlways || big.Cap() <= graft.MaxGrowth*usual {
			t.Fatalf("test Doc: Cap %d, usual %d", big.Cap(), usual)
		}
		ratio := float64(big.Cap()) / float64(usual)
		p.Put(big)
		if p.Get() == big {
			t.Fatalf("Put kept a Doc reserving %d bytes, %.1f× the running average %d of the Docs before it (MaxGrowth = %d)",
				big.Cap(), ratio, usual, graft.MaxGrowth)
		}
	}
}

// TestPoolGetOptions: Get returns "an empty Doc with the pool's
// options", also when the Doc put back was made with other options.
func TestPoolGetOptions(t *testing.T) {
	p := graft.NewPool(graft.Options{MaxDepth: 2})
	for attempt := 0; attempt < 50; attempt++ {
		other := graft.New(graft.Options{MaxDepth: 100})
		p.Put(other)
		d := p.Get()
		if d.Size() != 0 {
			t.Fatalf("Get returned a Doc of %d bytes", d.Size())
		}
		if _, err := d.Parse([]byte(`[[[1]]]`)); !errors.Is(err, graft.ErrLimit) {
			t.Fatalf("Get returned a Doc without the pool's MaxDepth 2 (got %v; same Doc as put: %v)", err, d == other)
		}
		p.Put(d)
	}
}

// TestPoolConcurrent: Get and Put from many goroutines (run with
// -race).
func TestPoolConcurrent(t *testing.T) {
	p := graft.NewPool(graft.Options{})
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 300; i++ {
				d := p.Get()
				if d.Size() != 0 {
					t.Errorf("Get returned a Doc of %d bytes", d.Size())
					return
				}
				in := `{"g":` + strconv.Itoa(g) + `,"i":[` + strings.Repeat("1,", i%50) + `2]}`
				r, err := d.Parse([]byte(in))
				if err != nil || compact(d, r) != in {
					t.Errorf("Parse(%s) = %s, %v", in, compact(d, r), err)
					return
				}
				p.Put(d)
			}
		}(g)
	}
	wg.Wait()
}

// The zero Pool serves request after request with default options (it
// used to hand back Docs with a size limit of 0 after the first Put), and
// Put(nil) does nothing.
func TestPoolZeroValue(t *testing.T) {
	var p graft.Pool
	for i := range 3 {
		d := p.Get()
		r, err := d.Parse([]byte(`{"a":[1,2]}`))
		if err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
		if got := string(d.AppendJSON(nil, r)); got != `{"a":[1,2]}` {
			t.Fatalf("request %d printed %s", i, got)
		}
		p.Put(d)
	}
	p.Put(nil)
	if d := p.Get(); d == nil {
		t.Fatal("Get after Put(nil) returned nil")
	}
}
