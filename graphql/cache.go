package graphql

import (
	"sync"

	"github.com/graftjson/graft/internal/lru"
)

// Cache keeps compiled operations, keyed by the schema text, the document
// text and the operation name, so that a server compiles each distinct
// request once. It holds at most its size of operations (and as many
// parsed schemas), dropping the least recently used; request errors are
// cached too, as compiling the same texts again would give the same
// errors. A Cache is safe for concurrent use.
type Cache struct {
	mu      sync.Mutex
	opts    Options
	ops     *lru.Cache[opKey, compiled[*Operation]]
	schemas *lru.Cache[string, compiled[*Schema]]
}

type opKey struct{ schema, query, operation string }

// compiled is a cached result: a value or its error.
type compiled[T any] struct {
	v   T
	err error
}

// NewCache returns a cache holding at most size operations (at least 1),
// whose schemas are parsed with opts.
func NewCache(size int, opts Options) *Cache {
	return &Cache{opts: opts, ops: lru.New[opKey, compiled[*Operation]](size), schemas: lru.New[string, compiled[*Schema]](size)}
}

// Compile returns the operation compiled from the schema text sdl, the
// document query and the operation name, from the cache or by ParseSchema
// and Compile. Its errors are theirs: a *SchemaError or a *RequestError.
func (c *Cache) Compile(sdl, query, operationName string) (*Operation, error) {
	key := opKey{sdl, query, operationName}
	return cached(c, c.ops, key, func() (*Operation, error) {
		s, err := cached(c, c.schemas, sdl, func() (*Schema, error) { return ParseSchema(sdl, c.opts) })
		if err != nil {
			return nil, err
		}
		return Compile(s, query, operationName)
	})
}

// cached returns the entry of key in m, or makes it with make outside the
// lock: two goroutines may make the same entry at once; both results are
// equal and the later one is kept.
func cached[K comparable, T any](c *Cache, m *lru.Cache[K, compiled[T]], key K, make func() (T, error)) (T, error) {
	c.mu.Lock()
	e, ok := m.Get(key)
	c.mu.Unlock()
	if ok {
		return e.v, e.err
	}
	v, err := make()
	c.mu.Lock()
	m.Add(key, compiled[T]{v, err})
	c.mu.Unlock()
	return v, err
}

// Len returns the number of operations in the cache.
func (c *Cache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.ops.Len()
}
