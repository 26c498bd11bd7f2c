package wire_test

import (
	"regexp"
	"testing"

	"github.com/graftjson/graft/internal/wire"
)

func TestScanNumber(t *testing.T) {
	cases := []struct {
		in   string
		end  int
		code wire.Code
	}{
		{"0", 1, wire.OK},
		{"-0", 2, wire.OK},
		{"7", 1, wire.OK},
		{"1234567890", 10, wire.OK},
		{"12345678901234567890123", 23, wire.OK},
		{"1.5", 3, wire.OK},
		{"0.0001", 6, wire.OK},
		{"1e5", 3, wire.OK},
		{"1E+5", 4, wire.OK},
		{"1e-05", 5, wire.OK},
		{"-1.25e+100", 10, wire.OK},
		{"123456789.123456789e123456789", 29, wire.OK},
		// The scanner stops at the first byte that cannot continue the
		// number; the caller's grammar judges what follows.
		{"01", 1, wire.OK},
		{"1,", 1, wire.OK},
		{"1]", 1, wire.OK},
		{"12345678x", 8, wire.OK},
		{"-0.5e1.", 6, wire.OK},
		{"1e5e5", 3, wire.OK},
		// Errors: at the offending byte, or EOF at the end of the input.
		{"-", 1, wire.EOF},
		{"-a", 1, wire.BadNumber},
		{"--1", 1, wire.BadNumber},
		{"-.5", 1, wire.BadNumber},
		{"1.", 2, wire.EOF},
		{"1.x", 2, wire.BadNumber},
		{"1.e5", 2, wire.BadNumber},
		{"1e", 2, wire.EOF},
		{"1e+", 3, wire.EOF},
		{"1e+x", 3, wire.BadNumber},
		{"1ex", 2, wire.BadNumber},
		{"12345678.", 9, wire.EOF},
		{"0.12345678e", 11, wire.EOF},
	}
	for _, c := range cases {
		for _, lead := range []string{"", "[", "        "} {
			s := []byte(lead + c.in)
			end, code := wire.ScanNumber(s, len(lead))
			if end != len(lead)+c.end || code != c.code {
				t.Errorf("ScanNumber(%q, %d) = %d, %v; want %d, %v", s, len(lead), end, code, len(lead)+c.end, c.code)
			}
		}
	}
}

var numberRE = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`)

// refScanNumber is ScanNumber written from the RFC 8259 grammar.
func refScanNumber(s []byte, i int) (int, wire.Code) {
	digits := func(j int) int {
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		return j
	}
	fail := func(j int) (int, wire.Code) {
		if j >= len(s) {
			return j, wire.EOF
		}
		return j, wire.BadNumber
	}
	if s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case i < len(s) && s[i] >= '1' && s[i] <= '9':
		i = digits(i)
	default:
		return fail(i)
	}
	if i < len(s) && s[i] == '.' {
		j := digits(i + 1)
		if j == i+1 {
			return fail(j)
		}
		i = j
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		j := digits(i)
		if j == i {
			return fail(j)
		}
		i = j
	}
	return i, wire.OK
}

func FuzzScanNumber(f *testing.F) {
	for _, s := range []string{"0", "-0", "1.5e10", "01", "1.", "-", "1e+", "123456789012345678.5e-7x"} {
		f.Add([]byte(s), 0)
	}
	f.Fuzz(func(t *testing.T, s []byte, i int) {
		if len(s) == 0 {
			return
		}
		i = int(uint(i) % uint(len(s)))
		if c := s[i]; c != '-' && (c < '0' || c > '9') {
			return // ScanNumber is called at a '-' or a digit
		}
		end, code := wire.ScanNumber(s, i)
		wend, wcode := refScanNumber(s, i)
		if end != wend || code != wcode {
			t.Fatalf("ScanNumber(%q, %d) = %d, %v; want %d, %v", s, i, end, code, wend, wcode)
		}
		if code == wire.OK && !numberRE.Match(s[i:end]) {
			t.Fatalf("ScanNumber(%q, %d) accepted %q", s, i, s[i:end])
		}
	})
}

func TestScanLiteral(t *testing.T) {
	cases := []struct {
		in, lit string
		end     int
		code    wire.Code
	}{
		{"true", "true", 4, wire.OK},
		{"false", "false", 5, wire.OK},
		{"null", "null", 4, wire.OK},
		{"truex", "true", 4, wire.OK},
		{"tru", "true", 3, wire.EOF},
		{"t", "true", 1, wire.EOF},
		{"nul", "null", 3, wire.EOF},
		{"trUe", "true", 2, wire.BadLiteral},
		{"nulL", "null", 3, wire.BadLiteral},
		{"fals ", "false", 4, wire.BadLiteral},
	}
	for _, c := range cases {
		end, code := wire.ScanLiteral([]byte(c.in), 0, c.lit)
		if end != c.end || code != c.code {
			t.Errorf("ScanLiteral(%q, %q) = %d, %v; want %d, %v", c.in, c.lit, end, code, c.end, c.code)
		}
	}
}

func TestCodeString(t *testing.T) {
	seen := map[string]bool{}
	for c := wire.OK; c <= wire.UnterminatedString; c++ {
		s := c.String()
		if s == "" || s == "unknown error" || seen[s] {
			t.Errorf("Code(%d).String() = %q", c, s)
		}
		seen[s] = true
	}
	if wire.Code(200).String() != "unknown error" {
		t.Errorf("Code(200).String() = %q", wire.Code(200).String())
	}
}
