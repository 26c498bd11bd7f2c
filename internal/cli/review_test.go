package cli_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/graftjson/graft/internal/cli"
)

// Review probes of the graft command against its help, the README and
// DESIGN.md's CLI contract.

func run(args []string, stdin string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = cli.Run(args, strings.NewReader(stdin), &o, &e)
	return code, o.String(), e.String()
}

// TestReviewStreamSniffWhitespace: "Without --path, stream prints the items
// of the top-level array if the input starts with [" (README; the help says
// "if FILE starts with "["" and sniff skips whitespace to decide). Whether
// the array is split into items depends on how much whitespace comes first:
// up to 64 KiB it is, past the bufio window the whole array is printed as
// one value.
func TestReviewStreamSniffWhitespace(t *testing.T) {
	for _, n := range []int{0, 100, 64<<10 - 10, 64 << 10, 70000} {
		in := strings.Repeat(" ", n) + "[1,2]\n"
		code, out, errs := run([]string{"stream"}, in)
		if code != 0 || out != "1\n2\n" {
			t.Errorf("%d spaces before [1,2]: exit %d, stdout %q, stderr %q; want the items 1 and 2", n, code, out, errs)
		}
	}
}

// TestReviewStreamReasonMatchesValidate: stream and validate read the same
// broken array; they agree on the position but stream names a wrong
// reason ("unexpected end of input" in the middle of the file, "after the
// top-level value" inside an array).
func TestReviewStreamReasonMatchesValidate(t *testing.T) {
	for _, in := range []string{"[1,\n tru,2]", "[1,\n -,2]", "[1,\n 01,2]"} {
		_, _, verr := run([]string{"validate"}, in)
		_, _, serr := run([]string{"stream"}, in)
		want := strings.TrimSuffix(verr, "\n")
		got := strings.TrimSuffix(serr, "\n")
		if i := strings.LastIndex(got, " (after "); i >= 0 {
			got = got[:i]
		}
		if got != want {
			t.Errorf("%q:\nstream:   %s\nvalidate: %s", in, got, want)
		}
	}
}

// TestReviewPositions: FILE:LINE:COLUMN with CR LF, tabs and multibyte
// UTF-8 before the error, the same in every command (COLUMN counts bytes,
// as graft help validate says).
func TestReviewPositions(t *testing.T) {
	dir := t.TempDir()
	doc := "{\r\n\t\"é€😀\":\t[1,\r\n\t\"€\", tru]}\r\n" // the error is at "]" of line 3
	// line 3 is `\t"€", tru]}`: \t(1) "(2) €(3-5) "(6) ,(7) space(8) t(9) r(10) u(11) ](12)
	wantPos := ":3:12: "
	path := filepath.Join(dir, "d.json")
	if err := os.WriteFile(path, []byte(doc), 0o666); err != nil {
		t.Fatal(err)
	}
	ok := filepath.Join(dir, "ok.json")
	if err := os.WriteFile(ok, []byte(`{}`), 0o666); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"validate", path},
		{"fmt", path},
		{"get", path, ""},
		{"merge", ok, path},
		{"merge", "--patch", ok, path},
		{"patch", ok, path},
		{"stream", "--path", "/é€😀", path},
	} {
		code, _, errs := run(args, "")
		if code != 1 || !strings.HasPrefix(errs, path+wantPos) {
			t.Errorf("graft %s: exit %d, stderr %q, want %q", strings.Join(args, " "), code, errs, path+wantPos+"…")
		}
	}
}

// TestReviewEdgeArguments: exit codes for the flag and argument edge cases
// of every command.
func TestReviewEdgeArguments(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.json")
	os.WriteFile(empty, nil, 0o666)
	f := filepath.Join(dir, "f.json")
	os.WriteFile(f, []byte(`{"a":[1]}`), 0o666)
	for _, tc := range []struct {
		args []string
		code int
	}{
		{[]string{"fmt", "--indent", "0", f}, 0},
		{[]string{"fmt", "--indent", "-1", f}, 2},
		{[]string{"fmt", "--indent", "abc", f}, 2},
		{[]string{"fmt", "--indent", "99999999999999999999", f}, 2},
		{[]string{"fmt", f, "--indent", "2"}, 0},
		{[]string{"fmt", "--", f}, 0},
		{[]string{"fmt", f, "--", "--indent"}, 2},
		{[]string{"fmt", empty}, 1},
		{[]string{"fmt", dir}, 1},
		{[]string{"fmt", filepath.Join(dir, "none")}, 1},
		{[]string{"get", f}, 2},
		{[]string{"get", f, "a"}, 1},
		{[]string{"get", f, "/a/-"}, 1},
		{[]string{"merge", f}, 2},
		{[]string{"merge", "--patch", f}, 2},
		{[]string{"merge", "--bogus", f, f}, 2},
		{[]string{"patch", f}, 2},
		{[]string{"patch", f, empty}, 1},
		{[]string{"stream", "--ndjson", "--seq"}, 2},
		{[]string{"stream", "--path", "/a", f}, 0},
		{[]string{"stream", "--path", "/b", f}, 1},
		{[]string{"stream", dir}, 1},
		{[]string{"validate", empty, f}, 1},
		{[]string{"shape", "--query", "q"}, 2},
	} {
		if code, _, errs := run(tc.args, ""); code != tc.code {
			t.Errorf("graft %s: exit %d, want %d (stderr %q)", strings.Join(tc.args, " "), code, tc.code, errs)
		}
	}
}
