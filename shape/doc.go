// Package shape renders GraphQL responses from raw JSON data in one pass:
// it selects the fields an operation asked for, in its order and under its
// aliases, writes __typename, coerces every leaf as the GraphQL
// specification's result coercion (and graphql-js's serializers) require,
// and turns each null in a non-null position into a field error whose null
// bubbles up to the nearest nullable parent.
//
// # Terminology
//
// A Type tree describes the response of one operation: objects with their
// selected Fields, lists, leaves (Int, Float, String, Boolean, ID, enums,
// custom scalars), abstract types (interfaces and unions, one Case per
// possible object type, chosen by the data's "__typename") and the
// __typename meta-field. Fields may carry a Cond, the @skip and @include
// directives bound to Boolean variables, so one Plan serves every variable
// set. New compiles a Type tree into a Plan; package graphql builds the tree
// from a schema and an operation. A Renderer walks a Plan and a graft.Doc
// together and appends the response to a byte slice. Plan.Rekey gives the
// fields at some positions other data members to read (a federation
// gateway's private aliases), sharing the rest of the plan.
//
// # Data
//
// The data is the root object as upstream services return it: keyed by
// schema field names (never aliases). It may carry members nobody selected
// (they are ignored), may miss members (a missing member is null) and may
// hold null in non-null positions (that is a field error). Objects in
// abstract positions carry "__typename". Where an object has a member name
// twice, the last one counts.
//
// # Errors
//
// Errors follow the specification's format: "message" in graphql-js's
// wording, "locations" of the field in the operation, "path" of response
// names and list indices. A position fails once and records one error;
// nothing below a position that is already null adds another, and once a
// non-null field of an object fails, the remaining fields of that object
// are not looked at (graphql-js does the same when it executes
// synchronously). When the null reaches the root, "data" is null.
// RenderPrior renders data that earlier stages of a request (fetching and
// merging, in package resolve) already found faults in: their errors come
// first, and the positions they report add no second error.
// DEVIATIONS.md lists where shape differs from graphql-js, and why.
//
// # Memory
//
// Render appends to the caller's buffer and returns it; it reads the Doc
// and never changes it. A Plan is immutable and safe for concurrent use.
// New allocates a plan's parts in blocks that its objects share, so the
// memory of a plan is freed as a whole once nothing references it; a plan
// from Rekey shares the parts of the plan it was made from and keeps them.
// A Renderer holds per-call scratch memory (the error list, the path,
// message buffers) and is meant to be reused by one goroutine at a time:
// once its buffers have grown, rendering allocates nothing. It keeps no
// reference to the Doc, the Plan or the output after Render returns.
//
// # Bubbling in one pass
//
// Rendering writes each value where it belongs in the output as it walks
// the data. Each position remembers the output offset where it started;
// when a non-null position fails, the failure propagates to the nearest
// nullable ancestor, which truncates the output back to its offset and
// writes null there. Nothing is rendered twice and the Doc is not marked.
//
// Each data object is read in one walk of its members, whatever the number
// of selected fields: a plan knows the member names each selection reads
// (a small hash table per selection), and a member is first compared with
// the name that follows the last one found, as upstreams usually answer in
// the order they were asked.
package shape
