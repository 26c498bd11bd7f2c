// Package federation reads an Apollo Federation supergraph and plans client
// operations over it: the query planner of graft's gateway.
//
// # Flow
//
//	s, err := federation.Parse(sdl, federation.Options{})  // once, at start-up
//	planner := federation.NewPlanner(s, 0)                 // a plan cache
//	plan, err := planner.Plan(query, operationName)        // per request (cached)
//	// plan.Root: the fetch tree package resolve runs;
//	// plan.Operation: variable coercion and the response shape.
//
// # Supergraph
//
// Parse reads the SDL that Apollo's and The Guild's composition tools
// write: @link v1.0 (or @core for Federation 1 supergraphs) with the join
// spec v0.1 to v0.5 — join__graph, join__type (key, extension, resolvable,
// isInterfaceObject), join__owner (v0.1), join__field (requires, provides,
// type, external, override, usedOverridden), join__implements,
// join__unionMember, join__enumValue — and @inaccessible. The API schema
// (APISchema, APISchemaSDL) is the supergraph without the elements of the
// linked specs (join, link, core, inaccessible, tag, and any other @link'd
// feature) and without the @inaccessible elements; client operations are
// validated against it with gqlparser. It is parsed once: Schema is its
// graphql.Schema, for Plan's Compile and a gateway's graphql.Normalize
// alike, and APISchema that schema's syntax tree. A subgraph may still
// return an
// @inaccessible enum value or an object of an @inaccessible type: the
// response shows null there, without an error (an error where the position
// is non-null).
//
// # Plans
//
// A plan is a tree of resolve.Sequence, resolve.Parallel and resolve.Fetch
// values (see package resolve for their contract). The planner:
//
//   - groups the root fields by the subgraph that resolves them (a field
//     several subgraphs resolve goes to the one that resolves most of its
//     selection itself, preferring one already fetched from); query root
//     fetches run in parallel, mutation fields one after another, in order,
//     each with the fetches under it;
//   - fetches a field from the subgraph already being fetched whenever that
//     subgraph resolves it (@shareable fields, key fields, fields it
//     @provides at that position); otherwise jumps to a subgraph that does,
//     through an entity fetch at the path of the objects, whose
//     representations carry a key of the target (never a resolvable: false
//     one) and the fields its @requires names, fetched first, from the
//     current subgraph or through further jumps (a field that @requires
//     others is resolved only that way, also in the subgraph being
//     fetched); a key the current subgraph cannot return is itself fetched
//     through another subgraph; below the cases of abstract positions, an
//     entity fetch takes only the objects reached through the types of the
//     cases that asked for it (resolve.Entity.Within): sibling cases may
//     reach objects of its type at its path and select no key for them
//     (... on User { similar { ... on User { email } } } ... on Admin {
//     similar { ... on Admin { id } } }), and those ask nothing of it;
//   - honours @external (not resolved where external unless provided),
//     @override and usedOverridden (only the overriding subgraph resolves
//     the field);
//   - expands interfaces and unions into one inline fragment per possible
//     object type the subgraph knows (join__implements, join__unionMember),
//     fetching __typename wherever the response shape or an entity fetch
//     needs it; objects of an @interfaceObject come back with the
//     interface's name, and the fields only the concrete types have are
//     fetched from a subgraph that holds the interface as an entity
//     interface; fields an @interfaceObject adds to the implementations are
//     fetched from it under the interface's name: with its objects when
//     every possible type selects the field (as one field with one set of
//     arguments, the union of the types' sub-selections where that union
//     is one selection for every object type), else once the concrete
//     types are known;
//   - applies fragments, aliases (kept in the upstream operations, so the
//     merged data is keyed by response names), and @skip/@include: literal
//     ones at planning time, those bound to variables carried into the
//     upstream operations (the plan serves every set of variable values);
//   - forwards to each upstream only the variables its operation uses, with
//     their default values;
//   - answers __typename in the response shape and sends __schema and
//     __type to the gateway itself, as a root fetch to IntrospectionUpstream.
//
// When the client uses as an alias the name of a field the planner needs
// (a key or a @requires field), the planner fetches that field under the
// alias "graft__NAME" and names it in resolve.Field.Key. A field whose type
// differs in shape between subgraphs (join__field(type:): "ID!" in one,
// "ID" in another) is fetched under the alias "graft__TYPE__NAME" wherever
// objects of several types share an upstream selection (below an abstract
// position, and in entity fetches), so that a subgraph never sees two
// fields of one response name with conflicting types; the plan's
// Operation reads it back under the client's name (graphql.Operation.Rekey).
// A private alias that the client's operation uses as a response name in
// that selection (or that another field of the upstream selection holds)
// takes the first free suffix "_2", "_3", …: the client's aliases never
// meet the planner's, and one operation always gets one plan. A private
// alias at one response path names one field with one set of arguments in
// every selection of the plan: fields of one response name that differ
// under sibling cases (... on User { friend { a: id } } ... on Admin {
// friend { a: name } }) get one private alias each, and the response shape
// reads each back by the types of the objects on the way to it. So do the
// fields of the possible types of an @interfaceObject that it resolves,
// fetched in the one selection of its name, when two types give one
// response name to different fields or arguments (... on Book { s:
// score(scale: 10) } ... on Movie { s: score(scale: 100) }): each is
// fetched under "graft__TYPE__NAME".
// Field arguments and literals are printed back as GraphQL literals.
//
// What is not supported yet is listed in DEVIATIONS.md.
//
// # Errors
//
// A supergraph that cannot be used is an *Error with its line and column.
// A client operation that is not valid, or that cannot be planned, is a
// *graphql.RequestError with locations: its AppendResponse writes the
// {"errors":[…]} a gateway sends.
//
// # Security Considerations
//
// Upstream operations are sent with fragments inlined, and a small
// document whose fragments nest can expand to many fields and many
// fetches (an entity fetch per response path). Planning is bounded:
// Options.MaxFields (default 65,536 fields, fragments expanded where they
// are spread, abstract positions once per possible type, the selections of
// one response name on one type merged; and 32 times as many selections
// read, repeats included) and
// Options.MaxFetches (default 1,000) make a larger operation a request
// error; graphql's limits (depth, MaxPlanFields) apply first. Within them
// planning is linear in the fields and fetches of the plan.
//
// # Concurrency and memory
//
// Supergraph, QueryPlan and the resolve nodes of a plan are immutable and
// shared by every request; Planner is safe for concurrent use and holds
// at most its size of plans and errors, of documents up to
// MaxCachedDocument bytes.
package federation
