package graphql

import (
	"errors"
	"strconv"
	"unicode/utf8"

	"github.com/graftjson/graft/internal/wire"
	"github.com/vektah/gqlparser/v2/ast"
)

// Literal values: GraphQL → JSON in one pass. The transcoder reads a value
// at n.pos and appends its JSON form to n.vals: strings with every escape
// decoded to UTF-8 (only what JSON requires is escaped again, so equal
// values are equal bytes), block strings by the specification's
// BlockStringValue, enum values as strings, Int and Float text as written,
// lists and input objects as arrays and objects. With a type it also checks
// the literal as graphql-js's ValuesOfCorrectType does (gqlparser's
// wording).

// plainString marks the bytes a GraphQL string copies to JSON as they are:
// ASCII from the space up but the quote and the backslash.
var plainString = func() (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// nameChar marks the bytes that continue a Name.
var nameChar = func() (t [256]bool) {
	for c := 0; c < 256; c++ {
		t[c] = c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
	}
	return t
}()

func nameStart(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// value transcodes the value at n.pos (ignored tokens skipped) into n.vals,
// checking it against ti when ti is not nil. A variable sets n.sawVar (the
// caller keeps such a value inline). It returns false on a syntax error
// (n.err is set).
func (n *normalizer) value(ti *inType) bool {
	if n.pos >= len(n.src) {
		n.syntax(n.pos, "Unexpected <EOF>")
		return false
	}
	if !n.token() {
		return false
	}
	start := n.pos
	c := n.src[n.pos]
	for ti != nil && ti.elem != nil && c != '[' && c != '$' && !n.isNull() {
		ti = ti.elem // a single value for a list is a list of one
	}
	var kind litKind
	switch {
	case c == '"':
		block := len(n.src)-n.pos >= 3 && n.src[n.pos+1] == '"' && n.src[n.pos+2] == '"'
		if !n.stringValue(block) {
			return false
		}
		kind = litString
	case c == '-' || c >= '0' && c <= '9':
		float, ok := n.number()
		if !ok {
			return false
		}
		kind = litInt
		if float {
			kind = litFloat
		}
	case c == '[':
		var elem *inType
		if ti != nil {
			elem = ti.elem // nil for a named type: the items are not checked
		}
		if !n.list(elem, start) {
			return false
		}
		kind = litList
	case c == '{':
		var in *inputType
		if ti != nil {
			in = ti.in
		}
		if !n.object(in, start) {
			return false
		}
		kind = litObject
	case c == '$':
		n.pos++
		if !n.skip() {
			return false
		}
		end := n.name()
		if end == n.pos {
			n.syntax(n.pos, "Expected Name, found "+n.found(n.pos))
			return false
		}
		n.names[n.src[n.pos:end]] = true
		n.uses = append(n.uses, varUse{name: n.src[n.pos:end], def: len(n.defs) - 1})
		n.pos = end
		n.sawVar = true
		return true
	case nameStart(c):
		end := n.name()
		word := n.src[n.pos:end]
		n.pos = end
		switch word {
		case "true", "false":
			n.vals = append(n.vals, word...)
			kind = litBool
		case "null":
			n.vals = append(n.vals, word...)
			kind = litNull
		default:
			n.vals = append(n.vals, '"')
			n.vals = append(n.vals, word...)
			n.vals = append(n.vals, '"')
			kind = litEnum
		}
	default:
		n.syntax(n.pos, "Unexpected "+n.found(n.pos))
		return false
	}
	switch {
	case ti == nil:
	case ti.accept != 0 && kind != litNull: // a built-in scalar or an input object: check's common case
		if ti.accept&(1<<kind) == 0 || ti.isInt && !int32Text(n.src[start:n.pos]) {
			n.unexpected(ti.t, ti.def, start)
		}
	default:
		n.check(ti, kind, start)
	}
	return true
}

// litKind is the kind of a literal.
type litKind uint8

const (
	litString litKind = iota
	litInt
	litFloat
	litBool
	litEnum
	litNull
	litList
	litObject
)

// check records the problem, if any, of the literal of kind k that runs
// from start to n.pos as a value of the type ti: gqlparser's
// ValuesOfCorrectType (an input object's fields are checked by object).
func (n *normalizer) check(ti *inType, k litKind, start int) {
	t, def := ti.t, ti.def
	if k == litNull {
		if t.NonNull {
			n.invalid(start, `Expected value of type "`+t.String()+`", found null.`)
		}
		return
	}
	if t.Elem != nil { // only a list gets here (see value)
		return
	}
	if def == nil {
		return
	}
	ok := true
	switch {
	case ti.accept != 0:
		ok = ti.accept&(1<<k) != 0 && (!ti.isInt || int32Text(n.src[start:n.pos]))
	case def.Kind == ast.Enum:
		switch k {
		case litEnum:
			if !ti.hasValue(n.src[start:n.pos]) {
				n.invalid(start, `Value "`+n.src[start:n.pos]+`" does not exist in "`+t.String()+`" enum.`)
			}
		case litString:
			n.invalid(start, `Enum "`+t.String()+`" cannot represent non-enum value: `+n.shown(start)+`.`)
		default:
			ok = false
		}
	}
	if !ok {
		n.unexpected(t, def, start)
	}
}

// hasValue reports whether the enum type t has the value v.
func (t *inType) hasValue(v string) bool {
	if t.few != nil {
		for _, w := range t.few {
			if w == v {
				return true
			}
		}
		return false
	}
	return t.enum[v]
}

// int32Text reports whether the Int literal text s fits in 32 bits.
func int32Text(s string) bool {
	if len(s) <= 10 { // nine digits and a sign at most: it fits
		if len(s) < 10 || s[0] == '-' {
			return true
		}
	}
	_, err := strconv.ParseInt(s, 10, 32)
	return err == nil
}

// list transcodes the list at n.pos ('['), its items checked against elem
// when not nil.
func (n *normalizer) list(elem *inType, start int) bool {
	if !n.open(start) {
		return false
	}
	n.pos++
	n.vals = append(n.vals, '[')
	first := true
	for {
		if !n.skip() {
			return false
		}
		if n.pos >= len(n.src) {
			n.syntax(n.pos, "Expected ], found <EOF>")
			return false
		}
		if n.src[n.pos] == ']' {
			break
		}
		if !first {
			n.vals = append(n.vals, ',')
		}
		first = false
		if !n.value(elem) {
			return false
		}
	}
	n.pos++
	n.depthLeft++
	n.vals = append(n.vals, ']')
	return true
}

// object transcodes an input object value at n.pos ('{'), checking it
// against the input type in when not nil. start is where the value starts.
//
// The fields of a known type with at most 64 fields are told apart by a
// bit per field; other names (all of them without a type) are compared
// with those seen before in the object (see duplicate).
func (n *normalizer) object(in *inputType, start int) bool {
	if !n.open(start) {
		return false
	}
	n.pos++
	n.vals = append(n.vals, '{')
	top := len(n.seen)
	var mask uint64 // the fields given, by index, when useMask
	useMask := in != nil && len(in.fields) <= 64
	given, required := 0, 0
	prev := -1
	nullAt := -1 // where the value of the last field is null (of a OneOf type)
	for {
		if !n.skipSpace() {
			return false
		}
		if n.pos >= len(n.src) {
			n.syntax(n.pos, "Expected Name, found <EOF>")
			return false
		}
		if n.src[n.pos] == '}' {
			break
		}
		nameAt := n.pos
		end := n.name()
		if end == n.pos {
			n.syntax(n.pos, "Expected Name, found "+n.found(n.pos))
			return false
		}
		name := n.src[n.pos:end]
		n.pos = end
		if !n.token() {
			return false
		}
		if n.pos < len(n.src) && n.src[n.pos] == ':' { // the common case, inlined
			if !n.token() {
				return false
			}
			n.pos++
			n.tokEnd = n.pos
			if n.pos+1 < len(n.src) && n.src[n.pos] == ' ' && !ignoredStart[n.src[n.pos+1]] {
				n.pos++ // the common case, inlined
			} else if !n.skip() {
				return false
			}
		} else if !n.skip() || !n.expect(':') {
			return false
		}
		i := -1
		if in != nil {
			// Fields usually come in definition order: try the one after
			// the previous field before the map.
			i = prev + 1
			if i >= len(in.names) || in.names[i] != name {
				var ok bool
				if i, ok = in.index[name]; !ok {
					i = -1
				}
			}
		}
		// A name given twice is an error (graphql-js's
		// UniqueInputFieldNames).
		again := false // a field of the type given before
		if useMask && i >= 0 {
			if again = mask&(1<<i) != 0; again {
				n.invalid(nameAt, `There can be only one input field named "`+name+`".`)
			}
			mask |= 1 << i
		} else {
			if n.duplicate(top, name) {
				n.invalid(nameAt, `There can be only one input field named "`+name+`".`)
			}
			n.seen = append(n.seen, name)
		}
		if given++; given > 1 {
			n.vals = append(n.vals, ',')
		}
		if i >= 0 {
			n.vals = append(n.vals, in.keys[i]...)
		} else {
			n.vals = append(n.vals, '"')
			n.vals = append(n.vals, name...)
			n.vals = append(n.vals, '"', ':')
		}
		var ft *inType
		if in != nil {
			if i < 0 {
				n.invalid(nameAt, `Field "`+name+`" is not defined by type "`+in.def.Name+`".`)
			} else {
				ft = in.types[i]
				if ft.t.NonNull && in.fields[i].DefaultValue == nil && !again {
					required++
				}
				prev = i
			}
		}
		valAt, mark := n.pos, len(n.vals)
		if !n.value(ft) {
			return false
		}
		if in != nil && in.oneOf {
			if nullAt = -1; len(n.vals)-mark == 4 && string(n.vals[mark:]) == "null" {
				nullAt = valAt
			}
		}
	}
	n.pos++
	n.depthLeft++
	n.vals = append(n.vals, '}')
	if in != nil {
		if required < in.required {
			n.missing(in, mask, useMask, top, start)
		}
		// gqlparser's checks and wording for OneOf input objects.
		if in.oneOf && given != 1 {
			n.invalid(start, `OneOf Input Object "`+in.def.Name+`" must specify exactly one key.`)
		} else if in.oneOf && nullAt >= 0 {
			n.invalid(nullAt, `Field "`+in.def.Name+`.`+in.fields[0].Name+`" must be non-null.`)
		}
	}
	if len(n.seen) > top {
		clear(n.seen[top:])
		n.seen = n.seen[:top]
	}
	return true
}

// duplicate reports whether name is among the field names of the object
// whose names start at n.seen[top].
func (n *normalizer) duplicate(top int, name string) bool {
	names := n.seen[top:]
	if len(names) < 16 {
		for _, s := range names {
			if s == name {
				return true
			}
		}
		return false
	}
	// A large object: index its names once, then look up.
	if n.seenSet == nil || n.seenTop != top {
		n.seenSet = make(map[string]struct{}, 2*len(names))
		for _, s := range names {
			n.seenSet[s] = struct{}{}
		}
		n.seenTop = top
	}
	if _, ok := n.seenSet[name]; ok {
		return true
	}
	n.seenSet[name] = struct{}{}
	if len(n.seenSet) != len(names)+1 {
		n.seenSet = nil // out of step: rebuild at the next call
	}
	return false
}

// missing reports the required fields of in that the object at start does
// not give: those whose bit is clear in mask when useMask, else those not
// among the names n.seen[top:].
func (n *normalizer) missing(in *inputType, mask uint64, useMask bool, top int, start int) {
	given := map[string]bool{}
	for _, s := range n.seen[top:] {
		given[s] = true
	}
	for i, f := range in.fields {
		if f.Type.NonNull && f.DefaultValue == nil && !(useMask && mask&(1<<i) != 0 || !useMask && given[f.Name]) {
			n.invalid(start, `Field "`+in.def.Name+`.`+f.Name+`" of required type "`+f.Type.String()+`" was not provided.`)
		}
	}
}

// open counts one level of nesting at the bracket or brace at i.
func (n *normalizer) open(i int) bool {
	n.depthLeft--
	return n.depthLeft >= 0 || n.tooDeep(i)
}

func (n *normalizer) tooDeep(i int) bool {
	n.fail(i, "The operation exceeds the maximum depth of "+itoa(n.maxDepth)+".")
	return false
}

// number scans the Int or Float at n.pos and appends its text. It reports
// whether it is a Float.
func (n *normalizer) number() (float, ok bool) {
	s, i := n.src, n.pos
	start := i
	if s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
		if i < len(s) && s[i] >= '0' && s[i] <= '9' {
			n.syntax(i, "Invalid number, unexpected digit after 0: "+n.char(i)+".")
			return false, false
		}
	case i < len(s) && s[i] >= '1' && s[i] <= '9':
		for i++; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		}
	default:
		n.syntax(i, "Invalid number, expected digit but got: "+n.char(i)+".")
		return false, false
	}
	if i < len(s) && s[i] == '.' {
		float = true
		i++
		if i >= len(s) || s[i] < '0' || s[i] > '9' {
			n.syntax(i, "Invalid number, expected digit but got: "+n.char(i)+".")
			return false, false
		}
		for i++; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		float = true
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if i >= len(s) || s[i] < '0' || s[i] > '9' {
			n.syntax(i, "Invalid number, expected digit but got: "+n.char(i)+".")
			return false, false
		}
		for i++; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		}
	}
	if i < len(s) && (s[i] == '.' || nameStart(s[i])) {
		n.syntax(i, "Invalid number, expected digit but got: "+n.char(i)+".")
		return false, false
	}
	n.vals = append(n.vals, s[start:i]...)
	n.pos = i
	return float, true
}

// stringValue transcodes the string or block string at n.pos. A string
// that gqlparser could not read as written (a \u{…} escape, or a carriage
// return in a block string) is replaced in the normalized text by its
// JSON form, which is also a GraphQL string.
func (n *normalizer) stringValue(block bool) bool {
	start, mark := n.pos, len(n.vals)
	var ok, rewrite bool
	if block {
		ok, rewrite = n.blockString()
	} else {
		ok, rewrite = n.quoted()
	}
	if ok && rewrite {
		n.replace(start, n.pos, string(n.vals[mark:]))
	}
	return ok
}

// quoted transcodes the string at n.pos ('"'). rewrite reports a \u{…}
// escape.
//
// The text is copied in runs that end only at the closing quote or at an
// escape JSON writes otherwise (\/ and \u): the escapes \" \\ \b \f \n \r
// and \t are the same in JSON and stay in the run, and the UTF-8 of a
// stretch of text is checked at once when it holds non-ASCII bytes.
func (n *normalizer) quoted() (ok, rewrite bool) {
	s := n.src
	i := n.pos + 1
	n.vals = append(n.vals, '"')
	run := i
	for {
		from := i
		var wide bool
		i, wide = textRun(s, i)
		if wide && !utf8.ValidString(s[from:i]) {
			n.syntax(badUTF8(s, from), "Invalid UTF-8 within String.")
			return false, false
		}
		if i >= len(s) {
			n.syntax(i, "Unterminated string.")
			return false, false
		}
		switch c := s[i]; {
		case c == '"':
			n.vals = append(n.vals, s[run:i]...)
			n.vals = append(n.vals, '"')
			n.pos = i + 1
			return true, rewrite
		case c == '\\':
			if i+1 < len(s) && sameEscape[s[i+1]] {
				i += 2
				continue
			}
			n.vals = append(n.vals, s[run:i]...)
			var w int
			w, ok = n.escape(i)
			if !ok {
				return false, false
			}
			if s[i+1] == 'u' && s[i+2] == '{' {
				rewrite = true
			}
			i += w
			run = i
		case c == '\n' || c == '\r':
			n.syntax(i, "Unterminated string.")
			return false, false
		case c == '\t':
			n.vals = append(n.vals, s[run:i]...)
			n.vals = append(n.vals, '\\', 't')
			i++
			run = i
		default: // c < 0x20
			n.syntax(i, "Invalid character within String: "+n.char(i)+".")
			return false, false
		}
	}
}

// sameEscape marks the characters after a backslash that make an escape
// JSON writes the same way.
var sameEscape = [256]bool{'"': true, '\\': true, 'b': true, 'f': true, 'n': true, 'r': true, 't': true}

// badUTF8 returns the offset of the first byte from i that does not start
// a valid UTF-8 sequence.
func badUTF8(s string, i int) int {
	for i < len(s) {
		r, w := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && w <= 1 {
			return i
		}
		i += w
	}
	return i
}

// escape transcodes the escape sequence at s[i] ('\\') and returns its
// length.
func (n *normalizer) escape(i int) (int, bool) {
	s := n.src
	if i+1 >= len(s) {
		n.syntax(i, "Unterminated string.")
		return 0, false
	}
	switch c := s[i+1]; c {
	case '"', '\\':
		n.vals = append(n.vals, '\\', c)
		return 2, true
	case '/':
		n.vals = append(n.vals, '/')
		return 2, true
	case 'b', 'f', 'n', 'r', 't':
		n.vals = append(n.vals, '\\', c)
		return 2, true
	case 'u':
		r, w, ok := n.unicode(i)
		if !ok {
			return 0, false
		}
		n.appendRune(r)
		return w, true
	}
	n.syntax(i, "Invalid character escape sequence: "+n.escapeText(i, 2)+".")
	return 0, false
}

// unicode decodes the \u escape at s[i]: \uXXXX (a surrogate pair must be
// two such escapes) or \u{X…}.
func (n *normalizer) unicode(i int) (rune, int, bool) {
	s := n.src
	if i+2 < len(s) && s[i+2] == '{' {
		var r rune
		j := i + 3
		for ; j < len(s) && s[j] != '}'; j++ {
			h := unhex(s[j])
			if h < 0 || r > 0x10FFFF {
				break
			}
			r = r<<4 | rune(h)
		}
		if j >= len(s) || s[j] != '}' || j == i+3 || r > 0x10FFFF || r >= 0xD800 && r <= 0xDFFF {
			n.syntax(i, "Invalid Unicode escape sequence: "+n.escapeText(i, min(j+1, len(s))-i)+".")
			return 0, 0, false
		}
		return r, j + 1 - i, true
	}
	r, ok := hex4(s, i+2)
	if !ok {
		j := i + 2
		for j < len(s) && j < i+6 && unhex(s[j]) >= 0 {
			j++
		}
		n.syntax(i, "Invalid Unicode escape sequence: "+s[i:j]+".")
		return 0, 0, false
	}
	if r < 0xD800 || r > 0xDFFF {
		return r, 6, true
	}
	if r <= 0xDBFF && i+12 <= len(s) && s[i+6] == '\\' && s[i+7] == 'u' {
		if lo, ok := hex4(s, i+8); ok && lo >= 0xDC00 && lo <= 0xDFFF {
			return 0x10000 + (r-0xD800)<<10 + (lo - 0xDC00), 12, true
		}
	}
	n.syntax(i, "Invalid Unicode escape sequence: "+n.escapeText(i, 6)+".")
	return 0, 0, false
}

func hex4(s string, i int) (rune, bool) {
	if i+4 > len(s) {
		return 0, false
	}
	var r rune
	for _, c := range []byte(s[i : i+4]) {
		h := unhex(c)
		if h < 0 {
			return 0, false
		}
		r = r<<4 | rune(h)
	}
	return r, true
}

func unhex(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// appendRune appends r inside a JSON string: as UTF-8, or escaped where
// JSON requires.
func (n *normalizer) appendRune(r rune) {
	if r < 0x80 && !plainString[r] {
		n.vals = wire.AppendEscape(n.vals, byte(r))
		return
	}
	n.vals = utf8.AppendRune(n.vals, r)
}

// blockString transcodes the block string at n.pos ('"""') by the
// specification's BlockStringValue: the common indentation of the lines
// after the first removed, leading and trailing blank lines dropped, lines
// joined by \n, and \""" read as """. rewrite reports a carriage return.
func (n *normalizer) blockString() (ok, rewrite bool) {
	s := n.src
	begin := n.pos + 3
	// First pass: find the end, check the characters, and measure the
	// lines (the common indentation, the first and last non-blank lines).
	common := -1
	firstText, lastText := -1, -1 // line numbers
	line := 0
	lineStart := begin
	indent, blank := 0, true
	end := -1
	endLine := func() {
		if !blank {
			if firstText < 0 {
				firstText = line
			}
			lastText = line
			if line > 0 && (common < 0 || indent < common) {
				common = indent
			}
		}
	}
	for i := begin; i < len(s); {
		c := s[i]
		switch {
		case c == '"' && len(s)-i >= 3 && s[i+1] == '"' && s[i+2] == '"':
			end = i
		case c == '\\' && len(s)-i >= 4 && s[i+1:i+4] == `"""`:
			blank = false
			i += 4
			continue
		case c == '\n' || c == '\r':
			if c == '\r' {
				rewrite = true
				if i+1 < len(s) && s[i+1] == '\n' {
					i++
				}
			}
			endLine()
			line++
			i++
			lineStart, indent, blank = i, 0, true
			continue
		case c == ' ' || c == '\t':
			if blank && i-lineStart == indent {
				indent++
			}
			i++
			continue
		case c < 0x20:
			n.syntax(i, "Invalid character within String: "+n.char(i)+".")
			return false, false
		default:
			// The line has text: up to the next quote, backslash or
			// control byte, nothing else matters to this pass.
			blank = false
			j, wide := textRun(s, i+1)
			if (wide || c >= 0x80) && !utf8.ValidString(s[i:j]) {
				n.syntax(badUTF8(s, i), "Invalid UTF-8 within String.")
				return false, false
			}
			i = j
			continue
		}
		break
	}
	if end < 0 {
		n.syntax(len(s), "Unterminated string.")
		return false, false
	}
	endLine()
	if common < 0 {
		common = 0
	}
	// Second pass: write the lines firstText..lastText.
	n.vals = append(n.vals, '"')
	line = 0
	for i := begin; i <= end && firstText >= 0; line++ {
		// The line runs from i to the next line terminator (or end).
		j := i
		for j < end {
			j, _ = textRun(s[:end], j)
			if j >= end || s[j] == '\n' || s[j] == '\r' {
				break
			}
			if s[j] == '\\' && end-j >= 4 && s[j+1:j+4] == `"""` {
				j += 4
			} else {
				j++
			}
		}
		if line >= firstText && line <= lastText {
			if line > firstText {
				n.vals = append(n.vals, '\\', 'n')
			}
			k := i
			if line > 0 {
				k = i + min(common, j-i)
			}
			n.blockLine(s[k:j])
		}
		if j >= end || line >= lastText {
			break
		}
		if s[j] == '\r' && j+1 < end && s[j+1] == '\n' {
			j++
		}
		i = j + 1
	}
	n.vals = append(n.vals, '"')
	n.pos = end + 3
	return true, rewrite
}

// blockLine appends one line of a block string as JSON string content.
func (n *normalizer) blockLine(l string) {
	run := 0
	for i := 0; ; i++ {
		i, _ = textRun(l, i)
		if i >= len(l) {
			break
		}
		n.vals = append(n.vals, l[run:i]...)
		if c := l[i]; c == '\\' && len(l)-i >= 4 && l[i+1:i+4] == `"""` {
			n.vals = append(n.vals, `\"\"\"`...)
			i += 3
		} else {
			n.vals = wire.AppendEscape(n.vals, c)
		}
		run = i + 1
	}
	n.vals = append(n.vals, l[run:]...)
}

// unexpected records gqlparser's message for a literal at start that its
// type t (whose named type is def, nil for a list type) cannot take.
func (n *normalizer) unexpected(t *ast.Type, def *ast.Definition, start int) {
	v := n.shown(start)
	var msg string
	switch t.String() {
	case "Int", "Int!":
		msg = `Int cannot represent non-integer value: ` + v
		if _, err := strconv.ParseInt(n.src[start:n.pos], 10, 32); errors.Is(err, strconv.ErrRange) {
			msg = `Int cannot represent non 32-bit signed integer value: ` + v
		}
	case "String", "String!":
		msg = `String cannot represent a non string value: ` + v
	case "Boolean", "Boolean!":
		msg = `Boolean cannot represent a non boolean value: ` + v
	case "Float", "Float!":
		msg = `Float cannot represent non numeric value: ` + v
	case "ID", "ID!":
		msg = `ID cannot represent a non-string and non-integer value: ` + v
	default:
		if def != nil && def.Kind == ast.Enum {
			msg = `Enum "` + t.String() + `" cannot represent non-enum value: ` + v + `.`
		} else {
			msg = `Expected value of type "` + t.String() + `", found ` + v + `.`
		}
	}
	n.invalid(start, msg)
}

// shown returns the text of the literal that starts at start (and is not
// necessarily complete yet), shortened when long.
func (n *normalizer) shown(start int) string {
	end := max(n.pos, start+1)
	if end > len(n.src) {
		end = len(n.src)
	}
	s := n.src[start:end]
	if len(s) > 64 {
		s = s[:64]
		for len(s) > 0 && !utf8.RuneStart(s[len(s)-1]) {
			s = s[:len(s)-1]
		}
		s = s[:max(len(s)-1, 0)] + "…"
	}
	return s
}

func (n *normalizer) escapeText(i, w int) string {
	end := min(i+w, len(n.src))
	return n.src[i:end]
}

// isNull reports whether the token at n.pos is null.
func (n *normalizer) isNull() bool {
	s := n.src[n.pos:]
	return len(s) >= 4 && s[:4] == "null" && (len(s) == 4 || !nameChar[s[4]])
}

// textRun returns the end of the run of string text of s from i: bytes
// up to a quote, a backslash or a control byte, eight at a time where it
// can. wide reports a byte of 0x80 or above in the run, whose UTF-8 the
// caller checks.
func textRun(s string, i int) (end int, wide bool) {
	var high uint64
	for ; i+8 <= len(s); i += 8 {
		x := load64(s, i)
		if k := wire.TextLen(x); k < 8 {
			high |= x & (1<<(8*k) - 1)
			return i + k, high&0x8080808080808080 != 0
		}
		high |= x
	}
	for ; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c == '"' || c == '\\' {
			break
		}
		high |= uint64(c)
	}
	return i, high&0x8080808080808080 != 0
}
