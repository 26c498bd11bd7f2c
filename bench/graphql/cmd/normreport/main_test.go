package main

import (
	"strings"
	"testing"
)

const sample = `go: go1.26
BenchmarkNormalize/items-70000/graft-2 10 90000000 ns/op 100.00 MB/s 60000000 cpu-ns/op 16000000 in-bytes 2.5 retained-B/in-B 40000000 B/op 300 allocs/op
BenchmarkNormalize/items-70000/graft-2 10 95000000 ns/op 100.00 MB/s 70000000 cpu-ns/op 16000000 in-bytes 2.5 retained-B/in-B 40000000 B/op 300 allocs/op
BenchmarkNormalize/items-70000/gqlparser-parse-2 1 2000000000 ns/op 8 MB/s 1300000000 cpu-ns/op 16000000 in-bytes 258000000 B/op 4456049 allocs/op
BenchmarkNormalize/items-70000/graphql-go-tools-2 1 3000000000 ns/op 4 MB/s 650000000 cpu-ns/op 16000000 in-bytes 1 wrong-values 1037717920 B/op 3171533 allocs/op
`

func TestReport(t *testing.T) {
	out := report(parse(strings.NewReader(sample)))
	for _, want := range []string{
		"| graft | 2 | 65.00 | 92.50 | 2.50 | 300 | 1.00× | right |",
		"| graphql-go-tools | 1 | 650.00 | 3000.00 | 64.86 | 3171533 | 10.00× | **wrong** |",
		"| gqlparser-parse | 1 | 1300.00 | 2000.00 | 16.12 | 4456049 | 20.00× | right |",
		"| 70,000 items normalized, coerced and compiled ≤ 80 ms CPU | 65.0 ms | met |",
		"| ≤ 1.5 bytes retained per input byte | 2.50 | **missed** |",
		"| ≥ 10× faster than graphql-go-tools' pipeline | 10.0× | met |",
		"| ≥ 15× faster than gqlparser's parse alone | 20.0× | met |",
		"| graft-cached | 0 | not run |",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the report lacks %q:\n%s", want, out)
		}
	}
}
