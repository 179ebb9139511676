package kingchess

import (
	"math/bits"

	"varchess/variants"
	bb "varchess/variants/bitboard"
)

// Move encoding (variants.Move is two words):
//
//	ordinary move: Hi = kindMove<<60;
//	               Lo = from | to<<6 | promo<<12 | flags<<16
//	               (promo: 0 none, else the PieceType Queen..Knight).
//	drop action:   Hi = kindDrop<<60 | the dropped types, 3 bits each, in
//	               ascending square order (first square in the low bits);
//	               Lo = bitboard of the target squares.
//
// A single drop is a drop action with one square. Neither kind is zero, so
// the zero Move is never a ply.
const (
	kindShift        = 60
	kindMove  uint64 = 1
	kindDrop  uint64 = 2
)

const (
	flagDouble uint64 = 1 << iota
	flagEP
	flagCastle
)

func newMove(from, to bb.Square, promo PieceType, flags uint64) variants.Move {
	return variants.Move{
		Lo: uint64(from) | uint64(to)<<6 | uint64(promo)<<12 | flags<<16,
		Hi: kindMove << kindShift,
	}
}

func isDrop(m variants.Move) bool { return m.Hi>>kindShift == kindDrop }
func isOrdinary(m variants.Move) bool {
	return m.Hi>>kindShift == kindMove
}

func moveFrom(m variants.Move) bb.Square  { return bb.Square(m.Lo & 63) }
func moveTo(m variants.Move) bb.Square    { return bb.Square(m.Lo >> 6 & 63) }
func movePromo(m variants.Move) PieceType { return PieceType(m.Lo >> 12 & 7) }
func moveFlags(m variants.Move) uint64    { return m.Lo >> 16 & 7 }

// Placement is one piece of a drop action.
type Placement struct {
	Type PieceType
	Sq   bb.Square
}

// dropMove builds a drop action from a target set and the type standing on
// each target (types indexed by square).
func dropMove(targets bb.Bitboard, types *[64]PieceType) variants.Move {
	hi := kindDrop << kindShift
	shift := uint(0)
	for b := targets; b != 0; {
		s := b.PopFirst()
		hi |= uint64(types[s]) << shift
		shift += 3
	}
	return variants.Move{Lo: uint64(targets), Hi: hi}
}

// singleDrop is the drop action placing one piece.
func singleDrop(t PieceType, s bb.Square) variants.Move {
	return variants.Move{Lo: uint64(s.Bit()), Hi: kindDrop<<kindShift | uint64(t)}
}

// dropSize is the number of pieces a drop action places.
func dropSize(m variants.Move) int { return bits.OnesCount64(m.Lo) }

// DropPlacements decodes a drop action (nil for an ordinary move), in
// ascending square order.
func DropPlacements(m variants.Move) []Placement {
	if !isDrop(m) {
		return nil
	}
	var out []Placement
	hi := m.Hi
	for b := bb.Bitboard(m.Lo); b != 0; {
		s := b.PopFirst()
		out = append(out, Placement{Type: PieceType(hi & 7), Sq: s})
		hi >>= 3
	}
	return out
}

// IsDrop reports whether m is a drop action (of one or several pieces).
func IsDrop(m variants.Move) bool { return isDrop(m) }

// DropTargets returns the squares a drop action fills (0 for a move).
func DropTargets(m variants.Move) bb.Bitboard {
	if !isDrop(m) {
		return 0
	}
	return bb.Bitboard(m.Lo)
}
