package graft

import (
	"bytes"
	"math/big"
)

// Equality of JSON values, as the "test" operation of a JSON Patch (RFC
// 6902, section 4.6) defines it: the same kind; strings with the same
// decoded text; numbers with the same value, compared in decimal (1, 1.0
// and 10e-1 are equal, two 20-digit integers that differ in the last digit
// are not, whatever a float64 would make of them); arrays item by item;
// objects with the same member names, in any order, and equal values. Where
// an object has a name more than once, its last member counts, as in every
// lookup.

// comparer compares values of one Doc. The pairs of values still to
// compare wait on a stack (s.pairs), not in a recursion: a value built call
// by call may nest millions of levels deep. Its member stack sorts the
// members of large objects.
type comparer struct {
	d *Doc
	s *memberSort
}

// smallObject is the member count up to which objects are compared by
// looking each name up in the other object, without sorting.
const smallObject = 8

// sameValue reports whether a and b are equal JSON values.
func (d *Doc) sameValue(a, b uint32) bool {
	c := comparer{d: d, s: getSort()}
	eq := c.equal(a, b)
	putSort(c.s)
	return eq
}

// equal compares a and b and every pair of values they hold.
func (c *comparer) equal(a, b uint32) bool {
	s := c.s
	s.pairs = append(s.pairs, [2]uint32{a, b})
	for len(s.pairs) > 0 {
		p := s.pairs[len(s.pairs)-1]
		s.pairs = s.pairs[:len(s.pairs)-1]
		if !c.compare(p[0], p[1]) {
			return false
		}
	}
	return true
}

// later puts the pair a, b on the stack of values to compare.
func (c *comparer) later(a, b uint32) { c.s.pairs = append(c.s.pairs, [2]uint32{a, b}) }

// compare compares a and b, leaving the pairs of values they hold (items,
// members' values) to compare later.
func (c *comparer) compare(a, b uint32) bool {
	d := c.d
	a, b = d.resolve(a), d.resolve(b)
	ka, kb := d.nodes[a].kind(), d.nodes[b].kind()
	if ka != kb {
		return false
	}
	switch ka {
	case String:
		return d.namesEqual(a, b)
	case Number:
		return sameNumber(d.text(a), d.text(b))
	case Array:
		i, j := d.nodes[a].child, d.nodes[b].child
		for ; i != 0 && j != 0; i, j = d.nodes[i].next, d.nodes[j].next {
			c.later(i, j)
		}
		return i == 0 && j == 0
	case Object:
		if d.Len(d.ref(a)) <= smallObject && d.Len(d.ref(b)) <= smallObject {
			return c.equalSmall(a, b)
		}
		return c.equalSorted(a, b)
	}
	return bytes.Equal(d.text(a), d.text(b)) // null, true, false
}

// equalSmall compares two small objects member by member.
func (c *comparer) equalSmall(a, b uint32) bool {
	d := c.d
	na := 0
	for m := d.nodes[a].child; m != 0; m = d.nodes[m].next {
		if !d.lastOfName(m) {
			continue
		}
		na++
		k, _ := d.findName(b, m)
		if k == 0 {
			return false
		}
		c.later(d.nodes[m].child, d.nodes[k].child)
	}
	nb := 0
	for m := d.nodes[b].child; m != 0; m = d.nodes[m].next {
		if d.lastOfName(m) {
			nb++
		}
	}
	return na == nb
}

// lastOfName reports whether no member after member name node m has the
// same name.
func (d *Doc) lastOfName(m uint32) bool {
	for k := d.nodes[m].next; k != 0; k = d.nodes[k].next {
		if d.namesEqual(k, m) {
			return false
		}
	}
	return true
}

// equalSorted compares two objects by sorting their members by name:
// O(n log n) for any size.
func (c *comparer) equalSorted(a, b uint32) bool {
	s, d := c.s, c.d
	ma := s.push(d, a)
	mb := s.push(d, b)
	endA, endB := mb.ents, len(s.ents)
	i, j := ma.ents, mb.ents
	eq := true
	for eq {
		i, j = s.lastOfGroup(d, i, endA), s.lastOfGroup(d, j, endB)
		if i == endA || j == endB {
			eq = i == endA && j == endB
			break
		}
		if eq = bytes.Equal(s.name(d, &s.ents[i]), s.name(d, &s.ents[j])); eq {
			c.later(s.ents[i].value, s.ents[j].value)
		}
		i, j = i+1, j+1
	}
	s.pop(ma)
	return eq
}

// lastOfGroup returns the index of the last of the entries from i (before
// end) that have the name of entry i: the member that counts.
func (s *memberSort) lastOfGroup(d *Doc, i, end int) int {
	for i+1 < end && bytes.Equal(s.name(d, &s.ents[i]), s.name(d, &s.ents[i+1])) {
		i++
	}
	return i
}

// sameNumber reports whether two valid JSON number texts stand for the
// same value.
func sameNumber(a, b []byte) bool {
	da, db := decompose(a), decompose(b)
	ea, nega := exponentDigits(a)
	eb, negb := exponentDigits(b)
	if len(ea) <= 10 && len(eb) <= 10 {
		return da.equal(db) // decompose's exponents are exact
	}
	// An exponent of more than ten digits: decompose clamped it. Compare
	// the digits, then the exact exponents.
	digits := db
	digits.exp = da.exp
	if !da.equal(digits) {
		return false
	}
	if da.n == 0 {
		return true // zero, whatever its exponent
	}
	return exactExponent(da, ea, nega).Cmp(exactExponent(db, eb, negb)) == 0
}

// exponentDigits returns the digits of the exponent of a valid JSON number
// without leading zeros (empty if it has none or it is zero), and its sign.
func exponentDigits(t []byte) (digits []byte, neg bool) {
	i := bytes.IndexAny(t, "eE")
	if i < 0 {
		return nil, false
	}
	e := t[i+1:]
	if e[0] == '+' || e[0] == '-' {
		neg = e[0] == '-'
		e = e[1:]
	}
	for len(e) > 0 && e[0] == '0' {
		e = e[1:]
	}
	return e, neg
}

// exactExponent returns the exponent of a (see decimal) without the clamp
// of decompose, given the exponent's digits and sign in the text.
func exactExponent(a decimal, digits []byte, neg bool) *big.Int {
	// decompose read at most the first ten digits of the exponent.
	clamped := 0
	for _, c := range digits[:min(len(digits), 10)] {
		clamped = clamped*10 + int(c-'0')
	}
	e := new(big.Int) // zero when the text has no exponent
	if len(digits) > 0 {
		e.SetString(string(digits), 10)
	}
	if neg {
		clamped = -clamped
		e.Neg(e)
	}
	return e.Add(e, big.NewInt(int64(a.exp-clamped)))
}
