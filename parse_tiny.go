package graft

// The tiny parse. An upstream answer of a few dozen bytes is often an
// object in compact form: {"id":1,"name":"x"}, or a small entity batch,
// {"data":{"_entities":[{"stock":8},{"stock":2}]}}. For such an input the
// fixed costs of the scalar parser (its state, the checks of whitespace,
// limits and growth at every token, the copy of the text piece by piece)
// are most of its work. appendTiny takes only that shape (a flat object
// in one pass, one that nests in appendNested's) and leaves every other
// input, and every error, to parse: it builds the same nodes,
// entries and text as parse, node for node (TestTinyParseSameArena and
// FuzzTinyParse compare the two).

// maxTinyInput is the longest input appendTiny takes.
const maxTinyInput = 64

// maxTinyDepth bounds the nesting of an input of maxTinyInput bytes: each
// level takes an opener and a closer.
const maxTinyDepth = maxTinyInput / 2

// appendTiny appends src if it is a flat object in compact form (no
// whitespace) of at most maxTinyInput bytes whose names and string values
// are printable ASCII without escapes and whose other values are integers
// (no fraction or exponent), true, false or null, and the Doc has room
// for it (an object holding objects or arrays, or an array, goes to
// appendNested): the text, nodes and container entry it needs within their
// capacity, and far from the limits of Options. It returns the root and
// true, or false with the Doc holding the same values (Append goes on as
// for any input: the checks it makes first pass here or fail in it).
func (d *Doc) appendTiny(src []byte) (uint32, bool) {
	n := len(src)
	// A flat object ends with a scalar: one that ends with a closer ('}'
	// or ']', which differ in bit 0x20 alone) nests.
	if n < 2 || n > maxTinyInput || src[0] != '{' || src[n-1] != '}' || src[n-2]&^0x20 == ']' {
		if n >= 2 && n <= maxTinyInput {
			return d.appendNested(src)
		}
		return 0, false
	}
	o := d.options()
	if n > o.MaxBytes || len(d.buf)+n > MaxArenaBytes || o.RejectDuplicateNames ||
		len(d.nodes)+n > o.MaxNodes || len(d.aux) >= maxAux {
		return 0, false
	}
	// The first node, and room, are made as Append and parse make them,
	// and kept if the input is not taken, as they keep them; room for at
	// most n/2+1 nodes: the object and two per member, each member taking
	// at least four bytes and a comma.
	if len(d.nodes) == 0 || cap(d.buf)-len(d.buf) < n || cap(d.nodes)-len(d.nodes) < n/2+1 || len(d.aux) == cap(d.aux) {
		d.tinyRoom(n)
	}
	base := uint32(len(d.buf))
	nodes := d.nodes
	root := uint32(len(nodes))
	nodes = pushNode(nodes, uint32(Object)|flagSpan|flagParsed|uint32(len(d.aux))<<payloadShift, base, root+1)
	last := root // the last name; the object's next holds the first until the end, as in parse
	if n == 2 {
		nodes[root].child = 0
	}
	for i := 1; n > 2; i++ {
		// A member name.
		if src[i] != '"' {
			return 0, false
		}
		j := tinyString(src, i)
		if j < 0 || j >= n || src[j] != ':' {
			return 0, false
		}
		k := uint32(len(nodes))
		nodes = pushNode(nodes, uint32(String)|flagParsed|flagName|uint32(j-i)<<payloadShift, base+uint32(i), k+1)
		nodes[last].next = k
		last = k
		// Its value.
		i = j + 1
		// The switch of tinyNest again: as a function shared by both it
		// is not inlined, and the calls cost S1 143 instructions an op
		// (callgrind, 5,216 before).
		start, meta := i, uint32(0)
		switch c := src[i]; {
		case c == '"':
			i, meta = tinyString(src, i), uint32(String)|flagParsed
		case c-'0' < 10 && (src[i+1] == ',' || src[i+1] == '}'):
			i, meta = i+1, uint32(Number)|flagParsed // one digit: i+1 < n, src ends with '}'
		case c-'0' < 10 || c == '-':
			i, meta = tinyInteger(src, i), uint32(Number)|flagParsed
		case c == 't':
			i, meta = tinyLiteral(src, i, "true"), uint32(Bool)|flagTrue|flagParsed
		case c == 'f':
			i, meta = tinyLiteral(src, i, "false"), uint32(Bool)|flagParsed
		case c == 'n':
			i, meta = tinyLiteral(src, i, "null"), uint32(Null)|flagParsed
		case c == '{' || c == '[':
			goto nested
		default:
			return 0, false
		}
		if i < 0 || i >= n {
			return 0, false
		}
		nodes = pushNode(nodes, meta, base+uint32(start), uint32(i-start))
		// A comma and the next member, or the closer that ends src.
		if i == n-1 {
			break
		}
		if src[i] != ',' {
			return 0, false
		}
	}
	nodes[root].next = 0
	d.aux = append(d.aux, aux{span: uint32(n), last: uint32(len(nodes) - 1)})
	d.buf = append(d.buf, src...)
	d.nodes = nodes
	return root, true
nested:
	return d.appendNested(src)
}

// appendNested is appendTiny for an object or array in compact form (no
// whitespace) of at most maxTinyInput bytes whose names and string values
// are printable ASCII without escapes and whose other values are objects
// and arrays of the same kind, integers (no fraction or exponent), true,
// false or null, and the Doc has room for it: the text, nodes and
// container entries it needs within their capacity, and far from the
// limits of Options. It returns the root and true, or false with the Doc
// holding the same values (Append goes on as for any input: the checks it
// makes first pass here or fail in it). Each container is read by a call
// of tinyNest of its own, at most maxTinyDepth deep.
func (d *Doc) appendNested(src []byte) (uint32, bool) {
	n := len(src)
	if n < 2 || n > maxTinyInput || src[0] != '{' && src[0] != '[' || src[n-1] != '}' && src[n-1] != ']' {
		return 0, false
	}
	o := d.options()
	if n > o.MaxBytes || len(d.buf)+n > MaxArenaBytes || o.RejectDuplicateNames || o.MaxDepth < maxTinyDepth ||
		len(d.nodes)+n > o.MaxNodes || len(d.aux)+n/2 >= maxAux {
		return 0, false
	}
	// The first node, and room, are made as Append and parse make them,
	// and kept if the input is not taken, as they keep them: room for the
	// n/2+1 nodes and n/2 containers a valid input has at most, each node
	// but the root taking at least two bytes (a value and its comma or
	// closer; a name and its colon; an opener and its closer). Unclosed
	// openers take one byte each: an input that runs out of room is not
	// valid, and left to parse.
	if len(d.nodes) == 0 || cap(d.buf)-len(d.buf) < n || cap(d.nodes)-len(d.nodes) < n/2+1 || cap(d.aux)-len(d.aux) < n/2 {
		d.tinyRoom(n)
	}
	root, auxBase := len(d.nodes), len(d.aux)
	if d.tinyNest(src, 0, uint32(len(d.buf)), 0) != n {
		d.nodes, d.aux = d.nodes[:root], d.aux[:auxBase]
		return 0, false
	}
	d.buf = append(d.buf, src...)
	return uint32(root), true
}

// tinyNest appends the nodes of the object or array that opens at src[i],
// whose text goes at offset base+i, and of everything in it, within the
// capacity of d.nodes and d.aux, and returns the index after its closer,
// or -1 if it is not of appendNested's kind. depth is the number of
// containers around it. It links the nodes as parse links them (see
// parse): a container's next holds its first child until it closes, then
// 0; an array's items and an object's names are linked by next; a name's
// child is its value.
func (d *Doc) tinyNest(src []byte, i int, base uint32, depth int) int {
	if depth == maxTinyDepth || len(d.nodes) == cap(d.nodes) || len(d.aux) == cap(d.aux) {
		return -1 // nested deeper than src can close, or unclosed openers took the room
	}
	c := src[i] // '{' or '['
	kind := uint32(Object)
	if c == '[' {
		kind = uint32(Array)
	}
	k := uint32(len(d.nodes))
	d.nodes = pushNode(d.nodes, kind|flagSpan|flagParsed|uint32(len(d.aux))<<payloadShift, base+uint32(i), k+1)
	d.aux = append(d.aux, aux{})
	last := k          // the last item or name, or the container until there is one
	i++                // an opener is not src's last byte
	if src[i] == c+2 { // '{'+2 == '}', '['+2 == ']'
		d.nodes[k].child = 0
	} else {
		for {
			if c == '{' { // a member's name and colon
				j := -1
				if src[i] == '"' {
					j = tinyString(src, i)
				}
				if j < 0 || j >= len(src) || src[j] != ':' || len(d.nodes) == cap(d.nodes) {
					return -1
				}
				m := uint32(len(d.nodes))
				d.nodes = pushNode(d.nodes, uint32(String)|flagParsed|flagName|uint32(j-i)<<payloadShift, base+uint32(i), m+1)
				d.nodes[last].next = m
				last = m
				i = j + 1 // before src's closer
			}
			v := uint32(len(d.nodes))
			if c == '[' {
				d.nodes[last].next = v // as parse links an item: before a container's own items
				last = v
			}
			if ch := src[i]; ch == '{' || ch == '[' {
				if i = d.tinyNest(src, i, base, depth+1); i < 0 || i >= len(src) {
					return -1
				}
			} else {
				if int(v) == cap(d.nodes) {
					return -1
				}
				start, meta := i, uint32(0)
				switch {
				case ch == '"':
					i, meta = tinyString(src, i), uint32(String)|flagParsed
				case ch-'0' < 10 && (src[i+1] == ',' || src[i+1] == '}' || src[i+1] == ']'):
					i, meta = i+1, uint32(Number)|flagParsed // one digit: i+1 < len(src), src ends with a closer
				case ch-'0' < 10 || ch == '-':
					i, meta = tinyInteger(src, i), uint32(Number)|flagParsed
				case ch == 't':
					i, meta = tinyLiteral(src, i, "true"), uint32(Bool)|flagTrue|flagParsed
				case ch == 'f':
					i, meta = tinyLiteral(src, i, "false"), uint32(Bool)|flagParsed
				case ch == 'n':
					i, meta = tinyLiteral(src, i, "null"), uint32(Null)|flagParsed
				default:
					return -1
				}
				if i < 0 || i >= len(src) {
					return -1
				}
				d.nodes = pushNode(d.nodes, meta, base+uint32(start), uint32(i-start))
			}
			if src[i] != ',' {
				break
			}
			i++ // a comma is not src's last byte
		}
		if src[i] != c+2 {
			return -1
		}
	}
	i++
	cn := &d.nodes[k]
	cn.next = 0
	d.aux[cn.payload()] = aux{span: base + uint32(i) - cn.off, last: uint32(len(d.nodes) - 1)}
	return i
}

// tinyRoom makes the first node and room for an input of n bytes taken
// by appendTiny.
func (d *Doc) tinyRoom(n int) {
	if len(d.nodes) == 0 {
		d.firstNode()
	}
	if cap(d.buf)-len(d.buf) < n {
		d.buf = growBytes(d.buf, n)
	}
	if cap(d.nodes)-len(d.nodes) < n/2+1 {
		d.nodes = reserve(d.nodes, max(n/2+1, growth(len(d.nodes), 0, 0, n)), 0)
	}
	if cap(d.aux)-len(d.aux) < n/2 {
		d.aux = reserve(d.aux, max(n/2, growth(len(d.aux), 0, 0, n)), 0)
	}
}

// tinyString returns the end of the string starting with the quote at
// src[i] if it holds printable ASCII only (no escape), or -1.
func tinyString(src []byte, i int) int {
	for i++; i < len(src); i++ {
		switch c := src[i]; {
		case c == '"':
			return i + 1
		case c < ' ' || c >= 0x80 || c == '\\':
			return -1
		}
	}
	return -1
}

// tinyInteger returns the end of the integer starting at src[i] (a minus
// sign, then 0 or digits not starting with 0), or -1 if there is none or
// it goes on as a fraction or an exponent or with a digit after a 0.
func tinyInteger(src []byte, i int) int {
	if src[i] == '-' {
		i++
	}
	switch {
	case i >= len(src):
		return -1
	case src[i] == '0':
		i++
	case src[i]-'1' < 9:
		for i++; i < len(src) && src[i]-'0' < 10; i++ {
		}
	default:
		return -1
	}
	if i < len(src) && (src[i]-'0' < 10 || src[i] == '.' || src[i]|0x20 == 'e') {
		return -1
	}
	return i
}

// tinyLiteral returns the end of literal lit at src[i], or -1.
func tinyLiteral(src []byte, i int, lit string) int {
	if len(src)-i < len(lit) || string(src[i:i+len(lit)]) != lit {
		return -1
	}
	return i + len(lit)
}
