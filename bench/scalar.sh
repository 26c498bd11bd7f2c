#!/usr/bin/env bash
# Runs bench-module benchmarks with graft's scalar parser on every input, as
# machines without AVX2 (or AVX-512) parse. (-tags noasm would do that too,
# but with it a peer's dependency, cloudwego/base64x, finds no AVX2 and
# panics at start.)
# The root package gets one extra file through -overlay; nothing is written
# to the repository.
#
# Environment: BENCH (-bench regexp, default S3Parse), COUNT (default 6);
# further arguments go to go test, e.g. -benchtime=300ms.
set -euo pipefail
cd "$(dirname "$0")"
root=$(cd .. && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/scalar.go" <<'GO'
package graft

// Added by bench/scalar.sh: the scalar parser for inputs of every size.
func init() { useFast = false }
GO
printf '{"Replace":{"%s/zz_bench_scalar.go":"%s/scalar.go"}}' "$root" "$tmp" >"$tmp/overlay.json"
go test -overlay "$tmp/overlay.json" -run '^$' -bench "${BENCH:-S3Parse}" -benchmem -count="${COUNT:-6}" "$@" .
