// Package wire holds the stateless byte primitives of graft's JSON grammar:
// whitespace, string scanning and validation, number scanning, UTF-8, quoting
// and unquoting.
//
// Every function works on a byte slice and an index and returns an index or
// an error code; none allocates unless it appends to a caller's buffer, and
// none imports fmt or reflect. The root package builds its error values from
// the codes returned here, so error text lives in one place (Code.String).
package wire
