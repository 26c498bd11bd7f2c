package federation

import (
	"sync"

	"github.com/graftjson/graft/internal/lru"
)

// DefaultPlannerSize is the number of plans a Planner keeps when NewPlanner
// is given a size below 1.
const DefaultPlannerSize = 1024

// MaxCachedDocument is the longest document (with its operation name, in
// bytes) whose plan or error a Planner keeps: its keys then hold at most
// its size times 64 KiB. A longer document is planned at each call, at a
// cost the Supergraph's limits bound.
const MaxCachedDocument = 64 << 10

// Planner caches the plans of a supergraph, keyed by the document text and
// the operation name, keeping the most recently used ones: a gateway plans
// each distinct request once. Errors are cached too, as planning the same
// texts again gives the same error; they take their place among the plans,
// so a client that sends ever new invalid documents can push plans out, as
// one that sends ever new valid ones can. Documents longer than
// MaxCachedDocument are not cached. A Planner is safe for concurrent use;
// a hit takes a lock, a map lookup and no allocation.
type Planner struct {
	s *Supergraph

	mu    sync.Mutex
	cache *lru.Cache[planKey, planned]
}

type planKey struct{ query, operation string }

type planned struct {
	plan *QueryPlan
	err  error
}

// NewPlanner returns a planner over s that keeps at most size plans
// (DefaultPlannerSize when size < 1).
func NewPlanner(s *Supergraph, size int) *Planner {
	if size < 1 {
		size = DefaultPlannerSize
	}
	return &Planner{s: s, cache: lru.New[planKey, planned](size)}
}

// Supergraph returns the supergraph the planner plans over.
func (p *Planner) Supergraph() *Supergraph { return p.s }

// Plan returns the plan of the operation, from the cache or by
// Supergraph.Plan. The plan is shared: it must not be modified.
func (p *Planner) Plan(query, operationName string) (*QueryPlan, error) {
	if len(query)+len(operationName) > MaxCachedDocument {
		return p.s.Plan(query, operationName)
	}
	k := planKey{query, operationName}
	p.mu.Lock()
	v, ok := p.cache.Get(k)
	p.mu.Unlock()
	if ok {
		return v.plan, v.err
	}
	// Plan outside the lock: two goroutines may plan the same request at
	// once; both plans are equal and the later one is kept.
	v.plan, v.err = p.s.Plan(query, operationName)
	p.mu.Lock()
	p.cache.Add(k, v)
	p.mu.Unlock()
	return v.plan, v.err
}

// Len returns the number of plans in the cache.
func (p *Planner) Len() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.cache.Len()
}
