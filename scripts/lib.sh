# shellcheck shell=bash
# Helpers shared by the scripts in this folder; source it after setting
# SCRIPT (the name used in log lines):
#
#   SCRIPT=perft-deep; . "$(dirname "$0")/lib.sh"

log() { echo "${SCRIPT:-script}: $*" >&2; }

# abs_path PATH prints PATH absolute, a relative one taken from the current
# directory (an empty PATH stays empty). The scripts run from the
# repository root; they call this on the paths their caller gave (-o, -b,
# FAIRY, ...) before changing there, so `-o games.pgn` lands where the
# caller stands and `-b ./varchess` is the caller's binary.
abs_path() {
	case "$1" in
	"" | /*) printf '%s\n' "$1" ;;
	*) printf '%s\n' "$PWD/$1" ;;
	esac
}

# abs_cmd is abs_path for a program: a name without a slash stays a name,
# looked up on PATH as the shell would.
abs_cmd() {
	case "$1" in
	*/*) abs_path "$1" ;;
	*) printf '%s\n' "$1" ;;
	esac
}

# need_go puts Go on PATH. The module needs Go 1.26, which every machine of
# this project has at /usr/local/go; Debian's golang-go (1.19) is too old to
# build it, so there is nothing to install.
need_go() {
	export PATH="/usr/local/go/bin:$PATH"
	if ! command -v go >/dev/null 2>&1; then
		log "Go 1.26 is required (expected at /usr/local/go/bin/go)"
		exit 1
	fi
}

# need_pkg CMD PACKAGE...: installs the Debian packages unless CMD exists
# (a command name or a path).
need_pkg() {
	local cmd=$1
	shift
	if command -v "$cmd" >/dev/null 2>&1 || [ -x "$cmd" ]; then
		return
	fi
	log "installing $* with apt-get"
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

# build_varchess DIR: builds the repository's binary into DIR/varchess, so a
# rebuild of ./varchess elsewhere cannot change an engine in mid-run.
build_varchess() {
	need_go
	log "building $1/varchess"
	(cd "$(dirname "${BASH_SOURCE[0]}")/.." && go build -o "$1/varchess" .)
}

# private_varchess: builds the binary into a new temporary directory WORK
# (removed when the script exits) and sets BIN to it.
private_varchess() {
	WORK=$(mktemp -d)
	trap 'rm -rf "$WORK"' EXIT
	build_varchess "$WORK"
	BIN=$WORK/varchess
}

# need_uci_option BIN NAME: stops unless BIN offers the UCI option NAME.
need_uci_option() {
	if ! printf 'uci\nquit\n' | "$1" | grep -q "^option name $2 "; then
		log "the engine has no UCI option $2: cannot play the match"
		exit 1
	fi
}

# run_match BIN ARGS...: runs `BIN match ARGS...`, prints its final lines,
# and fails unless the match ran to the end and printed its score.
run_match() {
	local bin=$1 out rc=0
	shift
	out=$(mktemp)
	"$bin" match "$@" >"$out" || rc=$?
	cat "$out"
	if [ "$rc" -ne 0 ]; then
		log "the match failed (exit code $rc)"
		rm -f "$out"
		exit 1
	fi
	if ! grep -q '^Score of ' "$out"; then
		log "the match printed no final score"
		rm -f "$out"
		exit 1
	fi
	rm -f "$out"
}

# fairy_kingchess1 FSF DIR: writes DIR/kingchess1.ini, kingchess1 (RULES.md
# section 4) as a variant file the Fairy-Stockfish binary FSF understands,
# and sets FAIRY_INI to its path and FAIRY_KING_FIRST to 1 when FSF plays
# from the empty start with the King dropped first (its perft from the
# start agrees with ours: 32 and 1002), else 0 (Debian's 11.1 has no
# mustDropType: it cannot force the King first, so games must start with
# both Kings on the board, and the file derives from chess, not placement).
#
# Current versions name the drop zones dropRegionWhite/dropRegionBlack and
# know mustDropType; 11.1 knows only whiteDropRegion/blackDropRegion. The
# newer names are tried first; `FSF check FILE` prints "Invalid option"
# for names the binary does not know.
fairy_kingchess1() {
	local fsf=$1 ini=$2/kingchess1.ini names white black out
	for names in dropRegionWhite:dropRegionBlack whiteDropRegion:blackDropRegion; do
		white=${names%:*} black=${names#*:}
		cat >"$ini" <<INI
# kingchess1 for Fairy-Stockfish, written by scripts/lib.sh (fairy_kingchess1):
# drops on the own half, no first-rank pawns, the King dropped first,
# bishops on opposite colours, castling with dropped pieces, captures leave
# the game.
[kingchess1:placement]
startFen = 8/8/8/8/8/8/8/8[KQRRBBNNPPPPPPPPkqrrbbnnpppppppp] w - - 0 1
pieceDrops = true
capturesToHand = false
mustDrop = true
mustDropType = k
$white = *1 *2 *3 *4
$black = *5 *6 *7 *8
firstRankPawnDrops = false
promotionZonePawnDrops = false
dropOppositeColoredBishop = true
castlingDroppedPiece = true
doubleStep = true
dropChecks = true
INI
		out=$("$fsf" check "$ini" 2>&1) || true
		grep -q 'Invalid option' <<<"$out" || break
	done
	if grep -q 'Invalid option' <<<"$out"; then
		log "$fsf rejects the kingchess1 variant file:"
		echo "$out" >&2
		exit 1
	fi
	FAIRY_INI=$ini
	FAIRY_KING_FIRST=0
	local d1 d2
	d1=$(fairy_perft "$fsf" "$ini" startpos 1)
	d2=$(fairy_perft "$fsf" "$ini" startpos 2)
	if [ "$d1" = 32 ] && [ "$d2" = 1002 ]; then
		FAIRY_KING_FIRST=1
	elif [ "$white" = dropRegionWhite ]; then
		log "$fsf counts perft $d1, $d2 from the kingchess1 start (expected 32, 1002)"
		exit 1
	else
		# 11.1: its mustDrop would force some drop, not the King (and the
		# placement parent sets it): from chess, without mustDrop, positions
		# with both Kings on the board play by our rules.
		sed -i -e 's/^\[kingchess1:placement\]/[kingchess1:chess]/' -e '/^mustDrop/d' "$ini"
	fi
}

# fairy_perft FSF INI FEN|startpos DEPTH: Fairy-Stockfish's kingchess1 perft.
fairy_perft() {
	local pos="fen $3"
	[ "$3" = startpos ] && pos=startpos
	printf 'uci\nsetoption name VariantPath value %s\nsetoption name UCI_Variant value kingchess1\nposition %s\ngo perft %s\nquit\n' \
		"$2" "$pos" "$4" | timeout 600 "$1" 2>/dev/null | sed -n 's/^Nodes searched: //p'
}
