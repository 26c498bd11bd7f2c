package shape

import (
	"math"
	"strconv"
	"unicode"
	"unicode/utf8"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/internal/wire"
)

// JavaScript semantics that graphql-js's messages and serializers show
// through: inspect (how a value is printed in a message), Number(string)
// and String(number).

// inspect appends v as graphql-js's inspect prints it: strings as
// JSON.stringify writes them, numbers as JavaScript writes them, arrays as
// [a, b] (ten items at most, then "... N more items"), objects as
// { key: value }, and containers nested more than two deep as [Array] or
// [Object].
func (r *Renderer) inspect(b []byte, v graft.Ref) []byte {
	return r.inspectDepth(b, v, 0)
}

func (r *Renderer) inspectDepth(b []byte, v graft.Ref, depth int) []byte {
	d := r.d
	switch d.Kind(v) {
	case graft.String:
		r.tmp2, _ = d.AppendString(r.tmp2[:0], v)
		return wire.AppendQuote(b, r.tmp2)
	case graft.Number:
		return wire.AppendJSNumber(b, r.number(v))
	case graft.Bool, graft.Null:
		return append(b, d.Raw(v)...)
	case graft.Array:
		if d.Len(v) == 0 {
			return append(b, "[]"...)
		}
		if depth >= 2 {
			return append(b, "[Array]"...)
		}
		b = append(b, '[')
		n := 0
		for i, item := range d.Items(v) {
			if i == 10 {
				break
			}
			if i > 0 {
				b = append(b, ", "...)
			}
			b = r.inspectDepth(b, item, depth+1)
			n++
		}
		if rest := d.Len(v) - n; rest == 1 {
			b = append(b, ", ... 1 more item"...)
		} else if rest > 1 {
			b = append(b, ", ... "...)
			b = strconv.AppendInt(b, int64(rest), 10)
			b = append(b, " more items"...)
		}
		return append(b, ']')
	case graft.Object:
		if d.Len(v) == 0 {
			return append(b, "{}"...)
		}
		if depth >= 2 {
			return append(b, "[Object]"...)
		}
		b = append(b, "{ "...)
		n := 0
		for name, val := range d.Members(v) {
			if n > 0 {
				b = append(b, ", "...)
			}
			n++
			r.tmp2, _ = d.AppendString(r.tmp2[:0], name)
			b = append(b, r.tmp2...)
			b = append(b, ": "...)
			b = r.inspectDepth(b, val, depth+1)
		}
		return append(b, " }"...)
	}
	return append(b, "undefined"...)
}

// jsNumber returns the value of JavaScript's Number(s): s without leading
// and trailing white space, as a decimal literal (with sign, fraction,
// exponent, or "Infinity") or a 0x, 0o or 0b integer; the empty string is
// 0; anything else is NaN.
func jsNumber(s []byte) float64 {
	s = trimJSSpace(s)
	if len(s) == 0 {
		return 0
	}
	if len(s) > 2 && s[0] == '0' {
		base := 0
		switch s[1] {
		case 'x', 'X':
			base = 16
		case 'o', 'O':
			base = 8
		case 'b', 'B':
			base = 2
		}
		if base != 0 {
			f := 0.0
			for _, c := range s[2:] {
				dv := digitValue(c)
				if dv >= base {
					return math.NaN()
				}
				f = f*float64(base) + float64(dv)
			}
			return f
		}
	}
	t := s
	neg := false
	if t[0] == '+' || t[0] == '-' {
		neg = t[0] == '-'
		t = t[1:]
	}
	if string(t) == "Infinity" {
		if neg {
			return math.Inf(-1)
		}
		return math.Inf(1)
	}
	// DecimalDigits [. DecimalDigits?] [Exponent] | . DecimalDigits [Exponent]
	i, intDigits, fracDigits := 0, 0, 0
	for i < len(t) && isDigit(t[i]) {
		i++
		intDigits++
	}
	if i < len(t) && t[i] == '.' {
		i++
		for i < len(t) && isDigit(t[i]) {
			i++
			fracDigits++
		}
	}
	if intDigits+fracDigits == 0 {
		return math.NaN()
	}
	if i < len(t) && (t[i] == 'e' || t[i] == 'E') {
		i++
		if i < len(t) && (t[i] == '+' || t[i] == '-') {
			i++
		}
		expDigits := 0
		for i < len(t) && isDigit(t[i]) {
			i++
			expDigits++
		}
		if expDigits == 0 {
			return math.NaN()
		}
	}
	if i != len(t) {
		return math.NaN()
	}
	f, err := strconv.ParseFloat(string(s), 64)
	if err != nil && !math.IsInf(f, 0) {
		return math.NaN()
	}
	return f
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func digitValue(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	case 'A' <= c && c <= 'F':
		return int(c-'A') + 10
	}
	return 99
}

// trimJSSpace removes JavaScript's WhiteSpace and LineTerminator code
// points from both ends of s.
func trimJSSpace(s []byte) []byte {
	for len(s) > 0 {
		r, n := utf8.DecodeRune(s)
		if !isJSSpace(r) {
			break
		}
		s = s[n:]
	}
	for len(s) > 0 {
		r, n := utf8.DecodeLastRune(s)
		if !isJSSpace(r) {
			break
		}
		s = s[:len(s)-n]
	}
	return s
}

func isJSSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xA0, 0xFEFF, 0x2028, 0x2029:
		return true
	}
	return unicode.Is(unicode.Zs, r)
}

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
