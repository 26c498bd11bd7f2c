package shape

import (
	"slices"
	"strings"
)

// KeyAt names the data member that the fields of one response name read
// at one position, instead of their Key: a federation planner that fetched
// them under a private alias (fields of several object types that share an
// upstream selection and whose types conflict there) reads them back
// under the client's response name.
type KeyAt struct {
	// Path is the position of the objects: the data's member names from
	// the root (the Keys the fields on the way read, as rekeyed), with
	// "@" for each list level.
	Path []string
	// Type is the objects' type: an Object's name, or the Type of an
	// Abstract position's Case.
	Type string
	// Name is the fields' response name, and Field their schema field
	// name (Field.Schema, or Key where Schema is empty): fields of one
	// response name at positions of one path may be different fields.
	Name, Field string
	// Within, when not empty, limits the entry to the objects reached
	// through objects of these types: one type name per object level of
	// Path between the root and the objects (one per member name of Path
	// but the last), "" where the objects of that level may be of any
	// type. Fields of one response name at one path may be different
	// fields, or one field with different arguments, when the objects on
	// the way differ in type (sibling cases of an abstract position): the
	// entries for them name the types that tell them apart, and "" where
	// nothing needs telling apart. An entry whose Within is of another
	// length matches no field. (resolve.Entity.Within names the objects on
	// the way to an entity fetch's objects by the same rule.)
	Within []string
	// Key is the member to read.
	Key string
}

// Rekey returns a plan that reads the fields at the positions keys names
// from their KeyAt.Key. Only the objects along those paths are copied;
// the rest of the plan is shared with p, which is not changed. Entries
// that match no field are ignored; with none, Rekey returns p.
func (p *Plan) Rekey(keys []KeyAt) *Plan {
	if len(keys) == 0 {
		return p
	}
	root := &keyTrie{}
	for i := range keys {
		k := &keys[i]
		members := 0
		for _, s := range k.Path {
			if s != "@" {
				members++
			}
		}
		if len(k.Within) > 0 && len(k.Within) != members-1 {
			continue
		}
		n, level := root, -1 // level: that of the objects at n
		for _, s := range k.Path {
			if s != "@" {
				level++
			}
			n = n.child(s)
			if level >= 0 && level < len(k.Within) && k.Within[level] != "" {
				n.typed = true
			}
		}
		n.keys = append(n.keys, k)
	}
	r := rekeyer{typs: map[rekeyed]*typ{}, objs: map[rekeyedObject]*object{}, ways: map[way]*way{}}
	q := *p
	q.root = r.object(p.root, root, nil)
	return &q
}

// keyTrie holds the KeyAt entries by path: keys are those whose path ends
// here. typed marks the nodes where objects are whose type an entry below
// names in its Within.
type keyTrie struct {
	next   map[string]*keyTrie
	keys   []*KeyAt // in the order given; by Name once sorted
	sorted bool
	typed  bool
}

func (n *keyTrie) child(s string) *keyTrie {
	if n.next == nil {
		n.next = map[string]*keyTrie{}
	}
	c := n.next[s]
	if c == nil {
		c = &keyTrie{}
		n.next[s] = c
	}
	return c
}

// named returns the entries at n of the response name name, in the order
// given: the last that matches a field is the one it takes. The entries are
// sorted by name (stably) on the first call, so that a position with many
// entries is rekeyed in time n log n, not n².
func (n *keyTrie) named(name string) []*KeyAt {
	if !n.sorted {
		slices.SortStableFunc(n.keys, func(a, b *KeyAt) int { return strings.Compare(a.Name, b.Name) })
		n.sorted = true
	}
	i, _ := slices.BinarySearchFunc(n.keys, name, func(k *KeyAt, name string) int { return strings.Compare(k.Name, name) })
	j := i
	for j < len(n.keys) && n.keys[j].Name == name {
		j++
	}
	return n.keys[i:j]
}

// way is the types of the objects on the way to a position as Rekey
// walks them, from the root's child level to typ, with "" for the levels
// whose type no entry names (so that ways differing only there are one).
// Ways are interned (rekeyer.child): one way is one *way, a memo key. The
// empty way, below the root, has no up.
type way struct {
	up  *way
	typ string
}

// matches reports whether the way w, of as many levels as within, holds
// the types within names, "" matching any.
func (w *way) matches(within []string) bool {
	for i := len(within) - 1; i >= 0; i-- {
		if within[i] != "" && within[i] != w.typ {
			return false
		}
		w = w.up
	}
	return true
}

// rekeyer copies the parts of a plan that keys change, once per compiled
// type, position and way: the plan's sharing is kept where the keys allow.
type rekeyer struct {
	typs map[rekeyed]*typ
	objs map[rekeyedObject]*object
	ways map[way]*way // the interned ways, by their last step
	top  way          // the empty way: below the root
	free block[way]
}

// child returns the way w followed by typ.
func (r *rekeyer) child(w *way, typ string) *way {
	c := r.ways[way{w, typ}]
	if c == nil {
		c = r.free.one()
		*c = way{w, typ}
		r.ways[*c] = c
	}
	return c
}

type rekeyed struct {
	t *typ
	n *keyTrie
	w *way
}

type rekeyedObject struct {
	o *object
	n *keyTrie
	w *way
}

// typ returns t rekeyed for the entries at n and below; w is the way to
// it (nil at the root).
func (r *rekeyer) typ(t *typ, n *keyTrie, w *way) *typ {
	if n == nil {
		return t
	}
	if out, ok := r.typs[rekeyed{t, n, w}]; ok {
		return out
	}
	out := t
	switch t.kind {
	case List:
		if elem := r.typ(t.elem, n.next["@"], w); elem != t.elem {
			c := *t
			c.elem = elem
			out = &c
		}
	case Object:
		if o := r.object(t.obj, n, w); o != t.obj {
			c := *t
			c.obj = o
			out = &c
		}
	case Abstract:
		var objs []*object
		for i, o := range t.objs {
			ro := r.object(o, n, w)
			if ro != o && objs == nil {
				objs = append(make([]*object, 0, len(t.objs)), t.objs[:i]...)
			}
			if objs != nil {
				objs = append(objs, ro)
			}
		}
		if objs != nil {
			c := *t
			c.objs = objs
			out = &c
		}
	}
	r.typs[rekeyed{t, n, w}] = out
	return out
}

// object returns o with the keys of the entries at n for its type and the
// way w to it (nil for the root), and its fields' types rekeyed below.
func (r *rekeyer) object(o *object, n *keyTrie, w *way) *object {
	if out, ok := r.objs[rekeyedObject{o, n, w}]; ok {
		return out
	}
	below := &r.top // the way to the objects below o: Within leaves the root out
	if w != nil {
		typ := ""
		if n.typed {
			typ = o.name
		}
		below = r.child(w, typ)
	}
	var fields []field // a copy of o.fields once one changes
	for i := range o.fields {
		f := &o.fields[i]
		key := f.key
		if f.slot >= 0 {
			for _, k := range n.named(f.name) {
				if k.Type == o.name && k.Field == f.schema && k.Key != "" && w.matches(k.Within) {
					key = k.Key
				}
			}
		}
		t := r.typ(f.typ, n.next[key], below)
		if (key != f.key || t != f.typ) && fields == nil {
			fields = append([]field(nil), o.fields...)
		}
		if fields != nil {
			fields[i].key, fields[i].typ = key, t
		}
	}
	out := o
	if fields != nil {
		c := *o
		c.fields = fields
		c.keys = slotKeys(fields)
		out = &c
	}
	r.objs[rekeyedObject{o, n, w}] = out
	return out
}

// slotKeys gives the fields (other than __typename) the slots of their
// keys and returns the table of the distinct keys, as New does.
func slotKeys(fields []field) keyTable {
	var keys []string
	slots := map[string]int32{}
	for i := range fields {
		f := &fields[i]
		if f.slot < 0 {
			continue
		}
		s, ok := slots[f.key]
		if !ok {
			s = int32(len(keys))
			slots[f.key] = s
			keys = append(keys, f.key)
		}
		f.slot = s
	}
	return newKeyTable(keys)
}
