#!/usr/bin/env bash
# stall-check.sh — does the engine ever stall? Builds varchess (or takes
# -b BIN) and scripts/stallcheck, then drives two engine processes through
# pipes with short fixed-node searches, game after game, never sending stop,
# and reports every search slower than a second with the lines the engine
# printed and when each arrived (docs/strength.md, "A rare hang": before the
# fix about one search in 100,000 stopped for 60 s).
#
# Usage: scripts/stall-check.sh [-b BIN] [-d DURATION] [-o DIR] [stallcheck flags]
#   -b BIN       the engine to check (default: a build of this tree)
#   -d DURATION  how long to run (default 10m; Go duration syntax)
#   -o DIR       where the engines' stderr goes (default: a temporary folder)
# Any other flag goes to the driver (`go run ./scripts/stallcheck -h` lists
# them: -quit 20s sends SIGQUIT for a goroutine dump after 20 s of silence).
# Exits 1 if a search was slow or an engine died.
set -euo pipefail
SCRIPT=stall-check
. "$(dirname "$0")/lib.sh"
bin="" dur=10m out=""
while [ $# -gt 0 ]; do
	case "$1" in
	-b) bin=$(abs_cmd "$2"); shift 2 ;;
	-d) dur=$2; shift 2 ;;
	-o) out=$(abs_path "$2"); shift 2 ;;
	-h | --help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	*) break ;;
	esac
done
cd "$(dirname "$0")/.."
need_go
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -z "$bin" ]; then
	build_varchess "$work"
	bin="$work/varchess"
fi
[ -n "$out" ] || out="$work"
mkdir -p "$out"
go build -o "$work/stallcheck" ./scripts/stallcheck
log "driving $bin for $dur (a progress line a minute)"
"$work/stallcheck" -bin "$bin" -d "$dur" -dir "$out" "$@"
