#!/usr/bin/env bash
# python-chess-check.sh — drives the engine through python-chess (the
# Python library most scripts and many GUIs use): UCI options, analysis with
# MultiPV 3, configure with Threads/UCI_LimitStrength/UCI_Elo and play, then
# analysis and play over XBoard. Prints PASS/FAIL per check; exits non-zero
# when one fails or python-chess cannot be found.
#
# Usage: scripts/python-chess-check.sh [-b BIN]
#   -b BIN  check this varchess binary (default: build the working tree)
# python-chess comes from PYTHONPATH if importable there, else it is
# installed with `pip install --user chess` (needs PyPI).
set -euo pipefail

SCRIPT=python-chess-check
. "$(dirname "$0")/lib.sh"

BIN=""
while getopts "b:h" opt; do
	case "$opt" in
	b) BIN="$OPTARG" ;;
	*) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; [ "$opt" = h ] && exit 0; exit 2 ;;
	esac
done
need_pkg python3 python3
if [ -z "$BIN" ]; then
	private_varchess
fi
if ! python3 -c 'import chess.engine' 2>/dev/null; then
	log "python-chess not importable; installing it with pip"
	if ! python3 -m pip install --user --quiet chess; then
		log "cannot install python-chess (no PyPI?): put a copy on PYTHONPATH and run again"
		exit 1
	fi
fi
log "checking $BIN"
timeout 300 python3 "$(dirname "$0")/python-chess-check.py" "$BIN"
