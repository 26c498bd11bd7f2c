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
// or Operation.Respond, which does the last two steps. A gateway first
// normalizes the request (Normalize) and compiles, or finds in its Cache,
// the normalized operation; Request.Locate moves the locations of the
// problems Compile finds in the normalized operation back to the client's
// document.
//
// # Normalization
//
// Normalize reads the operation's text once, with a scanner of the
// executable part of the language: it follows selections, arguments and
// values, the types the schema gives them, and moves every field argument
// literal that holds no variable into a fresh variable, its value written
// straight into a variables graft.Doc as JSON (strings decoded, \u{…}
// escapes included; block strings by BlockStringValue; enum values as
// strings; number text kept; a repeated input field an error) and checked
// against its type on the way. What gqlparser then parses and validates is
// the small normalized operation; Compile takes every document through
// this path, so the time and memory of compiling are linear in the size
// of the document, its arguments, fields and nesting. Parsing and
// validation of the operation are github.com/vektah/gqlparser/v2's; this
// package reads only what it moves, and positions: every location it
// reports is computed from byte offsets in the text the client sent.
//
// Variables coerces the variable values of a request against the
// operation's definitions in one walk over the Doc (graphql-js's
// CoerceVariableValues), with errors naming the path inside the variable.
// RequestVariables does the same for a request Normalize wrote, without
// checking again the literals Normalize checked. A caller that only
// forwards the variables calls AppendNormalized instead of Normalize: the
// variables object is then JSON text, never parsed into a Doc.
//
// # Compiling
//
// Compile applies CollectFields of
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
// Options.MaxBytes (default 64 MiB) and Options.MaxTokens (default 2^23)
// bound the size of an operation, and Options.MaxDepth (default 1000) how
// deep it nests: the braces and brackets of the document are counted while
// it is read, and the fields with fragments expanded while it is compiled. An
// operation may select at most MaxPlanFields fields with its fragments
// expanded, which also bounds the response one object of data can produce;
// Options.MaxFields (at most MaxPlanFields) bounds the field nodes read to
// collect them, counted as they are read, since a fragment spread under a
// @skip/@include condition is expanded at each spread (a few hundred bytes
// of fragments spreading the next twice expand to 2^levels nodes), and one
// selection may hold at most MaxRepeats nodes of one response name.
// gqlparser's rule OverlappingFieldsCanBeMerged compares the fields of one
// response name pairwise, merged selections included: a document that
// would make it compare more than 2^18 pairs is refused before it runs. All
// are request errors.
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
// Cache is safe for concurrent use. An Operation holds its compiled plan
// (shared selections counted once) and its variable definitions, not the
// document. Normalize appends to the Doc it is given and needs it to
// itself; the text and variables it returns stay valid as long as that Doc
// is not reset.
package graphql
