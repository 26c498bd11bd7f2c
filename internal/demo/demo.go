// Package demo is the classic federation demo that `graft serve --demo`
// runs: four subgraphs — accounts (users), products, reviews (with
// @provides on a review's author username) and inventory (whose
// shippingEstimate @requires a product's price and weight) — their data
// embedded in the binary, and the supergraph composed from their SDLs
// (schema/; see schema/README.md for how it was composed).
package demo

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"strconv"
	"sync"

	"github.com/graftjson/graft/internal/subgraph"
)

// Supergraph is the supergraph SDL composed from the four subgraphs.
// Its join__graph URLs point at 127.0.0.1:4001–4004; the demo serves the
// subgraphs elsewhere and overrides them.
//
//go:embed schema/supergraph.graphql
var Supergraph string

var (
	//go:embed schema/accounts.graphql
	accountsSDL string
	//go:embed schema/products.graphql
	productsSDL string
	//go:embed schema/reviews.graphql
	reviewsSDL string
	//go:embed schema/inventory.graphql
	inventorySDL string
	//go:embed schema/data.json
	dataJSON []byte
)

type object = map[string]any

type data struct {
	Users     []object `json:"users"`
	Products  []object `json:"products"`
	Inventory []object `json:"inventory"`
	Reviews   []object `json:"reviews"`
}

// Subgraphs returns the servers of the four subgraphs, keyed by name, over
// a fresh copy of the demo data (addReview adds to that copy only).
func Subgraphs() (map[string]*subgraph.Server, error) { return SubgraphsOf(dataJSON) }

// SubgraphsOf is Subgraphs over other data, in the form of
// schema/data.json: {"users","products","inventory","reviews"} (the
// benchmarks of bench/gateway serve generated data).
func SubgraphsOf(dataJSON []byte) (map[string]*subgraph.Server, error) {
	var d data
	dec := json.NewDecoder(bytes.NewReader(dataJSON))
	dec.UseNumber()
	if err := dec.Decode(&d); err != nil {
		return nil, err
	}
	cfgs := map[string]subgraph.Config{
		"accounts":  accounts(&d),
		"products":  products(&d),
		"reviews":   reviews(&d),
		"inventory": inventory(&d),
	}
	out := make(map[string]*subgraph.Server, len(cfgs))
	for name, cfg := range cfgs {
		s, err := subgraph.New(cfg)
		if err != nil {
			return nil, fmt.Errorf("demo subgraph %s: %w", name, err)
		}
		out[name] = s
	}
	return out, nil
}

func find(list []object, key string, value any) object {
	for _, o := range list {
		if o[key] == value {
			return o
		}
	}
	return nil
}

func entity(list []object, key string) subgraph.EntityResolver {
	return func(_ context.Context, rep object) (object, error) {
		return find(list, key, rep[key]), nil
	}
}

func accounts(d *data) subgraph.Config {
	return subgraph.Config{
		SDL:  accountsSDL,
		Root: object{"me": d.Users[0], "users": d.Users},
		Resolvers: map[string]subgraph.Resolver{
			"Query.user": func(_ context.Context, _, args object) (any, error) {
				return find(d.Users, "id", args["id"]), nil
			},
		},
		Entities: map[string]subgraph.EntityResolver{"User": entity(d.Users, "id")},
	}
}

func products(d *data) subgraph.Config {
	return subgraph.Config{
		SDL: productsSDL,
		Resolvers: map[string]subgraph.Resolver{
			"Query.topProducts": func(_ context.Context, _, args object) (any, error) {
				n, err := toInt(args["first"])
				if err != nil {
					return nil, err
				}
				return d.Products[:max(0, min(n, len(d.Products)))], nil
			},
			"Query.product": func(_ context.Context, _, args object) (any, error) {
				return find(d.Products, "upc", args["upc"]), nil
			},
		},
		Entities: map[string]subgraph.EntityResolver{"Product": entity(d.Products, "upc")},
	}
}

func inventory(d *data) subgraph.Config {
	return subgraph.Config{
		SDL: inventorySDL,
		Resolvers: map[string]subgraph.Resolver{
			// The price and weight come from the representation
			// (@requires): inventory does not own them.
			"Product.shippingEstimate": func(_ context.Context, p, _ object) (any, error) {
				price, err := toInt(p["price"])
				if err != nil {
					return nil, fmt.Errorf("shippingEstimate: price: %v", err)
				}
				weight, err := toInt(p["weight"])
				if err != nil {
					return nil, fmt.Errorf("shippingEstimate: weight: %v", err)
				}
				if price > 1000 {
					return 0, nil // free for expensive items
				}
				return weight / 2, nil
			},
		},
		Entities: map[string]subgraph.EntityResolver{
			"Product": func(_ context.Context, rep object) (object, error) {
				inv := find(d.Inventory, "upc", rep["upc"])
				if inv == nil {
					return nil, nil
				}
				return object{"upc": inv["upc"], "inStock": inv["inStock"], "price": rep["price"], "weight": rep["weight"]}, nil
			},
		},
	}
}

func reviews(d *data) subgraph.Config {
	var mu sync.Mutex // guards d.Reviews, which addReview extends
	review := func(r object) object {
		u := find(d.Users, "id", r["author"])
		return object{
			"__typename": "Review", "id": r["id"], "body": r["body"],
			"author":  object{"__typename": "User", "id": u["id"], "username": u["username"]},
			"product": object{"__typename": "Product", "upc": r["product"]},
		}
	}
	// by lists the reviews whose member key is the parent's member id.
	by := func(key, id string) subgraph.Resolver {
		return func(_ context.Context, parent, _ object) (any, error) {
			mu.Lock()
			defer mu.Unlock()
			var out []any
			for _, r := range d.Reviews {
				if r[key] == parent[id] {
					out = append(out, review(r))
				}
			}
			return out, nil
		}
	}
	return subgraph.Config{
		SDL: reviewsSDL,
		Resolvers: map[string]subgraph.Resolver{
			"User.reviews":    by("author", "id"),
			"Product.reviews": by("product", "upc"),
			"Mutation.addReview": func(_ context.Context, _, args object) (any, error) {
				mu.Lock()
				defer mu.Unlock()
				if find(d.Products, "upc", args["upc"]) == nil {
					return nil, fmt.Errorf("no product with upc %v", args["upc"])
				}
				r := object{"id": strconv.Itoa(len(d.Reviews) + 1), "author": "1", "product": args["upc"], "body": args["body"]}
				d.Reviews = append(d.Reviews, r)
				return review(r), nil
			},
		},
		Entities: map[string]subgraph.EntityResolver{
			"User": func(_ context.Context, rep object) (object, error) {
				return object{"id": rep["id"]}, nil
			},
			"Product": func(_ context.Context, rep object) (object, error) {
				return object{"upc": rep["upc"]}, nil
			},
			"Review": func(_ context.Context, rep object) (object, error) {
				mu.Lock()
				defer mu.Unlock()
				if r := find(d.Reviews, "id", rep["id"]); r != nil {
					return review(r), nil
				}
				return nil, nil
			},
		},
	}
}

// toInt reads an Int argument or a number from JSON data.
func toInt(v any) (int, error) {
	switch n := v.(type) {
	case int:
		return n, nil
	case int64:
		return int(n), nil
	case float64:
		return int(n), nil
	case json.Number:
		i, err := n.Int64()
		return int(i), err
	}
	return 0, fmt.Errorf("not a number: %v", v)
}
