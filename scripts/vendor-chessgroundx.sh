#!/usr/bin/env bash
# Refreshes the vendored board library web/static/vendor/chessgroundx from
# npm, so that building the binary never needs the network:
#
#   scripts/vendor-chessgroundx.sh [VERSION]     # default: the pinned one
#
# It copies the package's compiled ES modules and CSS (embedded in the
# binary), its TypeScript sources (the corresponding source the GPL asks
# for; kept in the repository, not embedded), LICENSE, README and
# package.json, and writes pieces.css: the package's cburnett piece images
# under chessgroundx's role classes (p-piece, n-piece, ...).
set -euo pipefail
SCRIPT=vendor-chessgroundx; . "$(dirname "$0")/lib.sh"

VERSION=${1:-10.7.4}
DEST=$(cd "$(dirname "$0")/.." && pwd)/web/static/vendor/chessgroundx
need_pkg npm npm
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

log "fetching chessgroundx@$VERSION from npm"
(cd "$TMP" && npm pack --silent "chessgroundx@$VERSION" >/dev/null)
tar -xzf "$TMP"/chessgroundx-*.tgz -C "$TMP"
PKG=$TMP/package
got=$(sed -n 's/^  "version": "\(.*\)",$/\1/p' "$PKG/package.json")
[ "$got" = "$VERSION" ] || { log "npm gave version $got, not $VERSION"; exit 1; }
grep -q '"license": "GPL-3.0"' "$PKG/package.json" || { log "the licence changed: check it before vendoring"; exit 1; }

log "copying into $DEST"
rm -rf "$DEST"
mkdir -p "$DEST/src"
cp "$PKG"/*.js "$PKG/LICENSE" "$PKG/README.md" "$PKG/package.json" "$DEST/"
cp "$PKG"/assets/chessground.base.css "$DEST/"
cp "$PKG"/src/*.ts "$DEST/src/"
# The cburnett pieces ship under chessground's old class names, and the
# reserves (pockets) are drawn outside the board's wrapper.
sed -e 's/^\.cg-wrap piece\.\([a-z]*\)\.\([a-z]*\) {/.cg-wrap piece.\1.\2, .pocket piece.\1.\2 {/' -e 's/piece\.pawn\./piece.p-piece./g; s/piece\.knight\./piece.n-piece./g; s/piece\.bishop\./piece.b-piece./g' \
	-e 's/piece\.rook\./piece.r-piece./g; s/piece\.queen\./piece.q-piece./g; s/piece\.king\./piece.k-piece./g' \
	"$PKG/assets/chessground.cburnett.css" >"$DEST/pieces.css"
for role in p n b r q k; do
	for colour in white black; do
		for where in .cg-wrap .pocket; do
			grep -qF "$where piece.$role-piece.$colour" "$DEST/pieces.css" || { log "pieces.css lacks $where $role $colour"; exit 1; }
		done
	done
done
echo "chessgroundx $VERSION (npm), GPL-3.0: see LICENSE; refreshed by scripts/vendor-chessgroundx.sh" >"$DEST/VERSION"
log "done: $(ls "$DEST"/*.js | wc -l) modules, $(du -sh "$DEST" | cut -f1)"
