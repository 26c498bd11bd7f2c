package graft_test

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/graftjson/graft"
)

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
