package gateway_test

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/graftjson/graft/gateway"
	"github.com/graftjson/graft/internal/demo"
)

// A gateway over the demo's four subgraphs, each served on 127.0.0.1.
func Example() {
	subgraphs, err := demo.Subgraphs()
	if err != nil {
		panic(err)
	}
	urls := map[string]string{}
	for name, s := range subgraphs {
		srv := httptest.NewServer(s)
		defer srv.Close()
		urls[name] = srv.URL + "/graphql"
	}
	g, err := gateway.New(demo.Supergraph, gateway.Options{
		Subgraphs: urls, // instead of the supergraph's join__graph URLs
		Logger:    slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	if err != nil {
		panic(err)
	}
	srv := httptest.NewServer(g)
	defer srv.Close()

	resp, err := http.Post(srv.URL+"/graphql", "application/json",
		strings.NewReader(`{"query":"{ topProducts(first: 2) { name shippingEstimate reviews { author { username } } } }"}`))
	if err != nil {
		panic(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	fmt.Println(resp.StatusCode, string(body))
	// Output:
	// 200 {"data":{"topProducts":[{"name":"Table","shippingEstimate":50,"reviews":[{"author":{"username":"@ada"}},{"author":{"username":"@complete"}}]},{"name":"Couch","shippingEstimate":0,"reviews":[{"author":{"username":"@ada"}}]}]}}
}
