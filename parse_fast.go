package graft

import "github.com/graftjson/graft/internal/wire"

// The vectorized parse: wire.Compact (stage one) writes the compact text of
// the input to the arena 64 bytes at a time, checks its UTF-8 and strings,
// and lists where every string ends; parseCompact (stage two) then walks
// the compact text once, checking the grammar and building the nodes. It
// never scans a string or skips whitespace, which is where the scalar
// parser spends its time. Where either stage finds the input is not JSON,
// Append parses it again with the scalar parser, which finds the error and
// reports it exactly; so both paths accept the same inputs and fail with
// the same errors.

// minFastInput is the smallest input worth the vectorized parse: below it
// the fixed cost of stage one exceeds what it saves. Tests lower it to run
// every input through both parsers.
var minFastInput = 128

// useFast: the machine has the stage-one kernel. Tests turn it off to run
// the scalar parser alone.
var useFast = wire.HasCompact()

// appendFast is Append's vectorized path. It reports false when the input
// is not JSON or exceeds a limit, leaving the arena as it was; the caller
// then runs the scalar parser.
func (d *Doc) appendFast(src []byte) (uint32, bool) {
	base, nodeBase, auxBase := len(d.buf), len(d.nodes), len(d.aux)
	buf, ends, res := wire.Compact(d.buf, d.ends[:0], src, d.opts.mode())
	d.buf, d.ends = buf, ends
	if res.OK {
		if root, ok := d.parseCompact(base, res.Values); ok {
			return root, true
		}
	}
	d.buf = d.buf[:base]
	d.nodes = d.nodes[:nodeBase]
	d.aux = d.aux[:auxBase]
	return 0, false
}

// parseCompact builds the nodes of the compact text d.buf[base:], whose
// string ends are d.ends and which holds at most values values.
func (d *Doc) parseCompact(base, values int) (uint32, bool) {
	var (
		s        = d.buf[base:]
		ends     = d.ends
		nodes    = d.nodes
		stack    = d.stack[:0]
		mode     = d.opts.mode()
		maxDepth = d.opts.MaxDepth
		dups     = d.opts.RejectDuplicateNames
		delta    = uint32(base)
		root     = uint32(len(nodes))
		cur      frame
		i, e     int // position in s, next entry of ends
	)
	if len(nodes)+values > d.opts.MaxNodes+1 {
		return 0, false
	}
	if need := len(nodes) + values; need > cap(nodes) {
		nn := make([]node, len(nodes), max(need, cap(nodes)+cap(nodes)/4))
		copy(nn, nodes)
		nodes = nn
	}

value:
	for {
		if cur.obj { // a member name, then ':'
			if i >= len(s) || s[i] != '"' || e >= len(ends) {
				return 0, false
			}
			end := ends[e]
			e++
			q := int(end &^ wire.EscapedEnd)
			if q+1-i > maxNameLen {
				return 0, false
			}
			meta := uint32(String) | flagParsed | flagName | uint32(q+1-i)<<payloadShift
			if end&wire.EscapedEnd != 0 {
				if !wire.ValidEscapes(s[i+1:q], mode) {
					return 0, false
				}
				meta |= flagEscaped
			}
			k := uint32(len(nodes))
			nodes = nodes[:k+1]
			nodes[k] = node{meta: meta, off: uint32(i) + delta, child: k + 1}
			if cur.last == 0 {
				nodes[cur.node].child = k
			} else {
				nodes[cur.last].next = k
			}
			cur.last = k
			i = q + 1
			if i >= len(s) || s[i] != ':' {
				return 0, false
			}
			i++
		}

		if i >= len(s) {
			return 0, false
		}
		idx := uint32(len(nodes))
		if int(idx) >= cap(nodes) {
			return 0, false
		}
		nodes = nodes[:idx+1]
		if cur.array {
			if cur.last == 0 {
				nodes[cur.node].child = idx
			} else {
				nodes[cur.last].next = idx
			}
			cur.last = idx
		}
		n := &nodes[idx]
		switch c := s[i]; c {
		case '"':
			if e >= len(ends) {
				return 0, false
			}
			end := ends[e]
			e++
			q := int(end &^ wire.EscapedEnd)
			meta := uint32(String) | flagParsed
			if end&wire.EscapedEnd != 0 {
				if !wire.ValidEscapes(s[i+1:q], mode) {
					return 0, false
				}
				meta |= flagEscaped
			}
			*n = node{meta: meta, off: uint32(i) + delta, child: uint32(q + 1 - i)}
			i = q + 1
		case '{', '[':
			kind := uint32(Object)
			if c == '[' {
				kind = uint32(Array)
			}
			if len(d.aux) >= maxAux {
				return 0, false
			}
			d.aux = append(d.aux, aux{})
			*n = node{meta: kind | flagSpan | flagParsed | uint32(len(d.aux)-1)<<payloadShift, off: uint32(i) + delta}
			if len(stack) >= maxDepth {
				return 0, false
			}
			stack = append(stack, cur)
			cur = frame{node: idx, array: c == '[', obj: c == '{'}
			i++
			if i >= len(s) || s[i] != c+2 { // '{'+2 == '}', '['+2 == ']'
				continue value
			}
		case 't':
			if i+4 > len(s) || string(s[i:i+4]) != "true" {
				return 0, false
			}
			*n = node{meta: uint32(Bool) | flagTrue | flagParsed, off: uint32(i) + delta, child: 4}
			i += 4
		case 'f':
			if i+5 > len(s) || string(s[i:i+5]) != "false" {
				return 0, false
			}
			*n = node{meta: uint32(Bool) | flagParsed, off: uint32(i) + delta, child: 5}
			i += 5
		case 'n':
			if i+4 > len(s) || string(s[i:i+4]) != "null" {
				return 0, false
			}
			*n = node{meta: uint32(Null) | flagParsed, off: uint32(i) + delta, child: 4}
			i += 4
		default:
			if c != '-' && c-'0' >= 10 {
				return 0, false
			}
			end, code := wire.ScanNumber(s, i)
			if code != wire.OK {
				return 0, false
			}
			*n = node{meta: uint32(Number) | flagParsed, off: uint32(i) + delta, child: uint32(end - i)}
			i = end
		}

		// After a value: a comma, the end of the container, or the end.
		for cur.node != 0 {
			if i >= len(s) {
				return 0, false
			}
			c := s[i]
			if c == ',' {
				i++
				continue value
			}
			if c != '}' && c != ']' || (c == ']') != cur.array {
				return 0, false
			}
			i++
			cn := &nodes[cur.node]
			d.aux[cn.payload()].span = uint32(i) + delta - cn.off
			if cur.obj && dups && d.duplicateName(nodes, d.buf, cur.node) != 0 {
				return 0, false
			}
			cur = stack[len(stack)-1]
			stack = stack[:len(stack)-1]
		}
		break
	}
	if i != len(s) || e != len(ends) {
		return 0, false
	}
	d.nodes, d.stack = nodes, stack[:0]
	return root, true
}
