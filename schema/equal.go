package schema

import (
	"bytes"
	"slices"

	"github.com/graftjson/graft"
)

// equal reports whether value a of da and value b of db are equal as JSON
// Schema defines it: numbers by value (1 and 1.0 are equal), strings by
// their decoded contents, objects as sets of members, arrays item by item.
// scratch is reused for decoding strings with escapes.
func equal(da *graft.Doc, a graft.Ref, db *graft.Doc, b graft.Ref, scratch *[]byte) bool {
	ka, kb := da.Kind(a), db.Kind(b)
	if ka != kb {
		return false
	}
	switch ka {
	case graft.Null:
		return true
	case graft.Bool, graft.Number:
		ra, rb := da.Raw(a), db.Raw(b)
		if ka == graft.Bool {
			return string(ra) == string(rb)
		}
		return numEqual(ra, rb)
	case graft.String:
		return stringsEqual(da, a, db, b, scratch)
	case graft.Array:
		if da.Len(a) != db.Len(b) {
			return false
		}
		// Index walks from the start: arrays compared here are small
		// (const, enum), or items whose hashes collide (uniqueItems).
		j := 0
		for _, x := range da.Items(a) {
			if !equal(da, x, db, db.Index(b, j), scratch) {
				return false
			}
			j++
		}
		return true
	case graft.Object:
		// Objects are compared member by member, as instances are
		// validated (see DEVIATIONS.md): a name that repeats must repeat
		// as often, with equal values, on both sides. With the same
		// number of members, each member of a occurring as often in b as
		// in a makes the two the same multiset.
		if da.Len(a) != db.Len(b) {
			return false
		}
		for ka, va := range da.Members(a) {
			n := occurrences(db, b, da, ka, va, scratch)
			if n == 0 || n != occurrences(da, a, da, ka, va, scratch) {
				return false
			}
		}
		return true
	}
	return false
}

// occurrences counts the members of the object obj of d that have the
// name k and a value equal to v (both of dk).
func occurrences(d *graft.Doc, obj graft.Ref, dk *graft.Doc, k, v graft.Ref, scratch *[]byte) int {
	n := 0
	for kb, vb := range d.Members(obj) {
		if stringsEqual(dk, k, d, kb, scratch) && equal(dk, v, d, vb, scratch) {
			n++
		}
	}
	return n
}

// stringsEqual compares two strings (values or member names) by their
// decoded contents.
func stringsEqual(da *graft.Doc, a graft.Ref, db *graft.Doc, b graft.Ref, scratch *[]byte) bool {
	ra, rb := da.Raw(a), db.Raw(b)
	if bytes.Equal(ra, rb) {
		return true
	}
	ea, eb := bytes.IndexByte(ra, '\\') >= 0, bytes.IndexByte(rb, '\\') >= 0
	if !ea && !eb {
		return false
	}
	buf := (*scratch)[:0]
	buf, _ = da.AppendString(buf, a)
	mid := len(buf)
	buf, _ = db.AppendString(buf, b)
	*scratch = buf
	return bytes.Equal(buf[:mid], buf[mid:])
}

// hashValue hashes a value consistently with equal: equal values have
// equal hashes.
func hashValue(d *graft.Doc, r graft.Ref, scratch *[]byte) uint64 {
	const prime = 1099511628211
	h := uint64(14695981039346656037)
	mix := func(b byte) { h = (h ^ uint64(b)) * prime }
	switch k := d.Kind(r); k {
	case graft.Number:
		dec := parseDecimal(d.Raw(r))
		mix('n')
		if dec.neg {
			mix('-')
		}
		for i := 0; i < dec.n; i++ {
			mix(dec.sig(i))
		}
		p := uint64(dec.point)
		for i := 0; i < 8; i++ {
			mix(byte(p >> (8 * i)))
		}
	case graft.String:
		mix('s')
		buf, _ := d.AppendString((*scratch)[:0], r)
		*scratch = buf
		for _, c := range buf {
			mix(c)
		}
	case graft.Array:
		mix('a')
		for _, it := range d.Items(r) {
			x := hashValue(d, it, scratch)
			for i := 0; i < 8; i++ {
				mix(byte(x >> (8 * i)))
			}
		}
	case graft.Object:
		// Member order does not matter: combine member hashes by sum.
		var sum uint64
		for kr, val := range d.Members(r) {
			sum += hashValue(d, kr, scratch)*31 + hashValue(d, val, scratch)
		}
		mix('o')
		for i := 0; i < 8; i++ {
			mix(byte(sum >> (8 * i)))
		}
	default:
		mix(byte(k))
		for _, c := range d.Raw(r) {
			mix(c)
		}
	}
	return h
}

// duplicate finds two equal items of the array r of count items. Small
// arrays are compared pairwise; larger ones by sorting item hashes, so that
// only items whose hashes collide are compared.
func (v *vm) duplicate(r graft.Ref, count int) (int, int, bool) {
	d := v.d
	if count <= 8 {
		var items [8]graft.Ref
		for i, it := range d.Items(r) {
			items[i] = it
		}
		for i := 0; i < count; i++ {
			for j := i + 1; j < count; j++ {
				if equal(d, items[i], d, items[j], &v.scratch) {
					return i, j, true
				}
			}
		}
		return 0, 0, false
	}
	// Pairs of (hash, index) on the slab, which holds uint64 words.
	mark := len(v.slab)
	for i, it := range d.Items(r) {
		v.slab = append(v.slab, hashValue(d, it, &v.scratch), uint64(i))
	}
	pairs := v.slab[mark:]
	type pair struct{ h, i uint64 }
	ps := make([]pair, 0, count) // allocates: uniqueItems on long arrays is rare
	for i := 0; i+1 < len(pairs); i += 2 {
		ps = append(ps, pair{pairs[i], pairs[i+1]})
	}
	v.slab = v.slab[:mark]
	slices.SortFunc(ps, func(x, y pair) int {
		switch {
		case x.h < y.h:
			return -1
		case x.h > y.h:
			return 1
		}
		return int(x.i) - int(y.i)
	})
	for i := 0; i < len(ps); i++ {
		for j := i + 1; j < len(ps) && ps[j].h == ps[i].h; j++ {
			a, b := d.Index(r, int(ps[i].i)), d.Index(r, int(ps[j].i))
			if equal(d, a, d, b, &v.scratch) {
				return int(ps[i].i), int(ps[j].i), true
			}
		}
	}
	return 0, 0, false
}
