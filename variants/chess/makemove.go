package chess

import (
	"varchess/variants"
	bb "varchess/variants/bitboard"
)

// castleMask[s] keeps the castling rights that survive a move from or to s:
// moving the king or a rook, or capturing a rook on its corner, drops them.
var castleMask [64]uint8

func init() {
	for s := range castleMask {
		castleMask[s] = 0xF
	}
	castleMask[sqE1] &^= castleWK | castleWQ
	castleMask[sqH1] &^= castleWK
	castleMask[sqA1] &^= castleWQ
	castleMask[sqE8] &^= castleBK | castleBQ
	castleMask[sqH8] &^= castleBK
	castleMask[sqA8] &^= castleBQ
}

func (p *Position) remove(pc Piece, s bb.Square) {
	p.board[s] = NoPiece
	bit := s.Bit()
	p.pieces[pc.Color()][pc.Type()] ^= bit
	p.pieces[pc.Color()][0] ^= bit
	p.occ ^= bit
	p.hash ^= zobristPiece[pc][s]
}

func (p *Position) move(pc Piece, from, to bb.Square) {
	p.board[from] = NoPiece
	p.board[to] = pc
	bits := from.Bit() | to.Bit()
	p.pieces[pc.Color()][pc.Type()] ^= bits
	p.pieces[pc.Color()][0] ^= bits
	p.occ ^= bits
	p.hash ^= zobristPiece[pc][from] ^ zobristPiece[pc][to]
}

// castleRookSquares returns the rook's journey for a castling king move.
func castleRookSquares(kingTo bb.Square) (from, to bb.Square) {
	if kingTo.File() == 6 {
		return kingTo + 1, kingTo - 1
	}
	return kingTo - 2, kingTo + 1
}

// MakeMove plays m, which must be legal here (from GenerateMoves,
// GenerateCaptures, ParseUCI or a validated hash move). Undo it with
// UnmakeMove. It does not allocate once the history has grown.
func (p *Position) MakeMove(m Move) {
	p.history = append(p.history, undo{
		move: m, castle: p.castle, ep: p.ep, rule50: int32(p.rule50),
		pliesFromNull: int32(p.pliesFromNull), hash: p.hash,
	})
	p.rule50++
	if m.IsCapture() || m.MovingPiece().Type() == Pawn {
		p.rule50 = 0
	}
	p.pliesFromNull++
	if p.side == variants.Black {
		p.fullmove++
	}
	p.play(m)
}

// play makes m on the board: pieces, en passant, castling rights, side to
// move and hash; the counters and the history are MakeMove's.
func (p *Position) play(m Move) {
	from, to := m.From(), m.To()
	pc := m.MovingPiece()
	captured := m.CapturedPiece()
	us := p.side
	if p.ep != bb.NoSquare {
		p.hash ^= zobristEP[p.ep.File()]
		p.ep = bb.NoSquare
	}
	switch m.kind() {
	case kindCastle:
		if m.is960() {
			p.castle960(m, us, false)
			break
		}
		rf, rt := castleRookSquares(to)
		p.move(pc, from, to)
		p.move(MakePiece(us, Rook), rf, rt)
	case kindEnPassant:
		capSq := to - 8
		if us == variants.Black {
			capSq = to + 8
		}
		p.remove(captured, capSq)
		p.move(pc, from, to)
	default:
		if captured != NoPiece {
			p.remove(captured, to)
		}
		p.move(pc, from, to)
		if pc.Type() == Pawn {
			if promo := m.Promotion(); promo != NoPieceType {
				p.remove(pc, to)
				p.put(MakePiece(us, promo), to)
			} else if m.kind() == kindDouble {
				// Record the target only if an enemy pawn could take there,
				// so the hash of positions that cannot differ is the same.
				epSq := (from + to) / 2
				if bb.PawnAttacks[us][epSq]&p.pieces[us^1][Pawn] != 0 {
					p.ep = epSq
					p.hash ^= zobristEP[epSq.File()]
				}
			}
		}
	}
	if r := p.rules; p.castle != 0 {
		if c := p.castle & r.mask[from] & r.mask[to]; c != p.castle {
			p.hash ^= r.keys[p.castle] ^ r.keys[c]
			p.castle = c
		}
	}
	p.side = us ^ 1
	p.hash ^= zobristSide
}

// UnmakeMove takes back the last MakeMove.
func (p *Position) UnmakeMove() {
	n := len(p.history) - 1
	u := &p.history[n]
	if p.side == variants.White {
		p.fullmove--
	}
	p.takeBack(u.move)
	p.castle = u.castle
	p.ep = u.ep
	p.rule50 = int(u.rule50)
	p.pliesFromNull = int(u.pliesFromNull)
	p.hash = u.hash
	p.history = p.history[:n]
}

// takeBack undoes play(m) on the pieces and the side to move; the caller
// restores castling rights, en passant and hash.
func (p *Position) takeBack(m Move) {
	p.side ^= 1
	us := p.side
	from, to := m.From(), m.To()
	pc := m.MovingPiece()
	captured := m.CapturedPiece()
	switch m.kind() {
	case kindCastle:
		if m.is960() {
			p.castle960(m, us, true)
			break
		}
		rf, rt := castleRookSquares(to)
		p.move(MakePiece(us, Rook), rt, rf)
		p.move(pc, to, from)
	case kindEnPassant:
		p.move(pc, to, from)
		capSq := to - 8
		if us == variants.Black {
			capSq = to + 8
		}
		p.put(captured, capSq)
	default:
		if m.Promotion() != NoPieceType {
			p.remove(MakePiece(us, m.Promotion()), to)
			p.put(pc, to)
		}
		p.move(pc, to, from)
		if captured != NoPiece {
			p.put(captured, to)
		}
	}
}

// MakeNull passes the turn (for null-move pruning; never legal in a game).
// It must not be called in check. Undo it with UnmakeNull.
func (p *Position) MakeNull() {
	p.history = append(p.history, undo{
		move: NoMove, castle: p.castle, ep: p.ep, rule50: int32(p.rule50),
		pliesFromNull: int32(p.pliesFromNull), hash: p.hash,
	})
	if p.ep != bb.NoSquare {
		p.hash ^= zobristEP[p.ep.File()]
		p.ep = bb.NoSquare
	}
	p.rule50++
	p.pliesFromNull = 0
	if p.side == variants.Black {
		p.fullmove++
	}
	p.side ^= 1
	p.hash ^= zobristSide
}

// UnmakeNull takes back MakeNull.
func (p *Position) UnmakeNull() {
	n := len(p.history) - 1
	u := &p.history[n]
	p.side ^= 1
	if p.side == variants.Black {
		p.fullmove--
	}
	p.ep = u.ep
	p.rule50 = int(u.rule50)
	p.pliesFromNull = int(u.pliesFromNull)
	p.hash = u.hash
	p.history = p.history[:n]
}
