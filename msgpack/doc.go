// Package msgpack transcodes between JSON documents (graft Docs) and
// MessagePack directly: AppendMsgpack walks a Doc's nodes and writes
// MessagePack, AppendJSON turns MessagePack into JSON text, and Decode
// reads MessagePack into a Doc. No value passes through Go's any.
//
// # JSON to MessagePack
//
// Integers (numbers written without fraction or exponent) within 64 bits
// become the shortest int or uint format. Other numbers become a float 32
// or 64 when the double nearest to the number prints back as exactly the
// same text (0.1, 1.5, 1e+300; float 32 when it holds that double
// exactly); -0 becomes float 32 -0. MessagePack has no type for the rest:
// integers beyond 64 bits, decimals with more digits than a double keeps
// (-65.613616999999977), and texts a double does not print back (1.0,
// 1e5). Those become a number extension (type NumberExt, the number's
// text as data), so nothing is rounded, or with Options.RoundNumbers the
// nearest float64, as most converters do (numbers beyond a float64's
// range stay an error then). Strings become str with their JSON escapes
// decoded; objects and arrays become maps and arrays in document order,
// duplicate member names included. Strings that are not UTF-8 (a Doc
// parsed with AllowInvalidUTF8) have no MessagePack form: an *Error
// wrapping ErrUnsupported.
//
// # MessagePack to JSON
//
// Every format of the specification is read. Integers print exactly,
// floats in the shortest form that reads back as the same double (the
// way JavaScript prints them), str is checked to be UTF-8 and escaped
// where JSON requires it, number extensions print their text (checked
// against the JSON grammar), and timestamps (extension type -1) become
// RFC 3339 strings in UTC.
//
// Items without a JSON form are errors (ErrUnsupported) unless an option
// says otherwise: bin (Options.BinAsBase64URL: base64url strings without
// padding), other extensions (Options.UnknownExtAsNull: null), map keys
// that are not str (Options.StringKeys: integers, floats, booleans, nil
// and number extensions become member names holding their JSON text;
// other keys stay errors), NaN and the infinities
// (Options.NonFiniteAsNull).
//
// # What survives a round trip
//
// JSON → MessagePack → JSON gives the same text back, byte for byte, for
// every number (with the default options) and every string (escapes
// decoded: \u00e9 comes back as é), with member order and duplicate
// names. With RoundNumbers, numbers that needed an extension come back as
// the text of the nearest double.
//
// # Memory and concurrency
//
// A Codec is safe for concurrent use; its pools make warm calls allocate
// nothing beyond growing dst. AppendMsgpack reads the Doc without changing
// it; any number of goroutines may encode from one Doc at once. Decode
// appends to a Doc and needs its single owner, as Doc.Append does.
//
// # Security Considerations
//
// Decoding takes untrusted bytes. Every length is checked against the
// input left before anything is read or allocated (an array of 2^32
// items in six bytes is an error, not an allocation); nesting is limited
// (Options.MaxDepth, default 1000), and so is the input size
// (Options.MaxBytes, default 256 MiB). The JSON text written is at most
// about six times the input. Errors are *Error values with the byte offset
// of the item at fault. Fuzz tests check that no input panics and that
// whatever decodes encodes back to the same value.
package msgpack
