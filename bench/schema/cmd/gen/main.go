// Command gen writes the benchmark instances of bench/schema/testdata from
// the 1 KB order of schema/testdata: a 100 KB order (the same order with
// more line items) and an invalid order. Run it from bench/schema:
//
//	go run ./cmd/gen
package main

import (
	"encoding/json"
	"fmt"
	"log"
	"os"
)

func main() {
	src, err := os.ReadFile("../../schema/testdata/order.json")
	if err != nil {
		log.Fatal(err)
	}
	must(os.WriteFile("testdata/order-1k.json", src, 0o644))

	var order map[string]any
	must(json.Unmarshal(src, &order))
	items := order["items"].([]any)
	var big []any
	for i := 0; ; i++ {
		it := map[string]any{}
		for k, v := range items[i%len(items)].(map[string]any) {
			it[k] = v
		}
		it["sku"] = fmt.Sprintf("GEN-%06d", i)
		it["quantity"] = 1 + i%9
		big = append(big, it)
		order["items"] = big
		b, _ := json.Marshal(order)
		if len(b) >= 100_000 {
			must(os.WriteFile("testdata/order-100k.json", b, 0o644))
			break
		}
	}

	// The invalid order: four faults in the 1 KB order.
	must(json.Unmarshal(src, &order))
	order["status"] = "lost"                                   // not in the enum
	order["items"].([]any)[1].(map[string]any)["quantity"] = 0 // below the minimum
	delete(order["totals"].(map[string]any), "total")          // required
	order["customer"].(map[string]any)["nickname"] = "Ada"     // additionalProperties: false
	b, _ := json.Marshal(order)
	must(os.WriteFile("testdata/order-invalid.json", b, 0o644))
}

func must(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
