package wire

import (
	"bytes"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// compactModel is Compact written byte by byte, the way the kernel is
// specified rather than the way it computes: the tests hold the kernel to
// it.
//
// Where a backslash stands outside a string the kernel's view of the
// strings differs from the model's (it takes the byte after the backslash
// as escaped); the input is not JSON either way and the second stage
// rejects the backslash, so the model reports such input as unspecified.
func compactModel(src []byte, mode Mode) (out []byte, ends []uint32, values, opens int, ok, unspecified bool) {
	ok = true
	inString, escaped, hasEsc := false, false, false
	body := 0         // where the open string's body starts in out
	prevTok := false  // the previous byte was a scalar byte
	prevTokC := false // the last kept byte was a scalar byte
	for _, c := range src {
		if inString {
			out = append(out, c)
			if c < 0x20 {
				ok = false // even after a backslash: no escape takes it
			}
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped, hasEsc = true, true
			case c == '"':
				inString = false
				if !modelEscapes(out[body:len(out)-1], mode) {
					ok = false
				}
				end := uint32(len(out) - 1)
				if hasEsc {
					end |= EscapedEnd
				}
				ends = append(ends, end)
			}
			prevTok, prevTokC = false, false
			continue
		}
		switch {
		case c == '\\':
			unspecified = true
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			prevTok = false
			continue
		case c == '"':
			inString, hasEsc = true, false
			body = len(out) + 1
			values++
			prevTok, prevTokC = false, false
		case modelStructural(c):
			if c|0x20 == '{' {
				values++
				opens++
			}
			prevTok, prevTokC = false, false
		default: // a scalar byte
			if !prevTok {
				values++
				if prevTokC {
					ok = false // glued to the previous scalar
				}
			}
			prevTok, prevTokC = true, true
		}
		out = append(out, c)
	}
	if inString {
		ok = false
	}
	if mode&AllowInvalidUTF8 == 0 && !utf8.Valid(src) {
		ok = false
	}
	return out, ends, values, opens, ok, unspecified
}

// modelEscapes checks the escapes of a string body one by one.
func modelEscapes(s []byte, mode Mode) bool {
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			continue
		}
		n, code := scanEscape(s, i, mode)
		if code != OK {
			return false
		}
		i += n - 1
	}
	return true
}

// modelStructural is the kernel's class of structural bytes: those whose
// value or-ed with 0x20 is ':', '{', ',' or '}'. It holds two control bytes
// besides the six structural characters; the grammar rejects those later.
func modelStructural(c byte) bool {
	switch c | 0x20 {
	case ':', '{', ',', '}':
		return true
	}
	return false
}

func checkCompact(t *testing.T, src []byte, mode Mode) {
	t.Helper()
	checkKernels(t, src, mode)
	wantOut, wantEnds, wantValues, wantOpens, wantOK, unspecified := compactModel(src, mode)
	if unspecified {
		return
	}
	prefix := []byte("pre")
	out, ends, res := Compact(slices.Clip(prefix), []uint32{7}, src, mode)
	if !bytes.Equal(out[:3], prefix) || ends[0] != 7 {
		t.Fatalf("Compact(%q) overwrote what dst or ends held", src)
	}
	if res.OK != wantOK {
		t.Fatalf("Compact(%q): ok = %v, want %v", src, res.OK, wantOK)
	}
	if !wantOK {
		return // partial results are unspecified
	}
	if !bytes.Equal(out[3:], wantOut) {
		t.Fatalf("Compact(%q):\n got %q\nwant %q", src, out[3:], wantOut)
	}
	if !slices.Equal(ends[1:], wantEnds) {
		t.Fatalf("Compact(%q): ends %x, want %x", src, ends[1:], wantEnds)
	}
	if res.Values != wantValues || res.Opens != wantOpens {
		t.Fatalf("Compact(%q): values %d and opens %d, want %d and %d", src, res.Values, res.Opens, wantValues, wantOpens)
	}
}

func TestCompactCases(t *testing.T) {
	if !HasCompact() {
		t.Skip("no compact kernel on this machine")
	}
	cases := []string{
		``, ` `, `{}`, `[1, 2]`, `[1 2]`, "[1\n\t 2]", `[true , false]`, `[tru e]`,
		`{"a" : "b c"}`, `"unterminated`, `"a\"b"`, `"a\\"`, `"a\\\"b"`, `["\\\\", "x"]`,
		"\"tab\there\"", "\"nl\nhere\"", "\"\x00\"", "\"\x1f\"",
		`"é"`, "\"\xc3\"", "\"\xe2\x82\"", "\"\xed\xa0\x80\"", "\"\xf4\x90\x80\x80\"",
		"\xc3\xa9", `{"a":[1,2,{"b":null}],"c":"\u00e9"}`,
		"[1,\x0c2]", "[1 \x1a 2]", "[1\x0c 2]", `"\`, `"\"`,
		// Escapes, each of which the kernel checks.
		`"\/\b\f\n\r\t"`, `"\a"`, `"\x41"`, `"\U0041"`, `"\'"`, "\"\\\xc3\xa9\"", `"\u"`, `"\u1"`,
		`"\u12"`, `"\u123"`, `"\u1234"`, `"\u12345"`, `"\u12g4"`, `"\uABCD\uabcd"`, `"\u00e9\u"`,
		`"\uD83D\uDE00"`, `"\ud83d\ude00x"`, `"\uD83D"`, `"\uD83Dx"`, `"\uD83D\u0041"`, `"\uDE00"`,
		`"\uDE00\uD83D"`, `"\uD83D\uD83D\uDE00"`, `"\uDBFF\uDFFF"`, `"\uD7FF\uE000"`, `"\uD83D\\uDE00"`,
		`"\\uD83D"`, `"\uD800\uDC00\uD800\uDC00"`, `["\uD83D", "\uDE00"]`, `"a\uD83D\uDE00b\uDE00"`,
	}
	// Blocks with every number of string ends, up to one per two bytes.
	for n := 1; n <= 33; n++ {
		cases = append(cases, "["+strings.Repeat(`"",`, n-1)+`""]`, strings.Repeat(`"a"`, n))
	}
	for _, c := range cases {
		for _, mode := range []Mode{0, AllowInvalidUTF8, AllowLoneSurrogates} {
			checkCompact(t, []byte(c), mode)
			// Every position relative to the block boundaries.
			for pad := 1; pad < 130; pad++ {
				checkCompact(t, append(bytes.Repeat([]byte{' '}, pad), c...), mode)
				checkCompact(t, append([]byte(`"`+string(bytes.Repeat([]byte{'x'}, pad))+`",`), c...), mode)
			}
		}
	}
}

// TestCompactBackslashRuns puts runs of backslashes of every length at every
// position around a block boundary.
func TestCompactBackslashRuns(t *testing.T) {
	if !HasCompact() {
		t.Skip("no compact kernel on this machine")
	}
	for pad := 40; pad < 70; pad++ {
		for n := 0; n < 70; n++ {
			s := `"` + string(bytes.Repeat([]byte{'a'}, pad)) + string(bytes.Repeat([]byte{'\\'}, n)) + `" , "x" , 1`
			checkCompact(t, []byte(s), 0)
		}
	}
}

// TestCompactUTF8 checks the validation of every one- and two-byte sequence
// and every three-byte sequence with a lead of E0 to EF, at offsets that put
// the sequence across a block boundary, and four-byte sequences by sample.
func TestCompactUTF8(t *testing.T) {
	if !HasCompact() {
		t.Skip("no compact kernel on this machine")
	}
	buf := make([]byte, 0, 200)
	check := func(seq ...byte) {
		for _, at := range []int{1, 60, 61, 62, 63, 64, 126} {
			buf = append(buf[:0], '"')
			for len(buf) < at {
				buf = append(buf, 'x')
			}
			buf = append(buf, seq...)
			buf = append(buf, '"')
			checkCompact(t, buf, 0)
		}
	}
	for a := 0x20; a < 0x100; a++ {
		if a == '"' || a == '\\' {
			continue
		}
		check(byte(a))
		for b := 0x20; b < 0x100; b++ {
			if b != '"' && b != '\\' {
				check(byte(a), byte(b))
			}
		}
	}
	for a := 0xE0; a < 0xF0; a++ {
		for b := 0x80; b < 0xC0; b++ {
			for _, c := range []byte{0x7F, 0x80, 0xBF, 0xC0} {
				check(byte(a), byte(b), c)
			}
		}
	}
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 20000; i++ {
		a := byte(0xF0 + rng.Intn(16))
		check(a, byte(0x70+rng.Intn(0x60)), byte(0x70+rng.Intn(0x60)), byte(0x70+rng.Intn(0x60)))
	}
}

// randomJSONish returns bytes that are mostly JSON tokens and sometimes not.
func randomJSONish(rng *rand.Rand, n int) []byte {
	pieces := []string{
		`"`, `"`, `"`, `\`, `\\`, `\"`, ` `, "\n", "\t", "\r", `{`, `}`, `[`, `]`, `:`, `,`,
		`1`, `-2.5e3`, `true`, `null`, `abc`, `é`, `€`, "\U0001F600", "\x01", "\x1a", "\x0c",
		"\xff", "\xc3", "\xed\xa0\x80", `\u00e9`, "    ", `"key":`, `"v"`,
	}
	var b []byte
	for len(b) < n {
		b = append(b, pieces[rng.Intn(len(pieces))]...)
	}
	return b
}

func TestCompactRandom(t *testing.T) {
	if !HasCompact() {
		t.Skip("no compact kernel on this machine")
	}
	rng := rand.New(rand.NewSource(2))
	for i := 0; i < 20000; i++ {
		src := randomJSONish(rng, rng.Intn(400))
		checkCompact(t, src, 0)
		checkCompact(t, src, AllowInvalidUTF8)
		checkCompact(t, randomDoc(rng, 4), 0)
	}
}

// randomDoc returns a JSON text with whitespace of every kind between its
// tokens and strings that need escapes.
func randomDoc(rng *rand.Rand, depth int) []byte {
	var b []byte
	space := func() {
		for n := rng.Intn(3); n > 0; n-- {
			b = append(b, " \t\n\r"[rng.Intn(4)])
		}
	}
	strs := []string{`""`, `"a"`, `"a b"`, `"\\"`, `"\""`, `"x\\\"y"`, `"é€😀"`, `"\u00e9"`, `"{[:,]}"`}
	var value func(d int)
	value = func(d int) {
		space()
		switch k := rng.Intn(6); {
		case d > 0 && k == 0:
			b = append(b, '[')
			for i := rng.Intn(4); i > 0; i-- {
				value(d - 1)
				if i > 1 {
					b = append(b, ',')
				}
			}
			space()
			b = append(b, ']')
		case d > 0 && k == 1:
			b = append(b, '{')
			for i := rng.Intn(4); i > 0; i-- {
				space()
				b = append(b, strs[rng.Intn(len(strs))]...)
				space()
				b = append(b, ':')
				value(d - 1)
				if i > 1 {
					b = append(b, ',')
				}
			}
			space()
			b = append(b, '}')
		case k == 2:
			b = append(b, []string{"0", "-1.5e10", "123456789012345678901"}[rng.Intn(3)]...)
		case k == 3:
			b = append(b, []string{"true", "false", "null"}[rng.Intn(3)]...)
		default:
			b = append(b, strs[rng.Intn(len(strs))]...)
		}
		space()
	}
	value(depth)
	return b
}

func TestCompactCorpus(t *testing.T) {
	if !HasCompact() {
		t.Skip("no compact kernel on this machine")
	}
	dir := os.Getenv("GRAFT_CORPUS")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "shared", "corpus")
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) == 0 {
		t.Skip("no corpus")
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		checkCompact(t, src, 0)
	}
}

func FuzzCompact(f *testing.F) {
	if !HasCompact() {
		f.Skip("no compact kernel on this machine")
	}
	f.Add([]byte(`{"a":[1,2,"x\"y"]}`), false)
	f.Add([]byte("[1 2]"), true)
	f.Fuzz(func(t *testing.T, src []byte, lax bool) {
		mode := Mode(0)
		if lax {
			mode = AllowInvalidUTF8
		}
		checkCompact(t, src, mode)
	})
}

func BenchmarkCompact(b *testing.B) {
	if !HasCompact() {
		b.Skip("no compact kernel on this machine")
	}
	dir := os.Getenv("GRAFT_CORPUS")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "shared", "corpus")
	}
	for _, name := range []string{"twitter", "citm_catalog", "canada"} {
		src, err := os.ReadFile(filepath.Join(dir, name+".json"))
		if err != nil {
			b.Skip("no corpus")
		}
		b.Run(name, func(b *testing.B) {
			var out []byte
			var ends []uint32
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				var res CompactResult
				out, ends, res = Compact(out[:0], ends[:0], src, 0)
				if !res.OK {
					b.Fatal("not ok")
				}
			}
		})
	}
}
