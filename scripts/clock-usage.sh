#!/usr/bin/env bash
# clock-usage.sh — how the engine uses its clock, as a GUI sees it: for
# `go movetime` 50, 200 and 1000 ms in positions of every game, the time
# used as a share of the movetime and the overshoots past it; and for
# self-play games at a time control, the mean time per move by phase, the
# first move's time and the clock left after move 40. Measures this tree
# and, if given, a base revision, in the same run.
#
# Usage: scripts/clock-usage.sh [BASE]
#   BASE  a git revision to measure too (e.g. d6dfd26, main)
# Settings (environment): TC=10+0.1 GAMES=2 MOVES=50 MOVETIME=1 (0: games only)
# Timing-sensitive: run it through the machine's slot wrapper.
set -euo pipefail
if [ "${1:-}" = -h ] || [ "${1:-}" = --help ] || [ $# -gt 1 ]; then
	sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
	[ $# -le 1 ] && exit 0
	exit 2
fi
SCRIPT=clock-usage
. "$(dirname "$0")/lib.sh"
need_go
need_pkg git git
TC=${TC:-10+0.1}
GAMES=${GAMES:-2}
MOVES=${MOVES:-50}
MOVETIME=${MOVETIME:-1}
ROOT=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

measure() { # measure NAME BINARY
	log "measuring $1 ($TC, $GAMES games of $MOVES moves)"
	(cd "$ROOT" && go test ./protocol -run '^TestClockUsage$' -count=1 -timeout 60m -v -clockusage \
		-clockbin "$2" -clocktc "$TC" -clockgames "$GAMES" -clockmoves "$MOVES" -clocknomovetime="$([ "$MOVETIME" = 0 ] && echo true || echo false)") |
		grep -E 'clock_usage_test.go:[0-9]+: (movetime|[0-9.]+\+[0-9.]+,)' | sed "s/^ *clock_usage_test.go:[0-9]*: /$1: /"
}

(cd "$ROOT" && go build -o "$TMP/new" .)
measure "this tree" "$TMP/new"
if [ $# -eq 1 ]; then
	log "building $1"
	mkdir -p "$TMP/base"
	git -C "$ROOT" archive "$1" | tar -x -C "$TMP/base"
	(cd "$TMP/base" && go build -o "$TMP/old" .)
	measure "$1" "$TMP/old"
fi
