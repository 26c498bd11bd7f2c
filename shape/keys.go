package shape

import (
	"math/bits"
	"strings"
)

// keyTable finds the fields of an object selection that read a member, so
// that rendering walks the members of a data object once, whatever the
// number of fields, instead of looking each field's member up by name.
//
// It is an open-addressing hash table over the distinct member names
// (keys), half full at most; a hit is confirmed by comparing the whole
// name.
type keyTable struct {
	names []string
	slash []bool   // names[i] holds a backslash
	table []uint32 // index+1 into names, 0 for an empty slot
	shift uint32   // 32 - log2(len(table))
}

// newKeyTable indexes the distinct names.
func newKeyTable(names []string) keyTable {
	t := keyTable{names: names, slash: make([]bool, len(names))}
	if len(names) == 0 {
		return t
	}
	for i, n := range names {
		t.slash[i] = strings.IndexByte(n, '\\') >= 0
	}
	bits := uint32(1)
	for 1<<bits < 2*len(t.names) {
		bits++
	}
	t.table = make([]uint32, 1<<bits)
	t.shift = 32 - bits
	mask := uint32(len(t.table) - 1)
	for i, n := range t.names {
		h := hash(n, t.shift)
		for t.table[h] != 0 {
			h = (h + 1) & mask
		}
		t.table[h] = uint32(i + 1)
	}
	return t
}

// hash mixes the length and the first and last bytes of b (eight of each,
// or four, or three single bytes, as b is long) and takes the high bits of
// a Fibonacci multiplication. Names of one selection rarely agree in all
// of these; when they do, the probe sequence sorts them out.
func hash[T string | []byte](b T, shift uint32) uint32 {
	n := len(b)
	x := uint64(n) << 56
	switch {
	case n >= 8:
		x ^= le64(b) ^ bits.RotateLeft64(le64(b[n-8:]), 31)
	case n >= 4:
		x ^= le32(b) | le32(b[n-4:])<<24
	case n > 0:
		x ^= uint64(b[0]) | uint64(b[n>>1])<<8 | uint64(b[n-1])<<16
	}
	return uint32((x*0x9E3779B97F4A7C15)>>32) >> shift
}

// le64 and le32 read the first bytes of b, little-endian.
func le64[T string | []byte](b T) uint64 {
	_ = b[7]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

func le32[T string | []byte](b T) uint64 {
	_ = b[3]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24
}

// find returns the index of the name b, or -1. With raw set, b is the text
// of a member name between its quotes, which equals the name only if it
// has no escape: names that hold a backslash are then never matched.
func (t *keyTable) find(b []byte, raw bool) int {
	if len(t.table) == 0 {
		return -1
	}
	mask := uint32(len(t.table) - 1)
	for h := hash(b, t.shift); ; h = (h + 1) & mask {
		e := t.table[h]
		if e == 0 {
			return -1
		}
		if i := int(e - 1); t.names[i] == string(b) && !(raw && t.slash[i]) {
			return i
		}
	}
}
