package engine

import (
	"varchess/variants"
	bb "varchess/variants/bitboard"
	"varchess/variants/chess"
)

// SEEAtLeast implements Exchanger: the swap algorithm. Both sides capture on
// the target square with their least valuable attacker, x-ray attackers
// joining as pieces leave; either side may stop when continuing loses.
func (e *chessEvaluator) SEEAtLeast(vm variants.Move, threshold int) bool {
	p := e.p
	m := chess.FromVariant(vm)
	if m.IsCastle() {
		return threshold <= 0
	}
	from, to := m.From(), m.To()
	gain := seeValue[m.CapturedPiece().Type()]
	next := m.MovingPiece().Type()
	if pr := m.Promotion(); pr != chess.NoPieceType {
		gain += seeValue[pr] - seeValue[chess.Pawn]
		next = pr
	}
	// balance: what the side that made the move has won so far, assuming the
	// piece now on `to` is lost.
	balance := gain - threshold
	if balance < 0 {
		return false
	}
	balance -= seeValue[next]
	if balance >= 0 {
		return true
	}
	occ := p.Occupied() &^ from.Bit()
	if m.IsEnPassant() {
		if p.SideToMove() == variants.White {
			occ &^= (to - 8).Bit()
		} else {
			occ &^= (to + 8).Bit()
		}
	}
	occ |= to.Bit()
	attackers := p.AttackersTo(to, occ) & occ
	diag := p.Pieces(variants.White, chess.Bishop) | p.Pieces(variants.Black, chess.Bishop) |
		p.Pieces(variants.White, chess.Queen) | p.Pieces(variants.Black, chess.Queen)
	straight := p.Pieces(variants.White, chess.Rook) | p.Pieces(variants.Black, chess.Rook) |
		p.Pieces(variants.White, chess.Queen) | p.Pieces(variants.Black, chess.Queen)
	side := p.SideToMove().Other()
	for {
		mine := attackers & p.Occupancy(side) & occ
		if mine == 0 {
			break
		}
		// least valuable attacker
		var t chess.PieceType
		var from bb.Bitboard
		for t = chess.Pawn; t <= chess.King; t++ {
			if b := mine & p.Pieces(side, t); b != 0 {
				from = b & -b
				break
			}
		}
		side = side.Other()
		// Negamax step: the capturing side now risks its attacker.
		balance = -balance - 1 - seeValue[t]
		if balance >= 0 {
			// A king may capture only if the square is no longer defended.
			if t == chess.King && attackers&p.Occupancy(side)&occ&^from != 0 {
				side = side.Other()
			}
			break
		}
		occ &^= from
		if t == chess.Pawn || t == chess.Bishop || t == chess.Queen {
			attackers |= bb.BishopAttacks(to, occ) & diag
		}
		if t == chess.Rook || t == chess.Queen {
			attackers |= bb.RookAttacks(to, occ) & straight
		}
		attackers &= occ
	}
	// The side to move at the end lost the exchange.
	return side != p.SideToMove()
}
