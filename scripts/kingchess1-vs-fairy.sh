#!/usr/bin/env bash
# Plays varchess against Debian's Fairy-Stockfish 11.1 in kingchess1
# (RULES.md section 4, single drops) through our own `match` subcommand and
# prints the score, Elo difference and error bar of varchess.
#
# Usage: scripts/kingchess1-vs-fairy.sh [-n GAMES (200)] [-t TC (10+0.1)]
#                                       [-c CONCURRENCY (2)] [-o PGN]
#                                       [-m MS: Fairy-Stockfish's Move Overhead (100)]
#
# On a loaded machine Fairy-Stockfish can lose on time (the arbiter allows
# 200 ms beyond the clock); its Move Overhead keeps a safety margin.
#
# Fairy-Stockfish learns the game from scripts/kingchess1-variants.ini: 8x8,
# empty start, drops from a reserve onto the own half (whiteDropRegion /
# blackDropRegion), no pawn drops on the first rank, the second bishop on
# the other colour (dropOppositeColoredBishop), castling with dropped
# pieces (castlingDroppedPiece), captures leave the game. Version 11.1
# cannot force the King to be dropped first (it has no mustDropType; its
# mustDrop only forces some drop), so every game starts from a position
# where both Kings are already on the board: the openings file holds the
# positions after White's and Black's King drops (Kings on the first /
# eighth rank, never on e1/e8: 11.1 has no `E` castling letter, so from
# those squares the castling state could not be written in a FEN both
# engines read alike). Each opening is played twice, colours swapped.
set -euo pipefail

games=200 tc=10+0.1 conc=2 pgn="" overhead=100
while getopts "n:t:c:o:m:h" opt; do
	case "$opt" in
	n) games="$OPTARG" ;;
	t) tc="$OPTARG" ;;
	c) conc="$OPTARG" ;;
	o) pgn="$OPTARG" ;;
	m) overhead="$OPTARG" ;;
	*) sed -n '2,24p' "$0"; exit 2 ;;
	esac
done
cd "$(dirname "$0")/.."

SCRIPT=kingchess1-vs-fairy
. scripts/lib.sh
fsf=/usr/games/fairy-stockfish
need_pkg "$fsf" fairy-stockfish

private_varchess
work=$WORK bin=$BIN
[ -n "$pgn" ] || pgn="$work/games.pgn"

ini="$PWD/scripts/kingchess1-variants.ini"
if ! "$fsf" check "$ini" >"$work/check.txt" 2>&1; then
	cat "$work/check.txt" >&2
	echo "kingchess1-vs-fairy: fairy-stockfish rejects the variant file" >&2
	exit 1
fi

# Openings: after K@x1 and K@y8 (x, y not e), as FENs written by our engine.
openings="$work/openings.fen"
for w in a b c d f g h; do
	for b in a b c d f g h; do
		fen=$(printf 'uci\nsetoption name UCI_Variant value kingchess1\nposition startpos moves K@%s1 K@%s8\nd\nquit\n' "$w" "$b" |
			"$bin" | sed -n 's/^Fen: //p')
		if [ -z "$fen" ]; then
			echo "kingchess1-vs-fairy: could not build the opening K@${w}1 K@${b}8" >&2
			exit 1
		fi
		echo "$fen"
	done
done | awk 'BEGIN{srand(1)} {print rand() "\t" $0}' | sort -n | cut -f2- >"$openings"
echo "kingchess1-vs-fairy: $(wc -l <"$openings") openings, $games games at $tc, concurrency $conc" >&2

"$bin" match -variant kingchess1 \
	-engine "cmd=$bin,proto=uci,name=varchess" \
	-engine "cmd=$fsf,proto=uci,name=fairy-stockfish,option.VariantPath=$ini,option.Move Overhead=$overhead" \
	-games "$games" -tc "$tc" -concurrency "$conc" -seed 1 \
	-openings "$openings" -pgn "$pgn" -maxplies 400 2>&1 | tee "$work/result.txt"
grep -q '^Finished game' "$work/result.txt"

# Fairy-Stockfish 11.1 applies the bishop rule to the bishops on the board,
# RULES.md K3 to the first bishop ever dropped: after a bishop was captured
# it may drop the other one on the same colour, which our arbiter rejects
# as an illegal move. Such games say nothing about strength: the score
# without them, with its 95% error bar.
awk '
/^Finished game/ {
	white = ($0 ~ /\(varchess vs/)
	if ($0 ~ /illegal move/) { skipped++; next }
	if ($0 ~ /: 1-0 /) s = white ? 1 : 0
	else if ($0 ~ /: 0-1 /) s = white ? 0 : 1
	else s = 0.5
	n++; sum += s; sq += s * s
}
END {
	if (n == 0) { print "no game finished normally"; exit 1 }
	m = sum / n
	v = (n > 1) ? (sq - n * m * m) / (n - 1) : 0.25
	printf "varchess score without rule-difference games: %.1f%% +- %.1f%% (95%%) over %d games (%d games ended by an illegal move, left out)\n", 100 * m, 196 * sqrt(v / n), n, skipped
}' "$work/result.txt"
