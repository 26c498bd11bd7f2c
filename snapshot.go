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
// LoadSnapshot reads. A snapshot is a value's arena written out as it is:
// its compact text and its nodes, which a load rebuilds from the text and
// checks against the snapshot's (see below).
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
// LoadSnapshot checks the sizes against the input length (nothing is
// allocated from a declared size alone) and the checksum, parses the text
// as Parse does, under the loading Doc's Options (limits, string
// validation, RejectDuplicateNames), and requires the nodes and container
// entries Parse builds to be the snapshot's, byte for byte. A snapshot
// that loads is exactly the Doc Parse builds from its text; anything else
// is an *Error wrapping ErrSnapshot (ErrLimit for a limit, ErrSyntax for a
// duplicate member name the Options reject), never a panic. The nodes are
// thus redundant with the text: rebuilding them with graft's parser and
// comparing costs less than checking them against the text did (about
// half), and the parser's own checks are what a hostile snapshot meets.
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
// laid out as Parse lays them out (checkSnapshot), the layout LoadSnapshot
// accepts; otherwise AppendSnapshot prints and parses the value again.
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
// is retained): it parses the snapshot's compact text and checks that the
// nodes it builds are the snapshot's. The Doc's Options apply as to
// Parse: the limits (ErrLimit), string validation (AllowInvalidUTF8,
// AllowLoneSurrogates) and RejectDuplicateNames. Any input that is not a
// valid snapshot is an *Error wrapping ErrSnapshot with the byte offset
// in Reason, and leaves the Doc empty.
//
// A load costs about what Parse of the compact text costs, plus the
// checksum: it saves the whitespace of an indented document, not the
// parse (BenchmarkSnapshot times the parts; bench/binary/RESULTS.md has
// the figures).
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
	// Parse the text, then require the nodes and container entries Parse
	// built to be the snapshot's, byte for byte: what loads is exactly
	// what Parse builds from the text, and is checked as Parse checks.
	textAt := int64(snapHeader + nNodes*snapNodeBytes + nAux*snapAuxBytes)
	if _, err := d.Parse(src[textAt:]); err != nil {
		d.Reset()
		return 0, d.snapTextError(err, src[textAt:], textAt)
	}
	if uint64(len(d.nodes)) != nNodes+1 || uint64(len(d.aux)) != nAux || uint64(len(d.buf)) != nText {
		d.Reset()
		return 0, snapError(12, "node or container entry counts do not match the text")
	}
	if off := d.snapDiff(src[snapHeader:textAt]); off >= 0 {
		d.Reset()
		return 0, snapError(snapHeader+off, "nodes differ from those of the text")
	}
	return d.ref(1), nil
}

// snapTextError returns the error of a load whose text Parse rejected
// with err: ErrLimit as it is, a duplicate member name (text that parses
// without RejectDuplicateNames) as ErrSyntax, anything else as
// ErrSnapshot; offsets counted in the snapshot (the text starts at
// textAt).
func (d *Doc) snapTextError(err error, text []byte, textAt int64) error {
	var e *Error
	if !errors.As(err, &e) {
		return snapError(textAt, "the text does not parse")
	}
	off := int64(-1)
	if e.Offset >= 0 {
		off = textAt + e.Offset
	}
	if errors.Is(e, ErrLimit) {
		return &Error{Offset: off, Reason: e.Reason, Err: ErrLimit}
	}
	if o := *d.options(); o.RejectDuplicateNames {
		o.RejectDuplicateNames = false
		if _, err := New(o).Parse(text); err == nil {
			return &Error{Offset: off, Reason: e.Reason, Err: ErrSyntax}
		}
	}
	return snapError(off, "the text is not JSON as the Doc's Options read it: "+e.Reason)
}

// snapDiff compares the nodes and container entries of d, as Parse built
// them, with b, their bytes in a snapshot, and returns the offset in b of
// the first that differs, or -1.
func (d *Doc) snapDiff(b []byte) int64 {
	nodes, auxes := d.nodes[1:], d.aux
	if nativeLittleEndian {
		nb := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(nodes))), len(nodes)*snapNodeBytes)
		ab := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(auxes))), len(auxes)*snapAuxBytes)
		if string(nb) == string(b[:len(nb)]) && string(ab) == string(b[len(nb):]) {
			return -1
		}
	}
	u32 := func(i int) uint32 { return binary.LittleEndian.Uint32(b[i:]) }
	for i, x := range nodes {
		at := i * snapNodeBytes
		if x != (node{meta: u32(at), off: u32(at + 4), child: u32(at + 8), next: u32(at + 12)}) {
			return int64(at)
		}
	}
	for i, a := range auxes {
		at := len(nodes)*snapNodeBytes + i*snapAuxBytes
		if a != (aux{span: u32(at), last: u32(at + 4)}) {
			return int64(at)
		}
	}
	return -1
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
	nodes, auxes, text := v.nodes, v.aux, v.text
	nb, ab, tb := v.nodeBase, v.auxBase, v.textBase
	n := uint32(len(nodes) - 1)
	tlen := uint64(len(text))
	frames := make([]snapFrame, 0, 64) // on the stack up to a depth of 64
	pos, auxUsed := uint32(0), uint32(0)
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
			if !snapToken(text, pos, x.payload(), x, mode) {
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
			if !snapToken(text, pos, x.child, x, mode) {
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
	if uint64(pos) != tlen {
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
// more.
func snapToken(text []byte, pos, l uint32, x *node, mode wire.Mode) bool {
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
