package federation

import (
	"container/list"
	"sync"
)

// DefaultPlannerSize is the number of plans a Planner keeps when NewPlanner
// is given a size below 1.
const DefaultPlannerSize = 1024

// Planner caches the plans of a supergraph, keyed by the document text and
// the operation name, keeping the most recently used ones: a gateway plans
// each distinct request once. Errors are cached too, as planning the same
// texts again gives the same error. A Planner is safe for concurrent use;
// a hit takes a lock, a map lookup and no allocation.
type Planner struct {
	s   *Supergraph
	max int

	mu  sync.Mutex
	m   map[planKey]*list.Element
	lru list.List // of *planEntry, most recent first
}

type planKey struct{ query, operation string }

type planEntry struct {
	key  planKey
	plan *QueryPlan
	err  error
}

// NewPlanner returns a planner over s that keeps at most size plans
// (DefaultPlannerSize when size < 1).
func NewPlanner(s *Supergraph, size int) *Planner {
	if size < 1 {
		size = DefaultPlannerSize
	}
	return &Planner{s: s, max: size, m: make(map[planKey]*list.Element, size)}
}

// Supergraph returns the supergraph the planner plans over.
func (p *Planner) Supergraph() *Supergraph { return p.s }

// Plan returns the plan of the operation, from the cache or by
// Supergraph.Plan. The plan is shared: it must not be modified.
func (p *Planner) Plan(query, operationName string) (*QueryPlan, error) {
	k := planKey{query, operationName}
	p.mu.Lock()
	if e, ok := p.m[k]; ok {
		p.lru.MoveToFront(e)
		ent := e.Value.(*planEntry)
		p.mu.Unlock()
		return ent.plan, ent.err
	}
	p.mu.Unlock()

	// Plan outside the lock: two goroutines may plan the same request at
	// once; both plans are equal and the later one is kept.
	plan, err := p.s.Plan(query, operationName)
	p.mu.Lock()
	defer p.mu.Unlock()
	if e, ok := p.m[k]; ok {
		p.lru.Remove(e)
	}
	p.m[k] = p.lru.PushFront(&planEntry{key: k, plan: plan, err: err})
	for p.lru.Len() > p.max {
		last := p.lru.Back()
		delete(p.m, last.Value.(*planEntry).key)
		p.lru.Remove(last)
	}
	return plan, err
}

// Len returns the number of plans in the cache.
func (p *Planner) Len() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.lru.Len()
}
