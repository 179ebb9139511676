// Package monochrome implements Looney's Monochrome Chess (docs/rules.md
// section 2): colourless pieces on an 8x8 board, owned by whoever's half
// they stand on. South (variants.White, ranks 1-4) moves first; North
// (variants.Black) owns ranks 5-8. Captures land only on the other half,
// so every capture hands the capturing piece to the opponent; a piece that
// crosses the centre line may not go straight back on the very next ply;
// captures score K 10, Q 8, R 5, B 4, N 3, P 1 and the score decides the
// game. docs/monochrome.md explains how the gaps of the rules were read.
//
// Files:
//
//	piece.go     colourless piece types, letters, capture values
//	position.go  the Position type, ownership by half, read accessors
//	zobrist.go   hash keys (board, side, undo restriction; scores mixed in)
//	fen.go       FEN reading (monochrome and chess forms) and writing
//	move.go      the compact Move type, coordinate notation, ParseMove
//	movegen.go   ply generation and the bulk count used by perft
//	makemove.go  Make/Unmake with an internal undo stack; Moves
//	status.go    game end (M10) and its reason, repetition
//	perft.go     Perft and Divide
//	game.go      the Game registered in variants/all
//
// # Accessors for search and evaluation
//
// *Position implements variants.Position and also offers, read-only:
//
//	PieceAt(s) Piece            piece type on a square (NoPiece if empty)
//	Pieces(pc) Bitboard         squares of one piece type, both halves
//	Occupied() Bitboard         all occupied squares
//	Owned(c) Bitboard           occupied squares of c's half (what c may move)
//	Owner(s) Color              (function) who owns a piece on s
//	Score(c) int                points c has scored
//	Undo() (from, to, ok)       the forbidden reply (M8), if any
//	Clock() int, Ply() int      plies since the last capture / since parsing
//	Piece.Value() int           the capture value of a type
//
// A variants.Move of this game decodes with DecodeMove(m) into Move, which
// tells From(), To(), Piece() (the mover), Captured() (NoPiece if quiet),
// IsCapture() and IsCastle(); Move.Encode() wraps it back.
//
// Moves, Perft and ParseMove follow the perft conventions: a position where
// a half is empty (M10 a) or the mover has no ply (M10 b) has no moves; the
// 100-ply and repetition endings (M10 c, d) are reported by Status only.
package monochrome
