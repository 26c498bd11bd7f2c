package graft

import (
	"strconv"
	"strings"
	"unsafe"
)

// JSON Patch (RFC 6902).
//
// Patch applies a JSON Patch, parsed into the same Doc as the target, in
// place: each operation walks its JSON Pointer, and then links, unlinks or
// compares nodes (a "copy" copies the nodes of the value it copies), so an
// operation costs the walk of its pointer, never a copy of the document. The
// changes are journaled as a failing merge's are (see journal.go): if any
// operation fails, every earlier one is undone and the Doc is exactly as it
// was.

// Patch applies the JSON Patch ops (an array of operation objects, RFC
// 6902) to target, in place, operation by operation, and atomically: when it
// returns an error, target, ops and the whole Doc are exactly as they were.
//
// Target may be any value of the Doc, a whole document or a part of one;
// a path of "" names target itself, and an operation on it replaces
// target's value in place (target stays the Ref of the result, and a
// parent holding target sees the new value). Ops must be a value of the
// same Doc (Append the patch text to the Doc of the target). The values of
// "add" and "replace" operations are attached, not copied, so ops is
// consumed: after a successful Patch its values are part of target. Copy
// ops first to apply it to more than one target.
//
// The patch is fixed input (RFC 6902, section 3): the operations that run,
// their pointers and the values they add are those of ops when Patch is
// called. Where ops and target overlap, one holding the other (a patch
// kept inside the document it patches), an operation could edit ops, so
// Patch applies a Copy of ops, within Options.MaxNodes (ErrLimit), and ops
// itself is then only a part of target like any other. Finding out costs
// nothing for values as parsed and a walk of target (and of ops) for
// edited or built ones. A value that ops shares with target in another
// way (attached to both with Set; see Copy) is not looked for.
//
// The operations follow the RFC, with the lookup rules of the rest of graft
// where it leaves room:
//
//   - add: an existing member is given the new value (the last member, if
//     the name occurs more than once); an index from 0 to the array's length
//     inserts, "-" appends. Indices past the end are errors, never padding.
//   - remove: removes every member of that name, or the item.
//   - replace: the value must exist; the last member of the name, or the
//     item, gets the new value.
//   - move: remove, then add; from must exist, and moving a value into one
//     of its own children is an error wrapping ErrCycle. Moving a value to
//     where it is changes nothing.
//   - copy: adds a deep copy of the value at from (Copy); an error wrapping
//     ErrLimit if the copy would take the Doc past Options.MaxNodes.
//   - add, replace, move, copy: an error wrapping ErrLimit if the value
//     would nest deeper below target than Options.MaxDepth, as no input
//     may (copying a value into its own depths doubles the nesting with
//     each operation).
//   - test: the value must equal the given one as a JSON value: numbers by
//     their exact decimal value (1, 1.0 and 10e-1 are equal; no float64 is
//     involved), strings by their decoded text, objects whatever the order
//     of their members.
//
// Members of an operation other than op, path, from and value are ignored;
// one of those four given twice makes the patch invalid (RFC 6902, A.13).
// Nothing is allocated in proportion to a number inside the patch: an
// index is checked against the array it walks.
//
// Errors are *Error values. Their Reason starts with the failing operation,
// counted from 0, its op and its pointers ("operation 3 (remove
// "/a/b")"); for a pointer that names nothing Pointer is that pointer up to
// the token that names nothing. They wrap ErrPatch for a malformed patch
// (ops not an array, an operation not an object, an unknown op, a missing
// or mistyped member), ErrPointer for a malformed pointer (with the Offset
// in it) or a token that is not an array index, ErrNotFound for a pointer
// that names nothing, ErrTestFailed for a failed test, ErrCycle and
// ErrLimit as above. Patch returns ErrKind if target or ops is not a value
// or target is a member name (see Members).
func (d *Doc) Patch(target, ops Ref) error {
	if d.target(target) == nil || d.at(ops) == nil {
		return d.refsError(target, wantTarget, ops)
	}
	if k := d.Kind(ops); k != Array {
		return &Error{Offset: -1, Reason: "a JSON Patch is an array of operations, not " + article(k), Err: ErrPatch}
	}
	// Where ops and target overlap, an operation could edit ops: Patch
	// applies a copy, the patch as given.
	overlap := d.contains(uint32(target), uint32(ops)) || d.contains(uint32(ops), uint32(target))
	if overlap && !d.fits(uint32(ops)) {
		return &Error{Offset: -1, Reason: "the copy of a patch that overlaps its target would exceed the limit of " + itoa(d.options().MaxNodes) + " nodes", Err: ErrLimit}
	}
	d.begin()
	if overlap {
		ops = d.Copy(ops)
	}
	i := 0
	for _, v := range d.Items(ops) {
		var op patchOp
		err := d.readOp(uint32(v), &op)
		if err == nil {
			err = d.apply(uint32(target), &op)
		}
		if err != nil {
			d.rollback()
			return op.fail(i, err)
		}
		i++
	}
	d.commit()
	return nil
}

// opCode is a JSON Patch operation.
type opCode uint8

const (
	opAdd opCode = iota + 1
	opRemove
	opReplace
	opMove
	opCopy
	opTest
)

var opNames = [...]string{opAdd: "add", opRemove: "remove", opReplace: "replace", opMove: "move", opCopy: "copy", opTest: "test"}

// patchOp is one operation, read from its object. The pointers borrow the
// arena (or were decoded into new strings if their JSON text holds an
// escape); they are valid until the Doc is Reset.
type patchOp struct {
	code       opCode
	path, from string
	value      uint32 // 0 if absent
	hasFrom    bool   // a move or copy
	ready      bool   // read and checked
}

// memberNames are the members of an operation that mean something.
var memberNames = [...]string{"op", "path", "from", "value"}

// readOp reads the operation object v into op.
func (d *Doc) readOp(v uint32, op *patchOp) *Error {
	if k := d.Kind(d.ref(v)); k != Object {
		return patchError("an operation is an object, not " + article(k))
	}
	seen := 0
	var path, from Ref
	for name, val := range d.Members(d.ref(v)) {
		j := 0
		for j < len(memberNames) && !d.Equals(name, memberNames[j]) {
			j++
		}
		if j == len(memberNames) {
			continue // RFC 6902, section 4: other members are ignored
		}
		if seen&(1<<j) != 0 {
			return patchError(strconv.Quote(memberNames[j]) + " is given twice")
		}
		seen |= 1 << j
		switch memberNames[j] {
		case "op":
			for c := opAdd; c <= opTest && op.code == 0; c++ {
				if d.Equals(val, opNames[c]) {
					op.code = c
				}
			}
			if op.code == 0 {
				if d.Kind(val) != String {
					return patchError(`"op" is ` + article(d.Kind(val)) + ", not a string")
				}
				return patchError("unknown op " + clipped(d.Raw(val)))
			}
		case "path":
			path = val
		case "from":
			from = val
		default:
			op.value = uint32(val)
		}
	}
	if op.code == 0 {
		return patchError(`"op" is missing`)
	}
	var err *Error
	if op.path, err = d.pointerMember(path, "path"); err != nil {
		return err
	}
	switch op.code {
	case opMove, opCopy:
		op.hasFrom = true
		if op.from, err = d.pointerMember(from, "from"); err != nil {
			return err
		}
	case opAdd, opReplace, opTest:
		if op.value == 0 {
			return patchError(`"value" is missing`)
		}
	}
	op.ready = true
	return nil
}

func patchError(reason string) *Error {
	return &Error{Offset: -1, Reason: reason, Err: ErrPatch}
}

// pointerMember returns the text of the JSON Pointer in member what of an
// operation, checked.
func (d *Doc) pointerMember(v Ref, what string) (string, *Error) {
	switch k := d.Kind(v); k {
	case Invalid:
		return "", patchError(strconv.Quote(what) + " is missing")
	case String:
	default:
		return "", patchError(strconv.Quote(what) + " is " + article(k) + ", not a string")
	}
	p := d.pointerText(v)
	if err := checkPointer(p); err != nil {
		e := err.(*Error)
		e.Pointer = strings.Clone(p)
		return "", e
	}
	return p, nil
}

// pointerText returns the decoded text of the string v without copying it
// when it holds no escape: a string over the arena's bytes, which never
// change until Reset.
func (d *Doc) pointerText(v Ref) string {
	raw := d.Raw(v)
	if len(raw) == 2 {
		return ""
	}
	for _, c := range raw {
		if c == '\\' {
			s, _ := d.Text(v)
			return s
		}
	}
	return unsafe.String(&raw[1], len(raw)-2)
}

// fail completes the error of operation i: its Reason starts with the
// operation.
func (op *patchOp) fail(i int, err *Error) error {
	label := "operation " + itoa(i)
	switch {
	case op.ready && op.hasFrom:
		label += " (" + opNames[op.code] + " from " + string(appendShownPointer(nil, op.from)) + " to " + string(appendShownPointer(nil, op.path)) + ")"
	case op.ready:
		label += " (" + opNames[op.code] + " " + string(appendShownPointer(nil, op.path)) + ")"
	case op.code != 0:
		label += " (" + opNames[op.code] + ")"
	}
	err.Reason = label + ": " + err.Reason
	return err
}

// apply performs one operation on root.
func (d *Doc) apply(root uint32, op *patchOp) *Error {
	switch op.code {
	case opAdd:
		if err := d.nestFits(op.path, op.value); err != nil {
			return err
		}
		return d.patchAdd(root, op.path, op.value)
	case opRemove:
		_, err := d.patchRemove(root, op.path)
		return err
	case opReplace:
		if err := d.nestFits(op.path, op.value); err != nil {
			return err
		}
		return d.patchReplace(root, op.path, op.value)
	case opMove:
		if op.from == op.path {
			_, err := d.walk(root, op.from)
			return err
		}
		if strings.HasPrefix(op.path, op.from) && op.path[len(op.from)] == '/' {
			return &Error{Offset: -1, Pointer: strings.Clone(op.path), Reason: "cannot move a value into itself", Err: ErrCycle}
		}
		v, err := d.patchRemove(root, op.from)
		if err != nil {
			return err
		}
		if err := d.nestFits(op.path, v); err != nil {
			return err
		}
		return d.patchAdd(root, op.path, v)
	case opCopy:
		v, err := d.walk(root, op.from)
		if err != nil {
			return err
		}
		if !d.fits(v) {
			return &Error{Offset: -1, Pointer: strings.Clone(op.from), Reason: "the copy would exceed the limit of " + itoa(d.options().MaxNodes) + " nodes", Err: ErrLimit}
		}
		if err := d.nestFits(op.path, v); err != nil { // the copy nests as v does
			return err
		}
		return d.patchAdd(root, op.path, uint32(d.Copy(d.ref(v))))
	default: // opTest
		v, err := d.walk(root, op.path)
		if err != nil {
			return err
		}
		if !d.sameValue(v, op.value) {
			return &Error{Offset: -1, Pointer: strings.Clone(op.path), Reason: "the value differs", Err: ErrTestFailed}
		}
		return nil
	}
}

// patchAdd adds v at path: a new member, a member's new value, an inserted
// or appended item, or the new value of root.
func (d *Doc) patchAdd(root uint32, path string, v uint32) *Error {
	if path == "" {
		return d.replaceRoot(root, v)
	}
	c, tok, err := d.parent(root, path)
	if err != nil {
		return err
	}
	switch d.Kind(d.ref(c)) {
	case Object:
		return d.edited(path, d.Set(d.ref(c), tok, d.ref(v)))
	case Array:
		if tok == "-" {
			return d.edited(path, d.AppendItem(d.ref(c), d.ref(v)))
		}
		i, m := parseIndex(tok)
		if m == hit && i <= d.Len(d.ref(c)) {
			return d.edited(path, d.InsertItem(d.ref(c), i, d.ref(v)))
		}
		if m == hit {
			m = missItem
		}
		return d.missError(c, path, path[strings.LastIndexByte(path, '/')+1:], m)
	}
	return d.missError(c, path, path[strings.LastIndexByte(path, '/')+1:], missScalar)
}

// patchRemove removes the value at path and returns it.
func (d *Doc) patchRemove(root uint32, path string) (uint32, *Error) {
	if path == "" {
		return 0, &Error{Offset: -1, Reason: "cannot remove the whole document", Err: ErrPatch}
	}
	c, tok, err := d.parent(root, path)
	if err != nil {
		return 0, err
	}
	v, m := d.follow(c, tok)
	if m != hit {
		return 0, d.missError(c, path, path[strings.LastIndexByte(path, '/')+1:], m)
	}
	if d.Kind(d.ref(c)) == Object {
		d.Delete(d.ref(c), tok)
	} else {
		i, _ := parseIndex(tok)
		d.DeleteItem(d.ref(c), i)
	}
	return v, nil
}

// patchReplace gives the existing value at path the value v.
func (d *Doc) patchReplace(root uint32, path string, v uint32) *Error {
	if path == "" {
		return d.replaceRoot(root, v)
	}
	c, tok, err := d.parent(root, path)
	if err != nil {
		return err
	}
	if _, m := d.follow(c, tok); m != hit {
		return d.missError(c, path, path[strings.LastIndexByte(path, '/')+1:], m)
	}
	if d.Kind(d.ref(c)) == Object {
		return d.edited(path, d.Set(d.ref(c), tok, d.ref(v)))
	}
	i, _ := parseIndex(tok)
	return d.edited(path, d.SetItem(d.ref(c), i, d.ref(v)))
}

// replaceRoot gives root the value v, in place.
func (d *Doc) replaceRoot(root, v uint32) *Error {
	if v != root && d.contains(v, root) {
		return d.edited("", errCycle)
	}
	d.replace(root, v)
	return nil
}

// edited turns the error of an edit method at path into an *Error. The
// checks before each edit leave ErrCycle and the *Error of a member name
// beyond its length limit as the only possible ones.
func (d *Doc) edited(path string, err error) *Error {
	if err == nil {
		return nil
	}
	if e, ok := err.(*Error); ok { // a copy: the error may be a shared one
		c := *e
		c.Pointer = strings.Clone(path)
		return &c
	}
	return &Error{Offset: -1, Pointer: strings.Clone(path), Reason: "the value would contain itself", Err: err}
}

// nestFits returns an error if value v, placed under the tokens of path,
// would nest deeper than Options.MaxDepth. It walks v down to that depth.
func (d *Doc) nestFits(path string, v uint32) *Error {
	max := d.options().MaxDepth
	if room := max - strings.Count(path, "/"); room < 0 || !d.depthWithin(v, room) {
		return &Error{Offset: -1, Pointer: strings.Clone(path), Reason: "the value would nest deeper than " + itoa(max) + " levels", Err: ErrLimit}
	}
	return nil
}

// depthWithin reports whether value v nests no more than room arrays and
// objects deep.
func (d *Doc) depthWithin(v uint32, room int) bool {
	var fixed [32]uint32
	path := fixed[:0]
	for ; v != 0; path, v = d.nextValue(path, v, true) {
		if k := d.nodes[v].kind(); (k == Object || k == Array) && len(path) >= room {
			return false
		}
	}
	return true
}

// fits reports whether a copy of v stays within Options.MaxNodes: it counts
// v's nodes, and stops counting at the limit.
func (d *Doc) fits(v uint32) bool {
	budget := d.options().MaxNodes - len(d.nodes)
	var fixed [32]uint32
	path := fixed[:0]
	for ; v != 0; path, v = d.nextValue(path, v, true) {
		if len(path) > 0 && d.nodes[path[len(path)-1]].isName() {
			budget-- // the name
		}
		if budget--; budget < 0 {
			return false
		}
	}
	return true
}
