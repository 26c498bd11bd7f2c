package cli

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/graftjson/graft/federation"
	"github.com/graftjson/graft/gateway"
	"github.com/graftjson/graft/internal/demo"
	"github.com/graftjson/graft/resolve/httptransport"
)

func serveCommand() *command {
	return &command{
		name:    "serve",
		summary: "run the GraphQL federation gateway",
		synopsis: "graft serve (--supergraph FILE | --demo) [--listen ADDR]\n" +
			"                   [--subgraph NAME=URL]... [flags]",
		help: `Serve runs a GraphQL federation gateway: clients send GraphQL operations
to one endpoint, and graft plans which subgraph owns each field, fetches
from them (root fields, then @key entity jumps in batches), merges their
answers and sends one response.

Its input is a supergraph SDL, as Apollo's composition (rover supergraph
compose, @apollo/composition) and The Guild's (@theguild/federation-
composition) write it from the subgraphs' schemas. The subgraph URLs come
from its join__graph(name:, url:) directives; --subgraph or a --config
file overrides them per subgraph.

Endpoints (on ADDR):
  POST /graphql   {"query","operationName","variables","extensions"}
  GET  /graphql   ?query=…&operationName=…&variables=… (queries only:
                  a mutation over GET is refused with 405)
  GET  /health    200 {"status":"pass"} once the supergraph is loaded

Responses are application/json, or application/graphql-response+json
when the client's Accept header asks for it (then a request that cannot
run is 400, as GraphQL over HTTP says). Introspection (__schema, __type)
is answered by graft from the API schema. A subgraph that fails, times
out or answers garbage gives null where its fields were and an error
naming it; the rest of the data is sent. One log line per request goes to
standard error. SIGINT or SIGTERM stops the server: in-flight requests
finish first (for at most --drain).

--demo runs the classic federation demo instead: four subgraphs
(accounts, products, reviews, inventory) served in-process from data
built into graft, on ports of 127.0.0.1 chosen by the system, and the
gateway over them. It prints a curl command to try.

Flags:
  --supergraph FILE       the supergraph SDL
  --demo                  serve the built-in demo
  --listen ADDR           where to listen (default 127.0.0.1:4000; port 0
                          picks a free port, printed at start)
  --subgraph NAME=URL     send the requests of subgraph NAME to URL
                          (repeatable)
  --config FILE           a JSON file {"subgraphs": {"NAME": "URL", …},
                          "timeouts": {"NAME": "2s", …}}; --subgraph flags
                          win over it; a timeout there is subgraph NAME's own
  --forward-header NAME   send the client's header NAME on to the subgraphs
                          (repeatable; none by default)
  --expose-subgraph-errors
                          send the errors subgraphs return to clients as
                          they are; by default each keeps its path, its
                          extensions.code and the subgraph's name, and its
                          message becomes "Upstream NAME returned an
                          error.", as a subgraph's messages (a database's
                          error, a stack trace, an internal address) are
                          written for its developers, not for clients;
                          masked, each is logged instead (level warn,
                          "subgraph error", at most 10 a second)
  --subgraph-timeout D    the most a subgraph request may take (default 30s)
  --request-timeout D     the most a request's subgraph requests may take in
                          all; past it the client gets 504 (default 1m)
  --max-subgraph-response N
                          the largest subgraph response, in bytes (default
                          64 MiB); a larger one is that subgraph's error
  --dedup                 share one subgraph request among identical ones in
                          flight at once (same subgraph, body and forwarded
                          headers: clients whose forwarded headers differ
                          never share a response)
  --max-body N            the largest request body, in bytes (default 1 MiB);
                          it is what bounds argument literals (a bulk
                          mutation's inline list)
  --max-depth N           the most nested selection sets (default 64)
  --max-aliases N         the most aliases in an operation (default 256)
  --max-tokens N          the most tokens in an operation, each argument
                          literal counted as one variable (default 20000)
  --max-fields N          the most fields an operation selects with its
                          fragments expanded (default 2000): a few aliases
                          and fragments can double a selection at each
                          level; a larger one is refused before any fetch.
                          Fields of one response name on one type count
                          once, however many fragments repeat them
  --drain D               how long shutdown waits for requests (default 30s)
  --log-format F          text or json (default text)
  --log-level L           info (a record per request), warn (requests
                          answered 5xx, masked subgraph errors and the
                          gateway's problems) or error
                          (default info)

Exit status:
  0  stopped by SIGINT or SIGTERM
  1  the supergraph or the config cannot be read or is invalid
     (FILE:LINE:COLUMN: reason), or ADDR cannot be listened on
  2  usage error

Examples:
  graft serve --demo
  graft serve --supergraph supergraph.graphql --listen 0.0.0.0:4000
  graft serve --supergraph supergraph.graphql \
      --subgraph products=http://localhost:4002/graphql
`,
		run: runServe,
	}
}

// subgraphFlags collects repeated --subgraph NAME=URL flags.
type subgraphFlags map[string]string

func (s subgraphFlags) String() string { return "" }

func (s subgraphFlags) Set(v string) error {
	name, url, ok := strings.Cut(v, "=")
	if !ok || name == "" || url == "" {
		return errors.New("want NAME=URL")
	}
	s[name] = url
	return nil
}

// headerFlags collects repeated --forward-header NAME flags.
type headerFlags []string

func (h *headerFlags) String() string { return "" }

func (h *headerFlags) Set(v string) error {
	if v == "" || strings.ContainsAny(v, " :\t\r\n") {
		return errors.New("want a header name")
	}
	*h = append(*h, v)
	return nil
}

// serveHooks lets tests watch a server: ready gets the address listened
// on, shutdown is called when draining begins; wrap, when set, wraps the
// gateway's handler.
type serveHooks struct {
	ctx      context.Context // replaces the signal context when set
	ready    func(addr string)
	shutdown func()
	wrap     func(http.Handler) http.Handler
}

func runServe(r *runner, c *command, args []string) int {
	fs := flags(c)
	supergraphFile := fs.String("supergraph", "", "the supergraph `FILE`")
	demoMode := fs.Bool("demo", false, "serve the demo")
	listen := fs.String("listen", "127.0.0.1:4000", "the `ADDR` to listen on")
	subgraphs := subgraphFlags{}
	fs.Var(subgraphs, "subgraph", "`NAME=URL` of a subgraph")
	configFile := fs.String("config", "", "the config `FILE`")
	var forward headerFlags
	fs.Var(&forward, "forward-header", "a header `NAME` to forward")
	timeout := fs.Duration("subgraph-timeout", gateway.DefaultSubgraphTimeout, "subgraph request timeout")
	requestTimeout := fs.Duration("request-timeout", gateway.DefaultRequestTimeout, "the most a request's fetches may take in all")
	maxResponse := fs.Int64("max-subgraph-response", httptransport.DefaultMaxResponseBytes, "the largest subgraph response")
	dedup := fs.Bool("dedup", false, "share identical subgraph requests in flight")
	expose := fs.Bool("expose-subgraph-errors", false, "send subgraph errors to clients unmasked")
	maxBody := fs.Int64("max-body", gateway.DefaultMaxBodyBytes, "the largest request body")
	maxDepth := fs.Int("max-depth", gateway.DefaultMaxDepth, "the most nested selection sets")
	maxAliases := fs.Int("max-aliases", gateway.DefaultMaxAliases, "the most aliases")
	maxTokens := fs.Int("max-tokens", gateway.DefaultMaxTokens, "the most tokens")
	maxFields := fs.Int("max-fields", gateway.DefaultMaxFields, "the most fields, fragments expanded")
	drain := fs.Duration("drain", 30*time.Second, "how long shutdown waits")
	logFormat := fs.String("log-format", "text", "text or json")
	logLevel := fs.String("log-level", "info", "info, warn or error")
	operands, code, ok := r.parseFlags(c, fs, args)
	if !ok {
		return code
	}
	switch {
	case len(operands) > 0:
		return r.usageError(c, "unexpected argument "+quote(operands[0]))
	case *demoMode == (*supergraphFile != ""):
		return r.usageError(c, "give either --supergraph FILE or --demo")
	case *demoMode && (len(subgraphs) > 0 || *configFile != ""):
		return r.usageError(c, "--demo serves its own subgraphs: --subgraph and --config do not apply")
	case *logFormat != "text" && *logFormat != "json":
		return r.usageError(c, "--log-format must be text or json")
	}
	var level slog.Level
	switch *logLevel {
	case "info":
	case "warn":
		level = slog.LevelWarn
	case "error":
		level = slog.LevelError
	default:
		return r.usageError(c, "--log-level must be info, warn or error")
	}
	for _, n := range []struct {
		name string
		v    int64
	}{{"max-body", *maxBody}, {"max-subgraph-response", *maxResponse}, {"max-depth", int64(*maxDepth)}, {"max-aliases", int64(*maxAliases)}, {"max-tokens", int64(*maxTokens)}, {"max-fields", int64(*maxFields)}} {
		if n.v <= 0 {
			return r.usageError(c, "--"+n.name+" must be positive")
		}
	}
	if *timeout <= 0 || *drain <= 0 {
		return r.usageError(c, "--subgraph-timeout and --drain must be positive")
	}

	var logger *slog.Logger
	if *logFormat == "json" {
		logger = slog.New(slog.NewJSONHandler(r.stderr, &slog.HandlerOptions{Level: level}))
	} else {
		logger = slog.New(slog.NewTextHandler(r.stderr, &slog.HandlerOptions{Level: level}))
	}
	opts := gateway.Options{
		SubgraphTimeout: *timeout, RequestTimeout: *requestTimeout, MaxBodyBytes: *maxBody, MaxDepth: *maxDepth,
		MaxAliases: *maxAliases, MaxTokens: *maxTokens, MaxFields: *maxFields, Logger: logger,
		ForwardHeaders: forward, SubgraphMaxBytes: *maxResponse, Dedup: *dedup, ExposeSubgraphErrors: *expose,
	}
	var sdl, name string
	if *demoMode {
		urls, stop, err := startDemo()
		if err != nil {
			r.report("graft serve: the demo's subgraphs: " + err.Error())
			return exitFail
		}
		defer stop()
		sdl, name, opts.Subgraphs = demo.Supergraph, "demo supergraph", urls
	} else {
		b, err := r.read(*supergraphFile)
		if err != nil {
			r.report(describe(displayName(*supergraphFile), err))
			return exitFail
		}
		sdl, name = string(b), displayName(*supergraphFile)
		opts.Subgraphs = map[string]string{}
		if *configFile != "" {
			if code := r.readServeConfig(*configFile, &opts); code != exitOK {
				return code
			}
		}
		for k, v := range subgraphs {
			opts.Subgraphs[k] = v
		}
	}
	g, err := gateway.New(sdl, opts)
	if err != nil {
		var fe *federation.Error
		if errors.As(err, &fe) && fe.Line > 0 {
			r.report(name + ":" + strconv.Itoa(fe.Line) + ":" + strconv.Itoa(fe.Column) + ": " + fe.Message)
		} else {
			r.report("graft serve: " + strings.TrimPrefix(err.Error(), "gateway: "))
		}
		return exitFail
	}
	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		r.report("graft serve: " + err.Error())
		return exitFail
	}
	return r.serve(ln, g, *demoMode, *drain, logger)
}

// serve runs the gateway on ln until a signal (or the hooks' context) ends
// it, then drains.
func (r *runner) serve(ln net.Listener, g http.Handler, demoMode bool, drain time.Duration, logger *slog.Logger) int {
	ctx := r.hooks.ctx
	if ctx == nil {
		var stop context.CancelFunc
		ctx, stop = signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
	}
	if r.hooks.wrap != nil {
		g = r.hooks.wrap(g)
	}
	srv := &http.Server{
		Handler:           g,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       time.Minute, // a client sending its body slowly
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
	if r.hooks.shutdown != nil {
		srv.RegisterOnShutdown(r.hooks.shutdown)
	}
	addr := ln.Addr().String()
	msg := "graft serve: listening on http://" + addr + "/graphql (health: http://" + addr + "/health)\n"
	if demoMode {
		msg += "Try:\n  curl -s http://" + addr + "/graphql -H 'Content-Type: application/json' \\\n" +
			"    -d '{\"query\":\"{ topProducts { name reviews { body author { name } } } }\"}'\n"
	}
	if code := r.output([]byte(msg)); code != exitOK {
		ln.Close()
		return code
	}
	if r.hooks.ready != nil {
		r.hooks.ready(addr)
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		r.report("graft serve: " + err.Error())
		return exitFail
	case <-ctx.Done():
	}
	logger.Info("graft serve: shutting down; waiting for in-flight requests", slog.Duration("drain", drain))
	sctx, cancel := context.WithTimeout(context.Background(), drain)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		r.report("graft serve: shutdown: " + err.Error())
		srv.Close()
		return exitFail
	}
	return exitOK
}

// readServeConfig reads {"subgraphs": {"NAME": "URL", …}, "timeouts":
// {"NAME": "2s", …}} into opts.
func (r *runner) readServeConfig(file string, opts *gateway.Options) int {
	b, err := r.read(file)
	if err != nil {
		r.report(describe(displayName(file), err))
		return exitFail
	}
	var cfg struct {
		Subgraphs map[string]string `json:"subgraphs"`
		Timeouts  map[string]string `json:"timeouts"`
	}
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&cfg); err != nil {
		r.report(displayName(file) + ": " + err.Error())
		return exitFail
	}
	for k, v := range cfg.Subgraphs {
		opts.Subgraphs[k] = v
	}
	for k, v := range cfg.Timeouts {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			r.report(displayName(file) + ": timeout of " + quote(k) + ": want a positive duration such as \"2s\", not " + quote(v))
			return exitFail
		}
		if opts.SubgraphTimeouts == nil {
			opts.SubgraphTimeouts = map[string]time.Duration{}
		}
		opts.SubgraphTimeouts[k] = d
	}
	return exitOK
}

// startDemo serves the demo's subgraphs on 127.0.0.1, each on a port of
// its own, and returns their URLs and a function stopping them.
func startDemo() (map[string]string, func(), error) {
	subs, err := demo.Subgraphs()
	if err != nil {
		return nil, nil, err
	}
	names := make([]string, 0, len(subs))
	for name := range subs {
		names = append(names, name)
	}
	sort.Strings(names)
	urls := map[string]string{}
	var servers []*http.Server
	stop := func() {
		for _, s := range servers {
			s.Close()
		}
	}
	for _, name := range names {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			stop()
			return nil, nil, err
		}
		s := &http.Server{Handler: subs[name], ReadHeaderTimeout: 10 * time.Second}
		servers = append(servers, s)
		go s.Serve(ln)
		urls[name] = "http://" + ln.Addr().String() + "/graphql"
	}
	return urls, stop, nil
}
