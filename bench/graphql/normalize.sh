#!/usr/bin/env bash
# Runs BenchmarkNormalize (normalize_test.go) and writes:
#   normalize-results.txt  raw `go test -bench` output (benchstat reads it)
#   RESULTS.md             medians, ratios and the targets of issue 22
#
# Environment:
#   COUNT       runs of each benchmark (default 6)
#   SLOW_COUNT  runs of graphql-go-tools on 4,000 aliased fields, which
#               takes about a minute per run (default 2)
set -uo pipefail
cd "$(dirname "$0")"
args=(-run '^$' -benchmem -timeout 120m)
# Every invocation runs even if one fails: the report lists what ran.
status=0
{
	echo "go: $(go env GOVERSION)"
	go test "${args[@]}" -count="${COUNT:-6}" -bench 'BenchmarkNormalize/^(items-70000|aliased-1000|aliased-16000|deep-250)$/' .
	go test "${args[@]}" -count="${COUNT:-6}" -bench 'BenchmarkNormalize/^aliased-4000$/^(graft|graft-cached|gqlparser-parse|gqlparser-parse-validate)$' .
	go test "${args[@]}" -count="${SLOW_COUNT:-2}" -bench 'BenchmarkNormalize/^aliased-4000$/^graphql-go-tools$' .
} 2>&1 | tee normalize-results.txt || status=$?
grep -q '^FAIL' normalize-results.txt && status=1
go run ./cmd/normreport -in normalize-results.txt -out RESULTS.md || exit 1
echo "wrote normalize-results.txt and RESULTS.md" >&2
exit "$status"
