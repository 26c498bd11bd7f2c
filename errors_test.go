package graft_test

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/graftjson/graft"
)

// TestErrorLongPointer: Error quotes a pointer of up to 256 bytes whole and
// a longer one up to there, cut at the start of a character, with its
// length; the Pointer field keeps all of it.
func TestErrorLongPointer(t *testing.T) {
	cases := []struct {
		name, pointer, want string
	}{
		{name: "short", pointer: "/a/b", want: `graft: at "/a/b": r`},
		{name: "256 bytes", pointer: strings.Repeat("/a", 128), want: `graft: at "` + strings.Repeat("/a", 128) + `": r`},
		{name: "257 bytes", pointer: strings.Repeat("/a", 128) + "/", want: `graft: at "` + strings.Repeat("/a", 128) + `"… (257 bytes): r`},
		{name: "a character across the cut", pointer: strings.Repeat("/", 255) + "é/x", want: `graft: at "` + strings.Repeat("/", 255) + `"… (259 bytes): r`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := &graft.Error{Offset: -1, Pointer: c.pointer, Reason: "r", Err: graft.ErrPointer}
			if got := e.Error(); got != c.want || !utf8.ValidString(got) {
				t.Errorf("Error() =\n%q\nwant\n%q", got, c.want)
			}
		})
	}
	// A refused patch of a long path: the message names it cut short.
	var d graft.Doc
	root := mustAppend(t, &d, `{}`)
	path := strings.Repeat("/a", 100_000)
	err := d.Patch(root, mustAppend(t, &d, `[{"op":"add","path":"`+path+`","value":1}]`))
	if err == nil || len(err.Error()) > 1000 || !strings.Contains(err.Error(), "(200000 bytes)") {
		t.Errorf("Patch error of %d bytes: %.300q", len(err.Error()), err)
	}
}

// refPosition is the line and byte column of offset off, as the README
// puts it: lines and columns from 1, columns in bytes, a line ends at LF.
func refPosition(src string, off int) (line, col int) {
	line = 1 + strings.Count(src[:off], "\n")
	return line, off - (strings.LastIndexByte(src[:off], '\n') + 1) + 1
}

// TestErrorPositions: Offset, Line and Column of parse errors in
// multi-line inputs with CR LF and multibyte text, on both parsers.
func TestErrorPositions(t *testing.T) { eachParser(t, testErrorPositions) }

func testErrorPositions(t *testing.T) {
	cases := []struct {
		in  string
		off int // the offending byte
	}{
		{"{\r\n  \"a\": 1,\r\n  \"é€\": tru\r\n}", 28},
		{"[\r\n\"日本語\", x]", 16},
		{"[\n\n\n  1,\n  ]", 11},
		{"\r\n\r\n  {\"a\" 1}", 11},
		{"[\"\xff\"]", 2},
		{"[\n\"é\u0001\"]", 5},
		{"{\"a\":1}\r\n,", 9},
		{"[1,\r\n2\r\n", 8},
		{"\n\"\\ud800\"", 2},
		{"[01]", 2},
		{"[\n-]", 3},
		{"[1.]", 3},
		{"\ufeff[1]", 0},
	}
	eachParser(t, func(t *testing.T) {
		for _, tc := range cases {
			in := tc.in + strings.Repeat(" ", 0)
			var d graft.Doc
			_, err := d.Append([]byte(in))
			var e *graft.Error
			if !errors.As(err, &e) || !errors.Is(err, graft.ErrSyntax) {
				t.Errorf("Append(%q) = %v; want an *Error wrapping ErrSyntax", in, err)
				continue
			}
			if tc.off > len(in) {
				t.Fatalf("bad case %q", in)
			}
			line, col := refPosition(in, tc.off)
			if e.Offset != int64(tc.off) || e.Line != line || e.Column != col {
				t.Errorf("Append(%q): offset %d line %d column %d; want %d %d %d (%v)", in, e.Offset, e.Line, e.Column, tc.off, line, col, err)
			}
			if !strings.HasPrefix(err.Error(), "graft: line ") {
				t.Errorf("Error() = %q", err.Error())
			}
		}
	})
}
