package graft

import (
	"math"
	"strconv"
	"unsafe"
)

// Number reads. Numbers keep their text; these convert on request and say
// when the conversion cannot hold the value: ErrRange when it does not fit,
// ErrInexact when digits would be lost. Neither goes through float64 for
// integers.

// Int64 returns the number r as an int64. A number with a fraction or
// exponent is accepted when its value is an integer (1.0, 1E+2, -0). It
// returns ErrInexact with the value truncated toward zero if the number has
// a fractional part, ErrRange with the nearest int64 if it does not fit, and
// ErrKind if r is not a number.
func (d *Doc) Int64(r Ref) (int64, error) {
	t, ok := d.numberText(r)
	if !ok {
		return 0, d.refError(r, Number)
	}
	neg := t[0] == '-'
	if neg {
		t = t[1:]
	}
	if len(t) <= 18 { // fast path: plain integers of up to 18 digits
		var v int64
		plain := true
		for _, c := range t {
			if c-'0' >= 10 {
				plain = false
				break
			}
			v = v*10 + int64(c-'0')
		}
		if plain {
			if neg {
				v = -v
			}
			return v, nil
		}
	}
	u, err := parseUint(t)
	limit := uint64(math.MaxInt64)
	if neg {
		limit++
	}
	if u > limit {
		u, err = limit, errIntRange
	} else if err == errUintRange {
		err = errIntRange
	}
	if neg {
		return -int64(u), err
	}
	return int64(u), err
}

// Uint64 returns the number r as a uint64, with the rules of Int64; a
// negative number other than zero gives ErrRange and 0.
func (d *Doc) Uint64(r Ref) (uint64, error) {
	t, ok := d.numberText(r)
	if !ok {
		return 0, d.refError(r, Number)
	}
	neg := t[0] == '-'
	if neg {
		t = t[1:]
	}
	u, err := parseUint(t)
	if neg && (u != 0 || err != nil) { // only an exact zero may be negative
		return 0, errUintRange
	}
	return u, err
}

// Float64 returns the float64 nearest to the number r. It returns ErrRange
// with ±Inf if the number is too large for a float64, ErrInexact with the
// nearest value if that float64 does not stand for the text's number —
// neither its shortest decimal form (what strconv.FormatFloat writes, so 0.1
// is exact) nor its exact binary value is the text's decimal: more
// significant digits than a float64 holds, or digits lost to underflow —
// and ErrKind if r is not a number.
func (d *Doc) Float64(r Ref) (float64, error) {
	t, ok := d.numberText(r)
	if !ok {
		return 0, d.refError(r, Number)
	}
	// The text is a valid JSON number, so ParseFloat only fails on range.
	// It does not keep the string.
	f, err := strconv.ParseFloat(unsafe.String(&t[0], len(t)), 64)
	if err != nil {
		return f, errFloatRange
	}
	a := decompose(t)
	if a.n <= 15 && a.exp >= -307 && a.exp <= 308-a.n {
		return f, nil // up to 15 digits always survive the round trip
	}
	var buf [32]byte
	if a.equal(decompose(strconv.AppendFloat(buf[:0], f, 'e', -1, 64))) {
		return f, nil
	}
	// A text longer than the shortest form can be the float's exact
	// value, as 9223372036854775808 (2^63) and 36028797018963968 (2^55,
	// shortest 3.602879701896397e16) are: a float64 has at most 767
	// significant decimal digits.
	var exact [800]byte
	if a.equal(decompose(strconv.AppendFloat(exact[:0], f, 'e', 780, 64))) {
		return f, nil
	}
	return f, errFloatExact
}

func (d *Doc) numberText(r Ref) ([]byte, bool) {
	n := d.at(r)
	if n == nil || n.kind() != Number {
		return nil, false
	}
	return d.buf[n.off : n.off+n.textLen()], true
}

// decimal is a number as significant digits times a power of ten:
// digits has no leading or trailing zeros (empty for zero).
type decimal struct {
	neg    bool
	digits []byte // the significant digits in the text, maybe with a '.'
	dot    int    // index of that '.' in digits, or -1
	n      int    // number of significant digits; 0 for zero
	exp    int    // the value is the integer of the digits × 10^exp
}

func (a decimal) digit(i int) byte {
	if a.dot >= 0 && i >= a.dot {
		i++
	}
	return a.digits[i]
}

func (a decimal) equal(b decimal) bool {
	if a.n != b.n || a.exp != b.exp || a.neg != b.neg && a.n != 0 {
		return false
	}
	for i := 0; i < a.n; i++ {
		if a.digit(i) != b.digit(i) {
			return false
		}
	}
	return true
}

// decompose splits a valid JSON number (or strconv 'e' output) into its
// significant digits and exponent. Exponents are clamped to ±1e9, far
// beyond any float64, so that no input can overflow.
func decompose(t []byte) decimal {
	a := decimal{dot: -1}
	if t[0] == '-' {
		a.neg = true
		t = t[1:]
	}
	// Mantissa: integer part, optional fraction.
	end := 0
	for end < len(t) && (t[end]-'0' < 10 || t[end] == '.') {
		end++
	}
	m := t[:end]
	fracDigits := 0
	if dot := indexOf(m, '.'); dot >= 0 {
		fracDigits = len(m) - dot - 1
	}
	exp := 0
	if end < len(t) { // 'e' or 'E'
		e := t[end+1:]
		eneg := false
		if e[0] == '+' || e[0] == '-' {
			eneg = e[0] == '-'
			e = e[1:]
		}
		for _, c := range e {
			if exp < 1e9 {
				exp = exp*10 + int(c-'0')
			}
		}
		if eneg {
			exp = -exp
		}
	}
	exp -= fracDigits
	// Trim leading zeros (and a leading "0.").
	for len(m) > 0 && (m[0] == '0' || m[0] == '.') {
		m = m[1:]
	}
	// Trim trailing zeros, each one raising the exponent.
	for len(m) > 0 && (m[len(m)-1] == '0' || m[len(m)-1] == '.') {
		if m[len(m)-1] == '0' {
			exp++
		} // a trailing '.' is dropped without changing the value
		m = m[:len(m)-1]
	}
	a.digits = m
	a.dot = indexOf(m, '.')
	a.n = len(m)
	if a.dot >= 0 {
		a.n--
	}
	if a.n > 0 {
		a.exp = exp
	}
	return a
}

func indexOf(b []byte, c byte) int {
	for i, x := range b {
		if x == c {
			return i
		}
	}
	return -1
}

// parseUint converts the text of a non-negative JSON number to a uint64 by
// the rules of Int64.
func parseUint(t []byte) (uint64, error) {
	a := decompose(t)
	keep := a.n // digits before the decimal point of the value
	if a.exp < 0 {
		keep = a.n + a.exp
	} else if a.n+a.exp > 20 {
		return math.MaxUint64, errUintRange
	}
	var u uint64
	for i := 0; i < keep; i++ {
		c := uint64(a.digit(i) - '0')
		if u > (math.MaxUint64-c)/10 {
			return math.MaxUint64, errUintRange
		}
		u = u*10 + c
	}
	for e := a.exp; e > 0; e-- {
		if u > math.MaxUint64/10 {
			return math.MaxUint64, errUintRange
		}
		u *= 10
	}
	if keep < a.n {
		return u, errFraction
	}
	return u, nil
}
