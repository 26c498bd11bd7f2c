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

# gqt NAME NEW runs graphql-go-tools' benchmark NAME, renamed NEW, on its
# own, so that a benchmark that panics loses no other; a failure is kept
# in the output as a line the report counts.
gqt() {
	(cd "$gqt/pkg/engine/resolve" && "$tmp/gqt.test" -test.run '^$' -test.bench "^$1\$" \
		-test.benchmem -test.cpu "${CPU:-1,2}" -test.count 1 ${BENCHTIME:+-test.benchtime="$BENCHTIME"}) 2>&1 |
		sed -e "s|^$1|$2|" || echo "--- FAIL: $2: the benchmark binary failed"
}

{
	echo "go: $(go env GOVERSION)"
	echo "graphql-go-tools: $version"
	echo "cpus: $(nproc)"
	echo "load: $(cut -d' ' -f1-3 /proc/loadavg) at the start (1, 5 and 15 minutes)"
	for ((i = 1; i <= count; i++)); do
		"$tmp/graft.test" -test.run '^$' -test.bench 'NestedBatching' -test.benchmem \
			-test.cpu "${CPU:-1,2}" -test.count 1 ${BENCHTIME:+-test.benchtime="$BENCHTIME"} 2>&1 ||
			echo "--- FAIL: graft benchmarks: the benchmark binary failed"
		gqt Benchmark_NestedBatching BenchmarkNestedBatching/graphql-go-tools
		gqt Benchmark_NestedBatchingArena BenchmarkNestedBatching/graphql-go-tools-arena
		gqt Benchmark_NoCheckNestedBatching BenchmarkNestedBatching/graphql-go-tools-nocheck
	done
	echo "load: $(cut -d' ' -f1-3 /proc/loadavg) at the end"
} | grep -E '^(Benchmark|goos|goarch|pkg|cpu|go:|graphql-go-tools:|cpus:|load:|--- FAIL)|panic:' | tee results.txt

go run report.go -in results.txt -out RESULTS.md
echo "wrote results.txt and RESULTS.md" >&2
