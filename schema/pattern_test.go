package schema

import (
	"regexp"
	"strings"
	"testing"
)

func TestSimplePattern(t *testing.T) {
	tests := []struct {
		pattern string
		simple  bool
		in      []string
	}{
		{`^[A-Z]{3}-[0-9]{4,8}$`, true, []string{"ABC-1234", "ABC-123", "AB-1234", "ABC-123456789", "abc-1234", "ABC-1234\n"}},
		{`^ord_[0-9a-z]{12}$`, true, []string{"ord_8f3k2j9x0q1z", "ord_8f3k2j9x0q1", "ord_8f3k2j9x0q1zz"}},
		{`^\+[1-9][0-9]{6,14}$`, true, []string{"+442071234567", "+0442071234567", "+1234"}},
		{`^[A-Z0-9 -]{3,10}$`, true, []string{"SW1Y 4JH", "ab", "SW1Y-4JH-XXX"}},
		{`^\d+\.\d*$`, false, []string{"1.", "1.5", "x"}},     // \d+ then \. : disjoint, then \d* last
		{`^a*a$`, false, []string{"aaa", "a"}},                // a run followed by its own set
		{`^[a-z]+[a-z0-9]?$`, false, []string{"abc1", "abc"}}, // the next item is optional
		{`abc`, false, []string{"xabcx"}},
		{`^é$`, false, []string{"é"}},
		{`^[^a]$`, false, []string{"b", "é"}},
		{`^0*[][0]$`, false, []string{"0", "]", "[", "00", ""}}, // ']' first in a class is a literal in regexp
		{`^[0]{001}$`, false, []string{"0", "0{001}"}},          // a count with a leading zero is text to regexp
		{`^[0]{+1}$`, false, []string{"0", "0{+1}"}},
		{`^\w{2}\s?\d$`, false, []string{"ab 1", "ab1"}},
		{`^$`, true, []string{"", "a"}},
		{`^a-b-c-d-[0-9]+$`, true, []string{"a-b-c-d-42", "a-b-c-d-", "a-b-c-d-4x"}},
		{`^` + strings.Repeat("a", 40) + `$`, false, []string{strings.Repeat("a", 40), "a"}}, // over 32 items: regexp
	}
	for _, tc := range tests {
		p, err := compilePattern(tc.pattern)
		if err != nil {
			t.Fatal(err)
		}
		if (p.simple != nil) != tc.simple && tc.simple {
			t.Errorf("%s: simple = %v, want %v", tc.pattern, p.simple != nil, tc.simple)
		}
		for _, in := range tc.in {
			if got, want := p.Match([]byte(in)), p.re.MatchString(in); got != want {
				t.Errorf("%s on %q: %v, regexp says %v", tc.pattern, in, got, want)
			}
		}
	}
}

// FuzzSimplePattern: the simple matcher agrees with regexp wherever it is
// used.
func FuzzSimplePattern(f *testing.F) {
	f.Add(`^[A-Z]{3}-[0-9]{4,8}$`, "ABC-1234")
	f.Add(`^\+[1-9][0-9]{6,14}$`, "+4420712")
	f.Add(`^[a-c\d_]+x?y$`, "ab1_xy")
	f.Add(`^\w\s\.{2}$`, "a ..")
	f.Fuzz(func(t *testing.T, pat, in string) {
		re, err := regexp.Compile(pat)
		if err != nil {
			return
		}
		items := simplePattern(pat)
		if items == nil {
			return
		}
		p, _ := compilePattern(pat)
		if got, want := p.Match([]byte(in)), re.MatchString(in); got != want {
			t.Fatalf("%q on %q: simple %v, regexp %v", pat, in, got, want)
		}
	})
}
