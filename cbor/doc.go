// Package cbor transcodes between JSON documents (graft Docs) and CBOR
// (RFC 8949) directly: AppendCBOR walks a Doc's nodes and writes CBOR,
// AppendJSON turns CBOR into JSON text, and Decode reads CBOR into a Doc.
// No value passes through Go's any, so nothing is rounded on the way.
//
// # JSON to CBOR
//
// Integers (numbers written without fraction or exponent) become major
// types 0 and 1, and bignums (tags 2 and 3) beyond 64 bits: every integer
// is kept exactly. Other numbers become the shortest float (half, single or
// double precision) whose value is exactly the number's and which prints
// back as the same text (0.5, 1.25, 100000.25); every other number becomes
// a decimal fraction (tag 4, [exponent, mantissa], the mantissa a bignum
// if it needs one), so 0.1 and -65.613616999999977 are kept exactly too,
// in four and twelve bytes. -0 becomes the half float -0. Strings become
// text strings with their JSON escapes decoded; objects and arrays become
// definite-length maps and arrays in document order, duplicate member
// names included, unless Options.Deterministic asks for the core
// deterministic encoding (RFC 8949 §4.2.1: keys sorted, the last of
// duplicates kept). Numbers whose exponent lies beyond ±2^62 (1e99999999999999999999)
// and strings that are not UTF-8 (a Doc parsed with AllowInvalidUTF8)
// have no CBOR form: an *Error wrapping ErrUnsupported.
//
// # CBOR to JSON
//
// Every well-formed CBOR data item is read, definite and indefinite
// lengths alike. Integers, bignums, decimal fractions (tag 4) and
// bigfloats (tag 5) print as exact JSON numbers; floats print in the
// shortest form that reads back as the same double (the way JavaScript
// prints them). Text strings are checked to be UTF-8 and escaped where
// JSON requires it. Known tags map to their content: 0 (date/time
// string), 1 (epoch time), 32 (URI), 33 and 34 (base64url and base64
// text), 35 (regular expression), 36 (MIME message), 55799
// (self-described CBOR), and 21, 22 and 23, under which byte strings
// become base64url, base64 or base16 strings.
//
// Items without a JSON form are errors (ErrUnsupported) unless an option
// says otherwise: byte strings (Options.BytesAsBase64URL: base64url
// strings without padding, RFC 8949 §6.1), other tags
// (Options.DropUnknownTags: the content alone), map keys that are not
// text strings (Options.StringKeys: integers, floats, booleans and null
// become member names holding their JSON text; other keys stay errors),
// undefined (Options.UndefinedAsNull), NaN and the infinities
// (Options.NonFiniteAsNull). Other simple values are always errors.
//
// # What survives a round trip
//
// JSON → CBOR → JSON gives the same value, always: integers of any size,
// every decimal digit, strings, member order and duplicate names. The
// text comes back the same except where a number has an exponent (1.5e-7
// comes back as 0.00000015, 1E5 as 1e5), a decimal has more than 20
// zeros after the point (it comes back in exponent form), or the number
// is -0.0 (0.0). String escapes are decoded (\u00e9 comes back as é), as
// in any decoded form. Deterministic encoding also sorts members and drops
// duplicates.
//
// CBOR → JSON → CBOR keeps values but not always their encoding: a float
// that is not exactly a short decimal (1.1 as a double) comes back as a
// decimal fraction of the shortest text that reads back as that double,
// and indefinite lengths become definite.
//
// # Memory and concurrency
//
// A Codec is safe for concurrent use; its pools make warm calls allocate
// nothing beyond growing dst (bignums excepted, which go through
// math/big). AppendCBOR reads the Doc without changing it; any number of
// goroutines may encode from one Doc at once. Decode appends to a Doc and
// needs its single owner, as Doc.Append does.
//
// # Security Considerations
//
// Decoding takes untrusted bytes. Every length is checked against the
// input left before anything is read or allocated (an array of 2^64
// items in ten bytes is an error, not an allocation); nesting of arrays,
// maps and tags is limited (Options.MaxDepth, default 1000), and so are
// the input size (Options.MaxBytes, default 256 MiB), bignums
// (MaxBignumBytes) and bigfloat exponents (±1100). The JSON text written
// is at most eight times the input plus 64 KiB (bigfloats, which can print
// hundreds of digits from six bytes, are an ErrLimit error beyond that). Errors are *Error values with
// the byte offset of the item at fault. Fuzz tests check that no input
// panics and that whatever decodes encodes back to the same value.
package cbor
