package bitboard

import "math/bits"

// Magic bitboards: the relevant blockers of a slider on a square, multiplied
// by a magic number and shifted, index a table of precomputed attacks. The
// magics are searched at start-up with a fixed seed (a few milliseconds), so
// no opaque constants live in the source.

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
	rng := uint64(0x9E3779B97F4A7C15)
	next := func() uint64 { // xorshift64*
		rng ^= rng >> 12
		rng ^= rng << 25
		rng ^= rng >> 27
		return rng * 0x2545F4914F6CDD1D
	}
	for s := Square(0); s < 64; s++ {
		findMagic(&rookMagics[s], s, rookDirs, next)
		findMagic(&bishopMagics[s], s, bishopDirs, next)
	}
}

func findMagic(m *magic, s Square, dirs [4][2]int, next func() uint64) {
	m.mask = relevantMask(s, dirs)
	n := m.mask.Count()
	m.shift = uint8(64 - n)
	size := 1 << n
	occs := make([]Bitboard, size)
	refs := make([]Bitboard, size)
	// Enumerate every subset of the mask (Carry-Rippler).
	var sub Bitboard
	for i := 0; i < size; i++ {
		occs[i] = sub
		refs[i] = slide(s, sub, dirs)
		sub = (sub - m.mask) & m.mask
	}
	m.attacks = make([]Bitboard, size)
	used := make([]int, size) // attempt number that last wrote each slot
	for attempt := 1; ; attempt++ {
		cand := next() & next() & next() // sparse numbers make better magics
		if bits.OnesCount64((uint64(m.mask)*cand)&0xFF00000000000000) < 6 {
			continue
		}
		ok := true
		for i := 0; i < size && ok; i++ {
			idx := (uint64(occs[i]) * cand) >> m.shift
			if used[idx] != attempt {
				used[idx] = attempt
				m.attacks[idx] = refs[i]
			} else if m.attacks[idx] != refs[i] {
				ok = false
			}
		}
		if ok {
			m.number = cand
			return
		}
	}
}
