package graft_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"github.com/graftjson/graft"
)

// Fuzz targets of the transforms: JSON Patch, Merge Patch and canonical
// printing, each against its reference in reference_test.go.

// FuzzPatch applies a patch to a document, and the same patch kept inside
// the document it patches. Patch never panics; an error is an *Error
// wrapping a documented sentinel, and leaves the target, the patch and the
// Doc's size exactly as they were; a success prints valid JSON that walks
// as it prints. Both agree with the reference implementation, which
// applies the patch as given: the same success or failure, and the same
// value.
func FuzzPatch(f *testing.F) {
	for _, cases := range [][]patchCase{rfc6902Cases, patchCases} {
		for _, c := range cases {
			f.Add([]byte(c.doc), []byte(c.patch))
		}
	}
	f.Add([]byte(`{"a":[1,{"b":[]}],"c":{"d":"e"}}`),
		[]byte(`[{"op":"move","from":"/a/1/b","path":"/c/b"},{"op":"copy","from":"/c","path":"/a/0"},{"op":"test","path":"/a/0/d","value":"e"},{"op":"remove","path":"/a/2"}]`))
	f.Add([]byte(`{}`), []byte(`[{"op":"remove","path":"/ops/1"},{"op":"add","path":"/ops/1/value/z","value":1},{"op":"add","path":"/x","value":{}}]`))
	f.Fuzz(func(t *testing.T, doc, patch []byte) {
		d := graft.New(graft.Options{MaxNodes: 100000})
		root, err := d.Append(doc)
		if err != nil {
			return
		}
		ops, err := d.Append(patch)
		if err != nil {
			return
		}
		checkPatch(t, d, root, ops, doc, patch)

		whole := []byte(`{"doc":` + string(doc) + `,"ops":` + string(patch) + `}`)
		d = graft.New(graft.Options{MaxNodes: 100000})
		if root, err = d.Append(whole); err != nil {
			return // one level too deep
		}
		checkPatch(t, d, root, d.Member(root, "ops"), whole, patch)
	})
}

// checkPatch applies ops (whose text is patch) to root (whose text is doc)
// and checks the outcome as FuzzPatch says.
func checkPatch(t *testing.T, d *graft.Doc, root, ops graft.Ref, doc, patch []byte) {
	before, opsBefore, size := d.AppendJSON(nil, root), d.AppendJSON(nil, ops), d.Size()
	err := d.Patch(root, ops)
	out := d.AppendJSON(nil, root)
	if err != nil {
		var e *graft.Error
		if !errors.As(err, &e) || e.Reason == "" {
			t.Fatalf("error %#v is not an *Error with a reason", err)
		}
		if !oneOf(err, graft.ErrPatch, graft.ErrPointer, graft.ErrNotFound, graft.ErrTestFailed, graft.ErrCycle, graft.ErrLimit) {
			t.Fatalf("error %v wraps no documented sentinel", err)
		}
		if !bytes.Equal(out, before) || !bytes.Equal(d.AppendJSON(nil, ops), opsBefore) || d.Size() != size {
			t.Fatalf("a failed patch (%v) changed the Doc: %s, was %s", err, clip(string(out)), clip(string(before)))
		}
		if errors.Is(err, graft.ErrLimit) {
			return // the reference has no node limit
		}
	} else if !json.Valid(out) {
		t.Fatalf("patched document is not JSON: %s", clip(string(out)))
	}
	checkSpans(t, d, root)
	checkPrinters(t, d, root)

	var r jref
	want, ok := r.patch(mustDecode(t, doc), patch)
	if r.unsure {
		return
	}
	if ok != (err == nil) {
		t.Fatalf("Patch: %v; the reference says ok=%v", err, ok)
	}
	if ok && !r.equal(mustDecode(t, out), want) && !r.unsure {
		got, _ := json.Marshal(want)
		t.Fatalf("patched document %s, the reference has %s", clip(string(out)), clip(string(got)))
	}
}

func oneOf(err error, sentinels ...error) bool {
	for _, s := range sentinels {
		if errors.Is(err, s) {
			return true
		}
	}
	return false
}

func mustDecode(tb testing.TB, b []byte) any {
	tb.Helper()
	v, err := decodeJSON(b)
	if err != nil {
		tb.Fatalf("encoding/json cannot read %s: %v", clip(string(b)), err)
	}
	return v
}

// FuzzMergePatch applies a merge patch to a document: it never fails on
// two separate inputs, prints valid JSON that walks as it prints, and
// agrees with the algorithm of RFC 7396, which applies a patch's members
// in order, a name given twice included.
func FuzzMergePatch(f *testing.F) {
	for _, cases := range [][]mergePatchCase{rfc7396Cases, mergePatchCases} {
		for _, c := range cases {
			f.Add([]byte(c.doc), []byte(c.patch))
		}
	}
	f.Fuzz(func(t *testing.T, doc, patch []byte) {
		var d graft.Doc
		root, err := d.Append(doc)
		if err != nil {
			return
		}
		p, err := d.Append(patch)
		if err != nil {
			return
		}
		if err := d.MergePatch(root, p); err != nil {
			t.Fatalf("MergePatch: %v", err)
		}
		out := d.AppendJSON(nil, root)
		if !json.Valid(out) {
			t.Fatalf("merged document is not JSON: %s", clip(string(out)))
		}
		checkSpans(t, &d, root)
		checkPrinters(t, &d, root)
		p2, err := decodeMembers(patch)
		if err != nil {
			t.Fatalf("encoding/json cannot read %s: %v", clip(string(patch)), err)
		}
		var r jref
		want := mergePatch(mustDecode(t, doc), p2)
		if !r.equal(mustDecode(t, out), want) && !r.unsure {
			w, _ := json.Marshal(want)
			t.Fatalf("merged document %s, RFC 7396 gives %s", clip(string(out)), clip(string(w)))
		}
	})
}

// FuzzCanonical: canonical printing never panics; its output is the
// input's value for encoding/json, has its members in UTF-16 order, and
// stays the same when canonicalized again; it fails exactly on duplicate
// names and on numbers beyond the float64 range (checkCanonical).
func FuzzCanonical(f *testing.F) {
	for _, s := range []string{
		`{"numbers":[333333333.33333329,1E30,4.50,2e-3,0.000000000000000000000000001],"string":"\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/","literals":[null,true,false]}`,
		`{"\u20ac":1,"\r":2,"\ufb33":3,"1":4,"\ud83d\ude00":5,"\u0080":6,"\u00f6":7}`,
		`[0,-0,1e21,1e-7,123456789012345678,1e400,-1e-400]`, `{"a":1,"a":2}`, `{"a":1,"\u0061":2}`, `"\u0000\u001f\u007f"`,
	} {
		f.Add([]byte(s))
	}
	addCorpusSeeds(f, func(b []byte) { f.Add(b) })
	f.Fuzz(func(t *testing.T, data []byte) {
		checkCanonical(t, data)
	})
}
