#!/usr/bin/env bash
# Calibrates the strength levels (UCI_LimitStrength + UCI_Elo) in chess
# against Debian's Stockfish at the same UCI_Elo: for every level L, varchess
# at UCI_Elo=L plays Stockfish at UCI_Elo=L; the Elo difference d says that
# our level L plays like Stockfish's L+d. A line fitted through the points
# (L, L+d) gives the node-budget constants of engine/strength.go that would
# make each level play at its own number; the script prints them (edit
# levelRefElo and levelEloPerDoubling, rebuild, and run it again to check).
#
# Usage: scripts/strength-calibrate.sh [-l "1500 1900 2300"] [-n GAMES (200)]
#                                      [-t TC (10+0.1)] [-c CONCURRENCY (1)]
#                                      [-o DIR (kept: PGNs, match logs)]
#                                      [-m MS: Stockfish's Move Overhead (50)]
#
# Target: each level within +/-100 Elo of Stockfish at the same setting. At
# 10+0.1 a game takes about 20-30 s, so 200 games per level at concurrency 1
# is 1-2 hours a level; run it through /work/coord/matchslot where the
# machine is shared. Each level's match is separate, so a run cut short
# keeps the levels it finished (their logs are in DIR). On a loaded machine
# Stockfish loses games on time with its default overhead (and is then
# scored weaker than it is); -m raises it.
set -euo pipefail

levels="1500 1900 2300" games=200 tc=10+0.1 conc=1 dir="" sfover=50
while getopts "l:n:t:c:o:m:h" opt; do
	case "$opt" in
	l) levels="$OPTARG" ;;
	n) games="$OPTARG" ;;
	t) tc="$OPTARG" ;;
	c) conc="$OPTARG" ;;
	o) dir="$OPTARG" ;;
	m) sfover="$OPTARG" ;;
	h) sed -n '2,21p' "$0"; exit 0 ;;
	*) sed -n '2,21p' "$0"; exit 2 ;;
	esac
done
SCRIPT=strength-calibrate
. "$(dirname "$0")/lib.sh"
dir=$(abs_path "$dir")
cd "$(dirname "$0")/.."

[ -n "$dir" ] || dir=$(mktemp -d)
mkdir -p "$dir"
build_varchess "$dir"
bin="$dir/varchess"
need_uci_option "$bin" UCI_Elo

ref=$(sed -n 's/^\tlevelRefElo *= *\([0-9]*\).*/\1/p' engine/strength.go)
per=$(sed -n 's/^\tlevelEloPerDoubling *= *\([0-9]*\).*/\1/p' engine/strength.go)
log "levels $levels, $games games each at $tc; now levelRefElo=$ref levelEloPerDoubling=$per; logs in $dir"

points="$dir/points.txt"
: >"$points"
for l in $levels; do
	log "level $l: varchess UCI_Elo=$l against Stockfish UCI_Elo=$l"
	scripts/stockfish-match.sh -b "$bin" -u "$l" -e "$l" -n "$games" -t "$tc" -c "$conc" -m "$sfover" \
		-o "$dir/level$l.pgn" >"$dir/level$l.txt"
	line=$(grep "^varchess$l: " "$dir/level$l.txt" | head -1)
	if [ -z "$line" ]; then
		log "level $l: the match printed no score (see $dir/level$l.txt)"
		exit 1
	fi
	elo=$(sed -n 's/.* Elo \([-+0-9.a-z]*\) +\/- \([-+0-9.a-z]*\),.*/\1 \2/p' <<<"$line")
	echo "$l $elo" >>"$points"
	log "level $l: $line"
done

echo
echo "level  Elo vs Stockfish at the same UCI_Elo (95%)  plays like"
awk '$2 ~ /inf|nan/ { printf "%5d  %7s +/- %5s                          (no estimate)\n", $1, $2, $3; next }
	{ printf "%5d  %+7.1f +/- %5s                          %6.0f\n", $1, $2, $3, $1 + $2 }' "$points"
# Least-squares line true = a + b*level over the finite points; the new
# constants make setting X search what level (X-a)/b searches now.
awk -v ref="$ref" -v per="$per" '
	$2 ~ /inf|nan/ { next }
	{ n++; x += $1; y += $1 + $2; xx += $1 * $1; xy += $1 * ($1 + $2) }
	END {
		if (n == 0) { print "no finite point: nothing to fit"; exit }
		if (n == 1) { b = 1; a = y - x } else { b = (n * xy - x * y) / (n * xx - x * x); a = (y - b * x) / n }
		if (b <= 0.05) { printf "fit: plays like %.0f + %.2f * level: the levels do not separate; more games?\n", a, b; exit }
		printf "fit: plays like %.0f + %.2f * level\n", a, b
		printf "suggested engine/strength.go: levelRefElo = %.0f, levelEloPerDoubling = %.0f\n", a + b * ref, b * per
	}' "$points"
