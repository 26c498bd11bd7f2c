package cli

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"time"
)

func TestProgressLine(t *testing.T) {
	cases := []struct {
		name               string
		read, total, items int64
		elapsed            time.Duration
		width              int
		want               string
	}{
		{name: "known total", read: 125_000_000, total: 250_000_000, items: 1234, elapsed: time.Second, width: 80,
			want: "graft stream: 125.0 MB of 250.0 MB (50%), 1234 items, 125.0 MB/s"},
		{name: "unknown total", read: 1_500_000, items: 7, elapsed: 500 * time.Millisecond, width: 80,
			want: "graft stream: 1.5 MB, 7 items, 3.0 MB/s"},
		{name: "one item", read: 2_000_000, items: 1, elapsed: time.Second, width: 80, want: "graft stream: 2.0 MB, 1 item, 2.0 MB/s"},
		{name: "no time yet", read: 0, total: 10, items: 0, width: 80, want: "graft stream: 0.0 MB of 0.0 MB (0%), 0 items"},
		{name: "narrow terminal", read: 1_500_000, items: 7, elapsed: time.Second, width: 20, want: "graft stream: 1.5 M"},
	}
	for _, tc := range cases {
		got := progressLine(tc.read, tc.total, tc.items, tc.elapsed, tc.width)
		if strings.TrimRight(got, " ") != tc.want || len(got) != tc.width-1 {
			t.Errorf("%s: %q (%d bytes), want %q padded to %d", tc.name, got, len(got), tc.want, tc.width-1)
		}
	}
}

// slowReader returns its data a piece at a time with a pause before each,
// so that the progress line is drawn while reading.
type slowReader struct {
	data  []byte
	pause time.Duration
}

func (s *slowReader) Read(p []byte) (int, error) {
	if len(s.data) == 0 {
		return 0, io.EOF
	}
	time.Sleep(s.pause)
	n := copy(p[:min(len(p), 8)], s.data)
	s.data = s.data[n:]
	return n, nil
}

// TestProgress: on a terminal the progress line goes to stderr, redrawn in
// place with '\r', and ends with the final count; stdout holds only the
// items. --quiet and a stderr that is not a terminal get none.
func TestProgress(t *testing.T) {
	in := "[1,2,3,4,5,6,7,8,9,10,11,12]"
	for _, tc := range []struct {
		name     string
		terminal bool
		args     []string
		want     bool
	}{
		{"terminal", true, []string{"-"}, true},
		{"terminal --quiet", true, []string{"--quiet", "-"}, false},
		{"not a terminal", false, []string{"-"}, false},
	} {
		var stdout, stderr bytes.Buffer
		r := &runner{stdin: &slowReader{data: []byte(in), pause: 150 * time.Millisecond}, stdout: &stdout, stderr: &stderr, maxBytes: maxInput,
			isTerminal: func(io.Writer) (int, bool) { return 60, tc.terminal }}
		c := streamCommand()
		if code := c.run(r, c, tc.args); code != exitOK {
			t.Fatalf("%s: exit %d, stderr %q", tc.name, code, stderr.String())
		}
		if stdout.String() != "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n" {
			t.Errorf("%s: stdout %q", tc.name, stdout.String())
		}
		if !tc.want {
			if stderr.Len() > 0 {
				t.Errorf("%s: stderr %q, want nothing", tc.name, stderr.String())
			}
			continue
		}
		lines := strings.Split(stderr.String(), "\r")
		last := lines[len(lines)-1]
		if len(lines) < 3 || !strings.HasPrefix(last, "graft stream: 0.0 MB, 12 items, ") || !strings.HasSuffix(last, " \n") {
			t.Errorf("%s: stderr %q", tc.name, stderr.String())
		}
	}
}

func TestRealTerminalCheck(t *testing.T) {
	var r runner
	if _, ok := r.terminal(&bytes.Buffer{}); ok {
		t.Error("a buffer is a terminal")
	}
}
