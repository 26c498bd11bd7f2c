package gateway

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestDedupHeaders: with deduplication on, clients whose forwarded
// Authorization is the same share subgraph requests in flight, and
// clients whose Authorization differs never see each other's data.
func TestDedupHeaders(t *testing.T) {
	cases := []struct {
		name    string
		tokens  []string // one client per token, all at once
		maxCall int      // subgraph requests at most
	}{
		{"same header: shared", []string{"alice", "alice", "alice", "alice", "alice", "alice", "alice", "alice"}, 7},
		{"different headers: never shared", []string{"alice", "bob", "alice", "bob", "carol", "alice", "bob", "carol"}, 8},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var calls atomic.Int32
			// The accounts subgraph answers "me" with the caller's
			// token, and holds each request a while so that the clients'
			// requests are in flight together.
			srv := demoGateway(t, Options{Dedup: true, ForwardHeaders: []string{"Authorization"}}, failing("accounts", func(w http.ResponseWriter, r *http.Request) {
				calls.Add(1)
				io.Copy(io.Discard, r.Body)
				time.Sleep(300 * time.Millisecond) // long enough on a loaded machine under the race detector
				name, _ := json.Marshal(strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer "))
				w.Header().Set("Content-Type", "application/json")
				io.WriteString(w, `{"data":{"me":{"name":`+string(name)+`}}}`)
			}))
			var wg sync.WaitGroup
			for _, token := range c.tokens {
				wg.Add(1)
				go func() {
					defer wg.Done()
					req, _ := http.NewRequest("POST", srv.URL+"/graphql", strings.NewReader(post(`{ me { name } }`)))
					req.Header.Set("Content-Type", "application/json")
					req.Header.Set("Authorization", "Bearer "+token)
					resp, err := srv.Client().Do(req)
					if err != nil {
						t.Error(err)
						return
					}
					defer resp.Body.Close()
					b, _ := io.ReadAll(resp.Body)
					if want := `{"data":{"me":{"name":"` + token + `"}}}`; string(b) != want {
						t.Errorf("client of %s got %s, want %s", token, b, want)
					}
				}()
			}
			wg.Wait()
			distinct := map[string]bool{}
			for _, tok := range c.tokens {
				distinct[tok] = true
			}
			if n := int(calls.Load()); n < len(distinct) || n > c.maxCall {
				t.Errorf("%d subgraph requests for %d clients with %d distinct tokens, want %d to %d", n, len(c.tokens), len(distinct), len(distinct), c.maxCall)
			}
		})
	}
}
