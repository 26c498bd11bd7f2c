package graft_test

import (
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
