// Package bitboard holds the 8x8 board geometry shared by the 8x8 games:
// squares, bitboards and precomputed attack tables (leapers and magic
// sliding attacks). Everything here is read-only after package init.
package bitboard

import (
	"math/bits"
	"strings"
)

// Square is 0..63: a1=0, b1=1, ..., h1=7, a2=8, ..., h8=63.
type Square int8

// NoSquare marks "no square" (e.g. no en-passant target).
const NoSquare Square = -1

// Sq makes a square from file (0=a) and rank (0=rank 1).
func Sq(file, rank int) Square { return Square(rank*8 + file) }

func (s Square) File() int { return int(s) & 7 }
func (s Square) Rank() int { return int(s) >> 3 }

// Bit returns the bitboard with only s set.
func (s Square) Bit() Bitboard { return 1 << uint(s) }

// IsLight reports whether s is a light square (a1 is dark).
func (s Square) IsLight() bool { return (s.File()+s.Rank())%2 == 1 }

func (s Square) String() string {
	if s < 0 || s > 63 {
		return "-"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// ParseSquare reads "e4"; ok is false for anything else.
func ParseSquare(s string) (Square, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare, false
	}
	return Sq(int(s[0]-'a'), int(s[1]-'1')), true
}

// Bitboard is a set of squares, bit i standing for Square(i).
type Bitboard uint64

const (
	FileA Bitboard = 0x0101010101010101
	FileH Bitboard = FileA << 7
	Rank1 Bitboard = 0xFF
	Rank2 Bitboard = Rank1 << 8
	Rank3 Bitboard = Rank1 << 16
	Rank4 Bitboard = Rank1 << 24
	Rank5 Bitboard = Rank1 << 32
	Rank6 Bitboard = Rank1 << 40
	Rank7 Bitboard = Rank1 << 48
	Rank8 Bitboard = Rank1 << 56
	// Light is the set of light squares (h1 is light).
	Light Bitboard = 0x55AA55AA55AA55AA
	Dark  Bitboard = ^Light
	// South and North are the halves of the board (ranks 1-4 and 5-8).
	South Bitboard = Rank1 | Rank2 | Rank3 | Rank4
	North Bitboard = ^South
)

func (b Bitboard) Has(s Square) bool { return b&s.Bit() != 0 }
func (b Bitboard) Count() int        { return bits.OnesCount64(uint64(b)) }
func (b Bitboard) Empty() bool       { return b == 0 }

// First returns the lowest square of a non-empty set.
func (b Bitboard) First() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// PopFirst removes and returns the lowest square of a non-empty set.
func (b *Bitboard) PopFirst() Square {
	s := Square(bits.TrailingZeros64(uint64(*b)))
	*b &= *b - 1
	return s
}

// String draws the set as an 8x8 grid, rank 8 first.
func (b Bitboard) String() string {
	var sb strings.Builder
	for r := 7; r >= 0; r-- {
		for f := 0; f < 8; f++ {
			if b.Has(Sq(f, r)) {
				sb.WriteByte('x')
			} else {
				sb.WriteByte('.')
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// Shifts by one square; bits leaving the board are dropped.
func (b Bitboard) North() Bitboard { return b << 8 }
func (b Bitboard) South() Bitboard { return b >> 8 }
func (b Bitboard) East() Bitboard  { return (b &^ FileH) << 1 }
func (b Bitboard) West() Bitboard  { return (b &^ FileA) >> 1 }
