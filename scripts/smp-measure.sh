#!/usr/bin/env bash
# Measures what a second search thread is worth (Lazy SMP).
#
#   scripts/smp-measure.sh ttd [-v chess|russian] [-d DEPTH] [-r ROUNDS] [-T THREADS (2)]
#       time to depth: the same fixed-depth searches on 1 and on THREADS
#       threads, alternated ROUNDS times; prints each run and the speedup
#       (time on 1 thread / time on THREADS, from the summed times). chess:
#       the bench positions (default depth 12); russian: six positions,
#       roll Q (default depth 5).
#   scripts/smp-measure.sh elo [-v VARIANT] [-n GAMES (200)] [-t TC (10+0.1)] [-T THREADS (2)]
#                              [-x "MATCH ARGS" (e.g. "-shard 1/2 -state s1")]
#       a match of THREADS threads against 1 thread at the same clock;
#       prints the score and the Elo difference with its 95% error bar.
#       A long match can be split with -x "-shard K/N -state FILE" and the
#       shards joined with `varchess match-merge FILE...`.
#
# Both need both cores of a 2-core machine: run them alone, e.g.
#   MATCHSLOTS=2 /work/coord/matchslot scripts/smp-measure.sh ttd
set -euo pipefail

mode=${1:-}
if [ "$mode" = -h ] || [ "$mode" = help ]; then
	sed -n '2,18p' "$0"
	exit 0
fi
[ $# -gt 0 ] && shift
variant=chess depth="" rounds=3 games=200 tc=10+0.1 threads=2 extra=""
while getopts "v:d:r:n:t:T:x:h" opt; do
	case "$opt" in
	v) variant="$OPTARG" ;;
	d) depth="$OPTARG" ;;
	r) rounds="$OPTARG" ;;
	n) games="$OPTARG" ;;
	t) tc="$OPTARG" ;;
	T) threads="$OPTARG" ;;
	x) extra="$OPTARG" ;;
	h) sed -n '2,18p' "$0"; exit 0 ;;
	*) sed -n '2,18p' "$0"; exit 2 ;;
	esac
done
case "$mode" in
ttd | elo) ;;
*) sed -n '2,18p' "$0"; exit 2 ;;
esac
cd "$(dirname "$0")/.."
SCRIPT=smp-measure
. scripts/lib.sh
private_varchess
need_uci_option "$BIN" Threads

# russian_ttd N: seconds (3 decimals) for `go depth D roll Q` over the
# positions below on N threads, each search in a fresh engine.
russian_ttd() {
	local n=$1 total=0 fen ms
	while read -r fen; do
		[ -n "$fen" ] || continue
		coproc ENG { "$BIN"; }
		printf 'uci\nsetoption name UCI_Variant value russian\nsetoption name Threads value %s\nposition fen %s\ngo depth %s roll Q\n' \
			"$n" "$fen" "$depth" >&"${ENG[1]}"
		ms=""
		while read -r line <&"${ENG[0]}"; do
			case "$line" in
			"info depth $depth "*) ms=$(sed -n 's/.* time \([0-9]*\).*/\1/p' <<<"$line") ;;
			bestmove*) break ;;
			esac
		done
		echo quit >&"${ENG[1]}"
		wait "$ENG_PID" || true
		if [ -z "$ms" ]; then
			log "no depth $depth line for $fen"
			exit 1
		fi
		total=$((total + ms))
	done <<'FENS'
rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - 0 1
rnqknr/1pp1p1/p2p1p/2PP2/PP2PP/1(NR)(QK)1NR w - 0 5
r1(qN)kn(rpn)/ppp3/4pp/2PP1P/(PN)P2P1/R1QK1R w - 0 9
2rk1r/pppp1p/P(qP)1(nPp)RP/3P2/1n(PQK)3/RN2N1 w - 1 13
(rq)n1k1(rN)/2n2p/p3p1/PpPPQ1/1P2(PppN)1/2R1(NK)R w - 2 17
rnq2r/1p1p1p/p2(pk)1n/NQ3(Pp)/PP(PK)PP1/R3NR w - 2 7
FENS
	awk -v ms="$total" 'BEGIN { printf "%.3f", ms / 1000 }'
}

# chess_ttd N: seconds for the bench positions at the depth on N threads.
chess_ttd() {
	"$BIN" bench -depth "$depth" -threads "$1" 2>/dev/null |
		awk '/^Total time/ { printf "%.3f", $NF / 1000 }'
}

if [ "$mode" = ttd ]; then
	case "$variant" in
	chess) depth=${depth:-12} ;;
	russian) depth=${depth:-5} ;;
	*) log "ttd measures chess or russian, not $variant"; exit 2 ;;
	esac
	log "time to depth $depth in $variant, 1 against $threads threads, $rounds rounds"
	sum1=0 sumN=0
	for r in $(seq "$rounds"); do
		t1=$("${variant}_ttd" 1)
		tn=$("${variant}_ttd" "$threads")
		echo "round $r: 1 thread ${t1}s, $threads threads ${tn}s"
		sum1=$(awk -v a="$sum1" -v b="$t1" 'BEGIN { print a + b }')
		sumN=$(awk -v a="$sumN" -v b="$tn" 'BEGIN { print a + b }')
	done
	awk -v a="$sum1" -v b="$sumN" -v n="$threads" -v d="$depth" -v v="$variant" \
		'BEGIN { printf "%s time to depth %d: 1 thread %.1fs, %d threads %.1fs, speedup %.2f\n", v, d, a, n, b, a / b }'
	exit 0
fi

log "$variant: $threads threads against 1, $games games at $tc"
# shellcheck disable=SC2086 # extra is a list of arguments
run_match "$BIN" -variant "$variant" -games "$games" -tc "$tc" -concurrency 1 -randomplies 8 $extra \
	-engine "cmd=$BIN,proto=uci,name=threads$threads,option.Threads=$threads" \
	-engine "cmd=$BIN,proto=uci,name=threads1"
