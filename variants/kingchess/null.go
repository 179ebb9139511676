package kingchess

import (
	"varchess/variants"
	bb "varchess/variants/bitboard"
)

// MakeNull passes the turn without a ply (never legal in a game: it exists
// for the engine's null-move pruning). It must not be called while the
// side to move is in check or still has its King in hand (K10: the King
// drop is forced). Undo it with UnmakeNull, before any other Unmake.
//
// The en-passant right lapses, the clocks advance as after a quiet ply;
// board, reserves, castling and bishop field stay, so the hash changes
// only by the side (and the ep file, if one was set).
func (p *Position) MakeNull() {
	p.history = append(p.history, undo{
		move: variants.NoMove, castle: p.castle, ep: p.ep, clock: p.clock, bishops: p.bishops, hash: p.hash,
	})
	if p.ep != bb.NoSquare {
		p.hash ^= zobristEP[p.ep.File()]
		p.ep = bb.NoSquare
	}
	p.clock++
	if p.side == variants.Black {
		p.fullmove++
	}
	p.side ^= 1
	p.hash ^= zobristSide
}

// UnmakeNull takes back MakeNull exactly.
func (p *Position) UnmakeNull() {
	n := len(p.history) - 1
	u := p.history[n]
	p.history = p.history[:n]
	p.side ^= 1
	if p.side == variants.Black {
		p.fullmove--
	}
	p.ep, p.clock, p.hash = u.ep, u.clock, u.hash
}
