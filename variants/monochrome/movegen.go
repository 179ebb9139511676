package monochrome

import (
	"math/bits"

	"varchess/variants"
	bb "varchess/variants/bitboard"
)

// Move generation. Every ply is legal as generated: there is no check, so
// "pseudo-legal" and "legal" coincide. The only rules beyond piece geometry
// are ownership (M1: move what stands on your half), captures only onto the
// other half (M2), castling (M6) and the no-immediate-undo ban (M8).

// pawnSteps[s] holds the one-square straight steps of a pawn on s (toward
// rank 8 and toward rank 1); pawnDiagonals[s] its four diagonal neighbours.
var pawnSteps, pawnDiagonals [64]bb.Bitboard

func init() {
	for s := bb.Square(0); s < 64; s++ {
		pawnSteps[s] = s.Bit().North() | s.Bit().South()
		pawnDiagonals[s] = bb.PawnAttacks[0][s] | bb.PawnAttacks[1][s]
	}
}

// targets returns the destinations of the piece pc on s, own being the
// occupied squares of the mover's half (never a destination: an empty square
// or an occupied square of the other half is). Castling and the undo ban are
// handled by the callers.
func (p *Position) targets(s bb.Square, pc Piece, own bb.Bitboard) bb.Bitboard {
	switch pc {
	case Pawn:
		empty := ^p.occ
		t := pawnSteps[s] & empty
		// Double step from rank 2 or 7; the other direction would leave the
		// board, so 2->4 and 7->5 are all there is (M5).
		if r := s.Rank(); r == 1 && t.Has(s+8) && empty.Has(s+16) {
			t |= (s + 16).Bit()
		} else if r == 6 && t.Has(s-8) && empty.Has(s-16) {
			t |= (s - 16).Bit()
		}
		return t | pawnDiagonals[s]&p.occ&^own
	case Knight:
		return bb.KnightAttacks[s] &^ own
	case Bishop:
		return bb.BishopAttacks(s, p.occ) &^ own
	case Rook:
		return bb.RookAttacks(s, p.occ) &^ own
	case Queen:
		return bb.QueenAttacks(s, p.occ) &^ own
	case King:
		return bb.KingAttacks[s] &^ own
	}
	return 0
}

// castleSquares gives, for the side to move, the king's square e1/e8 and the
// two corners a1,h1 / a8,h8.
func castleSquares(southToMove bool) (e, a, h bb.Square) {
	if southToMove {
		return 4, 0, 7
	}
	return 60, 56, 63
}

// castles returns the castling plies available (M6): the mover's king on its
// e-square, a rook in the corner and nothing in between. Castling stays on
// the mover's back rank, so ownership is automatic.
func (p *Position) castles() (short, long bool) {
	e, a, h := castleSquares(p.side == variants.White)
	if p.board[e] != King {
		return false, false
	}
	short = p.board[h] == Rook && bb.Between[e][h]&p.occ == 0
	long = p.board[a] == Rook && bb.Between[e][a]&p.occ == 0
	return short, long
}

// generate appends the legal plies to buf. An ended position (M10 a) has
// none.
func (p *Position) generate(buf []Move) []Move {
	if p.ended() {
		return buf
	}
	own := p.occ & home(p.side)
	for from := own; from != 0; {
		s := from.PopFirst()
		pc := p.board[s]
		t := p.targets(s, pc, own)
		if s == p.undoFrom {
			t &^= p.undoTo.Bit()
		}
		for t != 0 {
			to := t.PopFirst()
			buf = append(buf, newMove(s, to, pc, p.board[to]))
		}
	}
	short, long := p.castles()
	if short || long {
		e, _, _ := castleSquares(p.side == variants.White)
		if short {
			buf = append(buf, newMove(e, e+2, King, NoPiece)|castleFlag)
		}
		if long {
			buf = append(buf, newMove(e, e-2, King, NoPiece)|castleFlag)
		}
	}
	return buf
}

func popcount(b bb.Bitboard) int { return bits.OnesCount64(uint64(b)) }

// countMoves returns len(generate()) without listing the plies: perft's
// bulk count at the last ply. Pawns are counted a set at a time.
func (p *Position) countMoves() uint64 {
	if p.ended() {
		return 0
	}
	occ := p.occ
	own := occ & home(p.side)
	n := 0
	for b := p.pieces[Knight] & own; b != 0; {
		n += popcount(bb.KnightAttacks[b.PopFirst()] &^ own)
	}
	for b := (p.pieces[Bishop] | p.pieces[Queen]) & own; b != 0; {
		n += popcount(bb.BishopAttacks(b.PopFirst(), occ) &^ own)
	}
	for b := (p.pieces[Rook] | p.pieces[Queen]) & own; b != 0; {
		n += popcount(bb.RookAttacks(b.PopFirst(), occ) &^ own)
	}
	for b := p.pieces[King] & own; b != 0; {
		n += popcount(bb.KingAttacks[b.PopFirst()] &^ own)
	}
	if pawns := p.pieces[Pawn] & own; pawns != 0 {
		empty := ^occ
		up, down := pawns.North()&empty, pawns.South()&empty
		n += popcount(up) + popcount(down)
		n += popcount((up&bb.Rank3).North()&empty) + popcount((down&bb.Rank6).South()&empty)
		opp := occ &^ own
		n += popcount(pawns.North().East()&opp) + popcount(pawns.North().West()&opp) +
			popcount(pawns.South().East()&opp) + popcount(pawns.South().West()&opp)
	}
	short, long := p.castles()
	if short {
		n++
	}
	if long {
		n++
	}
	if s := p.undoFrom; s != bb.NoSquare && own.Has(s) && p.targets(s, p.board[s], own).Has(p.undoTo) {
		n-- // the forbidden return was counted above
	}
	return uint64(n)
}
