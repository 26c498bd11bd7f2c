package schema

// nameTable finds member names among a fixed set faster than a Go map for
// the short names of JSON objects: an open-addressing table hashed on the
// length and three bytes of the name, probed linearly and kept at most
// half full, whose entries are then compared in full.
type nameTable struct {
	mask  uint32
	slots []int32 // index+1 into names, 0 for empty
	names []string
}

func newNameTable(names []string) nameTable {
	size := 4
	for size < 2*len(names) {
		size *= 2
	}
	t := nameTable{mask: uint32(size - 1), slots: make([]int32, size), names: names}
	for i, name := range names {
		h := hashName(name) & t.mask
		for t.slots[h] != 0 {
			h = (h + 1) & t.mask
		}
		t.slots[h] = int32(i + 1)
	}
	return t
}

func hashName[S ~string | ~[]byte](b S) uint32 {
	n := len(b)
	if n == 0 {
		return 0
	}
	return uint32(n)*0x9E3779B1 ^ uint32(b[0])*0x85EBCA6B ^ uint32(b[n-1])*0xC2B2AE35 ^ uint32(b[n/2])*0x27D4EB2F
}

// lookup returns the index of name, or -1.
func (t *nameTable) lookup(name []byte) int {
	if len(t.names) == 0 {
		return -1
	}
	h := hashName(name) & t.mask
	for {
		i := t.slots[h]
		if i == 0 {
			return -1
		}
		if t.names[i-1] == string(name) {
			return int(i - 1)
		}
		h = (h + 1) & t.mask
	}
}
