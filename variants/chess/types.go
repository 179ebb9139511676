package chess

import (
	"varchess/variants"
	bb "varchess/variants/bitboard"
)

// PieceType is a kind of piece without colour. NoPieceType (0) means none.
type PieceType uint8

const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// pieceLetters maps a PieceType to its lower-case letter.
const pieceLetters = " pnbrqk"

// Letter returns the lower-case letter of t ("" for NoPieceType).
func (t PieceType) Letter() string {
	if t == NoPieceType || t > King {
		return ""
	}
	return pieceLetters[t : t+1]
}

// Piece is a coloured piece: its type in bits 0-2 and its colour in bit 3.
// NoPiece (0) is an empty square.
type Piece uint8

const NoPiece Piece = 0

// MakePiece combines a colour and a type.
func MakePiece(c variants.Color, t PieceType) Piece { return Piece(c)<<3 | Piece(t) }

// Type returns the piece's type (NoPieceType for NoPiece).
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// Color returns the piece's colour; meaningless for NoPiece.
func (p Piece) Color() variants.Color { return variants.Color(p >> 3) }

// String returns the FEN letter: upper case for White, "." for NoPiece.
func (p Piece) String() string {
	if p.Type() == NoPieceType {
		return "."
	}
	b := pieceLetters[p.Type()]
	if p.Color() == variants.White {
		b -= 'a' - 'A'
	}
	return string(b)
}

// Move is the package's compact move: 32 bits holding from, to, promotion,
// a kind and the moving and captured pieces, so that move ordering needs no
// board look-ups. The zero Move is never legal ("no move").
//
//	bits  0-5  from square
//	bits  6-11 to square (the king's destination g1/c1/g8/c8 when castling)
//	bits 12-14 promotion PieceType (0 = none)
//	bits 15-16 kind: 0 normal, 1 castling, 2 en passant, 3 double pawn push
//	bits 17-20 moving Piece
//	bits 21-24 captured Piece (0 = none; the pawn for en passant)
//	bits 25-31 Chess960 castling only: the rook's square, and bit 31 set
type Move uint32

// NoMove is the zero Move.
const NoMove Move = 0

const (
	kindNormal = iota
	kindCastle
	kindEnPassant
	kindDouble
)

func newMove(from, to bb.Square, kind uint32, moving, captured Piece) Move {
	return Move(uint32(from) | uint32(to)<<6 | kind<<15 | uint32(moving)<<17 | uint32(captured)<<21)
}

func newPromotion(from, to bb.Square, promo PieceType, moving, captured Piece) Move {
	return Move(uint32(from) | uint32(to)<<6 | uint32(promo)<<12 | uint32(moving)<<17 | uint32(captured)<<21)
}

// From is the square the piece leaves.
func (m Move) From() bb.Square { return bb.Square(m & 63) }

// To is the destination square (for castling, the king's destination).
func (m Move) To() bb.Square { return bb.Square(m >> 6 & 63) }

// Promotion is the piece type a pawn becomes, or NoPieceType.
func (m Move) Promotion() PieceType { return PieceType(m >> 12 & 7) }

// MovingPiece is the piece that moves (the king when castling).
func (m Move) MovingPiece() Piece { return Piece(m >> 17 & 15) }

// CapturedPiece is the piece taken, or NoPiece.
func (m Move) CapturedPiece() Piece { return Piece(m >> 21 & 15) }

// IsCapture reports whether the move takes a piece (en passant included).
func (m Move) IsCapture() bool { return m>>21&15 != 0 }

// IsCastle reports whether the move is castling.
func (m Move) IsCastle() bool { return m>>15&3 == kindCastle }

// IsEnPassant reports whether the move is an en-passant capture.
func (m Move) IsEnPassant() bool { return m>>15&3 == kindEnPassant }

// IsPromotion reports whether a pawn promotes.
func (m Move) IsPromotion() bool { return m>>12&7 != 0 }

// IsQuiet reports whether the move neither captures nor promotes.
func (m Move) IsQuiet() bool { return m&(15<<21|7<<12) == 0 }

func (m Move) kind() uint32 { return uint32(m>>15) & 3 }

// String returns the UCI long-algebraic form (e1g1, e7e8q); "0000" for
// NoMove. Chess960 castling is written king takes own rook (e1h1, b1a1).
func (m Move) String() string {
	if m == NoMove {
		return "0000"
	}
	if m.is960() {
		return m.From().String() + m.castleRook().String()
	}
	s := m.From().String() + m.To().String()
	if p := m.Promotion(); p != NoPieceType {
		s += p.Letter()
	}
	return s
}

// ToVariant wraps m as a variants.Move (the internal move is in Lo).
func (m Move) ToVariant() variants.Move { return variants.Move{Lo: uint64(m)} }

// FromVariant unwraps a variants.Move made by this package.
func FromVariant(v variants.Move) Move { return Move(uint32(v.Lo)) }

// MaxMoves bounds the number of legal moves in any chess position (the known
// maximum is 218), so fixed arrays of this size never overflow.
const MaxMoves = 256

// MoveList is a fixed-size move buffer; keep it on the stack.
type MoveList struct {
	Moves [MaxMoves]Move
	N     int
}

func (l *MoveList) add(m Move) {
	l.Moves[l.N] = m
	l.N++
}

// Slice returns the moves held.
func (l *MoveList) Slice() []Move { return l.Moves[:l.N] }
