#!/usr/bin/env bash
# bench-compare.sh — is one build faster than another at the same search?
# Runs `BIN bench` of two binaries alternately, N pairs, the order swapped
# every pair, and prints the wall time of each run, then the geometric
# mean of NEW's time over BASE's with a 95% interval. A time ratio below 1
# means NEW is faster; its inverse is the ratio of nodes per second. The
# script stops with an error if the two builds' node counts differ (then
# they do not search the same tree and a match must judge them).
#
# Usage: scripts/bench-compare.sh [-n N] BASE NEW [bench flags...]
#   -n N   pairs of runs (default 12)
#   BASE, NEW  varchess binaries; bench flags (e.g. -depth 12 -hash 256)
#              go to both
# On a busy machine other processes change the times more than most speed
# changes do. PAUSE="PATTERN" stops the processes whose command line
# matches PATTERN (pgrep -f), and their children, with SIGSTOP for the
# few seconds of each pair and resumes them after (for example fixed-node
# matches, which do not mind a pause; never anything on a clock).
set -euo pipefail

usage() { sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; }
pairs=12
while getopts 'n:h' o; do
	case $o in
	n) pairs=$OPTARG ;;
	h) usage; exit 0 ;;
	*) usage >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
if [ $# -lt 2 ] || ! [[ $pairs =~ ^[1-9][0-9]*$ ]]; then
	usage >&2
	exit 2
fi
base=$1 new=$2
shift 2
SCRIPT=bench-compare
. "$(dirname "$0")/lib.sh"
need_pkg awk gawk
[ -z "${PAUSE:-}" ] || need_pkg pgrep procps
for b in "$base" "$new"; do
	[ -x "$b" ] || { echo "bench-compare: $b is not an executable" >&2; exit 1; }
done

paused=""
# pause stops the matching processes and their children, never this script
# or a process it runs under (their command lines may match too).
pause() {
	[ -n "${PAUSE:-}" ] || return 0
	local p mine=" " list=""
	for ((p = $$; p > 1; p = $(ps -o ppid= -p "$p" | tr -d ' '))); do
		mine="$mine$p "
	done
	for p in $(pgrep -f -- "$PAUSE" || true); do
		list="$list $p $(pgrep -P "$p" || true)"
	done
	paused=""
	for p in $list; do
		[[ $mine == *" $p "* ]] || paused="$paused $p"
	done
	[ -z "$paused" ] || kill -STOP $paused 2>/dev/null || true
}
resume() { [ -z "$paused" ] || kill -CONT $paused 2>/dev/null || true; paused=""; }
trap resume EXIT

# run BIN [FLAGS]: prints "seconds nodes" of one bench run.
run() {
	local bin=$1 start end out
	shift
	start=$(date +%s.%N)
	out=$("$bin" bench "$@" 2>/dev/null) || { echo "bench-compare: $bin bench failed" >&2; return 1; }
	end=$(date +%s.%N)
	echo "$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }') $(sed -n 's/^Nodes searched: //p' <<<"$out")"
}

echo "pair  base s  new s  new/base" >&2
results=()
for i in $(seq "$pairs"); do
	pause
	if ((i % 2)); then
		a=$(run "$base" "$@"); b=$(run "$new" "$@")
	else
		b=$(run "$new" "$@"); a=$(run "$base" "$@")
	fi
	resume
	read -r ta na <<<"$a"
	read -r tb nb <<<"$b"
	if [ "$na" != "$nb" ]; then
		echo "bench-compare: node counts differ ($na against $nb): not the same search" >&2
		exit 1
	fi
	awk -v i="$i" -v a="$ta" -v b="$tb" 'BEGIN { printf "%4d  %6.3f  %6.3f  %.4f\n", i, a, b, b / a }' >&2
	results+=("$ta $tb")
	sleep 1
done
printf '%s\n' "${results[@]}" | awk '{r = log($2 / $1); s += r; ss += r * r; n++}
END {
	m = s / n; sd = n > 1 ? sqrt((ss - n * m * m) / (n - 1)) : 0; h = 1.96 * sd / sqrt(n)
	printf "pairs %d: time new/base %.4f (95%% %.4f - %.4f), nodes per second new/base %.4f\n", n, exp(m), exp(m - h), exp(m + h), exp(-m)
}'
