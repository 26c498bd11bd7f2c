package graft_test

import (
	"encoding/json"
	"errors"
	"math/rand"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/graftjson/graft"
)

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

// TestStringDecoding: AppendString, Text and Equals of every escape
// agree with encoding/json.
func TestStringDecoding(t *testing.T) {
	cases := []string{
		`""`, `"a"`, `"\""`, `"\\"`, `"\/"`, `"\b"`, `"\f"`, `"\n"`, `"\r"`, `"\t"`,
		`"\u0000"`, `"\u001f"`, `"\u0041"`, `"\u00e9"`, `"\u00E9"`, `"\u20ac"`, `"\uFFFF"`, `"\uFFFE"`,
		`"\ud83d\ude00"`, `"\uD83D\uDE00"`, `"\ud800\udc00"`, `"\udbff\udfff"`, `"x\ud83d\ude00y"`,
		`"\u2028\u2029"`, "\"\u2028\u2029\"", `"é€😀"`, `"a\\u0041"`, `"\\\\"`, `"\u005c"`, `"\u0022"`,
		`"abc\ndef\u0000ghi"`, `"\ud83d\ude00\ud83d\ude00"`, `"\ud83d\ude00\u0041"`,
	}
	eachParser(t, func(t *testing.T) {
		for _, s := range cases {
			d := graft.New(graft.Options{})
			r, err := d.Append([]byte(s))
			if err != nil {
				t.Errorf("Append(%s): %v", s, err)
				continue
			}
			var want string
			if err := json.Unmarshal([]byte(s), &want); err != nil {
				t.Fatal(err)
			}
			got, err := d.AppendString([]byte("pre"), r)
			if err != nil || string(got) != "pre"+want {
				t.Errorf("AppendString(%s) = %q, %v; want %q", s, got, err, want)
			}
			if txt, err := d.Text(r); err != nil || txt != want {
				t.Errorf("Text(%s) = %q, %v; want %q", s, txt, err, want)
			}
			if !d.Equals(r, want) {
				t.Errorf("Equals(%s, %q) = false", s, want)
			}
			if d.Equals(r, want+"x") || (want != "" && d.Equals(r, want[:len(want)-1])) {
				t.Errorf("Equals(%s) matches a different string", s)
			}
			// The same string as a member name.
			obj := mustAppend(t, d, `{`+s+`:1}`)
			for name := range d.Members(obj) {
				if txt, err := d.Text(name); err != nil || txt != want || !d.Equals(name, want) {
					t.Errorf("name %s: Text %q, %v", s, txt, err)
				}
			}
			if d.Member(obj, want) == 0 {
				t.Errorf("Member(%s) not found by %q", s, want)
			}
			if v, _ := d.Find(obj, "/"+strings.ReplaceAll(strings.ReplaceAll(want, "~", "~0"), "/", "~1")); v == 0 && utf8.ValidString(want) {
				t.Errorf("Find(%s) not found by %q", s, want)
			}
		}
	})
}

// relaxedOnly parses s, which strict parsing must refuse, with opts; r is
// 0 (and the failure reported) if opts do not let it in.
func relaxedOnly(t *testing.T, s string, opts graft.Options) (*graft.Doc, graft.Ref) {
	t.Helper()
	if _, err := graft.New(graft.Options{}).Append([]byte(s)); !errors.Is(err, graft.ErrSyntax) {
		t.Errorf("strict Append(%q) = %v, want ErrSyntax", s, err)
	}
	d := graft.New(opts)
	r, err := d.Append([]byte(s))
	if err != nil {
		t.Errorf("Append(%q) with %+v: %v", s, opts, err)
	}
	return d, r
}

// TestLoneSurrogates: under AllowLoneSurrogates a lone half is kept
// as received and decodes to U+FFFD (as encoding/json decodes it).
func TestLoneSurrogates(t *testing.T) {
	cases := []string{
		`"\ud800"`, `"\udc00"`, `"\udfff"`, `"\ud800\ud800"`, `"\udc00\ud800"`, `"\ud800x"`,
		`"\ud800\u0041"`, `"\ud800\n"`, `"a\udbffb"`, `"\ud83d\ud83d\ude00"`, `"\ude00\ud83d"`,
		`"\ud800\\u0041"`, `"\ud800\udc00\udc00"`,
	}
	eachParser(t, func(t *testing.T) {
		for _, s := range cases {
			d, r := relaxedOnly(t, s, graft.Options{AllowLoneSurrogates: true})
			if r == 0 {
				continue
			}
			var want string
			if err := json.Unmarshal([]byte(s), &want); err != nil {
				t.Fatal(err)
			}
			if txt, err := d.Text(r); err != nil || txt != want {
				t.Errorf("Text(%s) = %q, %v; want %q", s, txt, err, want)
			}
			if !d.Equals(r, want) {
				t.Errorf("Equals(%s, %q) = false", s, want)
			}
			if got := string(d.Raw(r)); got != s {
				t.Errorf("Raw(%s) = %s", s, got)
			}
			if got := compact(d, r); got != s {
				t.Errorf("AppendJSON(%s) = %s", s, got)
			}
		}
	})
}

// TestInvalidUTF8: under AllowInvalidUTF8 bytes are kept as received,
// by Raw, AppendString and the printers.
func TestInvalidUTF8(t *testing.T) {
	cases := []string{
		"\"\xff\"", "\"a\xc3\"", "\"\xed\xa0\x80\"", "\"\xc0\xaf\"", "\"\xf4\x90\x80\x80\"",
		"\"\xe2\x82\"", "\"\xe2\x82\\n\"", "\"\xf0\x9f\x98\"", "\"\x80\x80\x80\x80\x80\x80\x80\x80\x80\"",
		"\"\\u00e9\xff\"",
	}
	eachParser(t, func(t *testing.T) {
		for _, s := range cases {
			d, r := relaxedOnly(t, s, graft.Options{AllowInvalidUTF8: true})
			if r == 0 {
				continue
			}
			want := strings.ReplaceAll(strings.ReplaceAll(s[1:len(s)-1], `\n`, "\n"), `\u00e9`, "é")
			if txt, err := d.Text(r); err != nil || txt != want {
				t.Errorf("Text(%q) = %q, %v; want %q", s, txt, err, want)
			}
			if !d.Equals(r, want) {
				t.Errorf("Equals(%q) = false", s)
			}
			if got := compact(d, r); got != s {
				t.Errorf("AppendJSON(%q) = %q", s, got)
			}
			obj := mustAppend(t, d, "{"+s+":1}")
			if d.Member(obj, want) == 0 {
				t.Errorf("Member(%q) not found", want)
			}
			if d.Get(obj, want) == 0 {
				t.Errorf("Get(%q) not found", want)
			}
		}
	})
}

// TestNewStringRoundTrip: NewString escapes the quote, the backslash and
// control characters only, turns bytes that are not UTF-8 into U+FFFD, and
// reads back as encoding/json reads its own quoting of the same string.
func TestNewStringRoundTrip(t *testing.T) {
	var all strings.Builder
	for c := 0; c < 0x80; c++ {
		all.WriteByte(byte(c))
	}
	cases := []string{
		"", "\x00", all.String(), "\u2028\u2029", "\u007f", "é€😀", "\xff", "a\xc3", "\xed\xa0\x80",
		"\xf4\x90\x80\x80", "\xc0\xaf", "\xe2\x82", "\ufffd", "\uffff", "\U0010ffff", "<>&", "\"\\/",
	}
	rng := rand.New(rand.NewSource(2))
	for i := 0; i < 2000; i++ {
		b := make([]byte, rng.Intn(20))
		for j := range b {
			b[j] = byte(rng.Intn(256))
		}
		cases = append(cases, string(b))
	}
	var d graft.Doc
	for _, s := range cases {
		r := d.NewString(s)
		raw := string(d.Raw(r))
		if !json.Valid([]byte(raw)) || !utf8.ValidString(raw) {
			t.Errorf("NewString(%q) = %q: not valid JSON", s, raw)
			continue
		}
		var want string
		std, _ := json.Marshal(s)
		if err := json.Unmarshal(std, &want); err != nil {
			t.Fatal(err)
		}
		var viaStd string
		if err := json.Unmarshal([]byte(raw), &viaStd); err != nil || viaStd != want {
			t.Errorf("NewString(%q) = %s reads back as %q; want %q", s, raw, viaStd, want)
		}
		if txt, err := d.Text(r); err != nil || txt != want {
			t.Errorf("Text(NewString(%q)) = %q, %v; want %q", s, txt, err, want)
		}
		if !d.Equals(r, want) {
			t.Errorf("Equals(NewString(%q)) = false", s)
		}
		// Only the quote, the backslash and controls are escaped.
		for i := 1; i < len(raw)-1; i++ {
			if raw[i] == '\\' {
				switch raw[i+1] {
				case '"', '\\', 'b', 'f', 'n', 'r', 't':
				case 'u':
					if !strings.HasPrefix(raw[i+2:], "00") || raw[i+4] > '1' {
						t.Errorf("NewString(%q) = %s escapes a character that needs none", s, raw)
					}
				default:
					t.Errorf("NewString(%q) = %s", s, raw)
				}
				i++
			}
		}
		// Set with a name of that string, and look it up.
		obj := d.NewObject()
		if err := d.Set(obj, s, d.NewNull()); err != nil {
			t.Fatal(err)
		}
		if d.Member(obj, s) == 0 || d.Get(obj, s) == 0 {
			t.Errorf("Member(Set(%q)) not found", s)
		}
		for name := range d.Members(obj) {
			if txt, err := d.Text(name); err != nil || txt != want || !d.Equals(name, want) || string(d.Raw(name)) != raw {
				t.Errorf("name Set(%q): Text %q, %v, Raw %s; want %q, %s", s, txt, err, d.Raw(name), want, raw)
			}
		}
		if d.Size() > 1<<20 {
			d.Reset()
		}
	}
}
