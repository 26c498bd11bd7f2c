package gateway

import "strings"

// acceptsGraphQLResponse reports whether the Accept header values prefer
// application/graphql-response+json to application/json (a missing or
// zero q is 1; equal weights prefer the former, and neither listed means
// application/json).
func acceptsGraphQLResponse(accept []string) bool {
	gr, js := -1.0, -1.0
	for _, line := range accept {
		for line != "" {
			var item string
			item, line, _ = strings.Cut(line, ",")
			mt, params, _ := strings.Cut(item, ";")
			q := quality(params)
			switch mt = strings.TrimSpace(mt); {
			case strings.EqualFold(mt, "application/graphql-response+json"):
				gr = max(gr, q)
			case strings.EqualFold(mt, "application/json"), mt == "*/*", strings.EqualFold(mt, "application/*"):
				js = max(js, q)
			}
		}
	}
	return gr > 0 && gr >= js
}

// quality reads the q parameter of a media range's parameters.
func quality(params string) float64 {
	for params != "" {
		var p string
		p, params, _ = strings.Cut(params, ";")
		k, v, _ := strings.Cut(p, "=")
		if strings.TrimSpace(k) != "q" {
			continue
		}
		v = strings.TrimSpace(v)
		// q is 0, 1, or 0.ddd (RFC 9110); anything else counts as 1.
		if v == "" || v[0] != '0' {
			return 1
		}
		q, scale := 0.0, 0.1
		for _, c := range strings.TrimPrefix(strings.TrimPrefix(v, "0"), ".") {
			if c < '0' || c > '9' {
				break
			}
			q += float64(c-'0') * scale
			scale /= 10
		}
		return q
	}
	return 1
}

// isJSON reports whether a Content-Type is application/json (any
// parameters, such as charset, are accepted).
func isJSON(ct []string) bool {
	if len(ct) == 0 {
		return false
	}
	mt, _, _ := strings.Cut(ct[0], ";")
	return strings.EqualFold(strings.TrimSpace(mt), "application/json")
}
