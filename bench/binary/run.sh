#!/usr/bin/env bash
# Runs the binary-format benchmarks (graft against its peers, side by side
# in one run) and writes:
#   results.txt  raw `go test -bench` output (benchstat reads it as is)
#   RESULTS.md   per-scenario tables of medians and ratios (../cmd/report),
#                the issue's targets as speedups (targets.awk) and the output
#                sizes (TestSizes)
#
# The suite runs COUNT times with -count=1, so that on a shared machine the
# runs of every row are spread over the same stretch of time as its peers'.
#
# Environment:
#   COUNT        runs of each benchmark (default 6; use 10 for benchstat)
#   BENCHTIME    -benchtime value, e.g. 100x or 200ms (default: go's 1s)
#   BENCH        -bench regexp (default: . = all)
#   GRAFT_CORPUS corpus directory (default ../../../shared/corpus from here)
set -euo pipefail
cd "$(dirname "$0")"

args=(-run '^$' -bench "${BENCH:-.}" -benchmem -count=1 -timeout 60m -v)
if [[ -n "${BENCHTIME:-}" ]]; then
	args+=(-benchtime="$BENCHTIME")
fi

status=0
{
	echo "go: $(go env GOVERSION)"
	for _ in $(seq "${COUNT:-6}"); do
		go test "${args[@]}" .
	done
} 2>&1 | tee results.txt || status=$?

(cd .. && go run ./cmd/report -in binary/results.txt -out binary/RESULTS.md)
{
	echo
	echo "## Targets"
	echo
	echo "How many times faster graft is than the named row (medians of ns/op"
	echo "from the tables above; above 1 is faster)."
	echo
	awk -f targets.awk RESULTS.md
	echo
	echo "## Output sizes (bytes)"
	echo
	echo "graft keeps every number exactly: CBOR decimal fractions (tag 4) and"
	echo "MessagePack number extensions where no float holds the number; the peers"
	echo "write what encoding/json's float64 made of it."
	echo
	go test -run '^TestSizes$' -v . | sed -n 's/^ *binary_test.go:[0-9]*: //p' | grep '^|'
} >> RESULTS.md
echo "wrote results.txt and RESULTS.md" >&2
exit "$status"
