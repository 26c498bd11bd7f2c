package graft_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/graftjson/graft"
)

// Reference implementations of the JSON transforms on encoding/json
// values, written from the RFCs and nothing else: the yardsticks of the
// table and fuzz tests. Objects are maps, so member order is not compared
// and a duplicate name counts once, with its last value, which is how graft
// reads duplicates too; only a merge patch keeps its members in order.

// decodeJSON decodes one JSON text with numbers as json.Number.
func decodeJSON(b []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, io.ErrUnexpectedEOF
	}
	return v, nil
}

// sameJSON reports whether two JSON texts hold equal values.
func sameJSON(tb testing.TB, a, b string) bool {
	tb.Helper()
	va, err := decodeJSON([]byte(a))
	if err != nil {
		tb.Fatalf("not JSON: %s: %v", clip(a), err)
	}
	vb, err := decodeJSON([]byte(b))
	if err != nil {
		tb.Fatalf("not JSON: %s: %v", clip(b), err)
	}
	var r jref
	eq := r.equal(va, vb)
	if r.unsure {
		tb.Fatalf("cannot compare %s and %s exactly", clip(a), clip(b))
	}
	return eq
}

// jref holds the state of one reference computation. unsure is set when
// it met something it cannot decide cheaply (a number with a huge
// exponent, a document grown too large); callers then skip the case.
type jref struct {
	unsure bool
}

// equal compares two decoded values; numbers by exact value.
func (r *jref) equal(a, b any) bool {
	switch a := a.(type) {
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, v := range a {
			w, ok := b[k]
			if !ok || !r.equal(v, w) {
				return false
			}
		}
		return true
	case []any:
		b, ok := b.([]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for i := range a {
			if !r.equal(a[i], b[i]) {
				return false
			}
		}
		return true
	case json.Number:
		b, ok := b.(json.Number)
		if !ok {
			return false
		}
		if a == b {
			return true
		}
		if hugeExponent(string(a)) || hugeExponent(string(b)) {
			r.unsure = true
			return false
		}
		x, _ := new(big.Rat).SetString(string(a))
		y, _ := new(big.Rat).SetString(string(b))
		return x.Cmp(y) == 0
	}
	return a == b
}

// hugeExponent reports whether a number's exponent is too large for an
// exact big.Rat.
func hugeExponent(n string) bool {
	i := strings.IndexAny(n, "eE")
	if i < 0 {
		return len(n) > 1000
	}
	e := strings.TrimLeft(strings.TrimLeft(n[i+1:], "+-"), "0")
	return len(e) > 3 || len(n) > 1000
}

// size counts the values in v.
func size(v any) int {
	n := 1
	switch v := v.(type) {
	case map[string]any:
		for _, w := range v {
			n += size(w)
		}
	case []any:
		for _, w := range v {
			n += size(w)
		}
	}
	return n
}

func deepCopy(v any) any {
	switch v := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(v))
		for k, w := range v {
			m[k] = deepCopy(w)
		}
		return m
	case []any:
		s := make([]any, len(v))
		for i, w := range v {
			s[i] = deepCopy(w)
		}
		return s
	}
	return v
}

// refPointer splits a JSON Pointer into its decoded tokens (RFC 6901).
func refPointer(p string) ([]string, bool) {
	if p == "" {
		return []string{}, true
	}
	if p[0] != '/' {
		return nil, false
	}
	toks := strings.Split(p[1:], "/")
	for i, t := range toks {
		for j := 0; j < len(t); j++ {
			if t[j] == '~' && (j+1 == len(t) || t[j+1] != '0' && t[j+1] != '1') {
				return nil, false
			}
		}
		toks[i] = strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
	}
	return toks, true
}

// refIndex parses an array index token (0, or digits without a leading
// zero) and reports whether it is below n. The arrays of the tests are
// short: an index of more than nine digits is past their end.
func refIndex(tok string, n int) (int, bool) {
	if tok == "" || len(tok) > 1 && tok[0] == '0' || len(tok) > 9 {
		return 0, false
	}
	i := 0
	for _, c := range tok {
		if c < '0' || c > '9' {
			return 0, false
		}
		i = i*10 + int(c-'0')
	}
	return i, i < n
}

// get returns the value at toks.
func get(doc any, toks []string) (any, bool) {
	for _, t := range toks {
		switch c := doc.(type) {
		case map[string]any:
			v, ok := c[t]
			if !ok {
				return nil, false
			}
			doc = v
		case []any:
			i, ok := refIndex(t, len(c))
			if !ok {
				return nil, false
			}
			doc = c[i]
		default:
			return nil, false
		}
	}
	return doc, true
}

// edit applies fn to the parent of toks (non-empty) and its last token,
// and returns the document with the parent fn returned in its place.
func edit(doc any, toks []string, fn func(parent any, tok string) (any, bool)) (any, bool) {
	if len(toks) == 1 {
		return fn(doc, toks[0])
	}
	switch c := doc.(type) {
	case map[string]any:
		v, ok := c[toks[0]]
		if !ok {
			return nil, false
		}
		if c[toks[0]], ok = edit(v, toks[1:], fn); !ok {
			return nil, false
		}
		return c, true
	case []any:
		i, ok := refIndex(toks[0], len(c))
		if !ok {
			return nil, false
		}
		if c[i], ok = edit(c[i], toks[1:], fn); !ok {
			return nil, false
		}
		return c, true
	}
	return nil, false
}

func refAdd(doc any, toks []string, v any) (any, bool) {
	if len(toks) == 0 {
		return v, true
	}
	return edit(doc, toks, func(parent any, tok string) (any, bool) {
		switch c := parent.(type) {
		case map[string]any:
			c[tok] = v
			return c, true
		case []any:
			if tok == "-" {
				return append(c, v), true
			}
			i, ok := refIndex(tok, len(c)+1)
			if !ok {
				return nil, false
			}
			return slices.Insert(c, i, v), true
		}
		return nil, false
	})
}

func refRemove(doc any, toks []string) (any, any, bool) {
	if len(toks) == 0 {
		return nil, nil, false
	}
	var removed any
	doc, ok := edit(doc, toks, func(parent any, tok string) (any, bool) {
		switch c := parent.(type) {
		case map[string]any:
			v, ok := c[tok]
			if !ok {
				return nil, false
			}
			removed = v
			delete(c, tok)
			return c, true
		case []any:
			i, ok := refIndex(tok, len(c))
			if !ok {
				return nil, false
			}
			removed = c[i]
			return slices.Delete(c, i, i+1), true
		}
		return nil, false
	})
	return doc, removed, ok
}

// patch applies a JSON Patch (RFC 6902) to doc and reports whether it
// succeeded. The document may be changed even when it fails.
func (r *jref) patch(doc any, ops []byte) (any, bool) {
	var list []json.RawMessage
	if ops = bytes.TrimLeft(ops, " \t\r\n"); len(ops) == 0 || ops[0] != '[' || json.Unmarshal(ops, &list) != nil {
		return nil, false
	}
	for _, raw := range list {
		if twice(raw, "op", "path", "from", "value") {
			return nil, false
		}
		op, err := decodeJSON(raw)
		if err != nil {
			return nil, false
		}
		m, ok := op.(map[string]any)
		if !ok {
			return nil, false
		}
		path, ok := pointerMember(m, "path")
		if !ok {
			return nil, false
		}
		value, hasValue := m["value"]
		switch m["op"] {
		case "add":
			if !hasValue {
				return nil, false
			}
			doc, ok = refAdd(doc, path, value)
		case "remove":
			doc, _, ok = refRemove(doc, path)
		case "replace":
			if _, ok = get(doc, path); !ok || !hasValue {
				return nil, false
			}
			if doc, _, ok = refRemove(doc, path); ok || len(path) == 0 {
				doc, ok = refAdd(doc, path, value)
			}
		case "move", "copy":
			from, fromOK := pointerMember(m, "from")
			if !fromOK {
				return nil, false
			}
			var v any
			if v, ok = get(doc, from); !ok {
				return nil, false
			}
			if m["op"] == "copy" {
				v = deepCopy(v)
			} else if len(path) > len(from) && slices.Equal(path[:len(from)], from) {
				return nil, false // into its own child
			} else if slices.Equal(path, from) {
				continue
			} else {
				doc, _, _ = refRemove(doc, from)
			}
			if doc, ok = refAdd(doc, path, v); ok && size(doc) > 20000 {
				r.unsure = true
				return nil, false
			}
		case "test":
			var v any
			if v, ok = get(doc, path); !ok || !hasValue || !r.equal(v, value) {
				return nil, false
			}
		default:
			return nil, false
		}
		if !ok {
			return nil, false
		}
	}
	return doc, true
}

func pointerMember(op map[string]any, name string) ([]string, bool) {
	s, ok := op[name].(string)
	if !ok {
		return nil, false
	}
	return refPointer(s)
}

// twice reports whether the JSON object text raw has one of names as a
// member more than once.
func twice(raw []byte, names ...string) bool {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return false
	}
	seen := map[string]bool{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return false
		}
		name := t.(string)
		if slices.Contains(names, name) {
			if seen[name] {
				return true
			}
			seen[name] = true
		}
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			return false
		}
	}
	return false
}

// mergePatch applies a JSON Merge Patch: the algorithm of RFC 7396,
// section 2. The patch comes from decodeMembers, so that its members apply
// one after another, as the RFC has them, duplicates included.
func mergePatch(target, patch any) any {
	if _, ok := patch.(map[string]any); ok {
		panic("mergePatch: decode the patch with decodeMembers")
	}
	p, ok := patch.(members)
	if !ok {
		return lastWins(patch)
	}
	t, ok := target.(map[string]any)
	if !ok {
		t = map[string]any{}
	}
	for _, m := range p {
		if m.value == nil {
			delete(t, m.name)
		} else {
			t[m.name] = mergePatch(t[m.name], m.value)
		}
	}
	return t
}

// members is an object as decodeMembers reads it: its members in order.
type members []member

type member struct {
	name  string
	value any
}

// decodeMembers decodes one JSON text as decodeJSON does, but for objects,
// which are members values.
func decodeMembers(b []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	v, err := readMembers(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, io.ErrUnexpectedEOF
	}
	return v, nil
}

func readMembers(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch tok {
	case json.Delim('{'):
		o := members{}
		for dec.More() {
			name, err := dec.Token()
			if err != nil {
				return nil, err
			}
			v, err := readMembers(dec)
			if err != nil {
				return nil, err
			}
			o = append(o, member{name.(string), v})
		}
		_, err = dec.Token()
		return o, err
	case json.Delim('['):
		a := []any{}
		for dec.More() {
			v, err := readMembers(dec)
			if err != nil {
				return nil, err
			}
			a = append(a, v)
		}
		_, err = dec.Token()
		return a, err
	}
	return tok, nil
}

// lastWins turns what decodeMembers returned into what decodeJSON returns:
// the last member of a name counts.
func lastWins(v any) any {
	switch v := v.(type) {
	case members:
		m := make(map[string]any, len(v))
		for _, e := range v {
			m[e.name] = lastWins(e.value)
		}
		return m
	case []any:
		for i := range v {
			v[i] = lastWins(v[i])
		}
	}
	return v
}

// refCanonical returns the RFC 8785 form of the JSON text b, or ok false
// if it has none: an object with two members of the same name, or a
// number beyond the float64 range. Sections 3.2.2 (strings: only the
// quote, the backslash and control characters escaped, the short forms
// where they exist, else \u00xx in lower case), 3.2.3 (members sorted by
// the UTF-16 code units of their names) and 3.2.4 (UTF-8 out, no
// normalization). b must be valid UTF-8 without lone surrogate escapes,
// which encoding/json would read as U+FFFD.
func refCanonical(b []byte) (string, bool) {
	v, err := decodeMembers(b)
	if err != nil {
		return "", false
	}
	var sb strings.Builder
	ok := refCanonicalValue(&sb, v)
	return sb.String(), ok
}

func refCanonicalValue(sb *strings.Builder, v any) bool {
	switch v := v.(type) {
	case members:
		sorted := append(members(nil), v...)
		units := func(s string) []uint16 { return utf16.Encode([]rune(s)) }
		sort.SliceStable(sorted, func(i, j int) bool {
			return slices.Compare(units(sorted[i].name), units(sorted[j].name)) < 0
		})
		sb.WriteByte('{')
		for i, m := range sorted {
			if i > 0 {
				if sorted[i-1].name == m.name {
					return false
				}
				sb.WriteByte(',')
			}
			refCanonicalString(sb, m.name)
			sb.WriteByte(':')
			if !refCanonicalValue(sb, m.value) {
				return false
			}
		}
		sb.WriteByte('}')
	case []any:
		sb.WriteByte('[')
		for i, e := range v {
			if i > 0 {
				sb.WriteByte(',')
			}
			if !refCanonicalValue(sb, e) {
				return false
			}
		}
		sb.WriteByte(']')
	case string:
		refCanonicalString(sb, v)
	case json.Number:
		f, err := strconv.ParseFloat(string(v), 64)
		if err != nil {
			return false
		}
		sb.WriteString(ecmaNumber(f))
	case bool:
		sb.WriteString(strconv.FormatBool(v))
	case nil:
		sb.WriteString("null")
	}
	return true
}

func refCanonicalString(sb *strings.Builder, s string) {
	sb.WriteByte('"')
	for _, c := range s {
		switch c {
		case '"', '\\':
			sb.WriteByte('\\')
			sb.WriteRune(c)
		case '\b':
			sb.WriteString(`\b`)
		case '\t':
			sb.WriteString(`\t`)
		case '\n':
			sb.WriteString(`\n`)
		case '\f':
			sb.WriteString(`\f`)
		case '\r':
			sb.WriteString(`\r`)
		default:
			if c < 0x20 {
				sb.WriteString(`\u00` + strconv.FormatInt(int64(c)|0x100, 16)[1:])
			} else {
				sb.WriteRune(c)
			}
		}
	}
	sb.WriteByte('"')
}

// A reference model of a JSON tree and of the gateway merge, written from
// the documentation (DESIGN.md and the Doc comments) without graft's
// shortcuts: plain Go values, decoded member names, scalars by their text.
// The randomized edit test and FuzzMerge compare graft with it.

type mval struct {
	kind  graft.Kind
	raw   string   // a scalar's text as received or built
	names []string // an object's decoded member names, in order
	vals  []*mval  // an object's member values, or an array's items
}

// modelOf reads the value r of d into a model.
func modelOf(d *graft.Doc, r graft.Ref) *mval {
	m := &mval{kind: d.Kind(r)}
	switch m.kind {
	case graft.Object:
		for k, v := range d.Members(r) {
			name, _ := d.Text(k)
			m.names = append(m.names, name)
			m.vals = append(m.vals, modelOf(d, v))
		}
	case graft.Array:
		for _, v := range d.Items(r) {
			m.vals = append(m.vals, modelOf(d, v))
		}
	default:
		m.raw = string(d.Raw(r))
	}
	return m
}

func (m *mval) clone() *mval {
	c := &mval{kind: m.kind, raw: m.raw, names: append([]string(nil), m.names...)}
	for _, v := range m.vals {
		c.vals = append(c.vals, v.clone())
	}
	return c
}

func (m *mval) last(name string) int {
	for i := len(m.names) - 1; i >= 0; i-- {
		if m.names[i] == name {
			return i
		}
	}
	return -1
}

// matchModel reports the first difference between the value r of d and m.
func matchModel(d *graft.Doc, r graft.Ref, m *mval) error {
	var walk func(r graft.Ref, m *mval, ptr string) error
	walk = func(r graft.Ref, m *mval, ptr string) error {
		if k := d.Kind(r); k != m.kind {
			return fmt.Errorf("at %q: kind %v, model %v", ptr, k, m.kind)
		}
		switch m.kind {
		case graft.Object:
			if n := d.Len(r); n != len(m.vals) {
				return fmt.Errorf("at %q: %d members, model %d", ptr, n, len(m.vals))
			}
			i := 0
			for k, v := range d.Members(r) {
				if name, _ := d.Text(k); name != m.names[i] {
					return fmt.Errorf("at %q: member %d named %q, model %q", ptr, i, name, m.names[i])
				}
				if err := walk(v, m.vals[i], ptr+"/"+escapeToken(m.names[i])); err != nil {
					return err
				}
				i++
			}
		case graft.Array:
			if n := d.Len(r); n != len(m.vals) {
				return fmt.Errorf("at %q: %d items, model %d", ptr, n, len(m.vals))
			}
			for i, v := range d.Items(r) {
				if err := walk(v, m.vals[i], ptr+"/"+strconv.Itoa(i)); err != nil {
					return err
				}
			}
		default:
			if raw := string(d.Raw(r)); raw != m.raw {
				return fmt.Errorf("at %q: %s, model %s", ptr, raw, m.raw)
			}
		}
		return nil
	}
	return walk(r, m, "")
}

// errModelPointer stands for an *Error wrapping ErrPointer in the model.
var errModelPointer = errors.New("model: bad pointer")

// errModelLimit stands for an *Error wrapping ErrLimit in the model: a
// pointer that would create more nested objects than Options.MaxDepth's
// default allows.
var errModelLimit = errors.New("model: pointer creates too many levels")

// modelMerge merges src into dst in place under policy, as DESIGN.md's
// table says. Under ConflictError it returns the pointer of the first
// conflict and ok false; dst is then partly merged (callers clone).
func modelMerge(dst, src *mval, policy graft.Conflict, ptr string) (string, bool) {
	conflict := func() (string, bool) {
		switch policy {
		case graft.ConflictReplace:
			*dst = *src
		case graft.ConflictError:
			return ptr, false
		}
		return "", true
	}
	scalar := func(k graft.Kind) bool { return k != graft.Object && k != graft.Array }
	switch {
	case src.kind == graft.Null:
	case dst.kind == graft.Null:
		*dst = *src
	case dst.kind == graft.Object && src.kind == graft.Object:
		for i, name := range src.names {
			j := dst.last(name)
			if j < 0 {
				dst.names = append(dst.names, name)
				dst.vals = append(dst.vals, src.vals[i])
				continue
			}
			if p, ok := modelMerge(dst.vals[j], src.vals[i], policy, ptr+"/"+escapeToken(name)); !ok {
				return p, false
			}
		}
	case dst.kind == graft.Array && src.kind == graft.Array:
		switch dn, sn := len(dst.vals), len(src.vals); {
		case sn == 0:
		case dn == 0:
			*dst = *src
		case dn != sn:
			return conflict()
		default:
			for i := range dst.vals {
				if p, ok := modelMerge(dst.vals[i], src.vals[i], policy, ptr+"/"+strconv.Itoa(i)); !ok {
					return p, false
				}
			}
		}
	case scalar(dst.kind) && scalar(src.kind):
		if dst.raw != src.raw {
			*dst = *src
		}
	default:
		return conflict()
	}
	return "", true
}

// modelMergeAt is MergeAt on the model: it returns errModelPointer, or
// the pointer of a conflict and ok false.
func modelMergeAt(root *mval, p string, src *mval, policy graft.Conflict) (ptr string, ok bool, err error) {
	if p == "" {
		ptr, ok = modelMerge(root, src, policy, "")
		return ptr, ok, nil
	}
	if p[0] != '/' || !utf8.ValidString(p) {
		return "", false, errModelPointer
	}
	raw := strings.Split(p[1:], "/")
	toks := make([]string, len(raw))
	for i, t := range raw {
		for j := 0; j < len(t); j++ {
			if t[j] == '~' && (j+1 == len(t) || t[j+1] != '0' && t[j+1] != '1') {
				return "", false, errModelPointer
			}
		}
		toks[i] = strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
	}
	prefix := func(n int) string { // the pointer of the first n tokens
		if n == 0 {
			return ""
		}
		return "/" + strings.Join(raw[:n], "/")
	}
	cur, i := root, 0
	for ; i < len(toks); i++ {
		if cur.kind == graft.Array {
			idx := modelIndex(toks[i])
			if idx < 0 || idx >= len(cur.vals) {
				return "", false, errModelPointer
			}
			cur = cur.vals[idx]
			continue
		}
		if cur.kind != graft.Object {
			break
		}
		j := cur.last(toks[i])
		if j < 0 {
			break
		}
		cur = cur.vals[j]
	}
	if i < len(toks) {
		if cur.kind != graft.Object && cur.kind != graft.Null {
			switch policy {
			case graft.ConflictKeep:
				return "", true, nil
			case graft.ConflictError:
				return prefix(i), false, nil
			}
		}
		if len(toks)-i > 1000 {
			return "", false, errModelLimit
		}
		if cur.kind != graft.Object {
			*cur = mval{kind: graft.Object}
		}
		for ; i < len(toks); i++ {
			// A created member is named as NewString names it: bytes of
			// the token that are not UTF-8 become U+FFFD.
			name := string([]rune(toks[i]))
			if i == len(toks)-1 {
				cur.names = append(cur.names, name)
				cur.vals = append(cur.vals, src)
				return "", true, nil
			}
			o := &mval{kind: graft.Object}
			cur.names = append(cur.names, name)
			cur.vals = append(cur.vals, o)
			cur = o
		}
	}
	ptr, ok = modelMerge(cur, src, policy, p)
	return ptr, ok, nil
}

// modelIndex reads an array index token as RFC 6901 defines it: decimal
// digits, no leading zero; -1 for anything else ("-" included).
func modelIndex(tok string) int {
	if tok == "" || len(tok) > 1 && tok[0] == '0' || len(tok) > 18 {
		return -1
	}
	n, err := strconv.Atoi(tok)
	if err != nil || n < 0 || strings.ContainsAny(tok, "+-") {
		return -1
	}
	return n
}

// refValue is a reference tree of an input: members kept in order with
// duplicates, scalars as compact text.
type refValue struct {
	names []string
	kids  []*refValue
	arr   bool
	obj   bool
	text  string
}

func (v *refValue) print(b *strings.Builder) {
	switch {
	case v.obj:
		b.WriteByte('{')
		for i, k := range v.kids {
			if i > 0 {
				b.WriteByte(',')
			}
			q, _ := json.Marshal(v.names[i])
			b.Write(q)
			b.WriteByte(':')
			k.print(b)
		}
		b.WriteByte('}')
	case v.arr:
		b.WriteByte('[')
		for i, k := range v.kids {
			if i > 0 {
				b.WriteByte(',')
			}
			k.print(b)
		}
		b.WriteByte(']')
	default:
		b.WriteString(v.text)
	}
}

// refFind evaluates RFC 6901 tokens on v: the last member of a name, an
// index without leading zeros below the length.
func refFind(v *refValue, toks []string) *refValue {
	for _, tok := range toks {
		switch {
		case v.obj:
			var hit *refValue
			for i, n := range v.names {
				if n == tok {
					hit = v.kids[i]
				}
			}
			if hit == nil {
				return nil
			}
			v = hit
		case v.arr:
			if tok == "" || len(tok) > 1 && tok[0] == '0' {
				return nil
			}
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(v.kids) || strings.ContainsAny(tok, "+-") {
				return nil
			}
			v = v.kids[i]
		default:
			return nil
		}
	}
	return v
}

var pointerNames = []string{"a", "b", "~", "/", "~1", "~0", "0", "1", "-", "", "é", "a/b", "01", "10"}

func randRefValue(rng *rand.Rand, depth int) *refValue {
	switch k := rng.IntN(6); {
	case depth > 3 || k < 2:
		return &refValue{text: []string{"1", `"x"`, "null", "true", "-0.5e3"}[rng.IntN(5)]}
	case k < 4:
		v := &refValue{obj: true}
		for i := rng.IntN(5); i > 0; i-- {
			v.names = append(v.names, pointerNames[rng.IntN(len(pointerNames))])
			v.kids = append(v.kids, randRefValue(rng, depth+1))
		}
		return v
	default:
		v := &refValue{arr: true}
		for i := rng.IntN(12); i > 0; i-- {
			v.kids = append(v.kids, randRefValue(rng, depth+1))
		}
		return v
	}
}
