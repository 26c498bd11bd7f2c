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
// LoadSnapshot copies the nodes and container entries as they are and the
// text through the same 64-byte-block pass Parse uses, which checks every
// string (UTF-8, control bytes, escapes, under the loading Doc's Options)
// on the way. Before that it checks the sizes against the input length
// (nothing is allocated from a declared size alone) and the checksum. Then
// one pass over the nodes in index order checks each node against its
// neighbours alone: its kind and flags; its child and next, which must be
// the indices document order gives them (the next node, or the node after
// the value's last one, which its container entry holds), so that every
// index leads forward to a node the pass checks and no walk can loop,
// share a node or leave the nodes; its container entry (the next unused
// one, ending inside its parent); its text offset (where the compact form
// puts it), the brackets and separators around it, and its token: null,
// true and false byte for byte, numbers by the JSON grammar, strings by
// the block pass (one by one where it is not available). The token checks stay because the reads rely on them:
// decoding a string reads the characters after each backslash, and the
// number reads the digits after an exponent mark or a minus sign. A
// snapshot that passes is a Doc Parse could have built from the text;
// anything else is an *Error wrapping ErrSnapshot (or ErrLimit), never a
// panic.
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
//
// A load takes about twice as long as Parse of the same document: checking
// the nodes against the text costs more than Parse spends building them,
// and the text pass is the one Parse makes (BenchmarkSnapshot times the
// parts; bench/binary/RESULTS.md has the figures).
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
	d.retag()
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
	return d.ref(1), nil
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
	end     uint32 // its last node
	spanEnd uint32 // where its text ends
	c       uint32 // the container
	obj     bool
	first   bool // no child seen yet
	value   bool // an object whose next node is a member's value
}

// checkSnapshot checks that v is laid out exactly as Parse lays out the
// compact text v.text (see the format above) and returns the number of
// container entries it uses. It is one pass over the nodes in index
// order: a node's child and next must be the indices document order
// gives them (computed from its own fields, its container's last node and
// the next node's), so every pointer leads forward to a node the pass
// checks, and no walk can loop, share a node or leave the nodes. The
// text is read where the nodes say it is, token by token.
func (d *Doc) checkSnapshot(v *snapView) (uint32, error) {
	o := d.options()
	mode := o.mode()
	nodes, auxes, text, ends := v.nodes, v.aux, v.text, v.ends
	nb, ab, tb := v.nodeBase, v.auxBase, v.textBase
	n := uint32(len(nodes) - 1)
	tlen := uint64(len(text))
	frames := make([]snapFrame, 0, 64) // on the stack up to a depth of 64
	pos, auxUsed, end := uint32(0), uint32(0), 0
	if n == 0 {
		return 0, snapError(snapHeader, "no nodes")
	}
	for i := uint32(1); ; i++ {
		// Close the containers that end before i (all of them after the
		// last node).
		for len(frames) > 0 && frames[len(frames)-1].end < i {
			f := &frames[len(frames)-1]
			if uint64(pos) >= tlen || text[pos] != closer(f.obj) || pos+1 != f.spanEnd || f.value {
				return 0, snapError(nodeAt(f.c), "container text does not match its nodes")
			}
			pos++
			if f.obj && o.RejectDuplicateNames && nb == 0 && tb == 0 {
				if k := d.duplicateName(nodes, text, f.c); k != 0 {
					return 0, &Error{Offset: nodeAt(k), Reason: "duplicate object member name " + string(text[nodes[k].off:nodes[k].off+nodes[k].textLen()]), Err: ErrSyntax}
				}
			}
			frames = frames[:len(frames)-1]
		}
		if i > n {
			break
		}
		x := &nodes[i]
		parentEnd := uint32(0) // the last node i's next may lead to
		var f *snapFrame
		if len(frames) > 0 {
			f = &frames[len(frames)-1]
			switch {
			case f.value:
				if uint64(pos) >= tlen || text[pos] != ':' {
					return 0, snapError(nodeAt(i), "expected ':' in the text")
				}
				pos++
			case !f.first:
				if uint64(pos) >= tlen || text[pos] != ',' {
					return 0, snapError(nodeAt(i), "expected ',' in the text")
				}
				pos++
			}
			f.first = false
			if !f.value {
				parentEnd = f.end
			}
		} else if i != 1 {
			return 0, snapError(nodeAt(i), "nodes after the root value")
		}
		if x.off-tb != pos || x.off < tb {
			return 0, snapError(nodeAt(i)+4, "text offset out of place")
		}
		last := i // the last node of i's value
		k := x.kind()
		switch {
		case f != nil && f.obj && !f.value: // a member name
			if x.meta&(1<<payloadShift-1)&^flagEscaped != uint32(String)|flagParsed|flagName ||
				rebaseIndex(x.child, nb) != i+1 || i == n {
				return 0, snapError(nodeAt(i), "bad member name")
			}
			if !snapToken(text, pos, x.payload(), x, ends, &end, mode) {
				return 0, snapError(nodeAt(i), "node text is not its value")
			}
			pos += x.payload()
			if vk := nodes[i+1].kind(); vk == Object || vk == Array {
				last = snapLast(auxes, auxUsed, nb, i+1)
			} else {
				last = i + 1
			}
			f.value = true
		case k == Object || k == Array:
			if x.meta&(1<<payloadShift-1) != uint32(k)|flagSpan|flagParsed || x.payload()-ab != auxUsed || x.payload() < ab {
				return 0, snapError(nodeAt(i), "bad kind, flags or container entry")
			}
			if last = snapLast(auxes, auxUsed, nb, i); last == 0 || f != nil && last > f.end || f == nil && last != n {
				return 0, snapError(nodeAt(i), "container entry out of place")
			}
			if want := min(last-i, 1) * (i + 1); rebaseIndex(x.child, nb) != want {
				return 0, snapError(nodeAt(i)+8, "first child out of place")
			}
			spanEnd := uint64(pos) + uint64(auxes[auxUsed].span)
			if uint64(pos) >= tlen || text[pos] != opener(k) || spanEnd > tlen {
				return 0, snapError(nodeAt(i), "container text does not match its nodes")
			}
			if len(frames) >= o.MaxDepth {
				return 0, &Error{Offset: nodeAt(i), Reason: "nesting depth exceeds the limit of " + itoa(o.MaxDepth), Err: ErrLimit}
			}
			pos++
			auxUsed++
			if f != nil {
				f.value = false
			}
			frames = append(frames, snapFrame{end: last, spanEnd: uint32(spanEnd), c: i, obj: k == Object, first: true})
		default: // a scalar
			want := uint32(k) | flagParsed
			if k < Null || k > String || x.meta != want && !(k == Bool && x.meta == want|flagTrue) && !(k == String && x.meta == want|flagEscaped) {
				return 0, snapError(nodeAt(i), "bad kind or flags")
			}
			if !snapToken(text, pos, x.child, x, ends, &end, mode) {
				return 0, snapError(nodeAt(i), "node text is not its value")
			}
			pos += x.child
			if f != nil {
				f.value = false
			}
		}
		// next: the node after i's value, while its container goes on.
		want := uint32(0)
		if last < parentEnd {
			want = last + 1
		}
		if rebaseIndex(x.next, nb) != want {
			return 0, snapError(nodeAt(i)+12, "next sibling out of place")
		}
	}
	if uint64(pos) != tlen || ends != nil && end != len(ends) {
		return 0, snapError(nodeAt(n), "text after the root value")
	}
	return auxUsed, nil
}

// snapLast returns the last node of the container i whose entry is
// auxes[used] (node indices counted from nb), or 0 if there is no such
// entry or it ends before i.
func snapLast(auxes []aux, used, nb, i uint32) uint32 {
	if int(used) >= len(auxes) {
		return 0
	}
	if last := rebaseIndex(auxes[used].last, nb); last >= i {
		return last
	}
	return 0
}

// snapToken reports whether the l bytes of text at pos are the text of
// the scalar or member name x: a value of x's kind (and flags), nothing
// more. ends, if not nil, holds the closing quotes of the text's strings
// (checked already), *end the next to match.
func snapToken(text []byte, pos, l uint32, x *node, ends []uint32, end *int, mode wire.Mode) bool {
	if l == 0 || uint64(pos)+uint64(l) > uint64(len(text)) {
		return false
	}
	t := text[:pos+l]
	switch x.kind() {
	case String:
		esc := x.meta&flagEscaped != 0
		if t[pos] != '"' {
			return false
		}
		if ends != nil {
			if *end >= len(ends) {
				return false
			}
			e := ends[*end]
			*end++
			return e&^wire.EscapedEnd == pos+l-1 && (e&wire.EscapedEnd != 0) == esc
		}
		stop, escaped, code := wire.ScanString(t, int(pos), mode)
		return code == wire.OK && stop == len(t) && escaped == esc
	case Number:
		if l == 1 {
			return t[pos]-'0' < 10
		}
		stop, code := wire.ScanNumber(t, int(pos))
		return code == wire.OK && stop == len(t)
	case Null:
		return string(t[pos:]) == "null"
	case Bool:
		if x.meta&flagTrue != 0 {
			return string(t[pos:]) == "true"
		}
		return string(t[pos:]) == "false"
	}
	return false
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
