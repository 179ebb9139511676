package web

import "embed"

// assets is the page: index.html, the application scripts and styles, and
// the vendored board library (static/vendor/chessgroundx, GPL-3.0; its
// TypeScript sources and licence are in the repository beside it).
//
//go:embed static/index.html static/*.js static/*.css static/vendor/chessgroundx/*.js static/vendor/chessgroundx/*.css static/vendor/chessgroundx/LICENSE
var assets embed.FS
