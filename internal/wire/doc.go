// Package wire holds the stateless byte primitives of graft's JSON grammar:
// whitespace, string scanning and validation, number scanning, UTF-8, quoting
// and unquoting.
//
// Every function works on a byte slice and an index and returns an index or
// an error code; none allocates unless it appends to a caller's buffer, and
// none imports fmt or reflect. The root package builds its error values from
// the codes returned here, so error text lives in one place (Code.String).
//
// It also holds the assembly kernels over 64-byte blocks: Compact, stage
// one of the root package's vectorized parse (AVX-512 or AVX2 on amd64,
// chosen once at start-up; UseKernel switches for tests), and
// Balance.Blocks, the bracket scan with which package stream finds the
// end of an item.
package wire
