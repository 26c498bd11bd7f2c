// Package stream reads JSON values out of an io.Reader one at a time, in
// memory bounded by the largest value rather than by the input: the items of
// a huge array at a JSON Pointer (a 250 MB upstream dump read by a cache
// warmer), NDJSON / JSON Lines, concatenated JSON values, and RFC 7464 JSON
// text sequences; Auto mode tells these apart by the first byte that is not
// whitespace. Validate, Compact and Indent check and reprint one whole JSON
// value of any size the same way, building nothing.
//
// # Terminology
//
// An item is one value the Reader delivers: an item of the array at
// Options.Path, or one value of a sequence. Each is parsed into a reusable
// graft.Doc; Next moves to the next one, Doc and Item give the current one,
// Raw its text. The window is the Reader's buffer over the input: it holds
// the item being read and what follows it, and moves on with each item.
//
// # Memory
//
// A Reader holds its window (Options.BufferSize, 64 KiB by default, grown
// only for an item that does not fit, up to about Options.MaxItemBytes),
// one Doc the size of the largest item so far, and one byte per level of
// nesting outside the items. An item longer than MaxItemBytes fails once
// that much of it was read: the rest is not read (up to 12 bytes past the
// limit aside, which tell a syntax error just before it from one that the
// cut causes) and nothing of it is built. The error is where the item (in
// Lines mode its line, whitespace included; in Sequence mode its JSON
// text) crosses the limit, unless the text before that point holds a
// syntax error: the first error in the input is the one reported, with
// the reason and offset a parse of the text gives it.
//
// Nothing depends on the length of the input: the text outside the
// items is validated as it streams past and never built into nodes, and a
// string outside the items longer than the window is validated piece by
// piece; whitespace before a value, however long, streams past.
// Numbers and the member names along the path must fit in MaxItemBytes.
//
// The current item lives in memory the Reader reuses: the Doc, every Ref
// into it and every slice read from it, and Raw, stay valid until the next
// call to Next or Reset, and not longer. To keep an item, copy Raw
// (append([]byte(nil), r.Raw()...)), print it (Doc().AppendJSON(dst,
// Item())) or parse it into a Doc of your own (mine.Append(r.Raw())). Once
// warm, reading an item allocates nothing.
//
// # How items are found
//
// In Array mode the Reader first walks the input down to the array at the
// path, validating everything it passes (members before the one on the
// path are checked, not kept; member names are compared decoded, so
// "\u0061" matches the token "a"). For each item it finds the item's end
// with a quick structural scan (brackets outside strings; a number or
// literal is scanned by the grammar, as Doc.Parse scans it) and hands
// exactly those bytes to graft.Doc.Parse, which validates them strictly
// and builds the item. After the array, the rest of the document is
// validated too: trailing garbage is an error. In Lines mode an item is a
// line, in Sequence mode the text after a record separator, and in
// Concatenated mode a value found as in Array mode, where a number or
// literal must be followed by whitespace unless a string, an array or an
// object follows it ("1 2" and "1[2]" are two values, "1true" is an error).
//
// # Errors
//
// Err returns *graft.Error values whose Offset, Line and Column are those
// of the whole stream, not of the item; once items were delivered, the
// reason ends with "(after 1 item)" or "(after N items)", and Count says
// the same. The reason is the one graft.Doc.Parse gives for the same text
// (in Array mode, for the whole document), except that in Lines and
// Sequence mode a value cut short by the end of its line or its JSON text
// is reported as such: "unexpected end of line", not "of input". An error
// of the underlying io.Reader comes back as it was (errors.Is works), after
// every item that was complete before it; no item is delivered twice. The
// first error ends the stream.
//
// # Security Considerations
//
// The whole input is checked as strictly as graft.Doc.Parse checks a
// document (UTF-8, escapes, numbers, no trailing commas, no byte order
// mark), with the same relaxations from Options.Doc. Limits have safe
// defaults: an item (or an NDJSON line) may hold at most
// DefaultMaxItemBytes (64 MiB), nesting is limited to graft.DefaultMaxDepth
// (1000) counted from the top of the stream, and the Doc's node limit
// applies per item; exceeding one is an error wrapping graft.ErrLimit, met
// before the memory is taken. Duplicate member names are accepted, and
// Options.Doc.RejectDuplicateNames applies inside items only (outside them
// the Reader keeps no names), with one exception: a member on the path
// whose name occurs again in its object, after the array, is an error
// wrapping graft.ErrPointer, since the Reader read the items of the first
// one, where Doc lookups take the last, and it cannot go back.
//
// RFC 7464 suggests that a parser skip a text it cannot parse and go on;
// this Reader reports it as an error instead (a cache warmer should know),
// and like the RFC it treats a top-level number, true, false or null not
// followed by whitespace as possibly truncated: an error.
package stream
