package russian

import (
	"math/bits"

	"varchess/variants"
	bb "varchess/variants/bitboard"
)

// Bulk counting for the perft leaves: the moves are counted, never listed.
// Most stacks are a single checker that neither holds nor shields the own
// King. Such a unit has one move per target square (k = 1 is the whole
// stack, nothing is uncovered), and it is legal exactly when it answers a
// check (if any), so its moves are a popcount; the single pawns are counted
// all at once with shifts. Taller and pinned stacks go through countStack,
// the King's stack through stackMoves.

// countByType returns the number of legal non-pass moves (face K) grouped
// by the unit's top type; callers know no King is captured.
func (p *Position) countByType() (counts [7]uint64) {
	var n nodeInfo
	n.fill(p)
	us := n.us
	own := p.colorBB[us]
	single := own &^ p.tall &^ n.pinned &^ n.ks.Bit() &^ p.typeBB[King]
	// Where a single unit may land: on the board, not on the own King (R5b),
	// and answering a check if there is one.
	land := boardMask &^ n.ks.Bit() & n.evasions

	counts[Pawn] = p.countSinglePawns(single&p.typeBB[Pawn], land, &n)
	for b := single & p.typeBB[Knight]; b != 0; {
		counts[Knight] += popcount(bb.KnightAttacks[b.PopFirst()] & land)
	}
	for b := single & p.typeBB[Bishop]; b != 0; {
		counts[Bishop] += popcount(bb.BishopAttacks(b.PopFirst(), p.occ) & land)
	}
	for b := single & p.typeBB[Rook]; b != 0; {
		counts[Rook] += popcount(bb.RookAttacks(b.PopFirst(), p.occ) & land)
	}
	for b := single & p.typeBB[Queen]; b != 0; {
		counts[Queen] += popcount(bb.QueenAttacks(b.PopFirst(), p.occ) & land)
	}
	for b := own &^ single &^ n.ks.Bit(); b != 0; {
		p.countStack(b.PopFirst(), &n, &counts)
	}
	if own.Has(n.ks) {
		p.stackMoves(n.ks, &n, nil, nil, &counts)
	}
	return counts
}

// countStack adds the legal moves of the own stack on from, which does not
// hold the own King, to counts[top type]. Every unit of the stack has the
// same targets. A unit that neither empties a shielding square (pinned)
// nor uncovers an enemy prisoner only has to answer a check, so all those
// units share one count; the others are tested destination by destination.
func (p *Position) countStack(from bb.Square, n *nodeInfo, counts *[7]uint64) {
	st := &p.stacks[from]
	h := int(st.h)
	t := st.c[h-1].Type()
	to := p.targets(t, n.us, from) & n.evasions
	var promoSquares bb.Bitboard
	if t == Pawn {
		promoSquares = lastRank[n.us]
	}
	safe := uint64(0) // the units that need no test
	var tested uint64
	for k := 1; k <= h; k++ {
		var risky bool
		if k == h {
			risky = n.pinned.Has(from)
		} else {
			risky = st.c[h-k-1].Color() == n.them
		}
		if !risky {
			safe++
			continue
		}
		for rest := to; rest != 0; {
			dst := rest.PopFirst()
			if dst == n.enemyKing && p.colorBB[n.them].Has(dst) || !p.exposes(from, dst, k, false) {
				tested += movesOnto(dst.Bit(), promoSquares, n.nPromo)
			}
		}
	}
	counts[t] += safe*movesOnto(to, promoSquares, n.nPromo) + tested
}

// movesOnto counts the moves of one unit onto dests. On promoSquares (the
// last rank, for a pawn unit) each promotion choice is a move, and without
// choices the pawn may not go there (R6).
func movesOnto(dests, promoSquares bb.Bitboard, nPromo int) uint64 {
	return popcount(dests&^promoSquares) + uint64(nPromo)*popcount(dests&promoSquares)
}

// countSinglePawns counts the moves of the single pawns on pawns (R6): a
// step forward onto an empty or own-topped square, a diagonal step forward
// onto an enemy-topped one.
func (p *Position) countSinglePawns(pawns, land bb.Bitboard, n *nodeInfo) uint64 {
	enemy := p.colorBB[n.them]
	var ahead bb.Bitboard
	if n.us == variants.White {
		ahead = pawns.North()
	} else {
		ahead = pawns.South()
	}
	push := ahead &^ enemy & land
	// Each diagonal is counted apart: two pawns may capture onto one square.
	west := ahead.West() & enemy & land
	east := ahead.East() & enemy & land
	last := lastRank[n.us]
	return movesOnto(push, last, n.nPromo) + movesOnto(west, last, n.nPromo) + movesOnto(east, last, n.nPromo)
}

func popcount(b bb.Bitboard) uint64 { return uint64(bits.OnesCount64(uint64(b))) }
