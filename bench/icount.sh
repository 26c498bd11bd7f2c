#!/usr/bin/env bash
# Counts the instructions of graft's S1 op (cmd/s1loop), or its S4 op
# (cmd/s4loop), at each revision given, with callgrind (cmd/icount): a
# comparison the load of a shared machine does not change, per op and per
# function, and how the code run in every op falls into the sets of the
# instruction cache.
#
#   ./icount.sh                 # main against the working tree
#   ./icount.sh ab9e736 main .  # any revisions; "." is the working tree
#   LOOP=s4loop PEER=s4fastjson N=2000,4000 ./icount.sh main .
#
# Environment: LOOP (the driver in cmd/, default s1loop), N (the two op
# counts, default 20000,40000; 2000,4000 is plenty for s4loop). Needs
# valgrind. Each revision is checked out in a temporary git worktree; the
# driver from this tree is built against it, so it must build against every
# revision given (s1loop uses New, Parse, Append, MergeAt, Get and
# AppendJSON only; s4loop Parse, Append, Get, Items, MergeEach and
# AppendJSON). PEER names a peer's driver in cmd/ (s4fastjson: the
# fastjson-helper row of S4; s1fastjson: that of S1), built in this module
# and counted beside them.
# GRAFT_KERNEL (avx2 or portable) is passed on to the drivers: s4loop parses
# with that kernel. Valgrind hides AVX-512 from CPUID, so the graft
# figures are of the AVX2 kernel unless GRAFT_KERNEL says otherwise.
set -euo pipefail
cd "$(dirname "$0")"
root=$(cd .. && pwd)
tmp=$(mktemp -d)
cleanup() {
	for w in "$tmp"/tree.*; do
		[[ -d $w ]] && git -C "$root" worktree remove --force "$w"
	done
	rm -rf "$tmp"
}
trap cleanup EXIT
go build -o "$tmp/icount" ./cmd/icount
loop=${LOOP:-s1loop}
revs=("$@")
if [[ ${#revs[@]} -eq 0 ]]; then
	revs=(main .)
fi
progs=()
for i in "${!revs[@]}"; do
	rev=${revs[$i]}
	dir=$root
	if [[ $rev != . ]]; then
		dir=$tmp/tree.$i
		git -C "$root" worktree add --quiet --detach "$dir" "$rev"
	fi
	mod=$tmp/mod.$i
	mkdir -p "$mod"
	cp "cmd/$loop/main.go" "$mod/"
	# A module path inside graft's, so that the driver may import its
	# internal packages.
	printf 'module github.com/graftjson/graft/bench/cmd/%s\n\ngo 1.24\n\nrequire github.com/graftjson/graft v0.0.0\n\nreplace github.com/graftjson/graft => %s\n' "$loop" "$dir" >"$mod/go.mod"
	(cd "$mod" && go build -o "$tmp/$loop.$i" .)
	progs+=("$rev=$tmp/$loop.$i {N}")
done
if [[ -n ${PEER:-} ]]; then
	go build -o "$tmp/$PEER" "./cmd/$PEER"
	progs+=("$PEER=$tmp/$PEER {N}")
fi
"$tmp/icount" -n "${N:-20000,40000}" "${progs[@]}"
