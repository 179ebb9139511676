#!/usr/bin/env bash
# Builds varchess, runs `varchess bench` (default depth and hash) and checks
# its node count against the "Bench signature" recorded in README.md.
# Prints the measured Nodes/second; exits non-zero on a signature mismatch.
#
# Usage: scripts/bench.sh
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v go >/dev/null 2>&1; then
	if [ -x /usr/local/go/bin/go ]; then
		export PATH="$PATH:/usr/local/go/bin"
	else
		echo "bench: installing Go (golang-go) with apt-get" >&2
		apt-get update
		apt-get install -y golang-go
	fi
fi
bin="$(mktemp -d)/varchess"
echo "bench: building $bin" >&2
go build -o "$bin" .
out=$("$bin" bench)
echo "$out"
got=$(sed -n 's/^Nodes searched: //p' <<<"$out")
want=$(sed -n 's/.*`Nodes searched: \([0-9]*\)`.*/\1/p' README.md | head -1)
if [ "$got" != "$want" ]; then
	echo "bench: signature $got differs from README.md ($want)" >&2
	exit 1
fi
echo "bench: signature $got matches README.md" >&2
