#!/usr/bin/env bash
# Measures what the multi-drop candidates of the kingchess search are worth:
# the engine against itself limited to ordinary moves and single drops
# (engine.(*Engine).SearchSingleDrops), and prints the score with its 95%
# error bar.
#
# Usage: scripts/kingchess-multi-vs-single.sh [-n GAMES (200)] [-t TC (5+0.05)]
#                                             [-c CONCURRENCY (2)] [-s SEED (1)]
#
# The games are played by the match arbiter between two varchess processes,
# from the empty start:
#   varchess match -variant kingchess -engine cmd=varchess,proto=uci,name=multi
#     -engine cmd=varchess,proto=uci,name=single,option.SingleDrops=true ...
# (An in-process version with random King openings, used for the first
# measurements, is in git history: engine/kingchess_match_test.go at d511811.)
set -euo pipefail

games=200 tc=5+0.05 conc=2 seed=1
while getopts "n:t:c:s:h" opt; do
	case "$opt" in
	n) games="$OPTARG" ;;
	t) tc="$OPTARG" ;;
	c) conc="$OPTARG" ;;
	s) seed="$OPTARG" ;;
	*) sed -n '2,17p' "$0"; exit 2 ;;
	esac
done
cd "$(dirname "$0")/.."

SCRIPT=kingchess-multi-vs-single
. scripts/lib.sh

private_varchess
bin=$BIN
need_uci_option "$bin" SingleDrops
echo "kingchess-multi-vs-single: $games games at $tc through the match arbiter" >&2
"$bin" match -variant kingchess \
	-engine "cmd=$bin,proto=uci,name=multi" \
	-engine "cmd=$bin,proto=uci,name=single,option.SingleDrops=true" \
	-games "$games" -tc "$tc" -concurrency "$conc" -seed "$seed"
