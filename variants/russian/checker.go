package russian

import "varchess/variants"

// Type is a checker's piece type. The numbering follows the die's hierarchy
// (P < N < B < R < Q < K), so "face F allows top type T" is simply T <= F.
type Type uint8

const (
	NoType Type = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// typeLetters maps a Type to its upper-case letter.
const typeLetters = ".PNBRQK"

// Letter returns the upper-case letter of t ('.' for NoType).
func (t Type) Letter() byte {
	if t > King {
		return '?'
	}
	return typeLetters[t]
}

// typeOfLetter reads an upper- or lower-case piece letter.
func typeOfLetter(b byte) (Type, bool) {
	if b >= 'a' && b <= 'z' {
		b -= 'a' - 'A'
	}
	for t := Pawn; t <= King; t++ {
		if typeLetters[t] == b {
			return t, true
		}
	}
	return NoType, false
}

// FaceType converts a die face letter ("KQRBNP", either case) to its Type.
func FaceType(face byte) (Type, bool) { return typeOfLetter(face) }

// Checker is one disc of a stack: its type in the low three bits and its
// colour in bit 3. The zero Checker means "none".
type Checker uint8

// NewChecker makes a checker of colour c and type t.
func NewChecker(c variants.Color, t Type) Checker { return Checker(t) | Checker(c)<<3 }

func (c Checker) Type() Type            { return Type(c & 7) }
func (c Checker) Color() variants.Color { return variants.Color(c >> 3 & 1) }

// Letter is the FEN letter: upper case White, lower case Black.
func (c Checker) Letter() byte {
	l := c.Type().Letter()
	if c.Color() == variants.Black {
		l += 'a' - 'A'
	}
	return l
}

// zIndex numbers the twelve checkers 0..11 for the Zobrist tables.
func (c Checker) zIndex() int { return int(c.Color())*6 + int(c.Type()) - 1 }

// promotionTypes are the types a pawn may become, in the order moves are
// generated.
var promotionTypes = [4]Type{Queen, Rook, Bishop, Knight}
