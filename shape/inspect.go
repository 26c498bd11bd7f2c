package shape

import (
	"math"
	"strconv"
	"unicode"
	"unicode/utf8"

	"github.com/graftjson/graft"
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
		return appendJSString(b, r.tmp2)
	case graft.Number:
		return appendJSNumber(b, r.number(v))
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

// appendJSString appends s quoted as JavaScript's JSON.stringify quotes it.
func appendJSString(b []byte, s []byte) []byte {
	b = append(b, '"')
	for _, c := range s {
		switch c {
		case '"':
			b = append(b, '\\', '"')
		case '\\':
			b = append(b, '\\', '\\')
		case '\b':
			b = append(b, '\\', 'b')
		case '\f':
			b = append(b, '\\', 'f')
		case '\n':
			b = append(b, '\\', 'n')
		case '\r':
			b = append(b, '\\', 'r')
		case '\t':
			b = append(b, '\\', 't')
		default:
			if c < 0x20 {
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
			} else {
				b = append(b, c)
			}
		}
	}
	return append(b, '"')
}

const hex = "0123456789abcdef"

// appendQuote appends s as a JSON string: the quote, the backslash and
// control characters escaped, bytes that are not UTF-8 replaced by U+FFFD,
// everything else as is. s is a string or a []byte.
func appendQuote[S ~string | ~[]byte](b []byte, s S) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\n':
				b = append(b, '\\', 'n')
			case c == '\r':
				b = append(b, '\\', 'r')
			case c == '\t':
				b = append(b, '\\', 't')
			case c < 0x20:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(string(s[i:min(i+utf8.UTFMax, len(s))]))
		if r == utf8.RuneError && n == 1 {
			b = append(b, "\uFFFD"...)
		} else {
			b = append(b, s[i:i+n]...)
		}
		i += n
	}
	return append(b, '"')
}

// appendJSNumber appends f as JavaScript's Number.prototype.toString
// writes it (ECMA-262 Number::toString): the shortest digits that read
// back as f, in plain notation from 1e-7 up to 1e21 and in exponent form
// ("1e+21", "1.5e-7") outside.
func appendJSNumber(b []byte, f float64) []byte {
	switch {
	case math.IsNaN(f):
		return append(b, "NaN"...)
	case math.IsInf(f, 1):
		return append(b, "Infinity"...)
	case math.IsInf(f, -1):
		return append(b, "-Infinity"...)
	case f == 0:
		return append(b, '0')
	}
	if f < 0 {
		b = append(b, '-')
		f = -f
	}
	var buf [32]byte
	e := strconv.AppendFloat(buf[:0], f, 'e', -1, 64) // d.ddde±xx
	digits := make([]byte, 0, 24)
	i := 0
	for ; e[i] != 'e'; i++ {
		if e[i] != '.' {
			digits = append(digits, e[i])
		}
	}
	exp, _ := strconv.Atoi(string(e[i+1:]))
	k, n := len(digits), exp+1 // f = 0.digits × 10^n
	switch {
	case k <= n && n <= 21:
		b = append(b, digits...)
		for j := k; j < n; j++ {
			b = append(b, '0')
		}
	case 0 < n && n <= 21:
		b = append(b, digits[:n]...)
		b = append(b, '.')
		b = append(b, digits[n:]...)
	case -6 < n && n <= 0:
		b = append(b, '0', '.')
		for j := n; j < 0; j++ {
			b = append(b, '0')
		}
		b = append(b, digits...)
	default:
		b = append(b, digits[0])
		if k > 1 {
			b = append(b, '.')
			b = append(b, digits[1:]...)
		}
		b = append(b, 'e')
		if n-1 >= 0 {
			b = append(b, '+')
		}
		b = strconv.AppendInt(b, int64(n-1), 10)
	}
	return b
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
