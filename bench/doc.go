// Package bench measures graft side by side with other Go JSON libraries
// ("peers") on the scenarios an API gateway cares about.
//
// It is its own module so that the peers never become dependencies of graft.
// Everything lives in _test.go files; this file only carries the package
// documentation. Run ./run.sh for a full run and RESULTS.md.
//
// # Scenarios
//
//   - S1 merge-at-path (BenchmarkS1Merge): four tiny documents merged with
//     the "replace" conflict policy, printed compact; BenchmarkS1Parse
//     parses its four inputs only, the floor under it.
//   - S2 round trip (BenchmarkS2RoundTrip): parse and print compact the
//     twitter, citm_catalog and canada corpus files.
//   - S3 parse only (BenchmarkS3Parse): the same files, parse only.
//   - S4 entity splice (BenchmarkS4Splice): 100 entities merged item-wise into
//     100 products, the data object printed compact.
//   - S5 field reads (BenchmarkS5Fields): parse twitter.json, read five fields.
//   - S6 JSON Patch (BenchmarkS6Patch): a 100-operation patch applied to
//     twitter.json, against evanphx/json-patch.
//   - S7 JSON Merge Patch (BenchmarkS7MergePatch): a merge patch applied to a
//     generated 50 KB configuration, against evanphx/json-patch.
//   - S8 canonical JSON (BenchmarkS8Canonical): the RFC 8785 form of twitter
//     and canada, byte for byte the output of jsontext's Canonicalize.
//
// GraphQL response shaping is measured in the nested module graphql/ (its
// own go.mod, because it needs a newer graphql-go-tools than this module's):
// BenchmarkShapeParseRender, BenchmarkShapeRender and BenchmarkShapeCompile.
//
// Every scenario is a table (s1Rows … s8Rows) of
// {name, setup} rows. A graft row joins a table from another _test.go file
// with an init function, for example
//
//	func init() {
//		s1Rows = append(s1Rows, opRow{name: "graft", setup: setupGraftS1})
//	}
//
// Every row's output is checked: by the Test functions (go test) and again
// at the start and end of each benchmark (b.Fatal on a mismatch).
//
// # Row names
//
//   - "-helper": the peer has no operation for the scenario (or none with
//     the required conflict policy); a small merge helper written on the
//     peer's public API does it.
//   - "~value": the peer cannot print the input back byte for byte (it
//     re-escapes strings, reorders map keys or reformats numbers); its output
//     is checked as an equal JSON value instead.
//   - "-walk": the peer has no document tree; the row walks every value with
//     the peer's iteration API.
//   - "-lazy": the peer parses on demand and does not validate the parts it
//     skips.
//
// # Corpus
//
// Corpus files are read from the directory in GRAFT_CORPUS, by default
// ../../shared/corpus relative to this directory. Scenarios that need a
// missing file skip cleanly; S1 and S4 use generated documents and always run.
package bench
