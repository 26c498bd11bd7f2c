package bench

// S5 field reads: parse twitter.json and read statuses[0].id_str,
// statuses[0].user.screen_name (unescaped), statuses[99].retweet_count,
// search_metadata.count and statuses[10].user.followers_count. Tree peers
// parse (and validate) the whole document first; the "-lazy" rows (sonic's
// lazy ast, gjson, jsonparser) parse only what they pass through and do not
// validate the rest. jsontext has no path lookup; go-json-experiment is the jsonv2 row.

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"testing"

	"github.com/buger/jsonparser"
	jsonv2 "github.com/go-json-experiment/json"
	"github.com/tidwall/gjson"
	"github.com/valyala/fastjson"
	"github.com/wundergraph/astjson"
	"github.com/wundergraph/go-arena"
	origastjson "github.com/wundergraph/graphql-go-tools/v2/pkg/astjson"
)

// s5Rows is the S5 table; a graft row joins it from an init function.
var s5Rows = []fieldsRow{
	{name: "stdjson", setup: setupS5Any(json.Unmarshal)},
	{name: "jsonv2", setup: setupS5Any(func(in []byte, v any) error { return jsonv2.Unmarshal(in, v) })},
	{name: "fastjson", setup: setupS5Fastjson},
	{name: "astjson-arena", setup: func(tb testing.TB, in []byte) func(*twitterFields) error { return setupS5Astjson(tb, in, true) }},
	{name: "astjson-heap", setup: func(tb testing.TB, in []byte) func(*twitterFields) error { return setupS5Astjson(tb, in, false) }},
	// The original astjson keeps strings raw and has no unescape of its own;
	// screen_name is unescaped with jsonparser, which it is built on.
	{name: "astjson-orig", setup: setupS5AstjsonOrig},
	{name: "sonic-ast-lazy", setup: setupS5Sonic},
	// Five GetBytes calls, each scanning from the start.
	{name: "gjson-lazy", setup: setupS5Gjson},
	// One EachKey pass for the five paths.
	{name: "jsonparser-lazy", setup: setupS5Jsonparser},
}

// The five paths, in the key syntax of the peers that take key lists.
var (
	s5IDStr      = []string{"statuses", "0", "id_str"}
	s5ScreenName = []string{"statuses", "0", "user", "screen_name"}
	s5Retweets   = []string{"statuses", "99", "retweet_count"}
	s5Count      = []string{"search_metadata", "count"}
	s5Followers  = []string{"statuses", "10", "user", "followers_count"}
)

// bracketed rewrites array indexes as "[i]" (jsonparser and the original
// astjson).
func bracketed(path []string) []string {
	out := make([]string, len(path))
	for i, k := range path {
		if _, err := strconv.Atoi(k); err == nil {
			k = "[" + k + "]"
		}
		out[i] = k
	}
	return out
}

func BenchmarkS5Fields(b *testing.B) {
	in := loadCorpus(b, "twitter")
	for _, r := range s5Rows {
		b.Run(r.name, func(b *testing.B) {
			read := r.setup(b, in)
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			var f twitterFields
			if err := read(&f); err != nil {
				b.Fatalf("first read: %v", err)
			}
			if !f.equal(&s5Want) {
				b.Fatalf("first read: got %v, want %v", &f, &s5Want)
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if err := read(&f); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			if !f.equal(&s5Want) {
				b.Fatalf("after %d reads: got %v, want %v", b.N, &f, &s5Want)
			}
		})
	}
}

func TestS5Fields(t *testing.T) {
	in := loadCorpus(t, "twitter")
	for _, r := range s5Rows {
		t.Run(r.name, func(t *testing.T) {
			read := r.setup(t, in)
			for i := 0; i < 3; i++ {
				f := twitterFields{IDStr: []byte("stale-value-to-overwrite")}
				if err := read(&f); err != nil {
					t.Fatalf("read %d: %v", i+1, err)
				}
				if !f.equal(&s5Want) {
					t.Fatalf("read %d: got %v, want %v", i+1, &f, &s5Want)
				}
			}
		})
	}
}

// TestS5Reference checks s5Want against a plain encoding/json struct decode,
// so the expected values do not rest on the peers alone.
func TestS5Reference(t *testing.T) {
	in := loadCorpus(t, "twitter")
	var doc struct {
		Statuses []struct {
			IDStr        string `json:"id_str"`
			RetweetCount int64  `json:"retweet_count"`
			User         struct {
				ScreenName     string `json:"screen_name"`
				FollowersCount int64  `json:"followers_count"`
			} `json:"user"`
		} `json:"statuses"`
		SearchMetadata struct {
			Count int64 `json:"count"`
		} `json:"search_metadata"`
	}
	if err := json.Unmarshal(in, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Statuses) < 100 {
		t.Fatalf("twitter.json has %d statuses, want at least 100", len(doc.Statuses))
	}
	got := twitterFields{
		IDStr:        []byte(doc.Statuses[0].IDStr),
		ScreenName:   []byte(doc.Statuses[0].User.ScreenName),
		RetweetCount: doc.Statuses[99].RetweetCount,
		SearchCount:  doc.SearchMetadata.Count,
		Followers:    doc.Statuses[10].User.FollowersCount,
	}
	if !got.equal(&s5Want) {
		t.Fatalf("encoding/json reads %v, s5Want is %v", &got, &s5Want)
	}
}

var errS5Missing = errors.New("field missing or of the wrong type")

// anyAt walks a decoded any along path (array indexes as decimal strings).
func anyAt(v any, path []string) any {
	for _, k := range path {
		switch x := v.(type) {
		case map[string]any:
			v = x[k]
		case []any:
			i, err := strconv.Atoi(k)
			if err != nil || i < 0 || i >= len(x) {
				return nil
			}
			v = x[i]
		default:
			return nil
		}
	}
	return v
}

// setupS5Any decodes into any with unmarshal, then reads the fields; numbers
// come as float64 (exact for these small counts).
func setupS5Any(unmarshal func([]byte, any) error) func(testing.TB, []byte) func(*twitterFields) error {
	return func(_ testing.TB, in []byte) func(*twitterFields) error {
		return func(f *twitterFields) error {
			var v any
			if err := unmarshal(in, &v); err != nil {
				return err
			}
			id, ok1 := anyAt(v, s5IDStr).(string)
			name, ok2 := anyAt(v, s5ScreenName).(string)
			rt, ok3 := anyAt(v, s5Retweets).(float64)
			cnt, ok4 := anyAt(v, s5Count).(float64)
			fol, ok5 := anyAt(v, s5Followers).(float64)
			if !ok1 || !ok2 || !ok3 || !ok4 || !ok5 {
				return errS5Missing
			}
			f.IDStr = append(f.IDStr[:0], id...)
			f.ScreenName = append(f.ScreenName[:0], name...)
			f.RetweetCount, f.SearchCount, f.Followers = int64(rt), int64(cnt), int64(fol)
			return nil
		}
	}
}

func setupS5Fastjson(_ testing.TB, in []byte) func(*twitterFields) error {
	var p fastjson.Parser
	return func(f *twitterFields) error {
		v, err := p.ParseBytes(in)
		if err != nil {
			return err
		}
		id, err := v.Get(s5IDStr...).StringBytes()
		if err != nil {
			return err
		}
		name, err := v.Get(s5ScreenName...).StringBytes()
		if err != nil {
			return err
		}
		f.IDStr = append(f.IDStr[:0], id...)
		f.ScreenName = append(f.ScreenName[:0], name...)
		if f.RetweetCount, err = v.Get(s5Retweets...).Int64(); err != nil {
			return err
		}
		if f.SearchCount, err = v.Get(s5Count...).Int64(); err != nil {
			return err
		}
		f.Followers, err = v.Get(s5Followers...).Int64()
		return err
	}
}

func setupS5Astjson(tb testing.TB, in []byte, useArena bool) func(*twitterFields) error {
	var a arena.Arena
	if useArena {
		a = newAstjsonArena(tb, in)
	}
	var p astjson.Parser
	return func(f *twitterFields) error {
		if a != nil {
			a.Reset()
		}
		v, err := p.ParseBytesWithArena(a, in)
		if err != nil {
			return err
		}
		id, err := v.Get(s5IDStr...).StringBytes()
		if err != nil {
			return err
		}
		name, err := v.Get(s5ScreenName...).StringBytes()
		if err != nil {
			return err
		}
		f.IDStr = append(f.IDStr[:0], id...)
		f.ScreenName = append(f.ScreenName[:0], name...)
		if f.RetweetCount, err = v.Get(s5Retweets...).Int64(); err != nil {
			return err
		}
		if f.SearchCount, err = v.Get(s5Count...).Int64(); err != nil {
			return err
		}
		f.Followers, err = v.Get(s5Followers...).Int64()
		return err
	}
}

func setupS5AstjsonOrig(_ testing.TB, in []byte) func(*twitterFields) error {
	var j origastjson.JSON
	paths := [][]string{bracketed(s5IDStr), bracketed(s5ScreenName), bracketed(s5Retweets), bracketed(s5Count), bracketed(s5Followers)}
	var refs [5]int
	return func(f *twitterFields) error {
		if err := j.ParseObject(in); err != nil {
			return err
		}
		for i, p := range paths {
			if refs[i] = j.Get(j.RootNode, p); refs[i] < 0 {
				return fmt.Errorf("%v: %w", p, errS5Missing)
			}
		}
		f.IDStr = append(f.IDStr[:0], j.Nodes[refs[0]].ValueBytes(&j)...)
		// Unescape returns its input when there is nothing to unescape:
		// copy the result out, never unescape into f.
		var scratch [64]byte
		name, err := jsonparser.Unescape(j.Nodes[refs[1]].ValueBytes(&j), scratch[:])
		if err != nil {
			return err
		}
		f.ScreenName = append(f.ScreenName[:0], name...)
		if f.RetweetCount, err = jsonparser.ParseInt(j.Nodes[refs[2]].ValueBytes(&j)); err != nil {
			return err
		}
		if f.SearchCount, err = jsonparser.ParseInt(j.Nodes[refs[3]].ValueBytes(&j)); err != nil {
			return err
		}
		f.Followers, err = jsonparser.ParseInt(j.Nodes[refs[4]].ValueBytes(&j))
		return err
	}
}

// setupS5Sonic parses lazily and loads only what the paths pass through.
func setupS5Sonic(_ testing.TB, in []byte) func(*twitterFields) error {
	s := b2s(in) // in is never modified
	return func(f *twitterFields) error {
		root, err := parseSonic(s)
		if err != nil {
			return err
		}
		id, err := root.GetByPath("statuses", 0, "id_str").String()
		if err != nil {
			return err
		}
		name, err := root.GetByPath("statuses", 0, "user", "screen_name").String()
		if err != nil {
			return err
		}
		f.IDStr = append(f.IDStr[:0], id...)
		f.ScreenName = append(f.ScreenName[:0], name...)
		if f.RetweetCount, err = root.GetByPath("statuses", 99, "retweet_count").StrictInt64(); err != nil {
			return err
		}
		if f.SearchCount, err = root.GetByPath("search_metadata", "count").StrictInt64(); err != nil {
			return err
		}
		f.Followers, err = root.GetByPath("statuses", 10, "user", "followers_count").StrictInt64()
		return err
	}
}

func setupS5Gjson(_ testing.TB, in []byte) func(*twitterFields) error {
	return func(f *twitterFields) error {
		id := gjson.GetBytes(in, "statuses.0.id_str")
		name := gjson.GetBytes(in, "statuses.0.user.screen_name")
		rt := gjson.GetBytes(in, "statuses.99.retweet_count")
		cnt := gjson.GetBytes(in, "search_metadata.count")
		fol := gjson.GetBytes(in, "statuses.10.user.followers_count")
		if id.Type != gjson.String || name.Type != gjson.String || rt.Type != gjson.Number ||
			cnt.Type != gjson.Number || fol.Type != gjson.Number {
			return errS5Missing
		}
		f.IDStr = append(f.IDStr[:0], id.Str...)
		f.ScreenName = append(f.ScreenName[:0], name.Str...)
		f.RetweetCount, f.SearchCount, f.Followers = rt.Int(), cnt.Int(), fol.Int()
		return nil
	}
}

func setupS5Jsonparser(_ testing.TB, in []byte) func(*twitterFields) error {
	paths := [][]string{bracketed(s5IDStr), bracketed(s5ScreenName), bracketed(s5Retweets), bracketed(s5Count), bracketed(s5Followers)}
	return func(f *twitterFields) error {
		var found [5]bool
		var cbErr error
		var scratch [64]byte
		jsonparser.EachKey(in, func(i int, v []byte, _ jsonparser.ValueType, err error) {
			if err != nil {
				cbErr = err
				return
			}
			found[i] = true
			var u []byte // Unescape may return v itself: copy it out
			switch i {
			case 0:
				if u, err = jsonparser.Unescape(v, scratch[:]); err == nil {
					f.IDStr = append(f.IDStr[:0], u...)
				}
			case 1:
				if u, err = jsonparser.Unescape(v, scratch[:]); err == nil {
					f.ScreenName = append(f.ScreenName[:0], u...)
				}
			case 2:
				f.RetweetCount, err = jsonparser.ParseInt(v)
			case 3:
				f.SearchCount, err = jsonparser.ParseInt(v)
			case 4:
				f.Followers, err = jsonparser.ParseInt(v)
			}
			if err != nil {
				cbErr = err
			}
		}, paths...)
		if cbErr != nil {
			return cbErr
		}
		for i, ok := range found {
			if !ok {
				return fmt.Errorf("%v: %w", paths[i], errS5Missing)
			}
		}
		return nil
	}
}
