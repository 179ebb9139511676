package monochrome

import (
	"varchess/variants"
	bb "varchess/variants/bitboard"
)

// Make plays a legal ply (one returned by Moves or ParseMove).
func (p *Position) Make(m variants.Move) { p.makeMove(DecodeMove(m)) }

// Unmake takes back the last ply made. It does nothing if none was made.
func (p *Position) Unmake() {
	if len(p.hist) > 0 {
		p.unmakeMove()
	}
}

func (p *Position) makeMove(m Move) {
	from, to := m.From(), m.To()
	captured := p.board[to]
	p.hist = append(p.hist, undoRecord{
		move: m, captured: captured,
		undoFrom: p.undoFrom, undoTo: p.undoTo,
		clock: p.clock, key: p.key,
	})
	if captured != NoPiece {
		p.remove(to)
		p.score[p.side] += captured.Value()
		p.clock = 0
	} else {
		p.clock++
	}
	pc := p.board[from]
	p.remove(from)
	p.put(to, pc)
	if m.IsCastle() {
		// King e->g takes the h-rook to f; king e->c takes the a-rook to d.
		rookFrom, rookTo := to+1, to-1
		if to < from {
			rookFrom, rookTo = to-2, to+1
		}
		p.remove(rookFrom)
		p.put(rookTo, Rook)
	}
	// M8: a piece that crossed the line may not go straight back next ply.
	if crosses(from, to) {
		p.setUndo(to, from)
	} else {
		p.setUndo(bb.NoSquare, bb.NoSquare)
	}
	if p.side == variants.Black {
		p.fullmove++
	}
	p.side ^= 1
	p.key ^= zobSide
}

func (p *Position) unmakeMove() {
	r := &p.hist[len(p.hist)-1]
	m := r.move
	from, to := m.From(), m.To()
	p.side ^= 1
	if p.side == variants.Black {
		p.fullmove--
	}
	// The key comes back from the record, so the board is restored with
	// the key-free setters.
	if m.IsCastle() {
		rookFrom, rookTo := to+1, to-1
		if to < from {
			rookFrom, rookTo = to-2, to+1
		}
		p.lift(rookTo)
		p.drop(rookFrom, Rook)
	}
	pc := p.board[to]
	p.lift(to)
	p.drop(from, pc)
	if r.captured != NoPiece {
		p.drop(to, r.captured)
		p.score[p.side] -= r.captured.Value()
	}
	p.undoFrom, p.undoTo = r.undoFrom, r.undoTo
	p.clock = r.clock
	p.key = r.key
	p.hist = p.hist[:len(p.hist)-1]
}

// drop and lift are put and remove without the key update, for Unmake.
func (p *Position) drop(s bb.Square, pc Piece) {
	p.board[s] = pc
	p.pieces[pc] |= s.Bit()
	p.occ |= s.Bit()
}

func (p *Position) lift(s bb.Square) {
	pc := p.board[s]
	p.board[s] = NoPiece
	p.pieces[pc] &^= s.Bit()
	p.occ &^= s.Bit()
}

// movesBuffered is room for the plies of any position seen in play (the
// start has 20 a side, crowded middlegames about 60).
const movesBuffered = 192

// Moves appends the legal plies to buf. An ended position (docs/rules.md M10 a
// or b) has none; the clock and repetition endings (c, d) are reported by
// Status only, as perft ignores them.
//
// The plies are generated into a stack buffer of movesBuffered entries
// (a longer list grows on the heap): the search calls Moves at every
// node, and zeroing a buffer of maxMoves cost it more than the copy.
func (p *Position) Moves(buf []variants.Move) []variants.Move {
	var tmp [movesBuffered]Move
	for _, m := range p.generate(tmp[:0]) {
		buf = append(buf, m.Encode())
	}
	return buf
}

// Captures appends the legal captures only (a subset of Moves, in the same
// order): what an engine's quiescence search looks at.
func (p *Position) Captures(buf []variants.Move) []variants.Move {
	if p.ended() {
		return buf
	}
	own := p.occ & home(p.side)
	other := p.occ &^ own
	for from := own; from != 0; {
		s := from.PopFirst()
		pc := p.board[s]
		t := p.targets(s, pc, own) & other
		if s == p.undoFrom {
			t &^= p.undoTo.Bit()
		}
		for t != 0 {
			to := t.PopFirst()
			buf = append(buf, newMove(s, to, pc, p.board[to]).Encode())
		}
	}
	return buf
}
