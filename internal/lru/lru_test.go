package lru

import (
	"math/rand"
	"testing"
)

func TestCache(t *testing.T) {
	c := New[string, int](2)
	c.Add("a", 1)
	c.Add("b", 2)
	if v, ok := c.Get("a"); !ok || v != 1 { // a is now the most recent
		t.Fatalf("Get(a) = %d, %v", v, ok)
	}
	c.Add("c", 3) // drops b
	if _, ok := c.Get("b"); ok {
		t.Error("b was not dropped")
	}
	c.Add("a", 10) // replaces, keeps the bound
	if v, _ := c.Get("a"); v != 10 || c.Len() != 2 {
		t.Errorf("Get(a) = %d, Len() = %d", v, c.Len())
	}
	if v, ok := c.Get("c"); !ok || v != 3 {
		t.Errorf("Get(c) = %d, %v", v, ok)
	}
}

func TestBoundAtLeastOne(t *testing.T) {
	c := New[int, int](0)
	c.Add(1, 1)
	c.Add(2, 2)
	if c.Len() != 1 {
		t.Fatalf("Len() = %d, want 1", c.Len())
	}
	if _, ok := c.Get(2); !ok {
		t.Error("the last entry added is gone")
	}
}

// The cache agrees with a model (a slice in recency order) over random
// operations.
func TestModel(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	const bound = 5
	c := New[int, int](bound)
	var model []int // keys, most recent first
	vals := map[int]int{}
	touch := func(k int) {
		for i, x := range model {
			if x == k {
				model = append(model[:i], model[i+1:]...)
				break
			}
		}
		model = append([]int{k}, model...)
	}
	for i := 0; i < 10000; i++ {
		k := rng.Intn(12)
		if rng.Intn(2) == 0 {
			c.Add(k, i)
			vals[k] = i
			touch(k)
			if len(model) > bound {
				delete(vals, model[bound])
				model = model[:bound]
			}
			continue
		}
		v, ok := c.Get(k)
		want, in := vals[k]
		if ok != in || ok && v != want {
			t.Fatalf("step %d: Get(%d) = %d, %v; want %d, %v", i, k, v, ok, want, in)
		}
		if ok {
			touch(k)
		}
	}
	if c.Len() != len(model) {
		t.Errorf("Len() = %d, want %d", c.Len(), len(model))
	}
}
