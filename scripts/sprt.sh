#!/usr/bin/env bash
# sprt.sh — is a build stronger than an earlier one? Builds two revisions of
# the engine and runs an SPRT between them with the project's arbiter (game
# pairs, pentanomial model); the match stops when the test accepts H1 (the
# new build gains at least ELO1 normalized Elo) or H0 (it gains at most ELO0).
#
# Usage: scripts/sprt.sh BASE [NEW]
#   BASE  the git revision to beat (e.g. main, HEAD~1, d6dfd26)
#   NEW   a git revision, or "." (default) for the working tree as it is
# Settings (environment), with their defaults:
#   VARIANT=chess TC=8+0.08 SPRT=elo0=0,elo1=5,alpha=0.05,beta=0.05
#   GAMES=20000 (budget: games played if no bound is crossed) CONCURRENCY=1
#   SEED=1 OPENINGS=file (a PGN book or FEN/EPD lines; default: every round
#   starts from RANDOMPLIES=8 random plies) NODES= (fixed nodes per move
#   instead of the clock: set TC=inf) HASH=16 PGN=/tmp/sprt.pgn
#   STATE=/tmp/sprt.state (resume an interrupted run with
#   `$DIR/new match -resume $STATE`) DIR=/tmp/sprt-bin (where the two
#   builds stay) EXTRA="more match flags"
# Both revisions are exported with `git archive` into a temporary directory
# and built into DIR; the arbiter is the NEW build's. CPU-heavy: on a shared machine run it
# through the machine's slot wrapper, one game at a time.
set -euo pipefail

if [ $# -lt 1 ] || [ $# -gt 2 ] || [ "$1" = -h ] || [ "$1" = --help ]; then
	sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'
	[ $# -ge 1 ] && { [ "$1" = -h ] || [ "$1" = --help ]; } && exit 0
	exit 2
fi
BASE=$1
NEW=${2:-.}
VARIANT=${VARIANT:-chess}
TC=${TC:-8+0.08}
SPRT=${SPRT:-elo0=0,elo1=5,alpha=0.05,beta=0.05}
GAMES=${GAMES:-20000}
CONCURRENCY=${CONCURRENCY:-1}
SEED=${SEED:-1}
RANDOMPLIES=${RANDOMPLIES:-8}
HASH=${HASH:-16}
PGN=${PGN:-/tmp/sprt.pgn}
STATE=${STATE:-/tmp/sprt.state}
EXTRA=${EXTRA:-}

SCRIPT=sprt
. "$(dirname "$0")/lib.sh"
need_go
need_pkg git git

ROOT=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
DIR=${DIR:-/tmp/sprt-bin}
mkdir -p "$DIR"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# build REV NAME: the engine of REV ("." = the working tree) as $DIR/NAME.
build() {
	local rev=$1 name=$2
	if [ "$rev" = . ]; then
		log "building the working tree ($ROOT) as $name"
		(cd "$ROOT" && go build -o "$DIR/$name" .)
		return
	fi
	local sha
	sha=$(git -C "$ROOT" rev-parse --verify --short "$rev^{commit}") || { log "unknown revision $rev"; exit 2; }
	log "building $rev ($sha) as $name"
	mkdir -p "$TMP/src-$name"
	git -C "$ROOT" archive "$sha" | tar -x -C "$TMP/src-$name"
	(cd "$TMP/src-$name" && go build -o "$DIR/$name" .)
}
build "$NEW" new
build "$BASE" base

rm -f "$PGN" "$STATE"
args=(match -variant "$VARIANT" -games "$GAMES" -tc "$TC" -sprt "$SPRT" -concurrency "$CONCURRENCY"
	-seed "$SEED" -pgn "$PGN" -state "$STATE"
	-engine "cmd=$DIR/new,name=new,option.Hash=$HASH"
	-engine "cmd=$DIR/base,name=base,option.Hash=$HASH")
if [ -n "${OPENINGS:-}" ]; then args+=(-openings "$OPENINGS"); else args+=(-randomplies "$RANDOMPLIES"); fi
[ -n "${NODES:-}" ] && args+=(-nodes "$NODES")
# shellcheck disable=SC2206
[ -n "$EXTRA" ] && args+=($EXTRA)
log "varchess ${args[*]}"
run_match "$DIR/new" "${args[@]:1}"
