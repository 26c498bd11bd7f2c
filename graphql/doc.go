// Package graphql compiles a GraphQL schema (SDL) and an operation into a
// shape.Plan, the compiled response shape that package shape renders raw
// JSON data through: selection, aliases, fragments, __typename, leaf
// coercion and null bubbling, in one pass over a graft.Doc.
//
// # Flow
//
//	schema, err := graphql.ParseSchema(sdl, opts)    // once
//	op, err := graphql.Compile(schema, query, name)  // once per document (see Cache)
//	vars, err := op.Variables(nil, doc, varsRef)     // per request
//	out = renderer.Render(out[:0], op.Plan(), doc, dataRef, vars)
//
// or Operation.Respond, which does the last two steps.
//
// Parsing and validation are github.com/vektah/gqlparser/v2's; this
// package does not parse GraphQL itself. Compile applies CollectFields of
// the specification ahead of time: fragments and inline fragments are
// expanded for each possible runtime type, fields of one response name are
// merged, and @skip/@include directives with literal arguments are applied,
// while those bound to variables become conditions in the plan, so one
// plan serves every set of variable values. Selections that come out the
// same (the same field nodes under the same conditions, with the same
// schema types) are compiled once and shared, so the plan is a DAG: an
// interface with many implementations costs one selection per distinct
// shape, not one per possible type at every level.
//
// # Security Considerations
//
// Compiling costs time and memory linear in the document and in the plan.
// Options.MaxDepth (default 1000) bounds how deep an operation nests: the
// braces and brackets of the document are counted before it is parsed,
// and the fields with fragments expanded while it is compiled. An
// operation may select at most MaxPlanFields fields with its fragments
// expanded, which also bounds the response one object of data can produce.
// Both are request errors.
//
// # Errors
//
// A request that cannot run — a syntax error, a validation error, a
// missing or unknown operation name, a variable value that does not coerce
// (OneOf input objects included), @defer or @stream (they ask for an
// incremental response; a shaped response is one payload) — is a
// *RequestError, whose AppendResponse writes {"errors":[…]} with no "data"
// key, as the specification requires. Its messages are graphql-js's
// where this package words them (operation selection, variable coercion)
// and gqlparser's for syntax and validation. A schema that does not load is
// a *SchemaError. Errors in the data are field errors in the rendered
// response (see package shape).
//
// # Concurrency and memory
//
// Schema and Operation values are immutable and safe for concurrent use;
// Cache is safe for concurrent use. Compile keeps the parsed document for
// variable coercion, so an Operation holds memory proportional to its
// document and its compiled plan (shared selections counted once).
package graphql
