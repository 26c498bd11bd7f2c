package transcode

import (
	"math"
	"math/bits"
)

// pow10u holds 10^k for k < 20.
var pow10u = func() (p [20]uint64) {
	p[0] = 1
	for i := 1; i < len(p); i++ {
		p[i] = p[i-1] * 10
	}
	return
}()

// PlainFloat decides, for a plain decimal with a fraction (the text
// -?digits.digits, at most 19 fraction digits, not Big), the double
// nearest to it (ties to even, as strconv.ParseFloat) and whether
// AppendFloat prints that double back as exactly the text of d. known is
// false where it does not tell (zero, values below 1e-6, exact ties
// between two candidate texts, scales its 128-bit arithmetic does not
// cover): decide those with strconv.ParseFloat and Keeps.
//
// It works on integers alone: the mantissa divided by 10^q in 128 bits
// gives the double and where the text lies in the double's rounding
// interval; the text prints back when no decimal with fewer digits lies
// in that interval and no other decimal of as many digits lies closer to
// the double, which is the shortest, closest text AppendFloat prints.
func PlainFloat(d Decimal) (f float64, printsBack, known bool) {
	q := -d.Exp
	m := d.Mant
	if !d.Plain || d.Integer || d.Big || m == 0 || q <= 0 || q >= int64(len(pow10u)) {
		return 0, false, false
	}
	if q > 6 && m < pow10u[q-6] { // below 1e-6 AppendFloat writes an exponent
		return 0, false, false
	}
	p := pow10u[q]
	// quo = floor(m·2^s / p) with its top bit at 63, rem the remainder:
	// the text is (quo + rem/p) · 2^-s.
	s := uint(63 + bits.Len64(p) - bits.Len64(m))
	var hi, lo uint64
	if s >= 64 {
		hi = m << (s - 64)
	} else {
		hi, lo = m>>(64-s), m<<s
	}
	quo, rem := bits.Div64(hi, lo, p)
	if quo < 1<<63 { // one more bit
		quo <<= 1
		if rem >= p-rem {
			quo, rem = quo|1, rem-(p-rem)
		} else {
			rem <<= 1
		}
		s++
	}
	if s > 120 {
		return 0, false, false
	}
	// Round to 53 bits, ties to even.
	mant, low := quo>>11, quo&0x7ff
	if low > 0x400 || low == 0x400 && (rem != 0 || mant&1 != 0) {
		mant++
	}
	if mant == 1<<53 { // rounded up to a power of two: not worth a case
		return 0, false, false
	}
	f = math.Float64frombits(uint64(63-int(s)+1023)<<52 | mant&(1<<52-1))
	if d.Neg {
		f = -f
	}
	if m%10 == 0 { // a trailing zero is never printed
		return f, false, true
	}
	// Positions scaled by p, in units of 2^-s, counted from the lower end
	// of the double's rounding interval (half an ulp below it, a quarter
	// at a power of two): the text is at pos, the interval ends at width,
	// one step of the text's last digit is 2^s. Both ends belong to the
	// interval when mant is even.
	below := uint64(1 << 10)
	if mant == 1<<52 {
		below = 1 << 9
	}
	lowEnd := mant<<11 - below // in units of 2^-s
	pos := add128(mul128(quo-lowEnd, p), u128{0, rem})
	width := mul128(below+1<<10, p)
	center := mul128(below, p)
	closed := mant&1 == 0
	inside := func(x u128) bool { // x at or above the lower end already
		c := cmp128(x, width)
		return c < 0 || c == 0 && closed
	}
	step := shl128(1, s)
	last := m % 10
	// A decimal with fewer digits: the text's last digit rounded down to
	// 0 or up to 10.
	if down := shl128(last, s); cmp128(pos, down) > 0 || cmp128(pos, down) == 0 && closed {
		return f, false, true
	}
	if inside(add128(pos, shl128(10-last, s))) {
		return f, false, true
	}
	// The neighbour on the double's other side, if it is closer to the
	// double and inside; at the same distance, a tie this does not decide.
	var dist u128
	var nbInside bool
	switch c := cmp128(pos, center); {
	case c > 0:
		dist = sub128(pos, center)
		if c := cmp128(pos, step); c > 0 || c == 0 && closed {
			nbInside = true // pos - step is at or above the lower end
		}
	case c < 0:
		dist = sub128(center, pos)
		nbInside = inside(add128(pos, step))
	}
	if nbInside {
		switch cmp128(step, add128(dist, dist)) {
		case -1:
			return f, false, true
		case 0:
			return f, false, false
		}
	}
	return f, true, true
}

// u128 is an unsigned 128-bit integer.
type u128 struct{ hi, lo uint64 }

func mul128(a, b uint64) u128 {
	hi, lo := bits.Mul64(a, b)
	return u128{hi, lo}
}

func add128(a, b u128) u128 {
	lo, c := bits.Add64(a.lo, b.lo, 0)
	return u128{a.hi + b.hi + c, lo}
}

func sub128(a, b u128) u128 {
	lo, c := bits.Sub64(a.lo, b.lo, 0)
	return u128{a.hi - b.hi - c, lo}
}

// shl128 returns v·2^s for v < 16, s <= 120.
func shl128(v uint64, s uint) u128 {
	if s >= 64 {
		return u128{v << (s - 64), 0}
	}
	return u128{v >> (64 - s), v << s} // v >> 64 is 0
}

func cmp128(a, b u128) int {
	if a.hi != b.hi {
		return cmpU(a.hi, b.hi)
	}
	return cmpU(a.lo, b.lo)
}

func cmpU(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
