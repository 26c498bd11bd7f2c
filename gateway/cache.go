package gateway

import (
	"container/list"
	"sync"
)

// cache keeps planned operations (and request errors) by document text and
// operation name, dropping the least recently used past its size. Looking
// up a cached operation does not allocate: it indexes a map with the
// request's bytes converted in place, which internal/lru's generic Get
// cannot do (its key is a value, so the bytes would be copied into a
// string). It is safe for concurrent use.
type cache struct {
	mu   sync.Mutex
	max  int
	docs map[string][]*list.Element // document -> its operations' entries
	lru  list.List                  // of *cacheEntry, most recent first
}

type cacheEntry struct {
	query, operation string
	p                *prepared
	err              error
}

func (c *cache) init(size int) {
	c.max = size
	c.docs = make(map[string][]*list.Element)
}

func (c *cache) get(query, operation []byte) (*prepared, error, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, e := range c.docs[string(query)] {
		if ent := e.Value.(*cacheEntry); ent.operation == string(operation) {
			c.lru.MoveToFront(e)
			return ent.p, ent.err, true
		}
	}
	return nil, nil, false
}

// maxCachedDocument is the longest document cached: the cache's keys
// then hold at most its size times 64 KiB.
const maxCachedDocument = 64 << 10

func (c *cache) put(query, operation string, p *prepared, err error) {
	if len(query) > maxCachedDocument {
		return // planned for each request; the limits bound the cost
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, e := range c.docs[query] {
		if e.Value.(*cacheEntry).operation == operation {
			return // planned twice at once; keep the first
		}
	}
	c.docs[query] = append(c.docs[query], c.lru.PushFront(&cacheEntry{query, operation, p, err}))
	for c.lru.Len() > c.max {
		last := c.lru.Back()
		ent := c.lru.Remove(last).(*cacheEntry)
		list := c.docs[ent.query]
		for i, e := range list {
			if e == last {
				list = append(list[:i], list[i+1:]...)
				break
			}
		}
		if len(list) == 0 {
			delete(c.docs, ent.query)
		} else {
			c.docs[ent.query] = list
		}
	}
}
