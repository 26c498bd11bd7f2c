package graft

import (
	"encoding/binary"
	"errors"
	"hash/crc32"

	"github.com/graftjson/graft/internal/wire"
)

// Snapshots: a value's arena written out as it is, to be loaded back
// without parsing.
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
// The nodes are those Parse builds for the compact text (see node in
// document.go): node 1 is the root, every node follows its parent and
// its previous sibling in document order, offsets index the text, and the
// text is exactly the root's compact JSON.
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

// ErrSnapshot is wrapped by the errors of LoadSnapshot for input that is
// not a valid snapshot: truncated, corrupted, of another version, or
// inconsistent.
var ErrSnapshot = errors.New("invalid snapshot")

// SnapshotVersion is the format version AppendSnapshot writes and
// LoadSnapshot reads.
const SnapshotVersion = 1

const (
	snapMagic     = "GRAFTSNP"
	snapHeader    = 32
	snapNodeBytes = 16
	snapAuxBytes  = 8
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

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
	rebase := func(i uint32) uint32 {
		if i == 0 {
			return 0
		}
		return i - v.nodeBase
	}
	for _, x := range v.nodes[1:] {
		meta := x.meta
		if k := x.kind(); k == Object || k == Array {
			meta = meta&(1<<payloadShift-1) | (x.payload()-auxBase)<<payloadShift
		}
		dst = binary.LittleEndian.AppendUint32(dst, meta)
		dst = binary.LittleEndian.AppendUint32(dst, x.off-v.textBase)
		child := x.child
		if x.kind() == Object || x.kind() == Array || x.isName() {
			child = rebase(child)
		}
		dst = binary.LittleEndian.AppendUint32(dst, child)
		dst = binary.LittleEndian.AppendUint32(dst, rebase(x.next))
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
	for i := range d.nodes[1:] {
		b := src[p : p+snapNodeBytes]
		d.nodes[i+1] = node{
			meta:  binary.LittleEndian.Uint32(b),
			off:   binary.LittleEndian.Uint32(b[4:]),
			child: binary.LittleEndian.Uint32(b[8:]),
			next:  binary.LittleEndian.Uint32(b[12:]),
		}
		p += snapNodeBytes
	}
	d.aux = reserve(d.aux[:0], int(nAux), 0)[:nAux]
	for i := range d.aux {
		b := src[p : p+snapAuxBytes]
		d.aux[i] = aux{span: binary.LittleEndian.Uint32(b), last: binary.LittleEndian.Uint32(b[4:])}
		p += snapAuxBytes
	}
	d.buf = append(d.buf[:0], src[p:]...)
	v := snapView{nodes: d.nodes, aux: d.aux, text: d.buf}
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
// textBase.
type snapView struct {
	nodes                       []node
	aux                         []aux
	text                        []byte
	nodeBase, auxBase, textBase uint32
}

// snapFrame is an open container of checkSnapshot.
type snapFrame struct {
	c, next uint32 // the container, and its next child to visit (0: none)
	first   bool   // next is its first child
}

// checkSnapshot checks that v is laid out exactly as Parse lays out the
// compact text v.text (see the format above) and returns the number of
// container entries it uses. Every node index is checked to be the next
// in document order before it is followed, so the pass is linear and
// reads nothing out of bounds.
func (d *Doc) checkSnapshot(v *snapView) (uint32, error) {
	o := d.options()
	mode := o.mode()
	text := v.text
	n := uint32(len(v.nodes) - 1)
	var (
		expect  = uint32(1) // the next node in document order
		pos     = uint32(0) // where the next token's text starts
		auxUsed = uint32(0)
		// The open containers: on the stack up to a depth of 64.
		frames = make([]snapFrame, 0, 64)
	)
	// next checks that node i is the next in document order.
	next := func(i uint32) error {
		if i != expect || i > n {
			return snapError(nodeAt(min(expect, n)), "node "+uitoa(uint64(i))+" where node "+uitoa(uint64(expect))+" comes next")
		}
		return nil
	}
	// token checks the text of scalar or name i, l bytes at pos, and moves
	// pos past it.
	token := func(i uint32, x *node, l uint32) error {
		if x.off < v.textBase || x.off-v.textBase != pos {
			return snapError(nodeAt(i)+4, "text offset out of place")
		}
		if uint64(pos)+uint64(l) > uint64(len(text)) || l == 0 {
			return snapError(nodeAt(i)+8, "text beyond the end")
		}
		t := text[:pos+l]
		ok := false
		switch x.kind() {
		case Null:
			ok = string(t[pos:]) == "null"
		case Bool:
			ok = string(t[pos:]) == "true" && x.meta&flagTrue != 0 || string(t[pos:]) == "false" && x.meta&flagTrue == 0
		case Number:
			end, code := wire.ScanNumber(t, int(pos))
			ok = code == wire.OK && end == len(t)
		case String:
			if t[pos] == '"' {
				end, esc, code := wire.ScanString(t, int(pos), mode)
				ok = code == wire.OK && end == len(t) && esc == (x.meta&flagEscaped != 0)
			}
		}
		if !ok {
			return snapError(nodeAt(i), "node text is not its value")
		}
		pos += l
		return nil
	}
	// byteAt checks that the text at pos is c and moves past it.
	byteAt := func(i uint32, c byte) error {
		if int(pos) >= len(text) || text[pos] != c {
			return snapError(nodeAt(i), "expected '"+string(c)+"' in the text")
		}
		pos++
		return nil
	}
	if n == 0 || v.nodes[1].next != 0 {
		return 0, snapError(snapHeader, "no root, or a root with a sibling")
	}
	cur := uint32(1) // the value to visit
	for {
		if err := next(cur); err != nil {
			return 0, err
		}
		expect++
		x := &v.nodes[cur]
		switch k := x.kind(); k {
		case Null, Bool, Number, String:
			want := uint32(k) | flagParsed
			if x.meta != want && !(k == Bool && x.meta == want|flagTrue) && !(k == String && x.meta == want|flagEscaped) {
				return 0, snapError(nodeAt(cur), "bad kind or flags")
			}
			if err := token(cur, x, x.child); err != nil {
				return 0, err
			}
		case Object, Array:
			if x.meta&(1<<payloadShift-1) != uint32(k)|flagSpan|flagParsed || x.payload() < v.auxBase || x.payload()-v.auxBase != auxUsed || int(auxUsed) >= len(v.aux) {
				return 0, snapError(nodeAt(cur), "bad kind, flags or container entry")
			}
			if x.off < v.textBase || x.off-v.textBase != pos {
				return 0, snapError(nodeAt(cur)+4, "text offset out of place")
			}
			auxUsed++
			if err := byteAt(cur, opener(k)); err != nil {
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
				if expect-1 != n || int(pos) != len(text) {
					return 0, snapError(nodeAt(min(expect, n)), "nodes or text after the root value")
				}
				return auxUsed, nil
			}
			f := &frames[len(frames)-1]
			c := &v.nodes[f.c]
			obj := c.kind() == Object
			if f.next == 0 {
				if err := byteAt(f.c, closer(obj)); err != nil {
					return 0, err
				}
				a := v.aux[c.payload()-v.auxBase]
				if a.span != pos-(c.off-v.textBase) || a.last < v.nodeBase || a.last-v.nodeBase != expect-1 {
					return 0, snapError(nodeAt(f.c), "container entry does not match its text")
				}
				if obj && o.RejectDuplicateNames && v.nodeBase == 0 && v.textBase == 0 {
					if k := d.duplicateName(v.nodes, text, f.c); k != 0 {
						return 0, &Error{Offset: nodeAt(k), Reason: "duplicate object member name " + string(text[v.nodes[k].off:v.nodes[k].off+v.nodes[k].textLen()]), Err: ErrSyntax}
					}
				}
				frames = frames[:len(frames)-1]
				continue
			}
			if !f.first {
				if err := byteAt(f.c, ','); err != nil {
					return 0, err
				}
			}
			f.first = false
			i := f.next
			if err := next(i); err != nil {
				return 0, err
			}
			if !obj {
				// An array item, whose next is the following item.
				f.next = rebaseIndex(v.nodes[i].next, v.nodeBase)
				cur = i
				break
			}
			// A member: the name, a colon, then the value.
			expect++
			name := &v.nodes[i]
			if name.meta&(1<<payloadShift-1)&^flagEscaped != uint32(String)|flagParsed|flagName {
				return 0, snapError(nodeAt(i), "bad member name flags")
			}
			if err := token(i, name, name.payload()); err != nil {
				return 0, err
			}
			if err := byteAt(i, ':'); err != nil {
				return 0, err
			}
			f.next = rebaseIndex(name.next, v.nodeBase)
			cur = rebaseIndex(name.child, v.nodeBase)
			if cur <= n && v.nodes[cur].next != 0 {
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
