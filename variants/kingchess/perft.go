package kingchess

import (
	"varchess/variants"
)

// Perft implements variants.Position. Every legal drop action is one child;
// at the last ply drop actions are counted (DropActionCount), not listed,
// so perft(1) of the start position is instant. Above the last ply they are
// enumerated, which is only practical with small reserves.
func (p *Position) Perft(depth int, opt variants.PerftOptions) uint64 {
	if depth <= 0 {
		return 1
	}
	w := perftWalker{p: p, bufs: make([][]variants.Move, depth+1), opt: opt}
	return w.perft(depth)
}

type perftWalker struct {
	p    *Position
	bufs [][]variants.Move // one move buffer per depth
	opt  variants.PerftOptions
}

func (w *perftWalker) perft(depth int) uint64 {
	p := w.p
	if depth == 1 {
		w.bufs[1] = p.genOrdinary(w.bufs[1][:0])
		return uint64(len(w.bufs[1])) + p.DropActionCount()
	}
	if w.opt.Stopped() {
		return 0 // the caller asked to stop: a partial count
	}
	var n uint64
	w.bufs[depth] = w.children(w.bufs[depth][:0])
	for _, m := range w.bufs[depth] {
		p.Make(m)
		n += w.perft(depth - 1)
		p.Unmake()
	}
	return n
}

// children lists every legal ply, drop actions of any size included.
func (w *perftWalker) children(buf []variants.Move) []variants.Move {
	p := w.p
	buf = p.genOrdinary(buf)
	if p.single {
		return p.genSingleDrops(buf)
	}
	p.ForEachDropAction(func(m variants.Move) { buf = append(buf, m) })
	return buf
}

// divideListLimit bounds the drop actions Divide lists one by one at depth
// 1; beyond it the actions of two or more pieces are given as one total.
const divideListLimit = 100000

// MultiDropLine is the Move text of the Divide line that totals the drop
// actions of several pieces when they are too many to list.
const MultiDropLine = "(drop actions of 2+ pieces)"

// Divide implements variants.Position. At depth 1 with more than
// divideListLimit drop actions (the start position has ~5.3e15), ordinary
// moves and single drops are listed and the rest is one MultiDropLine.
func (p *Position) Divide(depth int, opt variants.PerftOptions) []variants.MoveCount {
	if depth < 1 {
		return nil
	}
	var out []variants.MoveCount
	if depth == 1 && !p.single {
		if total := p.DropActionCount(); total > divideListLimit {
			listed := p.Moves(nil)
			for _, m := range listed {
				out = append(out, variants.MoveCount{Move: p.MoveString(m), Nodes: 1})
			}
			singles := p.countSingleDrops()
			out = append(out, variants.MoveCount{Move: MultiDropLine, Nodes: total - singles})
			return out
		}
	}
	w := perftWalker{p: p, bufs: make([][]variants.Move, depth+1), opt: opt}
	moves := w.children(nil)
	for _, m := range moves {
		p.Make(m)
		n := uint64(1)
		if depth > 1 {
			n = p.Perft(depth-1, opt)
		}
		p.Unmake()
		out = append(out, variants.MoveCount{Move: p.MoveString(m), Nodes: n})
	}
	return out
}
