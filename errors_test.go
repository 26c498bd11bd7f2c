package graft_test

import (
	"errors"
	"io"
	"math"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/graftjson/graft"
)

// TestErrorLongPointer: Error quotes a pointer of up to 256 bytes whole and
// a longer one up to there, cut at the start of a character, with its
// length; the Pointer field keeps all of it.
func TestErrorLongPointer(t *testing.T) {
	cases := []struct {
		name, pointer, want string
	}{
		{name: "short", pointer: "/a/b", want: `graft: at "/a/b": r`},
		{name: "256 bytes", pointer: strings.Repeat("/a", 128), want: `graft: at "` + strings.Repeat("/a", 128) + `": r`},
		{name: "257 bytes", pointer: strings.Repeat("/a", 128) + "/", want: `graft: at "` + strings.Repeat("/a", 128) + `"… (257 bytes): r`},
		{name: "a character across the cut", pointer: strings.Repeat("/", 255) + "é/x", want: `graft: at "` + strings.Repeat("/", 255) + `"… (259 bytes): r`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := &graft.Error{Offset: -1, Pointer: c.pointer, Reason: "r", Err: graft.ErrPointer}
			if got := e.Error(); got != c.want || !utf8.ValidString(got) {
				t.Errorf("Error() =\n%q\nwant\n%q", got, c.want)
			}
		})
	}
	// A refused patch of a long path: the message names it cut short.
	var d graft.Doc
	root := mustAppend(t, &d, `{}`)
	path := strings.Repeat("/a", 100_000)
	err := d.Patch(root, mustAppend(t, &d, `[{"op":"add","path":"`+path+`","value":1}]`))
	if err == nil || len(err.Error()) > 1000 || !strings.Contains(err.Error(), "(200000 bytes)") {
		t.Errorf("Patch error of %d bytes: %.300q", len(err.Error()), err)
	}
}

// refPosition is the line and byte column of offset off, as the README
// puts it: lines and columns from 1, columns in bytes, a line ends at LF.
func refPosition(src string, off int) (line, col int) {
	line = 1 + strings.Count(src[:off], "\n")
	return line, off - (strings.LastIndexByte(src[:off], '\n') + 1) + 1
}

// TestErrorPositions: Offset, Line and Column of parse errors in
// multi-line inputs with CR LF and multibyte text, on both parsers.
func TestErrorPositions(t *testing.T) { eachParser(t, testErrorPositions) }

func testErrorPositions(t *testing.T) {
	cases := []struct {
		in  string
		off int // the offending byte
	}{
		{"{\r\n  \"a\": 1,\r\n  \"é€\": tru\r\n}", 28},
		{"[\r\n\"日本語\", x]", 16},
		{"[\n\n\n  1,\n  ]", 11},
		{"\r\n\r\n  {\"a\" 1}", 11},
		{"[\"\xff\"]", 2},
		{"[\n\"é\u0001\"]", 5},
		{"{\"a\":1}\r\n,", 9},
		{"[1,\r\n2\r\n", 8},
		{"\n\"\\ud800\"", 2},
		{"[01]", 2},
		{"[\n-]", 3},
		{"[1.]", 3},
		{"\ufeff[1]", 0},
	}
	eachParser(t, func(t *testing.T) {
		for _, tc := range cases {
			in := tc.in + strings.Repeat(" ", 0)
			var d graft.Doc
			_, err := d.Append([]byte(in))
			var e *graft.Error
			if !errors.As(err, &e) || !errors.Is(err, graft.ErrSyntax) {
				t.Errorf("Append(%q) = %v; want an *Error wrapping ErrSyntax", in, err)
				continue
			}
			if tc.off > len(in) {
				t.Fatalf("bad case %q", in)
			}
			line, col := refPosition(in, tc.off)
			if e.Offset != int64(tc.off) || e.Line != line || e.Column != col {
				t.Errorf("Append(%q): offset %d line %d column %d; want %d %d %d (%v)", in, e.Offset, e.Line, e.Column, tc.off, line, col, err)
			}
			if !strings.HasPrefix(err.Error(), "graft: line ") {
				t.Errorf("Error() = %q", err.Error())
			}
		}
	})
}

// TestEveryErrorIsError: the errors that used to be bare sentinels are
// *Error values that say what went wrong, and errors.Is still finds the
// sentinel.
func TestEveryErrorIsError(t *testing.T) {
	cases := []struct {
		name   string
		do     func(d *graft.Doc) error
		is     error
		reason string
	}{
		{"Merge into the zero Ref", func(d *graft.Doc) error { return d.Merge(0, d.NewObject()) }, graft.ErrKind, "no value"},
		{"Set on an array", func(d *graft.Doc) error { return d.Set(d.NewArray(), "a", d.NewNull()) }, graft.ErrKind, "an array where an object is needed"},
		{"Text of an array", func(d *graft.Doc) error { _, err := d.Text(d.NewArray()); return err }, graft.ErrKind, "an array where a string is needed"},
		{"Bool of a number", func(d *graft.Doc) error { _, err := d.Bool(d.NewInt(1)); return err }, graft.ErrKind, "a number where a bool is needed"},
		{"Float64 of 1e400", func(d *graft.Doc) error {
			r, _ := d.NewNumber("1e400")
			_, err := d.Float64(r)
			return err
		}, graft.ErrRange, "beyond the range of a float64"},
		{"Int64 of 1.5", func(d *graft.Doc) error {
			r, _ := d.NewNumber("1.5")
			_, err := d.Int64(r)
			return err
		}, graft.ErrInexact, "fraction"},
		{"Uint64 of -1", func(d *graft.Doc) error { _, err := d.Uint64(d.NewInt(-1)); return err }, graft.ErrRange, "uint64"},
		{"NewFloat of NaN", func(d *graft.Doc) error { _, err := d.NewFloat(math.NaN()); return err }, graft.ErrRange, "NaN"},
		{"InsertItem past the end", func(d *graft.Doc) error {
			a := d.NewArray()
			d.AppendItem(a, d.NewNull())
			return d.InsertItem(a, 5, d.NewNull())
		}, graft.ErrNotFound, "no item 5 in an array of length 1"},
		{"DeleteItem of an empty array", func(d *graft.Doc) error { return d.DeleteItem(d.NewArray(), 0) }, graft.ErrNotFound, "length 0"},
		{"Set making a cycle", func(d *graft.Doc) error {
			o := d.NewObject()
			return d.Set(o, "self", o)
		}, graft.ErrCycle, "contain itself"},
		{"Merge into a member name", func(d *graft.Doc) error {
			o := d.NewObject()
			d.Set(o, "a", d.NewNull())
			for name := range d.Members(o) {
				return d.Merge(name, d.NewString("x"))
			}
			return nil
		}, graft.ErrKind, "member name"},
		{"MergeEach of an object", func(d *graft.Doc) error { return d.MergeEach(nil, d.NewObject()) }, graft.ErrKind, "an object where an array is needed"},
		{"Lookup from the zero Ref", func(d *graft.Doc) error { _, err := d.Lookup(0, "/a"); return err }, graft.ErrKind, "no value"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var d graft.Doc
			err := c.do(&d)
			var e *graft.Error
			if !errors.As(err, &e) || !errors.Is(err, c.is) || !strings.Contains(e.Reason, c.reason) {
				t.Fatalf("error %v (%T); want an *Error wrapping %v saying %q", err, err, c.is, c.reason)
			}
		})
	}
}

// TestPatchErrorsDoNotChangeSharedOnes: Patch puts the pointer into the
// error of an edit; the shared error without a position stays as it was.
func TestPatchErrorsDoNotChangeSharedOnes(t *testing.T) {
	var d graft.Doc
	root := mustAppend(t, &d, `{"a":{}}`)
	err := d.Patch(root, mustAppend(t, &d, `[{"op":"move","from":"","path":"/a/b"}]`))
	if !errors.Is(err, graft.ErrCycle) {
		t.Fatalf("move into itself: %v", err)
	}
	o := d.NewObject()
	if err := d.Set(o, "x", o); err.Error() != "graft: value would contain itself" {
		t.Fatalf("the shared cycle error reads %q", err)
	}
}

// TestStaleRefs: a Ref used after Reset or Parse, or on another Doc, is
// told apart from every other Ref: methods that return an error return
// one wrapping ErrStale (and ErrKind); reads see no value.
func TestStaleRefs(t *testing.T) {
	ops := []struct {
		name string
		do   func(d *graft.Doc, r graft.Ref) error
	}{
		{"Set", func(d *graft.Doc, r graft.Ref) error { return d.Set(r, "a", d.NewNull()) }},
		{"Set value", func(d *graft.Doc, r graft.Ref) error { return d.Set(d.NewObject(), "a", r) }},
		{"AppendItem", func(d *graft.Doc, r graft.Ref) error { return d.AppendItem(d.NewArray(), r) }},
		{"InsertItem", func(d *graft.Doc, r graft.Ref) error { return d.InsertItem(r, 0, d.NewNull()) }},
		{"SetItem", func(d *graft.Doc, r graft.Ref) error { return d.SetItem(r, 0, d.NewNull()) }},
		{"DeleteItem", func(d *graft.Doc, r graft.Ref) error { return d.DeleteItem(r, 0) }},
		{"Merge dst", func(d *graft.Doc, r graft.Ref) error { return d.Merge(r, d.NewObject()) }},
		{"Merge src", func(d *graft.Doc, r graft.Ref) error { return d.Merge(d.NewObject(), r) }},
		{"MergeAt", func(d *graft.Doc, r graft.Ref) error { return d.MergeAt(r, "/a", d.NewObject()) }},
		{"MergeEach", func(d *graft.Doc, r graft.Ref) error { return d.MergeEach([]graft.Ref{r}, mustAppend(t, d, `[{}]`)) }},
		{"MergePatch", func(d *graft.Doc, r graft.Ref) error { return d.MergePatch(r, d.NewObject()) }},
		{"Patch", func(d *graft.Doc, r graft.Ref) error { return d.Patch(r, d.NewArray()) }},
		{"Lookup", func(d *graft.Doc, r graft.Ref) error { _, err := d.Lookup(r, ""); return err }},
		{"Find", func(d *graft.Doc, r graft.Ref) error { _, err := d.Find(r, "/a"); return err }},
		{"Text", func(d *graft.Doc, r graft.Ref) error { _, err := d.Text(r); return err }},
		{"Int64", func(d *graft.Doc, r graft.Ref) error { _, err := d.Int64(r); return err }},
		{"AppendCanonical", func(d *graft.Doc, r graft.Ref) error { _, err := d.AppendCanonical(nil, r); return err }},
		{"WriteJSON", func(d *graft.Doc, r graft.Ref) error { return d.WriteJSON(io.Discard, r) }},
	}
	misuses := []struct {
		name string
		ref  func(d *graft.Doc) graft.Ref // a stale Ref; d then holds `{"a":1}`
	}{
		{"after Reset", func(d *graft.Doc) graft.Ref {
			old := mustAppend(t, d, `{"a":1}`)
			d.Reset()
			mustAppend(t, d, `{"a":1}`)
			return old
		}},
		{"Parse where Append was meant", func(d *graft.Doc) graft.Ref {
			old, _ := d.Parse([]byte(`{"a":1}`))
			d.Parse([]byte(`{"a":1}`))
			return old
		}},
		{"from another Doc", func(d *graft.Doc) graft.Ref {
			var other graft.Doc
			mustAppend(t, d, `{"a":1}`)
			return mustAppend(t, &other, `{"a":1}`)
		}},
	}
	for _, m := range misuses {
		for _, op := range ops {
			t.Run(m.name+"/"+op.name, func(t *testing.T) {
				var d graft.Doc
				r := m.ref(&d)
				err := op.do(&d, r)
				var e *graft.Error
				if !errors.As(err, &e) || !errors.Is(err, graft.ErrStale) || !errors.Is(err, graft.ErrKind) {
					t.Fatalf("%v, want an *Error wrapping ErrStale", err)
				}
			})
		}
		t.Run(m.name+"/reads", func(t *testing.T) {
			var d graft.Doc
			r := m.ref(&d)
			if d.Kind(r) != graft.Invalid || d.Len(r) != 0 || d.Member(r, "a") != 0 || d.Raw(r) != nil || len(d.AppendJSON(nil, r)) != 0 {
				t.Fatalf("a stale Ref reads as a value")
			}
		})
	}
}

// TestPlainReasons: the syntax errors people make most often are named as
// such, on every parser, at the same offset as before.
func TestPlainReasons(t *testing.T) { eachParser(t, testPlainReasons) }

func testPlainReasons(t *testing.T) {
	cases := []struct {
		name, in, reason string
		off              int
	}{
		{"byte order mark", "\ufeff{\"a\":1}", "byte order mark (U+FEFF)", 0},
		{"byte order mark in a long input", "\ufeff[" + strings.Repeat(`"abcdefgh",`, 20) + "1]", "byte order mark (U+FEFF)", 0},
		{"leading zero", "01", "number with a leading zero", 1},
		{"negative leading zero", "[-012]", "number with a leading zero", 3},
		{"leading zero in a long input", "[" + strings.Repeat(`"abcdefgh",`, 20) + "007]", "number with a leading zero", 222},
		{"zero then a digit elsewhere", "[0 1]", "expected ',' or ']'", 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var d graft.Doc
			_, err := d.Parse([]byte(c.in))
			var e *graft.Error
			if !errors.As(err, &e) || !strings.HasPrefix(e.Reason, c.reason) || e.Offset != int64(c.off) {
				t.Fatalf("%v; want %q at offset %d", err, c.reason, c.off)
			}
		})
	}
}

// TestStaleAfterManyResets: a Ref stays stale through the Resets that use
// up a Doc's block of tags and take the next, and Refs of Docs made one
// after another differ.
func TestStaleAfterManyResets(t *testing.T) {
	var d graft.Doc
	first := mustAppend(t, &d, `[1]`)
	seen := map[graft.Ref]bool{first: true}
	for i := range 1000 {
		d.Reset()
		r := mustAppend(t, &d, `[1]`)
		if seen[r] || d.Kind(first) != graft.Invalid {
			t.Fatalf("Reset %d: Ref %x repeats, or the first Ref reads as a value", i, r)
		}
		seen[r] = true
		var other graft.Doc
		o := mustAppend(t, &other, `[1]`)
		if seen[o] || d.Kind(o) != graft.Invalid {
			t.Fatalf("Doc %d: its Ref %x is one of another Doc's", i, o)
		}
		seen[o] = true
	}
}
