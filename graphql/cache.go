package graphql

import (
	"container/list"
	"sync"
)

// Cache keeps compiled operations, keyed by the schema text, the document
// text and the operation name, so that a server compiles each distinct
// request once. It holds at most its size of operations (and as many
// parsed schemas), dropping the least recently used; request errors are
// cached too, as compiling the same texts again would give the same
// errors. A Cache is safe for concurrent use.
type Cache struct {
	mu      sync.Mutex
	max     int
	opts    Options
	ops     map[opKey]*list.Element
	lru     list.List // of *opEntry, most recent first
	schemas map[string]*list.Element
	slru    list.List // of *schemaEntry
}

type opKey struct{ schema, query, operation string }

type opEntry struct {
	key opKey
	op  *Operation
	err error
}

type schemaEntry struct {
	sdl    string
	schema *Schema
	err    error
}

// NewCache returns a cache holding at most size operations (at least 1),
// whose schemas are parsed with opts.
func NewCache(size int, opts Options) *Cache {
	if size < 1 {
		size = 1
	}
	return &Cache{max: size, opts: opts, ops: map[opKey]*list.Element{}, schemas: map[string]*list.Element{}}
}

// Compile returns the operation compiled from the schema text sdl, the
// document query and the operation name, from the cache or by ParseSchema
// and Compile. Its errors are theirs: a *SchemaError or a *RequestError.
func (c *Cache) Compile(sdl, query, operationName string) (*Operation, error) {
	key := opKey{sdl, query, operationName}
	c.mu.Lock()
	if e, ok := c.ops[key]; ok {
		c.lru.MoveToFront(e)
		ent := e.Value.(*opEntry)
		c.mu.Unlock()
		return ent.op, ent.err
	}
	c.mu.Unlock()

	// Compile outside the lock: two goroutines may compile the same
	// request at once; both results are equal and the later one is kept.
	s, err := c.schema(sdl)
	var op *Operation
	if err == nil {
		op, err = Compile(s, query, operationName)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.ops[key]; ok {
		c.lru.Remove(e)
	}
	c.ops[key] = c.lru.PushFront(&opEntry{key: key, op: op, err: err})
	for c.lru.Len() > c.max {
		last := c.lru.Back()
		delete(c.ops, last.Value.(*opEntry).key)
		c.lru.Remove(last)
	}
	return op, err
}

// Len returns the number of operations in the cache.
func (c *Cache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lru.Len()
}

func (c *Cache) schema(sdl string) (*Schema, error) {
	c.mu.Lock()
	if e, ok := c.schemas[sdl]; ok {
		c.slru.MoveToFront(e)
		ent := e.Value.(*schemaEntry)
		c.mu.Unlock()
		return ent.schema, ent.err
	}
	c.mu.Unlock()
	s, err := ParseSchema(sdl, c.opts)
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.schemas[sdl]; ok {
		c.slru.Remove(e)
	}
	c.schemas[sdl] = c.slru.PushFront(&schemaEntry{sdl: sdl, schema: s, err: err})
	for c.slru.Len() > c.max {
		last := c.slru.Back()
		delete(c.schemas, last.Value.(*schemaEntry).sdl)
		c.slru.Remove(last)
	}
	return s, err
}
