package transcode

import (
	"encoding/binary"
	"math/bits"
)

// AppendUint appends the decimal digits of n to dst, as
// strconv.AppendUint(dst, n, 10) does, eight digits at a time (see
// digits8).
func AppendUint(dst []byte, n uint64) []byte {
	if n < 10 {
		return append(dst, byte('0'+n))
	}
	var b [24]byte
	if n < 1e8 {
		z := digits8(uint32(n))
		binary.LittleEndian.PutUint64(b[:], z|0x3030303030303030)
		return append(dst, b[bits.TrailingZeros64(z)>>3:8]...)
	}
	lo := n % 1e8
	n /= 1e8
	mid, top := n%1e8, n/1e8 // top < 10^4
	zt := digits8(uint32(top))
	binary.LittleEndian.PutUint64(b[0:], zt|0x3030303030303030)
	binary.LittleEndian.PutUint64(b[8:], digits8(uint32(mid))|0x3030303030303030)
	binary.LittleEndian.PutUint64(b[16:], digits8(uint32(lo))|0x3030303030303030)
	skip := bits.TrailingZeros64(zt) >> 3 // 8 when top is 0: mid is not
	if top == 0 {
		skip += bits.TrailingZeros64(digits8(uint32(mid))) >> 3
	}
	return append(dst, b[skip:]...)
}

// digits8 returns the eight decimal digits of r < 10^8, leading zeros
// included, as byte values 0..9 with the first digit in the lowest byte.
// The halves of r go into the two 32-bit lanes of a word, which are
// divided by 100 and then 10 lane-wise by multiplying with reciprocals
// (exact for these ranges, no carry crosses a lane).
func digits8(r uint32) uint64 {
	x := uint64(r/10000) | uint64(r%10000)<<32 // two lanes < 10^4
	q := x * 10486 >> 20 & 0x0000007f0000007f  // lane / 100
	x = q | (x-q*100)<<16                      // four 16-bit lanes < 100
	q = x * 103 >> 10 & 0x000f000f000f000f     // lane / 10
	return q | (x-q*10)<<8                     // eight bytes < 10
}

// AppendInt appends the decimal text of n to dst, as strconv.AppendInt(dst,
// n, 10) does.
func AppendInt(dst []byte, n int64) []byte {
	if n < 0 {
		return AppendUint(append(dst, '-'), -uint64(n))
	}
	return AppendUint(dst, uint64(n))
}

// AppendDecimalUint is AppendDecimal for the digits of m, written in place:
// the common form, a point among the digits, moves only the digits after
// it.
func AppendDecimalUint(dst []byte, neg bool, m uint64, expNeg bool, expMag uint64) []byte {
	if neg {
		dst = append(dst, '-')
	}
	start := len(dst)
	dst = AppendUint(dst, m)
	end := len(dst)
	if expNeg && expMag != 0 && expMag < uint64(end-start) {
		point := end - int(expMag)
		dst = append(dst, 0)
		copy(dst[point+1:], dst[point:end])
		dst[point] = '.'
		return dst
	}
	var digits [20]byte
	n := copy(digits[:], dst[start:])
	return AppendDecimal(dst[:start], false, digits[:n], expNeg, expMag)
}
