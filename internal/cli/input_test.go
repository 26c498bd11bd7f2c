package cli

import (
	"bytes"
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
	if want := "<stdin>: input exceeds the size limit of 6 bytes\n"; stderr.String() != want {
		t.Errorf("stderr %q, want %q", stderr.String(), want)
	}

	stderr.Reset()
	r = &runner{stdin: strings.NewReader("[1,2,3]"), stdout: &stdout, stderr: &stderr, maxBytes: 7}
	if code := c.run(r, c, []string{"-"}); code != exitOK || stderr.Len() > 0 {
		t.Errorf("input at the limit: exit %d, stderr %q", code, stderr.String())
	}
}
