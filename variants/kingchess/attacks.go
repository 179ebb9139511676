package kingchess

import (
	"varchess/variants"
	bb "varchess/variants/bitboard"
)

// attackersTo returns the pieces of side by that attack s when the board
// holds occ. Pieces not in occ are ignored, so callers can take a piece off
// by clearing its square in occ.
func (p *Position) attackersTo(s bb.Square, occ bb.Bitboard, by variants.Color) bb.Bitboard {
	pc := &p.pieces[by]
	a := bb.KnightAttacks[s]&pc[Knight] |
		bb.KingAttacks[s]&pc[King] |
		bb.PawnAttacks[by^1][s]&pc[Pawn] |
		bb.RookAttacks(s, occ)&(pc[Rook]|pc[Queen]) |
		bb.BishopAttacks(s, occ)&(pc[Bishop]|pc[Queen])
	return a & occ
}

// sliderAttackersTo returns only the rooks, bishops and queens of side by
// that attack s (the attacks a drop can block).
func (p *Position) sliderAttackersTo(s bb.Square, occ bb.Bitboard, by variants.Color) bb.Bitboard {
	pc := &p.pieces[by]
	return bb.RookAttacks(s, occ)&(pc[Rook]|pc[Queen]) |
		bb.BishopAttacks(s, occ)&(pc[Bishop]|pc[Queen])
}

// leaperAttackersTo returns the knights, pawns and king of side by that
// attack s (no drop can block them).
func (p *Position) leaperAttackersTo(s bb.Square, by variants.Color) bb.Bitboard {
	pc := &p.pieces[by]
	return bb.KnightAttacks[s]&pc[Knight] | bb.KingAttacks[s]&pc[King] | bb.PawnAttacks[by^1][s]&pc[Pawn]
}

// checkers returns the enemy pieces giving check to the side to move (none
// while its King is in hand).
func (p *Position) checkers() bb.Bitboard {
	k := p.pieces[p.side][King]
	if k == 0 {
		return 0
	}
	return p.attackersTo(k.First(), p.all(), p.side^1)
}

// InCheck implements variants.Position.
func (p *Position) InCheck() bool { return p.checkers() != 0 }

// inCheckSide reports whether side c's king (if on the board) is attacked.
func (p *Position) inCheckSide(c variants.Color) bool {
	k := p.pieces[c][King]
	if k == 0 {
		return false
	}
	return p.attackersTo(k.First(), p.all(), c^1) != 0
}

// pinned returns side c's pieces pinned to its king.
func (p *Position) pinned(c variants.Color, ksq bb.Square) bb.Bitboard {
	them := &p.pieces[c^1]
	snipers := bb.RookAttacks(ksq, 0)&(them[Rook]|them[Queen]) |
		bb.BishopAttacks(ksq, 0)&(them[Bishop]|them[Queen])
	occ := p.all()
	var pinned bb.Bitboard
	for snipers != 0 {
		s := snipers.PopFirst()
		between := bb.Between[ksq][s] & occ
		if between.Count() == 1 && between&p.occ[c] != 0 {
			pinned |= between
		}
	}
	return pinned
}
