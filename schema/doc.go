// Package schema compiles JSON Schemas (draft 2020-12, and the Schema
// Objects of OpenAPI 3.1 documents) into plans that validate and shape
// graft.Doc values: the schema is analysed once, then every document is
// checked, or printed with its undeclared members dropped, in one walk of
// the arena, without allocating once warm.
//
// # Terminology
//
// Compile turns the schema text into a Plan: immutable data (no generated
// code, no closures over the schema) holding one compiled node per
// subschema, with every "$ref" already resolved to its node. Plan.Validate
// applies the plan to a value of a graft.Doc; Plan.AppendShape prints a
// value through it. Options set everything at Compile.
//
// # Coverage
//
// The vocabularies of draft 2020-12: core ($id, $anchor, $dynamicAnchor,
// $ref, $dynamicRef, $defs, $schema; the $vocabulary of a custom
// meta-schema may leave out the validation vocabulary or require format
// assertion, while the other vocabularies always apply), applicator, unevaluated (unevaluatedProperties and
// unevaluatedItems, with annotations collected only where a schema uses
// them), validation, format as an annotation (an assertion with
// Options.AssertFormat for the formats Formats lists), content as an
// annotation (contentEncoding, contentMediaType and contentSchema are not
// checked, as the specification advises). The draft 2020-12 test suite
// passes; DEVIATIONS.md lists the optional cases that do not and why.
// Meta-data keywords (title, default, examples, …) and unknown keywords are
// ignored. Other drafts are refused.
//
// An OpenAPI 3.1 document is compiled with Options.Pointer naming the
// schema inside it, such as "/components/schemas/Order"; its Schema Objects
// may refer to each other ("#/components/schemas/Item").
//
// # Validation
//
// Validate answers in two passes. The first asks only whether the value is
// valid: it keeps no instance location, builds no failure and collects no
// annotation, and each subschema of the common kinds takes a direct path
// prepared at Compile (the value's kind against the kinds "type" admits,
// integer bounds as one range, member names compared as received with the
// declared ones). A valid value, the common case, is done then. An invalid
// one is walked again by the reporting pass, which lists the failures.
// Subschemas that need annotations (unevaluatedProperties and
// unevaluatedItems) and the rarer object and array keywords go through the
// reporting code from inside the first pass too, quietly; plans with
// "$dynamicRef" use the reporting pass alone.
//
// # Shaping
//
// AppendShape prints a value through the plan: the members an object's
// subschema does not declare are dropped where the subschema closes the
// object (additionalProperties or unevaluatedProperties false), everything
// else is copied as received. It lives here rather than in package shape,
// whose plans follow GraphQL's rules (selections, aliases, null bubbling,
// GraphQL's coercion), none of which a JSON Schema has.
//
// # Errors
//
// Every error is an *Error. Compile errors wrap ErrSchema (with the
// location in the schema), ErrLoad or ErrLimit. A failed validation wraps
// ErrInvalid and lists each failure in the spirit of the specification's
// basic output: the JSON Pointer of the value, the keyword location
// (a JSON Pointer into the schema document, prefixed with the URI of the
// document for subschemas of other documents) and a message. Failures
// inside anyOf, oneOf, not, if and contains are summed up by the keyword.
//
// # Numbers and strings
//
// Numbers are compared by their decimal text, exactly: 1.0 is an integer,
// bounds and multipleOf hold for numbers of any size or precision, and
// nothing is rounded through float64. Strings are compared and matched by
// their decoded contents; lengths count Unicode code points. Nothing is
// coerced: "42" is a string, never a number, unless AppendShape is asked
// to convert (Options.Coerce).
//
// # Memory and concurrency
//
// A Plan is safe for concurrent use by any number of goroutines. Validate
// and AppendShape only read the Doc, keep no reference to it, and take
// their scratch memory from a pool in the Plan: a valid document costs no
// allocation once warm (an invalid one allocates its errors).
//
// # Security Considerations
//
// A schema is data, never code. Regular expressions are compiled by Go's
// regexp package (RE2), which matches in time linear in the input: no
// pattern can backtrack catastrophically, at the price of ECMA-262
// features RE2 lacks (lookaround, backreferences), which are compile
// errors (so are Unicode categories by long name, \p{Letter}, before
// Go 1.25; \p{L} works with every Go), and RE2's reading where the two
// differ: a ']' that opens a class is a literal ("[]a]" is ']' or 'a'),
// where ECMA-262 reads "[]" as a class that matches nothing. References to other documents reach only Options.Loader (nil by
// default: no network or file access); the draft 2020-12 meta-schemas are
// built in. Limits with safe defaults bound the schema size, the number of
// documents loaded, the nesting of subschemas and of in-place applicators,
// and the work of one validation (Options.MaxSteps, which stops schemas
// whose references fan out exponentially); a cycle of references that
// would apply a subschema to the same value forever is a compile error.
// uniqueItems compares items by hash, so long arrays take n log n time.
package schema
