package shape

import (
	"errors"
	"slices"
	"strconv"
	"unsafe"

	"github.com/graftjson/graft/internal/wire"
)

// Kind says what a Type is.
type Kind uint8

// Kinds of types. The zero Kind is invalid, so that a Type whose Kind was
// forgotten is caught by New.
const (
	// Custom is a custom scalar: any JSON value, copied verbatim.
	Custom Kind = iota + 1
	// Int is a signed 32-bit integer.
	Int
	// Float is a finite number.
	Float
	// String is a string (booleans and finite numbers are written as strings).
	String
	// Boolean is true or false (finite numbers are written as number != 0).
	Boolean
	// ID is a string or an integer, always written as a string.
	ID
	// Enum is a string that is one of Type.Values.
	Enum
	// Object is an object type with the selection Type.Fields.
	Object
	// Abstract is an interface or a union: the member "__typename" of the
	// data chooses one of Type.Cases.
	Abstract
	// List is a list of Type.Of.
	List
	// Typename is the meta-field __typename: the name of the enclosing
	// object type (the chosen case's type under an Abstract position).
	Typename
)

var kindNames = [...]string{"invalid", "Custom", "Int", "Float", "String", "Boolean", "ID", "Enum", "Object", "Abstract", "List", "Typename"}

// String returns the name of the kind.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "invalid"
}

// Type describes one position of the response: what it holds and whether
// it may be null. A Type tree is only read by New; it may be shared between
// fields (New keeps the sharing) but must not be cyclic.
type Type struct {
	Kind    Kind
	NonNull bool
	// Name is the GraphQL name of the named type ("Int", "User", "Node",
	// "Color", "DateTime"), used in error messages and as the __typename
	// of an Object. Unused for List and Typename.
	Name string
	// Of is the item type of a List.
	Of *Type
	// Values are the members of an Enum.
	Values []string
	// Fields are the selection of an Object, in document order.
	Fields []Field
	// Cases are the selections of an Abstract type, one per possible
	// object type.
	Cases []Case
}

// Case is the selection of an abstract position when the data's
// "__typename" is Type.
type Case struct {
	Type   string
	Fields []Field
}

// Field is one entry of a selection.
//
// Several fields of one selection may share a response Name (the same
// field selected twice, or through several fragments, each occurrence with
// its own condition): the first one whose condition holds is rendered and
// the others are skipped, and errors at that position list the locations of
// every included occurrence, each location once (occurrences at one
// location are one field node reached along several paths, as graphql-js
// collects it once). A compiler that merges occurrences gives each
// of them the merged sub-selection.
type Field struct {
	// Name is the response name: the alias, or the field name.
	Name string
	// Key is the member name in the data: the schema field name, or the
	// response name where the data is keyed by response names (as a
	// federation gateway's merged data is). Error messages name the field
	// as ParentType.Key, or ParentType.Schema when Schema is set.
	Key string
	// Schema, when not empty, is the schema field name that error messages
	// use instead of Key.
	Schema string
	// Type is the type of the field. For __typename use &Type{Kind: Typename}.
	Type *Type
	// Loc is where the field is written in the operation.
	Loc Location
	// If is the condition under which the field is included (its @skip and
	// @include directives and those of the fragments around it). The empty
	// Cond always holds.
	If Cond
}

// Location is a position in the operation text, counted from 1.
type Location struct {
	Line, Column int
}

// Cond is a condition in disjunctive form: it holds if it is empty or if
// any of its clauses holds.
type Cond []Clause

// Clause holds if every one of its tests holds (the empty Clause holds).
type Clause []Test

// Test holds when the Boolean variable Var has the value Value. @skip(if:
// $v) is Test{"v", false}; @include(if: $v) is Test{"v", true}.
type Test struct {
	Var   string
	Value bool
}

// Options configure New. The zero value is ready to use.
type Options struct {
	// Types names every type of the schema, true for object types. It is
	// used only to word the error for a "__typename" that an abstract
	// position does not allow; without it every such name is reported as
	// not in the schema. The Plan keeps the map: it must not be modified
	// afterwards.
	Types map[string]bool
	// Hidden names the types and enum values ("Color.MAUVE") that the
	// schema leaves out but the data may hold: a federation gateway's
	// @inaccessible elements, which subgraphs still return. Such a value at
	// a nullable position is null without an error (as if the field had
	// resolved to null); at a non-null position it is the error any value
	// the schema does not know is. The Plan keeps the map: it must not be
	// modified afterwards.
	Hidden map[string]bool
}

// Plan is a compiled response shape. It is immutable, so one Plan may be
// used by any number of goroutines at once, each with its own Renderer.
// A Plan keeps no reference to the Type tree it was built from; it keeps
// the maps of Options.
type Plan struct {
	root   *object
	vars   []string
	types  map[string]bool
	hidden map[string]bool // Options.Hidden
}

// Variables returns the names of the Boolean variables that the plan's
// conditions read, in the order Render expects their values. The slice
// belongs to the Plan and must not be modified.
func (p *Plan) Variables() []string { return p.vars }

// RootType returns the name of the root object type.
func (p *Plan) RootType() string { return p.root.name }

// Compiled form. Everything is precomputed that rendering would otherwise
// compute per value: quoted names, enum sets, case maps, duplicate links.

type typ struct {
	kind    Kind
	nonNull bool
	name    string
	elem    *typ              // List
	obj     *object           // Object
	cases   keyTable          // Abstract: the possible types' names
	objs    []*object         // Abstract: their selections, by index in cases
	enum    map[string]string // Enum: value -> its quoted form
}

type object struct {
	name   string
	quoted []byte // the type name as a JSON string, for __typename
	fields []field
	keys   keyTable // the member names the fields read; objects may share it
}

type field struct {
	name   string
	key    string
	schema string // the schema field name, for error messages
	prefix []byte // a comma, the response name as a JSON string and a colon
	typ    *typ
	slot   int32 // index of key in object.keys; -1 for __typename
	loc    Location
	cond   [][]test
	plain  bool   // no condition and no earlier field of the same name
	links  *links // the other fields of the same name; nil when none
}

// links relates a field to the other fields of its selection with the same
// response name.
type links struct {
	dups  []int32 // the earlier ones
	later []int32 // the later ones
	same  []int32 // the earlier ones with the same known location
}

// quoted returns the response name as a JSON string, for error paths.
func (f *field) quoted() []byte { return f.prefix[1 : len(f.prefix)-1] }

type test struct {
	v     int32
	value bool
}

// New compiles the selection of the root object type root into a Plan.
// It reports a description that is incomplete or cyclic, or that gives an
// abstract type two cases for one object type.
func New(root *Type, opts Options) (*Plan, error) {
	if root == nil || root.Kind != Object {
		return nil, errors.New("shape: the root type must be an Object")
	}
	c := compiler{vars: map[string]int32{}, types: map[*Type]*typ{}, named: map[string]*named{}}
	c.at = append(c.at, seg{name: root.Name})
	t, err := c.typ(root)
	if err != nil {
		return nil, err
	}
	return &Plan{root: t.obj, vars: c.names, types: opts.Types, hidden: opts.Hidden}, nil
}

type compiler struct {
	vars  map[string]int32
	names []string
	types map[*Type]*typ // compiled types; with kind 0 while compiled
	named map[string]*named
	at    []seg    // the position being compiled
	keys  []string // scratch: the keys of the objects being compiled, as a stack

	// The parts of the plan come from blocks, a few allocations for a
	// large plan instead of several per object.
	typs    block[typ]
	objects block[object]
	fields  block[field]
	bytes   block[byte]
	strs    block[string]
	tests   block[test]
	clauses block[[]test]
}

// named is what the objects of one type share: the type name as a JSON
// string, and the key table built last for an object of the type, which
// the next one with the same keys (an often repeated selection) reuses.
type named struct {
	quoted []byte
	keys   keyTable
}

// block hands out slices of larger allocations. Its allocations grow
// with use, from 8 items to 16 KB, so that a small plan takes little.
type block[T any] struct {
	free []T
	size int
}

// take returns n zero items, with capacity n.
func (b *block[T]) take(n int) []T {
	if n > len(b.free) {
		b.size = min(max(2*b.size, 8), max(16<<10/int(unsafe.Sizeof(*new(T))), 8))
		if n > b.size/2 {
			return make([]T, n)
		}
		b.free = make([]T, b.size)
	}
	s := b.free[:n:n]
	b.free = b.free[n:]
	return s
}

// one returns a pointer to a zero item.
func (b *block[T]) one() *T { return &b.take(1)[0] }

// seg is one step of the position being compiled, for error messages:
// ".", a field name; "[]", ""; " on ", a case's type; "", the root's name.
// The description is built only when an error needs it, so compiling a
// deep tree costs memory linear in its depth.
type seg struct{ sep, name string }

// fail returns the error "shape: <position>: reason" for the position c.at.
func (c *compiler) fail(reason string) error {
	var b []byte
	for _, s := range c.at {
		b = append(append(b, s.sep...), s.name...)
	}
	return errors.New("shape: " + string(b) + ": " + reason)
}

// in returns the result of compiling t with s added to the position.
func (c *compiler) in(s seg, t *Type) (*typ, error) {
	c.at = append(c.at, s)
	ct, err := c.typ(t)
	c.at = c.at[:len(c.at)-1]
	return ct, err
}

func (c *compiler) typ(t *Type) (*typ, error) {
	if t == nil {
		return nil, c.fail("no type")
	}
	if ct := c.types[t]; ct != nil {
		if ct.kind == 0 { // t is being compiled
			return nil, c.fail("the type description is cyclic")
		}
		return ct, nil
	}
	ct := c.typs.one() // its kind is set when it is compiled
	c.types[t] = ct
	ct.nonNull, ct.name = t.NonNull, t.Name
	switch t.Kind {
	case Custom, Int, Float, String, Boolean, ID, Typename:
	case Enum:
		ct.enum = make(map[string]string, len(t.Values))
		for _, v := range t.Values {
			ct.enum[v] = string(wire.AppendQuote(nil, v))
		}
	case List:
		elem, err := c.in(seg{"[]", ""}, t.Of)
		if err != nil {
			return nil, err
		}
		ct.elem = elem
	case Object:
		o, err := c.object(t.Name, t.Fields)
		if err != nil {
			return nil, err
		}
		ct.obj = o
	case Abstract:
		var names []string
		for _, cs := range t.Cases {
			c.at = append(c.at, seg{" on ", cs.Type})
			o, err := c.object(cs.Type, cs.Fields)
			c.at = c.at[:len(c.at)-1]
			if err != nil {
				return nil, err
			}
			if slices.Contains(names, cs.Type) {
				return nil, c.fail("two cases for " + cs.Type)
			}
			names = append(names, cs.Type)
			ct.objs = append(ct.objs, o)
		}
		ct.cases = newKeyTable(names)
	default:
		return nil, c.fail("invalid kind " + strconv.Itoa(int(t.Kind)))
	}
	ct.kind = t.Kind
	return ct, nil
}

func (c *compiler) object(name string, fields []Field) (*object, error) {
	if name == "" {
		return nil, c.fail("an object type needs a name")
	}
	nt := c.named[name]
	if nt == nil {
		nt = &named{quoted: wire.AppendQuote(nil, name)}
		c.named[name] = nt
	}
	o := c.objects.one()
	*o = object{name: name, quoted: nt.quoted, fields: c.fields.take(len(fields))}
	// The prefixes of all the fields share one buffer, sized for names
	// that need no escaping; a field's quoted name is inside its prefix.
	n := 0
	for _, f := range fields {
		n += len(f.Name) + 4
	}
	buf := c.bytes.take(n)[:0]
	// Earlier fields of the same name and the slots of keys are found by
	// scanning while the selection is small, through maps beyond.
	const small = 16
	var last map[string]int32 // the last field of each name
	var slots map[string]int32
	if len(fields) > small {
		last, slots = make(map[string]int32, len(fields)), map[string]int32{}
	}
	base := len(c.keys) // the keys of o are c.keys[base:]
	c.keys = slices.Grow(c.keys, len(fields))
	for i, f := range fields {
		if f.Name == "" {
			return nil, c.fail("a field needs a response name")
		}
		t, err := c.in(seg{".", f.Name}, f.Type)
		if err != nil {
			return nil, err
		}
		if f.Key == "" && t.kind != Typename {
			c.at = append(c.at, seg{".", f.Name})
			return nil, c.fail("a field needs a key")
		}
		at := len(buf)
		buf = append(wire.AppendQuote(append(buf, ','), f.Name), ':')
		prefix := buf[at:len(buf):len(buf)]
		schema := f.Schema
		if schema == "" {
			schema = f.Key
		}
		cf := &o.fields[i]
		*cf = field{name: f.Name, key: f.Key, schema: schema, prefix: prefix, typ: t, slot: -1, loc: f.Loc}
		if t.kind != Typename {
			slot, ok := int32(-1), false
			if slots != nil {
				slot, ok = slots[f.Key]
			} else if j := slices.Index(c.keys[base:], f.Key); j >= 0 {
				slot, ok = int32(j), true
			}
			if !ok {
				slot = int32(len(c.keys) - base)
				if slots != nil {
					slots[f.Key] = slot
				}
				c.keys = append(c.keys, f.Key)
			}
			cf.slot = slot
		}
		if len(f.If) > 0 {
			cf.cond = c.clauses.take(len(f.If))
			for k, cl := range f.If {
				ts := c.tests.take(len(cl))
				for j, tt := range cl {
					ts[j] = test{v: c.variable(tt.Var), value: tt.Value}
				}
				cf.cond[k] = ts
			}
		}
		var prev []int32
		if last != nil {
			if j, ok := last[f.Name]; ok {
				// The earlier fields of the name are j's and j.
				var dups []int32
				if g := &o.fields[j]; g.links != nil {
					dups = g.links.dups
				}
				prev = append(append(make([]int32, 0, len(dups)+1), dups...), j)
			}
			last[f.Name] = int32(i)
		} else {
			for j := range o.fields[:i] {
				if o.fields[j].name == f.Name {
					prev = append(prev, int32(j))
				}
			}
		}
		cf.plain = len(prev) == 0 && len(cf.cond) == 0
		if len(prev) > 0 {
			cf.links = &links{dups: prev}
		}
		for _, j := range prev {
			g := &o.fields[j]
			if g.links == nil {
				g.links = &links{}
			}
			g.links.later = append(g.links.later, int32(i))
			if f.Loc.Line > 0 && g.loc == f.Loc {
				cf.links.same = append(cf.links.same, j)
			}
		}
	}
	keys := c.keys[base:]
	if !slices.Equal(nt.keys.names, keys) {
		nt.keys = newKeyTable(append(c.strs.take(len(keys))[:0], keys...))
	}
	o.keys = nt.keys
	clear(keys)
	c.keys = c.keys[:base]
	return o, nil
}

func (c *compiler) variable(name string) int32 {
	if i, ok := c.vars[name]; ok {
		return i
	}
	i := int32(len(c.names))
	c.vars[name] = i
	c.names = append(c.names, name)
	return i
}
