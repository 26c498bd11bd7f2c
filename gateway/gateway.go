package gateway

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/graphql"
	"github.com/graftjson/graft/resolve"
	"github.com/graftjson/graft/shape"
	"github.com/vektah/gqlparser/v2/ast"
)

// Default limits, used where an Options field is zero.
const (
	DefaultMaxBodyBytes    = 1 << 20 // 1 MiB
	DefaultMaxDepth        = 64
	DefaultMaxAliases      = 256
	DefaultMaxTokens       = 20000
	DefaultMaxFields       = 2000
	DefaultCacheSize       = 1024
	DefaultSubgraphTimeout = 30 * time.Second
	DefaultRequestTimeout  = time.Minute
)

// Options configure a Gateway. They are set at construction; the zero
// value is safe: the limits above, the subgraph URLs of the supergraph,
// logs to slog.Default().
type Options struct {
	// Path is where the GraphQL endpoint answers; "" means "/graphql".
	Path string
	// HealthPath answers GET with 200 once the gateway is built; ""
	// means "/health".
	HealthPath string

	// Subgraphs overrides the URLs the supergraph's join__graph
	// directives give, by subgraph name. A name the supergraph does not
	// have is an error of New.
	Subgraphs map[string]string
	// SubgraphTimeout bounds each request to a subgraph; a subgraph that
	// does not answer in time gives an error in the response and null
	// data where its fields were. Zero means DefaultSubgraphTimeout.
	SubgraphTimeout time.Duration
	// RequestTimeout bounds the fetches of one request as a whole (a plan
	// of several fetches in sequence could otherwise take each one's
	// timeout in turn); past it, the client gets 504 with a GraphQL error.
	// Zero means DefaultRequestTimeout.
	RequestTimeout time.Duration
	// SubgraphTimeouts overrides SubgraphTimeout for the subgraphs it
	// names (a name the supergraph does not have, or a duration that is
	// not positive, is an error of New).
	SubgraphTimeouts map[string]time.Duration
	// SubgraphMaxBytes bounds a subgraph's response body; zero means
	// httptransport.DefaultMaxResponseBytes (64 MiB).
	SubgraphMaxBytes int64
	// Dedup shares one subgraph request among identical requests in
	// flight at the same time: same subgraph, same body, same forwarded
	// headers, so clients whose forwarded headers (an Authorization)
	// differ never share a response. Off by default.
	Dedup bool
	// ForwardHeaders names the client request headers sent on to the
	// subgraphs (none by default). Hop-by-hop headers and those the
	// transport sets (Content-Type, Accept, Host, …) are never sent.
	ForwardHeaders []string
	// ExposeSubgraphErrors passes the errors subgraphs return on to the
	// clients as they are, messages and extensions. By default they are
	// masked (resolve.Options.MaskUpstreamErrors): each keeps its path,
	// a string extensions.code and extensions.upstream naming the
	// subgraph, and its message becomes "Upstream NAME returned an
	// error.". A subgraph's messages are written for its developers, not
	// for the gateway's clients: a database's error, a stack trace or an
	// internal address in one would reach anyone who can send a query.
	// Expose them in development, or when every subgraph writes its
	// errors for clients. Masked, each is logged instead (see Logger).
	// The gateway's own errors (a subgraph that failed, timed out or sent
	// an invalid response) name the subgraph and never quote it, in both
	// modes.
	ExposeSubgraphErrors bool

	// MaxBodyBytes bounds a POST body; a larger one is refused with 413.
	// It is what bounds the argument literals of an operation: a bulk
	// mutation with a huge inline list needs a larger MaxBodyBytes, not a
	// larger MaxTokens.
	MaxBodyBytes int64
	// MaxDepth bounds how deeply the selection sets of an operation nest,
	// as written, MaxAliases its aliases and MaxTokens its lexical tokens;
	// an operation past one of them gets a request error. They measure
	// the operation's structure: they are counted on the normalized
	// operation, where each argument literal is one variable. The
	// literals themselves are read in one pass as the request is
	// normalized, each bounded by the body size and by MaxDepth levels of
	// nesting (lists and input objects count with the selection sets
	// around them).
	MaxDepth, MaxAliases, MaxTokens int
	// MaxFields bounds the fields an operation selects with its fragments
	// expanded where they are spread (federation.Options.MaxFields): what
	// the planner plans and the subgraphs are asked for. Selections of
	// one response name on one object type are merged and count once,
	// however many fragments repeat them, as Relay-style documents do;
	// repeats are bounded apart (32 × MaxFields selections read), as they
	// cost planning time. A few aliases and fragments can double a
	// selection at every level — nine levels of two aliases select 2557
	// fields, and a response that grows with it times the lists' lengths
	// — so past the bound the operation is a request error, found as it
	// is planned, before any fetch. The default, 2000, is ten times the
	// max_height of 200 (distinct fields, fragments expanded) that Apollo
	// Router's documentation gives as an example; Apollo Router, Hive
	// Router and Cosmo Router set no such limit by default.
	MaxFields int
	// CacheSize is how many planned operations are kept, by normalized
	// document and operation name, and how many client documents are
	// remembered with the planned operation and the literals they
	// normalize to.
	CacheSize int

	// Logger receives one record per request (level Info; Warn for
	// 5xx), and the gateway's own problems; nil means slog.Default().
	// Unless ExposeSubgraphErrors is set, it also receives each error a
	// subgraph returns, as the subgraph wrote it, which the client gets
	// masked: a record "subgraph error" at level Warn with "subgraph",
	// "path" (where the fetch's data goes, "@" for every item of a list)
	// and "error" (cut at 1 KiB), at most 10 a second; the next record
	// after some were dropped counts them ("dropped").
	Logger *slog.Logger
}

func (o *Options) defaults() {
	if o.Path == "" {
		o.Path = "/graphql"
	}
	if o.HealthPath == "" {
		o.HealthPath = "/health"
	}
	if o.SubgraphTimeout <= 0 {
		o.SubgraphTimeout = DefaultSubgraphTimeout
	}
	if o.RequestTimeout <= 0 {
		o.RequestTimeout = DefaultRequestTimeout
	}
	if o.MaxBodyBytes <= 0 {
		o.MaxBodyBytes = DefaultMaxBodyBytes
	}
	if o.MaxDepth <= 0 {
		o.MaxDepth = DefaultMaxDepth
	}
	if o.MaxAliases <= 0 {
		o.MaxAliases = DefaultMaxAliases
	}
	if o.MaxTokens <= 0 {
		o.MaxTokens = DefaultMaxTokens
	}
	if o.MaxFields <= 0 {
		o.MaxFields = DefaultMaxFields
	}
	if o.CacheSize <= 0 {
		o.CacheSize = DefaultCacheSize
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
}

// backend plans and runs operations: package federation's planner and
// package resolve's engine, or a stand-in in tests.
type backend interface {
	// schema is the API schema that requests are normalized against
	// (graphql.Normalize) before they are planned; nil leaves literals in
	// place.
	schema() *graphql.Schema
	// plan parses, validates and plans the operation operationName of
	// the normalized document query; a problem with the request is a
	// *graphql.RequestError located in query.
	plan(query, operationName string) (*prepared, error)
	// run executes a planned operation and appends the whole GraphQL
	// response to dst.
	run(ctx context.Context, p *prepared, req *request, conds []bool, dst []byte) ([]byte, error)
}

// prepared is a planned operation, shared by every request of the same
// normalized document and operation name.
type prepared struct {
	op   *graphql.Operation // variable coercion
	kind ast.Operation
	plan *resolve.Plan
	size atomic.Int64 // the length of its last response, to size the next
}

// Gateway serves GraphQL over HTTP for a supergraph: POST and GET on
// Options.Path, and GET on Options.HealthPath. It is an http.Handler to
// mount in a mux (with http.StripPrefix if it lives under a prefix) and
// is safe for concurrent use.
type Gateway struct {
	opts    Options
	backend backend
	plans   cache     // by normalized document
	texts   cache     // by the client's document, see prepare
	states  sync.Pool // of *state
	bufs    sync.Pool // of *buffer
	docs    *graft.Pool
}

// state is the per-request scratch space, pooled.
type state struct {
	req   request
	body  []byte
	buf   *buffer // the response's, from its rendering to its write
	conds []bool
	ctx   deadline // the fetches' context
}

// buffer holds a response, pooled apart from the request states: a
// request takes one only to write its answer, not while it waits for
// subgraphs. Only small ones are kept (maxBuffer): a larger response is
// written into memory of its own, sized by the operation's last response
// (resolve.Request.SizeHint) just before it is written, and left to the
// collector, as pooled buffers grow to the largest response they have held
// and stay so while idle. With resolve's response buffers treated alike,
// 32 clients asking for 166 KB answers (bench/gateway's big-response load)
// took 63–65 MiB above idle instead of 80 (interleaved runs, loaded
// machine) for 4% more CPU time, and the pools keep 805 KiB per request
// instead of 1,156 (TestBigResponseHeap).
type buffer struct{ b []byte }

// maxBuffer is the largest response buffer a Gateway keeps for reuse.
const maxBuffer = 64 << 10

// output returns st's response buffer, empty, taking one from the pool
// if st has none.
func (g *Gateway) output(st *state) []byte {
	if st.buf == nil {
		if b, ok := g.bufs.Get().(*buffer); ok {
			st.buf = b
		} else {
			st.buf = new(buffer)
		}
	}
	return st.buf.b[:0]
}

func newGateway(b backend, opts Options) *Gateway {
	opts.defaults()
	g := &Gateway{opts: opts, backend: b, docs: graft.NewPool(graft.Options{})}
	g.plans.init(opts.CacheSize)
	g.texts.init(opts.CacheSize)
	g.states.New = func() any { return new(state) }
	return g
}

// Shared header values: a handler may set them on every response without
// allocating, as no one mutates them.
var (
	jsonType     = []string{"application/json"}
	responseType = []string{"application/graphql-response+json"}
	allowBoth    = []string{"GET, POST"}
	allowPost    = []string{"POST"}
	noSniff      = []string{"nosniff"}
)

// ServeHTTP answers the GraphQL endpoint and the health check.
func (g *Gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.URL.Path {
	case g.opts.Path:
		g.serveGraphQL(w, r)
	case g.opts.HealthPath:
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header()["Allow"] = []string{"GET, HEAD"}
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		w.Header()["Content-Type"] = jsonType
		io.WriteString(w, `{"status":"pass"}`)
	default:
		http.NotFound(w, r)
	}
}

func (g *Gateway) serveGraphQL(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	st := g.states.Get().(*state)
	st.req.doc = g.docs.Get()
	graphqlResponse := acceptsGraphQLResponse(r.Header["Accept"])
	status, out, errs := g.handle(r, st, graphqlResponse)
	h := w.Header()
	switch {
	case status == http.StatusMethodNotAllowed && r.Method == http.MethodGet:
		h["Allow"] = allowPost // a mutation over GET
	case status == http.StatusMethodNotAllowed:
		h["Allow"] = allowBoth
	}
	if graphqlResponse {
		h["Content-Type"] = responseType
	} else {
		h["Content-Type"] = jsonType
	}
	h["X-Content-Type-Options"] = noSniff
	if len(out) > chunkingSize {
		// net/http sets the length of a smaller response itself and
		// sends a larger one in chunks, written apart from the body.
		h["Content-Length"] = []string{strconv.Itoa(len(out))}
	}
	w.WriteHeader(status)
	w.Write(out)
	if l := g.opts.Logger; l.Enabled(r.Context(), slog.LevelInfo) {
		level := slog.LevelInfo
		if status >= 500 {
			level = slog.LevelWarn
		}
		l.LogAttrs(r.Context(), level, "graphql request",
			slog.String("method", r.Method),
			slog.String("operation", string(st.req.operation)),
			slog.Int("status", status),
			slog.Int("errors", errs),
			slog.Int("bytes", len(out)),
			slog.Duration("duration", time.Since(start)))
	}
	// out is st.buf's memory, grown, or memory of its own (a large
	// response, or one relocate wrote).
	if b := st.buf; b != nil {
		if cap(out) <= maxBuffer {
			b.b = out[:0]
		}
		g.bufs.Put(b)
		st.buf = nil
	}
	g.docs.Put(st.req.doc)
	st.req.doc = nil
	// A state or buffer that grew for one huge request or response is
	// dropped, so that the pool does not pin its memory.
	if cap(st.body) <= maxPooledBytes && cap(st.req.query) <= maxPooledBytes {
		g.states.Put(st)
	}
}

// chunkingSize is the response length past which net/http's server,
// not told the length, sends a response in chunks.
const chunkingSize = 2048

// statusClientGone is logged for a request whose client disconnected
// before its answer was ready (nginx's "client closed request"); nothing
// is sent.
const statusClientGone = 499

// maxPooledBytes is the largest buffer a pooled request state keeps.
const maxPooledBytes = 1 << 20

// handle answers one request: the status, the response body (in st.buf's
// memory) and whether it holds errors (1) or not (0).
func (g *Gateway) handle(r *http.Request, st *state, graphqlResponse bool) (status int, out []byte, errs int) {
	defer func() {
		if v := recover(); v != nil {
			g.opts.Logger.Error("gateway: panic serving a request", slog.Any("panic", v))
			status, out, errs = http.StatusInternalServerError, append(g.output(st), `{"errors":[{"message":"Internal server error."}]}`...), 1
		}
	}()
	req := &st.req
	var err error
	switch r.Method {
	case http.MethodPost:
		if !isJSON(r.Header["Content-Type"]) {
			return g.refuse(st, &Error{Status: http.StatusUnsupportedMediaType, Message: "A POST request's Content-Type must be application/json."})
		}
		if st.body, err = readBody(st.body[:0], r.Body, g.opts.MaxBodyBytes); err != nil {
			return g.refuse(st, err)
		}
		err = req.decodeBody(st.body)
	case http.MethodGet:
		err = req.decodeQuery(r.URL.RawQuery)
	default:
		return g.refuse(st, &Error{Status: http.StatusMethodNotAllowed, Message: "Only GET and POST are supported."})
	}
	if err != nil {
		return g.refuse(st, err)
	}

	p, err := g.prepare(req)
	if err != nil {
		return g.requestError(st, err, graphqlResponse)
	}
	if r.Method == http.MethodGet && p.kind != ast.Query {
		return g.refuse(st, &Error{Status: http.StatusMethodNotAllowed, Message: "Only queries may be sent with GET; send a " + string(p.kind) + " with POST."})
	}
	if st.conds, err = p.op.Variables(st.conds[:0], req.doc, req.variables); err != nil {
		return g.requestError(st, g.locate(req, err), graphqlResponse)
	}
	req.header = g.forward(req.header, r.Header)
	st.ctx.start(r.Context(), g.opts.RequestTimeout)
	out, err = g.backend.run(&st.ctx, p, req, st.conds, g.output(st))
	st.ctx.end()
	switch {
	case err == nil:
	case r.Context().Err() != nil:
		// The client went away: nobody reads the answer.
		return statusClientGone, g.output(st), 1
	case errors.Is(err, context.DeadlineExceeded):
		return g.refuse(st, &Error{Status: http.StatusGatewayTimeout, Message: "The request took longer than " + g.opts.RequestTimeout.String() + "."})
	default:
		return g.requestError(st, err, graphqlResponse)
	}
	p.size.Store(int64(len(out)))
	if hasErrors(out) == 0 {
		return http.StatusOK, out, 0
	}
	if bytes.Contains(out, []byte(`"locations":`)) {
		out = g.relocate(req, out)
	}
	return http.StatusOK, out, 1
}

// forward fills m (reused from the request before, or made) with the
// client headers Options.ForwardHeaders names; nil when it names none.
func (g *Gateway) forward(m map[string][]string, h http.Header) map[string][]string {
	if len(g.opts.ForwardHeaders) == 0 {
		return nil
	}
	if m == nil {
		m = make(map[string][]string, len(g.opts.ForwardHeaders))
	}
	clear(m)
	for _, name := range g.opts.ForwardHeaders {
		if v := h.Values(name); len(v) > 0 && !hopByHop(h, name) {
			m[http.CanonicalHeaderKey(name)] = v
		}
	}
	return m
}

// hopByHop reports whether the client's Connection header names the
// header name, which then concerns this hop only (RFC 9110, 7.6.1).
// httptransport drops the fixed hop-by-hop headers itself.
func hopByHop(h http.Header, name string) bool {
	for _, line := range h["Connection"] {
		for line != "" {
			var opt string
			opt, line, _ = strings.Cut(line, ",")
			if strings.EqualFold(strings.TrimSpace(opt), name) {
				return true
			}
		}
	}
	return false
}

// prepare returns the planned operation of a request and leaves in
// req.variables the variables it runs with: the client's, and the
// literals that normalization moved into variables.
//
// A request is normalized against the API schema (graphql.Normalize),
// and its operation planned once per normalized document and operation
// name (g.plans): requests that differ only in their literals share one
// plan. The client's document is remembered too (g.texts), with the plan
// and the JSON of its literals, so that a document seen before is neither
// normalized nor looked up again: its literals are merged with the
// client's variables, which costs no allocation (request.mergeLiterals
// says when it normalizes again instead).
func (g *Gateway) prepare(req *request) (*prepared, error) {
	c, ok := g.texts.get(req.query, req.operation)
	if ok && len(c.lits) == 0 {
		return c.p, c.err
	}
	if ok {
		if v, merged := req.mergeLiterals(c); merged {
			req.variables = v
			return c.p, nil
		}
	}
	query, name := string(req.query), string(req.operation)
	nr, err := graphql.Normalize(g.backend.schema(), query, name, req.doc, req.variables)
	if err != nil {
		// Not cached: besides the document's problems, normalization
		// reports variables that do not fit the request's Doc, which
		// another request of the same text may not share.
		return nil, err
	}
	req.variables = nr.Variables
	c, ok = g.plans.getString(nr.Query, nr.OperationName)
	if !ok {
		// The limits count the structure of the operation: each literal
		// is one variable here.
		c.err = g.opts.checkLimits(nr.Query)
		if c.err == nil {
			c.p, c.err = g.backend.plan(nr.Query, nr.OperationName)
		}
		if c.err == nil || isRequestError(c.err) {
			g.plans.put(nr.Query, nr.OperationName, c)
		}
	}
	// The plan's problems are located in the normalized document, shared
	// by every client document that normalizes to it: each client gets
	// them in its own.
	c.err = nr.Locate(c.err)
	if c.err == nil && nr.Literals > 0 && len(query) <= maxCachedDocument {
		c.lits, c.names = literals(req.doc, nr)
	}
	if c.err == nil || isRequestError(c.err) {
		g.texts.put(query, name, c)
	}
	return c.p, c.err
}

// locate moves the locations of the problems with the normalized
// document of req to the client's document. It normalizes the document
// again, as the cache does not keep what locating needs: this is the
// path of a request that fails.
func (g *Gateway) locate(req *request, err error) error {
	nr, nerr := graphql.Normalize(g.backend.schema(), string(req.query), string(req.operation), req.doc, 0)
	if nerr != nil {
		return err
	}
	return nr.Locate(err)
}

// relocate returns the response out with the locations of its errors
// (field errors, located in the normalized document the plan was compiled
// from) moved to the client's document, written in a new buffer; out as it
// is when they are the same. This is the path of a response with errors.
func (g *Gateway) relocate(req *request, out []byte) []byte {
	nr, err := graphql.Normalize(g.backend.schema(), string(req.query), string(req.operation), req.doc, 0)
	if err != nil || nr.Query == string(req.query) {
		return out
	}
	d := req.doc
	root, err := d.Append(out)
	if err != nil {
		return out
	}
	b := make([]byte, 0, len(out)+64)
	for name, v := range d.Members(root) {
		b = append(b, ',')
		b = d.AppendJSON(b, name)
		b = append(b, ':')
		if !d.Equals(name, "errors") || d.Kind(v) != graft.Array {
			b = d.AppendJSON(b, v)
			continue
		}
		b = append(b, '[')
		for i, e := range d.Items(v) {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendRelocated(b, d, e, &nr)
		}
		b = append(b, ']')
	}
	b[0] = '{'
	return append(b, '}')
}

// appendRelocated appends the error e of a response with its locations
// moved from the normalized document to the client's.
func appendRelocated(b []byte, d *graft.Doc, e graft.Ref, nr *graphql.Request) []byte {
	if d.Kind(e) != graft.Object {
		return d.AppendJSON(b, e)
	}
	b = append(b, '{')
	n := 0
	for name, v := range d.Members(e) {
		if n++; n > 1 {
			b = append(b, ',')
		}
		b = d.AppendJSON(b, name)
		b = append(b, ':')
		if !d.Equals(name, "locations") || d.Kind(v) != graft.Array {
			b = d.AppendJSON(b, v)
			continue
		}
		p := graphql.Problem{}
		for _, l := range d.Items(v) {
			line, _ := d.Int64(d.Member(l, "line"))
			col, _ := d.Int64(d.Member(l, "column"))
			p.Locations = append(p.Locations, shape.Location{Line: int(line), Column: int(col)})
		}
		re := nr.Locate(&graphql.RequestError{Problems: []graphql.Problem{p}}).(*graphql.RequestError)
		b = append(b, '[')
		for i, l := range re.Problems[0].Locations {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"line":`...)
			b = strconv.AppendInt(b, int64(l.Line), 10)
			b = append(b, `,"column":`...)
			b = strconv.AppendInt(b, int64(l.Column), 10)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

// literals returns the JSON object of the literals that normalization
// extracted, the last members of the variables, and their names.
func literals(d *graft.Doc, nr graphql.Request) ([]byte, []string) {
	b := []byte{'{'}
	names := make([]string, 0, nr.Literals)
	skip := d.Len(nr.Variables) - nr.Literals
	for name, v := range d.Members(nr.Variables) {
		if skip--; skip >= 0 {
			continue
		}
		if len(b) > 1 {
			b = append(b, ',')
		}
		s, _ := d.Text(name)
		names = append(names, s)
		b = d.AppendJSON(b, name)
		b = append(b, ':')
		b = d.AppendJSON(b, v)
	}
	return append(b, '}'), names
}

func isRequestError(err error) bool {
	var re *graphql.RequestError
	return errors.As(err, &re)
}

// refuse answers a request that is not a well-formed GraphQL-over-HTTP
// request with the status of its *Error (400 when it is none) and a
// GraphQL error.
func (g *Gateway) refuse(st *state, err error) (int, []byte, int) {
	status := http.StatusBadRequest
	var e *Error
	if errors.As(err, &e) {
		status = e.Status
	}
	msg := err.Error()
	if e != nil {
		msg = e.Message
	}
	re := graphql.RequestError{Problems: []graphql.Problem{{Message: msg}}}
	return status, re.AppendResponse(g.output(st)), 1
}

// requestError answers a request that could not run: a request error
// (syntax, validation, operation name, variables, limits) is 200 under
// application/json and 400 under application/graphql-response+json, as
// GraphQL over HTTP says; any other error is the gateway's own, 500.
func (g *Gateway) requestError(st *state, err error, graphqlResponse bool) (int, []byte, int) {
	var re *graphql.RequestError
	if !errors.As(err, &re) {
		g.opts.Logger.Error("gateway: a request failed", slog.String("error", err.Error()))
		re = &graphql.RequestError{Problems: []graphql.Problem{{Message: "Internal server error."}}}
		return http.StatusInternalServerError, re.AppendResponse(g.output(st)), 1
	}
	status := http.StatusOK
	if graphqlResponse {
		status = http.StatusBadRequest
	}
	return status, re.AppendResponse(g.output(st)), 1
}

// readBody appends the body to dst, failing with 413 past limit bytes.
func readBody(dst []byte, body io.Reader, limit int64) ([]byte, error) {
	for {
		if len(dst) == cap(dst) {
			dst = append(dst, 0)[:len(dst)]
		}
		n, err := body.Read(dst[len(dst):cap(dst)])
		dst = dst[:len(dst)+n]
		if int64(len(dst)) > limit {
			return dst, &Error{Status: http.StatusRequestEntityTooLarge, Message: "The request body is larger than " + strconv.FormatInt(limit, 10) + " bytes."}
		}
		if err == io.EOF {
			return dst, nil
		}
		if err != nil {
			return dst, badRequest("The request body could not be read: " + err.Error())
		}
	}
}

// hasErrors reports whether a response carries "errors": the engine and
// request errors write them first.
func hasErrors(out []byte) int {
	if bytes.HasPrefix(out, []byte(`{"errors"`)) {
		return 1
	}
	return 0
}
