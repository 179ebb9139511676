#!/usr/bin/env bash
# Builds varchess, runs `varchess bench` (default depth and hash) and checks
# its node count against the "Bench signature" recorded in README.md.
# Prints the measured Nodes/second; exits non-zero on a signature mismatch.
#
# Usage: scripts/bench.sh
set -euo pipefail
cd "$(dirname "$0")/.."
SCRIPT=bench
. scripts/lib.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
build_varchess "$work"
bin="$work/varchess"
out=$("$bin" bench)
echo "$out"
got=$(sed -n 's/^Nodes searched: //p' <<<"$out")
want=$(sed -n 's/.*`Nodes searched: \([0-9]*\)`.*/\1/p' README.md | head -1)
if [ "$got" != "$want" ]; then
	echo "bench: signature $got differs from README.md ($want)" >&2
	exit 1
fi
echo "bench: signature $got matches README.md" >&2
