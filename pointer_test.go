package graft_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/graftjson/graft"
)

// rfc6901Doc is the document of RFC 6901, section 5.
const rfc6901Doc = `{
      "foo": ["bar", "baz"],
      "": 0,
      "a/b": 1,
      "c%d": 2,
      "e^f": 3,
      "g|h": 4,
      "i\\j": 5,
      "k\"l": 6,
      " ": 7,
      "m~n": 8
   }`

func TestFindRFC6901(t *testing.T) {
	// The table of RFC 6901, section 5.
	cases := []struct{ ptr, want string }{
		{"", stdCompact(t, rfc6901Doc)},
		{"/foo", `["bar","baz"]`},
		{"/foo/0", `"bar"`},
		{"/", `0`},
		{"/a~1b", `1`},
		{"/c%d", `2`},
		{"/e^f", `3`},
		{"/g|h", `4`},
		{"/i\\j", `5`},
		{"/k\"l", `6`},
		{"/ ", `7`},
		{"/m~0n", `8`},
	}
	var d graft.Doc
	root := mustAppend(t, &d, rfc6901Doc)
	for _, c := range cases {
		r, err := d.Find(root, c.ptr)
		if err != nil || compact(&d, r) != c.want {
			t.Errorf("Find(%q) = %s, %v; want %s", c.ptr, compact(&d, r), err, c.want)
		}
		path, err := graft.ParsePointer(c.ptr)
		if err != nil {
			t.Errorf("ParsePointer(%q): %v", c.ptr, err)
			continue
		}
		if got := d.Get(root, path...); got != r {
			t.Errorf("Get(%q) = %s, Find gives %s", path, compact(&d, got), compact(&d, r))
		}
		if path.String() != c.ptr {
			t.Errorf("ParsePointer(%q).String() = %q", c.ptr, path.String())
		}
	}
}

func TestFindNothing(t *testing.T) {
	var d graft.Doc
	root := mustAppend(t, &d, `{"foo":["bar","baz"],"o":{"a~b":{"c/d":true}},"n":null,"s":"str"}`)
	cases := []struct {
		ptr  string
		want string // "" for the zero Ref
	}{
		{"/foo/00", ""},
		{"/foo/01", ""},
		{"/foo/-", ""},
		{"/foo/2", ""},
		{"/foo/-1", ""},
		{"/foo/+1", ""},
		{"/foo/1.0", ""},
		{"/foo/ 1", ""},
		{"/foo/1 ", ""},
		{"/foo/0x1", ""},
		{"/foo/99999999999999999999", ""},
		{"/foo/18446744073709551617", ""},
		{"/foo/", ""},
		{"/foo/0/x", ""},
		{"/foo/1", `"baz"`},
		{"/missing", ""},
		{"/missing/deeper", ""},
		{"/n/x", ""},
		{"/s/0", ""},
		{"/o/a~0b/c~1d", "true"},
		{"/o/a~1b", ""},
		{"/o/a~0b/c~1d/x", ""},
		{"/o/a~01", ""},
		{"//", ""},
	}
	for _, c := range cases {
		r, err := d.Find(root, c.ptr)
		if err != nil {
			t.Errorf("Find(%q): %v", c.ptr, err)
			continue
		}
		if got := compact(&d, r); got != c.want || (c.want == "" && (r != 0 || d.Kind(r) != graft.Invalid)) {
			t.Errorf("Find(%q) = %d %s, want %q", c.ptr, r, got, c.want)
		}
	}
	// Find from an inner value, and from the zero Ref.
	o, _ := d.Find(root, "/o")
	if r, err := d.Find(o, "/a~0b/c~1d"); err != nil || compact(&d, r) != "true" {
		t.Errorf("Find from /o: %s, %v", compact(&d, r), err)
	}
	if r, err := d.Find(0, "/a"); r != 0 || err != nil {
		t.Errorf("Find from the zero Ref: %d, %v", r, err)
	}
	if r, err := d.Find(0, ""); r != 0 || err != nil {
		t.Errorf("Find(0, \"\"): %d, %v", r, err)
	}
}

func TestMalformedPointers(t *testing.T) {
	var d graft.Doc
	root := mustAppend(t, &d, `{"a":{"~":1}}`)
	for _, p := range []string{"a", "foo/bar", "~0", " /a", "#/a", "/~", "/a~", "/~2", "/a~2b", "/~a", "/~/", "/a/~", "/~~0", "/~~1", "/a\x80", "/\xff/b"} {
		r, err := d.Find(root, p)
		var e *graft.Error
		if r != 0 || !errors.As(err, &e) || !errors.Is(err, graft.ErrPointer) {
			t.Errorf("Find(%q) = %d, %v; want an *Error wrapping ErrPointer", p, r, err)
		}
		if e != nil && strings.Contains(p, "~") && strings.HasPrefix(p, "/") {
			// The offset of a bad escape is that of its '~' in the pointer.
			if e.Offset < 0 || int(e.Offset) >= len(p) || p[e.Offset] != '~' {
				t.Errorf("Find(%q): error offset %d is not at a '~'", p, e.Offset)
			}
		}
		if e != nil && !utf8.ValidString(p) && (e.Offset < 0 || int(e.Offset) >= len(p) || p[e.Offset] < 0x80) {
			t.Errorf("Find(%q): error offset %d is not at the invalid byte", p, e.Offset)
		}
		if path, err := graft.ParsePointer(p); path != nil || !errors.Is(err, graft.ErrPointer) {
			t.Errorf("ParsePointer(%q) = %q, %v", p, path, err)
		}
	}
}

func TestParsePointer(t *testing.T) {
	cases := []struct {
		ptr  string
		path graft.Path
	}{
		{"", graft.Path{}},
		{"/", graft.Path{""}},
		{"//", graft.Path{"", ""}},
		{"/a", graft.Path{"a"}},
		{"/a/b/0", graft.Path{"a", "b", "0"}},
		{"/a~1b", graft.Path{"a/b"}},
		{"/m~0n", graft.Path{"m~n"}},
		{"/~01", graft.Path{"~1"}},
		{"/~10", graft.Path{"/0"}},
		{"/~0~1~1~0", graft.Path{"~//~"}},
		{"/é/😀", graft.Path{"é", "😀"}},
		{"/a/", graft.Path{"a", ""}},
	}
	for _, c := range cases {
		path, err := graft.ParsePointer(c.ptr)
		if err != nil || !slices.Equal(path, c.path) || path == nil {
			t.Errorf("ParsePointer(%q) = %q, %v; want %q", c.ptr, path, err, c.path)
		}
		if s := path.String(); s != c.ptr {
			t.Errorf("ParsePointer(%q).String() = %q", c.ptr, s)
		}
	}
	var zero graft.Path
	if zero.String() != "" {
		t.Errorf("zero Path prints %q", zero.String())
	}
	if s := (graft.Path{"a/b", "~", ""}).String(); s != "/a~1b/~0/" {
		t.Errorf("Path.String() = %q", s)
	}
}

func TestGet(t *testing.T) {
	var d graft.Doc
	root := mustAppend(t, &d, `{"a":{"b":[10,{"c":"x"}]},"a/b":1,"":{"":2},"l":[[0,1],[2,3]]}`)
	cases := []struct {
		path []string
		want string
	}{
		{nil, compact(&d, root)},
		{[]string{"a", "b", "1", "c"}, `"x"`},
		{[]string{"a", "b", "0"}, `10`},
		{[]string{"a/b"}, `1`},
		{[]string{"", ""}, `2`},
		{[]string{"l", "1", "0"}, `2`},
		{[]string{"a", "b", "01"}, ``},
		{[]string{"a", "b", "-"}, ``},
		{[]string{"a", "b", "2"}, ``},
		{[]string{"a", "x"}, ``},
		{[]string{"a", "b", "1", "c", "d"}, ``},
	}
	for _, c := range cases {
		if got := compact(&d, d.Get(root, c.path...)); got != c.want {
			t.Errorf("Get(%q) = %s, want %s", c.path, got, c.want)
		}
	}
	if d.Get(0, "a") != 0 || d.Get(0) != 0 {
		t.Error("Get from the zero Ref")
	}
}

// TestMemberNames looks up names of lengths around the 8-byte word that
// scanMembers compares in one load, in objects parsed and built (each new
// name at the end of the arena, where fewer than 8 bytes follow), next to
// near misses, and names whose first character is escaped.
func TestMemberNames(t *testing.T) {
	names := []string{"", "a", "ab", "abc", "abcdef", "abcdefg", "abcdefgh", "abcdefghi", "abcdefghijklmnop", "ünï"}
	for _, name := range names {
		var misses []string // differ in one byte, or are one byte shorter or longer
		for i := range len(name) {
			if name[i] < utf8.RuneSelf {
				misses = append(misses, name[:i]+"~"+name[i+1:])
			}
		}
		if name != "" {
			_, n := utf8.DecodeLastRuneInString(name)
			misses = append(misses, name[:len(name)-n])
		}
		misses = append(misses, name+"z")

		var d graft.Doc
		parsed := mustAppend(t, &d, `{"`+name+`z":0,"`+name+`":1}`)
		built := d.NewObject()
		for _, m := range misses {
			if err := d.Set(built, m, d.NewInt(0)); err != nil {
				t.Fatal(err)
			}
		}
		if err := d.Set(built, name, d.NewInt(1)); err != nil {
			t.Fatal(err)
		}
		for _, obj := range []graft.Ref{parsed, built} {
			if got := compact(&d, d.Member(obj, name)); got != "1" {
				t.Errorf("Member(%s, %q) = %s, want 1", compact(&d, obj), name, got)
			}
		}
		if name != "" { // the first character escaped
			r, n := utf8.DecodeRuneInString(name)
			escaped := mustAppend(t, &d, fmt.Sprintf(`{"\u%04x%s":1}`, r, name[n:]))
			if got := compact(&d, d.Member(escaped, name)); got != "1" {
				t.Errorf("Member(%s, %q) = %s, want 1", compact(&d, escaped), name, got)
			}
		}
		for _, m := range misses {
			want := "" // parsed holds only name and name+"z"
			if m == name+"z" {
				want = "0"
			}
			if got := compact(&d, d.Member(parsed, m)); got != want {
				t.Errorf("Member(%s, %q) = %s, want %q", compact(&d, parsed), m, got, want)
			}
			if got := compact(&d, d.Member(built, m)); got != "0" {
				t.Errorf("Member(%s, %q) = %s, want 0", compact(&d, built), m, got)
			}
		}
	}
}

func TestLookup(t *testing.T) {
	var d graft.Doc
	root := mustAppend(t, &d, `{"foo":["bar","baz"],"o":{"a~b":{"c/d":true}},"n":null,"s":"str","":{"":[0]}}`)
	cases := []struct {
		ptr     string
		want    string // the value, or "" for an error
		err     error
		pointer string // of the error
		reason  string
	}{
		{ptr: "", want: compact(&d, root)},
		{ptr: "/foo/1", want: `"baz"`},
		{ptr: "/o/a~0b/c~1d", want: `true`},
		{ptr: "//", want: `[0]`},
		{ptr: "///0", want: `0`},
		{ptr: "/n", want: `null`},
		{ptr: "/x", err: graft.ErrNotFound, pointer: "/x", reason: `no member "x"`},
		{ptr: "/o/a~1b", err: graft.ErrNotFound, pointer: "/o/a~1b", reason: `no member "a/b"`},
		{ptr: "/foo/2", err: graft.ErrNotFound, pointer: "/foo/2", reason: "no item 2 in an array of length 2"},
		{ptr: "/foo/2000000000/x", err: graft.ErrNotFound, pointer: "/foo/2000000000"},
		{ptr: "/foo/-", err: graft.ErrNotFound, pointer: "/foo/-", reason: `"-" names no item`},
		{ptr: "/foo/01", err: graft.ErrPointer, pointer: "/foo/01", reason: `"01" is not an array index`},
		{ptr: "/foo/+1", err: graft.ErrPointer, pointer: "/foo/+1"},
		{ptr: "/foo/", err: graft.ErrPointer, pointer: "/foo/", reason: `"" is not an array index`},
		{ptr: "/s/0", err: graft.ErrNotFound, pointer: "/s/0", reason: `cannot look up "0" in a string`},
		{ptr: "/n/a/b", err: graft.ErrNotFound, pointer: "/n/a", reason: `cannot look up "a" in a null`},
		{ptr: "foo", err: graft.ErrPointer, pointer: "foo"},
		{ptr: "/a~", err: graft.ErrPointer, pointer: "/a~"},
	}
	for _, c := range cases {
		v, err := d.Lookup(root, c.ptr)
		if c.err == nil {
			if err != nil || compact(&d, v) != c.want {
				t.Errorf("Lookup(%q) = %s, %v; want %s", c.ptr, compact(&d, v), err, c.want)
			}
			if f, _ := d.Find(root, c.ptr); f != v {
				t.Errorf("Lookup(%q) and Find disagree", c.ptr)
			}
			continue
		}
		var e *graft.Error
		if v != 0 || !errors.Is(err, c.err) || !errors.As(err, &e) || e.Pointer != c.pointer || !strings.Contains(e.Reason, c.reason) {
			t.Errorf("Lookup(%q) = %d, %#v; want %v at %q with %q", c.ptr, v, err, c.err, c.pointer, c.reason)
			continue
		}
		if f, err := d.Find(root, c.ptr); f != 0 || (err != nil) != (c.ptr == "foo" || c.ptr == "/a~") {
			t.Errorf("Find(%q) = %d, %v", c.ptr, f, err)
		}
	}
	if _, err := d.Lookup(0, ""); err != graft.ErrKind {
		t.Errorf("Lookup(0) = %v", err)
	}
}

// TestPointerDecodedNames: RFC 6901, section 4, compares a reference token
// with member names as decoded strings, whatever escapes the document used
// to write them; Find, Lookup, Get and a patch's test and replace agree.
func TestPointerDecodedNames(t *testing.T) {
	doc := `{"a\u002fb":1,"\u0041":2,"\u007e":3,"m\u007e0n":4,"\ud83d\ude00":5,"long\u0020name\u0020here":6,` +
		`"abcdefgh":7,"abcdefg\u0068":8,"\"":9,"\\":10,"\u0000":11,"":12,"caf\u00e9":13,"x\/y":14,"12345678":15}`
	cases := []struct{ ptr, want string }{
		{"/a~1b", "1"}, {"/A", "2"}, {"/~0", "3"}, {"/m~00n", "4"}, {"/\U0001F600", "5"},
		{"/long name here", "6"}, {"/abcdefgh", "8"}, {`/"`, "9"}, {`/\`, "10"}, {"/\x00", "11"},
		{"/", "12"}, {"/café", "13"}, {"/x~1y", "14"}, {"/12345678", "15"},
	}
	for _, c := range cases {
		var d graft.Doc
		root := mustAppend(t, &d, doc)
		r, err := d.Find(root, c.ptr)
		if err != nil || compact(&d, r) != c.want {
			t.Errorf("Find(%q) = %s, %v; want %s", c.ptr, compact(&d, r), err, c.want)
		}
		r, err = d.Lookup(root, c.ptr)
		if err != nil || compact(&d, r) != c.want {
			t.Errorf("Lookup(%q) = %s, %v; want %s", c.ptr, compact(&d, r), err, c.want)
		}
		p, err := graft.ParsePointer(c.ptr)
		if err != nil {
			t.Fatal(err)
		}
		if r := d.Get(root, p...); compact(&d, r) != c.want {
			t.Errorf("Get(%q) = %s; want %s", c.ptr, compact(&d, r), c.want)
		}
		// The same through a patch test, and a replace.
		ops := mustAppend(t, &d, `[{"op":"test","path":`+quoteJSON(c.ptr)+`,"value":`+c.want+`},{"op":"replace","path":`+quoteJSON(c.ptr)+`,"value":"R"}]`)
		if err := d.Patch(root, ops); err != nil {
			t.Errorf("Patch at %q: %v", c.ptr, err)
			continue
		}
		if r, _ := d.Find(root, c.ptr); compact(&d, r) != `"R"` {
			t.Errorf("after replace, %q = %s", c.ptr, compact(&d, r))
		}
	}
}

// quoteJSON returns s as a JSON string.
func quoteJSON(s string) string {
	var d graft.Doc
	return compact(&d, d.NewString(s))
}

// TestPointerIndexTokens: RFC 6901, section 4, a token names an array
// item only as a decimal index without leading zeros ("-" names none); in
// an object the same tokens are member names like any other.
func TestPointerIndexTokens(t *testing.T) {
	var d graft.Doc
	root := mustAppend(t, &d, `{"arr":[10,11,12],"":{"":{"-":1}},"01":"zero-one","-":"dash"}`)
	cases := []struct{ ptr, want string }{ // want "" for nothing
		{"/arr/0", "10"}, {"/arr/2", "12"}, {"//", `{"-":1}`}, {"///-", "1"}, {"/01", `"zero-one"`}, {"/-", `"dash"`},
		{"/arr/3", ""}, {"/arr/-", ""}, {"/arr/01", ""}, {"/arr/00", ""}, {"/arr/+1", ""}, {"/arr/ 1", ""}, {"/arr/1 ", ""},
		{"/arr/1e0", ""}, {"/arr/", ""}, {"/arr/0x1", ""}, {"/arr/-0", ""}, {"/arr/18446744073709551617", ""},
	}
	for _, c := range cases {
		r, err := d.Lookup(root, c.ptr)
		if got := compact(&d, r); got != c.want || (err == nil) != (c.want != "") {
			t.Errorf("Lookup(%q) = %s, %v; want %q", c.ptr, got, err, c.want)
		}
		if f, _ := d.Find(root, c.ptr); f != r {
			t.Errorf("Find(%q) = %s, Lookup found %s", c.ptr, compact(&d, f), compact(&d, r))
		}
	}
}

// TestPointersRandom compares Find, Lookup, Get and ParsePointer with
// the reference on random documents with duplicate names.
func TestPointersRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	toks := append([]string{"2", "11", "00", "-1", "1e1", " 1", "+1"}, pointerNames...)
	var d graft.Doc
	for i := 0; i < 3000; i++ {
		v := randRefValue(rng, 0)
		var b strings.Builder
		v.print(&b)
		root, err := d.Parse([]byte(b.String()))
		if err != nil {
			t.Fatalf("Parse(%s): %v", b.String(), err)
		}
		for j := 0; j < 30; j++ {
			var path []string
			var p strings.Builder
			for n := rng.IntN(4); n > 0; n-- {
				tok := toks[rng.IntN(len(toks))]
				path = append(path, tok)
				p.WriteByte('/')
				p.WriteString(strings.ReplaceAll(strings.ReplaceAll(tok, "~", "~0"), "/", "~1"))
			}
			ptr := p.String()
			want := refFind(v, path)
			var wantText string
			if want != nil {
				var w strings.Builder
				want.print(&w)
				wantText = w.String()
			}
			got, err := d.Find(root, ptr)
			if err != nil || compact(&d, got) != wantText {
				t.Fatalf("%s: Find(%q) = %s, %v; want %s", b.String(), ptr, compact(&d, got), err, wantText)
			}
			if g := d.Get(root, path...); compact(&d, g) != wantText {
				t.Fatalf("%s: Get(%q) = %s; want %s", b.String(), path, compact(&d, g), wantText)
			}
			pp, err := graft.ParsePointer(ptr)
			if err != nil || len(pp) != len(path) || pp.String() != ptr {
				t.Fatalf("ParsePointer(%q) = %q, %v", ptr, pp, err)
			}
			for k := range pp {
				if pp[k] != path[k] {
					t.Fatalf("ParsePointer(%q) = %q", ptr, pp)
				}
			}
			lk, err := d.Lookup(root, ptr)
			if want != nil {
				if err != nil || compact(&d, lk) != wantText {
					t.Fatalf("%s: Lookup(%q) = %s, %v; want %s", b.String(), ptr, compact(&d, lk), err, wantText)
				}
				continue
			}
			var e *graft.Error
			if lk != 0 || !errors.As(err, &e) || !(errors.Is(err, graft.ErrNotFound) || errors.Is(err, graft.ErrPointer)) {
				t.Fatalf("%s: Lookup(%q) = %d, %v; want an *Error", b.String(), ptr, lk, err)
			}
			// Pointer: ptr up to and including the token that names nothing.
			if !strings.HasPrefix(ptr, e.Pointer) || (len(ptr) > len(e.Pointer) && ptr[len(e.Pointer)] != '/') || e.Pointer == "" {
				t.Fatalf("%s: Lookup(%q): Pointer %q", b.String(), ptr, e.Pointer)
			}
			ep, _ := graft.ParsePointer(e.Pointer)
			if refFind(v, ep[:len(ep)-1]) == nil || refFind(v, ep) != nil {
				t.Fatalf("%s: Lookup(%q): Pointer %q is not the first token that names nothing", b.String(), ptr, e.Pointer)
			}
		}
	}
}
