package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/graftjson/graft/internal/demo"
)

// The generated data: the demo's schema (internal/demo/schema) with 500
// products, two reviews each, by 50 users.
const (
	numProducts = 500
	numUsers    = 50
	perProduct  = 2
)

type user struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Username string `json:"username"`
}

type product struct {
	UPC    string `json:"upc"`
	Name   string `json:"name"`
	Price  int    `json:"price"`
	Weight int    `json:"weight"`
}

type stock struct {
	UPC     string `json:"upc"`
	InStock bool   `json:"inStock"`
}

type review struct {
	ID      string `json:"id"`
	Author  string `json:"author"`
	Product string `json:"product"`
	Body    string `json:"body"`
}

type dataset struct {
	Users     []user    `json:"users"`
	Products  []product `json:"products"`
	Inventory []stock   `json:"inventory"`
	Reviews   []review  `json:"reviews"`
}

func generate() *dataset {
	d := &dataset{}
	for i := 1; i <= numUsers; i++ {
		d.Users = append(d.Users, user{ID: fmt.Sprint(i), Name: fmt.Sprintf("Reviewer Number %d", i), Username: fmt.Sprintf("@r%d", i)})
	}
	for i := 1; i <= numProducts; i++ {
		upc := fmt.Sprint(i)
		d.Products = append(d.Products, product{UPC: upc, Name: fmt.Sprintf("Product %d", i), Price: 10 + i*7%990, Weight: 1 + i*13%200})
		d.Inventory = append(d.Inventory, stock{UPC: upc, InStock: i%3 != 0})
		for j := 0; j < perProduct; j++ {
			d.Reviews = append(d.Reviews, review{
				ID:      fmt.Sprint(len(d.Reviews) + 1),
				Author:  fmt.Sprint(1 + (i*7+j*3)%numUsers),
				Product: upc,
				Body:    fmt.Sprintf("Review %d of product %d: sturdy, well made, arrived on time; would buy again for the price.", j+1, i),
			})
		}
	}
	return d
}

// expected is the data of the benchmark query for the first n products,
// as every gateway must answer it.
func (d *dataset) expected(n int) any {
	users := map[string]user{}
	for _, u := range d.Users {
		users[u.ID] = u
	}
	var top []any
	for i, p := range d.Products[:n] {
		var rs []any
		for _, r := range d.Reviews {
			if r.Product == p.UPC {
				rs = append(rs, map[string]any{"body": r.Body, "author": map[string]any{"name": users[r.Author].Name}})
			}
		}
		top = append(top, map[string]any{"name": p.Name, "inStock": d.Inventory[i].InStock, "reviews": rs})
	}
	return map[string]any{"data": map[string]any{"topProducts": top}}
}

// subgraphs serves the demo's four subgraphs over the generated data on
// 127.0.0.1, each on a port of its own. Each answer is computed once per
// request body and then replayed, so that a request costs the subgraphs
// microseconds and never caps a gateway. Setting slow delays every answer
// of inventory by 50 ms.
type subgraphs struct {
	urls    map[string]string // name -> URL
	slow    atomic.Bool
	servers []*http.Server
}

func startSubgraphs(d *dataset) (*subgraphs, error) {
	data, err := json.Marshal(d)
	if err != nil {
		return nil, err
	}
	subs, err := demo.SubgraphsOf(data)
	if err != nil {
		return nil, err
	}
	s := &subgraphs{urls: map[string]string{}}
	for name, srv := range subs {
		var mu sync.RWMutex
		cache := map[string][]byte{}
		h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			b, err := io.ReadAll(r.Body)
			if err != nil {
				http.Error(w, err.Error(), http.StatusBadRequest)
				return
			}
			body := string(b)
			mu.RLock()
			answer, ok := cache[body]
			mu.RUnlock()
			if !ok {
				req := httptest.NewRequest("POST", "/graphql", strings.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				rec := httptest.NewRecorder()
				srv.ServeHTTP(rec, req)
				answer = rec.Body.Bytes()
				mu.Lock()
				cache[body] = answer
				mu.Unlock()
			}
			if name == "inventory" && s.slow.Load() {
				time.Sleep(50 * time.Millisecond)
			}
			w.Header()["Content-Type"] = []string{"application/json"}
			w.Header()["Content-Length"] = []string{strconv.Itoa(len(answer))}
			w.Write(answer)
		})
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			s.stop()
			return nil, err
		}
		hs := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
		go hs.Serve(ln)
		s.servers = append(s.servers, hs)
		s.urls[name] = "http://" + ln.Addr().String() + "/graphql"
	}
	return s, nil
}

func (s *subgraphs) stop() {
	for _, hs := range s.servers {
		hs.Close()
	}
}

// supergraph is the demo's supergraph with the URLs of these subgraphs.
func (s *subgraphs) supergraph() string {
	sg := demo.Supergraph
	for name, port := range map[string]string{"accounts": "4001", "products": "4002", "reviews": "4003", "inventory": "4004"} {
		sg = strings.Replace(sg, `"http://127.0.0.1:`+port+`/graphql"`, `"`+s.urls[name]+`"`, 1)
	}
	return sg
}
