package chess

import (
	"varchess/variants"
	bb "varchess/variants/bitboard"
)

// AttackersTo returns the pieces of both colours that attack s when the
// board's occupancy is occ (pass Occupied() for the current board; a
// different occ lets static exchange evaluation remove pieces).
func (p *Position) AttackersTo(s bb.Square, occ bb.Bitboard) bb.Bitboard {
	w, b := &p.pieces[variants.White], &p.pieces[variants.Black]
	return bb.PawnAttacks[variants.Black][s]&w[Pawn] |
		bb.PawnAttacks[variants.White][s]&b[Pawn] |
		bb.KnightAttacks[s]&(w[Knight]|b[Knight]) |
		bb.KingAttacks[s]&(w[King]|b[King]) |
		bb.RookAttacks(s, occ)&(w[Rook]|b[Rook]|w[Queen]|b[Queen]) |
		bb.BishopAttacks(s, occ)&(w[Bishop]|b[Bishop]|w[Queen]|b[Queen])
}

// IsAttacked reports whether side by attacks s on the current board.
func (p *Position) IsAttacked(s bb.Square, by variants.Color) bool {
	t := &p.pieces[by]
	return bb.PawnAttacks[by^1][s]&t[Pawn] != 0 ||
		bb.KnightAttacks[s]&t[Knight] != 0 ||
		bb.KingAttacks[s]&t[King] != 0 ||
		bb.RookAttacks(s, p.occ)&(t[Rook]|t[Queen]) != 0 ||
		bb.BishopAttacks(s, p.occ)&(t[Bishop]|t[Queen]) != 0
}

// attackedWith reports whether side by attacks s when the occupancy is occ.
func (p *Position) attackedWith(s bb.Square, by variants.Color, occ bb.Bitboard) bool {
	t := &p.pieces[by]
	return bb.KnightAttacks[s]&t[Knight] != 0 ||
		bb.PawnAttacks[by^1][s]&t[Pawn] != 0 ||
		bb.KingAttacks[s]&t[King] != 0 ||
		bb.BishopAttacks(s, occ)&(t[Bishop]|t[Queen]) != 0 ||
		bb.RookAttacks(s, occ)&(t[Rook]|t[Queen]) != 0
}

// InCheck reports whether the side to move's king is attacked.
func (p *Position) InCheck() bool {
	return p.IsAttacked(p.KingSquare(p.side), p.side^1)
}

// Checkers returns the enemy pieces giving check to the side to move.
func (p *Position) Checkers() bb.Bitboard {
	return p.AttackersTo(p.KingSquare(p.side), p.occ) & p.pieces[p.side^1][0]
}

// pawnAttackSet returns every square the pawns of colour c attack.
func pawnAttackSet(c variants.Color, pawns bb.Bitboard) bb.Bitboard {
	if c == variants.White {
		return (pawns&^bb.FileA)<<7 | (pawns&^bb.FileH)<<9
	}
	return (pawns&^bb.FileA)>>9 | (pawns&^bb.FileH)>>7
}

// AttackMap returns every square side c attacks on the current board (for
// evaluation: mobility, king safety, hanging pieces).
func (p *Position) AttackMap(c variants.Color) bb.Bitboard {
	t := &p.pieces[c]
	occ := p.occ
	att := pawnAttackSet(c, t[Pawn]) | bb.KingAttacks[t[King].First()]
	for n := t[Knight]; n != 0; n &= n - 1 {
		att |= bb.KnightAttacks[n.First()]
	}
	for s := t[Bishop] | t[Queen]; s != 0; s &= s - 1 {
		att |= bb.BishopAttacks(s.First(), occ)
	}
	for s := t[Rook] | t[Queen]; s != 0; s &= s - 1 {
		att |= bb.RookAttacks(s.First(), occ)
	}
	return att
}
