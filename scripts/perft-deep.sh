#!/usr/bin/env bash
# Runs every perft suite in perft/testdata at every stored depth (go test
# checks only the counts up to 3M leaves). Builds the binary first.
# Usage: scripts/perft-deep.sh [extra perft flags, e.g. -maxdepth 6 -j 1]
# Exits non-zero if any count differs or any suite fails to run.
set -euo pipefail

cd "$(dirname "$0")/.."

SCRIPT=perft-deep
. scripts/lib.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
build_varchess "$work"
bin="$work/varchess"

shopt -s nullglob
suites=(perft/testdata/*.epd)
if [ ${#suites[@]} -eq 0 ]; then
	echo "perft-deep: no suites in perft/testdata" >&2
	exit 1
fi

failed=0
for suite in "${suites[@]}"; do
	echo "perft-deep: === $suite ===" >&2
	start=$(date +%s)
	if "$bin" perft -suite "$suite" "$@"; then
		echo "perft-deep: $suite OK in $(( $(date +%s) - start ))s" >&2
	else
		echo "perft-deep: $suite FAILED" >&2
		failed=1
	fi
done

if [ "$failed" -ne 0 ]; then
	echo "perft-deep: FAILURES (see MISMATCH lines above)" >&2
	exit 1
fi
echo "perft-deep: all suites pass" >&2
