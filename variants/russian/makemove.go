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
// back (perft does, cheaply, on its own stack frame).
func (p *Position) doMove(m variants.Move) {
	if p.side == variants.Black {
		p.fullmove++
	}
	p.side ^= 1
	p.key ^= zSide
	p.roll = NoType
	if IsPass(m) {
		p.clock++
		return
	}
	from, to, k := From(m), To(m), Count(m)
	src, dst := &p.stacks[from], &p.stacks[to]
	h, dh := int(src.h), int(dst.h)
	base := h - k
	top := src.c[h-1]
	if top.Type() == Pawn || IsCaptureMove(m) {
		p.clock = 0
	} else {
		p.clock++
	}
	p.clearTop(from)
	if dh > 0 {
		p.clearTop(to)
	}
	fi, ti := index36[from], index36[to]
	for i := 0; i < k; i++ {
		c := src.c[base+i]
		p.key ^= zChecker[fi][base+i][c.zIndex()]
		if i == k-1 {
			if pr := Promotion(m); pr != NoType {
				c = NewChecker(c.Color(), pr)
				p.count[Pawn]--
				p.count[pr]++
			}
		}
		dst.c[dh+i] = c
		p.key ^= zChecker[ti][dh+i][c.zIndex()]
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
