// Package lru is a small least-recently-used map with a fixed bound.
//
// A Cache is not safe for concurrent use: its users hold their own lock
// (a Get moves the entry, so even reads write).
package lru

// Cache maps keys to values and holds at most its bound of entries,
// dropping the least recently used one when an Add goes past it.
type Cache[K comparable, V any] struct {
	max  int
	m    map[K]*entry[K, V]
	root entry[K, V] // root.next is the most recent entry, root.prev the least
}

type entry[K comparable, V any] struct {
	key        K
	val        V
	prev, next *entry[K, V]
}

// New returns a cache holding at most bound entries (at least 1).
func New[K comparable, V any](bound int) *Cache[K, V] {
	c := &Cache[K, V]{max: max(bound, 1), m: map[K]*entry[K, V]{}}
	c.root.prev, c.root.next = &c.root, &c.root
	return c
}

// Get returns the value of key and marks it the most recently used.
func (c *Cache[K, V]) Get(key K) (V, bool) {
	e, ok := c.m[key]
	if !ok {
		var zero V
		return zero, false
	}
	c.unlink(e)
	c.pushFront(e)
	return e.val, true
}

// Add sets the value of key, as the most recently used entry, and drops the
// least recently used entry if the cache holds more than its bound.
func (c *Cache[K, V]) Add(key K, val V) {
	if e, ok := c.m[key]; ok {
		e.val = val
		c.unlink(e)
		c.pushFront(e)
		return
	}
	e := &entry[K, V]{key: key, val: val}
	c.m[key] = e
	c.pushFront(e)
	if len(c.m) > c.max {
		last := c.root.prev
		c.unlink(last)
		delete(c.m, last.key)
	}
}

// Len returns the number of entries.
func (c *Cache[K, V]) Len() int { return len(c.m) }

func (c *Cache[K, V]) unlink(e *entry[K, V]) {
	e.prev.next, e.next.prev = e.next, e.prev
	e.prev, e.next = nil, nil
}

func (c *Cache[K, V]) pushFront(e *entry[K, V]) {
	e.prev, e.next = &c.root, c.root.next
	c.root.next.prev = e
	c.root.next = e
}
