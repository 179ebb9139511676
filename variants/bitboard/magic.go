package bitboard

import "fmt"

// Magic bitboards: the relevant blockers of a slider on a square, multiplied
// by a magic number and shifted, index a table of precomputed attacks. The
// numbers live in magic_numbers.go; the tables are filled at start-up.

type magic struct {
	mask    Bitboard
	number  uint64
	shift   uint8
	attacks []Bitboard
}

var rookMagics, bishopMagics [64]magic

// RookAttacks returns the squares a rook on s attacks given occupancy occ.
func RookAttacks(s Square, occ Bitboard) Bitboard {
	m := &rookMagics[s]
	return m.attacks[(uint64(occ&m.mask)*m.number)>>m.shift]
}

// BishopAttacks returns the squares a bishop on s attacks given occ.
func BishopAttacks(s Square, occ Bitboard) Bitboard {
	m := &bishopMagics[s]
	return m.attacks[(uint64(occ&m.mask)*m.number)>>m.shift]
}

// QueenAttacks is the union of rook and bishop attacks.
func QueenAttacks(s Square, occ Bitboard) Bitboard {
	return RookAttacks(s, occ) | BishopAttacks(s, occ)
}

// SlowRookAttacks and SlowBishopAttacks walk the rays; tests use them as
// the obviously-correct reference.
func SlowRookAttacks(s Square, occ Bitboard) Bitboard   { return slide(s, occ, rookDirs) }
func SlowBishopAttacks(s Square, occ Bitboard) Bitboard { return slide(s, occ, bishopDirs) }

// relevantMask is the set of squares whose occupancy changes s's attacks:
// the rays without their last square.
func relevantMask(s Square, dirs [4][2]int) Bitboard {
	var mask Bitboard
	for _, d := range dirs {
		f, r := s.File()+d[0], s.Rank()+d[1]
		for onBoard(f+d[0], r+d[1]) {
			mask |= Sq(f, r).Bit()
			f, r = f+d[0], r+d[1]
		}
	}
	return mask
}

func initMagics() {
	for s := Square(0); s < 64; s++ {
		fillMagic(&rookMagics[s], s, rookDirs, rookMagicNumbers[s])
		fillMagic(&bishopMagics[s], s, bishopDirs, bishopMagicNumbers[s])
	}
}

// subsets lists every subset of mask (Carry-Rippler enumeration).
func subsets(mask Bitboard) []Bitboard {
	out := make([]Bitboard, 0, 1<<mask.Count())
	var sub Bitboard
	for {
		out = append(out, sub)
		sub = (sub - mask) & mask
		if sub == 0 {
			return out
		}
	}
}

// fillMagic builds the attack table of one square from its magic number.
// Two occupancies may share a slot only if their attacks are equal; a number
// that breaks this is a programming error, reported at start-up.
func fillMagic(m *magic, s Square, dirs [4][2]int, number uint64) {
	m.mask = relevantMask(s, dirs)
	m.number = number
	m.shift = uint8(64 - m.mask.Count())
	m.attacks = make([]Bitboard, 1<<m.mask.Count())
	filled := make([]bool, len(m.attacks))
	for _, occ := range subsets(m.mask) {
		idx := (uint64(occ) * number) >> m.shift
		att := slide(s, occ, dirs)
		if filled[idx] && m.attacks[idx] != att {
			panic(fmt.Sprintf("bitboard: magic number %#x of square %v collides", number, s))
		}
		filled[idx], m.attacks[idx] = true, att
	}
}
