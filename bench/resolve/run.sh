#!/usr/bin/env bash
# Runs the resolve benchmarks and graphql-go-tools' own nested batching
# benchmarks in one run, and writes:
#   results.txt  raw `go test -bench` output, graphql-go-tools' benchmarks
#                renamed BenchmarkNestedBatching/graphql-go-tools[-arena|-nocheck]
#                (benchstat reads it as is)
#   RESULTS.md   medians, ratios and the targets (report.go)
#
# graphql-go-tools' benchmarks live in its _test.go files, so they run with
# `go test` inside its module as the Go module proxy serves it (the version
# this module requires), unchanged. The two suites alternate, one -count at
# a time, so that both see the same machine load.
#
# Environment:
#   COUNT      runs of each benchmark (default 6)
#   BENCHTIME  -benchtime value (default: go's 1s)
#   CPU        -cpu list (default 1,2)
set -euo pipefail
cd "$(dirname "$0")"

count="${COUNT:-6}"
args=(-run '^$' -benchmem -cpu "${CPU:-1,2}" -count 1 -timeout 60m)
if [[ -n "${BENCHTIME:-}" ]]; then
	args+=(-benchtime="$BENCHTIME")
fi

go mod download github.com/wundergraph/graphql-go-tools/v2
gqt=$(go list -m -f '{{.Dir}}' github.com/wundergraph/graphql-go-tools/v2)
version=$(go list -m -f '{{.Version}}' github.com/wundergraph/graphql-go-tools/v2)

# Build both test binaries first, so that compiling is not measured against
# either suite.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go test -c -o "$tmp/graft.test" .
(cd "$gqt" && go test -c -o "$tmp/gqt.test" ./pkg/engine/resolve/)

{
	echo "go: $(go env GOVERSION)"
	echo "graphql-go-tools: $version"
	echo "cpus: $(nproc)"
	for ((i = 1; i <= count; i++)); do
		"$tmp/graft.test" -test.run '^$' -test.bench 'NestedBatching' -test.benchmem \
			-test.cpu "${CPU:-1,2}" -test.count 1 ${BENCHTIME:+-test.benchtime="$BENCHTIME"}
		(cd "$gqt/pkg/engine/resolve" && "$tmp/gqt.test" -test.run '^$' \
			-test.bench '^(Benchmark_NestedBatching|Benchmark_NestedBatchingArena|Benchmark_NoCheckNestedBatching)$' \
			-test.benchmem -test.cpu "${CPU:-1,2}" -test.count 1 ${BENCHTIME:+-test.benchtime="$BENCHTIME"}) |
			sed -e 's/^Benchmark_NestedBatchingArena/BenchmarkNestedBatching\/graphql-go-tools-arena/' \
				-e 's/^Benchmark_NoCheckNestedBatching/BenchmarkNestedBatching\/graphql-go-tools-nocheck/' \
				-e 's/^Benchmark_NestedBatching/BenchmarkNestedBatching\/graphql-go-tools/'
	done
} 2>&1 | grep -v '^\(PASS\|ok \)' | tee results.txt

go run report.go -in results.txt -out RESULTS.md
echo "wrote results.txt and RESULTS.md" >&2
