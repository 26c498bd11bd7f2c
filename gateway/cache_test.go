package gateway

import (
	"strconv"
	"strings"
	"testing"
)

func TestCache(t *testing.T) {
	var c cache
	c.init(2)
	p1, p2, p3 := &prepared{}, &prepared{}, &prepared{}
	c.put("{a}", "", cached{p: p1})
	c.put("{a}", "A", cached{p: p2}) // same document, another operation
	if got, ok := c.get([]byte("{a}"), nil); !ok || got.p != p1 {
		t.Fatalf("get {a}: %v %v", got, ok)
	}
	c.put("{b}", "", cached{p: p3}) // evicts the least recently used: {a} A
	if _, ok := c.get([]byte("{a}"), []byte("A")); ok {
		t.Error("{a} A is still cached past the size")
	}
	for _, k := range []string{"{a}", "{b}"} {
		if _, ok := c.get([]byte(k), nil); !ok {
			t.Errorf("%s was evicted", k)
		}
	}
	huge := "{" + strings.Repeat("a ", maxCachedDocument) + "}"
	c.put(huge, "", cached{p: p1})
	if _, ok := c.get([]byte(huge), nil); ok {
		t.Error("a document past maxCachedDocument was cached")
	}
	for i := 0; i < 10; i++ {
		c.put("{c"+strconv.Itoa(i)+"}", "", cached{p: p1})
	}
	if n := c.lru.Len(); n != 2 || len(c.docs) != 2 {
		t.Errorf("%d entries for %d documents, want 2 and 2", n, len(c.docs))
	}
}
