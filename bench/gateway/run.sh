#!/usr/bin/env bash
# The gateway benchmark, from one command: bench/gateway/run.sh
#
# Installs what it needs — wrk (Debian package), Hive Router 0.3.10 from
# crates.io (cargo +nightly; about 25 minutes on 2 cores the first time,
# then cached), Apollo Gateway 2.14.4, Hive Gateway 2.15.1 and Grafbase's
# CLI 0.103.0 (its dev server) from npm (node/package-lock.json; needs
# Node.js) — builds graft and the harness
# (this Go module, which also serves graphql-go-tools v2.16.0's engine),
# runs every gateway against the
# same Go subgraphs on 127.0.0.1 and writes RESULTS.md. Every server binds
# to 127.0.0.1, every run is bounded in time, the harness stops every
# process it starts.
#
# Environment:
#   ROUNDS      interleaved rounds (default 2)
#   DURATION    each measured wrk run (default 10s)
#   GATEWAYS    comma-separated subset of graft,hive-router,graphql-go-tools,
#               apollo-gateway,grafbase,hive-gateway
#   SCENARIOS   comma-separated subset of nested-unique,nested-same,big-unique,slow-unique
#   CACHE       where binaries are cached (default ~/.cache/graft-bench)
#   OUT         the report (default RESULTS.md)
#   SKIP_HIVE   set to skip installing Hive Router
#   SKIP_NODE   set to skip the Node.js gateways
set -euo pipefail
cd "$(dirname "$0")"
cache="${CACHE:-$HOME/.cache/graft-bench}"
mkdir -p "$cache"

if ! command -v wrk >/dev/null; then
	echo "installing wrk" >&2
	sudo=""
	[[ $(id -u) -ne 0 ]] && sudo=sudo
	$sudo apt-get install -y wrk >&2
fi

hive="$cache/hive-router-0.3.10/bin/hive_router"
if [[ ! -x $hive && -z ${SKIP_HIVE:-} ]]; then
	if command -v cargo >/dev/null && rustup toolchain list 2>/dev/null | grep -q '^nightly'; then
		echo "building Hive Router 0.3.10 into $cache (about 25 minutes on 2 cores, once)" >&2
		CARGO_TARGET_DIR="$cache/target" nice -n 19 cargo +nightly install hive-router \
			--version 0.3.10 --locked --features graphiql --root "$cache/hive-router-0.3.10" >&2
	else
		echo "no cargo with a nightly toolchain (rustc >= 1.97): Hive Router skipped" >&2
	fi
fi
hive_flag=()
[[ -x $hive ]] && hive_flag=(-hive-router "$hive")

node_flag=()
if [[ -z ${SKIP_NODE:-} ]]; then
	if command -v npm >/dev/null; then
		if [[ ! -d node/node_modules ]]; then
			(cd node && npm ci --no-audit --no-fund >&2)
		fi
		node_flag=(-node node)
	else
		echo "no npm: the Node.js gateways skipped" >&2
	fi
fi

(cd ../.. && go build -o "$cache/graft" ./cmd/graft)
go build -o "$cache/gatewaybench" .
# 4 scenarios x 6 gateways x ROUNDS runs of DURATION + warm-ups and starts.
timeout 3600 "$cache/gatewaybench" -graft "$cache/graft" -graft-version "commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)" \
	"${hive_flag[@]}" "${node_flag[@]}" \
	-rounds "${ROUNDS:-2}" -duration "${DURATION:-10s}" \
	-gateways "${GATEWAYS:-}" -scenarios "${SCENARIOS:-}" -out "${OUT:-RESULTS.md}"
echo "wrote bench/gateway/${OUT:-RESULTS.md}" >&2
