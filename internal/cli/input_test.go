package cli

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/graftjson/graft"
)

// The size limit is checked while reading, so a huge input is never held
// whole; the real limit (256 MiB) is too big for a test, so a runner with a
// small one stands in.
func TestInputSizeLimit(t *testing.T) {
	var stdout, stderr bytes.Buffer
	r := &runner{stdin: strings.NewReader("[1,2,3]"), stdout: &stdout, stderr: &stderr, maxBytes: 6}
	c := lookup("get")
	if code := c.run(r, c, []string{"-", "/0"}); code != exitFail {
		t.Errorf("exit %d, want %d", code, exitFail)
	}
	// The most --max-bytes allows is the platform's: 4294967295, or
	// 2147483647 on 32-bit platforms.
	if want := "<stdin>: input exceeds the limit of 6 bytes for one input (--max-bytes raises it, up to " + strconv.Itoa(graft.MaxArenaBytes) + "; graft stream reads the items of a large array in bounded memory)\n"; stderr.String() != want {
		t.Errorf("stderr %q, want %q", stderr.String(), want)
	}

	stderr.Reset()
	r = &runner{stdin: strings.NewReader("[1,2,3]"), stdout: &stdout, stderr: &stderr, maxBytes: 7}
	if code := c.run(r, c, []string{"-", "/0"}); code != exitOK || stderr.Len() > 0 {
		t.Errorf("input at the limit: exit %d, stderr %q", code, stderr.String())
	}
}

// With no FILE and a terminal on standard input, the commands that read
// standard input by default say so instead of waiting.
func TestNoInputOnATerminal(t *testing.T) {
	for _, name := range []string{"validate", "fmt", "stream"} {
		t.Run(name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			r := &runner{stdin: strings.NewReader("1"), stdout: &stdout, stderr: &stderr, maxBytes: maxInput,
				stdinTerminal: func() bool { return true }}
			c := lookup(name)
			want := "graft " + name + ": no FILE given, and standard input is a terminal: name a FILE, or pipe JSON in (… | graft " + name + ")\n"
			if code := c.run(r, c, nil); code != exitUsage || !strings.HasPrefix(stderr.String(), want) {
				t.Errorf("exit %d, stderr %q; want %d, %q", code, stderr.String(), exitUsage, want)
			}
			r.stdinTerminal = func() bool { return false }
			stderr.Reset()
			if code := c.run(r, c, nil); code != exitOK {
				t.Errorf("piped input: exit %d, stderr %q", code, stderr.String())
			}
		})
	}
}

// A file over the limit is refused from its size, before it is read (a
// sparse file of 300 MB: reading it would say "input exceeds", not its
// size), with the flag that raises the limit; --max-bytes works for every
// command that reads whole documents.
func TestFileSizeLimit(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.json")
	if err := os.WriteFile(big, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(big, 300_000_000); err != nil {
		t.Fatal(err)
	}
	small := filepath.Join(dir, "small.json")
	if err := os.WriteFile(small, []byte("[1,2,3]"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"get refuses from the size", []string{"get", big, "/a"}, exitFail, big + ": 300000000 bytes exceed the limit of 268435456 bytes for one input (--max-bytes raises it"},
		{"fmt streams past the size", []string{"fmt", big}, exitFail, big + ":1:1: invalid character byte 0x00 at the start of a value"},
		{"fmt --canonical refuses from the size", []string{"fmt", "--canonical", big}, exitFail, big + ": 300000000 bytes exceed the limit of 268435456"},
		{"validate streams, with no size limit", []string{"validate", "--max-bytes", "1", big}, exitFail, big + ":1:1: invalid character byte 0x00 at the start of a value"},
		{"--max-bytes lowers the limit", []string{"get", "--max-bytes", "6", small, "/0"}, exitFail, small + ": 7 bytes exceed the limit of 6 bytes"},
		{"--max-bytes at the size", []string{"get", small, "/0", "--max-bytes", "7"}, exitOK, ""},
		{"--max-bytes 0", []string{"validate", "--max-bytes", "0", small}, exitUsage, "graft validate: --max-bytes must be between 1 and " + strconv.Itoa(graft.MaxArenaBytes)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var o, e bytes.Buffer
			code := Run(c.args, strings.NewReader(""), &o, &e)
			stderr := e.String()
			if code != c.code || !strings.HasPrefix(stderr, c.stderr) || c.stderr == "" && stderr != "" {
				t.Errorf("exit %d, stderr %q; want %d, %q", code, stderr, c.code, c.stderr)
			}
		})
	}
}

// endless yields "[" then n bytes of "1," items, then "1]".
type endless struct{ n, sent int }

func (e *endless) Read(p []byte) (int, error) {
	i := 0
	for ; i < len(p); i++ {
		switch {
		case e.sent == 0:
			p[i] = '['
		case e.sent <= e.n:
			p[i] = ",1"[e.sent%2]
		case e.sent == e.n+1:
			p[i] = '1'
		case e.sent == e.n+2:
			p[i] = ']'
		default:
			return i, io.EOF
		}
		e.sent++
	}
	return i, nil
}

// Validate reads piece by piece: 64 MiB of input take a small fraction of
// that in memory, and the size limit of whole documents does not apply.
func TestValidateBoundedMemory(t *testing.T) {
	const n = 64 << 20
	var stdout, stderr bytes.Buffer
	r := &runner{stdin: &endless{n: n}, stdout: &stdout, stderr: &stderr, maxBytes: 1 << 20,
		stdinTerminal: func() bool { return false }}
	c := validateCommand()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	code := c.run(r, c, []string{"-"})
	runtime.ReadMemStats(&after)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > n/16 {
		t.Errorf("validating %d bytes allocated %d bytes", n, grew)
	}
}
