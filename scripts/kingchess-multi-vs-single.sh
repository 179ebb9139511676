#!/usr/bin/env bash
# Measures what the multi-drop candidates of the kingchess search are worth:
# the engine against itself limited to ordinary moves and single drops
# (engine.(*Engine).SearchSingleDrops), and prints the score with its 95%
# error bar.
#
# Usage: scripts/kingchess-multi-vs-single.sh [-n GAMES (200)] [-t TC (5+0.05)]
#                                             [-c CONCURRENCY (2)] [-s SEED (1)]
#
# When the binary offers the UCI option SingleDrops, the games are played
# by the match arbiter between two varchess processes:
#   varchess match -variant kingchess -engine cmd=varchess,proto=uci,name=multi
#     -engine cmd=varchess,proto=uci,name=single,option.SingleDrops=true ...
# Otherwise (the option is not wired into protocol/uci yet) the same match
# runs in process: `go test ./engine -run TestKingchessMultiVsSingle`, games
# starting with both Kings dropped on random back-rank squares, colours
# swapped per pair, real-time clocks.
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
need_go

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
bin="$work/varchess"
echo "kingchess-multi-vs-single: building $bin" >&2
go build -o "$bin" .

if printf 'uci\nquit\n' | "$bin" | grep -q '^option name SingleDrops '; then
	echo "kingchess-multi-vs-single: $games games at $tc through the match arbiter" >&2
	"$bin" match -variant kingchess \
		-engine "cmd=$bin,proto=uci,name=multi" \
		-engine "cmd=$bin,proto=uci,name=single,option.SingleDrops=true" \
		-games "$games" -tc "$tc" -concurrency "$conc" -seed "$seed"
else
	echo "kingchess-multi-vs-single: no UCI option SingleDrops; $games games at $tc in process" >&2
	KINGCHESS_MATCH_GAMES="$games" KINGCHESS_MATCH_TC="$tc" KINGCHESS_MATCH_CONC="$conc" \
		KINGCHESS_MATCH_SEED="$seed" \
		go test ./engine/ -run TestKingchessMultiVsSingle -v -count=1 -timeout 0 | tee "$work/out.txt"
	grep -q '^FINAL' "$work/out.txt"
fi
