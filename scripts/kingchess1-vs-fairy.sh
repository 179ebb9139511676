#!/usr/bin/env bash
# Plays varchess against Fairy-Stockfish in kingchess1 (RULES.md section 4,
# single drops) through our own `match` subcommand and prints the score,
# Elo difference and error bar of varchess, without the games that the one
# rule difference ended (counted and reported).
#
# Usage: [FAIRY=PATH] scripts/kingchess1-vs-fairy.sh [-n GAMES (200)] [-t TC (10+0.1)]
#            [-c CONCURRENCY (1)] [-o PGN] [-m MS: both engines' Move Overhead (100)]
#            [-k] [-e ENGINE: our engine's binary (built from this tree)]
#            [-a ARGS: more arguments for `match`, e.g. "-resign 6/1000"]
#            [-d DIR: keep the build, variant file, PGN and match state in DIR]
#        scripts/kingchess1-vs-fairy.sh -d DIR -r     (continue the match saved in DIR)
#        scripts/kingchess1-vs-fairy.sh -s PGN        (only score the games of PGN)
#
# A long match can be split: start it with -d DIR, stop it (Ctrl-C) or let
# it run, and continue it later with -d DIR -r; the score is always of all
# the games in DIR.
#
# FAIRY is the Fairy-Stockfish binary (default Debian's package,
# /usr/games/fairy-stockfish, installed when missing; a newer build of your
# own plays far stronger). The variant file is written for that binary
# (scripts/lib.sh, fairy_kingchess1): current versions have new option
# names and `mustDropType = k`, which forces the King to be dropped first,
# so the games start from the empty board. Debian's 11.1 cannot force the
# King first; with it (or with -k) every game starts from a position where
# both Kings are already on the board: K@x1 K@y8 with x, y not e (11.1 has
# no `E` castling letter, so from e1/e8 the castling state could not be
# written in a FEN both engines read alike), each played twice, colours
# swapped. From the empty start the games differ only by timing.
#
# The rule difference: Fairy-Stockfish applies the opposite-coloured-bishop
# rule to the bishops on the board, RULES.md K3 to the first bishop ever
# dropped, so after a bishop was captured it may drop the other one on the
# same colour, which our arbiter rejects as an illegal move. When the
# arbiter has `legal=arbiter` (match -h), the script gives it to
# Fairy-Stockfish: every `go` then carries `searchmoves` with the plies
# legal by our rules, so its root never picks such a drop (its search below
# the root still uses its own rules). Games ended by an illegal move are
# left out of the score and counted.
#
# On a loaded machine an engine can lose on time (the arbiter allows 200 ms
# beyond the clock); both engines get the same Move Overhead (-m) as a
# safety margin.
set -euo pipefail

games=200 tc=10+0.1 conc=1 pgn="" overhead=100 kings=0 engine="" extra="" dir="" resume=0 only=""
while getopts "n:t:c:o:m:ke:a:d:rs:h" opt; do
	case "$opt" in
	n) games="$OPTARG" ;;
	t) tc="$OPTARG" ;;
	c) conc="$OPTARG" ;;
	o) pgn="$OPTARG" ;;
	m) overhead="$OPTARG" ;;
	k) kings=1 ;;
	e) engine="$OPTARG" ;;
	a) extra="$OPTARG" ;;
	d) dir="$OPTARG" ;;
	r) resume=1 ;;
	s) only="$OPTARG" ;;
	*) sed -n '2,50p' "$0"; exit 2 ;;
	esac
done
SCRIPT=kingchess1-vs-fairy
. "$(dirname "$0")/lib.sh"
pgn=$(abs_path "$pgn") engine=$(abs_cmd "$engine") dir=$(abs_path "$dir") only=$(abs_path "$only")
FAIRY=$(abs_cmd "${FAIRY:-}")
cd "$(dirname "$0")/.."

# score PGN: the score of varchess without the games Fairy-Stockfish lost
# by a ply our rules reject (they say nothing about strength), with its
# 95% error bar. An illegal ply of ours would be a bug and counts as the
# loss it is.
score() {
	awk '
	function flush() {
		if (result == "") return
		fairy = (white == "varchess") ? "Black" : "White"
		if (reason ~ ("^" fairy " plays illegal move")) skipped++
		else {
			s = 0.5
			if (result == "1-0") s = (white == "varchess") ? 1 : 0
			if (result == "0-1") s = (white == "varchess") ? 0 : 1
			n++; sum += s; sq += s * s
			if (s == 1) w++; else if (s == 0) l++; else d++
		}
		result = ""; reason = ""
	}
	/^\[White "/ { flush(); white = $0; sub(/^\[White "/, "", white); sub(/"\]$/, "", white) }
	/^\[Result "/ { result = $0; sub(/^\[Result "/, "", result); sub(/"\]$/, "", result) }
	/White plays illegal move/ { reason = "White plays illegal move" }
	/Black plays illegal move/ { reason = "Black plays illegal move" }
	END {
		flush()
		if (n == 0) { print "no game finished normally"; exit 1 }
		m = sum / n
		v = (n > 1) ? (sq - n * m * m) / (n - 1) : 0.25
		printf "varchess score without rule-difference games: %.1f%% +- %.1f%% (95%%) over %d games (+%d -%d =%d; %d games ended by an illegal Fairy-Stockfish ply, left out)\n", 100 * m, 196 * sqrt(v / n), n, w, l, d, skipped
	}' "$1"
}

if [ -n "$only" ]; then
	score "$only"
	exit
fi

if [ "$resume" = 1 ]; then
	if [ -z "$dir" ] || [ ! -f "$dir/state" ]; then
		log "-r needs -d DIR of a match started with -d DIR"
		exit 2
	fi
	"$dir/varchess" match -resume "$dir/state" 2>&1 | tee "$dir/result.txt"
	score "$dir/games.pgn"
	exit
fi

fsf=${FAIRY:-/usr/games/fairy-stockfish}
[ -n "${FAIRY:-}" ] || need_pkg "$fsf" fairy-stockfish
if ! command -v "$fsf" >/dev/null; then
	log "FAIRY=$fsf is not an executable"
	exit 1
fi

state=()
if [ -n "$dir" ]; then
	mkdir -p "$dir"
	if [ -f "$dir/state" ]; then
		log "$dir already holds a match: continue it with -d $dir -r, or remove it"
		exit 2
	fi
	work=$(cd "$dir" && pwd)
	build_varchess "$work"
	bin=$work/varchess
	pgn=$work/games.pgn
	state=(-state "$work/state")
else
	private_varchess
	work=$WORK bin=$BIN
fi
if [ -n "$engine" ]; then
	bin=$engine
fi
[ -n "$pgn" ] || pgn="$work/games.pgn"

fairy_kingchess1 "$fsf" "$work"
ini=$FAIRY_INI
[ "$FAIRY_KING_FIRST" = 1 ] || kings=1

openings=()
if [ "$kings" = 1 ]; then
	# After K@x1 and K@y8 (x, y not e), as FENs written by our engine.
	file="$work/openings.fen"
	for w in a b c d f g h; do
		for b in a b c d f g h; do
			fen=$(printf 'uci\nsetoption name UCI_Variant value kingchess1\nposition startpos moves K@%s1 K@%s8\nd\nquit\n' "$w" "$b" |
				"$bin" | sed -n 's/^Fen: //p')
			if [ -z "$fen" ]; then
				log "could not build the opening K@${w}1 K@${b}8"
				exit 1
			fi
			echo "$fen"
		done
	done | awk 'BEGIN{srand(1)} {print rand() "\t" $0}' | sort -n | cut -f2- >"$file"
	openings=(-openings "$file")
	log "$(wc -l <"$file") openings with both Kings placed"
else
	log "from the empty start (Fairy-Stockfish drops its King first)"
fi

legal=""
if "$bin" match -h 2>&1 | grep -q 'legal=arbiter'; then
	legal=",legal=arbiter"
fi
log "$games games at $tc, concurrency $conc, Fairy-Stockfish $fsf${legal:+ with legal=arbiter}"

# shellcheck disable=SC2086 # $extra is a list of arguments
"$bin" match -variant kingchess1 \
	-engine "cmd=$bin,proto=uci,name=varchess,option.Move Overhead=$overhead" \
	-engine "cmd=$fsf,proto=uci,name=fairy-stockfish,option.VariantPath=$ini,option.Move Overhead=$overhead$legal" \
	-games "$games" -tc "$tc" -concurrency "$conc" -seed 1 \
	"${openings[@]}" -pgn "$pgn" "${state[@]}" -maxplies 400 $extra 2>&1 | tee "$work/result.txt"
grep -q '^Finished game' "$work/result.txt"
score "$pgn"
