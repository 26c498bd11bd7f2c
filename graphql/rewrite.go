package graphql

import (
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/shape"
	"github.com/vektah/gqlparser/v2/ast"
)

// normalized is the written form of a scanned document.
type normalized struct {
	text string
	op   int      // the selected operation, an index of n.defs
	used []int    // the extracted variables of the text, in order
	pos  position // from offsets of text to offsets of the source
	// For Compile: the variables whose definitions the text leaves out
	// (see write), and which of the operation's own definitions they are.
	hidden     map[string]bool
	hiddenDefs []bool
}

// write selects the operation operationName (GetOperation of the
// specification) and writes the normalized document: the operation with
// its generated variable definitions and the fragments it reaches;
// fragments no operation reaches are kept with their literals in place.
//
// For Compile (compile true) the text leaves out the definitions of the
// generated variables and of the operation's variables used only as whole
// field arguments of a type they fit (without a default or directives):
// gqlparser's validation looks each variable reference up in a list of
// the operation's definitions, which is quadratic in their number, and
// what it would check of these is known here (see hiddenDefs).
func (n *normalizer) write(operationName string, compile bool) (normalized, error) {
	out := normalized{op: -1, used: make([]int, 0, len(n.vars))}
	count := 0
	for i, d := range n.defs {
		if !d.op {
			continue
		}
		count++
		if operationName == "" && out.op < 0 || operationName != "" && d.name == operationName && out.op < 0 {
			out.op = i
		}
	}
	switch {
	case operationName == "" && count > 1:
		return out, &RequestError{Problems: []Problem{problem("Must provide operation name if query contains multiple operations.")}}
	case out.op < 0 && operationName != "":
		return out, &RequestError{Problems: []Problem{problem(`Unknown operation named "` + operationName + `".`)}}
	case out.op < 0:
		return out, &RequestError{Problems: []Problem{problem("Must provide an operation.")}}
	}
	n.reach(out.op)
	op := &n.defs[out.op]

	// Name the variables the written definitions use, in order.
	written := func(d *definition) (ok, revert bool) {
		if d.op {
			return d == op, false
		}
		return d.reach&1 != 0 || d.reach == 0, d.reach == 0
	}
	// The text is at most size bytes: what the segments of the written
	// definitions write, with all the variable definitions.
	size := 0
	for i := range n.defs {
		d := &n.defs[i]
		ok, revert := written(d)
		if !ok {
			continue
		}
		size++ // a line feed between definitions
		for _, sg := range n.segs[d.segs[0]:d.segs[1]] {
			switch sg.kind {
			case segCopy:
				size += sg.b - sg.a
			case segText:
				size += len(n.texts[sg.b])
			case segHole:
				if revert {
					size += sg.c - sg.b
				} else if n.vars[sg.a].name == "" {
					n.vars[sg.a].name = "?" // named below, in this order
					out.used = append(out.used, sg.a)
				}
			}
		}
	}
	for i, name := range n.freshNames(len(out.used)) {
		n.vars[out.used[i]].name = name
	}
	for i := range n.defs {
		d := &n.defs[i]
		if ok, revert := written(d); !ok || revert {
			continue
		}
		for _, sg := range n.segs[d.segs[0]:d.segs[1]] {
			if sg.kind == segHole {
				size += 1 + len(n.vars[sg.a].name) + n.holeSpace(sg)
			}
		}
	}
	for _, v := range out.used {
		size += len(n.vars[v].name) + 3 + len(n.typeString(n.vars[v].typ)) + 2
	}
	size += len("query() ")
	allHidden := false
	if compile {
		allHidden = n.hide(&out, op)
	}

	var b strings.Builder
	b.Grow(size)
	spans := make([]span, 0, len(n.segs)+1)
	vds := n.varDefs[op.varDefs[0]:op.varDefs[1]]
	skip := 0 // segments of the operation left out for Compile, by index
	for i := range n.defs {
		d := &n.defs[i]
		ok, revert := written(d)
		if !ok {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		for k := d.segs[0]; k < d.segs[1]; k++ {
			if d == op && compile {
				if allHidden && k == op.varBlock[0] && op.varBlock[1] > k {
					k = op.varBlock[1] - 1
					continue
				}
				for skip < len(vds) && vds[skip].segs[1] <= k {
					skip++
				}
				if skip < len(vds) && out.hiddenDefs[skip] && k >= vds[skip].segs[0] {
					continue
				}
			}
			switch sg := n.segs[k]; sg.kind {
			case segCopy:
				spans = append(spans, span{out: b.Len(), src: sg.a, copy: true})
				b.WriteString(n.src[sg.a:sg.b])
			case segText:
				spans = append(spans, span{out: b.Len(), src: sg.a})
				b.WriteString(n.texts[sg.b])
			case segHole:
				if revert {
					spans = append(spans, span{out: b.Len(), src: sg.b, copy: true})
					b.WriteString(n.src[sg.b:sg.c])
					continue
				}
				spans = append(spans, span{out: b.Len(), src: sg.b})
				b.WriteByte('$')
				b.WriteString(n.vars[sg.a].name)
				if n.holeSpace(sg) == 1 {
					b.WriteByte(' ')
				}
			case segVarDefs:
				if len(out.used) == 0 || compile {
					continue
				}
				spans = append(spans, span{out: b.Len(), src: sg.c})
				switch sg.b {
				case defsInParens:
					b.WriteString(", ")
				case defsParens:
					b.WriteByte('(')
				case defsShorthand:
					b.WriteString("query(")
				}
				for j, v := range out.used {
					if j > 0 {
						b.WriteString(", ")
					}
					b.WriteByte('$')
					b.WriteString(n.vars[v].name)
					b.WriteString(": ")
					b.WriteString(n.typeString(n.vars[v].typ))
				}
				if sg.b != defsInParens {
					b.WriteString(") ")
				}
			}
		}
	}
	out.text = b.String()
	out.pos = position{src: n.src, spans: spans}
	return out, nil
}

// hide decides which variable definitions the text for Compile leaves
// out: those of the generated variables, and each of the operation's own
// that is defined once, has no default and no directives, and is used
// (in the operation and the fragments it reaches) only as the whole value
// of field arguments whose types it fits (gqlparser's IsCompatible, as its
// VariablesInAllowedPosition rule checks). What validation would say of
// such a definition is then known: it is used, it is defined, it is in an
// allowed position, and its type is an input type (the argument's). It
// reports whether all of the operation's own definitions are left out.
func (n *normalizer) hide(out *normalized, op *definition) bool {
	vds := n.varDefs[op.varDefs[0]:op.varDefs[1]]
	// Both sets are the scratch's: Compile drops them when it returns.
	if n.hidden == nil {
		n.hidden, n.defIndex = make(map[string]bool, len(out.used)+len(vds)), make(map[string]int, len(vds))
	}
	out.hidden = n.hidden
	for _, v := range out.used {
		out.hidden[n.vars[v].name] = true
	}
	index := n.defIndex
	for i, vd := range vds {
		if _, dup := index[vd.name]; dup {
			index[vd.name] = -1
		} else {
			index[vd.name] = i
		}
	}
	// state: 0 unused, 1 used as it may be, 2 used otherwise
	state := make([]uint8, len(vds))
	for _, u := range n.uses {
		d := &n.defs[u.def]
		if d != op && (d.op || d.reach&1 == 0) {
			continue
		}
		i, ok := index[u.name]
		if !ok || i < 0 {
			continue
		}
		if u.typ == nil || !vds[i].typ.IsCompatible(u.typ) {
			state[i] = 2
		} else if state[i] == 0 {
			state[i] = 1
		}
	}
	out.hiddenDefs = make([]bool, len(vds))
	all := true
	for i, vd := range vds {
		h := state[i] == 1 && index[vd.name] == i && vd.def[1] == vd.def[0] && !vd.directives
		out.hiddenDefs[i] = h
		if h {
			out.hidden[vd.name] = true
		} else {
			all = false
		}
	}
	return all && len(vds) > 0
}

// reach marks the fragments reached from the operation defs[op] (1) and
// from any operation (2).
func (n *normalizer) reach(op int) {
	byName := make(map[string][]int)
	for i, d := range n.defs {
		if !d.op {
			byName[d.name] = append(byName[d.name], i)
		}
	}
	var queue []int
	visit := func(from int, bit uint8) {
		queue = append(queue[:0], from)
		for len(queue) > 0 {
			d := &n.defs[queue[len(queue)-1]]
			queue = queue[:len(queue)-1]
			for _, name := range n.spreads[d.spreads[0]:d.spreads[1]] {
				for _, f := range byName[name] {
					if n.defs[f].reach&bit == 0 {
						n.defs[f].reach |= bit
						queue = append(queue, f)
					}
				}
			}
		}
	}
	visit(op, 1)
	for i, d := range n.defs {
		if d.op {
			visit(i, 2)
		}
	}
}

// freshNames returns the next count generated variable names that the
// document does not use: a, b, …, z, aa, ab, … (substrings of one string).
func (n *normalizer) freshNames(count int) []string {
	if count == 0 {
		return nil
	}
	var text []byte
	ends := make([]int, 0, count)
	for len(ends) < count {
		var buf [8]byte
		i := len(buf)
		for k := n.nameSeq; ; k = k/26 - 1 {
			i--
			buf[i] = byte('a' + k%26)
			if k < 26 {
				break
			}
		}
		n.nameSeq++
		if !n.names[string(buf[i:])] {
			text = append(text, buf[i:]...)
			ends = append(ends, len(text))
		}
	}
	all := string(text)
	names := make([]string, count)
	start := 0
	for i, end := range ends {
		names[i] = all[start:end]
		start = end
	}
	return names
}

func (n *normalizer) typeString(t *ast.Type) string {
	if s, ok := n.typeText[t]; ok {
		return s
	}
	if n.typeText == nil {
		n.typeText = map[*ast.Type]string{}
	}
	s := t.String()
	n.typeText[t] = s
	return s
}

// appendVariables appends the variables object of the operation defs[op]:
// its variables in definition order with the client's values (members of
// vars in d) or their defaults, then the extracted literals used.
func (n *normalizer) appendVariables(buf []byte, op int, d *graft.Doc, vars graft.Ref, used []int) ([]byte, error) {
	vds := n.varDefs[n.defs[op].varDefs[0]:n.defs[op].varDefs[1]]
	given := make([]graft.Ref, len(vds))
	switch d.Kind(vars) {
	case graft.Invalid, graft.Null:
	case graft.Object:
		index := make(map[string]int, len(vds))
		for i, vd := range vds {
			index[vd.name] = i
		}
		for name, v := range d.Members(vars) {
			s, _ := d.Text(name)
			if i, ok := index[s]; ok {
				given[i] = v
			}
		}
	default:
		return buf, &RequestError{Problems: []Problem{problem("Variables must be provided as an Object where each property is a variable value.")}}
	}
	// Room for the literals, the bulk of the object, so that a buffer
	// that is kept holds little more than the text.
	need := 2
	for _, v := range used {
		need += n.vars[v].val[1] - n.vars[v].val[0] + len(n.vars[v].name) + 4
	}
	buf = slices.Grow(buf, need)
	obj := len(buf)
	buf = append(buf, '{')
	member := func(name string) {
		if len(buf) > obj+1 {
			buf = append(buf, ',')
		}
		buf = append(buf, '"')
		buf = append(buf, name...)
		buf = append(buf, '"', ':')
	}
	for i, vd := range vds {
		switch {
		case given[i] != 0:
			member(vd.name)
			buf = d.AppendJSON(buf, given[i])
		case vd.def[1] > vd.def[0]:
			member(vd.name)
			buf = append(buf, n.vals[vd.def[0]:vd.def[1]]...)
		}
	}
	return n.appendLiterals(buf, obj, used), nil
}

// appendLiterals appends the members of the extracted variables used, and
// the closing brace, to buf, which holds an object's "{" at obj and its
// members so far.
func (n *normalizer) appendLiterals(buf []byte, obj int, used []int) []byte {
	for _, v := range used {
		if len(buf) > obj+1 {
			buf = append(buf, ',')
		}
		buf = append(buf, '"')
		buf = append(buf, n.vars[v].name...)
		buf = append(buf, '"', ':')
		buf = append(buf, n.vals[n.vars[v].val[0]:n.vars[v].val[1]]...)
	}
	return append(buf, '}')
}

// span maps the normalized text from out on to the source from src: byte
// for byte when copy, else every byte to src.
type span struct {
	out, src int
	copy     bool
}

// position maps offsets of the normalized text to locations in the source.
type position struct {
	src       string
	spans     []span
	lines     lineIndex // of src
	textLines lineIndex // of the normalized text
	last      int       // the span of the last offset located
}

// location returns the source location of the offset off of the
// normalized text. Offsets are usually asked for in order (a compiled
// operation's fields): the span of the last one, or the next, is tried
// before a search.
func (p *position) location(off int) shape.Location {
	i := p.last
	switch {
	case p.within(i, off):
	case p.within(i+1, off):
		i++
	default:
		i = sort.Search(len(p.spans), func(i int) bool { return p.spans[i].out > off }) - 1
	}
	p.last = max(i, 0)
	src := off
	if i >= 0 {
		src = p.spans[i].src
		if p.spans[i].copy {
			src += off - p.spans[i].out
		}
	}
	return p.lines.location(p.src, src)
}

// within reports whether the offset off of the normalized text is in the
// span i.
func (p *position) within(i, off int) bool {
	return i < len(p.spans) && p.spans[i].out <= off && (i+1 == len(p.spans) || p.spans[i+1].out > off)
}

// lineIndex finds the line and column of byte offsets of a text: lines end
// at \n, \r\n or \r; columns count characters, from 1.
type lineIndex struct {
	starts []int // built on first use
	// The last location found, to count columns from on a long line, and
	// its line (index in starts), where the next offset usually is.
	lastOff, lastCol, lastLine int
}

func (l *lineIndex) location(s string, off int) shape.Location {
	if l.starts == nil {
		l.starts = append(l.starts, 0)
		if strings.IndexByte(s, '\r') < 0 { // the usual text: search line feeds only
			for i := strings.IndexByte(s, '\n'); i >= 0; {
				l.starts = append(l.starts, i+1)
				j := strings.IndexByte(s[i+1:], '\n')
				if j < 0 {
					break
				}
				i += 1 + j
			}
		} else {
			for i := 0; i < len(s); i++ {
				switch s[i] {
				case '\n':
					l.starts = append(l.starts, i+1)
				case '\r':
					if i+1 < len(s) && s[i+1] == '\n' {
						i++
					}
					l.starts = append(l.starts, i+1)
				}
			}
		}
		l.lastOff = -1
	}
	off = min(off, len(s))
	line := l.lastLine
	if !l.on(line, off) {
		if line++; !l.on(line, off) {
			line = sort.SearchInts(l.starts, off+1) - 1
		}
	}
	l.lastLine = line
	start := l.starts[line]
	from, col := start, 1
	if l.lastOff >= start && l.lastOff <= off {
		from, col = l.lastOff, l.lastCol
	}
	col += utf8.RuneCountInString(s[from:off])
	l.lastOff, l.lastCol = off, col
	return shape.Location{Line: line + 1, Column: col}
}

// on reports whether the offset off is on the line of index line.
func (l *lineIndex) on(line, off int) bool {
	return line < len(l.starts) && l.starts[line] <= off && (line+1 == len(l.starts) || off < l.starts[line+1])
}

// offset returns the byte offset of a line and column (as gqlparser counts
// them in text without carriage returns) in s.
func (l *lineIndex) offset(s string, line, col int) int {
	l.location(s, 0) // build the index
	if line < 1 || line > len(l.starts) {
		return len(s)
	}
	i := l.starts[line-1]
	for ; col > 1 && i < len(s); col-- {
		_, w := utf8.DecodeRuneInString(s[i:])
		i += w
	}
	return i
}

// holeSpace is 1 where the source goes on right after a literal with a
// name character (`p:{id:0}A:""`): the variable's name would run into it,
// so a space follows the variable; 0 otherwise.
func (n *normalizer) holeSpace(sg segment) int {
	if sg.c < len(n.src) {
		switch c := n.src[sg.c]; {
		case c == '_', '0' <= c && c <= '9', 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
			return 1
		}
	}
	return 0
}
