// Package transcode holds what the binary formats (packages cbor and
// msgpack) share on their way to and from JSON text: number text split
// into sign, decimal mantissa and exponent, the test of whether a float
// holds a number's value and text exactly, printing of decimals, floats and
// big integers as JSON text, and escaping of string contents.
//
// The functions are stateless and safe for concurrent use. Number text
// they read must already follow the JSON number grammar (a Doc guarantees
// it).
package transcode
