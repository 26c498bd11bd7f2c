package wire

import (
	"math"
	"strconv"
)

// ScanNumber validates the number token starting at s[i] (a '-' or a digit)
// against the RFC 8259 grammar
//
//	-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?
//
// and returns the index just past it. It does not look at the byte after the
// token: "01" scans as "0", and the caller's grammar rejects the "1" that
// follows. On failure end is the offset of the offending byte.
func ScanNumber(s []byte, i int) (end int, code Code) {
	if s[i] == '-' {
		i++
	}
	if i >= len(s) {
		return i, EOF
	}
	switch c := s[i]; {
	case c == '0':
		i++
	case c-'1' < 9:
		i = skipDigits(s, i+1)
	default:
		return i, BadNumber
	}
	if i < len(s) && s[i] == '.' {
		i++
		j := skipDigits(s, i)
		if j == i {
			return eofOr(s, i, BadNumber)
		}
		i = j
	}
	if i < len(s) && s[i]|0x20 == 'e' {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		j := skipDigits(s, i)
		if j == i {
			return eofOr(s, i, BadNumber)
		}
		i = j
	}
	return i, OK
}

func eofOr(s []byte, i int, c Code) (int, Code) {
	if i >= len(s) {
		return i, EOF
	}
	return i, c
}

// skipDigits returns the index of the first byte at or after i that is not
// an ASCII digit. It is small enough to be inlined into ScanNumber.
func skipDigits(s []byte, i int) int {
	for i+8 <= len(s) {
		if m := nonDigit(Load64(s, i)); m != 0 {
			return i + firstLane(m)
		}
		i += 8
	}
	for i < len(s) && s[i]-'0' < 10 {
		i++
	}
	return i
}

// ScanLiteral checks that s[i:] starts with lit ("true", "false" or "null")
// and returns the index just past it.
func ScanLiteral(s []byte, i int, lit string) (end int, code Code) {
	for k := 0; k < len(lit); k++ {
		if i+k >= len(s) {
			return i + k, EOF
		}
		if s[i+k] != lit[k] {
			return i + k, BadLiteral
		}
	}
	return i + len(lit), OK
}

// AppendFloat appends the JSON number text of the finite f in the form of
// ECMAScript's Number::toString: the shortest digits that read back as f,
// in plain notation from 1e-6 up to 1e21 and in exponent form outside
// ("1e+21", "1.5e-7"). Negative zero is "-0", as encoding/json writes it
// (see AppendJSNumber). f must not be NaN or infinite: JSON has no text
// for them.
func AppendFloat(dst []byte, f float64) []byte {
	abs, format := math.Abs(f), byte('f')
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	dst = strconv.AppendFloat(dst, f, format, -1, 64)
	if format == 'e' { // e-07 -> e-7, as ECMAScript writes it
		if n := len(dst); n >= 4 && dst[n-4] == 'e' && dst[n-3] == '-' && dst[n-2] == '0' {
			dst[n-2] = dst[n-1]
			dst = dst[:n-1]
		}
	}
	return dst
}

// AppendJSNumber appends f as JavaScript's String(f) writes it: as
// AppendFloat does, but negative zero is "0", and NaN and the infinities
// are "NaN", "Infinity" and "-Infinity". GraphQL servers word their
// messages about numbers so.
func AppendJSNumber(dst []byte, f float64) []byte {
	switch {
	case f == 0:
		return append(dst, '0')
	case math.IsNaN(f):
		return append(dst, "NaN"...)
	case math.IsInf(f, 1):
		return append(dst, "Infinity"...)
	case math.IsInf(f, -1):
		return append(dst, "-Infinity"...)
	}
	return AppendFloat(dst, f)
}
