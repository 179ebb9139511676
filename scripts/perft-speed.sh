#!/usr/bin/env bash
# Perft speed of every game from its start position, measured in one run so
# the figures are comparable (the machine is shared: compare ratios, not
# absolute numbers). Each game is timed REPS times, alternating, and the
# median leaves/s is reported next to chess.
# Usage: scripts/perft-speed.sh [REPS]   (default 3)
set -euo pipefail
cd "$(dirname "$0")/.."
SCRIPT=perft-speed
. scripts/lib.sh
reps=${1:-3}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
build_varchess "$work"
bin="$work/varchess"

# name | perft arguments (start positions; russian as fixed-face K perft)
cases=(
	"chess|-variant chess -depth 6"
	"monochrome|-variant monochrome -depth 6"
	"russian (face K)|-variant russian -face K -depth 5"
	"russian (dice)|-variant russian -dice -depth 4"
	"kingchess1|-variant kingchess1 -depth 5"
	"kingchess (counted)|-variant kingchess -depth 1"
)

declare -A rates
for ((r = 1; r <= reps; r++)); do
	for c in "${cases[@]}"; do
		name=${c%%|*}
		args=${c#*|}
		# perft prints "Time: N ms, R leaves/s" on stderr and the count on stdout.
		# shellcheck disable=SC2086
		out=$("$bin" perft $args 2>&1) || { echo "perft-speed: $name failed: $out" >&2; exit 1; }
		rate=$(sed -n 's/^Time: .* ms, \([0-9.]*\|inf\) leaves\/s$/\1/p' <<<"$out")
		nodes=$(sed -n 's/^Nodes searched: //p' <<<"$out")
		echo "perft-speed: run $r $name: $nodes leaves, $rate leaves/s" >&2
		rates[$name]+="$rate "
	done
done

median() { tr ' ' '\n' <<<"$1" | grep -v '^$' | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
chess=$(median "${rates[chess]}")
printf '\n%-22s %16s %10s\n' "game" "leaves/s" "vs chess"
for c in "${cases[@]}"; do
	name=${c%%|*}
	m=$(median "${rates[$name]}")
	printf '%-22s %16.0f %10.2f\n' "$name" "$m" "$(awk -v a="$m" -v b="$chess" 'BEGIN{print a/b}')"
done
