# shellcheck shell=bash
# Helpers shared by the scripts in this folder; source it after setting
# SCRIPT (the name used in log lines):
#
#   SCRIPT=perft-deep; . "$(dirname "$0")/lib.sh"

log() { echo "${SCRIPT:-script}: $*" >&2; }

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
