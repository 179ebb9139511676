package monochrome

import (
	"fmt"
	"strings"

	"varchess/variants"
	bb "varchess/variants/bitboard"
)

// Move is the package's compact ply: from and to squares, the moving piece,
// the captured piece (NoPiece if none) and a castling flag. It is never zero
// for a real ply because the moving piece is never NoPiece.
//
//	bits  0-5  from square
//	bits  6-11 to square
//	bits 12-14 moving piece
//	bits 15-17 captured piece
//	bit  18    castling (the rook moves too)
type Move uint32

const castleFlag Move = 1 << 18

func newMove(from, to bb.Square, pc, captured Piece) Move {
	return Move(from) | Move(to)<<6 | Move(pc)<<12 | Move(captured)<<15
}

// From is the square the piece leaves.
func (m Move) From() bb.Square { return bb.Square(m & 63) }

// To is the square the piece lands on.
func (m Move) To() bb.Square { return bb.Square(m >> 6 & 63) }

// Piece is the type of the moving piece (the king for castling).
func (m Move) Piece() Piece { return Piece(m >> 12 & 7) }

// Captured is the type of the captured piece, NoPiece for a quiet move.
func (m Move) Captured() Piece { return Piece(m >> 15 & 7) }

// IsCapture reports whether m takes a piece.
func (m Move) IsCapture() bool { return m.Captured() != NoPiece }

// IsCastle reports whether m is castling (e1g1, e1c1, e8g8 or e8c8).
func (m Move) IsCastle() bool { return m&castleFlag != 0 }

// String writes m in coordinate form, e.g. "e2e4".
func (m Move) String() string { return m.From().String() + m.To().String() }

// Encode wraps m as a variants.Move.
func (m Move) Encode() variants.Move { return variants.Move{Lo: uint64(m)} }

// DecodeMove unwraps a variants.Move made by this package.
func DecodeMove(m variants.Move) Move { return Move(m.Lo) }

// MoveString writes a ply in coordinate form.
func (p *Position) MoveString(m variants.Move) string {
	if m.IsNone() {
		return "0000"
	}
	return DecodeMove(m).String()
}

// ParseMove reads a ply in coordinate form ("e2e4", castling "e1g1") and
// returns it if it is legal in p.
func (p *Position) ParseMove(s string) (variants.Move, error) {
	m, err := p.parseMove(s)
	if err != nil {
		return variants.NoMove, err
	}
	return m.Encode(), nil
}

func (p *Position) parseMove(s string) (Move, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if len(t) != 4 {
		return 0, fmt.Errorf("move %q: want coordinate form like e2e4", s)
	}
	from, ok1 := bb.ParseSquare(t[:2])
	to, ok2 := bb.ParseSquare(t[2:])
	if !ok1 || !ok2 {
		return 0, fmt.Errorf("move %q: bad square", s)
	}
	var buf [maxMoves]Move
	for _, m := range p.generate(buf[:0]) {
		if m.From() == from && m.To() == to {
			return m, nil
		}
	}
	return 0, fmt.Errorf("move %q is not legal here: %s", s, p.whyIllegal(from, to))
}

// whyIllegal explains a rejected move in a few words.
func (p *Position) whyIllegal(from, to bb.Square) string {
	switch {
	case p.ended():
		return "the game is over (a player has no pieces on its half)"
	case p.board[from] == NoPiece:
		return "no piece on " + from.String()
	case !home(p.side).Has(from):
		return fmt.Sprintf("the piece on %s belongs to the opponent (it stands on the other half)", from)
	case from == p.undoFrom && to == p.undoTo:
		return "no immediate undo: the opponent just moved this piece across from " + to.String()
	case p.board[to] != NoPiece && home(p.side).Has(to):
		return "captures are only allowed on the opponent's half"
	}
	return fmt.Sprintf("a %s cannot go from %s to %s", pieceNames[p.board[from]], from, to)
}

var pieceNames = [7]string{"nothing", "pawn", "knight", "bishop", "rook", "queen", "king"}
