package gateway

import (
	"context"
	"sort"
	"strconv"
	"strings"

	"github.com/graftjson/graft/federation"
	"github.com/graftjson/graft/graphql"
	"github.com/graftjson/graft/resolve"
	"github.com/graftjson/graft/resolve/httptransport"
)

// New returns a gateway for the supergraph SDL text supergraph, as
// Apollo's and The Guild's composition tools write it. The subgraph URLs
// come from its join__graph directives, overridden by opts.Subgraphs. An
// invalid supergraph, a subgraph without a URL or an override naming no
// subgraph is an error.
func New(supergraph string, opts Options) (*Gateway, error) {
	opts.defaults()
	// The planner compiles operations with the same depth limit, counted
	// there with fragments expanded, and counts their fields.
	sg, err := federation.Parse([]byte(supergraph), federation.Options{MaxDepth: opts.MaxDepth, MaxFields: opts.MaxFields})
	if err != nil {
		return nil, &Error{Message: "supergraph: " + err.Error(), Err: err}
	}
	urls := map[string]string{}
	for _, s := range sg.Subgraphs() {
		urls[s.Name] = s.URL
	}
	for _, name := range sortedKeys(opts.Subgraphs) {
		if _, ok := urls[name]; !ok {
			return nil, &Error{Message: "subgraph " + strconv.Quote(name) + ": the supergraph has no subgraph of that name (it has " + strings.Join(sortedKeys(urls), ", ") + ")"}
		}
		urls[name] = opts.Subgraphs[name]
	}
	for name, d := range opts.SubgraphTimeouts {
		if _, ok := urls[name]; !ok {
			return nil, &Error{Message: "subgraph timeout " + strconv.Quote(name) + ": the supergraph has no subgraph of that name (it has " + strings.Join(sortedKeys(urls), ", ") + ")"}
		}
		if d <= 0 {
			return nil, &Error{Message: "subgraph timeout " + strconv.Quote(name) + ": must be positive"}
		}
	}
	for _, name := range sortedKeys(urls) {
		if urls[name] == "" {
			return nil, &Error{Message: "subgraph " + strconv.Quote(name) + " has no URL in the supergraph: give it one in Options.Subgraphs (graft serve --subgraph " + name + "=URL)"}
		}
	}
	subgraphs, err := httptransport.New(httptransport.Options{URLs: urls, Timeout: opts.SubgraphTimeout, Timeouts: opts.SubgraphTimeouts, MaxResponseBytes: opts.SubgraphMaxBytes})
	if err != nil {
		return nil, &Error{Message: err.Error(), Err: err}
	}
	t := &transport{subgraphs: subgraphs, introspection: newIntrospection(sg.APISchema())}
	ro := resolve.Options{Dedup: opts.Dedup, MaskUpstreamErrors: !opts.ExposeSubgraphErrors}
	if ro.MaskUpstreamErrors {
		ro.OnUpstreamError = newErrorLog(opts.Logger).record
	}
	f := &federated{sg: sg, engine: resolve.NewEngine(t, ro)}
	return newGateway(f, opts), nil
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// federated is the backend of a supergraph: package federation plans,
// package resolve runs the plans.
type federated struct {
	sg     *federation.Supergraph
	engine *resolve.Engine
}

// schema is the planner's API schema: normalizing reads only its limits,
// the planner's own (federation.Supergraph.Schema).
func (f *federated) schema() *graphql.Schema { return f.sg.Schema() }

func (f *federated) plan(query, name string) (*prepared, error) {
	qp, err := f.sg.Plan(query, name)
	if err != nil {
		return nil, err
	}
	return &prepared{op: qp.Operation, kind: qp.Operation.Definition().Operation, plan: qp.Exec}, nil
}

func (f *federated) run(ctx context.Context, p *prepared, req *request, conds []bool, dst []byte) ([]byte, error) {
	req.vars = req.vars[:0]
	if req.variables != 0 {
		req.vars = req.doc.AppendJSON(req.vars, req.variables)
	}
	req.engine = resolve.Request{Variables: req.vars, Conditions: conds, Header: req.header, SizeHint: int(min(p.size.Load()*17/16, maxPooledBytes))}
	return f.engine.Execute(ctx, p.plan, &req.engine, dst)
}
