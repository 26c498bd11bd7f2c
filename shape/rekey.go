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
		n.keys = append(n.keys, &keys[i])
	}
	r := rekeyer{typs: map[rekeyed]*typ{}, objs: map[rekeyedObject]*object{}}
	q := *p
	q.root = r.object(p.root, root)
	return &q
}

// keyTrie holds the KeyAt entries by path: keys are those whose path ends
// here.
type keyTrie struct {
	next map[string]*keyTrie
	keys []*KeyAt
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
// type and position: the plan's sharing is kept where the keys allow.
type rekeyer struct {
	typs map[rekeyed]*typ
	objs map[rekeyedObject]*object
}

type rekeyed struct {
	t *typ
	n *keyTrie
}

type rekeyedObject struct {
	o *object
	n *keyTrie
}

func (r *rekeyer) typ(t *typ, n *keyTrie) *typ {
	if n == nil {
		return t
	}
	if out, ok := r.typs[rekeyed{t, n}]; ok {
		return out
	}
	out := t
	switch t.kind {
	case List:
		if elem := r.typ(t.elem, n.next["@"]); elem != t.elem {
			c := *t
			c.elem = elem
			out = &c
		}
	case Object:
		if o := r.object(t.obj, n); o != t.obj {
			c := *t
			c.obj = o
			out = &c
		}
	case Abstract:
		var objs []*object
		for i, o := range t.objs {
			ro := r.object(o, n)
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
	r.typs[rekeyed{t, n}] = out
	return out
}

// object returns o with the keys of the entries at n for its type, and
// its fields' types rekeyed below.
func (r *rekeyer) object(o *object, n *keyTrie) *object {
	if out, ok := r.objs[rekeyedObject{o, n}]; ok {
		return out
	}
	var fields []field // a copy of o.fields once one changes
	for i := range o.fields {
		f := &o.fields[i]
		key := f.key
		if f.slot >= 0 {
			for _, k := range n.keys {
				if k.Type == o.name && k.Name == f.name && k.Field == f.schema && k.Key != "" {
					key = k.Key
				}
			}
		}
		t := r.typ(f.typ, n.next[key])
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
	r.objs[rekeyedObject{o, n}] = out
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
