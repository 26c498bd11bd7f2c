//go:build linux

package graft

import (
	"os"
	"strings"
	"syscall"
	"testing"
	"unsafe"

	"github.com/graftjson/graft/internal/wire"
)

// GuardedPages maps n readable and writable pages between two pages that
// cannot be accessed and returns the n pages; they are unmapped when tb
// ends. A slice placed at their end (or start) makes any access past it
// fault, where on the Go heap it would go unseen.
func GuardedPages(tb testing.TB, n int) []byte {
	tb.Helper()
	ps := os.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, (n+2)*ps, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		tb.Skipf("mmap: %v", err)
	}
	tb.Cleanup(func() { syscall.Munmap(mem) })
	if err := syscall.Mprotect(mem[:ps], syscall.PROT_NONE); err != nil {
		tb.Fatal(err)
	}
	if err := syscall.Mprotect(mem[(n+1)*ps:], syscall.PROT_NONE); err != nil {
		tb.Fatal(err)
	}
	return mem[ps : (n+1)*ps : (n+1)*ps]
}

// endSlice returns a slice of n elements of T (holding no pointers) that
// ends where mem ends.
func endSlice[T any](mem []byte, n int) []T {
	size := int(unsafe.Sizeof(*new(T)))
	if n == 0 {
		return nil
	}
	return unsafe.Slice((*T)(unsafe.Pointer(&mem[len(mem)-n*size])), n)
}

// TestBuildWritesWithinCapacity gives the stage-two walk nodes, container
// entries and frames of exactly the capacity parseCompact reserves for
// them, each ending right before an unreadable page: a write past any of
// them faults.
func TestBuildWritesWithinCapacity(t *testing.T) {
	if !wire.HasCompact() {
		t.Skip("no stage-one kernel on this machine")
	}
	nest := func(n int) string {
		b := make([]byte, 0, 2*n+1)
		for i := 0; i < n; i++ {
			b = append(b, '[')
		}
		b = append(b, '1')
		for i := 0; i < n; i++ {
			b = append(b, ']')
		}
		return string(b)
	}
	long := make([]byte, 0, 1<<20)
	long = append(long, '[')
	for i := 0; i < 70000; i++ {
		long = append(long, `{"k":"v","n":[1,true]},`...)
	}
	long = append(long, "null]"...)
	inputs := []string{
		`1`, `"s"`, `[]`, `{}`, `[1,"a",{"b":null,"c":[true,false]}]`, `{"a":{"b":{"c":{}}}}`,
		nest(64), nest(65), nest(200), nest(1000), nest(1001), string(long),
		`[1,2,3`, `{"a":1,}`, `[1 2]`, `{"a" "b"}`, `[truex]`,
	}
	pages := func(bytes int) []byte { return GuardedPages(t, bytes/os.Getpagesize()+1) }
	for _, src := range inputs {
		res := wireCompact([]byte(src))
		if !res.OK {
			continue
		}
		for _, maxDepth := range []int{0, 64, 1000} {
			d := New(Options{MaxDepth: maxDepth})
			nf := min(d.opts.MaxDepth, 64) + 1
			d.nodes = endSlice[node](pages((1+res.Values)*nodeSize), 1+res.Values)[:1]
			d.aux = endSlice[aux](pages(res.Opens*auxSize), res.Opens)[:0]
			d.vector.frames = endSlice[buildFrame](pages(nf*buildFrameSize), nf)
			nodes, entries := &d.nodes[0], unsafe.SliceData(d.aux)
			_, ok := d.appendFast([]byte(src))
			if ok && (&d.nodes[0] != nodes || res.Opens > 0 && unsafe.SliceData(d.aux) != entries) {
				t.Fatalf("%.40q: parseCompact moved the nodes or entries it was given room for", src)
			}
			want := New(Options{MaxDepth: maxDepth})
			_, err := want.Parse([]byte(src))
			switch {
			case ok != (err == nil):
				t.Fatalf("%.40q, MaxDepth %d: vectorized parse took it: %v; scalar parse: %v", src, maxDepth, ok, err)
			case ok && !SameArena(d, want):
				t.Fatalf("%.40q, MaxDepth %d: the vectorized parse built another arena", src, maxDepth)
			}
		}
	}
}

func wireCompact(src []byte) wire.CompactResult {
	_, _, res := wire.Compact(nil, nil, src, 0)
	return res
}

// TestBuildStopsAtCapacity hands parseCompact one node or container entry
// fewer than the input needs, with exactly that much room before an
// unreadable page: the walk must stop at the end of the room and fail.
func TestBuildStopsAtCapacity(t *testing.T) {
	if !wire.HasCompact() {
		t.Skip("no stage-one kernel on this machine")
	}
	for _, src := range []string{
		`1`, `"s"`, `[]`, `{}`, `[1,2]`, `["a","b"]`, `{"a":1}`, `{"a":"b","c":"d"}`, `[[],{}]`,
		`{"a":{"b":{"c":{}}}}`, `[1,"a",{"b":null,"c":[true,false]}]`,
	} {
		for _, short := range []struct{ nodes, entries int }{{1, 0}, {2, 0}, {0, 1}} {
			d := New(Options{})
			var res wire.CompactResult
			d.buf, d.vector.ends, res = wire.Compact(nil, nil, []byte(src), 0)
			values, opens := res.Values-short.nodes, res.Opens-short.entries
			if values < 0 || opens < 0 {
				continue
			}
			d.nodes = endSlice[node](GuardedPages(t, 1), 1+values)[:1]
			d.aux = endSlice[aux](GuardedPages(t, 1), opens)[:0]
			if _, ok := d.parseCompact(0, values, opens); ok {
				t.Errorf("%s with %d nodes and %d entries short: the walk took it", src, short.nodes, short.entries)
			}
		}
	}
}

// TestCompactWritesWithinCapacity gives the stage-one kernel a dst and an
// ends list with exactly the room Compact reserves for an input (64 bytes
// and 32 entries for each block read, the tail included), each ending right
// before an unreadable page. The inputs fill that room: no whitespace to
// drop, and up to one closing quote per two bytes.
func TestCompactWritesWithinCapacity(t *testing.T) {
	if !wire.HasCompact() {
		t.Skip("no stage-one kernel on this machine")
	}
	const maxLen = 3 * 4096
	dstMem := GuardedPages(t, maxLen/4096+1)
	endsMem := GuardedPages(t, maxLen/4096*2+1)
	units := []string{`"`, `""`, `"a"`, "1", `"\\"`, "[1,", "€", " "}
	for _, unit := range units {
		for n := 0; n <= maxLen; n++ {
			if n > 200 && n%64 > 1 && n%64 < 63 {
				continue
			}
			src := []byte(strings.Repeat(unit, n/len(unit)+1)[:n])
			blocks := n/64 + 1
			dst := dstMem[len(dstMem)-64*blocks:][:0]
			ends := endSlice[uint32](endsMem, 32*blocks)[:0]
			out, outEnds, _ := wire.Compact(dst, ends, src, 0)
			if cap(out) != cap(dst) || cap(outEnds) != cap(ends) {
				t.Fatalf("%q × %d: Compact grew dst or ends past the room it reserves", unit, n)
			}
		}
	}
}

// TestBuildStopsBeforeGuard starts the walk growing as often as it can
// (GrowOften) on nodes and container entries of exactly the room that room
// asks for at the start, each ending right before an unreadable page. The
// inputs hold a run of members or items, each a stop check of the walk,
// and then the deepest descent its frames allow, two nodes a level without
// a check: with one of the runs the last check before the descent comes
// just before the walk's stop. The walk must stop there to grow (a node
// written past the room faults, a node it cannot write fails the parse).
// Once room has grown the arena, the walk goes on in memory of the Go heap.
func TestBuildStopsBeforeGuard(t *testing.T) {
	if !wire.HasCompact() {
		t.Skip("no stage-one kernel on this machine")
	}
	defer GrowOften()()
	nf := min(DefaultMaxDepth, 64) + 1 // the frames of a first parse
	slack := 2*nf + 4                  // room's
	nest := func(open, inner, close string, n int) string {
		return strings.Repeat(open, n) + inner + strings.Repeat(close, n)
	}
	var inputs []string
	for k := 0; k < slack/2+2; k++ {
		inputs = append(inputs,
			"{"+strings.Repeat(`"a":1,`, k)+`"b":`+nest(`{"":`, `""`, "}", nf-1)+"}",
			"["+strings.Repeat("1,", k)+nest("[", "1", "]", nf-1)+"]")
	}
	for _, src := range inputs {
		want := New(Options{})
		if _, err := want.Parse([]byte(src)); err != nil {
			t.Fatalf("%.40q: %v", src, err)
		}
		res := wireCompact([]byte(src))
		for extra := 0; extra < 2; extra++ {
			d := New(Options{})
			nodes := min(1+res.Values, 2+slack+extra) // the node 0, then buildReserve and the slack
			entries := min(res.Opens, nodes-1)
			d.nodes = endSlice[node](GuardedPages(t, nodes*nodeSize/os.Getpagesize()+1), nodes)[:1]
			d.aux = endSlice[aux](GuardedPages(t, entries*auxSize/os.Getpagesize()+1), entries)[:0]
			if _, ok := d.appendFast([]byte(src)); !ok {
				t.Fatalf("%.40q, %d nodes of room: the vectorized parse did not take it", src, nodes)
			}
			if !SameArena(d, want) {
				t.Fatalf("%.40q, %d nodes of room: the vectorized parse built another arena", src, nodes)
			}
		}
	}
}
