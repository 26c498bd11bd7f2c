package schema

import (
	"net/netip"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"
)

// formats holds the checks of the formats that Options.AssertFormat makes
// assertions. Formats not listed stay annotations even then.
var formats = map[string]func([]byte) bool{
	"date-time":             isDateTime,
	"date":                  isDate,
	"time":                  isTime,
	"duration":              isDuration,
	"email":                 isEmail,
	"hostname":              isHostname,
	"ipv4":                  isIPv4,
	"ipv6":                  isIPv6,
	"uri":                   isURI,
	"uri-reference":         isURIReference,
	"uuid":                  isUUID,
	"regex":                 isRegex,
	"json-pointer":          isJSONPointer,
	"relative-json-pointer": isRelativeJSONPointer,
}

// Formats lists the formats that Options.AssertFormat checks, sorted.
func Formats() []string {
	out := make([]string, 0, len(formats))
	for name := range formats {
		out = append(out, name)
	}
	slices.Sort(out)
	return out
}

func digits(s []byte, n int) (int, bool) {
	if len(s) < n {
		return 0, false
	}
	v := 0
	for i := 0; i < n; i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		v = v*10 + int(s[i]-'0')
	}
	return v, true
}

// isDate checks an RFC 3339 full-date.
func isDate(s []byte) bool {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return false
	}
	y, ok1 := digits(s, 4)
	m, ok2 := digits(s[5:], 2)
	d, ok3 := digits(s[8:], 2)
	if !ok1 || !ok2 || !ok3 || m < 1 || m > 12 || d < 1 {
		return false
	}
	days := [...]int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}[m-1]
	if m == 2 && y%4 == 0 && (y%100 != 0 || y%400 == 0) {
		days = 29
	}
	return d <= days
}

// isTime checks an RFC 3339 full-time (with offset; leap seconds only at
// 23:59 UTC).
func isTime(s []byte) bool {
	if len(s) < 9 || s[2] != ':' || s[5] != ':' {
		return false
	}
	h, ok1 := digits(s, 2)
	m, ok2 := digits(s[3:], 2)
	sec, ok3 := digits(s[6:], 2)
	if !ok1 || !ok2 || !ok3 || h > 23 || m > 59 || sec > 60 {
		return false
	}
	i := 8
	if s[i] == '.' {
		i++
		j := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == j {
			return false
		}
	}
	if i >= len(s) {
		return false
	}
	oh, om := 0, 0
	switch s[i] {
	case 'z', 'Z':
		if i+1 != len(s) {
			return false
		}
	case '+', '-':
		t := s[i+1:]
		if len(t) != 5 || t[2] != ':' {
			return false
		}
		var ok4, ok5 bool
		oh, ok4 = digits(t, 2)
		om, ok5 = digits(t[3:], 2)
		if !ok4 || !ok5 || oh > 23 || om > 59 {
			return false
		}
		if s[i] == '-' {
			oh, om = -oh, -om
		}
	default:
		return false
	}
	if sec == 60 { // a leap second is 23:59:60 in UTC
		utc := (h*60 + m - oh*60 - om + 2*24*60) % (24 * 60)
		return utc == 23*60+59
	}
	return true
}

func isDateTime(s []byte) bool {
	if len(s) < 11 || (s[10] != 'T' && s[10] != 't') {
		return false
	}
	return isDate(s[:10]) && isTime(s[11:])
}

// isDuration checks an ISO 8601 duration as RFC 3339 appendix A writes it.
func isDuration(s []byte) bool {
	if len(s) < 2 || s[0] != 'P' {
		return false
	}
	s = s[1:]
	date, tm, _ := strings.Cut(string(s), "T")
	if strings.Contains(string(s), "T") && tm == "" {
		return false
	}
	unitsOK := func(part, units string) bool {
		last := -1
		for part != "" {
			i := 0
			for i < len(part) && part[i] >= '0' && part[i] <= '9' {
				i++
			}
			if i == 0 || i == len(part) {
				return false
			}
			u := strings.IndexByte(units, part[i])
			if u <= last {
				return false
			}
			last = u
			part = part[i+1:]
		}
		return true
	}
	if strings.Contains(date, "W") {
		return date != "W" && tm == "" && unitsOK(date, "W") && !strings.ContainsAny(date[:len(date)-1], "YMD")
	}
	if date == "" && tm == "" {
		return false
	}
	return unitsOK(date, "YMD") && unitsOK(tm, "HMS")
}

func isEmail(s []byte) bool {
	at := strings.LastIndexByte(string(s), '@')
	if at <= 0 || at == len(s)-1 {
		return false
	}
	local, domain := string(s[:at]), string(s[at+1:])
	if strings.HasPrefix(local, ".") || strings.HasSuffix(local, ".") || strings.Contains(local, "..") {
		if !(strings.HasPrefix(local, `"`) && strings.HasSuffix(local, `"`)) {
			return false
		}
	}
	if strings.HasPrefix(domain, "[") && strings.HasSuffix(domain, "]") {
		ip := domain[1 : len(domain)-1]
		if strings.HasPrefix(ip, "IPv6:") {
			return isIPv6([]byte(ip[5:]))
		}
		return isIPv4([]byte(ip))
	}
	return isHostname([]byte(domain))
}

func isHostname(s []byte) bool {
	h := string(s)
	h = strings.TrimSuffix(h, ".")
	if h == "" || len(h) > 253 {
		return false
	}
	for _, label := range strings.Split(h, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		if len(label) >= 4 && label[2:4] == "--" && !strings.HasPrefix(strings.ToLower(label), "xn--") {
			return false
		}
		for i := 0; i < len(label); i++ {
			c := label[i]
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-') {
				return false
			}
		}
	}
	return true
}

func isIPv4(s []byte) bool {
	a, err := netip.ParseAddr(string(s))
	return err == nil && a.Is4()
}

func isIPv6(s []byte) bool {
	a, err := netip.ParseAddr(string(s))
	return err == nil && a.Is6() && a.Zone() == ""
}

func uriOK(s []byte) bool {
	for _, c := range s {
		if c <= ' ' || c >= 0x7f || strings.IndexByte(`"<>\^`+"`{|}", c) >= 0 {
			return false
		}
	}
	return utf8.Valid(s)
}

func isURI(s []byte) bool {
	if !uriOK(s) {
		return false
	}
	u, err := url.Parse(string(s))
	return err == nil && u.Scheme != ""
}

func isURIReference(s []byte) bool {
	if !uriOK(s) {
		return false
	}
	_, err := url.Parse(string(s))
	return err == nil
}

func isUUID(s []byte) bool {
	if len(s) != 36 {
		return false
	}
	for i, c := range s {
		switch i {
		case 8, 13, 18, 23:
			if c != '-' {
				return false
			}
		default:
			if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
				return false
			}
		}
	}
	return true
}

func isRegex(s []byte) bool {
	_, err := regexp.Compile(string(s))
	return err == nil
}

func isJSONPointer(s []byte) bool {
	if len(s) > 0 && s[0] != '/' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '~' && (i+1 >= len(s) || s[i+1] != '0' && s[i+1] != '1') {
			return false
		}
	}
	return true
}

func isRelativeJSONPointer(s []byte) bool {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 || (s[0] == '0' && i > 1) {
		return false
	}
	rest := s[i:]
	if len(rest) == 1 && rest[0] == '#' {
		return true
	}
	return isJSONPointer(rest)
}
