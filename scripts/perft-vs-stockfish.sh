#!/usr/bin/env bash
# Times our perft against Stockfish (Debian's package, one thread) on the
# start position, alternating runs, and prints the medians and the ratio
# ours/stockfish (target: <= 2). Both must report the same leaf count.
#
# Usage: scripts/perft-vs-stockfish.sh [depth (default 6)] [runs each (default 5)]
#
# Our time is the wall time of a whole `varchess perft` process (start-up
# included); Stockfish's is from sending `go perft` to its `Nodes searched`
# line, after the engine is loaded and ready. So the ratio is, if anything,
# pessimistic for us.
set -euo pipefail

depth="${1:-6}"
runs="${2:-5}"
cd "$(dirname "$0")/.."

sf=""
for c in stockfish /usr/games/stockfish; do
	if command -v "$c" >/dev/null 2>&1; then sf="$(command -v "$c")"; break; fi
done
if [ -z "$sf" ]; then
	echo "perft-vs-stockfish: installing stockfish with apt-get" >&2
	apt-get update
	apt-get install -y stockfish
	sf=/usr/games/stockfish
fi
if ! command -v go >/dev/null 2>&1; then
	if [ -x /usr/local/go/bin/go ]; then
		export PATH="$PATH:/usr/local/go/bin"
	else
		echo "perft-vs-stockfish: installing Go (golang-go) with apt-get" >&2
		apt-get update
		apt-get install -y golang-go
	fi
fi

bin="$(mktemp -d)/varchess"
echo "perft-vs-stockfish: building $bin" >&2
go build -o "$bin" .

now_ns() { date +%s%N; }

# Stockfish runs as a co-process so its start-up is not timed.
coproc SF { "$sf"; }
echo "uci" >&"${SF[1]}"
echo "setoption name Threads value 1" >&"${SF[1]}"
echo "isready" >&"${SF[1]}"
while read -r line <&"${SF[0]}"; do
	[[ "$line" == readyok* ]] && break
done

sf_once() { # prints "<ns> <nodes>"
	local t0 t1 line nodes=""
	t0=$(now_ns)
	printf 'position startpos\ngo perft %d\n' "$depth" >&"${SF[1]}"
	while read -r line <&"${SF[0]}"; do
		if [[ "$line" == "Nodes searched"* ]]; then nodes="${line##*: }"; break; fi
	done
	t1=$(now_ns)
	echo "$((t1 - t0)) $nodes"
}

ours_once() {
	local t0 t1 out nodes
	t0=$(now_ns)
	out="$("$bin" perft -variant chess -fen startpos -depth "$depth" 2>/dev/null)"
	t1=$(now_ns)
	nodes="$(printf '%s\n' "$out" | sed -n 's/^Nodes searched: //p')"
	echo "$((t1 - t0)) $nodes"
}

ours=(); theirs=()
for i in $(seq 1 "$runs"); do
	read -r t n_ours < <(ours_once)
	ours+=("$t")
	read -r u n_sf < <(sf_once)
	theirs+=("$u")
	printf 'run %d/%d: ours %d ms, stockfish %d ms\n' "$i" "$runs" $((t / 1000000)) $((u / 1000000)) >&2
	if [ "$n_ours" != "$n_sf" ]; then
		echo "perft-vs-stockfish: node counts differ: ours $n_ours, stockfish $n_sf" >&2
		exit 1
	fi
done
echo "quit" >&"${SF[1]}" || true

median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }
mo=$(median "${ours[@]}")
ms=$(median "${theirs[@]}")
echo "start position, perft $depth = $n_ours leaves, $runs runs each"
awk -v o="$mo" -v s="$ms" -v n="$n_ours" 'BEGIN {
	printf "ours:      median %8.1f ms  (%.1f M leaves/s)\n", o/1e6, n/o*1e3
	printf "stockfish: median %8.1f ms  (%.1f M leaves/s)\n", s/1e6, n/s*1e3
	printf "ratio ours/stockfish: %.2f (target <= 2.00)\n", o/s
}'
