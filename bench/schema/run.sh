#!/usr/bin/env bash
# Runs the JSON Schema benchmarks side by side — the Go rows (graft,
# santhosh-tekuri/jsonschema v6, xeipuuv/gojsonschema, kaptinlin/jsonschema)
# and the Node rows (ajv 8, fast-json-stringify 7, node/bench.js) — and
# writes:
#   results.txt  raw output in Go benchmark format (benchstat reads it)
#   RESULTS.md   medians, ratios and the issue's targets (cmd/report)
#
# Environment: COUNT (runs of each benchmark, default 6), BENCH (-bench
# regexp of the Go rows, default .), SECONDS_PER_RUN (the length of one
# run of a row, default 1). Needs Go, and Node with npm for the Node rows
# (skipped, and reported missing, without them).
set -euo pipefail
cd "$(dirname "$0")"
count="${COUNT:-6}"
secs="${SECONDS_PER_RUN:-1}"
{
	echo "go: $(go env GOVERSION)"
	go test -run '^$' -bench "${BENCH:-.}" -benchmem -count="$count" -benchtime="${secs}s" -timeout 60m .
	if command -v node >/dev/null && command -v npm >/dev/null; then
		(cd node && npm ci --no-audit --no-fund --silent && node bench.js "$count" "$secs")
	else
		echo "node: not found, the Node rows are missing"
	fi
} 2>&1 | tee results.txt
go run ./cmd/report -in results.txt -out RESULTS.md
echo "wrote results.txt and RESULTS.md" >&2
