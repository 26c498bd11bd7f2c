package resolve

import (
	"context"
	"fmt"
	"hash/maphash"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/shape"
)

// Options configure an Engine. The zero value is safe: bounded concurrency,
// the default limits of graft.Options, no deduplication.
type Options struct {
	// MaxConcurrency bounds the goroutines that fetches are handed to,
	// across every request of the engine: those running a fetch and those
	// not yet started (whose fetch their request may have taken back). When
	// they are all busy a request runs its next fetch in its own goroutine
	// instead, so the bound never blocks a request. Zero means 64 ×
	// GOMAXPROCS at construction.
	MaxConcurrency int
	// MaxParallel bounds the fetches one request has in flight at once.
	// Zero means 16.
	MaxParallel int
	// MaxErrors bounds the errors one response carries (upstream errors,
	// each copied to every position it concerns, and the engine's own);
	// further ones are dropped. Zero means 1000.
	MaxErrors int
	// MaxDataBytes bounds the request's Doc: every upstream response and
	// the copies of entities merged into the data (an entity that serves
	// several objects is copied to each, so a small operation whose aliases
	// reach the same objects many times can make the data far larger than
	// the responses). Past it, a fetch's entities are not merged and each
	// position it should have filled becomes null with an error. Zero
	// means DefaultMaxDataBytes.
	MaxDataBytes int
	// MaxResponseBytes bounds the response Execute writes (aliases can
	// make it far larger than the data); a longer one is replaced by
	// {"errors":[…],"data":null} saying so. Zero means
	// DefaultMaxResponseBytes.
	MaxResponseBytes int
	// Inline runs every fetch in the goroutine that called Execute, one
	// after another, the fetches of a Parallel too, from its last to its
	// first (the default dispatch, too, finishes the last first when its
	// upstreams answer at once: it runs the fetches it handed to
	// goroutines that have not started yet itself, the last first). It is
	// for a transport that answers without waiting (Memory over
	// in-process functions, a cache that holds every answer), and starts
	// no goroutine at all, where the default starts one per handed fetch.
	// Leave it off for upstreams over the network: then the fetches of a
	// Parallel are in flight at the same time, within MaxParallel and
	// MaxConcurrency, which do not apply to an inline engine.
	Inline bool
	// Dedup shares one upstream call between identical requests in flight
	// at the same time, across all requests of the engine: same upstream,
	// same body, same forwarded headers (see Request.Header). A shared
	// response is copied to each waiting request. It costs a few
	// allocations per fetch and pays off under load with repeated queries.
	Dedup bool
	// MaskUpstreamErrors replaces the message of every error an upstream
	// returns with "Upstream NAME returned an error." and keeps of its
	// extensions only a string "code" (UNAUTHENTICATED, …), beside
	// "upstream" naming it; its path is kept. An upstream's words may tell
	// what clients should not read (a database's message, a stack trace,
	// internal addresses); a server facing clients sets it (package
	// gateway does, unless told otherwise). The engine's own errors, which
	// name the upstream and never quote it, are unchanged.
	MaskUpstreamErrors bool
	// OnUpstreamError, when set, is called once for every error an
	// upstream returns that the response carries (at most MaxErrors),
	// masked or not, so that a server can log what masking hides from
	// its clients. It runs on the request's goroutines, possibly several
	// at once: it must be safe for concurrent use, and quick. Its
	// argument's slices are valid only during the call.
	OnUpstreamError func(ctx context.Context, e UpstreamError)
	// Doc configures the request's Doc, into which every upstream response
	// is parsed: its limits (MaxBytes bounds one response) and whether
	// invalid UTF-8 passes. Its Conflict policy decides what a merge does
	// where an upstream's data has a different shape from what is there:
	// under the default, graft.ConflictError, the position becomes null
	// with an error.
	Doc graft.Options
}

// UpstreamError is one error an upstream returned, as
// Options.OnUpstreamError sees it.
type UpstreamError struct {
	Upstream string // the upstream's name
	// Path is where the fetch's data goes in the response, its steps
	// joined by "." ("@" for every item of a list); "" at the root.
	Path string
	// Error is the error object as the upstream wrote it (JSON): its
	// message, its path within the fetch's own response (under
	// ["_entities", i] for an entity fetch), its extensions.
	Error []byte
}

// Engine runs Plans against upstream services. It is safe for concurrent
// use: one Engine serves every request of a process. Per-request state
// (the Doc, request and response buffers, the renderer) is pooled, so that
// a warm engine allocates next to nothing per request.
type Engine struct {
	t      Transport
	opts   Options
	busy   atomic.Int32 // goroutines fetches were handed to, running or not started
	docs   *graft.Pool
	states sync.Pool
	bufs   buffers
	seed   maphash.Seed
}

// NewEngine returns an engine that sends upstream requests through t.
// Defaults of Options' bounds on the size of one request's data and of
// its response.
const (
	DefaultMaxDataBytes     = 256 << 20 // 256 MiB of arena per request
	DefaultMaxResponseBytes = 64 << 20  // 64 MiB of response
)

func NewEngine(t Transport, opts Options) *Engine {
	if opts.MaxConcurrency <= 0 {
		opts.MaxConcurrency = 64 * runtime.GOMAXPROCS(0)
	}
	if opts.MaxParallel <= 0 {
		opts.MaxParallel = 16
	}
	if opts.MaxErrors <= 0 {
		opts.MaxErrors = 1000
	}
	if opts.MaxDataBytes <= 0 {
		opts.MaxDataBytes = DefaultMaxDataBytes
	}
	if opts.MaxResponseBytes <= 0 {
		opts.MaxResponseBytes = DefaultMaxResponseBytes
	}
	if opts.Dedup {
		t = newDedup(t)
	}
	e := &Engine{
		t:    t,
		opts: opts,
		docs: graft.NewPool(opts.Doc),
		seed: maphash.MakeSeed(),
	}
	e.states.New = func() any { return &state{e: e, done: make(chan int32, opts.MaxParallel)} }
	return e
}

// Request is one client request to run a Plan for.
type Request struct {
	// Variables holds the client's variables: a JSON object, or nothing.
	// Fetches forward the members their Variables name, as received.
	Variables []byte
	// Conditions holds the values of the response plan's Boolean variables
	// (shape.Plan.Variables, as graphql.Operation.Variables returns them);
	// it must be at least that long.
	Conditions []bool
	// Header holds the client headers to forward to every upstream. The
	// caller chooses them (see httptransport.Forward); deduplication
	// compares them, so clients whose forwarded headers differ never share
	// an upstream response.
	Header map[string][]string
	// SizeHint is the response's expected length (that of the plan's last
	// response, say), or 0: Execute makes room for it in dst just before
	// it writes the response, so that a caller need not hold a large
	// buffer while the fetches run nor grow one as it is written.
	SizeHint int
}

// Execute runs p for req and appends the GraphQL response to dst:
// {"errors":[…],"data":…}, "errors" left out when there are none. Upstream
// failures do not fail the call: they become errors in the response next
// to the data that could be had. Execute returns an error (and dst as it
// was) only when the request does not fit the plan (ErrRequest) or ctx
// ended before the response was complete (wrapping ctx's error); every
// fetch it started has returned by then.
//
// Execute reads p and req and keeps neither; req's slices must not change
// during the call.
func (e *Engine) Execute(ctx context.Context, p *Plan, req *Request, dst []byte) ([]byte, error) {
	if p == nil {
		return dst, &Error{Reason: "nil plan", Err: ErrRequest}
	}
	if req == nil {
		req = &noRequest
	}
	if p.response != nil && len(req.Conditions) < len(p.response.Variables()) {
		return dst, &Error{Reason: fmt.Sprintf("%d conditions for the %d variables of the response plan", len(req.Conditions), len(p.response.Variables())), Err: ErrRequest}
	}
	st := e.states.Get().(*state)
	defer func() {
		// A panic in this goroutine (a bug: no input causes one) may
		// leave fetches in flight that still use st and req: they end
		// before st is reused and before the caller gets req back. Those
		// no goroutine has claimed yet never start.
		for st.takeBack() >= 0 {
		}
		for st.inflight > 0 {
			<-st.done
			st.inflight--
		}
		st.release()
	}()
	if err := st.begin(ctx, p, req); err != nil {
		return dst, err
	}
	st.run()
	if err := ctx.Err(); err != nil {
		return dst, &Error{Reason: "request ended before its response was complete", Err: err}
	}
	return st.render(dst), nil
}

// noRequest stands for a nil *Request: read, never written.
var noRequest Request

// state is the per-request state of Execute, pooled by its Engine. Only
// the goroutine running Execute touches it, except each fetch's run while
// that fetch is in flight on a goroutine of its own (see call).
type state struct {
	e    *Engine
	ctx  context.Context
	p    *Plan
	req  *Request
	doc  *graft.Doc
	data graft.Ref // the response's data object
	vars graft.Ref // the client's variables object, or 0

	runs     []fetchRun // one per fetch of p
	next     []int32    // per node: Sequence's next child, Parallel's children left
	ready    []int32    // fetches prepared and waiting to be sent
	handed   []int32    // fetches handed to goroutines, perhaps unclaimed
	inflight int        // fetches handed to goroutines and not taken back
	done     chan int32 // their completions
	token    uint64     // the last hand-off's token (see fetchRun.claim)

	// spare is a small response buffer kept for the fetches the request's
	// goroutine calls itself, which alone touches it: the one a parse
	// freed, kept with the state between requests, so that such a fetch
	// takes no buffer from the engine's pool nor returns one to it.
	spare *buffer

	errs     []byte      // the response's errors so far, comma-separated objects
	nerr     int         // how many
	reported []graft.Ref // positions those errors cover (shape.Prior)

	// scratch of one entity fetch's preparation and merge
	cur    []int32     // indices of the "@" steps of the walk
	types  []graft.Ref // "__typename" of the objects on the walk's way, per level (see walk)
	table  []int32     // representation index + 1 by hash
	hashes []uint64    // per representation
	spans  [][2]int32  // per representation: its bytes in the body
	items  []graft.Ref // the entities of a response
	uses   []int32     // per representation: targets not yet merged
	marked []bool      // per representation: an upstream error names it

	renderer shape.Renderer
}

// fetchRun is the state of one fetch during one request.
type fetchRun struct {
	req     UpstreamRequest
	body    []byte  // the request body
	resp    *buffer // the response body, from the call to the parse
	size    int     // the length of the last response to this fetch of st
	err     error
	targets []target // entity fetches: the objects at the path
	at      []int32  // the indices of each target's "@" steps, flats per target
	nreps   int      // representations sent

	// claim holds the token of the fetch's hand-off while neither the
	// goroutine it was handed to nor the request has claimed it, 0 once
	// one has (see handOff). Tokens are never reused, so a goroutine that
	// starts after its request took its fetch back and ended cannot claim
	// a fetch of a later request on the same state.
	claim atomic.Uint64
}

// target is an object an entity fetch provides data for.
type target struct {
	ref    graft.Ref
	parent graft.Ref // the object or array holding it
	item   int32     // its index in parent, or -1 for the path's last member
	rep    int32     // its representation, or -1 (not sent)
}

// maxKept is the largest buffer a pooled state keeps.
const maxKept = 1 << 20

func (st *state) begin(ctx context.Context, p *Plan, req *Request) error {
	st.ctx, st.p, st.req = ctx, p, req
	if st.doc == nil {
		st.doc = st.e.docs.Get()
	}
	st.data = st.doc.NewObject()
	st.vars = 0
	if len(req.Variables) > 0 {
		v, err := st.doc.Append(req.Variables)
		if err != nil {
			return &Error{Reason: "variables are not JSON (" + err.Error() + ")", Err: ErrRequest}
		}
		switch st.doc.Kind(v) {
		case graft.Object:
			st.vars = v
		case graft.Null:
		default:
			return &Error{Reason: "variables are not a JSON object", Err: ErrRequest}
		}
	}
	if cap(st.runs) < len(p.fetches) {
		st.runs = make([]fetchRun, len(p.fetches))
	}
	st.runs = st.runs[:len(p.fetches)]
	if len(st.types) < p.maxDepth {
		st.types = make([]graft.Ref, p.maxDepth)
	}
	if cap(st.next) < len(p.nodes) {
		st.next = make([]int32, len(p.nodes))
	}
	st.next = st.next[:len(p.nodes)]
	clear(st.next)
	st.ready, st.handed, st.inflight = st.ready[:0], st.handed[:0], 0
	st.errs, st.nerr, st.reported = st.errs[:0], 0, st.reported[:0]
	return nil
}

// release returns the state to its pool. The state keeps its Doc, reset,
// up to graft.PoolKeepAlways bytes (by Doc.Cap; a graft.Pool keeps every
// Doc up to that size), so that a request takes no Doc from the engine's
// Pool nor puts one back (two sync.Pool operations and the Pool's moving
// average: some 200 instructions of a small request); a larger one goes
// back to the Pool, which keeps it only if it is not far larger than the
// others it sees.
func (st *state) release() {
	switch d := st.doc; {
	case d == nil:
	case d.Cap() > graft.PoolKeepAlways:
		st.e.docs.Put(d)
		st.doc = nil
	default:
		d.Reset()
	}
	for i := range st.runs {
		r := &st.runs[i]
		r.req, r.err = UpstreamRequest{}, nil
		st.e.bufs.put(r.resp) // a fetch a panic kept from its parse
		r.resp = nil
		if cap(r.body) > maxKept {
			r.body = nil
		}
	}
	if cap(st.errs) > maxKept {
		st.errs = nil
	}
	st.ctx, st.p, st.req = nil, nil, nil
	st.e.states.Put(st)
}

// run runs the plan's tree: the calling goroutine prepares every request
// and merges every response, so it is the Doc's single writer; fetches in
// flight at the same time run on goroutines of their own that touch only
// their fetchRun's request and response bytes.
func (st *state) run() {
	st.start(0)
	for len(st.ready) > 0 || st.inflight > 0 {
		st.dispatch()
		if st.inflight == 0 {
			continue
		}
		fi := st.takeBack()
		if fi >= 0 {
			st.call(fi, true)
		} else {
			fi = <-st.done
			st.inflight--
		}
		st.finish(fi)
	}
}

// dispatch sends the ready fetches: the last one in the calling goroutine
// (which would otherwise only wait), the others handed to goroutines of
// their own while the bounds allow, and in the calling goroutine when the
// bounds leave no other way. A lone fetch thus needs no goroutine, and a
// Parallel of n fetches n-1. While the calling goroutine waits for its own
// fetch, the goroutines start and claim theirs; once its own is done, it
// takes back and runs those no goroutine has claimed yet (takeBack), and
// waits only for the others. Under Options.Inline every fetch runs in the
// calling goroutine, the last ready first.
//
// Measured on the nested batching benchmark (bench/resolve, one Parallel
// of two, upstreams in memory; CPU time per request at -cpu 1, medians of
// six interleaved runs on a loaded machine): 3.98 µs before the
// take-back, 3.54 µs with it, 3.49 to 3.58 µs inline; callgrind counts
// 72,965, 71,174 and 70,046 instructions. Most of the gain comes from the
// bound on goroutines not yet started: a request whose upstreams answer
// at once never waits, so at GOMAXPROCS 1 the goroutines it hands fetches
// to start only when it is preempted, and until then, once MaxConcurrency
// of them wait, requests run every fetch in their own goroutine. Counting
// them out of the bound (every hand-off a goroutine that later finds
// nothing to do) measured 4.19 µs in another run, where the old dispatch
// took 4.09.
func (st *state) dispatch() {
	for len(st.ready) > 0 {
		fi := st.ready[0]
		if st.e.opts.Inline {
			fi = st.ready[len(st.ready)-1]
			st.ready = st.ready[:len(st.ready)-1]
			st.call(fi, true)
			st.finish(fi)
			continue
		}
		if len(st.ready) == 1 && st.inflight < cap(st.done) {
			st.ready = st.ready[:0]
			st.call(fi, true)
			st.finish(fi)
			continue
		}
		if st.inflight < cap(st.done) && st.e.acquire() {
			st.popReady()
			st.handOff(fi)
			continue
		}
		if st.inflight > 0 {
			return // wait for one to finish
		}
		st.popReady()
		st.call(fi, true)
		st.finish(fi)
	}
}

// popReady removes the first ready fetch (keeping the slice's start, so
// that its memory is reused).
func (st *state) popReady() {
	n := copy(st.ready, st.ready[1:])
	st.ready = st.ready[:n]
}

// acquire takes one of the engine's MaxConcurrency goroutines, if one is
// free.
func (e *Engine) acquire() bool {
	for {
		n := e.busy.Load()
		if int(n) >= e.opts.MaxConcurrency {
			return false
		}
		if e.busy.CompareAndSwap(n, n+1) {
			return true
		}
	}
}

// handOff hands fetch fi to a goroutine of its own, which claims it when
// it starts: until then the request may take it back (takeBack).
func (st *state) handOff(fi int32) {
	st.token++
	r := &st.runs[fi]
	r.claim.Store(st.token)
	st.handed = append(st.handed, fi)
	st.inflight++
	go st.async(fi, &r.claim, st.token)
}

// takeBack claims the last handed fetch that no goroutine has claimed yet,
// if any, and returns it (or -1): the request runs it itself rather than
// wait for a goroutine that has not started. With upstreams that answer
// at once, the goroutines of a Parallel thus seldom start before the
// request has run their fetches; with slow ones, they start while the
// request waits for its own fetch, and the fetches are in flight at once.
func (st *state) takeBack() int32 {
	for len(st.handed) > 0 {
		fi := st.handed[len(st.handed)-1]
		st.handed = st.handed[:len(st.handed)-1]
		r := &st.runs[fi]
		// Only this request's hand-offs put a token in its fetches'
		// claims, and each fetch is handed at most once per request.
		if t := r.claim.Load(); t != 0 && r.claim.CompareAndSwap(t, 0) {
			st.inflight--
			return fi
		}
	}
	return -1
}

// testHookClaim, when set by a test, runs in every goroutine a fetch is
// handed to, before it tries to claim the fetch. It is read while
// goroutines of earlier tests may still start, hence atomic.
var testHookClaim atomic.Pointer[func(e *Engine, fi int32)]

// async runs fetch fi on its own goroutine, if it claims it first (the
// claim holds token). One that the request took back has nothing to do:
// it touches nothing of the request, which may have ended, nor of a later
// one on the same state (the claim then holds another token or 0). It
// counts in MaxConcurrency until it returns, so that goroutines waiting to
// start, when the requests do not let them (at GOMAXPROCS 1, a request
// that takes every fetch back does not yield), are bounded too.
func (st *state) async(fi int32, claim *atomic.Uint64, token uint64) {
	e := st.e
	if h := testHookClaim.Load(); h != nil {
		(*h)(e, fi)
	}
	if claim.CompareAndSwap(token, 0) {
		st.call(fi, false)
		e.busy.Add(-1)
		st.done <- fi
		return
	}
	e.busy.Add(-1)
}

// call sends fetch fi's request; a panicking transport is a failed fetch.
// here is true in the request's goroutine, which may use st.spare.
func (st *state) call(fi int32, here bool) {
	r := &st.runs[fi]
	defer func() {
		if v := recover(); v != nil {
			r.err = &Error{Upstream: r.req.Upstream, Reason: fmt.Sprint("transport panicked: ", v), Err: ErrUpstream}
		}
	}()
	if err := st.ctx.Err(); err != nil {
		r.err = err
		return
	}
	if here && st.spare != nil && r.size <= maxBuffer {
		r.resp, st.spare = st.spare, nil
	} else {
		r.resp = st.e.bufs.get(r.size)
	}
	r.resp.b, r.err = st.e.t.Do(st.ctx, &r.req, r.resp.b)
	r.size = len(r.resp.b)
}

// start begins node id: a fetch is prepared (and completes at once if it
// has nothing to ask), a Sequence starts its first child, a Parallel all.
func (st *state) start(id int32) {
	n := &st.p.nodes[id]
	switch n.kind {
	case kindFetch:
		if st.ctx.Err() == nil && st.prepare(n.fetch) {
			st.ready = append(st.ready, n.fetch)
			return
		}
		st.complete(id)
	case kindSequence:
		if len(n.children) == 0 {
			st.complete(id)
			return
		}
		st.next[id] = 1
		st.start(n.children[0])
	case kindParallel:
		if len(n.children) == 0 {
			st.complete(id)
			return
		}
		st.next[id] = int32(len(n.children))
		for _, k := range n.children {
			st.start(k)
		}
	}
}

// complete marks node id done and moves its parent on.
func (st *state) complete(id int32) {
	pid := st.p.nodes[id].parent
	if pid < 0 {
		return
	}
	parent := &st.p.nodes[pid]
	switch parent.kind {
	case kindSequence:
		i := st.next[pid]
		if int(i) < len(parent.children) {
			st.next[pid]++
			st.start(parent.children[i])
			return
		}
	case kindParallel:
		st.next[pid]--
		if st.next[pid] > 0 {
			return
		}
	}
	st.complete(pid)
}

// render appends the response.
func (st *state) render(dst []byte) []byte {
	if n := st.req.SizeHint; n > cap(dst)-len(dst) && n <= st.e.opts.MaxResponseBytes {
		dst = slices.Grow(dst, n)
	}
	start := len(dst)
	dst = st.renderData(dst)
	if max := st.e.opts.MaxResponseBytes; len(dst)-start > max {
		dst = append(dst[:start], `{"errors":[{"message":"The response exceeds the limit of `...)
		dst = strconv.AppendInt(dst, int64(max), 10)
		dst = append(dst, ` bytes.","extensions":{"code":"RESPONSE_TOO_LARGE"}}],"data":null}`...)
	}
	return dst
}

// renderData writes the response, through the plan's response shape if it
// has one.
func (st *state) renderData(dst []byte) []byte {
	if st.p.response != nil {
		return st.renderer.RenderPrior(dst, st.p.response, st.doc, st.data, st.req.Conditions,
			shape.Prior{Errors: st.errs, Count: st.nerr, Reported: st.reported})
	}
	dst = append(dst, '{')
	if st.nerr > 0 {
		dst = append(dst, `"errors":[`...)
		dst = append(dst, st.errs...)
		dst = append(dst, "],"...)
	}
	dst = append(dst, `"data":`...)
	dst = st.doc.AppendJSON(dst, st.data)
	return append(dst, '}')
}
