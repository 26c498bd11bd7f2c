#!/usr/bin/env bash
# Runs every peer benchmark of the bench module and of the nested GraphQL
# shaping module (graphql/, its own go.mod) and writes:
#   results.txt  raw `go test -bench` output (benchstat reads it as is)
#   RESULTS.md   per-scenario tables of medians and ratios (cmd/report)
#
# Environment:
#   COUNT        runs of each benchmark (default 6; use 10 for benchstat)
#   BENCHTIME    -benchtime value, e.g. 100x or 200ms (default: go's 1s)
#   BENCH        -bench regexp (default: . = all)
#   GRAFT_CORPUS corpus directory (default ../../shared/corpus from here)
set -euo pipefail
cd "$(dirname "$0")"

# -v so that skipped benchmarks say why (benchstat ignores the extra lines).
args=(-run '^$' -bench "${BENCH:-.}" -benchmem -count="${COUNT:-6}" -timeout 60m -v)
if [[ -n "${BENCHTIME:-}" ]]; then
	args+=(-benchtime="$BENCHTIME")
fi

status=0
{
	echo "go: $(go env GOVERSION)"
	go test "${args[@]}" .
	(cd graphql && go test "${args[@]}" .)
} 2>&1 | tee results.txt || status=$?

# The report lists failed and skipped benchmarks too, so write it either way.
# The streaming figures (stream.sh) are kept when they exist.
in=results.txt
if [[ -f stream-results.txt ]]; then
	in=results.txt,stream-results.txt
fi
go run ./cmd/report -in "$in" -out RESULTS.md
echo "wrote results.txt and RESULTS.md" >&2
exit "$status"
