#!/usr/bin/env bash
# match-regression.sh — play the engine of the working tree against the
# engine of an earlier revision (or against Debian's Stockfish) with the
# project's match arbiter, print the final score lines, and exit non-zero if
# the match could not be played to the end (a build failure, an engine that
# does not start, a crash of the arbiter). It does not judge the score.
#
# Usage: scripts/match-regression.sh            # current tree vs $BASE (HEAD~1)
#        scripts/match-regression.sh stockfish  # chess vs /usr/games/stockfish
# Settings (environment):
#   BASE=HEAD~1 VARIANT=chess GAMES=20 TC=5+0.05 CONCURRENCY=1 PROTO=uci
#   SEED=1 OPENINGS=file MAXPLIES=0 SF_ELO=1500 (stockfish mode) KEEP=0
#   PGN=/tmp/match-regression.pgn
#   EXTRA="..." (more match flags, e.g. "-resign 4/800 -draw 80/8/10")
# The earlier revision is exported with `git archive` into a temporary
# directory, so the repository's git state (worktrees, index) is untouched.
set -euo pipefail

MODE=${1:-previous}
BASE=${BASE:-HEAD~1}
VARIANT=${VARIANT:-chess}
GAMES=${GAMES:-20}
TC=${TC:-5+0.05}
CONCURRENCY=${CONCURRENCY:-1}
PROTO=${PROTO:-uci}
SEED=${SEED:-1}
MAXPLIES=${MAXPLIES:-0}
SF_ELO=${SF_ELO:-1500}
EXTRA=${EXTRA:-}

SCRIPT=match-regression
. "$(dirname "$0")/lib.sh"
need_go
need_pkg git git
if [ "$MODE" = stockfish ]; then need_pkg /usr/games/stockfish stockfish; fi

ROOT=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
TMP=$(mktemp -d)
if [ "${KEEP:-0}" = 1 ]; then log "keeping $TMP"; else trap 'rm -rf "$TMP"' EXIT; fi

log "building the working tree ($ROOT)"
(cd "$ROOT" && go build -o "$TMP/new" .)

PGN=${PGN:-/tmp/match-regression.pgn}
rm -f "$PGN"
args=(match -variant "$VARIANT" -games "$GAMES" -tc "$TC" -concurrency "$CONCURRENCY"
	-seed "$SEED" -maxplies "$MAXPLIES" -pgn "$PGN")
[ -n "${OPENINGS:-}" ] && args+=(-openings "$OPENINGS")

case "$MODE" in
previous)
	rev=$(git -C "$ROOT" rev-parse --short "$BASE")
	log "building $BASE ($rev)"
	mkdir "$TMP/base"
	git -C "$ROOT" archive "$rev" | tar -x -C "$TMP/base"
	(cd "$TMP/base" && go build -o "$TMP/old" .)
	args+=(-engine "cmd=$TMP/new,proto=$PROTO,name=new"
		-engine "cmd=$TMP/old,proto=$PROTO,name=old-$rev")
	;;
stockfish)
	if [ "$VARIANT" != chess ]; then log "stockfish plays only chess"; exit 2; fi
	args+=(-engine "cmd=$TMP/new,proto=$PROTO,name=varchess"
		-engine "cmd=/usr/games/stockfish,proto=uci,name=stockfish-$SF_ELO,option.UCI_LimitStrength=true,option.UCI_Elo=$SF_ELO")
	;;
*)
	echo "usage: $0 [previous|stockfish]" >&2
	exit 2
	;;
esac

# shellcheck disable=SC2206
args+=($EXTRA)
log "running: varchess ${args[*]}"
status=0
"$TMP/new" "${args[@]}" >"$TMP/report.txt" || status=$?
cat "$TMP/report.txt"
log "games written to $PGN"
if [ $status -ne 0 ]; then
	log "FAILED: the match exited with status $status"
	exit $status
fi
if ! grep -q '^Score of' "$TMP/report.txt"; then
	log "FAILED: no score line"
	exit 1
fi
log "OK"
