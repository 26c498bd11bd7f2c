#!/usr/bin/env bash
# Counts the instructions of graft's S1 op (cmd/s1loop) at each revision
# given, with callgrind (cmd/icount): a comparison the load of a shared
# machine does not change, per op and per function, and how the code run in
# every op falls into the sets of the instruction cache.
#
#   ./icount.sh                 # main against the working tree
#   ./icount.sh ab9e736 main .  # any revisions; "." is the working tree
#
# Environment: N (the two op counts, default 20000,40000). Needs valgrind.
# Each revision is checked out in a temporary git worktree; cmd/s1loop from
# this tree is built against it, so it must build against every revision
# given (it uses New, Parse, Append, MergeAt, Get and AppendJSON only).
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
	cp cmd/s1loop/main.go "$mod/"
	printf 'module s1loop\n\ngo 1.24\n\nrequire github.com/graftjson/graft v0.0.0\n\nreplace github.com/graftjson/graft => %s\n' "$dir" >"$mod/go.mod"
	(cd "$mod" && go build -o "$tmp/s1loop.$i" .)
	progs+=("$rev=$tmp/s1loop.$i {N}")
done
"$tmp/icount" -n "${N:-20000,40000}" "${progs[@]}"
