#!/usr/bin/env bash
# Measures parallel and hashed perft against the plain one-thread run, in
# one run of one binary (run it holding both CPU slots:
# MATCHSLOTS=2 /work/coord/matchslot scripts/perft-parallel.sh).
#
#   1. chess start depth D (default 7): 1 thread, then 2 threads: speedup
#   2. the same with -hash MB (default 256), 1 thread, then 2 threads
#   3. chess start depth D+1: plain against -hash MB (skip with DEEP=0)
#   4. every suite of perft/testdata with -threads 2, with -hash 64 and
#      with both (skip with SUITES=0)
# Every run must give the same count as the plain one. MODE=threads keeps
# only the thread runs (both slots), MODE=hash only the one-thread table
# runs (one slot is enough: MATCHSLOTS=1).
#
# Usage: [MODE=all|threads|hash] scripts/perft-parallel.sh [depth (default 7)] [hash MB (default 256)]
set -euo pipefail

depth="${1:-7}"
hash="${2:-256}"
cd "$(dirname "$0")/.."
SCRIPT=perft-parallel
. scripts/lib.sh
private_varchess

declare -A ms nodes
run() { # name args...: records the count and the perft's own time
	local name=$1
	shift
	log "$name: varchess perft $*"
	"$BIN" perft "$@" >"$WORK/out" 2>"$WORK/err" || { cat "$WORK/err" >&2; exit 1; }
	nodes[$name]=$(sed -n 's/^Nodes searched: //p' "$WORK/out")
	ms[$name]=$(sed -n 's/^Time: \([0-9]*\) ms.*/\1/p' "$WORK/err")
	log "$name: ${nodes[$name]} leaves in ${ms[$name]} ms"
}
same() { # names...: all counts equal the first
	local ref=${nodes[$1]} n
	for n in "$@"; do
		if [ "${nodes[$n]}" != "$ref" ]; then
			log "COUNT MISMATCH: $n gave ${nodes[$n]}, $1 gave $ref"
			exit 1
		fi
	done
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

mode="${MODE:-all}"
threads=1 hashes=1
case $mode in
threads) hashes=0 ;;
hash) threads=0 ;;
all) ;;
*) log "MODE must be all, threads or hash"; exit 2 ;;
esac
run plain -depth "$depth"
echo "chess start perft $depth = ${nodes[plain]}"
echo "  1 thread:            ${ms[plain]} ms"
if [ $threads = 1 ]; then
	run threads2 -depth "$depth" -threads 2
	same plain threads2
	echo "  2 threads:           ${ms[threads2]} ms  speedup $(ratio "${ms[plain]}" "${ms[threads2]}")x"
fi
if [ $hashes = 1 ]; then
	run hash1 -depth "$depth" -hash "$hash"
	same plain hash1
	echo "  1 thread,  hash $hash: ${ms[hash1]} ms  speedup $(ratio "${ms[plain]}" "${ms[hash1]}")x"
fi
if [ $threads = 1 ] && [ $hashes = 1 ]; then
	run hash2 -depth "$depth" -hash "$hash" -threads 2
	same plain hash2
	echo "  2 threads, hash $hash: ${ms[hash2]} ms  speedup $(ratio "${ms[plain]}" "${ms[hash2]}")x"
fi

if [ "${DEEP:-1}" != 0 ] && [ $hashes = 1 ]; then
	d=$((depth + 1))
	run dplain -depth "$d" -maxtime 0
	run dhash -depth "$d" -hash "$hash" -maxtime 0
	same dplain dhash
	echo "chess start perft $d = ${nodes[dplain]}"
	echo "  1 thread:            ${ms[dplain]} ms"
	echo "  1 thread,  hash $hash: ${ms[dhash]} ms  speedup $(ratio "${ms[dplain]}" "${ms[dhash]}")x"
fi

if [ "${SUITES:-1}" != 0 ]; then
	all_flags=("-threads 2" "-hash 64" "-threads 2 -hash 64")
	[ $hashes = 0 ] && all_flags=("-threads 2")
	[ $threads = 0 ] && all_flags=("-hash 64")
	for flags in "${all_flags[@]}"; do
		for suite in perft/testdata/*.epd; do
			start=$(date +%s)
			# shellcheck disable=SC2086
			if ! "$BIN" perft -suite "$suite" $flags >"$WORK/out" 2>"$WORK/err"; then
				cat "$WORK/out" >&2
				log "SUITE FAILED: $suite with $flags"
				exit 1
			fi
			echo "suite $suite with $flags: $(grep ' failures' "$WORK/out") ($(($(date +%s) - start)) s)"
		done
	done
fi
