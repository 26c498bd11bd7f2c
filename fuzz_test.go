package graft_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/graftjson/graft"
)

// Fuzz targets. The seeds are the table tests' inputs and the small corpus
// files; crashers found so far are kept in testdata/fuzz.

// addCorpusSeeds adds small pieces of the corpus, if it is there: from
// each file, a few objects and arrays of 100 to 2000 bytes (whole files
// would make every mutation and minimization slow), indented as in the
// file.
func addCorpusSeeds(f *testing.F, add func(b []byte)) {
	files, _ := filepath.Glob(filepath.Join(corpusDir(), "*.json"))
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			continue
		}
		var d graft.Doc
		root, err := d.Parse(src)
		if err != nil {
			continue
		}
		n := 0
		var walk func(r graft.Ref)
		walk = func(r graft.Ref) {
			if n >= 4 {
				return
			}
			k := d.Kind(r)
			if k != graft.Object && k != graft.Array {
				return
			}
			if c := d.AppendJSON(nil, r); len(c) >= 100 && len(c) <= 2000 {
				n++
				add(d.AppendIndent(nil, r, "", "  "))
				return
			}
			for _, v := range d.Items(r) {
				walk(v)
			}
			for _, v := range d.Members(r) {
				walk(v)
			}
		}
		walk(root)
	}
}

var extraParseSeeds = []string{
	"\"\xc3\xa9\"", "\"\xed\xa0\x80\"", "\"\xf4\x90\x80\x80\"", "\"\xe2\x82\"", `"\uD800"`, `"\uDE00\uD83D"`,
	`"\uD83D\uDE00"`, nestArrays(1001), nestArrays(10001), `{"a":1,"a":2}`, `{"a":1,"\u0061":2}`,
	"{\n  \"a\": [1, 2],\n  \"b\": {\"c\": null}\n}",
}

// FuzzParse checks parsing against encoding/json and by round trip.
//
// Validity agrees with json.Valid except where graft is documented to be
// stricter by default: invalid UTF-8 (json.Valid accepts it), lone
// surrogate escapes, and nesting deeper than 1000 (json.Valid allows
// 10000). With AllowInvalidUTF8, AllowLoneSurrogates and MaxDepth 10000
// it agrees exactly. An accepted text prints as json.Compact prints it,
// parses again to the same tree, and decodes as encoding/json decodes it.
func FuzzParse(f *testing.F) {
	for _, c := range grammarCases {
		f.Add([]byte(c.in))
	}
	for _, s := range extraParseSeeds {
		f.Add([]byte(s))
	}
	addCorpusSeeds(f, func(b []byte) { f.Add(b) })

	f.Fuzz(func(t *testing.T, data []byte) {
		std := json.Valid(data)

		relaxed := graft.New(graft.Options{AllowInvalidUTF8: true, AllowLoneSurrogates: true, MaxDepth: 10000})
		rr, rerr := relaxed.Parse(data)
		if (rerr == nil) != std {
			t.Fatalf("relaxed Parse: %v, json.Valid: %v", rerr, std)
		}
		if rerr == nil {
			var want bytes.Buffer
			json.Compact(&want, data)
			if got := relaxed.AppendJSON(nil, rr); !bytes.Equal(got, want.Bytes()) {
				t.Fatalf("relaxed output %q, json.Compact %q", got, want.Bytes())
			}
			checkDeepSwitch(t, relaxed, rr) // canonical errors of invalid Unicode at every depth too
		}

		d := graft.New(graft.Options{})
		prior := mustAppend(t, d, `{"prior":["value",1]}`)
		size := d.Size()
		r, err := d.Append(data)
		if err != nil {
			var e *graft.Error
			if !errors.As(err, &e) {
				t.Fatalf("error %T is not an *Error", err)
			}
			syntaxErr(t, err, e.Err, string(data))
			if !errors.Is(e.Err, graft.ErrSyntax) && !errors.Is(e.Err, graft.ErrLimit) {
				t.Fatalf("error wraps %v", e.Err)
			}
			if errors.Is(e.Err, graft.ErrLimit) && maxDepth(data) <= graft.DefaultMaxDepth {
				t.Fatalf("limit error for depth %d: %v", maxDepth(data), err)
			}
			if compact(d, prior) != `{"prior":["value",1]}` || d.Size() != size {
				t.Fatal("a failed Append changed the Doc")
			}
			if std && utf8.Valid(data) && !loneSurrogate(data) && maxDepth(data) <= graft.DefaultMaxDepth {
				t.Fatalf("rejects valid JSON with no documented difference: %v", err)
			}
			return
		}
		if !std {
			t.Fatalf("accepts what json.Valid rejects: %q", compact(d, r))
		}

		out := d.AppendJSON(nil, r)
		var want bytes.Buffer
		json.Compact(&want, data)
		if !bytes.Equal(out, want.Bytes()) {
			t.Fatalf("output %q, json.Compact %q", out, want.Bytes())
		}
		var again graft.Doc
		r2, err := again.Parse(out)
		if err != nil {
			t.Fatalf("output does not parse: %v", err)
		}
		if got := again.AppendJSON(nil, r2); !bytes.Equal(got, out) {
			t.Fatalf("second round trip %q, first %q", got, out)
		}
		if diffs := treeDiff(d, r, &again, r2); len(diffs) > 0 {
			t.Fatalf("trees differ at %q", diffs)
		}
		var ind bytes.Buffer
		json.Indent(&ind, out, "", "\t")
		if got := d.AppendIndent(nil, r, "", "\t"); !bytes.Equal(got, ind.Bytes()) {
			t.Fatalf("AppendIndent %q, json.Indent %q", got, ind.Bytes())
		}
		checkValues(t, d, r)
	})
}

// checkValues compares every string and number of r with encoding/json's
// and strconv's reading of its text.
func checkValues(t *testing.T, d *graft.Doc, r graft.Ref) {
	var walk func(r graft.Ref)
	checkString := func(s graft.Ref) {
		var want string
		if err := json.Unmarshal(d.Raw(s), &want); err != nil {
			t.Fatalf("encoding/json cannot read %s: %v", d.Raw(s), err)
		}
		if got, err := d.AppendString(nil, s); err != nil || string(got) != want {
			t.Fatalf("AppendString(%s) = %q, %v; encoding/json %q", d.Raw(s), got, err, want)
		}
		if !d.Equals(s, want) {
			t.Fatalf("Equals(%s, %q) = false", d.Raw(s), want)
		}
	}
	walk = func(r graft.Ref) {
		switch d.Kind(r) {
		case graft.Object:
			for k, v := range d.Members(r) {
				checkString(k)
				walk(v)
			}
		case graft.Array:
			for _, v := range d.Items(r) {
				walk(v)
			}
		case graft.String:
			checkString(r)
		case graft.Number:
			text := string(d.Raw(r))
			want, serr := strconv.ParseFloat(text, 64)
			got, err := d.Float64(r)
			if math.Float64bits(got) != math.Float64bits(want) || (serr != nil) != (errors.Is(err, graft.ErrRange)) {
				t.Fatalf("Float64(%s) = %v, %v; strconv %v, %v", text, got, err, want, serr)
			}
			if err != nil && !errors.Is(err, graft.ErrRange) && !errors.Is(err, graft.ErrInexact) {
				t.Fatalf("Float64(%s): %v", text, err)
			}
			if i, err := strconv.ParseInt(text, 10, 64); err == nil {
				if got, gerr := d.Int64(r); got != i || gerr != nil {
					t.Fatalf("Int64(%s) = %d, %v", text, got, gerr)
				}
			}
			if u, err := strconv.ParseUint(text, 10, 64); err == nil {
				if got, gerr := d.Uint64(r); got != u || gerr != nil {
					t.Fatalf("Uint64(%s) = %d, %v", text, got, gerr)
				}
			}
		case graft.Bool:
			if v, err := d.Bool(r); err != nil || v != (string(d.Raw(r)) == "true") {
				t.Fatalf("Bool(%s) = %v, %v", d.Raw(r), v, err)
			}
		}
	}
	walk(r)
}

// maxDepth returns the nesting depth of JSON text b (strings skipped).
func maxDepth(b []byte) int {
	depth, top, in := 0, 0, false
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case in && c == '\\':
			i++
		case c == '"':
			in = !in
		case in:
		case c == '[' || c == '{':
			depth++
			top = max(top, depth)
		case c == ']' || c == '}':
			depth--
		}
	}
	return top
}

// loneSurrogate reports whether valid JSON text b holds a \u escape of a
// surrogate half that is not part of a pair.
func loneSurrogate(b []byte) bool {
	hex := func(i int) rune {
		if i+4 > len(b) {
			return -1
		}
		v, err := strconv.ParseUint(string(b[i:i+4]), 16, 32)
		if err != nil {
			return -1
		}
		return rune(v)
	}
	in := false
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case !in:
			in = c == '"'
		case c == '"':
			in = false
		case c == '\\' && i+1 < len(b) && b[i+1] == 'u':
			r := hex(i + 2)
			switch {
			case r >= 0xD800 && r < 0xDC00:
				if i+7 < len(b) && b[i+6] == '\\' && b[i+7] == 'u' {
					if lo := hex(i + 8); lo >= 0xDC00 && lo <= 0xDFFF {
						i += 11
						continue
					}
				}
				return true
			case r >= 0xDC00 && r <= 0xDFFF:
				return true
			}
			i += 5
		case c == '\\':
			i++
		}
	}
	return false
}

// FuzzRejectDuplicateNames: with RejectDuplicateNames, a text is accepted
// exactly when it is accepted by default and no object in it has two
// members of the same decoded name.
func FuzzRejectDuplicateNames(f *testing.F) {
	for _, c := range grammarCases {
		f.Add([]byte(c.in))
	}
	for _, s := range []string{`{"a":1,"b":2}`, `{"a":1,"a":2}`, `{ "a": 1, "\u0061": 2 }`, `[{"a":1},{"a":1}]`, `{"a":{"a":1},"b":{"a":2,"a":3}}`} {
		f.Add([]byte(s))
	}
	addCorpusSeeds(f, func(b []byte) { f.Add(b) })
	f.Fuzz(func(t *testing.T, data []byte) {
		var plain graft.Doc
		r, err := plain.Parse(data)
		if err != nil {
			return
		}
		want := !hasDuplicateNames(&plain, r)
		d := graft.New(graft.Options{RejectDuplicateNames: true})
		mustAppend(t, d, `{ "x": "\\\\\\\\", "y": "\\\\\\\\" }`) // leave escapes in the arena
		d.Reset()
		_, err = d.Append(data)
		if (err == nil) != want {
			t.Fatalf("RejectDuplicateNames: %v; duplicates: %v", err, !want)
		}
		if err != nil {
			syntaxErr(t, err, graft.ErrSyntax, string(data))
		}
	})
}

func hasDuplicateNames(d *graft.Doc, r graft.Ref) bool {
	switch d.Kind(r) {
	case graft.Object:
		seen := map[string]bool{}
		for k, v := range d.Members(r) {
			name, _ := d.Text(k)
			if seen[name] || hasDuplicateNames(d, v) {
				return true
			}
			seen[name] = true
		}
	case graft.Array:
		for _, v := range d.Items(r) {
			if hasDuplicateNames(d, v) {
				return true
			}
		}
	}
	return false
}

// FuzzMerge merges two parsed inputs, at a pointer if one is given, under
// each policy, and compares the result with the model (reference_test.go).
// A merge never panics; under ConflictError a failed merge leaves the Doc
// printing exactly as before; a successful merge prints valid JSON that
// walks the same as it prints.
func FuzzMerge(f *testing.F) {
	seeds := [][3]string{
		{`{"a":1,"b":{"c":2}}`, `{"b":{"d":3},"e":4}`, ""},
		{`[1,{"x":1}]`, `[2,{"y":2}]`, ""},
		{`{"a":{"b":[1,2]}}`, `{"a":{"b":{"x":1}}}`, ""},
		{`{"list":[{"x":1},{"x":2}]}`, `{"list":[{"x":1},{"x":[]}]}`, ""},
		{`{"a/b":{"c":1}}`, `{"a\/b":{"c":{}}}`, ""},
		{`{"a":{"x":1},"a":{"y":2}}`, `{"a":{"z":3},"a":null}`, ""},
		{`{"a":1}`, `{"c":3}`, "/b"},
		{`{"a":1,"b":{"c":3}}`, `{"d":5}`, "/b/c"},
		{`{"a":null}`, `{"x":1}`, "/a/b"},
		{`{"l":[{"x":1},{"y":2}]}`, `{"z":3}`, "/l/1"},
		{`{"l":[1]}`, `2`, "/l/-"},
		{`5`, `1`, "/a"},
		{`{}`, `1`, "/a~1b/m~0n"},
		{`{}`, `1`, "a"},
		{"{\n  \"id\": 12345678901234567890\n}", `{"id":12345678901234567891}`, ""},
		// The ways out of MergeAt's walk of the usual pointer.
		{`{"abcdefgh":{"abcdefghi":{"x":1}}}`, `{"y":2}`, "/abcdefgh/abcdefghi"},
		{`{"b":{"x":1},"\u0062":{"y":2}}`, `{"z":3}`, "/b/c"},
		{`{"a":{"é":{"x":1}}}`, `{"y":2}`, "/a/é"},
		{`{"":{"":1}}`, `2`, "//"},
		{`{"a":{"b/c":{}}}`, `3`, "/a/b~1c/d"},
		// Names of 9 to 16 bytes: lookups compare them as two words.
		{`{"__typename":"A","topProducts":[{"upc":"1"}],"_entities":{}}`, `{"\u005f_typename":"B","topProducts":{"x":1},"_entitiez":2}`, ""},
		{`{"_entities":{"abcdefghijklmnop":{"x":1},"abcdefghijklmnoq":{}}}`, `{"y":2}`, "/_entities/abcdefghijklmnop"},
		// As many new levels as MaxDepth's default allows, and one more.
		{`{}`, `0`, strings.Repeat("/", 1000)},
		{`{"":{}}`, `0`, strings.Repeat("/", 1002)},
	}
	for _, s := range seeds {
		f.Add([]byte(s[0]), []byte(s[1]), s[2])
	}
	f.Fuzz(func(t *testing.T, a, b []byte, ptr string) {
		for _, p := range policies {
			d := graft.New(graft.Options{Conflict: p.c})
			dst, err := d.Append(a)
			if err != nil {
				return
			}
			src, err := d.Append(b)
			if err != nil {
				return
			}
			model, msrc := modelOf(d, dst), modelOf(d, src)
			dstText, srcText, size := compact(d, dst), compact(d, src), d.Size()

			want := model.clone()
			wantPtr, ok, werr := modelMergeAt(want, ptr, msrc.clone(), p.c)
			var gerr error
			if ptr == "" {
				gerr = d.Merge(dst, src)
			} else {
				gerr = d.MergeAt(dst, ptr, src)
			}

			switch {
			case werr == errModelLimit:
				if !errors.Is(gerr, graft.ErrLimit) {
					t.Fatalf("%s: MergeAt(%q) = %v, want ErrLimit", p.name, ptr, gerr)
				}
			case werr != nil:
				if !errors.Is(gerr, graft.ErrPointer) {
					t.Fatalf("%s: MergeAt(%q) = %v, want ErrPointer", p.name, ptr, gerr)
				}
			case !ok:
				var e *graft.Error
				if !errors.As(gerr, &e) || !errors.Is(gerr, graft.ErrConflict) {
					t.Fatalf("%s: err = %v, want a conflict at %q", p.name, gerr, wantPtr)
				}
				if e.Pointer != wantPtr {
					t.Fatalf("%s: conflict at %q, model says %q", p.name, e.Pointer, wantPtr)
				}
			default:
				if gerr != nil {
					t.Fatalf("%s: %v; model merges to %s", p.name, gerr, modelJSON(want))
				}
				if err := matchModel(d, dst, want); err != nil {
					t.Fatalf("%s: result %s differs from the model: %v", p.name, compact(d, dst), err)
				}
				out := d.AppendJSON(nil, dst)
				if !json.Valid(out) {
					t.Fatalf("%s: result is not valid JSON: %q", p.name, out)
				}
				if walk := slowPrint(nil, d, dst); !bytes.Equal(out, walk) {
					t.Fatalf("%s: result prints %s, walks %s", p.name, out, walk)
				}
				continue
			}
			if compact(d, dst) != dstText || compact(d, src) != srcText || d.Size() != size {
				t.Fatalf("%s: a failed merge changed the Doc: %s, %s", p.name, compact(d, dst), compact(d, src))
			}
			if walk := slowPrint(nil, d, dst); string(walk) != dstText {
				t.Fatalf("%s: after a failed merge dst walks %s", p.name, walk)
			}
		}
	})
}

// modelJSON prints a model, for failure messages.
func modelJSON(m *mval) string {
	switch m.kind {
	case graft.Object:
		s := "{"
		for i, n := range m.names {
			if i > 0 {
				s += ","
			}
			q, _ := json.Marshal(n)
			s += string(q) + ":" + modelJSON(m.vals[i])
		}
		return s + "}"
	case graft.Array:
		s := "["
		for i, v := range m.vals {
			if i > 0 {
				s += ","
			}
			s += modelJSON(v)
		}
		return s + "]"
	}
	return m.raw
}

// FuzzPointer: Find never panics, agrees with ParsePointer on what is well
// formed, with Get on the pre-split path, and with a walk of the document
// by RFC 6901's rules; a well-formed pointer prints back as itself.
func FuzzPointer(f *testing.F) {
	for _, p := range []string{"", "/", "/foo", "/foo/0", "/a~1b", "/c%d", "/m~0n", "/foo/-", "/foo/01", "/~2", "a", "/a~", "//", "/ ", "/k\"l"} {
		f.Add([]byte(rfc6901Doc), p)
	}
	f.Add([]byte(`[[0,[1,2]],{"":{"~":3}}]`), "/1//~0")
	// Names of 9 to 16 bytes, which lookups compare as two words: equal
	// but for their first or last byte, escaped, given twice, and one
	// byte longer.
	nine := `{"__typename":1,"_entities":[{"topProducts":{"abcdefghijklmnop":2,"abcdefghijklmnoq":3,"zbcdefghijklmnop":4}}],` +
		`"\u005f_typename":5,"_entitiez":6,"abcdefghijklmnopq":7,"__typename":8}`
	for _, p := range []string{"/__typename", "/_entities/0/topProducts/abcdefghijklmnop", "/_entities/0/topProducts/zbcdefghijklmnop", "/_entitiez", "/abcdefghijklmnopq", "/abcdefghijklmnop"} {
		f.Add([]byte(nine), p)
	}
	f.Fuzz(func(t *testing.T, doc []byte, p string) {
		var d graft.Doc
		root, err := d.Parse(doc)
		if err != nil {
			return
		}
		r, ferr := d.Find(root, p)
		path, perr := graft.ParsePointer(p)
		if (ferr == nil) != (perr == nil) {
			t.Fatalf("Find: %v, ParsePointer: %v", ferr, perr)
		}
		if ferr != nil {
			var e *graft.Error
			if r != 0 || !errors.As(ferr, &e) || !errors.Is(ferr, graft.ErrPointer) || !errors.Is(perr, graft.ErrPointer) {
				t.Fatalf("malformed %q: %d, %v, %v", p, r, ferr, perr)
			}
			return
		}
		if s := path.String(); s != p {
			t.Fatalf("ParsePointer(%q).String() = %q", p, s)
		}
		if g := d.Get(root, path...); g != r {
			t.Fatalf("Get = %d, Find = %d", g, r)
		}
		// The reference walk.
		want := root
		for _, tok := range path {
			switch d.Kind(want) {
			case graft.Object:
				var found graft.Ref
				for k, v := range d.Members(want) {
					if name, _ := d.Text(k); name == tok {
						found = v
					}
				}
				want = found
			case graft.Array:
				i := modelIndex(tok)
				var found graft.Ref
				for j, v := range d.Items(want) {
					if j == i {
						found = v
					}
				}
				want = found
			default:
				want = 0
			}
			if want == 0 {
				break
			}
		}
		if want != r {
			t.Fatalf("Find(%q) = %s, a walk by RFC 6901 finds %s", p, compact(&d, r), compact(&d, want))
		}
	})
}

// FuzzMergeSequence edits a parsed document, then merges two more inputs
// into it one after the other, comparing each step with the model: the
// states a gateway goes through (grown objects, replaced members, merges
// that fail and roll back in between).
func FuzzMergeSequence(f *testing.F) {
	f.Add([]byte(`{"a":{"x":1},"l":[1,2]}`), []byte(`{"a":{"y":2},"l":[3,4]}`), []byte(`{"a":{"x":[]},"n":1}`), uint8(0))
	f.Add([]byte(`{"a":{"x":1},"l":[1,2]}`), []byte(`{"a":{"y":2},"l":[3]}`), []byte(`{"a":{"pre":{"z":1}}}`), uint8(5))
	f.Add([]byte(`[{"a":1},[2]]`), []byte(`[{"b":2},[3]]`), []byte(`[null,{}]`), uint8(10))
	f.Add([]byte("{\n \"o\": {\"k\": [1]}\n}"), []byte(`{"o":{"k":[2],"pre":3}}`), []byte(`{"o":null}`), uint8(13))
	f.Fuzz(func(t *testing.T, a, b, c []byte, edit uint8) {
		policy := []graft.Conflict{graft.ConflictError, graft.ConflictReplace, graft.ConflictKeep}[edit%3]
		d := graft.New(graft.Options{Conflict: policy})
		dst, err := d.Append(a)
		if err != nil {
			return
		}
		s1, err := d.Append(b)
		if err != nil {
			return
		}
		s2, err := d.Append(c)
		if err != nil {
			return
		}
		m := modelOf(d, dst)
		m1, m2 := modelOf(d, s1), modelOf(d, s2)

		// The edit before the merges.
		target, mt := dst, m
		if edit>>2&1 != 0 { // into the first child container, if any
			switch m.kind {
			case graft.Object:
				for i, v := range m.vals {
					if v.kind == graft.Object || v.kind == graft.Array {
						target, mt = d.Member(dst, m.names[i]), v
						if m.last(m.names[i]) != i {
							target, mt = dst, m // a hidden duplicate: stay at the top
						}
						break
					}
				}
			case graft.Array:
				for i, v := range m.vals {
					if v.kind == graft.Object || v.kind == graft.Array {
						target, mt = d.Index(dst, i), v
						break
					}
				}
			}
		}
		switch edit >> 3 & 3 {
		case 1: // grow
			if mt.kind == graft.Object {
				d.Set(target, "pre", d.NewInt(1))
				if j := mt.last("pre"); j >= 0 {
					mt.vals[j] = &mval{kind: graft.Number, raw: "1"}
				} else {
					mt.names, mt.vals = append(mt.names, "pre"), append(mt.vals, &mval{kind: graft.Number, raw: "1"})
				}
			} else if mt.kind == graft.Array {
				d.AppendItem(target, d.NewInt(1))
				mt.vals = append(mt.vals, &mval{kind: graft.Number, raw: "1"})
			}
		case 2: // replace the first child
			if mt.kind == graft.Object && len(mt.names) > 0 {
				d.Set(target, mt.names[0], d.NewNull())
				mt.vals[mt.last(mt.names[0])] = &mval{kind: graft.Null, raw: "null"}
			} else if mt.kind == graft.Array && len(mt.vals) > 0 {
				d.SetItem(target, 0, d.NewNull())
				mt.vals[0] = &mval{kind: graft.Null, raw: "null"}
			}
		case 3: // delete the first child
			if mt.kind == graft.Object && len(mt.names) > 0 {
				name := mt.names[0]
				d.Delete(target, name)
				for j := len(mt.names) - 1; j >= 0; j-- {
					if mt.names[j] == name {
						mt.names = append(mt.names[:j], mt.names[j+1:]...)
						mt.vals = append(mt.vals[:j], mt.vals[j+1:]...)
					}
				}
			} else if mt.kind == graft.Array && len(mt.vals) > 0 {
				d.DeleteItem(target, 0)
				mt.vals = mt.vals[1:]
			}
		}
		if err := matchModel(d, dst, m); err != nil {
			t.Fatalf("after the edit: %v", err)
		}

		for step, s := range []struct {
			r graft.Ref
			m *mval
		}{{s1, m1}, {s2, m2}} {
			before, size := compact(d, dst), d.Size()
			want := m.clone()
			wantPtr, ok := modelMerge(want, s.m.clone(), policy, "")
			err := d.Merge(dst, s.r)
			if !ok {
				var e *graft.Error
				if !errors.As(err, &e) || !errors.Is(err, graft.ErrConflict) || e.Pointer != wantPtr {
					t.Fatalf("merge %d: %v, want a conflict at %q", step, err, wantPtr)
				}
				if compact(d, dst) != before || d.Size() != size {
					t.Fatalf("merge %d failed and changed dst: %s", step, compact(d, dst))
				}
			} else {
				if err != nil {
					t.Fatalf("merge %d: %v; model merges to %s", step, err, modelJSON(want))
				}
				m = want
			}
			if err := matchModel(d, dst, m); err != nil {
				t.Fatalf("merge %d: %s differs from the model: %v", step, compact(d, dst), err)
			}
			if got, walk := compact(d, dst), string(slowPrint(nil, d, dst)); got != walk {
				t.Fatalf("merge %d: prints %s, walks %s", step, got, walk)
			}
			checkPrinters(t, d, dst)
		}
	})
}

// FuzzMergeEach checks the batch splice against merging item by item in a
// second Doc: the same result, or, under ConflictError, the same conflict
// (its pointer prefixed with the item's index) with the batch having
// changed nothing. The targets are the items of the first input, in order,
// reversed, or all its first item.
func FuzzMergeEach(f *testing.F) {
	for _, s := range [][2]string{
		{`[{"a":1},{"b":2}]`, `[{"x":1},{"y":[2]}]`},
		{`[{"a":1},{"b":2}]`, `[{"a":{"n":1}},{"b":null}]`},
		{`[{"a":1}]`, `[{"a":1,"a":{}}]`},
		{`[null,[1],5,{}]`, `[{"x":1},[2],null,{"\u0078":1,"x":2}]`},
		{`[{"p":1,"q":{"r":2}},{"s":3}]`, `[{"q":{"t":4},"u":5},{"v":{"w":[6]}}]`},
	} {
		for mode := range 9 {
			f.Add([]byte(s[0]), []byte(s[1]), uint8(mode))
		}
	}
	f.Fuzz(func(t *testing.T, a, b []byte, mode uint8) {
		policy := []graft.Conflict{graft.ConflictError, graft.ConflictReplace, graft.ConflictKeep}[mode%3]
		setup := func() (d *graft.Doc, root, src graft.Ref, targets []graft.Ref) {
			d = graft.New(graft.Options{Conflict: policy})
			root, err := d.Append(a)
			if err != nil || d.Kind(root) != graft.Array {
				return nil, 0, 0, nil
			}
			if src, err = d.Append(b); err != nil || d.Kind(src) != graft.Array {
				return nil, 0, 0, nil
			}
			for _, v := range d.Items(root) {
				targets = append(targets, v)
			}
			switch mode / 3 % 3 {
			case 1:
				slices.Reverse(targets)
			case 2:
				for i := range targets {
					targets[i] = targets[0]
				}
			}
			return d, root, src, targets
		}
		d, root, src, targets := setup()
		if d == nil || len(targets) != d.Len(src) {
			return
		}
		before, size := compact(d, root), d.Size()
		err := d.MergeEach(targets, src)

		ref, refRoot, refSrc, refTargets := setup()
		var refErr error
		at := ""
		for i, tr := range refTargets {
			if refErr = ref.Merge(tr, ref.Index(refSrc, i)); refErr != nil {
				at = "/" + strconv.Itoa(i)
				break
			}
		}
		if refErr == nil {
			if err != nil {
				t.Fatalf("MergeEach: %v; item by item merges", err)
			}
			if got, want := compact(d, root), compact(ref, refRoot); got != want {
				t.Fatalf("MergeEach gives %s, item by item %s", got, want)
			}
			if got, walk := compact(d, root), string(slowPrint(nil, d, root)); got != walk {
				t.Fatalf("prints %s, walks %s", got, walk)
			}
			checkPrinters(t, d, root)
			return
		}
		var e, refE *graft.Error
		if !errors.As(err, &e) || !errors.As(refErr, &refE) || !errors.Is(err, graft.ErrConflict) || e.Pointer != at+refE.Pointer {
			t.Fatalf("MergeEach: %v; item by item: %v at %s", err, refErr, at)
		}
		if compact(d, root) != before || d.Size() != size {
			t.Fatalf("a failed batch changed the Doc: %s", compact(d, root))
		}
	})
}

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
