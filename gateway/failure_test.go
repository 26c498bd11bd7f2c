package gateway

import (
	"io"
	"net/http"
	"testing"
	"time"
)

// failing replaces a subgraph's handler with one that answers badly.
func failing(answer func(w http.ResponseWriter, r *http.Request)) map[string]func(http.Handler) http.Handler {
	return map[string]func(http.Handler) http.Handler{
		"reviews": func(http.Handler) http.Handler { return http.HandlerFunc(answer) },
	}
}

const topReviews = `{ topProducts(first: 2) { name reviews { body } } }`

func TestFailingSubgraph(t *testing.T) {
	cases := []struct {
		name   string
		answer func(w http.ResponseWriter, r *http.Request)
		want   string
	}{
		{"status 500", func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "down for maintenance", http.StatusInternalServerError)
		}, `{"errors":[{"message":"Failed to fetch from upstream \"reviews\": the subgraph answered 500 Internal Server Error","extensions":{"code":"UPSTREAM_FAILED","upstream":"reviews"}}],"data":{"topProducts":[{"name":"Table","reviews":null},{"name":"Couch","reviews":null}]}}`},
		{"garbage", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, `{"data":{"_entities":[{"reviews":[`)
		}, `{"errors":[{"message":"Failed to fetch from upstream \"reviews\": the response is not JSON (graft: line 1, column 35: unexpected end of input, expected a value)","extensions":{"code":"UPSTREAM_FAILED","upstream":"reviews"}}],"data":{"topProducts":[{"name":"Table","reviews":null},{"name":"Couch","reviews":null}]}}`},
		{"not json", func(w http.ResponseWriter, r *http.Request) {
			io.WriteString(w, `<html>oops</html>`)
		}, `{"errors":[{"message":"Failed to fetch from upstream \"reviews\": the response is not JSON (graft: line 1, column 1: invalid character '<' at the start of a value)","extensions":{"code":"UPSTREAM_FAILED","upstream":"reviews"}}],"data":{"topProducts":[{"name":"Table","reviews":null},{"name":"Couch","reviews":null}]}}`},
		{"graphql errors", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, `{"errors":[{"message":"reviews are unavailable"}]}`)
		}, `{"errors":[{"message":"reviews are unavailable"}],"data":{"topProducts":[{"name":"Table","reviews":null},{"name":"Couch","reviews":null}]}}`},
		{"connection dropped", func(w http.ResponseWriter, r *http.Request) {
			conn, _, err := w.(http.Hijacker).Hijack()
			if err == nil {
				conn.Close()
			}
		}, `{"errors":[{"message":"Failed to fetch from upstream \"reviews\": the subgraph could not be reached: EOF","extensions":{"code":"UPSTREAM_FAILED","upstream":"reviews"}}],"data":{"topProducts":[{"name":"Table","reviews":null},{"name":"Couch","reviews":null}]}}`},
		{"timeout", func(w http.ResponseWriter, r *http.Request) {
			io.Copy(io.Discard, r.Body) // then the server sees the client go
			select {
			case <-r.Context().Done():
			case <-time.After(10 * time.Second):
			}
		}, `{"errors":[{"message":"Failed to fetch from upstream \"reviews\": the subgraph did not answer within 100ms","extensions":{"code":"UPSTREAM_FAILED","upstream":"reviews"}}],"data":{"topProducts":[{"name":"Table","reviews":null},{"name":"Couch","reviews":null}]}}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := demoGateway(t, Options{SubgraphTimeout: 100 * time.Millisecond}, failing(c.answer))
			checkHTTP(t, srv, httpCase{body: post(topReviews), status: 200, want: c.want})
		})
	}
}
