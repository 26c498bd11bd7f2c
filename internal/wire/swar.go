package wire

import (
	"encoding/binary"
	"math/bits"
)

// SWAR ("SIMD within a register") helpers over 8 bytes loaded little-endian.
// Each mask function sets the high bit of a byte lane when the lane matches.
// Lanes above the first match may be set spuriously (borrows propagate
// upwards), so callers only ever use the lowest set lane.

const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
)

func load64(s []byte, i int) uint64 { return binary.LittleEndian.Uint64(s[i:]) }

// firstLane returns the index of the lowest lane flagged in m (m != 0).
func firstLane(m uint64) int { return bits.TrailingZeros64(m) >> 3 }

// stringSpecial flags lanes that end a run of plain string bytes: '"', '\\',
// bytes below 0x20 and bytes of 0x80 and above.
func stringSpecial(x uint64) uint64 {
	q := x ^ (lsb * '"')
	b := x ^ (lsb * '\\')
	return ((q-lsb)&^q | (b-lsb)&^b | (x - lsb*0x20) | x) & msb
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
