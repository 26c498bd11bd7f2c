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
	"time"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/graphql"
	"github.com/graftjson/graft/resolve"
	"github.com/vektah/gqlparser/v2/ast"
)

// Default limits, used where an Options field is zero.
const (
	DefaultMaxBodyBytes    = 1 << 20 // 1 MiB
	DefaultMaxDepth        = 64
	DefaultMaxAliases      = 256
	DefaultMaxTokens       = 20000
	DefaultCacheSize       = 1024
	DefaultSubgraphTimeout = 30 * time.Second
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

	// MaxBodyBytes bounds a POST body; a larger one is refused with 413.
	MaxBodyBytes int64
	// MaxDepth bounds how deeply the selection sets of a document nest,
	// as written; MaxAliases the aliases of a document, MaxTokens its
	// lexical tokens. A document past one of them gets a request error.
	MaxDepth, MaxAliases, MaxTokens int
	// CacheSize is how many planned operations are kept.
	CacheSize int

	// Logger receives one record per request (level Info; Warn for
	// 5xx), and the gateway's own problems; nil means slog.Default().
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
	// plan parses, validates and plans the operation operationName of
	// the document query; a problem with the request is a
	// *graphql.RequestError.
	plan(query, operationName string) (*prepared, error)
	// run executes a planned operation and appends the whole GraphQL
	// response to dst.
	run(ctx context.Context, p *prepared, req *request, conds []bool, dst []byte) ([]byte, error)
}

// prepared is a planned operation, shared by every request of the same
// document and operation name.
type prepared struct {
	op   *graphql.Operation // variable coercion
	kind ast.Operation
	plan *resolve.Plan
}

// Gateway serves GraphQL over HTTP for a supergraph: POST and GET on
// Options.Path, and GET on Options.HealthPath. It is an http.Handler to
// mount in a mux (with http.StripPrefix if it lives under a prefix) and
// is safe for concurrent use.
type Gateway struct {
	opts    Options
	backend backend
	cache   cache
	states  sync.Pool // of *state
	docs    *graft.Pool
}

// state is the per-request scratch space, pooled.
type state struct {
	req   request
	body  []byte
	out   []byte
	conds []bool
}

func newGateway(b backend, opts Options) *Gateway {
	opts.defaults()
	g := &Gateway{opts: opts, backend: b, docs: graft.NewPool(graft.Options{})}
	g.cache.init(opts.CacheSize)
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
	st.out = out[:0]
	g.docs.Put(st.req.doc)
	st.req.doc = nil
	// A state that grew for one huge request or response is dropped, so
	// that the pool does not pin its memory.
	if cap(st.out) <= maxPooledBytes && cap(st.body) <= maxPooledBytes && cap(st.req.query) <= maxPooledBytes {
		g.states.Put(st)
	}
}

// maxPooledBytes is the largest buffer a pooled request state keeps.
const maxPooledBytes = 1 << 20

// handle answers one request: the status, the response body (in st.out's
// memory) and whether it holds errors (1) or not (0).
func (g *Gateway) handle(r *http.Request, st *state, graphqlResponse bool) (status int, out []byte, errs int) {
	defer func() {
		if v := recover(); v != nil {
			g.opts.Logger.Error("gateway: panic serving a request", slog.Any("panic", v))
			status, out, errs = http.StatusInternalServerError, append(st.out[:0], `{"errors":[{"message":"Internal server error."}]}`...), 1
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
		return g.requestError(st, err, graphqlResponse)
	}
	req.header = g.forward(req.header, r.Header)
	if out, err = g.backend.run(r.Context(), p, req, st.conds, st.out[:0]); err != nil {
		return g.requestError(st, err, graphqlResponse)
	}
	return http.StatusOK, out, hasErrors(out)
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

// prepare finds the planned operation of a request in the cache, or
// checks the limits, plans it and caches it.
func (g *Gateway) prepare(req *request) (*prepared, error) {
	if p, err, ok := g.cache.get(req.query, req.operation); ok {
		return p, err
	}
	query, name := string(req.query), string(req.operation)
	err := g.opts.checkLimits(query)
	var p *prepared
	if err == nil {
		p, err = g.backend.plan(query, name)
	}
	var re *graphql.RequestError
	if err == nil || errors.As(err, &re) {
		g.cache.put(query, name, p, err)
	}
	return p, err
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
	return status, re.AppendResponse(st.out[:0]), 1
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
		return http.StatusInternalServerError, re.AppendResponse(st.out[:0]), 1
	}
	status := http.StatusOK
	if graphqlResponse {
		status = http.StatusBadRequest
	}
	return status, re.AppendResponse(st.out[:0]), 1
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
