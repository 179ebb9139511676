package kingchess

import (
	"varchess/variants"
	bb "varchess/variants/bitboard"
)

// Moves implements variants.Position: the legal ordinary moves and the
// legal single-piece drops. In kingchess1 this is every legal ply; in
// kingchess drop actions of two or more pieces are left out (see
// ForEachDropAction, DropActionCount and CheckEvasionDrops).
func (p *Position) Moves(buf []variants.Move) []variants.Move {
	buf = p.genOrdinary(buf)
	return p.genSingleDrops(buf)
}

// OrdinaryMoves appends the legal ordinary moves (no drops): what an
// engine's quiescence search looks through for captures and promotions.
func (p *Position) OrdinaryMoves(buf []variants.Move) []variants.Move { return p.genOrdinary(buf) }

// genOrdinary appends the legal ordinary (non-drop) moves.
func (p *Position) genOrdinary(buf []variants.Move) []variants.Move {
	us, them := p.side, p.side^1
	kings := p.pieces[us][King]
	if kings == 0 {
		return buf // K10: while the King is in hand only drops are allowed
	}
	ksq := kings.First()
	occ := p.all()
	own := p.occ[us]
	checkers := p.attackersTo(ksq, occ, them)

	// King steps.
	for t := bb.KingAttacks[ksq] &^ own; t != 0; {
		to := t.PopFirst()
		if p.attackersTo(to, occ&^ksq.Bit(), them)&^to.Bit() == 0 {
			buf = append(buf, newMove(ksq, to, 0, 0))
		}
	}
	if checkers.Count() > 1 {
		return buf
	}
	target := ^own
	if checkers != 0 {
		c := checkers.First()
		target = checkers | bb.Between[ksq][c]
	} else {
		buf = p.genCastling(buf, ksq)
	}
	pinned := p.pinned(us, ksq)

	for t := Queen; t <= Knight; t++ {
		for from := p.pieces[us][t]; from != 0; {
			s := from.PopFirst()
			var att bb.Bitboard
			switch t {
			case Queen:
				att = bb.QueenAttacks(s, occ)
			case Rook:
				att = bb.RookAttacks(s, occ)
			case Bishop:
				att = bb.BishopAttacks(s, occ)
			case Knight:
				att = bb.KnightAttacks[s]
			}
			att &= target
			if pinned.Has(s) {
				att &= bb.Line[ksq][s]
			}
			for att != 0 {
				buf = append(buf, newMove(s, att.PopFirst(), 0, 0))
			}
		}
	}
	return p.genPawnMoves(buf, ksq, target, pinned)
}

// genPawnMoves appends the pawn moves landing on target (the check mask).
// Unpinned pawns are moved as whole sets; pinned ones one by one along
// their pin line; en passant is tested on the resulting board instead.
func (p *Position) genPawnMoves(buf []variants.Move, ksq bb.Square, target, pinned bb.Bitboard) []variants.Move {
	us, them := p.side, p.side^1
	occ := p.all()
	empty := ^occ
	enemy := p.occ[them]
	pawns := p.pieces[us][Pawn]
	lastRank := bb.Rank8
	if us == variants.Black {
		lastRank = bb.Rank1
	}
	emit := func(to bb.Bitboard, delta bb.Square, flags uint64) {
		for to != 0 {
			t := to.PopFirst()
			from := t - delta
			if lastRank.Has(t) {
				for pr := Queen; pr <= Knight; pr++ {
					buf = append(buf, newMove(from, t, pr, flags))
				}
				continue
			}
			buf = append(buf, newMove(from, t, 0, flags))
		}
	}
	// fwd, capture directions and the double-step rank depend on the side.
	shift := func(b bb.Bitboard, d int) bb.Bitboard {
		if d > 0 {
			return b << uint(d)
		}
		return b >> uint(-d)
	}
	fwd, capW, capE, thirdRank := 8, 7, 9, bb.Rank3
	if us == variants.Black {
		fwd, capW, capE, thirdRank = -8, -9, -7, bb.Rank6
	}
	for _, set := range [2]bb.Bitboard{pawns &^ pinned, pawns & pinned} {
		if set == 0 {
			continue
		}
		if set&pinned != 0 {
			// Pinned pawns: few, handled one by one with their pin line.
			for ps := set; ps != 0; {
				from := ps.PopFirst()
				allowed := target & bb.Line[ksq][from]
				one := shift(from.Bit(), fwd) & empty
				emit(one&allowed, bb.Square(fwd), 0)
				emit(shift(one&thirdRank, fwd)&empty&allowed, bb.Square(2*fwd), flagDouble)
				emit(shift(from.Bit()&^bb.FileA, capW)&enemy&allowed, bb.Square(capW), 0)
				emit(shift(from.Bit()&^bb.FileH, capE)&enemy&allowed, bb.Square(capE), 0)
			}
			continue
		}
		one := shift(set, fwd) & empty
		emit(one&target, bb.Square(fwd), 0)
		emit(shift(one&thirdRank, fwd)&empty&target, bb.Square(2*fwd), flagDouble)
		emit(shift(set&^bb.FileA, capW)&enemy&target, bb.Square(capW), 0)
		emit(shift(set&^bb.FileH, capE)&enemy&target, bb.Square(capE), 0)
	}
	if p.ep != bb.NoSquare {
		victim := p.ep - bb.Square(fwd)
		for ps := bb.PawnAttacks[them][p.ep] & pawns; ps != 0; {
			from := ps.PopFirst()
			after := occ&^from.Bit()&^victim.Bit() | p.ep.Bit()
			if p.attackersTo(ksq, after, them) == 0 {
				buf = append(buf, newMove(from, p.ep, 0, flagEP))
			}
		}
	}
	return buf
}

// genCastling appends the legal castlings (the king is not in check).
func (p *Position) genCastling(buf []variants.Move, ksq bb.Square) []variants.Move {
	us := p.side
	bits := p.castle >> castleShift(us)
	if bits&(castleH|castleA) == 0 {
		return buf
	}
	occ := p.all()
	them := us ^ 1
	safe := func(a, b bb.Square) bool {
		return p.attackersTo(relSq(us, a), occ, them) == 0 && p.attackersTo(relSq(us, b), occ, them) == 0
	}
	f1, g1, b1, c1, d1 := relSq(us, 5), relSq(us, 6), relSq(us, 1), relSq(us, 2), relSq(us, 3)
	if bits&castleH != 0 && !occ.Has(f1) && !occ.Has(g1) && safe(5, 6) {
		buf = append(buf, newMove(ksq, g1, 0, flagCastle))
	}
	if bits&castleA != 0 && !occ.Has(b1) && !occ.Has(c1) && !occ.Has(d1) && safe(3, 2) {
		buf = append(buf, newMove(ksq, c1, 0, flagCastle))
	}
	return buf
}

// singleDropTargets returns, per piece type in hand, the squares where a
// single drop of that type is legal. With the King in hand only the King
// may be dropped alone.
func (p *Position) singleDropTargets() (targets [NumTypes]bb.Bitboard) {
	us, them := p.side, p.side^1
	zone := halfOf(us) &^ p.all()
	if p.hand[us][King] > 0 {
		occ := p.all()
		for z := zone; z != 0; {
			s := z.PopFirst()
			if p.attackersTo(s, occ, them) == 0 {
				targets[King] |= s.Bit()
			}
		}
		return targets
	}
	if ch := p.checkers(); ch != 0 {
		if ch.Count() > 1 || ch&p.leaperAttackersTo(p.pieces[us][King].First(), them) != 0 {
			return targets // one piece cannot block two lines or a leaper
		}
		zone &= bb.Between[p.pieces[us][King].First()][ch.First()]
	}
	for t := Queen; t <= Pawn; t++ {
		if p.hand[us][t] == 0 {
			continue
		}
		z := zone
		switch t {
		case Pawn:
			z &^= firstRank(us)
		case Bishop:
			z &= p.BishopDropSquares(us)
		}
		targets[t] = z
	}
	return targets
}

func (p *Position) genSingleDrops(buf []variants.Move) []variants.Move {
	if p.hand[p.side] == [NumTypes]uint8{} {
		return buf
	}
	targets := p.singleDropTargets()
	for t := King; t <= Pawn; t++ {
		for z := targets[t]; z != 0; {
			buf = append(buf, singleDrop(t, z.PopFirst()))
		}
	}
	return buf
}

func (p *Position) countSingleDrops() uint64 {
	if p.hand[p.side] == [NumTypes]uint8{} {
		return 0
	}
	targets := p.singleDropTargets()
	var n uint64
	for _, z := range targets {
		n += uint64(z.Count())
	}
	return n
}
