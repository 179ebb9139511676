#!/usr/bin/env bash
# How the strength levels compare with full strength in each game: varchess
# at UCI_Elo=L (UCI_LimitStrength) plays varchess at full strength, for
# every game and level given; prints one line per pair with the level's
# score and Elo difference (95% error bar).
#
# Usage: scripts/levels-vs-full.sh [-v "chess monochrome russian kingchess kingchess1"]
#                                  [-l "1500 1900 2300"] [-n GAMES (40)] [-t TC (10+0.1)]
#                                  [-N NODES] [-c CONCURRENCY (1)]
#                                  [-o DIR (kept: logs, PGNs)]
#
# The games start from 8 random plies (seeded, each start played twice with
# colours swapped). With -N the games have no clock: full strength searches
# NODES nodes a move and a level its own budget, at most NODES; the result
# then does not depend on the machine's load, so several games can run at
# once (-c). Without -N both play on the clock: keep -c 1 on a shared machine.
set -euo pipefail

games=40 tc=10+0.1 dir="" nodes="" conc=1
variants="chess monochrome russian kingchess kingchess1" levels="1500 1900 2300"
while getopts "v:l:n:t:o:N:c:h" opt; do
	case "$opt" in
	v) variants="$OPTARG" ;;
	l) levels="$OPTARG" ;;
	n) games="$OPTARG" ;;
	t) tc="$OPTARG" ;;
	o) dir="$OPTARG" ;;
	N) nodes="$OPTARG" ;;
	c) conc="$OPTARG" ;;
	h) sed -n '2,17p' "$0"; exit 0 ;;
	*) sed -n '2,17p' "$0"; exit 2 ;;
	esac
done
SCRIPT=levels-vs-full
. "$(dirname "$0")/lib.sh"
dir=$(abs_path "$dir")
cd "$(dirname "$0")/.."
[ -n "$dir" ] || dir=$(mktemp -d)
mkdir -p "$dir"
build_varchess "$dir"
bin="$dir/varchess"
need_uci_option "$bin" UCI_Elo
limit=(-tc "$tc")
if [ -n "$nodes" ]; then
	limit=(-nodes "$nodes")
	tc="$nodes nodes a move"
fi
log "games $variants, levels $levels, $games games each at $tc; logs in $dir"

summary="$dir/summary.txt"
: >"$summary"
for v in $variants; do
	for l in $levels; do
		out="$dir/$v-$l.txt"
		log "$v: level $l against full strength"
		run_match "$bin" -variant "$v" -games "$games" "${limit[@]}" -concurrency "$conc" -randomplies 8 \
			-pgn "$dir/$v-$l.pgn" \
			-engine "cmd=$bin,proto=uci,name=level$l,option.UCI_LimitStrength=true,option.UCI_Elo=$l" \
			-engine "cmd=$bin,proto=uci,name=full" >"$out"
		line=$(grep "^level$l: " "$out" | head -1)
		printf '%-10s %s\n' "$v" "$line" | tee -a "$summary"
	done
done
echo
cat "$summary"
