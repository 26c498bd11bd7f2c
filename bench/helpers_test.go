package bench

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"unsafe"
)

// ---------------------------------------------------------------------------
// Rows: every scenario is a table of these, so that a graft row (or a new
// peer) joins a scenario by appending to its table from an init function.

// op performs one operation of a scenario and returns its printed output.
// It appends to dst when the peer can print into a caller's buffer; a peer
// that returns its own slice may ignore dst. The returned bytes are valid
// until the next call of the op (the runners check each output before the
// next call and pass it back as dst).
type op func(dst []byte) ([]byte, error)

// opRow is a row of a scenario whose inputs are generated (S1, S4).
type opRow struct {
	name string
	// valueOnly marks a row whose output is checked as an equal JSON value
	// instead of byte for byte (its name ends in "~value").
	valueOnly bool
	// setup prepares reusable state (parsers, arenas, buffers) and returns
	// the operation; it runs outside the timed loop.
	setup func(tb testing.TB) op
}

// fileRow is a row of a scenario over one corpus file (S2).
type fileRow struct {
	name      string
	valueOnly bool
	setup     func(tb testing.TB, in []byte) op
}

// parseRow is a row of the parse-only scenario (S3). parse parses in once
// (the timed work); check verifies what the last parse produced, outside the
// timed loop, usually by printing the tree and comparing with the input.
type parseRow struct {
	name  string
	setup func(tb testing.TB, in []byte) (parse func() error, check func() error)
}

// fieldsRow is a row of the field-read scenario (S5): read parses in and
// stores the five fields into f, reusing f's byte slices.
type fieldsRow struct {
	name  string
	setup func(tb testing.TB, in []byte) (read func(f *twitterFields) error)
}

// ---------------------------------------------------------------------------
// Corpus.

// corpusFiles are the files of S2 and S3, without ".json".
var corpusFiles = []string{"twitter", "citm_catalog", "canada"}

// corpusDir is GRAFT_CORPUS, or ../../shared/corpus relative to the bench
// directory (go test runs in the package directory, so a relative path
// resolves against bench/).
func corpusDir() string {
	if d := os.Getenv("GRAFT_CORPUS"); d != "" {
		return d
	}
	return filepath.Join("..", "..", "shared", "corpus")
}

var corpusCache sync.Map // name -> []byte

// loadCorpus returns the contents of corpus file name+".json", skipping the
// test or benchmark when the file is not there. Callers must not modify it.
func loadCorpus(tb testing.TB, name string) []byte {
	tb.Helper()
	if v, ok := corpusCache.Load(name); ok {
		return v.([]byte)
	}
	path := filepath.Join(corpusDir(), name+".json")
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		tb.Skipf("corpus file %s is absent (set GRAFT_CORPUS to the corpus directory)", path)
	}
	if err != nil {
		tb.Fatalf("reading corpus: %v", err)
	}
	v, _ := corpusCache.LoadOrStore(name, data)
	return v.([]byte)
}

var compactCache sync.Map // string(input) pointer key -> []byte

// compactOf is encoding/json.Compact of in: the expected output of a round
// trip. It is cached per input slice.
func compactOf(in []byte) []byte {
	key := unsafe.SliceData(in)
	if v, ok := compactCache.Load(key); ok {
		return v.([]byte)
	}
	var buf bytes.Buffer
	buf.Grow(len(in))
	if err := json.Compact(&buf, in); err != nil {
		panic(fmt.Sprintf("compactOf: invalid input: %v", err))
	}
	v, _ := compactCache.LoadOrStore(key, buf.Bytes())
	return v.([]byte)
}

// ---------------------------------------------------------------------------
// S1 inputs and expected output.

const (
	s1Base    = `{"a":1}`
	s1AtB     = `{"c":3}`       // merged at /b (creates b)
	s1AtBC    = `{"d":5}`       // merged at /b/c (replaces the number 3)
	s1BoolDoc = `{"bool":true}` // its /bool is merged at /b/c/d
	s1Want    = `{"a":1,"b":{"c":{"d":true}}}`
)

// ---------------------------------------------------------------------------
// S4 inputs and expected output.

// s4Items is the number of products and entities in S4.
const s4Items = 100

var (
	s4Products = buildS4Products(s4Items)
	s4Entities = buildS4Entities(s4Items)
	s4Want     = buildS4Want(s4Items)
)

// buildS4Products returns {"data":{"topProducts":[{"name":"P<i>","__typename":"Product","upc":"<i>"},…]}}.
func buildS4Products(n int) []byte {
	b := []byte(`{"data":{"topProducts":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendS4Product(b, i)
		b = append(b, '}')
	}
	return append(b, "]}}"...)
}

// buildS4Entities returns {"data":{"_entities":[{"stock":<i>,"reviews":[{"body":"b<i>"}]},…]}}.
func buildS4Entities(n int) []byte {
	b := []byte(`{"data":{"_entities":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '{')
		b = appendS4EntityMembers(b, i)
		b = append(b, '}')
	}
	return append(b, "]}}"...)
}

// buildS4Want is the data object after entity i was merged into product i:
// the entity's members appended after the product's, in order.
func buildS4Want(n int) []byte {
	b := []byte(`{"topProducts":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendS4Product(b, i)
		b = append(b, ',')
		b = appendS4EntityMembers(b, i)
		b = append(b, '}')
	}
	return append(b, "]}"...)
}

// appendS4Product appends a product object without its closing brace.
func appendS4Product(b []byte, i int) []byte {
	b = append(b, `{"name":"P`...)
	b = strconv.AppendInt(b, int64(i), 10)
	b = append(b, `","__typename":"Product","upc":"`...)
	b = strconv.AppendInt(b, int64(i), 10)
	return append(b, '"')
}

func appendS4EntityMembers(b []byte, i int) []byte {
	b = append(b, `"stock":`...)
	b = strconv.AppendInt(b, int64(i), 10)
	b = append(b, `,"reviews":[{"body":"b`...)
	b = strconv.AppendInt(b, int64(i), 10)
	return append(b, `"}]`...)
}

// ---------------------------------------------------------------------------
// S5 fields.

// twitterFields are the five values S5 reads from twitter.json. The byte
// slices are reused from one read to the next.
type twitterFields struct {
	IDStr        []byte // statuses[0].id_str
	ScreenName   []byte // statuses[0].user.screen_name, unescaped
	RetweetCount int64  // statuses[99].retweet_count
	SearchCount  int64  // search_metadata.count
	Followers    int64  // statuses[10].user.followers_count
}

// s5Want holds the values of twitter.json, checked with python's json module
// (and again against encoding/json by TestS5Reference).
var s5Want = twitterFields{
	IDStr:        []byte("505874924095815681"),
	ScreenName:   []byte("ayuu0123"),
	RetweetCount: 0,
	SearchCount:  100,
	Followers:    664,
}

func (f *twitterFields) equal(g *twitterFields) bool {
	return bytes.Equal(f.IDStr, g.IDStr) && bytes.Equal(f.ScreenName, g.ScreenName) &&
		f.RetweetCount == g.RetweetCount && f.SearchCount == g.SearchCount && f.Followers == g.Followers
}

func (f *twitterFields) String() string {
	return fmt.Sprintf("{id_str:%q screen_name:%q retweet_count:%d count:%d followers_count:%d}",
		f.IDStr, f.ScreenName, f.RetweetCount, f.SearchCount, f.Followers)
}

// ---------------------------------------------------------------------------
// Checking outputs.

// checkOutput compares a row's output with the expected bytes: byte for byte,
// or, when valueOnly is set, as JSON values (the output must still be
// compact).
func checkOutput(got, want []byte, valueOnly bool) error {
	if !valueOnly {
		if !bytes.Equal(got, want) {
			return fmt.Errorf("output differs from the expected bytes at offset %d:\n got: %s\nwant: %s",
				firstDiff(got, want), excerpt(got, firstDiff(got, want)), excerpt(want, firstDiff(got, want)))
		}
		return nil
	}
	// Still compact: no whitespace outside strings.
	var c bytes.Buffer
	if err := json.Compact(&c, got); err == nil && c.Len() != len(got) {
		return fmt.Errorf("output is not compact (%d bytes, %d once compacted)", len(got), c.Len())
	}
	_, err := jsonValueEqual(got, want)
	return err
}

func firstDiff(a, b []byte) int {
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return n
}

func excerpt(b []byte, at int) string {
	lo, hi := max(0, at-40), min(len(b), at+40)
	return fmt.Sprintf("…%s… (len %d)", b[lo:hi], len(b))
}

// jsonValueEqual reports whether a and b hold the same JSON value: objects
// as sets of members (order ignored), arrays item by item, strings after
// unescaping, numbers by text or, failing that, by their float64 value.
// lossy counts the numbers that were equal only as float64 (a peer that
// decodes into float64 rewrites 505874924095815681 as 505874924095815700).
func jsonValueEqual(a, b []byte) (lossy int, err error) {
	va, err := decodeUseNumber(a)
	if err != nil {
		return 0, fmt.Errorf("output is not valid JSON: %w", err)
	}
	vb, err := decodeUseNumber(b)
	if err != nil {
		return 0, fmt.Errorf("expected value is not valid JSON: %w", err)
	}
	err = valueEqual(va, vb, "", &lossy)
	return lossy, err
}

func decodeUseNumber(b []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, errors.New("data after the top-level value")
	}
	return v, nil
}

func valueEqual(a, b any, path string, lossy *int) error {
	switch a := a.(type) {
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok {
			return fmt.Errorf("at %q: got an object, want %T", path, b)
		}
		if len(a) != len(b) {
			return fmt.Errorf("at %q: got %d members, want %d", path, len(a), len(b))
		}
		for k, av := range a {
			bv, ok := b[k]
			if !ok {
				return fmt.Errorf("at %q: unexpected member %q", path, k)
			}
			if err := valueEqual(av, bv, path+"/"+k, lossy); err != nil {
				return err
			}
		}
		return nil
	case []any:
		b, ok := b.([]any)
		if !ok {
			return fmt.Errorf("at %q: got an array, want %T", path, b)
		}
		if len(a) != len(b) {
			return fmt.Errorf("at %q: got %d items, want %d", path, len(a), len(b))
		}
		for i := range a {
			if err := valueEqual(a[i], b[i], path+"/"+strconv.Itoa(i), lossy); err != nil {
				return err
			}
		}
		return nil
	case json.Number:
		b, ok := b.(json.Number)
		if !ok {
			return fmt.Errorf("at %q: got number %s, want %T", path, a, b)
		}
		if a == b {
			return nil
		}
		fa, errA := strconv.ParseFloat(string(a), 64)
		fb, errB := strconv.ParseFloat(string(b), 64)
		if errA == nil && errB == nil && (fa == fb || math.IsNaN(fa) && math.IsNaN(fb)) {
			*lossy++
			return nil
		}
		return fmt.Errorf("at %q: got number %s, want %s", path, a, b)
	default: // string, bool, nil
		if a != b {
			return fmt.Errorf("at %q: got %#v, want %#v", path, a, b)
		}
		return nil
	}
}

// tokenCounts counts the tokens of in as a token stream reader sees them
// (delimiters, member names and scalars) and the values in it (scalars,
// objects and arrays; not names, not closing delimiters).
func tokenCounts(in []byte) (tokens, values int) {
	d := json.NewDecoder(bytes.NewReader(in))
	// inObject[i] tells whether nesting level i is an object; names are the
	// string tokens read where an object expects a name.
	var inObject []bool
	var expectName []bool
	for {
		t, err := d.Token()
		if err == io.EOF {
			return tokens, values
		}
		if err != nil {
			panic(err)
		}
		tokens++
		top := len(inObject) - 1
		if top >= 0 && inObject[top] && expectName[top] {
			if dl, ok := t.(json.Delim); !ok || dl != '}' {
				expectName[top] = false // a name
				continue
			}
		}
		switch t {
		case json.Delim('{'), json.Delim('['):
			values++
			if top >= 0 && inObject[top] {
				expectName[top] = true
			}
			inObject = append(inObject, t == json.Delim('{'))
			expectName = append(expectName, t == json.Delim('{'))
		case json.Delim('}'), json.Delim(']'):
			inObject, expectName = inObject[:top], expectName[:top]
		default:
			values++
			if top >= 0 && inObject[top] {
				expectName[top] = true
			}
		}
	}
}

var tokenCountCache sync.Map // input pointer -> [2]int

// cachedTokenCounts is tokenCounts, cached per input slice.
func cachedTokenCounts(in []byte) (tokens, values int) {
	key := unsafe.SliceData(in)
	if v, ok := tokenCountCache.Load(key); ok {
		c := v.([2]int)
		return c[0], c[1]
	}
	tokens, values = tokenCounts(in)
	tokenCountCache.Store(key, [2]int{tokens, values})
	return tokens, values
}

// b2s views b as a string without copying. The string is valid only as long
// as b is neither modified nor freed; the rows use it for keys that live in a
// peer's parser buffer until that parser's next parse, which is the lifetime
// the peer documents for the values it returns.
func b2s(b []byte) string {
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// appendWriter is an io.Writer that appends to a byte slice, for peers that
// print only to an io.Writer.
type appendWriter struct{ b []byte }

func (w *appendWriter) Write(p []byte) (int, error) {
	w.b = append(w.b, p...)
	return len(p), nil
}

// ---------------------------------------------------------------------------
// Shared runners.

// benchOp runs an op in a benchmark loop, checking its output before the
// timer starts and after it stops.
func benchOp(b *testing.B, o op, want []byte, valueOnly bool) {
	b.Helper()
	b.ReportAllocs()
	out, err := o(nil)
	if err != nil {
		b.Fatalf("first run: %v", err)
	}
	if err := checkOutput(out, want, valueOnly); err != nil {
		b.Fatalf("first run: %v", err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		out, err = o(out[:0])
		if err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	if err := checkOutput(out, want, valueOnly); err != nil {
		b.Fatalf("after %d runs: %v", b.N, err)
	}
}

// testOp runs an op three times (so that reused state is exercised) and
// checks every output.
func testOp(t *testing.T, o op, want []byte, valueOnly bool) {
	t.Helper()
	var out []byte
	for i := 0; i < 3; i++ {
		var err error
		out, err = o(out[:0])
		if err != nil {
			t.Fatalf("run %d: %v", i+1, err)
		}
		if err := checkOutput(out, want, valueOnly); err != nil {
			t.Fatalf("run %d: %v", i+1, err)
		}
	}
	if valueOnly {
		lossy, _ := jsonValueEqual(out, want)
		exact := bytes.Equal(out, want)
		t.Logf("checked as a JSON value: byte-exact=%v, numbers equal only as float64: %d", exact, lossy)
	}
}

// timeParses checks a first parse, times b.N more and checks the last: the
// timed loop of every parse-only table.
func timeParses(b *testing.B, parse, check func() error) {
	b.ReportAllocs()
	if err := parse(); err != nil {
		b.Fatalf("first parse: %v", err)
	}
	if err := check(); err != nil {
		b.Fatalf("first parse: %v", err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := parse(); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	if err := check(); err != nil {
		b.Fatalf("after %d parses: %v", b.N, err)
	}
}
