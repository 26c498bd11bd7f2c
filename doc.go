// Package graft is a JSON engine for programs that sit between clients and
// many upstream services — API gateways, GraphQL routers, backend-for-
// frontend layers: parse every input exactly once into one arena, merge and
// edit at the tree, print once, with no garbage per request once warm.
//
// # Terminology
//
// A Doc is the arena: one byte buffer holding the compact text of every
// value and a flat slice of fixed-size nodes that refer to each other and to
// the text by index. A Ref is a handle to one value in a Doc. Parse and
// Append read JSON text into a Doc (each input scanned once); New… functions
// build values; Set, Delete and the …Item methods edit objects and arrays;
// Merge, MergeAt and MergeEach combine values; AppendJSON and AppendIndent
// print.
//
// # Standards
//
// Find, Lookup and ParsePointer follow JSON Pointers (RFC 6901). Patch
// applies a JSON Patch (RFC 6902) and MergePatch a JSON Merge Patch (RFC
// 7396), in place and, for Patch, all or nothing. AppendCanonical prints the
// canonical form of the JSON Canonicalization Scheme (RFC 8785), the text to
// hash or sign; it is the one printer that rewrites strings and numbers.
//
// # Parsing
//
// On amd64 machines with AVX-512 (F, BW, VL, VBMI, VBMI2: Intel Ice Lake
// and later, AMD Zen 4 and later) or, failing that, AVX2 (Intel Haswell and
// later, AMD Zen 1 to 3) inputs of 80 bytes and more are parsed in two
// vectorized stages: one pass over 64-byte blocks compacts the text into
// the arena and checks UTF-8, strings and escapes; a second walks the compact
// text once, checking the grammar and building the nodes. Elsewhere (or
// built with -tags noasm) a scalar parser does the same work. Both accept
// exactly the same inputs and report the same errors: where the vectorized
// stages reject an input, the scalar parser reads it again to say where and
// why.
//
// # Lossless
//
// Strings keep their escapes as received and numbers keep their text:
// nothing is decoded until a caller asks (AppendString, Int64, Float64…),
// and printing copies bytes, so a document that is parsed and printed comes
// out as encoding/json.Compact would print it. Member order is kept, and so
// are duplicate member names (lookups act on the last one).
//
// # Snapshots
//
// AppendSnapshot writes a value's compact text and nodes as they are, with
// a versioned header, sizes and a checksum; LoadSnapshot parses the text
// and requires the nodes it builds to be the snapshot's (the format and
// the checks are described at SnapshotVersion). A load costs about a parse
// of the compact text: snapshots keep a value exactly, they do not make
// loading it faster than Parse.
//
// # Memory
//
// Slices returned by reads borrow the arena and stay valid until the Doc is
// Reset or emptied by the next Parse or LoadSnapshot; Refs likewise, and a
// stale Ref (or one from another Doc) is detected: see Ref and ErrStale.
// Reset keeps the memory, so a Doc reused for request after request stops
// allocating once its arena has grown to the working size; Pool does that
// for a server and drops arenas that one huge request blew up.
//
// # Concurrency
//
// Reads never mutate: any number of goroutines may read one Doc at once.
// Everything that adds or changes values needs a single owner.
//
// # Security Considerations
//
// Parsing is strict RFC 8259 by default: UTF-8 is validated, escapes are
// checked, lone surrogate escapes, a leading byte order mark, comments,
// trailing commas, NaN and Infinity are errors. Options relax the first two
// for gateways that must pass through what an upstream sent. Nesting depth,
// input size and node count are limited (Options; safe defaults; besides,
// a member name holds at most 64 MiB and a Doc at most 64 Mi objects and
// arrays), and the limits are checked before memory is taken, so no input
// can make the parser crash or allocate without bound: an input of n
// bytes, valid or not, makes a Doc hold at most about 16n bytes (see
// Options.MaxBytes). Values that code builds call by call may nest deeper
// than MaxDepth; printing, merging, copying and comparing them works at
// any depth. Every error is an *Error: parse errors carry the byte offset,
// line and column, merge and pointer errors the JSON Pointer.
package graft

// The files, in the order of the pipeline (tests mirror them: x_test.go
// tests x.go; reference_test.go holds the reference models, paths_test.go
// the hooks that force each path):
//
//	options.go      Options and limits
//	document.go     the arena: Doc, Ref, Kind, node, aux; Reset, Size
//	errors.go       Error and the sentinels
//	paths.go        the switches between two ways of doing one thing
//	names.go        member names: comparing, finding duplicates
//
//	parse.go        Parse, Append; the scalar parser
//	parse_tiny.go   the tiny parse: compact inputs of up to 64 bytes
//	parse_vector.go the vectorized parse: stage one (internal/wire), then
//	parse_stage2*   stage two, the walk that builds the nodes (assembly
//	                on amd64, its Go twin beside it)
//
//	read.go         reads of one value: Raw, Text, Len, Members, Items…
//	number.go       Int64, Uint64, Float64
//	index.go        the member index of one large object
//	lookup.go       Member, Index, Get
//	pointer.go      JSON Pointer (RFC 6901): ParsePointer, Find, Lookup
//
//	journal.go      the undo journal of operations that may fail
//	span.go         what still prints as one copy of its parsed text
//	print.go        AppendJSON, AppendIndent, Write…
//	sorted.go       member order by UTF-16 code units
//	canonical.go    AppendCanonical (RFC 8785)
//	equal.go        equality of values (Patch's test)
//
//	cycle.go        the cycle check and walks of values
//	new.go          New… and Copy
//	edit.go         Set, Delete, the …Item edits
//	merge.go        Merge, MergeAt, MergeEach; OnConflict
//	nest.go         merges nested past one goroutine's stack
//	match.go        matching the members of large objects by sorting
//	mergepatch.go   MergePatch (RFC 7396)
//	patch.go        Patch (RFC 6902)
//	pool.go         Pool
//	snapshot.go     AppendSnapshot, LoadSnapshot
