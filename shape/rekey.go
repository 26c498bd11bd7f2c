package shape

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
	// Within, when not nil, names the types of the objects on the way to
	// the position, one per object level of Path from the root's: the
	// entry then applies only to objects reached through objects of those
	// types. Fields of one response name at one path may be different
	// fields, or one field with different arguments, when the objects on
	// the way differ in type (sibling cases of an abstract position); with
	// every type on the way equal, they are one field with one set of
	// arguments.
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
		n := root
		for _, s := range keys[i].Path {
			n = n.child(s)
		}
		n.keys = append(n.keys, rekeyEntry{&keys[i], within(keys[i].Within)})
	}
	r := rekeyer{typs: map[rekeyed]*typ{}, objs: map[rekeyedObject]*object{}}
	q := *p
	q.root = r.object(p.root, root, "")
	return &q
}

// within returns the types of the objects on the way as Rekey tracks
// them: each type name followed by a NUL.
func within(types []string) string {
	n := 0
	for _, t := range types {
		n += len(t) + 1
	}
	b := make([]byte, 0, n)
	for _, t := range types {
		b = append(append(b, t...), 0)
	}
	return string(b)
}

// keyTrie holds the KeyAt entries by path: keys are those whose path ends
// here.
type keyTrie struct {
	next map[string]*keyTrie
	keys []rekeyEntry
}

// rekeyEntry is a KeyAt with its Within as within returns it.
type rekeyEntry struct {
	*KeyAt
	within string
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

// rekeyer copies the parts of a plan that keys change, once per compiled
// type, position and types on the way (the within of the walk, which only
// grows along the keys' paths): the plan's sharing is kept where the keys
// allow.
type rekeyer struct {
	typs map[rekeyed]*typ
	objs map[rekeyedObject]*object
}

type rekeyed struct {
	t      *typ
	n      *keyTrie
	within string
}

type rekeyedObject struct {
	o      *object
	n      *keyTrie
	within string
}

// typ returns t rekeyed for the entries at n and below; within names the
// types of the objects on the way to it.
func (r *rekeyer) typ(t *typ, n *keyTrie, within string) *typ {
	if n == nil {
		return t
	}
	if out, ok := r.typs[rekeyed{t, n, within}]; ok {
		return out
	}
	out := t
	switch t.kind {
	case List:
		if elem := r.typ(t.elem, n.next["@"], within); elem != t.elem {
			c := *t
			c.elem = elem
			out = &c
		}
	case Object:
		if o := r.object(t.obj, n, within); o != t.obj {
			c := *t
			c.obj = o
			out = &c
		}
	case Abstract:
		var objs []*object
		for i, o := range t.objs {
			ro := r.object(o, n, within)
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
	r.typs[rekeyed{t, n, within}] = out
	return out
}

// object returns o with the keys of the entries at n for its type (and
// for the types on the way, within), and its fields' types rekeyed below.
func (r *rekeyer) object(o *object, n *keyTrie, within string) *object {
	if out, ok := r.objs[rekeyedObject{o, n, within}]; ok {
		return out
	}
	below := within + o.name + "\x00" // within for the objects below o
	var fields []field                // a copy of o.fields once one changes
	for i := range o.fields {
		f := &o.fields[i]
		key := f.key
		if f.slot >= 0 {
			for _, k := range n.keys {
				if k.Type == o.name && k.Name == f.name && k.Field == f.schema && k.Key != "" && (k.Within == nil || k.within == within) {
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
	r.objs[rekeyedObject{o, n, within}] = out
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
