#!/usr/bin/env bash
# Times our perft against Stockfish (Debian's package, one thread) on the
# start position (or FEN=..., e.g. Kiwipete), alternating runs, and prints
# the medians and the ratios. Both must report the same leaf count.
#
# Usage: [FEN=fen] scripts/perft-vs-stockfish.sh [depth (default 6)] [runs each (default 5)]
#
# Like for like, the main ratio compares compute times: ours is the
# `Time: N ms` that `varchess perft` prints (the count itself, after
# start-up), Stockfish's runs from sending `go perft` to its `Nodes searched`
# line (engine loaded and ready). Also shown: our whole-process wall time
# (start-up included) and the CPU time (user+sys) of each, which suffers
# less when other jobs share the machine: ours from bash's `time` (start-up
# included), Stockfish's from /proc/<pid>/stat (clock-tick resolution).
set -euo pipefail

depth="${1:-6}"
runs="${2:-5}"
fen="${FEN:-startpos}"
if [ "$fen" = startpos ]; then sfpos="startpos"; else sfpos="fen $fen"; fi
cd "$(dirname "$0")/.."

SCRIPT=perft-vs-stockfish
. scripts/lib.sh
sf=/usr/games/stockfish
need_pkg "$sf" stockfish
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
build_varchess "$work"
bin="$work/varchess"

now_ns() { date +%s%N; }

# Stockfish runs as a co-process so its start-up is not timed.
coproc SF { exec "$sf"; }
echo "uci" >&"${SF[1]}"
echo "setoption name Threads value 1" >&"${SF[1]}"
echo "isready" >&"${SF[1]}"
while read -r line <&"${SF[0]}"; do
	[[ "$line" == readyok* ]] && break
done

tick=$(getconf CLK_TCK)
sf_cpu_ms() { awk -v hz="$tick" '{print int(($14 + $15) * 1000 / hz)}' "/proc/$SF_PID/stat"; }

sf_once() { # prints "<wall ns> <nodes> <cpu ms>"
	local t0 t1 c0 c1 line nodes=""
	c0=$(sf_cpu_ms)
	t0=$(now_ns)
	printf 'position %s\ngo perft %d\n' "$sfpos" "$depth" >&"${SF[1]}"
	while read -r line <&"${SF[0]}"; do
		if [[ "$line" == "Nodes searched"* ]]; then nodes="${line##*: }"; break; fi
	done
	t1=$(now_ns)
	c1=$(sf_cpu_ms)
	echo "$((t1 - t0)) $nodes $((c1 - c0))"
}

tmp="$(dirname "$bin")"
ours_once() { # prints "<perft ns> <nodes> <cpu ms> <process wall ns>"
	local t0 t1 nodes cpu ms
	t0=$(now_ns)
	{ TIMEFORMAT='%3U %3S'; time "$bin" perft -variant chess -fen "$fen" -depth "$depth" >"$tmp/out" 2>"$tmp/err"; } 2>"$tmp/time"
	t1=$(now_ns)
	nodes="$(sed -n 's/^Nodes searched: //p' "$tmp/out")"
	ms="$(sed -n 's/^Time: \([0-9]*\) ms.*/\1/p' "$tmp/err")"
	cpu=$(awk '{print int(($1 + $2) * 1000)}' "$tmp/time")
	echo "$((ms * 1000000)) $nodes $cpu $((t1 - t0))"
}

ours=(); theirs=(); ours_cpu=(); theirs_cpu=(); ours_proc=()
for i in $(seq 1 "$runs"); do
	read -r t n_ours c w < <(ours_once)
	ours+=("$t"); ours_cpu+=("$c"); ours_proc+=("$w")
	read -r u n_sf d < <(sf_once)
	theirs+=("$u"); theirs_cpu+=("$d")
	printf 'run %d/%d: ours %d ms (process %d ms, cpu %d ms), stockfish %d ms (cpu %d ms)\n' \
		"$i" "$runs" $((t / 1000000)) $((w / 1000000)) "$c" $((u / 1000000)) "$d" >&2
	if [ "$n_ours" != "$n_sf" ]; then
		echo "perft-vs-stockfish: node counts differ: ours $n_ours, stockfish $n_sf" >&2
		exit 1
	fi
done
echo "quit" >&"${SF[1]}" || true

median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }
mo=$(median "${ours[@]}")
ms=$(median "${theirs[@]}")
co=$(median "${ours_cpu[@]}")
mp=$(median "${ours_proc[@]}")
cs=$(median "${theirs_cpu[@]}")
echo "$fen, perft $depth = $n_ours leaves, $runs runs each"
awk -v o="$mo" -v s="$ms" -v n="$n_ours" -v co="$co" -v cs="$cs" -v p="$mp" 'BEGIN {
	printf "ours:      median %8.1f ms (%.1f M leaves/s); whole process %.1f ms, cpu %d ms\n", o/1e6, n/o*1e3, p/1e6, co
	printf "stockfish: median %8.1f ms (%.1f M leaves/s); cpu %d ms\n", s/1e6, n/s*1e3, cs
	printf "ratio ours/stockfish: %.2f (time; below 1 means faster)\n", o/s
	printf "speed ratio: %.2fx Stockfish\n", s/o
	printf "ratio with our start-up included: %.2f\n", p/s
	if (cs > 0) printf "cpu-time ratio (our start-up included): %.2f\n", co/cs
}'
