// Package resolve runs fetch plans against upstream services: the request
// pipeline of a GraphQL router. A root fetch asks one upstream for the
// top of the response; then, breadth first, entity fetches ask others
// for the fields they own of every object at a path (one _entities request
// with N representations for a whole list); every response is parsed
// once into the request's graft.Doc and merged in place; the merged data
// is rendered once through the client operation's shape.Plan, with
// spec-exact null bubbling.
//
// # Terminology
//
// A plan description is a tree of Sequence, Parallel and Fetch nodes
// (plan.go), built by a planner (package federation) or by hand. NewPlan
// checks it and compiles it into a Plan. An Engine runs Plans: Execute
// takes one Request (the client's variables, the values of the operation's
// @skip/@include variables, the headers to forward) and appends the
// GraphQL response. A Transport carries each upstream request: Memory in
// process, package httptransport over HTTP.
//
// A fetch's Path names where its result goes, with "@" for every item of a
// list: {"topProducts", "@", "reviews", "@", "author"}. A root fetch
// merges its "data" there. An entity fetch writes, for every object at its
// path of one of its Entities' types (reached through objects of the types
// the Entity's Within names, when it names them), the representation
// {"__typename":…, key fields…, required fields…}, copied from the bytes
// of the object in the arena (nothing decoded); identical representations
// are sent once (a hash of the written bytes finds candidates, comparing
// the bytes settles) and item i of the upstream's "_entities" is merged
// into every object representation i stands for. Null and missing values
// along the path, and objects of other types, produce no representation;
// a fetch with nothing to ask sends no request.
//
// # Errors and partial data
//
// Upstream failures never fail the request; they become GraphQL errors
// next to the data that could be had:
//
//   - An upstream's own "errors" are kept with their "message" and
//     "extensions" (or masked: Options.MaskUpstreamErrors), with
//     "upstream" naming it; their "path" is made a response path: a root
//     fetch's under the fetch's path, an entity fetch's ["_entities", i, …]
//     under the path of every object representation i served (one error
//     each). Options.OnUpstreamError sees each as the upstream wrote it,
//     so that what masking hides can be logged.
//   - A failed fetch (transport error, timeout, status other than 2xx, a
//     body that is not a JSON object, no "data", an "_entities" count
//     different from the representations sent) merges nothing and adds one
//     error naming the upstream (extensions.code UPSTREAM_FAILED).
//   - A null or non-object entity, an entity that conflicts with the data
//     already there (graft.ErrConflict), and an object that lacks a key
//     field make that object null, with an error at its path
//     (INVALID_ENTITY, MERGE_CONFLICT, INVALID_REPRESENTATION).
//
// The fields a failed fetch should have provided are then missing, and
// rendering treats them as null; where they are non-null the null bubbles
// up as the specification requires, without a second error for a position
// the fetch's error already covers (shape.Prior). The paths of the
// engine's errors are those of the data, keyed by the names the upstreams
// answer with, which are the response names wherever the client's
// operation uses no alias on the way.
//
// # Concurrency
//
// A Plan is immutable and may serve any number of requests at once. An
// Engine is safe for concurrent use. Within one request, the goroutine
// that called Execute is the only one that touches the request's Doc: it
// writes every representation, parses every response and merges it, so
// the Doc's single-writer rule holds by construction, without locks. The
// fetches of a Parallel run at once: the last in the calling goroutine,
// the others handed to goroutines that only carry bytes (the request body
// out, the response body in, each into its own buffer) and report back on
// a channel; the calling goroutine parses each response as soon as it is
// free. A handed fetch belongs to whichever claims it first: its
// goroutine when it starts, or the calling goroutine once its own fetch is
// done, which then runs it rather than wait for a goroutine that has not
// started (upstreams that answer at once thus cost little more than
// inline). Options bound the fetches in flight per request (MaxParallel)
// and the goroutines per engine (MaxConcurrency); Options.Inline, for
// transports that answer without waiting, runs every fetch in the calling
// goroutine, one after another. Cancelling the context stops every fetch
// in flight, starts no other, and Execute returns only after every fetch
// it started has returned: no fetch outlives its request. A goroutine
// whose fetch was taken back may start after Execute returned; it then
// touches nothing of the request, nor of any later one, and returns.
//
// # Memory
//
// Execute appends the response to the caller's dst and keeps nothing of
// it. The per-request state — the Doc (kept with the state up to
// graft.PoolKeepAlways, 256 KiB; a larger one goes to a graft.Pool, which
// drops arenas that one huge request blew up), the request and response
// buffers, the renderer — is pooled by the Engine, so a warm engine
// allocates a few dozen bytes per request whatever the size of the data.
// Response buffers are shared by the engine's requests (each pooled
// state keeps one of at most 64 KiB for itself); of those over 64 KiB it
// keeps a few, 4 MiB in all and none over 1 MiB, so that a burst
// of large responses leaves no more behind.
// The slices of an UpstreamRequest are valid only during Transport.Do.
// An upstream response is limited by Options.Doc.MaxBytes (and by the
// transport: httptransport.Options.MaxResponseBytes); the number of
// errors in one response by Options.MaxErrors.
package resolve
