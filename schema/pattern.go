package schema

import "regexp"

// pattern is a compiled "pattern" or "patternProperties" regular
// expression: Go's regexp (RE2, linear time) and, for the common anchored
// patterns of API schemas such as ^[A-Z]{3}-[0-9]{4,8}$, a simpler matcher
// that gives the same answers without regexp's machinery.
type pattern struct {
	re     *regexp.Regexp
	simple []patItem // nil: use re
	// class has bit k of byte c set when c belongs to the set of item k.
	class *[256]uint32
}

// patItem is a run of min to max bytes from an ASCII set.
type patItem struct {
	set      [2]uint64 // bit c set: byte c (< 128) belongs
	min, max int
}

func compilePattern(s string) (*pattern, error) {
	re, err := regexp.Compile(s)
	if err != nil {
		return nil, err
	}
	p := &pattern{re: re, simple: simplePattern(s)}
	if len(p.simple) > 32 {
		p.simple = nil
	}
	if p.simple != nil {
		p.class = new([256]uint32)
		for k, it := range p.simple {
			for c := 0; c < 128; c++ {
				if it.set[c>>6]&(1<<(c&63)) != 0 {
					p.class[c] |= 1 << k
				}
			}
		}
	}
	return p, nil
}

// Match reports whether s (decoded string bytes) matches.
func (p *pattern) Match(s []byte) bool {
	if p.simple == nil {
		return p.re.Match(s)
	}
	class := p.class
	for k := range p.simple {
		it := &p.simple[k]
		bit := uint32(1) << (k & 31)
		run := s
		if it.max < len(run) {
			run = run[:it.max]
		}
		j := 0
		for j < len(run) && class[run[j]]&bit != 0 {
			j++
		}
		if j < it.min {
			return false
		}
		s = s[j:]
	}
	return len(s) == 0
}

// String returns the source of the pattern.
func (p *pattern) String() string { return p.re.String() }

// simplePattern reads patterns of the form ^item…item$ where each item is
// an ASCII literal, escape or class with an optional greedy quantifier,
// and where greedy matching cannot go wrong: a run of variable length is
// followed by a mandatory item whose set it does not share (or ends the
// pattern). It returns nil for any other pattern.
func simplePattern(s string) []patItem {
	if len(s) < 2 || s[0] != '^' || s[len(s)-1] != '$' || (len(s) >= 3 && s[len(s)-2] == '\\') {
		return nil
	}
	body := s[1 : len(s)-1]
	var items []patItem
	for i := 0; i < len(body); {
		var it patItem
		c := body[i]
		switch {
		case c == '[':
			j := i + 1
			// A negated class is left to regexp, and so is a class whose
			// first byte is ']': regexp takes it as a literal ("[]a]"),
			// where ECMA-262 reads "[]" as a class that matches nothing.
			if j < len(body) && (body[j] == '^' || body[j] == ']') {
				return nil
			}
			for j < len(body) && body[j] != ']' {
				lo, n := classChar(body, j)
				if n == 0 {
					return nil
				}
				if lo < 0 { // an escape class such as \d
					it.set[0] |= escapeSet(body[j+1])[0]
					it.set[1] |= escapeSet(body[j+1])[1]
					j += n
					continue
				}
				j += n
				hi := lo
				if j+1 < len(body) && body[j] == '-' && body[j+1] != ']' {
					h, m := classChar(body, j+1)
					if m == 0 || h < lo {
						return nil
					}
					hi = h
					j += 1 + m
				}
				for ch := lo; ch <= hi; ch++ {
					it.set[ch>>6] |= 1 << (ch & 63)
				}
			}
			if j >= len(body) {
				return nil
			}
			i = j + 1
		case c == '\\':
			if i+1 >= len(body) {
				return nil
			}
			e := body[i+1]
			if set := escapeSet(e); set != [2]uint64{} {
				it.set = set
			} else if isPunct(e) {
				it.set[e>>6] |= 1 << (e & 63)
			} else {
				return nil
			}
			i += 2
		case c < 128 && !isMeta(c):
			it.set[c>>6] |= 1 << (c & 63)
			i++
		default:
			return nil
		}
		it.min, it.max = 1, 1
		if i < len(body) {
			switch body[i] {
			case '?':
				it.min, i = 0, i+1
			case '*':
				it.min, it.max, i = 0, maxInt, i+1
			case '+':
				it.max, i = maxInt, i+1
			case '{':
				j := i + 1
				for j < len(body) && body[j] != '}' {
					j++
				}
				if j >= len(body) {
					return nil
				}
				lo, hi, ok := bounds(body[i+1 : j])
				if !ok {
					return nil
				}
				it.min, it.max, i = lo, hi, j+1
			}
			if i < len(body) && (body[i] == '?' || body[i] == '+' || body[i] == '*' || body[i] == '{') {
				return nil // lazy or stacked quantifiers
			}
		}
		items = append(items, it)
	}
	for k, it := range items {
		if it.min == it.max || k == len(items)-1 {
			continue
		}
		next := items[k+1]
		if next.min == 0 || it.set[0]&next.set[0] != 0 || it.set[1]&next.set[1] != 0 {
			return nil
		}
	}
	if items == nil {
		items = []patItem{}
	}
	return items
}

// classChar reads one character of a bracket class at s[i]: its byte and
// length, lo -1 for an escape class (\d, \w, \s), or length 0 if it is not
// a simple ASCII character.
func classChar(s string, i int) (lo, n int) {
	c := s[i]
	if c == '\\' {
		if i+1 >= len(s) {
			return 0, 0
		}
		e := s[i+1]
		if escapeSet(e) != [2]uint64{} {
			return -1, 2
		}
		if isPunct(e) {
			return int(e), 2
		}
		return 0, 0
	}
	if c >= 128 || c == '[' {
		return 0, 0
	}
	return int(c), 1
}

// escapeSet returns the set of \d, \w or \s (ASCII in RE2), or an empty set.
func escapeSet(e byte) [2]uint64 {
	var set [2]uint64
	add := func(lo, hi byte) {
		for c := lo; c <= hi; c++ {
			set[c>>6] |= 1 << (c & 63)
		}
	}
	switch e {
	case 'd':
		add('0', '9')
	case 'w':
		add('0', '9')
		add('A', 'Z')
		add('a', 'z')
		add('_', '_')
	case 's':
		add('\t', '\n')
		add('\f', '\r')
		add(' ', ' ')
	}
	return set
}

func isMeta(c byte) bool {
	switch c {
	case '.', '+', '*', '?', '(', ')', '|', '[', ']', '{', '}', '^', '$', '\\':
		return true
	}
	return false
}

func isPunct(c byte) bool {
	return c < 128 && !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z')
}

func bounds(s string) (lo, hi int, ok bool) {
	a, b, comma := cut(s, ',')
	if lo, ok = count(a); !ok {
		return 0, 0, false
	}
	if !comma {
		return lo, lo, true
	}
	if b == "" {
		return lo, maxInt, true
	}
	if hi, ok = count(b); !ok || hi < lo {
		return 0, 0, false
	}
	return lo, hi, true
}

// count reads a repetition count as regexp does: decimal digits without a
// sign or a leading zero ("{001}" is no count to regexp, but text to
// match), at most 1000 here.
func count(s string) (int, bool) {
	if s == "" || len(s) > 4 || len(s) > 1 && s[0] == '0' {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i]-'0' > 9 {
			return 0, false
		}
		n = 10*n + int(s[i]-'0')
	}
	return n, n <= 1000
}

func cut(s string, sep byte) (string, string, bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == sep {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}
