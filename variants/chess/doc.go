// Package chess is standard (FIDE) chess: a bitboard position, FEN, Zobrist
// hashing, a legal move generator, make/unmake, UCI move notation, game-end
// detection and perft. It implements variants.Position and also exports a
// concrete, allocation-free API for the search.
//
// Files: types.go (Piece, PieceType, Move, MoveList), position.go (the
// Position and its accessors), fen.go, zobrist.go, attacks.go, movegen.go
// (legal generation and bulk counting), makemove.go, status.go (mate,
// draws, repetition), perft.go, game.go (variants adapter, UCI parsing).
//
// # API for the engine
//
// Squares and bitboards are variants/bitboard's (a1=0 ... h8=63); colours
// are variants.White/Black.
//
//	p, err := chess.Parse(fen)          // *Position; chess.NewStart(); chess.Game for the registry
//	p.ClonePosition()                   // *Position deep copy (Clone() gives variants.Position)
//
// Board queries (all O(1)):
//
//	p.SideToMove() variants.Color
//	p.PieceAt(sq) Piece                 // Piece.Type() PieceType, Piece.Color(); NoPiece if empty
//	p.Pieces(color, pieceType) Bitboard // e.g. p.Pieces(variants.White, chess.Knight)
//	p.Occupancy(color), p.Occupied() Bitboard
//	p.KingSquare(color) Square
//	p.EnPassant() Square                // bb.NoSquare if none
//	p.Hash() uint64                     // Zobrist: pieces, side, castling, ep file
//	p.HalfmoveClock(), p.FullmoveNumber(), p.Ply() int
//	p.InCheck() bool, p.Checkers() Bitboard
//	p.AttackersTo(sq, occ) Bitboard     // both colours; pass another occ for SEE
//	p.IsAttacked(sq, byColor) bool
//	p.AttackMap(color) Bitboard         // every square color attacks
//
// Moves. Move is a uint32 carrying from, to, promotion, kind, the moving
// piece and the captured piece (so MVV-LVA needs no board look-up):
//
//	var list chess.MoveList             // fixed [256]Move array; keep it on the stack
//	n := p.GenerateMoves(&list)         // all legal moves: list.Moves[:n]
//	n = p.GenerateCaptures(&list)       // legal captures + en passant + all promotions (quiescence);
//	                                    // in check only the evasions among them: use GenerateMoves in check
//	p.CountMoves() int                  // number of legal moves, without listing (perft bulk count)
//	m.From(), m.To() Square             // castling: the king's squares (e1g1)
//	m.Promotion() PieceType             // NoPieceType if none
//	m.MovingPiece(), m.CapturedPiece() Piece
//	m.IsCapture(), m.IsPromotion(), m.IsQuiet(), m.IsCastle(), m.IsEnPassant() bool
//	m.String()                          // UCI: e2e4, e7e8q; "0000" for NoMove
//	p.ParseUCI("e2e4") (Move, error)    // legal moves only; e1h1 also means e1g1
//	p.IsLegal(m) bool                   // validate a transposition-table move
//	m.ToVariant() variants.Move; chess.FromVariant(v) Move   // internal move in Move.Lo
//
// Making moves (no allocation once the history slice has grown):
//
//	p.MakeMove(m); p.UnmakeMove()
//	p.MakeNull(); p.UnmakeNull()        // not in check
//	p.LastMove() Move                   // NoMove after a null move or at the root
//
// Game end and draws:
//
//	p.IsRepetition() bool               // 2-fold since the last capture/pawn move/null move (search)
//	p.RepetitionCount() int             // occurrences incl. the current one (threefold = 3)
//	p.IsInsufficientMaterial() bool     // K v K, K+minor v K
//	p.HasLegalMove() bool
//	p.Status() variants.Status          // mate, stalemate, insufficient material, 50 moves, threefold
//
// Perft: p.PerftCount(depth) uint64 (bulk counting at the last ply, zero
// allocations), and Perft/Divide of variants.Position.
//
// # Conventions
//
// FEN input accepts KQkq or X-FEN/Shredder letters (HAha) for the standard
// corners; castling rights whose king or rook is missing are dropped. The en
// passant square is kept (and written back, and hashed) only when an enemy
// pawn stands ready to capture, as Stockfish does; so FEN() may print "-"
// where the input had a square. Threefold repetition and the 50-move rule
// are automatic draws in Status. See docs/chess.md.
package chess
