package kingchess

import (
	"strings"

	"varchess/variants"
	bb "varchess/variants/bitboard"
)

// Position is a kingchess (or kingchess1) game state with its history.
type Position struct {
	single bool // kingchess1: every drop action places exactly one piece

	board  [64]piece
	pieces [2][NumTypes]bb.Bitboard
	occ    [2]bb.Bitboard
	hand   [2][NumTypes]uint8

	side     variants.Color
	castle   uint8 // castleE|H|A bits, White's in bits 0-2, Black's in 3-5
	ep       bb.Square
	clock    int // plies since the last capture, pawn move or drop
	fullmove int
	bishops  [2]BishopColour
	hash     uint64

	history []undo
}

// undo holds what Make cannot recompute when taking a ply back.
type undo struct {
	move     variants.Move
	captured piece
	castle   uint8
	ep       bb.Square
	clock    int
	bishops  [2]BishopColour
	hash     uint64
}

// Variant implements variants.Position.
func (p *Position) Variant() string {
	if p.single {
		return "kingchess1"
	}
	return "kingchess"
}

// SideToMove implements variants.Position.
func (p *Position) SideToMove() variants.Color { return p.side }

// Hash implements variants.Position.
func (p *Position) Hash() uint64 { return p.hash }

// Clone implements variants.Position.
func (p *Position) Clone() variants.Position { return p.clone() }

func (p *Position) clone() *Position {
	q := *p
	q.history = append([]undo(nil), p.history...)
	return &q
}

func (p *Position) all() bb.Bitboard { return p.occ[0] | p.occ[1] }

// Reserve returns side c's hand, counted per piece type.
func (p *Position) Reserve(c variants.Color) [NumTypes]int {
	var r [NumTypes]int
	for t := range r {
		r[t] = int(p.hand[c][t])
	}
	return r
}

// ReserveEmpty reports whether side c has nothing left to drop.
func (p *Position) ReserveEmpty(c variants.Color) bool { return p.hand[c] == [NumTypes]uint8{} }

// Pieces returns the squares of side c's pieces of type t.
func (p *Position) Pieces(c variants.Color, t PieceType) bb.Bitboard { return p.pieces[c][t] }

// Occupied returns the squares of side c's pieces.
func (p *Position) Occupied(c variants.Color) bb.Bitboard { return p.occ[c] }

// PieceAt returns the piece on s: ok is false for an empty square.
func (p *Position) PieceAt(s bb.Square) (c variants.Color, t PieceType, ok bool) {
	pc := p.board[s]
	if pc == noPiece {
		return 0, NoType, false
	}
	return pc.color(), pc.typ(), true
}

// KingSquare returns side c's king square; ok is false while the King is
// still in the reserve.
func (p *Position) KingSquare(c variants.Color) (bb.Square, bool) {
	k := p.pieces[c][King]
	if k == 0 {
		return bb.NoSquare, false
	}
	return k.First(), true
}

// KingInHand reports whether side c's King is still in its reserve.
func (p *Position) KingInHand(c variants.Color) bool { return p.hand[c][King] > 0 }

// BishopColour returns the colour of the square of side c's first dropped
// bishop (NoBishop if none was dropped yet). While it is set, every further
// bishop of c must be dropped on the other colour.
func (p *Position) BishopColour(c variants.Color) BishopColour { return p.bishops[c] }

// BishopDropSquares returns the squares where side c may drop a single
// bishop as far as rule K3 is concerned.
func (p *Position) BishopDropSquares(c variants.Color) bb.Bitboard {
	switch p.bishops[c] {
	case LightBishop:
		return bb.Dark
	case DarkBishop:
		return bb.Light
	}
	return ^bb.Bitboard(0)
}

// Castling reports side c's castling state: king = the King stands on e1
// (e8) untouched since its drop; short/long = additionally the h/a rook
// stands untouched on its corner since its drop.
func (p *Position) Castling(c variants.Color) (king, short, long bool) {
	b := p.castle >> castleShift(c) & 7
	return b&castleE != 0, b&castleH != 0, b&castleA != 0
}

// EPSquare returns the en-passant target square or bb.NoSquare.
func (p *Position) EPSquare() bb.Square { return p.ep }

// HalfmoveClock is the number of plies since the last capture, pawn move or
// drop.
func (p *Position) HalfmoveClock() int { return p.clock }

// DropZone returns the empty squares where the side to move may drop.
func (p *Position) DropZone() bb.Bitboard { return halfOf(p.side) &^ p.all() }

// String draws the board and both reserves.
func (p *Position) String() string {
	var sb strings.Builder
	for r := 7; r >= 0; r-- {
		sb.WriteString(" +---+---+---+---+---+---+---+---+\n")
		for f := 0; f < 8; f++ {
			c := byte(' ')
			if pc := p.board[bb.Sq(f, r)]; pc != noPiece {
				c = pc.letter()
			}
			sb.WriteString(" | ")
			sb.WriteByte(c)
		}
		sb.WriteString(" | ")
		sb.WriteByte(byte('1' + r))
		sb.WriteByte('\n')
	}
	sb.WriteString(" +---+---+---+---+---+---+---+---+\n")
	sb.WriteString("   a   b   c   d   e   f   g   h\n\n")
	sb.WriteString("Reserve: [" + p.reserveString() + "]\n")
	sb.WriteString("Fen: " + p.FEN() + "\n")
	return sb.String()
}

// put and remove keep board, bitboards and hash in step.
func (p *Position) put(c variants.Color, t PieceType, s bb.Square) {
	p.board[s] = makePiece(c, t)
	p.pieces[c][t] |= s.Bit()
	p.occ[c] |= s.Bit()
	p.hash ^= zobristPiece[c][t][s]
}

func (p *Position) remove(s bb.Square) {
	pc := p.board[s]
	c, t := pc.color(), pc.typ()
	p.board[s] = noPiece
	p.pieces[c][t] &^= s.Bit()
	p.occ[c] &^= s.Bit()
	p.hash ^= zobristPiece[c][t][s]
}

func (p *Position) setHand(c variants.Color, t PieceType, n uint8) {
	p.hash ^= zobristHand[c][t][p.hand[c][t]] ^ zobristHand[c][t][n]
	p.hand[c][t] = n
}
