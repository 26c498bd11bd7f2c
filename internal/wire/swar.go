package wire

import (
	"encoding/binary"
	"math/bits"
	"unsafe"
)

// SWAR ("SIMD within a register") helpers over 8 bytes loaded little-endian.
// Each mask function sets the high bit of a byte lane when the lane matches.
// Lanes above the first match may be set spuriously (borrows propagate
// upwards), so callers only ever use the lowest set lane.

const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
)

// Load64 returns the eight bytes of s at i, loaded little-endian. It does
// not check bounds, which would cost the word loops a third of their
// instructions: every caller has checked that 0 <= i and i+8 <= len(s).
func Load64(s []byte, i int) uint64 {
	return binary.LittleEndian.Uint64((*[8]byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(s)), i))[:])
}

// Load32 is Load64 for four bytes: the caller has checked that 0 <= i and
// i+4 <= len(s).
func Load32(s []byte, i int) uint32 {
	return binary.LittleEndian.Uint32((*[4]byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(s)), i))[:])
}

// firstLane returns the index of the lowest lane flagged in m (m != 0).
func firstLane(m uint64) int { return bits.TrailingZeros64(m) >> 3 }

// stringSpecial flags lanes that end a run of plain string bytes: '"', '\\',
// bytes below 0x20 and bytes of 0x80 and above.
//
// A lane of x^'"' is zero at a quote, and subtracting one sets its high
// bit; it is 0x80 or above where x is, and then x itself flags the lane:
// so no &^ is needed to keep the high bits of x out of the first two
// terms, as it is in textSpecial. Below the first flagged lane every byte
// is in 0x20..0x7F and neither a quote nor a backslash, so none of the
// subtractions borrows there.
func stringSpecial(x uint64) uint64 {
	q := (x ^ (lsb * '"')) - lsb
	b := (x ^ (lsb * '\\')) - lsb
	return (q | b | (x - lsb*0x20) | x) & msb
}

// textSpecial flags lanes that end a run of string text whose UTF-8 is
// checked apart: '"', '\\' and bytes below 0x20. Bytes of 0x80 and above
// are not flagged (their high bit is masked by &^x in each term).
func textSpecial(x uint64) uint64 {
	q := x ^ (lsb * '"')
	b := x ^ (lsb * '\\')
	return ((q-lsb)&^q | (b-lsb)&^b | (x-lsb*0x20)&^x) & msb
}

// nonDigit flags lanes that are not ASCII digits: below '0' the
// subtraction borrows into the high bit, above '9' the addition carries
// into it, and bytes of 0x80 and above have it already.
func nonDigit(x uint64) uint64 {
	return ((x - lsb*'0') | (x + lsb*(0x80-'9'-1)) | x) & msb
}

// DigitRun returns how many of the eight bytes x (loaded little-endian)
// start with ASCII digits: 8 when all are.
func DigitRun(x uint64) int { return bits.TrailingZeros64(nonDigit(x)) >> 3 }
