package graphqlbench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// op performs one operation and returns the response, appended to dst
// when the row can append. The returned bytes are valid until the next
// call.
type op func(dst []byte) ([]byte, error)

// row is one implementation of a scenario.
type row struct {
	name string
	// gqtDialect marks a row whose errors are in graphql-go-tools' dialect
	// (shapeCase.wantGQT).
	gqtDialect bool
	setup      func(tb testing.TB) op
}

// shapeParseRender is the table of BenchmarkShapeParseRender: each op
// parses the data and renders the response.
var shapeParseRender = []row{
	{name: "graft", setup: setupGraftParseRender},
	{name: "graphql-go-tools", gqtDialect: true, setup: setupGQTParseRender},
	{name: "stdjson-map", setup: setupStdParseRender},
}

// shapeRender is the table of BenchmarkShapeRender: the data is parsed
// once in setup and each op renders the response from it.
var shapeRender = []row{
	{name: "graft", setup: setupGraftRender},
	// graphql-go-tools' Resolve nulls failed positions inside its data tree
	// during its first walk and keeps the errors it recorded, so a second
	// Resolve over the same tree gives the same response while doing less
	// work (no error is built, nulled subtrees are not walked). It is the
	// closest it comes to rendering a parsed tree, and favours it.
	{name: "graphql-go-tools-rerender", gqtDialect: true, setup: setupGQTRerender},
	{name: "stdjson-map", setup: setupStdRender},
}

func BenchmarkShapeParseRender(b *testing.B) { benchRows(b, shapeParseRender) }

func BenchmarkShapeRender(b *testing.B) { benchRows(b, shapeRender) }

func TestShapeParseRender(t *testing.T) { testRows(t, shapeParseRender) }

func TestShapeRender(t *testing.T) { testRows(t, shapeRender) }

func benchRows(b *testing.B, rows []row) {
	for _, r := range rows {
		b.Run(r.name, func(b *testing.B) {
			o, want := r.setup(b), r.want()
			b.SetBytes(int64(len(shaping.data)))
			b.ReportAllocs()
			out, err := o(nil)
			if err == nil {
				err = check(out, want)
			}
			if err != nil {
				b.Fatalf("first run: %v", err)
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if out, err = o(out[:0]); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			if err := check(out, want); err != nil {
				b.Fatalf("after %d runs: %v", b.N, err)
			}
		})
	}
}

// testRows runs every row three times, so that reused state is exercised,
// and checks each response against the expected bytes.
func testRows(t *testing.T, rows []row) {
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			o, want := r.setup(t), r.want()
			var out []byte
			for i := 0; i < 3; i++ {
				var err error
				if out, err = o(out[:0]); err != nil {
					t.Fatalf("run %d: %v", i+1, err)
				}
				if err := check(out, want); err != nil {
					t.Fatalf("run %d: %v", i+1, err)
				}
			}
		})
	}
}

func (r row) want() []byte {
	if r.gqtDialect {
		return shaping.wantGQT
	}
	return shaping.want
}

func check(got, want []byte) error {
	if bytes.Equal(got, want) {
		return nil
	}
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	return fmt.Errorf("response differs from the expected bytes at offset %d:\n got: …%s…\nwant: …%s…", i, excerpt(got, i), excerpt(want, i))
}

func excerpt(b []byte, at int) []byte {
	return b[max(0, at-80):min(len(b), at+80)]
}

// TestShapeCase checks the generator: valid JSON of about 1 MB, the two
// dialects differing only in their errors, and the violations present.
func TestShapeCase(t *testing.T) {
	for name, b := range map[string][]byte{"data": shaping.data, "want": shaping.want, "wantGQT": shaping.wantGQT} {
		if !json.Valid(b) {
			t.Fatalf("%s is not valid JSON", name)
		}
	}
	if n := len(shaping.data); n < 900_000 || n > 1_300_000 {
		t.Errorf("data is %d bytes, want about 1 MB", n)
	}
	if want := 3 * shapeProducts / 100; shaping.errors != want {
		t.Errorf("%d errors, want %d", shaping.errors, want)
	}
	_, data, _ := bytes.Cut(shaping.want, []byte(`],"data":`))
	_, dataGQT, _ := bytes.Cut(shaping.wantGQT, []byte(`],"data":`))
	if !bytes.Equal(data, dataGQT) {
		t.Error("the two dialects differ in data")
	}
	t.Logf("data %d bytes, response %d bytes, %d errors", len(shaping.data), len(shaping.want), shaping.errors)
}

// TestShapeLocations checks that the locations the expected errors carry
// are where shapeQuery writes the fields.
func TestShapeLocations(t *testing.T) {
	lines := strings.Split(shapeQuery, "\n")
	for field, loc := range map[string][2]int{"inStock": locInStock, "body": locBody, "id": locAuthorID} {
		line := lines[loc[0]-1]
		if !strings.HasPrefix(line[loc[1]-1:], field) {
			t.Errorf("line %d column %d is %q, not %s", loc[0], loc[1], line[loc[1]-1:], field)
		}
	}
}
