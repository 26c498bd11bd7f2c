package resolve_test

import (
	"context"
	"encoding/json"
	"errors"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/graftjson/graft/resolve"
)

// gauge counts the transport calls running at once and the most seen.
type gauge struct {
	now, most atomic.Int32
	calls     atomic.Int32
}

func (g *gauge) enter() {
	g.calls.Add(1)
	n := g.now.Add(1)
	for {
		m := g.most.Load()
		if n <= m || g.most.CompareAndSwap(m, n) {
			return
		}
	}
}

func (g *gauge) leave() { g.now.Add(-1) }

// waitGoroutines fails unless the number of goroutines comes back to n
// within a few seconds (goroutines that have returned take a moment to
// be counted out).
func waitGoroutines(t *testing.T, n int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > n {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<16)
			t.Fatalf("%d goroutines, want %d:\n%s", runtime.NumGoroutine(), n, buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(time.Millisecond)
	}
}

// wide is a plan of n root fetches in parallel, to upstreams u0…u(n-1),
// and a function that makes a transport answering each of them with h.
func wide(n int) (resolve.Node, func(resolve.TransportFunc) resolve.Memory) {
	nodes := make([]resolve.Node, n)
	for i := range nodes {
		nodes[i] = root("u"+strconv.Itoa(i), "{u"+strconv.Itoa(i)+"}")
	}
	with := func(h resolve.TransportFunc) resolve.Memory {
		m := resolve.Memory{}
		for i := 0; i < n; i++ {
			m["u"+strconv.Itoa(i)] = h
		}
		return m
	}
	return par(nodes...), with
}

// Cancelling a request stops every fetch in flight: Execute returns the
// context's error only after every transport call has returned, and no
// goroutine stays behind.
func TestCancelStopsFetches(t *testing.T) {
	base := runtime.NumGoroutine()
	tree, with := wide(6)
	var g gauge
	started := make(chan struct{}, 6)
	tr := with(func(ctx context.Context, r *resolve.UpstreamRequest, dst []byte) ([]byte, error) {
		g.enter()
		defer g.leave()
		started <- struct{}{}
		<-ctx.Done()
		return dst, ctx.Err()
	})
	e := resolve.NewEngine(tr, resolve.Options{MaxParallel: 4})
	p := mustPlan(t, tree, nil)
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for i := 0; i < 4; i++ {
			<-started
		}
		cancel()
	}()
	out, err := e.Execute(ctx, p, nil, []byte("keep"))
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	if string(out) != "keep" {
		t.Fatalf("dst changed: %q", out)
	}
	if n := g.now.Load(); n != 0 {
		t.Fatalf("%d transport calls still running after Execute returned", n)
	}
	if n := g.calls.Load(); n != 4 {
		t.Fatalf("%d calls, want the 4 allowed in flight (none after the cancellation)", n)
	}
	waitGoroutines(t, base)
}

// A deadline that passes at any point of a plan ends the request cleanly.
func TestCancelAtEveryPoint(t *testing.T) {
	base := runtime.NumGoroutine()
	p := mustPlan(t, nestedTree(), nestedShape(t, false))
	for k := 0; k <= 4; k++ {
		t.Run("after "+strconv.Itoa(k)+" calls", func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var calls atomic.Int32
			inner := nestedTransport(nil)
			tr := resolve.TransportFunc(func(c context.Context, r *resolve.UpstreamRequest, dst []byte) ([]byte, error) {
				if calls.Add(1) > int32(k) {
					cancel()
					<-c.Done()
					return dst, c.Err()
				}
				return inner.Do(c, r, dst)
			})
			for _, inline := range []bool{false, true} {
				calls.Store(0)
				e := resolve.NewEngine(tr, resolve.Options{Inline: inline})
				out, err := e.Execute(ctx, p, nil, nil)
				if k == 4 {
					if err != nil || string(out) != nestedExpected {
						t.Fatalf("inline %v: %v %s", inline, err, out)
					}
					continue
				}
				if !errors.Is(err, context.Canceled) || out != nil {
					t.Fatalf("inline %v: got %v %q, want context.Canceled and nothing", inline, err, out)
				}
				ctx, cancel = context.WithCancel(context.Background())
				defer cancel()
			}
		})
	}
	waitGoroutines(t, base)
}

// Inline runs the fetches of a Parallel one after another, from the last
// to the first, in the goroutine that called Execute; a cancellation
// starts no further fetch.
func TestInline(t *testing.T) {
	base := runtime.NumGoroutine()
	tree, with := wide(5)
	var g gauge
	var order []string // written by one goroutine only, or the race detector tells
	var cancel context.CancelFunc = func() {}
	tr := with(func(c context.Context, r *resolve.UpstreamRequest, dst []byte) ([]byte, error) {
		g.enter()
		defer g.leave()
		if n := runtime.NumGoroutine(); n > base {
			t.Errorf("%d goroutines during a fetch, want at most the %d before the request", n, base)
		}
		order = append(order, r.Upstream)
		if r.Upstream == "u2" {
			cancel()
		}
		return append(dst, `{"data":{"`+r.Upstream+`":1}}`...), nil
	})
	e := resolve.NewEngine(tr, resolve.Options{Inline: true})
	out, err := e.Execute(context.Background(), mustPlan(t, tree, nil), nil, nil)
	if err != nil || string(out) != `{"data":{"u4":1,"u3":1,"u2":1,"u1":1,"u0":1}}` {
		t.Fatalf("%v %s", err, out)
	}
	if got := strings.Join(order, " "); got != "u4 u3 u2 u1 u0" || g.most.Load() != 1 {
		t.Fatalf("calls %s, %d at once; want u4 u3 u2 u1 u0, one at a time", got, g.most.Load())
	}
	order = order[:0]
	ctx, cancelled := context.WithCancel(context.Background())
	defer cancelled()
	cancel = cancelled
	if _, err := e.Execute(ctx, mustPlan(t, tree, nil), nil, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	if got := strings.Join(order, " "); got != "u4 u3 u2" {
		t.Fatalf("calls %s, want u4 u3 u2 and none after the cancellation", got)
	}
}

func TestDeadline(t *testing.T) {
	base := runtime.NumGoroutine()
	tree, with := wide(3)
	tr := with(func(ctx context.Context, r *resolve.UpstreamRequest, dst []byte) ([]byte, error) {
		<-ctx.Done()
		return dst, ctx.Err()
	})
	e := resolve.NewEngine(tr, resolve.Options{})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	if _, err := e.Execute(ctx, mustPlan(t, tree, nil), nil, nil); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("error %v, want context.DeadlineExceeded", err)
	}
	waitGoroutines(t, base)
}

// The bounds hold: a request has at most MaxParallel fetches in flight,
// an engine at most MaxConcurrency goroutines running fetches (plus one
// fetch in each request's own goroutine when they are all busy).
func TestConcurrencyBounds(t *testing.T) {
	cases := []struct {
		name        string
		opts        resolve.Options
		requests    int
		fetches     int
		most        int32
		mustOverlap bool
	}{
		{"per request", resolve.Options{MaxParallel: 3}, 1, 10, 3, true},
		{"per engine", resolve.Options{MaxConcurrency: 2}, 1, 10, 2 + 1, true},
		{"per engine, several requests", resolve.Options{MaxConcurrency: 2}, 4, 5, 2 + 4, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tree, with := wide(c.fetches)
			var g gauge
			tr := with(func(ctx context.Context, r *resolve.UpstreamRequest, dst []byte) ([]byte, error) {
				g.enter()
				defer g.leave()
				time.Sleep(time.Millisecond) // let the others pile up
				return append(dst, `{"data":{"`+r.Upstream+`":1}}`...), nil
			})
			e := resolve.NewEngine(tr, c.opts)
			p := mustPlan(t, tree, nil)
			var wg sync.WaitGroup
			for i := 0; i < c.requests; i++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					out, err := e.Execute(context.Background(), p, nil, nil)
					if err != nil {
						t.Error(err)
					}
					checkResponse(t, out)
					if strings.Count(string(out), `":1`) != c.fetches || strings.Contains(string(out), "errors") {
						t.Errorf("data missing: %s", out)
					}
				}()
			}
			wg.Wait()
			if m := g.most.Load(); m > c.most || (c.mustOverlap && m < 2) {
				t.Errorf("%d calls at once, want at most %d (and more than one)", m, c.most)
			}
			if n := g.calls.Load(); n != int32(c.requests*c.fetches) {
				t.Errorf("%d calls, want %d", n, c.requests*c.fetches)
			}
		})
	}
}

// In-flight deduplication shares one call between identical requests,
// and never between requests whose forwarded headers differ.
func TestDedup(t *testing.T) {
	cases := []struct {
		name    string
		headers [2]map[string][]string
		calls   int32
	}{
		{"same headers", [2]map[string][]string{{"Authorization": {"a"}}, {"Authorization": {"a"}}}, 1},
		{"no headers", [2]map[string][]string{nil, {}}, 1},
		{"different authorization", [2]map[string][]string{{"Authorization": {"a"}}, {"Authorization": {"b"}}}, 2},
		{"an extra header", [2]map[string][]string{{"Authorization": {"a"}}, {"Authorization": {"a"}, "X-Tenant": {"t"}}}, 2},
		{"values split differently", [2]map[string][]string{{"A": {"x", "y"}}, {"A": {"xy"}}}, 2},
		// A value holding the separators of two headers is still one
		// header: a transport that refuses it must not answer for both.
		{"value spelling two headers", [2]map[string][]string{{"Authorization": {"a\x01\x00X-Tenant\x00t"}}, {"Authorization": {"a"}, "X-Tenant": {"t"}}}, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var calls atomic.Int32
			release := make(chan struct{})
			tr := resolve.Memory{"a": func(ctx context.Context, r *resolve.UpstreamRequest, dst []byte) ([]byte, error) {
				if calls.Add(1) == 1 {
					<-release
				}
				who := ""
				if v := r.Header["Authorization"]; len(v) > 0 {
					who = v[0]
				}
				return append(dst, `{"data":{"who":`+jsonQuote(who)+`}}`...), nil
			}}
			e := resolve.NewEngine(tr, resolve.Options{Dedup: true})
			p := mustPlan(t, root("a", "{who}"), nil)
			outs := make([][]byte, 2)
			var wg sync.WaitGroup
			run := func(i int) {
				defer wg.Done()
				out, err := e.Execute(context.Background(), p, &resolve.Request{Header: c.headers[i]}, nil)
				if err != nil {
					t.Error(err)
				}
				outs[i] = out
			}
			wg.Add(2)
			go run(0)
			for calls.Load() == 0 {
				time.Sleep(100 * time.Microsecond)
			}
			go run(1)
			// Wait until the second request waits for the first, or
			// has called the upstream itself.
			for e.Waiting() == 0 && calls.Load() < 2 {
				time.Sleep(100 * time.Microsecond)
			}
			close(release)
			wg.Wait()
			if n := calls.Load(); n != c.calls {
				t.Errorf("%d upstream calls, want %d", n, c.calls)
			}
			for i, out := range outs {
				who := ""
				if v := c.headers[i]["Authorization"]; len(v) > 0 {
					who = v[0]
				}
				if want := `{"data":{"who":` + jsonQuote(who) + `}}`; string(out) != want {
					t.Errorf("request %d got %s, want %s", i, out, want)
				}
			}
		})
	}
}

// jsonQuote returns s as a JSON string.
func jsonQuote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// A follower whose leader was cancelled makes the call itself.
func TestDedupLeaderCancelled(t *testing.T) {
	var calls atomic.Int32
	tr := resolve.Memory{"a": func(ctx context.Context, r *resolve.UpstreamRequest, dst []byte) ([]byte, error) {
		if calls.Add(1) == 1 {
			<-ctx.Done()
			return dst, ctx.Err()
		}
		return append(dst, `{"data":{"a":1}}`...), nil
	}}
	e := resolve.NewEngine(tr, resolve.Options{Dedup: true})
	p := mustPlan(t, root("a", "{a}"), nil)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() {
		_, err := e.Execute(ctx, p, nil, nil)
		done <- err
	}()
	for calls.Load() == 0 {
		time.Sleep(100 * time.Microsecond)
	}
	var out []byte
	var err error
	follower := make(chan struct{})
	go func() {
		out, err = e.Execute(context.Background(), p, nil, nil)
		close(follower)
	}()
	for e.Waiting() == 0 {
		time.Sleep(100 * time.Microsecond)
	}
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("leader: %v", err)
	}
	<-follower
	if err != nil || string(out) != `{"data":{"a":1}}` {
		t.Fatalf("follower: %v %s", err, out)
	}
}

// Many requests at once on one engine (run with -race).
func TestConcurrentRequests(t *testing.T) {
	for _, dedup := range []bool{false, true} {
		e := resolve.NewEngine(nestedTransport(nil), resolve.Options{Dedup: dedup})
		p := mustPlan(t, nestedTree(), nestedShape(t, false))
		var wg sync.WaitGroup
		for i := 0; i < 8; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var out []byte
				for j := 0; j < 50; j++ {
					var err error
					out, err = e.Execute(context.Background(), p, nil, out[:0])
					if err != nil || string(out) != nestedExpected {
						t.Errorf("%v %s", err, out)
						return
					}
				}
			}()
		}
		wg.Wait()
	}
}

// A panicking transport is a failed fetch, not a crash.
func TestTransportPanics(t *testing.T) {
	tree, with := wide(3)
	tr := with(func(ctx context.Context, r *resolve.UpstreamRequest, dst []byte) ([]byte, error) {
		if r.Upstream == "u1" {
			panic("boom")
		}
		return append(dst, `{"data":{"`+r.Upstream+`":1}}`...), nil
	})
	out, err := resolve.NewEngine(tr, resolve.Options{}).Execute(context.Background(), mustPlan(t, tree, shapeOf(t, obj("Query", fld("u0", tInt), fld("u1", tInt), fld("u2", tInt)))), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"errors":[{"message":"Failed to fetch from upstream \"u1\": transport panicked: boom","extensions":{"code":"UPSTREAM_FAILED","upstream":"u1"}}],"data":{"u0":1,"u1":null,"u2":1}}`
	if string(out) != want {
		t.Fatalf("got %s\nwant %s", out, want)
	}
}

// A panic while fetches are in flight (a bug, forced here) waits for them
// before Execute's state is reused and the caller gets its request back.
func TestPanicWaitsForFetches(t *testing.T) {
	release := make(chan struct{})
	started := make(chan struct{}, 2)
	var slowDone atomic.Bool
	m := resolve.Memory{
		// a and b run on goroutines of their own: c, in the request's,
		// waits until they have claimed their fetches.
		"a": func(ctx context.Context, r *resolve.UpstreamRequest, dst []byte) ([]byte, error) {
			started <- struct{}{}
			return append(dst, `{"data":{"a":1}}`...), nil
		},
		"b": func(ctx context.Context, r *resolve.UpstreamRequest, dst []byte) ([]byte, error) {
			started <- struct{}{}
			<-release
			time.Sleep(20 * time.Millisecond)
			slowDone.Store(true)
			return append(dst, `{"data":{"b":1}}`...), nil
		},
		"c": func(ctx context.Context, r *resolve.UpstreamRequest, dst []byte) ([]byte, error) {
			<-started
			<-started
			return append(dst, `{"data":{"c":1}}`...), nil
		},
	}
	plan := mustPlan(t, par(root("a", "{a}"), root("b", "{b}"), root("c", "{c}")), nil)
	resolve.SetTestHookFinish(func(fi int32) {
		if fi == 0 {
			close(release)
			panic("forced")
		}
	})
	defer resolve.SetTestHookFinish(nil)
	e := resolve.NewEngine(m, resolve.Options{})
	func() {
		defer func() {
			if v := recover(); v != "forced" {
				t.Fatalf("recovered %v, want the forced panic", v)
			}
		}()
		e.Execute(context.Background(), plan, &resolve.Request{}, nil)
	}()
	if !slowDone.Load() {
		t.Error("Execute panicked out while a fetch was still in flight")
	}
}

// A request takes back the fetches handed to goroutines that have not
// started, and runs them itself; such a goroutine, when it starts, claims
// nothing: not its own fetch, nor one of a later request on the same
// pooled state (whose fetches it could otherwise find handed off again).
func TestTakeBack(t *testing.T) {
	// One P, so that the second request gets the first one's state from
	// the engine's pool (sync.Pool keeps one per P).
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	base := runtime.NumGoroutine()
	tree, with := wide(4)
	var calls, during atomic.Int32
	var first, second = make(chan struct{}), make(chan struct{})
	var inSecond atomic.Bool
	tr := with(func(ctx context.Context, r *resolve.UpstreamRequest, dst []byte) ([]byte, error) {
		calls.Add(1)
		if inSecond.Load() && r.Upstream == "u3" {
			// The second request's own fetch (its last, not handed
			// off): let the first request's goroutines try to claim
			// while the second's fetches u0…u2 wait to be claimed.
			n := calls.Load()
			close(first)
			waitGoroutines(t, base+3) // the second request's three
			during.Store(calls.Load() - n)
		}
		return append(dst, `{"data":{"`+r.Upstream+`":1}}`...), nil
	})
	e := resolve.NewEngine(tr, resolve.Options{})
	p := mustPlan(t, tree, nil)
	const want = `{"data":{"u3":1,"u2":1,"u1":1,"u0":1}}` // every fetch run by the request, the last first

	var waiting atomic.Int32
	resolve.SetTestHookClaim(e, func(int32) { waiting.Add(1); <-first })
	out, err := e.Execute(context.Background(), p, nil, nil)
	if err != nil || string(out) != want {
		t.Fatalf("first request: %v %s", err, out)
	}
	if n := calls.Load(); n != 4 {
		t.Fatalf("%d calls, want 4", n)
	}
	// Its goroutines start (and wait in the hook) before the second
	// request, which has a hook of its own.
	for deadline := time.Now().Add(5 * time.Second); waiting.Load() < 3; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d of the first request's goroutines started, want 3", waiting.Load())
		}
	}

	inSecond.Store(true)
	resolve.SetTestHookClaim(e, func(int32) { <-second })
	out, err = e.Execute(context.Background(), p, nil, out[:0])
	if err != nil || string(out) != want {
		t.Fatalf("second request: %v %s", err, out)
	}
	if n := during.Load(); n != 0 {
		t.Fatalf("%d calls from the first request's goroutines during the second", n)
	}
	if n := calls.Load(); n != 8 {
		t.Fatalf("%d calls, want 8", n)
	}
	close(second)
	waitGoroutines(t, base)
	resolve.SetTestHookClaim(nil, nil)
}

// The fetches of a Parallel are in flight at once when the upstreams make
// them wait: the request's own fetch waits here until all four have
// started, which only goroutines that claimed theirs can do.
func TestParallelInFlight(t *testing.T) {
	base := runtime.NumGoroutine()
	tree, with := wide(4)
	var started sync.WaitGroup
	started.Add(4)
	all := make(chan struct{})
	go func() { started.Wait(); close(all) }()
	tr := with(func(ctx context.Context, r *resolve.UpstreamRequest, dst []byte) ([]byte, error) {
		started.Done()
		select {
		case <-all:
		case <-time.After(5 * time.Second):
			return dst, errors.New("the other fetches did not start")
		}
		return append(dst, `{"data":{"`+r.Upstream+`":1}}`...), nil
	})
	out, err := resolve.NewEngine(tr, resolve.Options{}).Execute(context.Background(), mustPlan(t, tree, nil), nil, nil)
	if err != nil || !allFour(out) {
		t.Fatalf("%v %s", err, out)
	}
	waitGoroutines(t, base)
}

// Requests at once whose upstreams answer at once, after a yield or after
// a wait race their goroutines for every fetch (run with -race): each
// fetch runs exactly once, whichever claims it, and no goroutine stays.
func TestTakeBackRace(t *testing.T) {
	base := runtime.NumGoroutine()
	tree, with := wide(4)
	var calls atomic.Int32
	tr := with(func(ctx context.Context, r *resolve.UpstreamRequest, dst []byte) ([]byte, error) {
		switch n := calls.Add(1); n % 3 {
		case 1:
			runtime.Gosched()
		case 2:
			time.Sleep(time.Duration(n%5) * 10 * time.Microsecond)
		}
		return append(dst, `{"data":{"`+r.Upstream+`":1}}`...), nil
	})
	e := resolve.NewEngine(tr, resolve.Options{MaxConcurrency: 8})
	p := mustPlan(t, tree, nil)
	const requests, each = 4, 100
	var wg sync.WaitGroup
	for i := 0; i < requests; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var out []byte
			for j := 0; j < each; j++ {
				var err error
				out, err = e.Execute(context.Background(), p, nil, out[:0])
				if err != nil || !allFour(out) {
					t.Errorf("%v %s", err, out)
					return
				}
			}
		}()
	}
	wg.Wait()
	if n := calls.Load(); n != requests*each*4 {
		t.Errorf("%d calls, want %d", n, requests*each*4)
	}
	waitGoroutines(t, base)
}

// allFour reports whether out is the data of wide(4)'s four fetches, in
// any order (that in which they completed).
func allFour(out []byte) bool {
	var v struct {
		Data   map[string]int
		Errors []any
	}
	return json.Unmarshal(out, &v) == nil && len(v.Errors) == 0 && len(v.Data) == 4 &&
		v.Data["u0"] == 1 && v.Data["u1"] == 1 && v.Data["u2"] == 1 && v.Data["u3"] == 1
}
