package shape

import "github.com/graftjson/graft"

// AppendInspect appends the value v of d as graphql-js's inspect prints
// values in messages: strings as JSON.stringify quotes them, numbers as
// JavaScript writes them, arrays as [a, b] (ten items at most), objects as
// { key: value }, containers nested more than two deep as [Array] or
// [Object]. Packages that word GraphQL errors about data (variable
// coercion, for one) use it to match the messages of Render.
func AppendInspect(dst []byte, d *graft.Doc, v graft.Ref) []byte {
	r := Renderer{d: d}
	return r.inspect(dst, v)
}

// AppendJSNumber appends f as JavaScript's String(f) writes it.
func AppendJSNumber(dst []byte, f float64) []byte { return appendJSNumber(dst, f) }

// AppendQuote appends s as a JSON string, escaping the quote, the
// backslash and control characters and replacing bytes that are not UTF-8
// with U+FFFD.
func AppendQuote(dst []byte, s string) []byte { return appendQuote(dst, s) }
