package graft_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/graftjson/graft"
)

// TestMemberShortNames holds Member and Set to a walk of Members for names
// of 0 to 17 bytes (the word compares of lookups take those of up to 16,
// as one word up to 8, as two up to 16): names that are prefixes of one
// another or differ in their first byte only, given twice, escaped but
// equal once decoded, and members whose name is the last text of the
// arena, so that fewer than 8 bytes follow its first byte.
func TestMemberShortNames(t *testing.T) {
	const letters = "abcdefghijklmnopq"
	names := []string{""}
	for n := 1; n <= len(letters); n++ {
		names = append(names, letters[:n], letters[:n-1]+"z")
		if n > 1 {
			names = append(names, "z"+letters[1:n])
		}
	}
	// escaped spells name with its first byte as a \u escape, or "" as is.
	escaped := func(name string) string {
		if name == "" {
			return ""
		}
		return `\u00` + strconv.FormatInt(int64(name[0]), 16) + name[1:]
	}
	for _, c := range []struct {
		name string
		// build returns an object whose member names are names (member
		// i's value is i), in that order, built in d.
		build func(t *testing.T, d *graft.Doc, names []string) graft.Ref
	}{
		{name: "parsed", build: func(t *testing.T, d *graft.Doc, names []string) graft.Ref {
			return parsedObject(t, d, names, func(int, string) string { return "" })
		}},
		{name: "parsed escaped", build: func(t *testing.T, d *graft.Doc, names []string) graft.Ref {
			return parsedObject(t, d, names, func(i int, n string) string {
				if i%2 == 1 {
					return escaped(n)
				}
				return ""
			})
		}},
		{name: "built at the arena's end", build: func(t *testing.T, d *graft.Doc, names []string) graft.Ref {
			// Right after its Set, each name is the last text of the
			// arena, where Member looks it up; when the next Set looks,
			// only that value's text follows it.
			obj := d.NewObject()
			for i, n := range names {
				v := d.NewInt(int64(i))
				if err := d.Set(obj, n, v); err != nil {
					t.Fatal(err)
				}
				if graft.Ref(0) == d.Member(obj, n) {
					t.Fatalf("%q: not found right after Set", n)
				}
			}
			return obj
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			// Every name once, then each name with its duplicates after
			// the others, in both orders, and a large object (indexed by
			// Set) with each name twice.
			lists := [][]string{names}
			for _, n := range names {
				lists = append(lists, []string{n, "x", n}, []string{"x", n, "y", n})
			}
			lists = append(lists, append(append([]string{}, names...), names...))
			for _, list := range lists {
				d := graft.New(graft.Options{})
				obj := c.build(t, d, list)
				checkMemberLookups(t, d, obj, names)
				// Set replaces the value of the last member of the name
				// or appends one: the object must then read as the walk
				// says.
				for _, n := range names {
					v := d.NewString("set " + n)
					if err := d.Set(obj, n, v); err != nil {
						t.Fatal(err)
					}
					if got := d.Member(obj, n); got != v {
						t.Fatalf("%v: Set %q, then Member gives %s", list, n, compact(d, got))
					}
					checkMemberLookups(t, d, obj, names)
				}
				if got, want := compact(d, obj), string(slowPrint(nil, d, obj)); got != want {
					t.Fatalf("%v: prints %s, walks %s", list, got, want)
				}
			}
		})
	}
}

// parsedObject parses an object whose member names are names, each
// spelled as spell returns it (the name itself where it returns ""), and
// whose member i's value is i.
func parsedObject(t *testing.T, d *graft.Doc, names []string, spell func(i int, name string) string) graft.Ref {
	var b strings.Builder
	b.WriteByte('{')
	for i, n := range names {
		if i > 0 {
			b.WriteByte(',')
		}
		if s := spell(i, n); s != "" {
			n = s
		}
		b.WriteString(`"` + n + `":` + strconv.Itoa(i))
	}
	b.WriteByte('}')
	return mustAppend(t, d, b.String())
}

// checkMemberLookups fails t unless Member finds, for each of names, the
// value of the last member a walk of Members finds by decoded name.
func checkMemberLookups(t *testing.T, d *graft.Doc, obj graft.Ref, names []string) {
	t.Helper()
	for _, n := range append(names, "abcdefghij", "x", "nope") {
		var want graft.Ref
		for k, v := range d.Members(obj) {
			if text, _ := d.Text(k); text == n {
				want = v
			}
		}
		if got := d.Member(obj, n); got != want {
			t.Fatalf("Member(%s, %q) = %s, the walk finds %s", clip(compact(d, obj)), n, compact(d, got), compact(d, want))
		}
	}
}
