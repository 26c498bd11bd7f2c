package graft

import (
	"encoding/binary"
	"errors"
	"hash/crc32"
	"unsafe"

	"github.com/graftjson/graft/internal/wire"
)

// ErrSnapshot is wrapped by the errors of LoadSnapshot for input that is
// not a valid snapshot: truncated, corrupted, of another version, or
// inconsistent.
var ErrSnapshot = errors.New("invalid snapshot")

// SnapshotVersion is the format version AppendSnapshot writes and
// LoadSnapshot reads. A snapshot is a value's arena written out as it is,
// to be loaded back without parsing.
//
// # Format (version 1)
//
// All integers are little-endian. A snapshot is a 32-byte header followed
// by the nodes, the container entries and the text, with nothing after:
//
//	offset size
//	0      8    magic "GRAFTSNP"
//	8      2    format version, 1
//	10     2    reserved, 0
//	12     4    N, number of nodes
//	16     4    A, number of container entries
//	20     4    T, bytes of text
//	24     4    CRC-32C (Castagnoli) of bytes 0..23 and 32..end
//	28     4    reserved, 0
//	32     16N  nodes 1..N: meta, off, child, next (4 bytes each)
//	       8A   container entries 0..A-1: span, last (4 bytes each)
//	       T    text
//
// The nodes are those Parse builds for the compact text: node 1 is the
// root, every node follows its parent and its previous sibling in
// document order, and the text is exactly the root's compact JSON. A
// node's meta holds the kind in bits 0-2 (1 null, 2 bool, 3 number, 4
// string, 5 object, 6 array), flags in bits 3-5 (3: parsed, always set;
// 4: a string with an escape, true, or an object or array with a span,
// always set on those; 5: a member name) and a payload in bits 6-31 (a
// member name's text length; an object's or array's container entry). off
// is the offset of its text. child is a scalar's text length, a member
// name's value node, or the first child of an object (its first member
// name) or array (0 if empty). next is the following item of an array, the
// following member name of an object, 0 otherwise. A container entry holds
// the length of the container's text (span) and its last node (last).
// Node layout changes make a new format version.
//
// LoadSnapshot checks all of it in one pass over the nodes: the sizes
// against the input length before anything is allocated, the checksum,
// and then every node: its kind and flags, that it is the next node in
// document order (so the nodes form a tree, each reached once, and no
// walk can loop), that its text lies within the text and where the
// compact form puts it, the separators, brackets and container spans, and
// the scalars' text (strings and numbers by the same scanners Parse uses,
// under the loading Doc's Options). A snapshot that passes is a Doc Parse
// could have built from the text; anything else is an *Error wrapping
// ErrSnapshot (or ErrLimit), never a panic.
const SnapshotVersion = 1

const (
	snapMagic     = "GRAFTSNP"
	snapHeader    = 32
	snapNodeBytes = 16
	snapAuxBytes  = 8
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// nativeLittleEndian: nodes and container entries are laid out in memory
// as in a snapshot (node and aux are structs of uint32 fields).
var nativeLittleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1 &&
	unsafe.Sizeof(node{}) == snapNodeBytes && unsafe.Sizeof(aux{}) == snapAuxBytes

// AppendSnapshot appends a snapshot of the value r (with everything it
// holds) to dst and returns the extended slice. The snapshot holds the
// value's compact text and its nodes as LoadSnapshot restores them; see
// the format above. It reads d without changing it.
//
// A value as Parse built it is copied as it is. A value that was built or
// edited is first printed and parsed again (under d's Options, whose
// limits apply: ErrLimit). AppendSnapshot returns ErrKind if r is not a
// value of d.
func (d *Doc) AppendSnapshot(dst []byte, r Ref) ([]byte, error) {
	n := d.target(r)
	if n == nil {
		return dst, ErrKind
	}
	if dst, ok := d.appendParsedSnapshot(dst, uint32(r)); ok {
		return dst, nil
	}
	t := New(*d.options())
	if _, err := t.Parse(d.AppendJSON(nil, r)); err != nil {
		return dst, err
	}
	dst, _ = t.appendParsedSnapshot(dst, 1)
	return dst, nil
}

// appendParsedSnapshot writes the snapshot of r if its nodes and text are
// laid out as Parse lays them out, which it checks as LoadSnapshot would.
func (d *Doc) appendParsedSnapshot(dst []byte, r uint32) ([]byte, bool) {
	n := &d.nodes[r]
	if n.meta&flagParsed == 0 {
		return dst, false
	}
	last, textLen, auxBase := r, n.textLen(), uint32(0)
	if k := n.kind(); k == Object || k == Array {
		if n.meta&(flagSpan|flagGrown) != flagSpan || int(n.payload()) >= len(d.aux) {
			return dst, false
		}
		auxBase = n.payload()
		a := d.aux[auxBase]
		last, textLen = a.last, a.span
	}
	if last < r || int(last) >= len(d.nodes) || uint64(n.off)+uint64(textLen) > uint64(len(d.buf)) {
		return dst, false
	}
	v := snapView{
		nodes: d.nodes[r-1 : last+1], aux: d.aux[auxBase:], text: d.buf[n.off : n.off+textLen],
		nodeBase: r - 1, auxBase: auxBase, textBase: n.off,
	}
	auxCount, err := d.checkSnapshot(&v)
	if err != nil {
		return dst, false
	}
	start := len(dst)
	dst = append(dst, snapMagic...)
	dst = binary.LittleEndian.AppendUint16(dst, SnapshotVersion)
	dst = binary.LittleEndian.AppendUint16(dst, 0)
	dst = binary.LittleEndian.AppendUint32(dst, last-r+1)
	dst = binary.LittleEndian.AppendUint32(dst, auxCount)
	dst = binary.LittleEndian.AppendUint32(dst, textLen)
	dst = append(dst, 0, 0, 0, 0, 0, 0, 0, 0) // checksum, reserved
	for _, x := range v.nodes[1:] {
		meta := x.meta
		if k := x.kind(); k == Object || k == Array {
			meta = meta&(1<<payloadShift-1) | (x.payload()-auxBase)<<payloadShift
		}
		dst = binary.LittleEndian.AppendUint32(dst, meta)
		dst = binary.LittleEndian.AppendUint32(dst, x.off-v.textBase)
		child := x.child
		if x.kind() == Object || x.kind() == Array || x.isName() {
			child = rebaseIndex(child, v.nodeBase)
		}
		dst = binary.LittleEndian.AppendUint32(dst, child)
		dst = binary.LittleEndian.AppendUint32(dst, rebaseIndex(x.next, v.nodeBase))
	}
	for _, a := range v.aux[:auxCount] {
		dst = binary.LittleEndian.AppendUint32(dst, a.span)
		dst = binary.LittleEndian.AppendUint32(dst, a.last-v.nodeBase)
	}
	dst = append(dst, v.text...)
	s := dst[start:]
	sum := crc32.Update(crc32.Checksum(s[:24], castagnoli), castagnoli, s[snapHeader:])
	binary.LittleEndian.PutUint32(s[24:], sum)
	return dst, true
}

// LoadSnapshot empties the Doc and loads the snapshot src into it (see
// AppendSnapshot), returning the root value. It copies src (nothing of it
// is retained) and checks it in one pass over the nodes; it parses
// nothing. The Doc's Options apply as to Parse: the limits (ErrLimit),
// string validation (AllowInvalidUTF8, AllowLoneSurrogates) and
// RejectDuplicateNames. Any input that is not a valid snapshot is an
// *Error wrapping ErrSnapshot with the byte offset in Reason, and leaves
// the Doc empty.
func (d *Doc) LoadSnapshot(src []byte) (Ref, error) {
	d.Reset()
	o := d.options()
	if len(src) < snapHeader {
		return 0, snapError(0, "shorter than the header")
	}
	if string(src[:8]) != snapMagic {
		return 0, snapError(0, "not a graft snapshot")
	}
	if v := binary.LittleEndian.Uint16(src[8:]); v != SnapshotVersion {
		return 0, snapError(8, "format version "+itoa(int(v))+", want "+itoa(SnapshotVersion))
	}
	if binary.LittleEndian.Uint16(src[10:]) != 0 || binary.LittleEndian.Uint32(src[28:]) != 0 {
		return 0, snapError(10, "reserved header bytes are not zero")
	}
	nNodes := uint64(binary.LittleEndian.Uint32(src[12:]))
	nAux := uint64(binary.LittleEndian.Uint32(src[16:]))
	nText := uint64(binary.LittleEndian.Uint32(src[20:]))
	if want := snapHeader + nNodes*snapNodeBytes + nAux*snapAuxBytes + nText; want != uint64(len(src)) {
		return 0, snapError(12, "sizes in the header add up to "+uitoa(want)+" bytes, the snapshot has "+itoa(len(src)))
	}
	sum := crc32.Update(crc32.Checksum(src[:24], castagnoli), castagnoli, src[snapHeader:])
	if sum != binary.LittleEndian.Uint32(src[24:]) {
		return 0, snapError(24, "checksum mismatch: the snapshot is corrupted")
	}
	switch {
	case nNodes == 0:
		return 0, snapError(12, "no nodes")
	case nNodes > uint64(o.MaxNodes):
		return 0, &Error{Offset: -1, Reason: "node count exceeds the limit of " + itoa(o.MaxNodes), Err: ErrLimit}
	case nText > uint64(o.MaxBytes):
		return 0, &Error{Offset: -1, Reason: "text of " + uitoa(nText) + " bytes exceeds the size limit", Err: ErrLimit}
	case nAux > maxAux:
		return 0, snapError(16, "more container entries than a Doc holds")
	}
	p := snapHeader
	d.nodes = reserve(d.nodes[:0], int(nNodes)+1, 0)[:nNodes+1]
	d.nodes[0] = node{}
	d.aux = reserve(d.aux[:0], int(nAux), 0)[:nAux]
	if nativeLittleEndian {
		// The in-memory layout is the format's: one copy each.
		p += copy(unsafe.Slice((*byte)(unsafe.Pointer(&d.nodes[1])), nNodes*snapNodeBytes), src[p:])
		if nAux > 0 {
			p += copy(unsafe.Slice((*byte)(unsafe.Pointer(&d.aux[0])), nAux*snapAuxBytes), src[p:])
		}
	}
	for i := range d.nodes[1:] {
		if nativeLittleEndian {
			break
		}
		b := src[p : p+snapNodeBytes]
		d.nodes[i+1] = node{
			meta:  binary.LittleEndian.Uint32(b),
			off:   binary.LittleEndian.Uint32(b[4:]),
			child: binary.LittleEndian.Uint32(b[8:]),
			next:  binary.LittleEndian.Uint32(b[12:]),
		}
		p += snapNodeBytes
	}
	for i := range d.aux {
		if nativeLittleEndian {
			break
		}
		b := src[p : p+snapAuxBytes]
		d.aux[i] = aux{span: binary.LittleEndian.Uint32(b), last: binary.LittleEndian.Uint32(b[4:])}
		p += snapAuxBytes
	}
	v := snapView{nodes: d.nodes, aux: d.aux}
	if text := src[p:]; wire.HasCompact() && len(text) <= wire.MaxCompactInput {
		// The copy checks the strings on the way, 64 bytes at a time.
		var res wire.CompactResult
		d.buf, d.vector.ends, res = wire.Compact(d.buf[:0], d.vector.ends[:0], text, o.mode())
		if !res.OK || len(d.buf) != len(text) {
			d.Reset()
			return 0, snapError(int64(p), "the text is not compact JSON")
		}
		v.ends = d.vector.ends
	} else {
		d.buf = append(d.buf[:0], text...)
	}
	v.text = d.buf
	used, err := d.checkSnapshot(&v)
	if err == nil && uint64(used) != nAux {
		err = snapError(16, "container entries not used by any node")
	}
	if err != nil {
		d.Reset()
		return 0, err
	}
	return 1, nil
}

// snapView is the part of an arena a snapshot holds: nodes[1:] are the
// nodes, node indices in them count from nodeBase (nodes[i] is node
// nodeBase+i), container entries from auxBase, text offsets from
// textBase. ends, if not nil, lists the closing quotes of the text's
// strings as wire.Compact found them, the text's strings already checked.
type snapView struct {
	nodes                       []node
	aux                         []aux
	text                        []byte
	ends                        []uint32
	nodeBase, auxBase, textBase uint32
}

// snapFrame is an open container of checkSnapshot.
type snapFrame struct {
	c, next uint32 // the container, and its next child to visit (0: none)
	first   bool   // next is its first child
}

// snapCheck is the state of checkSnapshot.
type snapCheck struct {
	v      *snapView
	mode   wire.Mode
	n      uint32 // number of nodes
	expect uint32 // the next node in document order
	pos    uint32 // where the next token's text starts
	end    int    // the next entry of v.ends
}

// order checks that node i is the next in document order and counts it.
func (c *snapCheck) order(i uint32) error {
	if i != c.expect || i > c.n {
		return snapError(nodeAt(min(c.expect, c.n)), "node "+uitoa(uint64(i))+" where node "+uitoa(uint64(c.expect))+" comes next")
	}
	c.expect++
	return nil
}

// at checks that the text of node i starts at pos.
func (c *snapCheck) at(i uint32, x *node) error {
	if x.off-c.v.textBase != c.pos || x.off < c.v.textBase {
		return snapError(nodeAt(i)+4, "text offset out of place")
	}
	return nil
}

// punct checks that the text at pos is b and moves past it.
func (c *snapCheck) punct(i uint32, b byte) error {
	if int(c.pos) >= len(c.v.text) || c.v.text[c.pos] != b {
		return snapError(nodeAt(i), "expected '"+string(b)+"' in the text")
	}
	c.pos++
	return nil
}

// token checks the text of scalar or name i, l bytes at pos, and moves pos
// past it.
func (c *snapCheck) token(i uint32, x *node, l uint32) error {
	if err := c.at(i, x); err != nil {
		return err
	}
	text, pos := c.v.text, c.pos
	if uint64(pos)+uint64(l) > uint64(len(text)) || l == 0 {
		return snapError(nodeAt(i)+8, "text beyond the end")
	}
	t := text[:pos+l]
	ok := false
	switch x.kind() {
	case String:
		if t[pos] != '"' {
			break
		}
		esc := x.meta&flagEscaped != 0
		if c.v.ends != nil {
			if c.end < len(c.v.ends) {
				e := c.v.ends[c.end]
				ok = e&^wire.EscapedEnd == pos+l-1 && (e&wire.EscapedEnd != 0) == esc
				c.end++
			}
			break
		}
		end, escaped, code := wire.ScanString(t, int(pos), c.mode)
		ok = code == wire.OK && end == len(t) && escaped == esc
	case Number:
		if l == 1 {
			ok = t[pos]-'0' < 10
			break
		}
		end, code := wire.ScanNumber(t, int(pos))
		ok = code == wire.OK && end == len(t)
	case Null:
		ok = string(t[pos:]) == "null"
	case Bool:
		ok = string(t[pos:]) == "true" && x.meta&flagTrue != 0 || string(t[pos:]) == "false" && x.meta&flagTrue == 0
	}
	if !ok {
		return snapError(nodeAt(i), "node text is not its value")
	}
	c.pos += l
	return nil
}

// checkSnapshot checks that v is laid out exactly as Parse lays out the
// compact text v.text (see the format above) and returns the number of
// container entries it uses. Every node index is checked to be the next
// in document order before it is followed, so the pass is linear and
// reads nothing out of bounds.
func (d *Doc) checkSnapshot(v *snapView) (uint32, error) {
	o := d.options()
	c := snapCheck{v: v, mode: o.mode(), n: uint32(len(v.nodes) - 1), expect: 1}
	auxUsed := uint32(0)
	frames := make([]snapFrame, 0, 64) // on the stack up to a depth of 64
	if c.n == 0 || v.nodes[1].next != 0 {
		return 0, snapError(snapHeader, "no root, or a root with a sibling")
	}
	cur := uint32(1) // the value to visit
	for {
		if err := c.order(cur); err != nil {
			return 0, err
		}
		x := &v.nodes[cur]
		switch k := x.kind(); k {
		case Null, Bool, Number, String:
			if want := uint32(k) | flagParsed; x.meta != want &&
				!(k == Bool && x.meta == want|flagTrue) && !(k == String && x.meta == want|flagEscaped) {
				return 0, snapError(nodeAt(cur), "bad kind or flags")
			}
			if err := c.token(cur, x, x.child); err != nil {
				return 0, err
			}
		case Object, Array:
			if x.meta&(1<<payloadShift-1) != uint32(k)|flagSpan|flagParsed || x.payload()-v.auxBase != auxUsed ||
				x.payload() < v.auxBase || int(auxUsed) >= len(v.aux) {
				return 0, snapError(nodeAt(cur), "bad kind, flags or container entry")
			}
			if err := c.at(cur, x); err != nil {
				return 0, err
			}
			auxUsed++
			if err := c.punct(cur, opener(k)); err != nil {
				return 0, err
			}
			if len(frames) >= o.MaxDepth {
				return 0, &Error{Offset: nodeAt(cur), Reason: "nesting depth exceeds the limit of " + itoa(o.MaxDepth), Err: ErrLimit}
			}
			frames = append(frames, snapFrame{c: cur, next: rebaseIndex(x.child, v.nodeBase), first: true})
		default:
			return 0, snapError(nodeAt(cur), "bad kind")
		}
		// Find the next value to visit, closing the containers that end.
		for {
			if len(frames) == 0 {
				if c.expect-1 != c.n || int(c.pos) != len(v.text) || v.ends != nil && c.end != len(v.ends) {
					return 0, snapError(nodeAt(min(c.expect, c.n)), "nodes or text after the root value")
				}
				return auxUsed, nil
			}
			f := &frames[len(frames)-1]
			cn := &v.nodes[f.c]
			obj := cn.kind() == Object
			if f.next == 0 {
				if err := c.punct(f.c, closer(obj)); err != nil {
					return 0, err
				}
				a := v.aux[cn.payload()-v.auxBase]
				if a.span != c.pos-(cn.off-v.textBase) || a.last < v.nodeBase || a.last-v.nodeBase != c.expect-1 {
					return 0, snapError(nodeAt(f.c), "container entry does not match its text")
				}
				if obj && o.RejectDuplicateNames && v.nodeBase == 0 && v.textBase == 0 {
					if k := d.duplicateName(v.nodes, v.text, f.c); k != 0 {
						return 0, &Error{Offset: nodeAt(k), Reason: "duplicate object member name " + string(v.text[v.nodes[k].off:v.nodes[k].off+v.nodes[k].textLen()]), Err: ErrSyntax}
					}
				}
				frames = frames[:len(frames)-1]
				continue
			}
			if !f.first {
				if err := c.punct(f.c, ','); err != nil {
					return 0, err
				}
			}
			f.first = false
			i := f.next
			if !obj {
				// An array item, whose next is the following item.
				if i != c.expect || i > c.n {
					return 0, c.order(i)
				}
				f.next = rebaseIndex(v.nodes[i].next, v.nodeBase)
				cur = i
				break
			}
			// A member: the name, a colon, then the value.
			if err := c.order(i); err != nil {
				return 0, err
			}
			name := &v.nodes[i]
			if name.meta&(1<<payloadShift-1)&^flagEscaped != uint32(String)|flagParsed|flagName {
				return 0, snapError(nodeAt(i), "bad member name flags")
			}
			if err := c.token(i, name, name.payload()); err != nil {
				return 0, err
			}
			if err := c.punct(i, ':'); err != nil {
				return 0, err
			}
			f.next = rebaseIndex(name.next, v.nodeBase)
			cur = rebaseIndex(name.child, v.nodeBase)
			if cur <= c.n && v.nodes[cur].next != 0 {
				return 0, snapError(nodeAt(cur)+12, "member value with a next sibling")
			}
			break
		}
	}
}

// nodeAt returns the snapshot byte offset of node i.
func nodeAt(i uint32) int64 { return snapHeader + int64(i-1)*snapNodeBytes }

// rebaseIndex returns node index i counted from base (0 stays 0, and an
// index below base becomes one no check accepts).
func rebaseIndex(i, base uint32) uint32 {
	if i == 0 {
		return 0
	}
	if i <= base {
		return ^uint32(0)
	}
	return i - base
}

func snapError(off int64, reason string) *Error {
	return &Error{Offset: off, Reason: "snapshot byte " + itoa(int(off)) + ": " + reason, Err: ErrSnapshot}
}

func uitoa(v uint64) string {
	if v > uint64(maxInt) {
		return "more than " + itoa(maxInt)
	}
	return itoa(int(v))
}
