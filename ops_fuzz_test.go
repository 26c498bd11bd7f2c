package graft_test

import (
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/graftjson/graft"
)

// Edit sequences against a model: runOps reads a document and then a
// sequence of edits (Set, Delete, item edits, Copy, Merge, MergeAt,
// MergeEach under each conflict policy; shared values, duplicate and
// escaped names, indices at and past the ends) from fuzz bytes, applies
// each to the Doc and to a model of pointer-shared values (mval, see
// model_test.go), and after every step checks that the two agree, that
// printing agrees with a walk of the tree, and that a failed merge changed
// nothing.

// bsrc hands out the fuzz bytes one at a time, then zeros.
type bsrc struct {
	b []byte
	i int
}

func (s *bsrc) next() int {
	if s.i >= len(s.b) {
		return 0
	}
	s.i++
	return int(s.b[s.i-1])
}
func (s *bsrc) done() bool { return s.i >= len(s.b) }

var seqNames = []string{"a", "b", "c", "\\u0061", "abcdefghi", "é", ""}
var seqDecoded = []string{"a", "b", "c", "a", "abcdefghi", "é", ""}
var seqScalars = []string{"1", "2", "null", "true", `"s"`, "1.0", `"\n"`}

// seqValue writes a small JSON value chosen by the bytes of s.
func seqValue(s *bsrc, depth int, sb *strings.Builder) {
	c := s.next()
	ws := ""
	if c&0x80 != 0 {
		ws = " "
	}
	switch {
	case depth > 2 || c%4 == 0:
		sb.WriteString(seqScalars[c/4%len(seqScalars)])
	case c%4 == 1 || c%4 == 3:
		n := s.next() % 4
		sb.WriteString("{" + ws)
		for i := 0; i < n; i++ {
			if i > 0 {
				sb.WriteString("," + ws)
			}
			sb.WriteString(`"` + seqNames[s.next()%len(seqNames)] + `"` + ws + ":")
			seqValue(s, depth+1, sb)
		}
		sb.WriteString(ws + "}")
	default:
		n := s.next() % 4
		sb.WriteString("[" + ws)
		for i := 0; i < n; i++ {
			if i > 0 {
				sb.WriteString("," + ws)
			}
			seqValue(s, depth+1, sb)
		}
		sb.WriteString(ws + "]")
	}
}

// pos is a value of the Doc and its model.
type pos struct {
	r graft.Ref
	m *mval
}

// collect appends every value under r (r included) with its model.
func collect(d *graft.Doc, r graft.Ref, m *mval, out []pos) []pos {
	out = append(out, pos{r, m})
	switch m.kind {
	case graft.Object:
		i := 0
		for _, v := range d.Members(r) {
			out = collect(d, v, m.vals[i], out)
			i++
		}
	case graft.Array:
		for i, v := range d.Items(r) {
			out = collect(d, v, m.vals[i], out)
		}
	}
	return out
}

// mcontains reports whether model value v is or holds t.
func mcontains(v, t *mval) bool {
	if v == t {
		return true
	}
	for _, c := range v.vals {
		if mcontains(c, t) {
			return true
		}
	}
	return false
}

// mcloneShared deep-copies m, keeping values shared inside it shared.
func mcloneShared(m *mval, memo map[*mval]*mval) *mval {
	if c, ok := memo[m]; ok {
		return c
	}
	c := &mval{kind: m.kind, raw: m.raw, names: append([]string(nil), m.names...)}
	memo[m] = c
	for _, v := range m.vals {
		c.vals = append(c.vals, mcloneShared(v, memo))
	}
	return c
}

// unalias gives every model value under m slices of its own, so that a
// merged model shares values but no member or item lists.
func unalias(m *mval, seen map[*mval]bool) {
	if seen[m] {
		return
	}
	seen[m] = true
	m.names = append([]string(nil), m.names...)
	m.vals = append([]*mval(nil), m.vals...)
	for _, v := range m.vals {
		unalias(v, seen)
	}
}

// runOps runs the sequence the bytes ops describe and returns the print
// of the document at the end.
func runOps(t *testing.T, d *graft.Doc, policy graft.Conflict, ops []byte) string {
	s := &bsrc{b: ops}
	var sb strings.Builder
	seqValue(s, 0, &sb)
	root, err := d.Append([]byte(sb.String()))
	if err != nil {
		t.Fatalf("gen %q: %v", sb.String(), err)
	}
	model := modelOf(d, root)
	var free []pos
	var log []string
	check := func(what string) {
		if err := matchModel(d, root, model); err != nil {
			t.Fatalf("input %q policy %d\nafter %v: %v\n got %s", ops, policy, log, err, compact(d, root))
		}
		checkSpans(t, d, root)
		for _, f := range free {
			if err := matchModel(d, f.r, f.m); err != nil {
				t.Fatalf("free value after %v: %v", log, err)
			}
		}
	}
	for steps := 0; !s.done() && steps < 40; steps++ {
		op := s.next() % 14
		ps := collect(d, root, model, nil)
		p := ps[s.next()%len(ps)]
		name := s.next() % len(seqNames)
		gname := seqDecoded[name]
		idx := s.next()%6 - 1
		switch op {
		case 0, 1: // new free value, parsed or built
			sb.Reset()
			seqValue(s, 1, &sb)
			r, err := d.Append([]byte(sb.String()))
			if err != nil {
				t.Fatal(err)
			}
			free = append(free, pos{r, modelOf(d, r)})
			log = append(log, "append "+sb.String())
		case 2: // copy a tree value
			r := d.Copy(p.r)
			free = append(free, pos{r, p.m.clone()})
			log = append(log, "copy")
		}
		var v pos
		fromFree := -1
		if s.next()%3 != 0 && len(free) > 0 {
			fromFree = s.next() % len(free)
			v = free[fromFree]
		} else {
			v = ps[s.next()%len(ps)] // share a tree value
		}
		take := func() {
			if fromFree >= 0 {
				free = append(free[:fromFree], free[fromFree+1:]...)
			}
		}
		switch op {
		case 3: // Set
			log = append(log, "set "+gname)
			err := d.Set(p.r, gname, v.r)
			switch {
			case p.m.kind != graft.Object:
				if !errors.Is(err, graft.ErrKind) {
					t.Fatalf("set on %v: %v", p.m.kind, err)
				}
			case mcontains(v.m, p.m):
				if !errors.Is(err, graft.ErrCycle) {
					t.Fatalf("set cycle: %v", err)
				}
			default:
				if err != nil {
					t.Fatalf("set: %v", err)
				}
				if j := p.m.last(gname); j >= 0 {
					p.m.vals[j] = v.m
				} else {
					p.m.names = append(p.m.names, gname)
					p.m.vals = append(p.m.vals, v.m)
				}
				take()
			}
		case 4: // Delete
			log = append(log, "delete "+gname)
			found := d.Delete(p.r, gname)
			want := false
			if p.m.kind == graft.Object {
				for j := len(p.m.names) - 1; j >= 0; j-- {
					if p.m.names[j] == gname {
						want = true
						p.m.names = append(p.m.names[:j:j], p.m.names[j+1:]...)
						p.m.vals = append(p.m.vals[:j:j], p.m.vals[j+1:]...)
					}
				}
			}
			if found != want {
				t.Fatalf("delete found %v want %v", found, want)
			}
		case 5, 6, 7, 8: // item edits
			kind := []string{"append", "insert", "setitem", "deleteitem"}[op-5]
			log = append(log, kind+" "+strconv.Itoa(idx))
			var err error
			switch op {
			case 5:
				err = d.AppendItem(p.r, v.r)
			case 6:
				err = d.InsertItem(p.r, idx, v.r)
			case 7:
				err = d.SetItem(p.r, idx, v.r)
			case 8:
				err = d.DeleteItem(p.r, idx)
			}
			n := len(p.m.vals)
			switch {
			case p.m.kind != graft.Array:
				if !errors.Is(err, graft.ErrKind) {
					t.Fatalf("%s on %v: %v", kind, p.m.kind, err)
				}
			case op != 8 && mcontains(v.m, p.m):
				if !errors.Is(err, graft.ErrCycle) {
					t.Fatalf("%s cycle: %v", kind, err)
				}
			case op == 6 && (idx < 0 || idx > n), (op == 7 || op == 8) && (idx < 0 || idx >= n):
				if !errors.Is(err, graft.ErrNotFound) {
					t.Fatalf("%s %d of %d: %v", kind, idx, n, err)
				}
			default:
				if err != nil {
					t.Fatalf("%s: %v", kind, err)
				}
				vals := append([]*mval(nil), p.m.vals...)
				switch op {
				case 5:
					vals = append(vals, v.m)
				case 6:
					vals = append(vals[:idx], append([]*mval{v.m}, vals[idx:]...)...)
				case 7:
					vals[idx] = v.m
				case 8:
					vals = append(vals[:idx], vals[idx+1:]...)
				}
				p.m.vals = vals
				if op != 8 {
					take()
				}
			}
		case 9, 10, 11: // Merge / MergeAt of a free value
			if fromFree < 0 {
				break
			}
			path := ""
			if op == 10 {
				path = "/" + strings.ReplaceAll(gname, "~", "~0")
			} else if op == 11 {
				path = "/" + strings.ReplaceAll(gname, "~", "~0") + "/" + seqDecoded[idx+1]
			}
			log = append(log, "mergeat "+strconv.Quote(path))
			before, size := compact(d, root), d.Size()
			memo := map[*mval]*mval{}
			want := mcloneShared(model, memo)
			wdst := memo[p.m]
			wantPtr, ok, werr := modelMergeAt(wdst, path, v.m.clone(), policy)
			var err error
			if path == "" {
				err = d.Merge(p.r, v.r)
			} else {
				err = d.MergeAt(p.r, path, v.r)
			}
			if werr != nil {
				if !errors.Is(err, graft.ErrPointer) || compact(d, root) != before || d.Size() != size {
					t.Fatalf("MergeAt %q: %v, want ErrPointer", path, err)
				}
				break
			}
			if errors.Is(err, graft.ErrCycle) {
				t.Fatalf("unexpected cycle")
			}
			if !ok {
				var e *graft.Error
				if !errors.As(err, &e) || !errors.Is(err, graft.ErrConflict) || e.Pointer != wantPtr {
					t.Fatalf("merge: %v, want conflict at %q", err, wantPtr)
				}
				if compact(d, root) != before || d.Size() != size {
					t.Fatalf("failed merge changed dst")
				}
				break
			}
			if err != nil {
				t.Fatalf("merge: %v", err)
			}
			unalias(want, map[*mval]bool{})
			model = want
			take()
		case 12: // MergeEach of an array free value into repeated/distinct targets
			if fromFree < 0 || v.m.kind != graft.Array {
				break
			}
			log = append(log, "mergeeach")
			var targets []graft.Ref
			var tms []*mval
			for range v.m.vals {
				q := ps[s.next()%len(ps)]
				targets = append(targets, q.r)
				tms = append(tms, q.m)
			}
			before, size := compact(d, root), d.Size()
			memo := map[*mval]*mval{}
			want := mcloneShared(model, memo)
			wantPtr, ok := "", true
			cyc := false
			for i, tm := range tms {
				if mcontains(v.m.vals[i], tm) {
					cyc = true
				}
			}
			if cyc {
				break
			}
			vm := v.m.clone()
			for i, tm := range tms {
				if wantPtr, ok = modelMerge(memo[tm], vm.vals[i], policy, "/"+strconv.Itoa(i)); !ok {
					break
				}
			}
			err := d.MergeEach(targets, v.r)
			if !ok {
				var e *graft.Error
				if !errors.As(err, &e) || !errors.Is(err, graft.ErrConflict) || e.Pointer != wantPtr {
					t.Fatalf("mergeeach: %v, want conflict at %q", err, wantPtr)
				}
				if compact(d, root) != before || d.Size() != size {
					t.Fatalf("failed mergeeach changed dst")
				}
				break
			}
			if err != nil {
				t.Fatalf("mergeeach: %v", err)
			}
			unalias(want, map[*mval]bool{})
			model = want
			take()
		}
		if len(log) > 0 {
			seqStats[strings.SplitN(log[len(log)-1], " ", 2)[0]]++
		}
		check(strconv.Itoa(steps))
	}
	checkPrinters(t, d, root) // they walk the tree: once at the end is enough
	return compact(d, root)
}

// seqStats counts the operations TestEditSequences ran, by name.
var seqStats = map[string]int{}

func TestEditSequences(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 3000; n++ {
		b := make([]byte, rng.IntN(200))
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		for pol := range 3 {
			d := graft.New(graft.Options{Conflict: graft.Conflict(pol)})
			runOps(t, d, graft.Conflict(pol), b)
		}
	}
	t.Logf("operations run: %v", seqStats)
}

func FuzzEditSequence(f *testing.F) {
	f.Add([]byte{1, 3, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20}, uint8(0))
	f.Add([]byte{5, 1, 2, 3, 9, 1, 0, 2, 0, 1, 7, 7, 3, 1, 2, 5, 6}, uint8(1))
	f.Add([]byte("\x01\x03\x01\x02\x05\x09\x00\x01\x00\x01\x00\x0c\x00\x00\x00\x01\x00\x02"), uint8(2))
	f.Fuzz(func(t *testing.T, ops []byte, pol uint8) {
		policy := graft.Conflict(pol % 3)
		d := graft.New(graft.Options{Conflict: policy})
		first := runOps(t, d, policy, ops)
		d.Reset()
		if again := runOps(t, d, policy, ops); again != first {
			t.Fatalf("after Reset: %s, first run %s", again, first)
		}
	})
}
