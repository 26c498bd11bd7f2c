package graft_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/graftjson/graft"
)

// Helpers shared by the tests of the root package. They read a Doc only
// through its exported API, so that they can serve as references for the
// parts of graft that take shortcuts (the compact-span printing above all).

// mustAppend appends one JSON text to d and fails tb if it is not accepted.
func mustAppend(tb testing.TB, d *graft.Doc, s string) graft.Ref {
	tb.Helper()
	r, err := d.Append([]byte(s))
	if err != nil {
		tb.Fatalf("Append(%q): %v", clip(s), err)
	}
	return r
}

// compact returns the compact text of r.
func compact(d *graft.Doc, r graft.Ref) string { return string(d.AppendJSON(nil, r)) }

// stdCompact returns encoding/json.Compact of s, failing tb if s is not JSON.
func stdCompact(tb testing.TB, s string) string {
	tb.Helper()
	var b bytes.Buffer
	if err := json.Compact(&b, []byte(s)); err != nil {
		tb.Fatalf("json.Compact(%q): %v", clip(s), err)
	}
	return b.String()
}

// stdIndent returns encoding/json.Indent of s.
func stdIndent(tb testing.TB, s, prefix, indent string) string {
	tb.Helper()
	var b bytes.Buffer
	if err := json.Indent(&b, []byte(s), prefix, indent); err != nil {
		tb.Fatalf("json.Indent(%q): %v", clip(s), err)
	}
	return b.String()
}

// clip shortens s for a failure message.
func clip(s string) string {
	if len(s) > 120 {
		return s[:100] + "…(" + strconv.Itoa(len(s)) + " bytes)"
	}
	return s
}

// slowPrint prints r by walking it with Members, Items and Raw: the
// reference printer, which never copies a container's text in one piece.
func slowPrint(dst []byte, d *graft.Doc, r graft.Ref) []byte {
	switch d.Kind(r) {
	case graft.Object:
		dst = append(dst, '{')
		first := true
		for k, v := range d.Members(r) {
			if !first {
				dst = append(dst, ',')
			}
			first = false
			dst = append(dst, d.Raw(k)...)
			dst = append(dst, ':')
			dst = slowPrint(dst, d, v)
		}
		return append(dst, '}')
	case graft.Array:
		dst = append(dst, '[')
		for i, v := range d.Items(r) {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = slowPrint(dst, d, v)
		}
		return append(dst, ']')
	case graft.Invalid:
		return dst
	}
	return append(dst, d.Raw(r)...)
}

// checkSpans fails tb if AppendJSON of r, or of any container below it,
// differs from slowPrint: the check that no stale compact span is printed.
func checkSpans(tb testing.TB, d *graft.Doc, r graft.Ref) {
	tb.Helper()
	var bad []string
	var walk func(r graft.Ref, ptr string)
	walk = func(r graft.Ref, ptr string) {
		if len(bad) > 3 {
			return
		}
		k := d.Kind(r)
		if k != graft.Object && k != graft.Array {
			return
		}
		if got, want := d.AppendJSON(nil, r), slowPrint(nil, d, r); !bytes.Equal(got, want) {
			bad = append(bad, strconv.Quote(ptr)+": AppendJSON "+clip(string(got))+" != walk "+clip(string(want)))
		}
		if k == graft.Object {
			for n, v := range d.Members(r) {
				name, _ := d.Text(n)
				walk(v, ptr+"/"+escapeToken(name))
			}
		} else {
			for i, v := range d.Items(r) {
				walk(v, ptr+"/"+strconv.Itoa(i))
			}
		}
	}
	walk(r, "")
	if len(bad) > 0 {
		tb.Fatalf("compact printing disagrees with a walk of the tree:\n%s", strings.Join(bad, "\n"))
	}
}

func escapeToken(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// treeDiff returns the JSON Pointers where the trees a and b differ: a
// scalar whose text differs, a value whose kind differs, an object whose
// member names (as written) differ or an array whose length differs. It
// does not descend below a difference.
func treeDiff(da *graft.Doc, a graft.Ref, db *graft.Doc, b graft.Ref) []string {
	var diffs []string
	var walk func(a, b graft.Ref, ptr string)
	walk = func(a, b graft.Ref, ptr string) {
		ka, kb := da.Kind(a), db.Kind(b)
		if ka != kb {
			diffs = append(diffs, ptr)
			return
		}
		switch ka {
		case graft.Object:
			var an, bn []string
			var av, bv []graft.Ref
			for n, v := range da.Members(a) {
				an, av = append(an, string(da.Raw(n))), append(av, v)
			}
			for n, v := range db.Members(b) {
				bn, bv = append(bn, string(db.Raw(n))), append(bv, v)
			}
			if strings.Join(an, ",") != strings.Join(bn, ",") {
				diffs = append(diffs, ptr)
				return
			}
			for i := range an {
				walk(av[i], bv[i], ptr+"/"+escapeToken(unquote(an[i])))
			}
		case graft.Array:
			var av, bv []graft.Ref
			for _, v := range da.Items(a) {
				av = append(av, v)
			}
			for _, v := range db.Items(b) {
				bv = append(bv, v)
			}
			if len(av) != len(bv) {
				diffs = append(diffs, ptr)
				return
			}
			for i := range av {
				walk(av[i], bv[i], ptr+"/"+strconv.Itoa(i))
			}
		case graft.Invalid:
		default:
			if !bytes.Equal(da.Raw(a), db.Raw(b)) {
				diffs = append(diffs, ptr)
			}
		}
	}
	walk(a, b, "")
	return diffs
}

// unquote decodes a JSON string token with encoding/json.
func unquote(tok string) string {
	var s string
	if err := json.Unmarshal([]byte(tok), &s); err != nil {
		return tok
	}
	return s
}

// syntaxErr checks that err is an *Error wrapping want whose position is
// consistent with src, and returns it.
func syntaxErr(tb testing.TB, err error, want error, src string) *graft.Error {
	tb.Helper()
	if err == nil {
		tb.Fatalf("no error, want %v", want)
	}
	var e *graft.Error
	if !errors.As(err, &e) {
		tb.Fatalf("error %T %v is not a *graft.Error", err, err)
	}
	if !errors.Is(err, want) {
		tb.Fatalf("error %v does not wrap %v", err, want)
	}
	if e.Offset == -1 { // a limit checked before reading (input size)
		return e
	}
	if e.Offset < 0 || e.Offset > int64(len(src)) {
		tb.Fatalf("error offset %d outside the input of %d bytes (%v)", e.Offset, len(src), err)
	}
	line, col := lineCol(src, int(e.Offset))
	if e.Line != line || e.Column != col {
		tb.Fatalf("error at offset %d says line %d column %d, want line %d column %d", e.Offset, e.Line, e.Column, line, col)
	}
	if e.Reason == "" {
		tb.Fatalf("error has no reason: %#v", e)
	}
	if msg := e.Error(); !strings.Contains(msg, e.Reason) || !strings.Contains(msg, "line "+strconv.Itoa(line)) {
		tb.Fatalf("Error() = %q lacks the reason or the line", msg)
	}
	return e
}

// lineCol is the reference for Error.Line and Error.Column: lines are
// counted by '\n', columns in bytes, both from 1.
func lineCol(src string, off int) (line, col int) {
	before := src[:off]
	line = strings.Count(before, "\n") + 1
	return line, off - (strings.LastIndexByte(before, '\n') + 1) + 1
}

// randomObject returns the text of an object of n members named "k" and a
// number below names, every escapeEvery-th number's name written with an
// escape (so equal names differ in text), each value from value.
func randomObject(rng *rand.Rand, n, names, escapeEvery int, value func() string) string {
	var b strings.Builder
	b.WriteByte('{')
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		k := rng.IntN(names)
		name := "k" + strconv.Itoa(k)
		if k%escapeEvery == 0 {
			name = `\u006b` + strconv.Itoa(k) // "k..." escaped
		}
		b.WriteString(`"` + name + `":` + value())
	}
	b.WriteByte('}')
	return b.String()
}

// checkPrinters fails tb unless the printers other than AppendJSON agree
// with it on r: AppendIndent, at a few indent widths, is
// encoding/json.Indent of the compact text (and so compacts back to it),
// and AppendCanonical is refCanonical of it, or fails where that finds no
// canonical form; and each prints the same with the switch to its own stack
// at any depth (checkDeepSwitch). The Doc must hold only valid Unicode
// (default Options).
func checkPrinters(tb testing.TB, d *graft.Doc, r graft.Ref) {
	tb.Helper()
	checkDeepSwitch(tb, d, r)
	out := d.AppendJSON(nil, r)
	for _, indent := range []string{"", " ", "\t\t"} {
		got := d.AppendIndent(nil, r, "", indent)
		if want := stdIndent(tb, string(out), "", indent); string(got) != want {
			tb.Fatalf("AppendIndent(%q) = %s; json.Indent of AppendJSON = %s", indent, clip(string(got)), clip(want))
		}
	}
	got, err := d.AppendCanonical(nil, r)
	want, ok := refCanonical(out)
	if (err == nil) != ok || ok && string(got) != want {
		tb.Fatalf("AppendCanonical of %s = %s, %v; reference %s (has a form: %v)", clip(string(out)), clip(string(got)), err, clip(want), ok)
	}
}

// eachParser runs f on each parse path of Parsers (scalar, and vectorized
// for inputs of every size on each stage-one kernel).
func eachParser(t *testing.T, f func(t *testing.T)) {
	for _, p := range graft.Parsers() {
		t.Run(p, func(t *testing.T) {
			restore := graft.UseParser(p)
			defer restore()
			f(t)
		})
	}
}
