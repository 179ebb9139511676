#!/usr/bin/env bash
# Plays varchess against Debian's Stockfish limited to a given Elo
# (UCI_LimitStrength=true, UCI_Elo=E) through our own `match` subcommand and
# prints the final score, Elo difference and error bar.
#
# Usage: scripts/stockfish-match.sh [-e ELO (2000)] [-n GAMES (200)]
#                                    [-t TC (10+0.1)] [-c CONCURRENCY (2)] [-o PGN]
#                                    [-m MS: Stockfish's Move Overhead]
#                                    [-g GRACE: the arbiter's time margin, e.g. 1s]
#                                    [-u ELO: varchess at this UCI_Elo level too]
#                                    [-b BIN: play this varchess build]
#                                    [-p: each move's time, depth and score
#                                     as a PGN comment (-pgncomments), and
#                                     at the end each side's time use by
#                                     phase (match-timeuse)]
#
# On a loaded machine Stockfish can lose on time (the arbiter allows 200 ms
# beyond the clock); -m 50 gives it a larger safety margin. Keep it small:
# Stockfish reserves the overhead for ~50 future moves, so at 10+0.1 a
# value of 300 leaves it about 1 ms a move.
#
# The games start from a set of balanced openings (each played twice with
# colours swapped), built here from move lists so no data file is needed.
set -euo pipefail

usage() { sed -n '2,23p' "$0"; }
elo=2000 games=200 tc=10+0.1 conc=2 pgn="" sfover="" margin=200ms ours="" prebuilt="" comments=""
while getopts "e:n:t:c:o:m:g:u:b:ph" opt; do
	case "$opt" in
	e) elo="$OPTARG" ;;
	n) games="$OPTARG" ;;
	t) tc="$OPTARG" ;;
	c) conc="$OPTARG" ;;
	o) pgn="$OPTARG" ;;
	m) sfover=",option.Move Overhead=$OPTARG" ;;
	g) margin="$OPTARG" ;;
	u) ours="$OPTARG" ;;
	b) prebuilt="$OPTARG" ;;
	p) comments=-pgncomments ;;
	h) usage; exit 0 ;;
	*) usage >&2; exit 2 ;;
	esac
done
SCRIPT=stockfish-match
. "$(dirname "$0")/lib.sh"
pgn=$(abs_path "$pgn") prebuilt=$(abs_cmd "$prebuilt")
cd "$(dirname "$0")/.."
sf=/usr/games/stockfish
need_pkg "$sf" stockfish

# Not removed at the end: the PGN is kept here unless -o names a file.
work="$(mktemp -d)"
if [ -n "$prebuilt" ]; then
	bin="$prebuilt"
else
	build_varchess "$work"
	bin="$work/varchess"
fi
name=varchess level=""
if [ -n "$ours" ]; then
	need_uci_option "$bin" UCI_Elo
	name="varchess$ours" level=",option.UCI_LimitStrength=true,option.UCI_Elo=$ours"
fi
[ -n "$pgn" ] || pgn="$work/games.pgn"

# Openings: common lines of 4 to 8 plies, turned into FENs by the engine.
openings="$work/openings.epd"
while read -r line; do
	[ -n "$line" ] || continue
	fen=$(printf 'uci\nposition startpos moves %s\nd\nquit\n' "$line" | "$bin" | sed -n 's/^Fen: //p')
	if [ -z "$fen" ]; then
		echo "stockfish-match: bad opening line: $line" >&2
		exit 1
	fi
	echo "$fen" >>"$openings"
done <<'LINES'
e2e4 e7e5 g1f3 b8c6 f1b5 a7a6
e2e4 e7e5 g1f3 b8c6 f1c4 f8c5
e2e4 e7e5 g1f3 g8f6 f3e5 d7d6
e2e4 c7c5 g1f3 d7d6 d2d4 c5d4
e2e4 c7c5 g1f3 b8c6 d2d4 c5d4
e2e4 c7c5 b1c3 b8c6 g2g3 g7g6
e2e4 e7e6 d2d4 d7d5 b1c3 g8f6
e2e4 e7e6 d2d4 d7d5 e4e5 c7c5
e2e4 c7c6 d2d4 d7d5 e4e5 c8f5
e2e4 c7c6 d2d4 d7d5 b1c3 d5e4
e2e4 d7d6 d2d4 g8f6 b1c3 g7g6
e2e4 d7d5 e4d5 d8d5 b1c3 d5a5
e2e4 g8f6 e4e5 f6d5 d2d4 d7d6
d2d4 d7d5 c2c4 e7e6 b1c3 g8f6
d2d4 d7d5 c2c4 c7c6 g1f3 g8f6
d2d4 d7d5 c2c4 d5c4 g1f3 g8f6
d2d4 g8f6 c2c4 e7e6 g1f3 b7b6
d2d4 g8f6 c2c4 e7e6 b1c3 f8b4
d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6
d2d4 g8f6 c2c4 g7g6 b1c3 d7d5
d2d4 g8f6 c2c4 c7c5 d4d5 b7b5
d2d4 f7f5 g2g3 g8f6 f1g2 g7g6
d2d4 d7d5 g1f3 g8f6 c1f4 e7e6
c2c4 e7e5 b1c3 g8f6 g1f3 b8c6
c2c4 c7c5 g1f3 g8f6 b1c3 b8c6
c2c4 g8f6 b1c3 e7e6 e2e4 d7d5
g1f3 d7d5 g2g3 g8f6 f1g2 c7c6
g1f3 g8f6 c2c4 b7b6 g2g3 c8b7
e2e4 e7e5 f2f4 e5f4 g1f3 g7g5
e2e4 e7e5 b1c3 g8f6 f2f4 d7d5
b2b3 e7e5 c1b2 b8c6 e2e3 g8f6
e2e4 c7c5 c2c3 g8f6 e4e5 f6d5
LINES
echo "stockfish-match: $(wc -l <"$openings") openings, $games games at $tc, Stockfish UCI_Elo=$elo${ours:+, varchess UCI_Elo=$ours}" >&2

out="$work/match.txt"
"$bin" match -variant chess -margin "$margin" \
	-engine "cmd=$bin,proto=uci,name=$name$level" \
	-engine "cmd=$sf,proto=uci,name=sf$elo,option.UCI_LimitStrength=true,option.UCI_Elo=$elo$sfover" \
	-games "$games" -tc "$tc" -concurrency "$conc" -openings "$openings" -pgn "$pgn" $comments | tee "$out"
echo "stockfish-match: games in $pgn" >&2
if [ -n "$comments" ]; then
	# An older -b build may not have the command; the PGN is there either way.
	if "$bin" match-timeuse -h >/dev/null 2>&1; then
		"$bin" match-timeuse "$pgn"
	else
		echo "stockfish-match: $bin has no match-timeuse; time use not summarised" >&2
	fi
fi
