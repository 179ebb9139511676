package engine

import (
	"varchess/variants"
	bb "varchess/variants/bitboard"
	"varchess/variants/chess"
)

// GivesCheck implements CheckGiver: whether the legal move m checks the
// enemy king, directly (the moved or promoted piece from its target) or by
// discovery (a slider behind the square it left). Castling and en passant
// are rare enough to be made and unmade.
func (e *chessEvaluator) GivesCheck(vm variants.Move) bool {
	p := e.p
	m := chess.FromVariant(vm)
	if m.IsCastle() || m.IsEnPassant() {
		p.MakeMove(m)
		check := p.InCheck()
		p.UnmakeMove()
		return check
	}
	us := p.SideToMove()
	ksq := p.KingSquare(us.Other())
	from, to := m.From(), m.To()
	occ := p.Occupied()&^from.Bit() | to.Bit()
	t := m.MovingPiece().Type()
	if pr := m.Promotion(); pr != chess.NoPieceType {
		t = pr
	}
	var direct bb.Bitboard
	switch t {
	case chess.Pawn:
		direct = bb.PawnAttacks[us][to]
	case chess.Knight:
		direct = bb.KnightAttacks[to]
	case chess.Bishop:
		direct = bb.BishopAttacks(to, occ)
	case chess.Rook:
		direct = bb.RookAttacks(to, occ)
	case chess.Queen:
		direct = bb.QueenAttacks(to, occ)
	}
	if direct.Has(ksq) {
		return true
	}
	queens := p.Pieces(us, chess.Queen)
	straight := (p.Pieces(us, chess.Rook) | queens) &^ from.Bit()
	diagonal := (p.Pieces(us, chess.Bishop) | queens) &^ from.Bit()
	return bb.RookAttacks(ksq, occ)&straight != 0 || bb.BishopAttacks(ksq, occ)&diagonal != 0
}
