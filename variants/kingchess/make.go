package kingchess

import (
	"varchess/variants"
	bb "varchess/variants/bitboard"
)

// Make implements variants.Position. m must be legal here (ParseMove,
// Moves, ForEachDropAction or BuildDropAction give legal plies).
func (p *Position) Make(m variants.Move) {
	p.history = append(p.history, undo{
		move: m, castle: p.castle, ep: p.ep, clock: p.clock, bishops: p.bishops, hash: p.hash,
	})
	us := p.side
	p.hash ^= zobristCastle[p.castle] ^ zobristBishop[0][p.bishops[0]] ^ zobristBishop[1][p.bishops[1]]
	if p.ep != bb.NoSquare {
		p.hash ^= zobristEP[p.ep.File()]
		p.ep = bb.NoSquare
	}
	if isDrop(m) {
		p.makeDrop(m)
	} else {
		p.makeOrdinary(m)
	}
	// Canonical castling state: rook bits only live with the E bit.
	for c := variants.White; c <= variants.Black; c++ {
		sh := castleShift(c)
		if p.castle>>sh&castleE == 0 {
			p.castle &^= (castleH | castleA) << sh
		}
	}
	p.hash ^= zobristCastle[p.castle] ^ zobristBishop[0][p.bishops[0]] ^ zobristBishop[1][p.bishops[1]]
	if p.ep != bb.NoSquare {
		p.hash ^= zobristEP[p.ep.File()]
	}
	if us == variants.Black {
		p.fullmove++
	}
	p.side ^= 1
	p.hash ^= zobristSide
}

func (p *Position) makeDrop(m variants.Move) {
	us := p.side
	sh := castleShift(us)
	hi := m.Hi
	for b := bb.Bitboard(m.Lo); b != 0; {
		s := b.PopFirst()
		t := PieceType(hi & 7)
		hi >>= 3
		p.put(us, t, s)
		p.setHand(us, t, p.hand[us][t]-1)
		switch t {
		case King:
			if s == relSq(us, 4) {
				p.castle |= castleE << sh
			}
		case Bishop:
			if p.bishops[us] == NoBishop {
				p.bishops[us] = colourOf(s) // the lowest square counts as first
			}
		}
	}
	// Rooks are looked at after the King so that K@e1,R@h1 in one action
	// gives the right to castle.
	if p.castle>>sh&castleE != 0 {
		rooks := p.pieces[us][Rook] & bb.Bitboard(m.Lo)
		if rooks.Has(relSq(us, 7)) {
			p.castle |= castleH << sh
		}
		if rooks.Has(relSq(us, 0)) {
			p.castle |= castleA << sh
		}
	}
	p.clock = 0
}

func (p *Position) makeOrdinary(m variants.Move) {
	us, them := p.side, p.side^1
	from, to, flags := moveFrom(m), moveTo(m), moveFlags(m)
	t := p.board[from].typ()
	captured := p.board[to]
	p.clock++
	if flags&flagEP != 0 {
		victim := to ^ 8 // the square behind the target, on the mover's side
		captured = p.board[victim]
		p.remove(victim)
		p.clock = 0
	} else if captured != noPiece {
		p.remove(to)
		p.clock = 0
	}
	p.history[len(p.history)-1].captured = captured
	p.remove(from)
	if promo := movePromo(m); promo != 0 {
		p.put(us, promo, to)
	} else {
		p.put(us, t, to)
	}
	if flags&flagCastle != 0 {
		rf, rt := relSq(us, 7), relSq(us, 5)
		if to.File() == 2 {
			rf, rt = relSq(us, 0), relSq(us, 3)
		}
		p.remove(rf)
		p.put(us, Rook, rt)
	}
	if t == Pawn {
		p.clock = 0
		if flags&flagDouble != 0 {
			ep := (from + to) / 2
			if bb.PawnAttacks[us][ep]&p.pieces[them][Pawn] != 0 {
				p.ep = ep
			}
		}
	}
	// Castling rights: a king move ends all of them; a move from or to a
	// corner ends that corner's rook right.
	if t == King {
		p.castle &^= (castleE | castleH | castleA) << castleShift(us)
	}
	for _, s := range [2]bb.Square{from, to} {
		switch s {
		case 7:
			p.castle &^= castleH
		case 0:
			p.castle &^= castleA
		case 63:
			p.castle &^= castleH << 3
		case 56:
			p.castle &^= castleA << 3
		}
	}
}

// Unmake implements variants.Position.
func (p *Position) Unmake() {
	u := p.history[len(p.history)-1]
	p.history = p.history[:len(p.history)-1]
	p.side ^= 1
	us := p.side
	if us == variants.Black {
		p.fullmove--
	}
	m := u.move
	if isDrop(m) {
		hi := m.Hi
		for b := bb.Bitboard(m.Lo); b != 0; {
			s := b.PopFirst()
			t := PieceType(hi & 7)
			hi >>= 3
			p.remove(s)
			p.hand[us][t]++
		}
	} else {
		from, to, flags := moveFrom(m), moveTo(m), moveFlags(m)
		moved := p.board[to].typ()
		if movePromo(m) != 0 {
			moved = Pawn
		}
		p.remove(to)
		p.put(us, moved, from)
		if flags&flagCastle != 0 {
			rf, rt := relSq(us, 7), relSq(us, 5)
			if to.File() == 2 {
				rf, rt = relSq(us, 0), relSq(us, 3)
			}
			p.remove(rt)
			p.put(us, Rook, rf)
		}
		if u.captured != noPiece {
			cs := to
			if flags&flagEP != 0 {
				cs = to ^ 8
			}
			p.put(u.captured.color(), u.captured.typ(), cs)
		}
	}
	p.castle, p.ep, p.clock, p.bishops, p.hash = u.castle, u.ep, u.clock, u.bishops, u.hash
}

// IsCapture implements variants.Position.
func (p *Position) IsCapture(m variants.Move) bool {
	if !isOrdinary(m) {
		return false
	}
	return moveFlags(m)&flagEP != 0 || p.board[moveTo(m)] != noPiece
}
