// Command gen writes the benchmark instances of bench/schema/testdata from
// the 1 KB order of schema/testdata, keeping its member order: a 100 KB
// order (the same order with more line items) and an invalid order. Run it
// from bench/schema:
//
//	go run ./cmd/gen
package main

import (
	"fmt"
	"log"
	"os"

	"github.com/graftjson/graft"
)

func main() {
	src, err := os.ReadFile("../../schema/testdata/order.json")
	if err != nil {
		log.Fatal(err)
	}
	must(os.WriteFile("testdata/order-1k.json", src, 0o644))

	// The 100 KB order: line items copied from the three of the 1 KB
	// order, each with its own sku and quantity.
	d := graft.New(graft.Options{})
	order, err := d.Parse(src)
	must(err)
	items := d.Get(order, "items")
	var proto []graft.Ref
	for _, it := range d.Items(items) {
		proto = append(proto, d.Copy(it))
	}
	for d.Len(items) > 0 {
		must(d.DeleteItem(items, 0))
	}
	for i := 0; ; i++ {
		it := d.Copy(proto[i%len(proto)])
		must(d.Set(it, "sku", d.NewString(fmt.Sprintf("GEN-%06d", i))))
		must(d.Set(it, "quantity", d.NewInt(int64(1+i%9))))
		must(d.AppendItem(items, it))
		if out := d.AppendJSON(nil, order); len(out) >= 100_000 {
			must(os.WriteFile("testdata/order-100k.json", out, 0o644))
			break
		}
	}

	// The invalid order: four faults in the 1 KB order.
	order, err = d.Parse(src)
	must(err)
	must(d.Set(order, "status", d.NewString("lost")))                       // not in the enum
	must(d.Set(d.Index(d.Get(order, "items"), 1), "quantity", d.NewInt(0))) // below the minimum
	d.Delete(d.Get(order, "totals"), "total")                               // required
	must(d.Set(d.Get(order, "customer"), "nickname", d.NewString("Ada")))   // additionalProperties: false
	must(os.WriteFile("testdata/order-invalid.json", d.AppendJSON(nil, order), 0o644))
}

func must(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
