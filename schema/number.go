package schema

import (
	"cmp"
	"encoding/binary"
	"math/big"
	"math/bits"
)

// decimal is a JSON number text read as sign × 0.d₁d₂…dₙ × 10^point, with
// the significant digits d₁…dₙ (no leading or trailing zeros) borrowed from
// the text. The digits may straddle the decimal point of the text, so they
// are read through digit. Nothing here allocates or rounds: comparisons and
// integer checks are exact for any number text.
type decimal struct {
	neg    bool
	ip, fp []byte // integer and fraction digits as written
	first  int    // index of d₁ in ip+fp
	n      int    // number of significant digits; 0 for zero
	point  int    // decimal exponent of the position before d₁
}

// maxExp saturates exponents: a number text may carry an exponent of any
// length, and beyond this every comparison is decided anyway.
const maxExp = 1 << 30

// parseDecimal reads a number text that the JSON grammar accepted.
func parseDecimal(b []byte) decimal {
	var d decimal
	i := 0
	if i < len(b) && b[i] == '-' {
		d.neg = true
		i++
	}
	s := i
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		i++
	}
	d.ip = b[s:i]
	if i < len(b) && b[i] == '.' {
		i++
		s = i
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		d.fp = b[s:i]
	}
	exp := 0
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		eneg := false
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			eneg = b[i] == '-'
			i++
		}
		for ; i < len(b) && b[i] >= '0' && b[i] <= '9'; i++ {
			if exp < maxExp {
				exp = exp*10 + int(b[i]-'0')
			}
		}
		if eneg {
			exp = -exp
		}
	}
	total := len(d.ip) + len(d.fp)
	first := 0
	for first < total && d.digit(first) == '0' {
		first++
	}
	if first == total { // zero
		d.neg = false
		return d
	}
	last := total - 1
	for d.digit(last) == '0' {
		last--
	}
	d.first = first
	d.n = last - first + 1
	d.point = len(d.ip) + exp - first
	return d
}

// digit returns byte i of the digits ip+fp.
func (d *decimal) digit(i int) byte {
	if i < len(d.ip) {
		return d.ip[i]
	}
	return d.fp[i-len(d.ip)]
}

// sig returns significant digit i (0-based).
func (d *decimal) sig(i int) byte { return d.digit(d.first + i) }

// isInt reports whether the number is an integer.
func (d *decimal) isInt() bool { return d.n <= d.point || d.n == 0 }

// cmpDecimal compares a and b exactly: -1, 0 or +1.
func cmpDecimal(a, b *decimal) int {
	switch {
	case a.n == 0 && b.n == 0:
		return 0
	case a.n == 0:
		if b.neg {
			return 1
		}
		return -1
	case b.n == 0:
		if a.neg {
			return -1
		}
		return 1
	case a.neg != b.neg:
		if a.neg {
			return -1
		}
		return 1
	}
	c := cmpMagnitude(a, b)
	if a.neg {
		return -c
	}
	return c
}

func cmpMagnitude(a, b *decimal) int {
	if a.point != b.point {
		if a.point < b.point {
			return -1
		}
		return 1
	}
	for i := 0; i < a.n || i < b.n; i++ {
		var x, y byte = '0', '0'
		if i < a.n {
			x = a.sig(i)
		}
		if i < b.n {
			y = b.sig(i)
		}
		if x != y {
			if x < y {
				return -1
			}
			return 1
		}
	}
	return 0
}

// numEqual reports whether two number texts stand for the same number.
func numEqual(a, b []byte) bool {
	if string(a) == string(b) {
		return true
	}
	x, y := parseDecimal(a), parseDecimal(b)
	return cmpDecimal(&x, &y) == 0
}

// mantissa returns the significant digits as an integer m and an exponent e
// with |number| = m × 10^e, when they fit in 19 digits.
func (d *decimal) mantissa() (m uint64, e int, ok bool) {
	if d.n > 19 {
		return 0, 0, false
	}
	for i := 0; i < d.n; i++ {
		m = m*10 + uint64(d.sig(i)-'0')
	}
	return m, d.point - d.n, true
}

// isMultiple reports whether the number x is an integer multiple of the
// positive number m, exactly. Small mantissas take a word-sized path; the
// rest goes through math/big (allocating).
func isMultiple(x, m *decimal, xText, mText []byte) bool {
	if x.n == 0 {
		return true
	}
	a, ea, ok1 := x.mantissa()
	b, eb, ok2 := m.mantissa()
	if ok1 && ok2 {
		// x/m = (a/b) × 10^(ea-eb)
		k := ea - eb
		if k >= 0 {
			// (a × 10^k) mod b == 0, by modular arithmetic.
			r := a % b
			p := uint64(10) % b
			for ; k > 0; k >>= 1 {
				if k&1 == 1 {
					r = mulmod(r, p, b)
				}
				p = mulmod(p, p, b)
			}
			return r == 0
		}
		// a would have to be divisible by 10, but its last digit is
		// significant, so not zero.
		return false
	}
	return bigMultiple(x, m, xText, mText)
}

func mulmod(a, b, m uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	return bits.Rem64(hi, lo, m)
}

// bigMultiple is the exact fallback of isMultiple for mantissas of more
// than 19 digits. Quotients whose exponent is beyond ±4096 are reported as
// not a multiple rather than computed: the arithmetic would grow with the
// exponent, which an instance controls (see Security Considerations).
func bigMultiple(x, m *decimal, xText, mText []byte) bool {
	if x.point-m.point > 4096 || x.point-m.point < -4096 {
		return false
	}
	var rx, rm big.Rat
	if _, ok := rx.SetString(string(xText)); !ok {
		return false
	}
	if _, ok := rm.SetString(string(mText)); !ok || rm.Sign() == 0 {
		return false
	}
	rx.Quo(&rx, &rm)
	return rx.IsInt()
}

// smallInt reads a number text of at most 18 digits with no fraction or
// exponent, the common case, without the general decimal reading.
func smallInt(b []byte) (int64, bool) {
	if len(b) == 0 || len(b) > 19 {
		return 0, false
	}
	i, neg := 0, false
	if b[0] == '-' {
		i, neg = 1, true
	}
	if i == len(b) || len(b)-i > 18 {
		return 0, false
	}
	var v int64
	for ; i < len(b); i++ {
		c := b[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int64(c-'0')
	}
	if neg {
		v = -v
	}
	return v, true
}

// hasBackslash reports whether b holds a backslash, eight bytes at a time.
func hasBackslash(b []byte) bool {
	const lo, hi = 0x0101010101010101, 0x8080808080808080
	const bs = 0x5c * lo
	for len(b) >= 8 {
		x := binary.LittleEndian.Uint64(b) ^ bs
		if (x-lo)&^x&hi != 0 {
			return true
		}
		b = b[8:]
	}
	for _, c := range b {
		if c == '\\' {
			return true
		}
	}
	return false
}

// pow10 holds the powers of ten that float64 represents exactly.
var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// reading is an instance number read once for the bounds of a subschema:
// one scan of its text, and the exact decimal reading of the text only
// when the scan cannot decide.
type reading struct {
	v     int64 // the digits as an integer with the sign: the number is v / 10^frac
	frac  int   // digits after the decimal point
	short bool  // v and frac hold the number: at most 18 digits, no exponent
}

// readNumber reads a number text that the JSON grammar accepted.
func readNumber(b []byte) (x reading) {
	i, neg := 0, false
	if len(b) > 0 && b[0] == '-' {
		i, neg = 1, true
	}
	start := i
	var m uint64
	for i < len(b) && b[i]-'0' <= 9 {
		m = m*10 + uint64(b[i]-'0')
		i++
	}
	digits := i - start
	if i < len(b) && b[i] == '.' {
		i++
		fs := i
		for i < len(b) && b[i]-'0' <= 9 {
			m = m*10 + uint64(b[i]-'0')
			i++
		}
		x.frac = i - fs
		digits += x.frac
	}
	if i != len(b) || digits == 0 || digits > 18 { // an exponent, or too long
		return reading{}
	}
	x.v, x.short = int64(m), true
	if neg {
		x.v = -x.v
	}
	return x
}

// pow10i holds the powers of ten that int64 holds.
var pow10i = [...]int64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18}

// cmp compares the number, whose text is raw, with bound b: with an
// integer bound, as integers scaled by the number's decimal places (when
// that cannot overflow); with a short decimal, as correctly rounded floats
// (at most 15 digits and a power of ten are exact float64 values, so one
// division rounds correctly), which order the numbers they stand for
// except where they are equal; the rest exactly as decimals.
func (x *reading) cmp(raw []byte, b *bound) int {
	if x.short {
		if b.isInt && (x.frac == 0 || x.frac <= 9 && b.i > -1<<31 && b.i < 1<<31) {
			return cmp.Compare(x.v, b.i*pow10i[x.frac])
		}
		if b.isFloat && x.v > -1e15 && x.v < 1e15 {
			if f := float64(x.v) / pow10[x.frac]; f != b.f {
				if f < b.f {
					return -1
				}
				return 1
			}
		}
	}
	dec := parseDecimal(raw)
	return cmpDecimal(&dec, &b.dec)
}

// integer reports whether the number, whose text is raw, is an integer
// (1.0 and 1e2 are).
func (x *reading) integer(raw []byte) bool {
	if x.short {
		return x.frac == 0 || x.v%pow10i[x.frac] == 0
	}
	dec := parseDecimal(raw)
	return dec.isInt()
}
