package httptransport

import "net/http"

// SetRoundTripper makes every upstream of t send its requests through rt.
func SetRoundTripper(t *Transport, rt http.RoundTripper) {
	for _, u := range t.upstreams {
		u.rt = rt
	}
}
