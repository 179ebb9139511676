package kingchess

import (
	"varchess/variants"
	bb "varchess/variants/bitboard"
)

// PieceType is a kind of piece, in the notation order of docs/rules.md:
// K Q R B N P. The order matters: drop actions are written in it.
type PieceType uint8

const (
	King PieceType = iota
	Queen
	Rook
	Bishop
	Knight
	Pawn
	NoType PieceType = 7
)

// NumTypes is the number of piece types.
const NumTypes = 6

const typeLetters = "KQRBNP"

// Letter returns the upper-case letter of t.
func (t PieceType) Letter() byte {
	if t < NumTypes {
		return typeLetters[t]
	}
	return '?'
}

// typeOfLetter reads a piece letter in either case.
func typeOfLetter(c byte) (PieceType, bool) {
	if c >= 'a' && c <= 'z' {
		c -= 'a' - 'A'
	}
	for i := 0; i < NumTypes; i++ {
		if typeLetters[i] == c {
			return PieceType(i), true
		}
	}
	return NoType, false
}

// initialReserve is each side's hand at the start: K Q R R B B N N P*8.
var initialReserve = [NumTypes]uint8{1, 1, 2, 2, 2, 8}

// piece is a coloured piece on the board: 0 = empty, else
// 1 + type + 8*colour. The zero value being "empty" keeps the board array
// trivially clearable.
type piece uint8

const noPiece piece = 0

func makePiece(c variants.Color, t PieceType) piece { return piece(1 + uint8(t) + 8*uint8(c)) }
func (p piece) typ() PieceType                      { return PieceType((p - 1) & 7) }
func (p piece) color() variants.Color               { return variants.Color((p - 1) >> 3) }

func (p piece) letter() byte {
	l := p.typ().Letter()
	if p.color() == variants.Black {
		l += 'a' - 'A'
	}
	return l
}

// BishopColour records the colour of the square of a side's first dropped
// bishop (rule K3).
type BishopColour uint8

const (
	NoBishop BishopColour = iota
	LightBishop
	DarkBishop
)

func colourOf(s bb.Square) BishopColour {
	if s.IsLight() {
		return LightBishop
	}
	return DarkBishop
}

// squaresOf returns the squares of the given colour.
func (bc BishopColour) squares() bb.Bitboard {
	switch bc {
	case LightBishop:
		return bb.Light
	case DarkBishop:
		return bb.Dark
	}
	return 0
}

func (bc BishopColour) char() byte { return "-ld"[bc] }

// Castling bits. E = the King stands on e1/e8 untouched since its drop;
// H/A = additionally a Rook stands untouched on h1/a1 (h8/a8) since its drop.
// Invariant: H and A are only ever set together with E, so the FEN letters
// K = E|H, Q = E|A and E = E alone describe the state exactly.
const (
	castleE uint8 = 1 << iota
	castleH
	castleA
)

// castleShift is the bit offset of a side's three castling bits.
func castleShift(c variants.Color) uint { return 3 * uint(c) }

// halfOf is the drop zone of a side (rule K1).
func halfOf(c variants.Color) bb.Bitboard {
	if c == variants.White {
		return bb.South
	}
	return bb.North
}

// firstRank is a side's first rank, where pawns may not be dropped (K2).
func firstRank(c variants.Color) bb.Bitboard {
	if c == variants.White {
		return bb.Rank1
	}
	return bb.Rank8
}

// relSq mirrors a White square for Black (e1 -> e8).
func relSq(c variants.Color, s bb.Square) bb.Square {
	if c == variants.White {
		return s
	}
	return s ^ 56
}
