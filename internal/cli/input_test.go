package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The size limit is checked while reading, so a huge input is never held
// whole; the real limit (256 MiB) is too big for a test, so a runner with a
// small one stands in.
func TestInputSizeLimit(t *testing.T) {
	var stdout, stderr bytes.Buffer
	r := &runner{stdin: strings.NewReader("[1,2,3]"), stdout: &stdout, stderr: &stderr, maxBytes: 6}
	c := validateCommand()
	if code := c.run(r, c, []string{"-"}); code != exitFail {
		t.Errorf("exit %d, want %d", code, exitFail)
	}
	if want := "<stdin>: input exceeds the limit of 6 bytes for one input (--max-bytes raises it, up to 4294967295; graft stream reads the items of a large array in bounded memory)\n"; stderr.String() != want {
		t.Errorf("stderr %q, want %q", stderr.String(), want)
	}

	stderr.Reset()
	r = &runner{stdin: strings.NewReader("[1,2,3]"), stdout: &stdout, stderr: &stderr, maxBytes: 7}
	if code := c.run(r, c, []string{"-"}); code != exitOK || stderr.Len() > 0 {
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
		{"validate refuses from the size", []string{"validate", big}, exitFail, big + ": 300000000 bytes exceed the limit of 268435456 bytes for one input (--max-bytes raises it"},
		{"fmt refuses from the size", []string{"fmt", big}, exitFail, big + ": 300000000 bytes exceed the limit of 268435456"},
		{"--max-bytes lowers the limit", []string{"get", "--max-bytes", "6", small, "/0"}, exitFail, small + ": 7 bytes exceed the limit of 6 bytes"},
		{"--max-bytes at the size", []string{"get", small, "/0", "--max-bytes", "7"}, exitOK, ""},
		{"--max-bytes 0", []string{"validate", "--max-bytes", "0", small}, exitUsage, "graft validate: --max-bytes must be between 1 and 4294967295"},
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
