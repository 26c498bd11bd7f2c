package graft_test

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/graftjson/graft"
)

// Refs kept into consumed sources. A merge consumes its source, but a
// caller may still hold Refs to the source and to the containers inside it
// (or have attached them elsewhere too); what they hold is whatever is left
// chained to them, which may be part of the destination's members. No
// model says what that is, so runConsumed checks what must hold whatever
// it is: after every step, printing agrees with a walk of the tree for the
// document, for every kept Ref and for every value still free, and nothing
// panics, while merges, merge patches, batch splices and edits through any
// of those Refs follow each other as the fuzz bytes say.

// containersOf appends r and every object and array under it.
func containersOf(d *graft.Doc, r graft.Ref, out []graft.Ref) []graft.Ref {
	switch d.Kind(r) {
	case graft.Object:
		out = append(out, r)
		for _, v := range d.Members(r) {
			out = containersOf(d, v, out)
		}
	case graft.Array:
		out = append(out, r)
		for _, v := range d.Items(r) {
			out = containersOf(d, v, out)
		}
	}
	return out
}

func runConsumed(t *testing.T, policy graft.Conflict, ops []byte) {
	s := &bsrc{b: ops}
	d := graft.New(graft.Options{Conflict: policy})
	var sb strings.Builder
	value := func() graft.Ref {
		sb.Reset()
		seqValue(s, 0, &sb)
		r, err := d.Append([]byte(sb.String()))
		if err != nil {
			t.Fatalf("gen %q: %v", sb.String(), err)
		}
		return r
	}
	root := value()
	var kept, free []graft.Ref
	var log []string
	for steps := 0; !s.done() && steps < 40; steps++ {
		op := s.next() % 8
		// A destination: any container of the document or a kept Ref.
		dsts := append(containersOf(d, root, nil), kept...)
		if len(dsts) == 0 {
			dsts = append(dsts, root) // a scalar: every merge or edit is refused
		}
		dst := dsts[s.next()%len(dsts)]
		name := seqDecoded[s.next()%len(seqDecoded)]
		switch op {
		case 0: // a new free value
			free = append(free, value())
		case 1, 2, 3, 4: // Merge, MergeAt, MergePatch, MergeEach of a free value
			if len(free) == 0 {
				break
			}
			i := s.next() % len(free)
			src := free[i]
			inner := containersOf(d, src, nil)
			var err error
			switch op {
			case 1:
				err = d.Merge(dst, src)
			case 2:
				err = d.MergeAt(dst, "/"+strings.ReplaceAll(name, "~", "~0"), src)
			case 3:
				err = d.MergePatch(dst, src)
			default:
				targets := make([]graft.Ref, d.Len(src))
				for j := range targets {
					targets[j] = dsts[s.next()%len(dsts)]
				}
				err = d.MergeEach(targets, src)
			}
			if err == nil {
				free = append(free[:i], free[i+1:]...)
				kept = append(kept, inner...)
			}
		case 5: // Set through any destination, of a new value or a kept one
			v := value()
			if len(kept) > 0 && s.next()%2 == 0 {
				v = kept[s.next()%len(kept)]
			}
			if d.Kind(dst) == graft.Object {
				_ = d.Set(dst, name, v) // ErrCycle is an answer too
			} else {
				_ = d.AppendItem(dst, v)
			}
		case 6: // Delete through any destination
			if d.Kind(dst) == graft.Object {
				d.Delete(dst, name)
			} else {
				_ = d.DeleteItem(dst, s.next()%3)
			}
		case 7: // Copy a kept value into the document
			if len(kept) > 0 && d.Kind(dst) == graft.Object {
				_ = d.Set(dst, name, d.Copy(kept[s.next()%len(kept)]))
			}
		}
		log = append(log, strconv.Itoa(op)+" dst "+strconv.Itoa(int(dst))+" "+name)
		if c := containsItself(d, root, map[graft.Ref]bool{}); c != 0 {
			t.Fatalf("cycle at %d after %v (ops %q policy %d)", c, log, ops, policy)
		}
		for _, r := range kept {
			if c := containsItself(d, r, map[graft.Ref]bool{}); c != 0 {
				t.Fatalf("cycle at %d in kept %d after %v", c, r, log)
			}
		}
		checkSpans(t, d, root)
		for _, r := range kept {
			checkSpans(t, d, r)
		}
		for _, r := range free {
			checkSpans(t, d, r)
		}
	}
	checkPrinters(t, d, root)
}

// containsItself returns a value under r (r included) that contains
// itself, or 0.
func containsItself(d *graft.Doc, r graft.Ref, onPath map[graft.Ref]bool) graft.Ref {
	if onPath[r] {
		return r
	}
	onPath[r] = true
	defer delete(onPath, r)
	switch d.Kind(r) {
	case graft.Object:
		for _, v := range d.Members(r) {
			if c := containsItself(d, v, onPath); c != 0 {
				return c
			}
		}
	case graft.Array:
		for _, v := range d.Items(r) {
			if c := containsItself(d, v, onPath); c != 0 {
				return c
			}
		}
	}
	return 0
}

// TestConsumedSharesNoChain keeps a Ref to an object inside a merge's
// source and attaches it to the object that took its members: that object
// must not come to contain itself (the two shared one chain of members,
// so the value attached went into its own members).
func TestConsumedSharesNoChain(t *testing.T) {
	cases := []struct{ name, dst, src string }{
		{name: "members appended in one link", dst: `{"t":{"a":1}}`, src: `{"t":{"b":2}}`},
		{name: "members merged one by one", dst: `{"t":{"a":1}}`, src: `{"t":{"a":1,"b":2,"a":3}}`},
		{name: "object taking the place of a null", dst: `{"t":null}`, src: `{"t":{"b":2}}`},
		{name: "object replacing a scalar", dst: `{"t":1}`, src: `{"t":{"b":2}}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := graft.New(graft.Options{Conflict: graft.ConflictReplace})
			dst, src := mustAppend(t, d, c.dst), mustAppend(t, d, c.src)
			kept := d.Member(src, "t")
			if err := d.Merge(dst, src); err != nil {
				t.Fatal(err)
			}
			if err := d.Set(d.Member(dst, "t"), "n", kept); err != nil {
				t.Fatal(err)
			}
			if c := containsItself(d, dst, map[graft.Ref]bool{}); c != 0 {
				t.Fatalf("value %d contains itself", c)
			}
			checkSpans(t, d, dst)
			checkPrinters(t, d, dst)
		})
	}
}

func TestConsumedRefs(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for n := 0; n < 2000; n++ {
		b := make([]byte, rng.IntN(160))
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		for pol := range 3 {
			runConsumed(t, graft.Conflict(pol), b)
		}
	}
}

func FuzzConsumedRefs(f *testing.F) {
	f.Add([]byte{0, 0, 0, 1, 1, 0, 0, 5, 1, 2, 0, 6, 0, 1}, uint8(0))
	f.Add([]byte{0, 3, 1, 7, 4, 0, 1, 2, 2, 9, 5, 4, 4, 1, 0, 3, 5, 5, 2, 0}, uint8(2))
	f.Fuzz(func(t *testing.T, ops []byte, pol uint8) {
		runConsumed(t, graft.Conflict(pol%3), ops)
	})
}
