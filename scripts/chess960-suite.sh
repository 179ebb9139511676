#!/usr/bin/env bash
# Writes perft/testdata/chess960.epd: the 960 Chess960 start arrays and 80
# positions of random Chess960 games with castling rights (chosen by
# TestWriteChess960Positions in variants/chess), counted by Debian's
# Stockfish (`setoption name UCI_Chess960 value true`, `go perft D`), not by
# our generator: the suite is an outside reference. Depths: D1-D4 for every
# position; D5 for every 20th start array and for the game positions whose
# D4 is below 2,000,000; D6 for arrays 0 and 518. About a billion leaves:
# under a minute for Stockfish on a quiet core.
#
# Usage: scripts/chess960-suite.sh [out (default perft/testdata/chess960.epd)]
set -euo pipefail
cd "$(dirname "$0")/.."
SCRIPT=chess960-suite
. scripts/lib.sh
out="${1:-perft/testdata/chess960.epd}"
sf="${STOCKFISH:-/usr/games/stockfish}"
need_pkg "$sf" stockfish
need_go
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
log "choosing the positions"
CHESS960_FENS="$work/fens" go test ./variants/chess -run TestWriteChess960Positions -count=1 >/dev/null

coproc SF { exec "$sf"; }
printf 'uci\nsetoption name Threads value 1\nsetoption name UCI_Chess960 value true\nisready\n' >&"${SF[1]}"
while read -r line <&"${SF[0]}"; do [[ "$line" == readyok* ]] && break; done
version=$(printf 'uci\nquit\n' | "$sf" | sed -n 's/^id name //p' | head -1)

sf_perft() { # fen depth -> count
	local line
	printf 'position fen %s\ngo perft %d\n' "$1" "$2" >&"${SF[1]}"
	while read -r line <&"${SF[0]}"; do
		if [[ "$line" == "Nodes searched"* ]]; then
			echo "${line##*: }"
			return
		fi
	done
	log "Stockfish stopped answering"
	exit 1
}

{
	echo "# Chess960 perft suite. Line format: perft/suite.go."
	echo "# Positions: the 960 start arrays (Scharnagl numbers 0..959, X-FEN castling);"
	echo "# D5 for every 20th, D6 for 0 and 518 (the standard array),"
	echo "# and 80 positions of seeded random Chess960 games that keep castling"
	echo "# rights, half with a castling legal at once (variants/chess/chess960_suite_test.go),"
	echo "# D5 where D4 is below 2,000,000."
	echo "# Counts by $version (UCI_Chess960 true), written by scripts/chess960-suite.sh."
} >"$work/epd"
total=$(wc -l <"$work/fens")
i=0
while IFS= read -r entry; do
	i=$((i + 1))
	fen="${entry%% ;*}"
	why="${entry#* ;}"
	maxd=4
	if [[ "$why" =~ ^start\ ([0-9]+)$ ]]; then
		n=${BASH_REMATCH[1]}
		if (( n == 0 || n == 518 )); then
			maxd=6
		elif (( n % 20 == 0 )); then
			maxd=5
		fi
	fi
	line="$fen ;variant chess960"
	last=0
	for d in $(seq 1 6); do
		if (( d > maxd )) && ! (( d == 5 && maxd == 4 && last < 2000000 )) || [[ "$why" == start* && d -gt maxd ]]; then
			break
		fi
		last=$(sf_perft "$fen" "$d")
		line="$line ;D$d $last"
	done
	echo "# $why" >>"$work/epd"
	echo "$line" >>"$work/epd"
	if (( i % 50 == 0 )); then log "$i/$total positions counted"; fi
done <"$work/fens"
echo quit >&"${SF[1]}" || true
mv "$work/epd" "$out"
log "wrote $out ($total positions)"
