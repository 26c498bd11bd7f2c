package transcode

import (
	"encoding/binary"
	"math"
	"math/big"
	"math/bits"
	"strconv"
)

// Decimal is a JSON number split into its parts: the value is
// ±Mant × 10^Exp.
type Decimal struct {
	Neg     bool
	Integer bool   // the text has neither a fraction nor an exponent
	Big     bool   // the mantissa does not fit in Mant (use BigMant)
	Mant    uint64 // the digits of the integer and fraction parts, if !Big
	Exp     int64  // the exponent minus the number of fraction digits
	Digits  int    // count of mantissa digits, leading zeros included
	Plain   bool   // the text has no exponent part
}

// Split decomposes the number text t. It reports false if the exponent
// lies beyond ±2^62, where no binary format can carry it exactly.
func Split(t []byte) (d Decimal, ok bool) {
	if splitPlain(&d, t) {
		return d, true
	}
	return splitAny(t)
}

// splitAny is Split for any number text.
func splitAny(t []byte) (Decimal, bool) {
	var d Decimal
	i := 0
	if i < len(t) && t[i] == '-' {
		d.Neg = true
		i++
	}
	frac := int64(0)
	inFrac := false
	for ; i < len(t); i++ {
		c := t[i]
		if c == '.' {
			inFrac = true
			continue
		}
		if c-'0' > 9 {
			break
		}
		if inFrac {
			frac++
		}
		d.Digits++
		switch {
		case d.Digits <= 19: // 10^19 > any 19 digits: no overflow
			d.Mant = d.Mant*10 + uint64(c-'0')
		case !d.Big:
			hi, lo := bits.Mul64(d.Mant, 10)
			lo, carry := bits.Add64(lo, uint64(c-'0'), 0)
			d.Big = hi != 0 || carry != 0
			d.Mant = lo
		}
	}
	d.Integer = !inFrac && i == len(t)
	d.Plain = i == len(t)
	exp := int64(0)
	if i < len(t) { // [eE][+-]?digits
		i++
		neg := false
		if t[i] == '+' || t[i] == '-' {
			neg = t[i] == '-'
			i++
		}
		for ; i < len(t); i++ {
			if exp > 1<<62/10 {
				return d, false
			}
			exp = exp*10 + int64(t[i]-'0')
		}
		if neg {
			exp = -exp
		}
	}
	d.Exp = exp - frac
	if d.Exp < -(1<<62) || d.Exp > 1<<62 {
		return d, false
	}
	if d.Big {
		d.Mant = 0
	}
	return d, true
}

// splitPlain splits the common number into *d: -?digits(.digits)? with at
// most 19 digits in all, read up to eight at a time. It reports false for
// anything else (an exponent, more digits), left to Split's general loop.
func splitPlain(d *Decimal, t []byte) bool {
	i := 0
	if len(t) > 0 && t[0] == '-' {
		d.Neg = true
		i = 1
	}
	m, end := digitRun(t, i, 0)
	if end == i {
		return false
	}
	digits := end - i
	if end < len(t) && t[end] == '.' {
		var fend int
		m, fend = digitRun(t, end+1, m)
		d.Exp = int64(end + 1 - fend)
		digits += fend - end - 1
		end = fend
	}
	if end != len(t) || digits > 19 {
		return false
	}
	d.Mant, d.Digits, d.Plain, d.Integer = m, digits, true, d.Exp == 0
	return true
}

// digitRun reads the digits of t from i on into m (m*10 + digit for each)
// and returns m and the index after the last digit, eight bytes at a
// time. Past 19 digits m wraps: callers count.
func digitRun(t []byte, i int, m uint64) (uint64, int) {
	for i+8 <= len(t) {
		v := binary.LittleEndian.Uint64(t[i:])
		n := leadingDigits(v)
		m = m*pow10u[n] + parseDigits(v, n)
		i += n
		if n < 8 {
			return m, i
		}
	}
	if i >= len(t) {
		return m, i
	}
	if len(t) < 8 {
		for ; i < len(t) && t[i]-'0' <= 9; i++ {
			m = m*10 + uint64(t[i]-'0')
		}
		return m, i
	}
	// The last 8 bytes, shifted so that t[i] comes first: the bytes
	// before it fall off, zero bytes (not digits) come in at the end.
	v := binary.LittleEndian.Uint64(t[len(t)-8:]) >> (8 * (8 - (len(t) - i)) & 63)
	n := leadingDigits(v)
	return m*pow10u[n] + parseDigits(v, n), i + n
}

// leadingDigits returns how many of the bytes of v, from the lowest on,
// are ASCII digits before the first that is not.
func leadingDigits(v uint64) int {
	x := v ^ 0x3030303030303030 // digits become 0..9
	// The top bit of each byte: set where x > 9 (no carries between
	// bytes: each sum stays below 0x100).
	not := ((x & 0x7f7f7f7f7f7f7f7f) + 0x7676767676767676 | x) & 0x8080808080808080
	return bits.TrailingZeros64(not) >> 3 // 8 if all are
}

// parseDigits returns the value of the first n (0..8) bytes of v, from the
// lowest on, ASCII digits: shifted to the top with '0's below them, then
// pairs, fours and all eight combined by multiplication.
func parseDigits(v uint64, n int) uint64 {
	if n == 0 {
		return 0
	}
	v = v<<((64-8*n)&63) | zeroPad[n&7] // n == 8: no shift, no pad
	v -= 0x3030303030303030
	v = v*10 + v>>8 // byte 2k holds digit pair k
	return (v&0x000000ff000000ff*(100+1000000<<32) + v>>16&0x000000ff000000ff*(1+10000<<32)) >> 32
}

// zeroPad[n] is '0' in the 8-n low bytes, for n in 1..7; zeroPad[0] is 0.
var zeroPad = [8]uint64{0, 0x30303030303030, 0x303030303030, 0x3030303030, 0x30303030, 0x303030, 0x3030, 0x30}

// BigMant returns the mantissa of the number text t (its integer and
// fraction digits, without sign or exponent) as a big.Int.
func BigMant(t []byte) *big.Int {
	digits := make([]byte, 0, len(t))
	for _, c := range t {
		if c|0x20 == 'e' {
			break
		}
		if c-'0' <= 9 {
			digits = append(digits, c)
		}
	}
	m, _ := new(big.Int).SetString(string(digits), 10)
	return m
}

// pow5 holds 5^k; inv5 the inverse of 5^k modulo 2^64 and lim5
// MaxUint64/5^k, for divisibility tests by one multiplication: m is a
// multiple of 5^k exactly when m*inv5[k] <= lim5[k] (the product then is
// the quotient).
var pow5, inv5, lim5 = func() (p, inv, lim [28]uint64) {
	p[0], inv[0], lim[0] = 1, 1, math.MaxUint64
	const inverseOf5 = 0xcccccccccccccccd // 5 * inverseOf5 = 1 mod 2^64
	for i := 1; i < len(p); i++ {
		p[i], inv[i] = p[i-1]*5, inv[i-1]*inverseOf5
		lim[i] = math.MaxUint64 / p[i]
	}
	return
}()

// ExactFloat returns the float64 whose value is exactly that of d, and
// whether there is one. It does not look at the text; see Keeps.
func ExactFloat(d Decimal) (float64, bool) {
	if d.Big {
		return 0, false
	}
	var f float64
	switch {
	case d.Mant == 0:
	case d.Exp >= 0:
		if d.Exp >= int64(len(pow5)) {
			return 0, false
		}
		hi, lo := bits.Mul64(d.Mant, pow5[d.Exp]) // Mant × 5^Exp, then × 2^Exp
		if hi != 0 || !fits53(lo) {
			return 0, false
		}
		f = math.Ldexp(float64(lo), int(d.Exp))
	default:
		k := -d.Exp
		if k >= int64(len(pow5)) {
			return 0, false
		}
		q := d.Mant * inv5[k] // value = q / 2^k, if Mant is a multiple of 5^k
		if q > lim5[k] {
			return 0, false
		}
		if !fits53(q) {
			return 0, false
		}
		f = math.Ldexp(float64(q), -int(k))
	}
	if d.Neg {
		f = -f
	}
	return f, true
}

var pow10 = [...]float64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// ShortDecimal returns the double nearest to the plain decimal d (no
// exponent, a fraction without trailing zeros, at most 15 significant
// digits, at least 1e-6) and true: AppendFloat prints that double as
// exactly the text of d, since no two decimals of 15 digits or fewer round
// to the same double. Other numbers report false; decide those with
// strconv.ParseFloat and Keeps. The last digit of the text is given as
// last.
func ShortDecimal(d Decimal, last byte) (float64, bool) {
	if !d.Plain || d.Integer || d.Big || last == '0' || d.Mant == 0 || d.Mant >= 1e15 {
		return 0, false
	}
	k := int64(bits.Len64(d.Mant)*1233>>12) + 1 // decimal digits of Mant, or one more
	if d.Mant < uint64(pow10[k-1]) {
		k--
	}
	if k-1+d.Exp < -6 || -d.Exp >= int64(len(pow10)) {
		return 0, false
	}
	// Both operands exact, one correctly rounded division (Clinger).
	f := float64(d.Mant) / pow10[-d.Exp]
	if d.Neg {
		f = -f
	}
	return f, true
}

// fits53 reports whether v without its trailing zero bits fits in the 53
// bits of a float64 significand.
func fits53(v uint64) bool {
	return v>>bits.TrailingZeros64(v|1<<63) < 1<<53
}

// Keeps reports whether printing f with AppendFloat gives back exactly the
// text t. scratch is working space; the possibly grown slice is returned.
func Keeps(scratch []byte, f float64, t []byte) (bool, []byte) {
	scratch = AppendFloat(scratch[:0], f)
	return string(scratch) == string(t), scratch
}

// AppendFloat appends f as JSON text in the shortest form that reads back
// as the same float64, the way JavaScript and encoding/json print numbers:
// plain decimal for 1e-6 <= |f| < 1e21, exponent form otherwise. f must be
// finite.
func AppendFloat(dst []byte, f float64) []byte {
	abs := math.Abs(f)
	if abs < 1<<53 && f == math.Trunc(f) && (f != 0 || !math.Signbit(f)) {
		return AppendInt(dst, int64(f)) // what 'f' prints, faster
	}
	if abs >= 1e-6 && abs < 1e15 {
		if out, ok := appendShortFloat(dst, f, abs); ok {
			return out
		}
		if out, ok := appendLongFloat(dst, f, abs); ok {
			return out
		}
	}
	return appendFloatSlow(dst, f, abs)
}

// appendFloatSlow is AppendFloat by strconv's shortest formatting.
func appendFloatSlow(dst []byte, f, abs float64) []byte {
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		dst = strconv.AppendFloat(dst, f, 'e', -1, 64)
		// e-07 → e-7, e+21 stays
		n := len(dst)
		if n >= 4 && dst[n-4] == 'e' && dst[n-3] == '-' && dst[n-2] == '0' {
			dst[n-2] = dst[n-1]
			dst = dst[:n-1]
		}
		return dst
	}
	return strconv.AppendFloat(dst, f, 'f', -1, 64)
}

// appendShortFloat appends f, 1e-6 <= |f| = abs < 1e15 and not an
// integer, if a decimal of at most 15 significant digits reads back as f;
// it reports false otherwise. No two such decimals read back as the same
// double (they lie further apart than a double's rounding interval is
// wide), so that decimal, without trailing zeros, is the shortest text of
// f: what strconv prints, found with one multiplication, one rounding and
// one correctly rounded division (Clinger: both operands exact).
func appendShortFloat(dst []byte, f, abs float64) ([]byte, bool) {
	_, e2 := math.Frexp(abs) // abs in [2^(e2-1), 2^e2)
	// 15 minus the decimal digits before the point, or one more (never
	// less: TestLog2Estimate): at most 21 for abs >= 1e-6, at least 0
	// below 1e15. 78913/2^18 is log10(2) a shade over.
	k := 15 - (floorLog10Pow2(e2-1) + 1)
	p := abs * pow10[k]
	if p >= 1e15 {
		k--
		p = abs * pow10[k]
	}
	m := uint64(p + 0.5) // 1e15 where abs is a power of ten, or next to one
	if m > 1e15 || float64(m)/pow10[k] != abs {
		return dst, false
	}
	for m%10 == 0 {
		m /= 10
		k--
	}
	return appendPoint(dst, f < 0, m, k), true
}

// floorLog10Pow2 returns floor(e·log10(2)) for -1100 < e < 1100.
func floorLog10Pow2(e int) int { return e * 78913 >> 18 }

// appendLongFloat appends f, 1e-6 <= |f| = abs < 1e15 and not an
// integer, whose shortest text has 16 or 17 significant digits (no text of
// 15 or fewer reads back as f: appendShortFloat declined), where its
// integer arithmetic tells; it reports false otherwise. For n = 16, then
// 17, it takes the n-digit decimal nearest to f, computed exactly as
// mant·10^q / 2^s in 128 bits (abs = mant·2^-s), and prints it if it reads
// back as f: the shortest text, and of those the nearest, as strconv
// prints.
func appendLongFloat(dst []byte, f, abs float64) ([]byte, bool) {
	b := math.Float64bits(abs)
	mant := b&(1<<52-1) | 1<<52
	s := uint(1075 - b>>52) // abs = mant · 2^-s; 3 <= s <= 72 in this range
	_, e2 := math.Frexp(abs)
	point := floorLog10Pow2(e2-1) + 1 // digits before the point, or one less
	for n := 16; n <= 17; n++ {
		q := n - point
		if q < 0 || q >= len(pow10u) {
			return dst, false
		}
		hi, lo := bits.Mul64(mant, pow10u[q]) // abs·10^q = (hi, lo) / 2^s
		var m uint64
		var dist u128 // |m·2^s - abs·10^q·2^s|
		var half u128 // 2^(s-1)
		var up bool
		if s < 64 {
			m, dist, half = lo>>s|hi<<(64-s), u128{0, lo & (1<<s - 1)}, u128{0, 1 << (s - 1)}
		} else {
			m, dist = hi>>(s-64), u128{hi & (1<<(s-64) - 1), lo}
			half = shl128(1, s-1)
		}
		switch cmp128(dist, half) {
		case 0:
			return dst, false // a tie between two n-digit decimals
		case 1:
			m++
			dist, up = sub128(shl128(1, s), dist), true
		}
		if m >= pow10u[n] { // one more digit before the point: again
			point++
			if n == 17 {
				return dst, false
			}
			n--
			continue
		}
		// Reads back as f: within half an ulp (10^q/2 in these units; a
		// quarter below a power of two), the ends when mant is even.
		reach := add128(dist, dist)
		if !up && mant == 1<<52 {
			reach = add128(reach, reach)
		}
		if c := cmp128(reach, u128{0, pow10u[q]}); c < 0 || c == 0 && mant&1 == 0 {
			if m%10 == 0 {
				return dst, false // a shorter text reads back: not expected here
			}
			return appendPoint(dst, f < 0, m, q), true
		}
	}
	return dst, false
}

// appendPoint appends ±m·10^-k as a plain decimal, k > 0.
func appendPoint(dst []byte, neg bool, m uint64, k int) []byte {
	var buf [24]byte
	digits := AppendUint(buf[:0], m)
	if neg {
		dst = append(dst, '-')
	}
	if n := len(digits); k < n {
		dst = append(dst, digits[:n-k]...)
		dst = append(dst, '.')
		return append(dst, digits[n-k:]...)
	}
	dst = append(dst, '0', '.')
	for i := len(digits); i < k; i++ {
		dst = append(dst, '0')
	}
	return append(dst, digits...)
}

// maxPlainZeros is how many zeros AppendDecimal writes between the point
// and the digits before it switches to the exponent form.
const maxPlainZeros = 20

// AppendDecimal appends the number ±digits × 10^exp as JSON text. digits
// is a decimal digit string without sign. With exp < 0 it prints a
// decimal point, padding with up to maxPlainZeros zeros after it (so
// 1.50, 0.001 and -65.613616999999977 come back as written); with exp > 0
// or more zeros it prints digits, 'e' and the exponent. expNeg and expMag
// give the exponent's sign and magnitude, which may exceed int64.
func AppendDecimal(dst []byte, neg bool, digits []byte, expNeg bool, expMag uint64) []byte {
	if neg {
		dst = append(dst, '-')
	}
	n := uint64(len(digits))
	switch {
	case expMag == 0:
		return append(dst, digits...)
	case expNeg && expMag < n:
		dst = append(dst, digits[:n-expMag]...)
		dst = append(dst, '.')
		return append(dst, digits[n-expMag:]...)
	case expNeg && expMag-n <= maxPlainZeros:
		dst = append(dst, '0', '.')
		for i := n; i < expMag; i++ {
			dst = append(dst, '0')
		}
		return append(dst, digits...)
	}
	dst = append(dst, digits...)
	dst = append(dst, 'e')
	if expNeg {
		dst = append(dst, '-')
	}
	return AppendUint(dst, expMag)
}

// AppendNegInt appends -1-n, the value of a negative integer in CBOR's
// encoding, as decimal text; it is exact for every n.
func AppendNegInt(dst []byte, n uint64) []byte {
	if n == math.MaxUint64 {
		return append(dst, "-18446744073709551616"...)
	}
	dst = append(dst, '-')
	return AppendUint(dst, n+1)
}
