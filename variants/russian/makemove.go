package russian

import (
	"varchess/variants"
	bb "varchess/variants/bitboard"
)

// undoRecord keeps what a ply destroys and the move cannot tell.
type undoRecord struct {
	move     variants.Move
	roll     Type
	clock    int
	key      uint64
	kingSq   [2]bb.Square
	kingIdx  [2]uint8
	fullmove int
}

// clearTop removes square s from the top bitboards (s must be non-empty).
func (p *Position) clearTop(s bb.Square) {
	c := p.stacks[s].top()
	bit := s.Bit()
	p.occ &^= bit
	p.tall &^= bit
	p.colorBB[c.Color()] &^= bit
	p.typeBB[c.Type()] &^= bit
}

// setTop enters square s's current top into the bitboards (if any).
func (p *Position) setTop(s bb.Square) {
	st := &p.stacks[s]
	if st.h == 0 {
		return
	}
	c := st.c[st.h-1]
	bit := s.Bit()
	p.occ |= bit
	if st.h > 1 {
		p.tall |= bit
	}
	p.colorBB[c.Color()] |= bit
	p.typeBB[c.Type()] |= bit
}

// Make plays a legal ply. The side now to move has not rolled yet.
func (p *Position) Make(m variants.Move) {
	p.history = append(p.history, p.key)
	p.undo = append(p.undo, undoRecord{
		move: m, roll: p.roll, clock: p.clock, key: p.key,
		kingSq: p.kingSq, kingIdx: p.kingIdx, fullmove: p.fullmove,
	})
	p.doMove(m)
}

// Unmake takes back the last ply made.
func (p *Position) Unmake() {
	n := len(p.undo) - 1
	if n < 0 {
		return
	}
	u := p.undo[n]
	p.undo = p.undo[:n]
	p.history = p.history[:len(p.history)-1]
	p.undoMove(u.move)
	p.roll, p.clock, p.key = u.roll, u.clock, u.key
	p.kingSq, p.kingIdx, p.fullmove = u.kingSq, u.kingIdx, u.fullmove
}

// doMove plays m, updating everything but the undo stack. The caller
// saves roll, clock, key, king locations and fullmove if it wants them
// back.
func (p *Position) doMove(m variants.Move) {
	if p.side == variants.Black {
		p.fullmove++
	}
	p.key ^= zSide
	p.roll = NoType
	switch {
	case IsPass(m):
		p.clock++
	case p.stacks[From(m)].top().Type() == Pawn || IsCaptureMove(m):
		p.clock = 0
	default:
		p.clock++
	}
	p.moveUnit(m, true)
}

// moveUnit passes the turn and moves m's unit: the stacks, the bitboards,
// the type counts and the kings follow, and with hashed also the key. Perft
// calls it without hashing and leaves roll, clock and fullmove alone: none
// of them changes a count.
func (p *Position) moveUnit(m variants.Move, hashed bool) {
	p.side ^= 1
	if IsPass(m) {
		return
	}
	from, to, k := From(m), To(m), Count(m)
	src, dst := &p.stacks[from], &p.stacks[to]
	h, dh := int(src.h), int(dst.h)
	base := h - k
	p.clearTop(from)
	if dh > 0 {
		p.clearTop(to)
	}
	copy(dst.c[dh:dh+k], src.c[base:h])
	if pr := Promotion(m); pr != NoType {
		c := &dst.c[dh+k-1]
		*c = NewChecker(c.Color(), pr)
		p.count[Pawn]--
		p.count[pr]++
	}
	if hashed {
		// The unit's checkers are still in src.c above the new height.
		fi, ti := index36[from], index36[to]
		for i := 0; i < k; i++ {
			p.key ^= zChecker[fi][base+i][src.c[base+i].zIndex()] ^ zChecker[ti][dh+i][dst.c[dh+i].zIndex()]
		}
	}
	src.h = uint8(base)
	dst.h = uint8(dh + k)
	p.setTop(from)
	p.setTop(to)
	for c := range p.kingSq {
		if p.kingSq[c] == from && int(p.kingIdx[c]) >= base {
			p.kingSq[c] = to
			p.kingIdx[c] = uint8(dh + int(p.kingIdx[c]) - base)
		}
	}
}

// undoMove moves the checkers of m back and restores the bitboards, the
// type counts and the side. Roll, clock, key, kings and fullmove are
// restored by the caller.
func (p *Position) undoMove(m variants.Move) {
	p.side ^= 1
	if IsPass(m) {
		return
	}
	from, to, k := From(m), To(m), Count(m)
	src, dst := &p.stacks[from], &p.stacks[to]
	base := int(src.h)
	dh := int(dst.h) - k
	p.clearTop(to)
	if base > 0 {
		p.clearTop(from)
	}
	copy(src.c[base:base+k], dst.c[dh:dh+k])
	if pr := Promotion(m); pr != NoType {
		c := &src.c[base+k-1]
		*c = NewChecker(c.Color(), Pawn)
		p.count[Pawn]++
		p.count[pr]--
	}
	src.h = uint8(base + k)
	dst.h = uint8(dh)
	p.setTop(from)
	p.setTop(to)
}
