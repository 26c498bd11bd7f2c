package bench

// S6 JSON Patch (RFC 6902): parse twitter.json and a 100-operation patch,
// apply it, print the result. The patch (generated from the document, see
// buildS6Patch) tests, replaces, adds, moves, copies and removes values in
// 20 of the 100 statuses. Every row's output is checked as a JSON value
// against evanphx/json-patch's, and TestS6Patch checks the patched values
// one by one with encoding/json.

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"testing"

	jsonpatch "github.com/evanphx/json-patch/v5"
)

// s6Rows is the S6 table; a graft row joins it from an init function.
var s6Rows = []opRow{
	// Decodes the patch, then the document lazily into its own tree of
	// raw messages, applies, and re-encodes with encoding/json (keys keep
	// their order, strings are re-escaped).
	{name: "evanphx-jsonpatch~value", valueOnly: true, setup: setupS6Evanphx},
}

// s6Statuses are the statuses the patch touches.
func s6Statuses() []int {
	var s []int
	for i := 0; i < 100; i += 5 {
		s = append(s, i)
	}
	return s
}

var (
	s6Once               sync.Once
	s6Patch, s6Want      []byte
	s6Err                error
	s6Doc                []byte
	s6MetadataOf         = map[int]any{}
	s6ScreenNameOf       = map[int]string{}
	s6ProfileImageURLOf  = map[int]string{}
	s6InReplyToStatusIDs = map[int]any{}
)

// s6Inputs returns twitter.json, the patch and the expected result (as
// evanphx/json-patch prints it), skipping tb without the corpus.
func s6Inputs(tb testing.TB) (doc, patch, want []byte) {
	doc = loadCorpus(tb, "twitter")
	s6Once.Do(func() {
		s6Doc = doc
		s6Patch, s6Err = buildS6Patch(doc)
		if s6Err != nil {
			return
		}
		var p jsonpatch.Patch
		if p, s6Err = jsonpatch.DecodePatch(s6Patch); s6Err == nil {
			s6Want, s6Err = p.Apply(doc)
		}
	})
	if s6Err != nil {
		tb.Fatalf("S6 inputs: %v", s6Err)
	}
	return doc, s6Patch, s6Want
}

// buildS6Patch writes five operations for each status of s6Statuses,
// taking the values that "test" compares from the document itself.
func buildS6Patch(doc []byte) ([]byte, error) {
	var tw struct {
		Statuses []struct {
			Metadata          map[string]any `json:"metadata"`
			InReplyToStatusID any            `json:"in_reply_to_status_id"`
			User              struct {
				ScreenName      string `json:"screen_name"`
				ProfileImageURL string `json:"profile_image_url"`
			} `json:"user"`
		} `json:"statuses"`
	}
	if err := json.Unmarshal(doc, &tw); err != nil {
		return nil, err
	}
	if len(tw.Statuses) != 100 {
		return nil, fmt.Errorf("twitter.json has %d statuses, want 100", len(tw.Statuses))
	}
	var b strings.Builder
	b.WriteString("[\n")
	for n, i := range s6Statuses() {
		st := tw.Statuses[i]
		s6MetadataOf[i], s6ScreenNameOf[i], s6ProfileImageURLOf[i], s6InReplyToStatusIDs[i] =
			st.Metadata, st.User.ScreenName, st.User.ProfileImageURL, st.InReplyToStatusID
		p := "/statuses/" + strconv.Itoa(i)
		if n%2 == 0 {
			// encoding/json prints the members sorted, not in the
			// document's order: test compares objects as values.
			meta, _ := json.Marshal(st.Metadata)
			fmt.Fprintf(&b, `{"op":"test","path":"%s/metadata","value":%s},`+"\n", p, meta)
		} else {
			fmt.Fprintf(&b, `{"op":"remove","path":"%s/in_reply_to_status_id"},`+"\n", p)
		}
		fmt.Fprintf(&b, `{"op":"replace","path":"%s/retweet_count","value":%d},`+"\n", p, 1000+i)
		fmt.Fprintf(&b, `{"op":"add","path":"%s/user/verified_by","value":{"gateway":"graft","at":%d,"tags":["a","b"]}},`+"\n", p, 1700000000+i)
		fmt.Fprintf(&b, `{"op":"move","from":"%s/user/profile_image_url","path":"%s/user/avatar"},`+"\n", p, p)
		fmt.Fprintf(&b, `{"op":"copy","from":"%s/user/screen_name","path":"%s/entities/hashtags/0"}`, p, p)
		if n < len(s6Statuses())-1 {
			b.WriteString(",\n")
		}
	}
	b.WriteString("\n]")
	return []byte(b.String()), nil
}

func BenchmarkS6Patch(b *testing.B) {
	doc, patch, want := s6Inputs(b)
	for _, r := range s6Rows {
		b.Run(r.name, func(b *testing.B) {
			b.SetBytes(int64(len(doc) + len(patch)))
			benchOp(b, r.setup(b), want, r.valueOnly)
		})
	}
}

func TestS6Patch(t *testing.T) {
	doc, patch, want := s6Inputs(t)
	var ops []any
	if err := json.Unmarshal(patch, &ops); err != nil || len(ops) != 100 {
		t.Fatalf("the patch has %d operations (%v), want 100", len(ops), err)
	}
	checkS6Result(t, doc, want)
	for _, r := range s6Rows {
		t.Run(r.name, func(t *testing.T) {
			testOp(t, r.setup(t), want, r.valueOnly)
		})
	}
}

// checkS6Result checks the patched document value by value.
func checkS6Result(t *testing.T, doc, got []byte) {
	var before, after struct {
		Statuses []map[string]any `json:"statuses"`
	}
	if err := json.Unmarshal(doc, &before); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(got, &after); err != nil {
		t.Fatal(err)
	}
	touched := map[int]bool{}
	for n, i := range s6Statuses() {
		touched[i] = true
		st := after.Statuses[i]
		user := st["user"].(map[string]any)
		_, hasReply := st["in_reply_to_status_id"]
		hashtags := st["entities"].(map[string]any)["hashtags"].([]any)
		switch {
		case st["retweet_count"] != float64(1000+i):
			t.Errorf("status %d: retweet_count %v", i, st["retweet_count"])
		case hasReply != (n%2 == 0):
			t.Errorf("status %d: in_reply_to_status_id present: %v", i, hasReply)
		case user["avatar"] != s6ProfileImageURLOf[i] || user["profile_image_url"] != nil:
			t.Errorf("status %d: avatar %v, profile_image_url %v", i, user["avatar"], user["profile_image_url"])
		case fmt.Sprint(user["verified_by"]) != fmt.Sprint(map[string]any{"gateway": "graft", "at": float64(1700000000 + i), "tags": []any{"a", "b"}}):
			t.Errorf("status %d: verified_by %v", i, user["verified_by"])
		case len(hashtags) == 0 || hashtags[0] != s6ScreenNameOf[i]:
			t.Errorf("status %d: hashtags %v", i, hashtags)
		}
	}
	for i := range after.Statuses {
		if !touched[i] && fmt.Sprint(after.Statuses[i]) != fmt.Sprint(before.Statuses[i]) {
			t.Errorf("status %d changed", i)
		}
	}
}

func setupS6Evanphx(tb testing.TB) op {
	doc, patch, _ := s6Inputs(tb)
	return func(dst []byte) ([]byte, error) {
		p, err := jsonpatch.DecodePatch(patch)
		if err != nil {
			return dst, err
		}
		return p.Apply(doc)
	}
}
