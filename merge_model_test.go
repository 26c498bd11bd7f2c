package graft_test

import (
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/graftjson/graft"
)

// Small merges against the model (modelMerge, written from the merge table
// alone): objects of a few members whose names overlap, repeat and are
// spelled with escapes, whose sources often start with the target's own
// key members (the entity shape disjoint appends in one link) and whose
// values are often the same scalar text. Every merge goes through
// disjoint's one-link append, mergeSmall's list or the walk, and must give
// the model's result, or its conflict and an unchanged destination.

var smallNames = []string{`"a"`, `"b"`, `"\u0061"`, `"__typename"`, `"id"`, `"c"`}
var smallScalars = []string{`1`, `"P"`, `null`, `true`, `1.0`, `"\u0050"`}

// smallObject writes an object of up to 5 members; the first lead members
// of src (if given) are copied from it as they are.
func smallObject(rng *rand.Rand, depth int, lead []string) string {
	var b strings.Builder
	b.WriteByte('{')
	n := rng.IntN(5)
	for i := 0; i < n+len(lead); i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		if i < len(lead) {
			b.WriteString(lead[i])
			continue
		}
		b.WriteString(smallNames[rng.IntN(len(smallNames))] + ":")
		switch r := rng.IntN(6); {
		case r == 0 && depth < 2:
			b.WriteString(smallObject(rng, depth+1, nil))
		case r == 1 && depth < 2:
			b.WriteString("[" + smallScalars[rng.IntN(len(smallScalars))] + "]")
		default:
			b.WriteString(smallScalars[rng.IntN(len(smallScalars))])
		}
	}
	b.WriteByte('}')
	return b.String()
}

// leadOf returns up to k of the first members of the object text obj, as
// written (only the scalar-valued ones at the top: what smallObject
// writes before a nested value is the prefix kept).
func leadOf(d *graft.Doc, obj graft.Ref, k int) []string {
	var lead []string
	for name, v := range d.Members(obj) {
		if len(lead) == k || d.Kind(v) == graft.Object || d.Kind(v) == graft.Array {
			break
		}
		lead = append(lead, string(d.Raw(name))+":"+string(d.Raw(v)))
	}
	return lead
}

func TestSmallMergesAgainstModel(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for n := 0; n < 4000; n++ {
		var scratch graft.Doc
		dst := smallObject(rng, 0, nil)
		src := smallObject(rng, 0, leadOf(&scratch, mustAppend(t, &scratch, dst), rng.IntN(3)))
		for pol := range 3 {
			policy := graft.Conflict(pol)
			d := graft.New(graft.Options{Conflict: policy})
			dr, sr := mustAppend(t, d, dst), mustAppend(t, d, src)
			want := modelOf(d, dr)
			ptr, ok := modelMerge(want, modelOf(d, sr), policy, "")
			err := d.Merge(dr, sr)
			checkModelOutcome(t, d, dr, dst, want, ptr, ok, err, "Merge("+dst+", "+src+") policy "+strconv.Itoa(pol))
		}
	}
}

// TestSmallMergeEachAgainstModel splices items of the same shapes into
// distinct targets: the batch links every item when all of them append
// after leading keys, and merges item by item under a journal otherwise.
func TestSmallMergeEachAgainstModel(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for n := 0; n < 1500; n++ {
		var scratch graft.Doc
		k := 1 + rng.IntN(4)
		dsts, srcs := make([]string, k), make([]string, k)
		for i := range dsts {
			dsts[i] = smallObject(rng, 0, nil)
			srcs[i] = smallObject(rng, 0, leadOf(&scratch, mustAppend(t, &scratch, dsts[i]), rng.IntN(3)))
		}
		list, items := "["+strings.Join(dsts, ",")+"]", "["+strings.Join(srcs, ",")+"]"
		for pol := range 3 {
			policy := graft.Conflict(pol)
			d := graft.New(graft.Options{Conflict: policy})
			lr, ir := mustAppend(t, d, list), mustAppend(t, d, items)
			var targets []graft.Ref
			for _, v := range d.Items(lr) {
				targets = append(targets, v)
			}
			want, src := modelOf(d, lr), modelOf(d, ir)
			ptr, ok := "", true
			for i := range want.vals {
				if ptr, ok = modelMerge(want.vals[i], src.vals[i], policy, "/"+strconv.Itoa(i)); !ok {
					break
				}
			}
			err := d.MergeEach(targets, ir)
			checkModelOutcome(t, d, lr, list, want, ptr, ok, err, "MergeEach("+list+", "+items+") policy "+strconv.Itoa(pol))
		}
	}
}

// checkModelOutcome fails t unless a merge into r, whose text was before,
// had the model's outcome: a conflict at ptr (ok false) and r unchanged,
// or success and r as want.
func checkModelOutcome(t *testing.T, d *graft.Doc, r graft.Ref, before string, want *mval, ptr string, ok bool, err error, what string) {
	t.Helper()
	if !ok {
		var e *graft.Error
		if !errors.As(err, &e) || !errors.Is(err, graft.ErrConflict) || e.Pointer != ptr || compact(d, r) != compactText(t, before) {
			t.Fatalf("%s: %v, want a conflict at %q and the destination unchanged", what, err, ptr)
		}
		return
	}
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if err := matchModel(d, r, want); err != nil {
		t.Fatalf("%s: %v\n got %s", what, err, compact(d, r))
	}
	checkSpans(t, d, r)
}

// compactText returns the compact form of a JSON text, parsed by graft.
func compactText(tb testing.TB, s string) string {
	var d graft.Doc
	return compact(&d, mustAppend(tb, &d, s))
}
