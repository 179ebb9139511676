package chess

import (
	"fmt"
	"strings"

	"varchess/variants"
	bb "varchess/variants/bitboard"
)

// Castling rights, one bit each.
const (
	castleWK uint8 = 1 << iota // White king side (e1g1)
	castleWQ                   // White queen side (e1c1)
	castleBK                   // Black king side (e8g8)
	castleBQ                   // Black queen side (e8c8)
)

// Position is a chess position with the history needed to unmake moves and
// to detect repetitions. The zero value is not usable: get one from Parse or
// Game. A Position is not safe for concurrent use; Clone it.
type Position struct {
	board  [64]Piece
	pieces [2][7]bb.Bitboard // [colour][type]; index 0 is the colour's occupancy
	occ    bb.Bitboard
	side   variants.Color
	castle uint8     // castle* bits
	ep     bb.Square // en-passant target, set only when a pawn could take there
	rule50 int       // plies since the last capture or pawn move
	// pliesFromNull counts plies since the last null move (or the start), so
	// repetition checks in search do not look across a null move.
	pliesFromNull int
	fullmove      int
	hash          uint64
	history       []undo
	rules         *castleRules // &standardRules, or the Chess960 game's
}

// undo is what Make pushes and Unmake pops: the state a move cannot restore
// by itself.
type undo struct {
	move          Move // NoMove for a null move
	castle        uint8
	ep            bb.Square
	rule50        int32
	pliesFromNull int32
	hash          uint64 // hash before the move
}

// Board-geometry constants used across files.
const (
	sqA1 bb.Square = 0
	sqC1 bb.Square = 2
	sqD1 bb.Square = 3
	sqE1 bb.Square = 4
	sqF1 bb.Square = 5
	sqG1 bb.Square = 6
	sqH1 bb.Square = 7
	sqA8 bb.Square = 56
	sqC8 bb.Square = 58
	sqD8 bb.Square = 59
	sqE8 bb.Square = 60
	sqF8 bb.Square = 61
	sqG8 bb.Square = 62
	sqH8 bb.Square = 63
)

// PieceAt returns the piece on s (NoPiece if empty).
func (p *Position) PieceAt(s bb.Square) Piece { return p.board[s] }

// Pieces returns the squares of c's pieces of type t.
func (p *Position) Pieces(c variants.Color, t PieceType) bb.Bitboard { return p.pieces[c][t] }

// Occupancy returns the squares of all of c's pieces.
func (p *Position) Occupancy(c variants.Color) bb.Bitboard { return p.pieces[c][0] }

// Occupied returns every occupied square.
func (p *Position) Occupied() bb.Bitboard { return p.occ }

// KingSquare returns c's king square.
func (p *Position) KingSquare(c variants.Color) bb.Square { return p.pieces[c][King].First() }

// SideToMove returns the colour to move.
func (p *Position) SideToMove() variants.Color { return p.side }

// Hash is the Zobrist key of pieces, side to move, castling rights and the
// en-passant file (only when a capture there is possible).
func (p *Position) Hash() uint64 { return p.hash }

// HalfmoveClock is the number of plies since the last capture or pawn move.
func (p *Position) HalfmoveClock() int { return p.rule50 }

// FullmoveNumber is the FEN move number.
func (p *Position) FullmoveNumber() int { return p.fullmove }

// EnPassant returns the en-passant target square or bb.NoSquare.
func (p *Position) EnPassant() bb.Square { return p.ep }

// Ply returns the number of moves (and null moves) made since Parse.
func (p *Position) Ply() int { return len(p.history) }

// LastMove returns the last move made, or NoMove (also after a null move).
func (p *Position) LastMove() Move {
	if len(p.history) == 0 {
		return NoMove
	}
	return p.history[len(p.history)-1].move
}

// Variant returns "chess", or "chess960" for a Chess960 position.
func (p *Position) Variant() string {
	if p.rules.frc {
		return "chess960"
	}
	return "chess"
}

// ClonePosition returns an independent deep copy, history included.
func (p *Position) ClonePosition() *Position {
	q := *p
	q.history = make([]undo, len(p.history), max(cap(p.history), 256))
	copy(q.history, p.history)
	return &q
}

// Clone implements variants.Position.
func (p *Position) Clone() variants.Position { return p.ClonePosition() }

func (p *Position) put(pc Piece, s bb.Square) {
	p.board[s] = pc
	bit := s.Bit()
	p.pieces[pc.Color()][pc.Type()] |= bit
	p.pieces[pc.Color()][0] |= bit
	p.occ |= bit
	p.hash ^= zobristPiece[pc][s]
}

// String draws the board, rank 8 first, followed by the FEN and the key.
func (p *Position) String() string {
	var sb strings.Builder
	for r := 7; r >= 0; r-- {
		sb.WriteString(" +---+---+---+---+---+---+---+---+\n")
		for f := 0; f < 8; f++ {
			pc := p.board[bb.Sq(f, r)]
			c := " "
			if pc != NoPiece {
				c = pc.String()
			}
			sb.WriteString(" | " + c)
		}
		fmt.Fprintf(&sb, " | %d\n", r+1)
	}
	sb.WriteString(" +---+---+---+---+---+---+---+---+\n")
	sb.WriteString("   a   b   c   d   e   f   g   h\n\n")
	fmt.Fprintf(&sb, "Fen: %s\nKey: %016X\n", p.FEN(), p.hash)
	return sb.String()
}
