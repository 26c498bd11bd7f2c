package resolve

// This file is the plan model shared by the engine (which runs plans) and the
// federation planner (which builds them). It holds descriptions only; NewPlan
// checks a description and compiles it into the immutable *Plan the engine
// runs.

// Node is one step of a fetch tree: a *Sequence, a *Parallel or a *Fetch.
type Node interface{ isNode() }

// Sequence runs its nodes one after another: each node sees the data that the
// nodes before it merged into the response.
type Sequence struct {
	Nodes []Node
}

// Parallel runs its nodes concurrently. No node of a Parallel may depend on
// data another one provides; the planner guarantees it, the engine relies on
// it.
type Parallel struct {
	Nodes []Node
}

// Fetch is one request to an upstream service.
//
// A root fetch (no Entities) sends Operation with the forwarded Variables and
// merges the upstream's "data" object into the response at Path (the response
// root when Path is empty).
//
// An entity fetch (Entities set) writes one representation for each object
// found at Path whose "__typename" is one of the Entities' types (reached
// through objects of the types the Entity's Within names), sends
// Operation with the variable "representations" (a JSON array of the distinct
// representations, in the order their objects were found) and the forwarded
// Variables, and merges item i of the upstream's "data"."_entities" into every
// object whose representation was the i-th one sent.
type Fetch struct {
	// Upstream names the service the transport sends the request to (in
	// federation, the subgraph's name).
	Upstream string
	// Operation is the GraphQL document sent upstream, as text. An entity
	// fetch's operation declares $representations: [_Any!]! and selects
	// _entities(representations: $representations) { ... on T { … } }.
	Operation string
	// OperationName, when not empty, is sent as "operationName".
	OperationName string
	// Variables names the client variables forwarded with the request, under
	// their own names. A variable the client did not send is left out, so
	// that the upstream applies its own default.
	Variables []string
	// Path is where the result goes: response keys from the root, with "@"
	// standing for every item of a list (the list is flattened), as in
	// {"topProducts", "@", "reviews", "@", "author"}. Keys are the members
	// of the data as upstreams return it (the response names the upstream
	// operations asked for). Null or missing values along the path
	// contribute nothing.
	Path []string
	// Entities makes the fetch an entity fetch: one entry per object type
	// it resolves, with the fields its representation carries.
	Entities []Entity
}

// Entity says how an entity fetch represents the objects of one type.
type Entity struct {
	// Type is the "__typename" of the objects in the response data this
	// entry applies to. An object without "__typename" is matched only when
	// the fetch has a single Entity.
	Type string
	// Typename is the "__typename" written into the representation; empty
	// means Type. Objects of an @interfaceObject are represented under the
	// interface's name.
	Typename string
	// Fields are the members of the representation after "__typename", in
	// order: the key fields, then the fields of @requires. Each is copied
	// from the object's bytes as they are; a representation whose object
	// lacks one of them is not sent, and its object is nulled with an
	// error, as for a failed fetch.
	Fields []Field
	// Within, when not empty, limits the entry to the objects reached
	// through objects of these types: one "__typename" per object level
	// of Path between the data root and the objects (one per key of Path
	// but the last), "" where any object will do. Objects of one type at
	// one path may come from selections that asked different things of
	// them (the cases of an abstract position on the way): the entry
	// takes only those of the selections that fetched its fields. One
	// Type may have several entries with different Withins; an object
	// takes the first entry that matches it. (shape.KeyAt.Within names the
	// objects on the way to the fields a plan reads under other keys by
	// the same rule.)
	Within []string
}

// Field is one member of a representation.
type Field struct {
	// Name is the member name written into the representation: the
	// subgraph's field name.
	Name string
	// Key is the member read from the response object; empty means Name. A
	// planner that had to alias a key field (because the client used its
	// name as an alias of another field) names the alias here.
	Key string
	// Fields, when not empty, select members of an object value (or of
	// each object of a list value), as a composite key such as
	// "id organization { id }" does; empty copies the value whole.
	Fields []Field
}

func (*Sequence) isNode() {}
func (*Parallel) isNode() {}
func (*Fetch) isNode()    {}
