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

func TestAppendString(t *testing.T) {
	cases := []struct {
		name string
		in   string // a JSON string token
		want string
	}{
		{name: "empty", in: `""`, want: ""},
		{name: "plain", in: `"abc"`, want: "abc"},
		{name: "quote", in: `"\""`, want: `"`},
		{name: "backslash", in: `"\\"`, want: `\`},
		{name: "solidus", in: `"\/"`, want: "/"},
		{name: "backspace", in: `"\b"`, want: "\b"},
		{name: "form feed", in: `"\f"`, want: "\f"},
		{name: "newline", in: `"\n"`, want: "\n"},
		{name: "carriage return", in: `"\r"`, want: "\r"},
		{name: "tab", in: `"\t"`, want: "\t"},
		{name: "every short escape", in: `"\"\\\/\b\f\n\r\t"`, want: "\"\\/\b\f\n\r\t"},
		{name: "u NUL", in: `"\u0000"`, want: "\x00"},
		{name: "u ASCII", in: `"\u0041"`, want: "A"},
		{name: "u 2-byte lower hex", in: `"\u00e9"`, want: "é"},
		{name: "u 2-byte upper hex", in: `"\u00E9"`, want: "é"},
		{name: "u 3-byte", in: `"\u20AC"`, want: "€"},
		{name: "u 3-byte mixed case", in: `"\u20aC"`, want: "€"},
		{name: "u FFFF", in: `"\uFFFF"`, want: "\uFFFF"},
		{name: "surrogate pair", in: `"\uD83D\uDE00"`, want: "😀"},
		{name: "surrogate pair lower", in: `"\ud83d\ude00"`, want: "😀"},
		{name: "two pairs", in: `"\uD83D\uDE00\uD83D\uDE01"`, want: "😀😁"},
		{name: "escape between text", in: `"a\nb\u0041c"`, want: "a\nbAc"},
		{name: "escape at both ends", in: `"\tmiddle\t"`, want: "\tmiddle\t"},
		{name: "raw UTF-8 kept", in: `"héllo 😀"`, want: "héllo 😀"},
		{name: "raw UTF-8 and escapes", in: `"é\u00e9é"`, want: "ééé"},
		{name: "long with escape late", in: `"` + strings.Repeat("abcdefgh", 8) + `\n"`, want: strings.Repeat("abcdefgh", 8) + "\n"},
		{name: "escaped backslash before u", in: `"\\u0041"`, want: `\u0041`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var std string
			if err := json.Unmarshal([]byte(tc.in), &std); err != nil || std != tc.want {
				t.Fatalf("the case disagrees with encoding/json: %q, %v", std, err)
			}
			var d graft.Doc
			r := mustAppend(t, &d, tc.in)
			dst := []byte("prefix:")
			got, err := d.AppendString(dst, r)
			if err != nil || string(got) != "prefix:"+tc.want {
				t.Fatalf("AppendString = %q, %v; want %q", got, err, "prefix:"+tc.want)
			}
			if s, err := d.Text(r); err != nil || s != tc.want {
				t.Fatalf("Text = %q, %v", s, err)
			}
			if !d.Equals(r, tc.want) {
				t.Fatalf("Equals(%q) = false", tc.want)
			}
			if d.Equals(r, tc.want+"x") || (tc.want != "" && d.Equals(r, tc.want[:len(tc.want)-1])) {
				t.Fatal("Equals accepts a different string")
			}
			if got := string(d.Raw(r)); got != tc.in {
				t.Fatalf("Raw = %s, want the token as received", got)
			}
			// The same string as a member name.
			obj := mustAppend(t, &d, `{`+tc.in+`:1}`)
			for name, v := range d.Members(obj) {
				if s, _ := d.Text(name); s != tc.want || !d.Equals(name, tc.want) {
					t.Fatalf("member name decodes to %q", s)
				}
				if d.Member(obj, tc.want) != v {
					t.Fatal("Member does not find the name by its decoded form")
				}
			}
		})
	}
}

func TestLoneSurrogateDecoding(t *testing.T) {
	d := graft.New(graft.Options{AllowLoneSurrogates: true})
	for in, want := range map[string]string{
		`"\uD800"`:             "\uFFFD",
		`"a\uDC00b"`:           "a\uFFFDb",
		`"\uD800\uD800\uDC00"`: "\uFFFD\U00010000",
		`"\uDE00\uD83D"`:       "\uFFFD\uFFFD",
	} {
		r := mustAppend(t, d, in)
		if got, err := d.AppendString(nil, r); err != nil || string(got) != want {
			t.Errorf("%s decodes to %q, %v; want %q", in, got, err, want)
		}
		if !d.Equals(r, want) {
			t.Errorf("%s: Equals(%q) = false", in, want)
		}
	}
}

// TestReadsOfWrongKind: every typed read of a value of another kind, of
// the zero Ref and of a Ref past the end returns ErrKind itself (not
// wrapped) and a zero result.
func TestReadsOfWrongKind(t *testing.T) {
	var d graft.Doc
	root := mustAppend(t, &d, `[null,true,1,"s",{},[]]`)
	refs := map[string]graft.Ref{"zero Ref": 0, "Ref past the end": graft.Ref(1 << 30)}
	for i, v := range d.Items(root) {
		refs[d.Kind(v).String()+"#"+string(rune('0'+i))] = v
	}
	for name, r := range refs {
		k := d.Kind(r)
		if k != graft.Bool {
			if v, err := d.Bool(r); !errors.Is(err, graft.ErrKind) || v {
				t.Errorf("%s: Bool = %v, %v", name, v, err)
			}
		}
		if k != graft.String {
			if b, err := d.AppendString([]byte("x"), r); !errors.Is(err, graft.ErrKind) || string(b) != "x" {
				t.Errorf("%s: AppendString = %q, %v", name, b, err)
			}
			if s, err := d.Text(r); !errors.Is(err, graft.ErrKind) || s != "" {
				t.Errorf("%s: Text = %q, %v", name, s, err)
			}
			if d.Equals(r, "") || d.Equals(r, "s") {
				t.Errorf("%s: Equals is true", name)
			}
		}
		if k != graft.Number {
			if v, err := d.Int64(r); !errors.Is(err, graft.ErrKind) || v != 0 {
				t.Errorf("%s: Int64 = %v, %v", name, v, err)
			}
			if v, err := d.Uint64(r); !errors.Is(err, graft.ErrKind) || v != 0 {
				t.Errorf("%s: Uint64 = %v, %v", name, v, err)
			}
			if v, err := d.Float64(r); !errors.Is(err, graft.ErrKind) || v != 0 {
				t.Errorf("%s: Float64 = %v, %v", name, v, err)
			}
		}
		if k == graft.Invalid || k == graft.Object || k == graft.Array {
			if b := d.Raw(r); b != nil {
				t.Errorf("%s: Raw = %q, want nil", name, b)
			}
		}
		if k != graft.Object && k != graft.Array && d.Len(r) != 0 {
			t.Errorf("%s: Len = %d", name, d.Len(r))
		}
		if k != graft.Object {
			if d.Member(r, "a") != 0 {
				t.Errorf("%s: Member found something", name)
			}
			for range d.Members(r) {
				t.Errorf("%s: Members yields", name)
			}
		}
		if k != graft.Array {
			if d.Index(r, 0) != 0 {
				t.Errorf("%s: Index found something", name)
			}
			for range d.Items(r) {
				t.Errorf("%s: Items yields", name)
			}
		}
		if k == graft.Invalid {
			if got := d.AppendJSON([]byte("x"), r); string(got) != "x" {
				t.Errorf("%s: AppendJSON appends %q", name, got)
			}
			if got := d.AppendIndent([]byte("x"), r, "", " "); string(got) != "x" {
				t.Errorf("%s: AppendIndent appends %q", name, got)
			}
		}
	}
	if !errors.Is(graft.ErrKind, graft.ErrKind) || errors.Is(graft.ErrKind, graft.ErrRange) {
		t.Fatal("sentinels")
	}
}

func TestKindAndLen(t *testing.T) {
	var d graft.Doc
	cases := []struct {
		in   string
		kind graft.Kind
		name string
		len  int
	}{
		{`null`, graft.Null, "null", 0},
		{`true`, graft.Bool, "bool", 0},
		{`false`, graft.Bool, "bool", 0},
		{`-1.5e3`, graft.Number, "number", 0},
		{`"x"`, graft.String, "string", 0},
		{`{}`, graft.Object, "object", 0},
		{`{"a":1,"b":{"c":2},"a":3}`, graft.Object, "object", 3},
		{`[]`, graft.Array, "array", 0},
		{`[1,[2,3],{}]`, graft.Array, "array", 3},
	}
	for _, tc := range cases {
		r := mustAppend(t, &d, tc.in)
		if d.Kind(r) != tc.kind || d.Kind(r).String() != tc.name || d.Len(r) != tc.len {
			t.Errorf("%s: Kind %v (%q), Len %d; want %v, %d", tc.in, d.Kind(r), d.Kind(r).String(), d.Len(r), tc.kind, tc.len)
		}
	}
	if d.Kind(0) != graft.Invalid || graft.Invalid.String() != "invalid" || graft.Kind(200).String() != "invalid" {
		t.Errorf("Invalid kind: %v %q %q", d.Kind(0), graft.Invalid.String(), graft.Kind(200).String())
	}
}

func TestBool(t *testing.T) {
	var d graft.Doc
	for in, want := range map[string]bool{`true`: true, `false`: false} {
		v, err := d.Bool(mustAppend(t, &d, in))
		if err != nil || v != want {
			t.Errorf("Bool(%s) = %v, %v", in, v, err)
		}
	}
	if v, err := d.Bool(d.NewBool(true)); err != nil || !v {
		t.Errorf("Bool(NewBool(true)) = %v, %v", v, err)
	}
	if v, err := d.Bool(d.NewBool(false)); err != nil || v {
		t.Errorf("Bool(NewBool(false)) = %v, %v", v, err)
	}
}

func TestRaw(t *testing.T) {
	var d graft.Doc
	root := mustAppend(t, &d, "[ \"a\\u0041\" , -0.0E+1 , true , false , null , \"\\/\" ]")
	want := []string{`"a\u0041"`, `-0.0E+1`, `true`, `false`, `null`, `"\/"`}
	for i, v := range d.Items(root) {
		if got := string(d.Raw(v)); got != want[i] {
			t.Errorf("item %d: Raw = %s, want %s", i, got, want[i])
		}
	}
	// A borrowed slice is capped: appending to it cannot overwrite the arena.
	r := d.Index(root, 0)
	b := d.Raw(r)
	_ = append(b, "XXXX"...)
	if got := compact(&d, root); got != `["a\u0041",-0.0E+1,true,false,null,"\/"]` {
		t.Fatalf("appending to a Raw slice changed the Doc: %s", got)
	}
}

// TestScalar: Scalar agrees with Kind and Raw, and its escape flag with
// AppendString, for parsed values, member names and built strings.
func TestScalar(t *testing.T) {
	var d graft.Doc
	root := mustAppend(t, &d, `{"plain":"abc","esc\\aped":"a\u0041","n":-1.5,"t":true,"z":null,"o":{},"a":[""]}`)
	built := d.NewString("line\nbreak\"")
	type want struct {
		kind    graft.Kind
		raw     string
		escaped bool
	}
	cases := []struct {
		name string
		r    graft.Ref
		want want
	}{
		{"string", d.Get(root, "plain"), want{graft.String, `"abc"`, false}},
		{"escaped string", d.Get(root, `esc\aped`), want{graft.String, `"a\u0041"`, true}},
		{"number", d.Get(root, "n"), want{graft.Number, `-1.5`, false}},
		{"true", d.Get(root, "t"), want{graft.Bool, `true`, false}},
		{"null", d.Get(root, "z"), want{graft.Null, `null`, false}},
		{"object", d.Get(root, "o"), want{graft.Object, "", false}},
		{"array", d.Get(root, "a"), want{graft.Array, "", false}},
		{"empty string", d.Index(d.Get(root, "a"), 0), want{graft.String, `""`, false}},
		{"built string", built, want{graft.String, `"line\nbreak\""`, true}},
		{"zero Ref", 0, want{graft.Invalid, "", false}},
	}
	for k := range d.Members(root) {
		raw := string(d.Raw(k))
		cases = append(cases, struct {
			name string
			r    graft.Ref
			want want
		}{"name " + raw, k, want{graft.String, raw, strings.Contains(raw, `\`)}})
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			kind, raw, esc := d.Scalar(tc.r)
			if kind != tc.want.kind || string(raw) != tc.want.raw || esc != tc.want.escaped {
				t.Fatalf("Scalar = %v, %s, %v; want %v, %s, %v", kind, raw, esc, tc.want.kind, tc.want.raw, tc.want.escaped)
			}
			if kind != d.Kind(tc.r) || string(raw) != string(d.Raw(tc.r)) {
				t.Fatalf("Scalar = %v, %s; Kind and Raw say %v, %s", kind, raw, d.Kind(tc.r), d.Raw(tc.r))
			}
			if kind == graft.String && !esc {
				if dec, _ := d.AppendString(nil, tc.r); string(dec) != string(raw[1:len(raw)-1]) {
					t.Fatalf("not escaped, but the text %s decodes to %q", raw, dec)
				}
			}
		})
	}
	d.Reset()
	if kind, raw, esc := d.Scalar(root); kind != graft.Invalid || raw != nil || esc {
		t.Fatalf("Scalar of a stale Ref = %v, %s, %v", kind, raw, esc)
	}
}

func TestMembersAndItems(t *testing.T) {
	var d graft.Doc
	obj := mustAppend(t, &d, `{"z":1,"a":2,"m":3,"a":4}`)
	var got []string
	for k, v := range d.Members(obj) {
		got = append(got, string(d.Raw(k))+"="+string(d.Raw(v)))
	}
	if strings.Join(got, " ") != `"z"=1 "a"=2 "m"=3 "a"=4` {
		t.Fatalf("Members order: %v", got)
	}
	got = got[:0]
	for k := range d.Members(obj) {
		got = append(got, string(d.Raw(k)))
		if len(got) == 2 {
			break
		}
	}
	if len(got) != 2 {
		t.Fatalf("break in Members: %v", got)
	}

	arr := mustAppend(t, &d, `[10,[20],{"x":30},40]`)
	got = got[:0]
	for i, v := range d.Items(arr) {
		got = append(got, string(rune('0'+i))+":"+compact(&d, v))
		if d.Index(arr, i) != v {
			t.Fatalf("Index(%d) differs from the item Items yields", i)
		}
	}
	if strings.Join(got, " ") != `0:10 1:[20] 2:{"x":30} 3:40` {
		t.Fatalf("Items order: %v", got)
	}
	n := 0
	for i := range d.Items(arr) {
		n++
		if i == 1 {
			break
		}
	}
	if n != 2 {
		t.Fatalf("break in Items after %d items", n)
	}
	for _, i := range []int{-1, 4, 100} {
		if d.Index(arr, i) != 0 {
			t.Fatalf("Index(%d) found an item", i)
		}
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
