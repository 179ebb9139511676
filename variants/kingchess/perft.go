package kingchess

import (
	"math"

	"varchess/variants"
)

// Perft in kingchess: every legal drop action is one child. At the last
// ply drop actions are counted (DropActionCount), not listed, so perft(1)
// is instant even with 5.3e15 actions; above it they are enumerated one
// at a time (never collected), which is only practical with small
// reserves. perft(2) of an empty board is counted (EmptyBoardPerft2).
// Counts are 128 bits wide: a few drop-heavy subtrees pass 2^64.

// Perft implements variants.Position. A count beyond 2^64 (possible only
// with large reserves; see PerftHashed) reads as math.MaxUint64.
func (p *Position) Perft(depth int, opt variants.PerftOptions) uint64 {
	n, ok := p.PerftHashed(depth, opt, nil).Uint64()
	if !ok {
		return math.MaxUint64
	}
	return n
}

// PerftHashed implements variants.PerftSplitter.
func (p *Position) PerftHashed(depth int, opt variants.PerftOptions, t *variants.PerftTable) variants.Count {
	if depth <= 0 {
		return variants.CountOf(1)
	}
	w := perftWalker{p: p, bufs: make([][]variants.Move, depth+1), table: t, opt: opt}
	if t != nil {
		w.salt = variants.PerftSalt(p.Variant(), opt)
	}
	return w.perft(depth)
}

type perftWalker struct {
	p     *Position
	bufs  [][]variants.Move // one move buffer per depth
	table *variants.PerftTable
	salt  uint64
	opt   variants.PerftOptions // for Stop
}

func (w *perftWalker) perft(depth int) variants.Count {
	p := w.p
	if depth == 1 {
		w.bufs[1] = p.genOrdinary(w.bufs[1][:0])
		return variants.CountOf(uint64(len(w.bufs[1]))).Add(variants.CountOf(p.DropActionCount()))
	}
	if w.opt.Stopped() {
		return variants.Count{} // the caller asked to stop: a partial count
	}
	var key uint64
	if w.table != nil {
		key = variants.PerftKey(p.hash, depth, w.salt)
		if n, ok := w.table.Probe(key); ok {
			return variants.CountOf(n)
		}
	}
	var n variants.Count
	w.children(depth, func(m variants.Move) bool {
		p.Make(m)
		n = n.Add(w.perft(depth - 1))
		p.Unmake()
		return true
	})
	if w.table != nil && n.Hi == 0 {
		w.table.Store(key, depth, n.Lo)
	}
	return n
}

// children calls fn with every legal ply, drop actions of any size
// included, until fn returns false. Ordinary moves and single drops go
// through the depth's buffer; larger drop actions are streamed.
func (w *perftWalker) children(depth int, fn func(variants.Move) bool) {
	p := w.p
	buf := p.genOrdinary(w.bufs[depth][:0])
	if p.single {
		buf = p.genSingleDrops(buf)
	}
	w.bufs[depth] = buf
	for _, m := range buf {
		if !fn(m) {
			return
		}
	}
	if !p.single {
		p.forEachDropAction(fn)
	}
}

// PerftChildren implements variants.PerftSplitter: ordinary moves first,
// then every drop action (weight 1).
func (p *Position) PerftChildren(_ variants.PerftOptions, fn func(m variants.Move, weight uint64) bool) {
	w := perftWalker{p: p, bufs: make([][]variants.Move, 1)}
	w.children(0, func(m variants.Move) bool { return fn(m, 1) })
}

// divideListLimit bounds the drop actions a divide lists one by one; beyond
// it the actions of two or more pieces are given as one total.
const divideListLimit = 100000

// MultiDropLine is the Move text of the divide line that totals the drop
// actions of several pieces when they are too many to list.
const MultiDropLine = "(drop actions of 2+ pieces)"

// manyDrops reports whether a divide here groups the multi-piece actions.
func (p *Position) manyDrops() bool {
	return !p.single && p.DropActionCount() > divideListLimit
}

// DivideGroups implements variants.DivideGrouper.
func (p *Position) DivideGroups(variants.PerftOptions) func(m variants.Move) string {
	if !p.manyDrops() {
		return nil
	}
	return func(m variants.Move) string {
		if isDrop(m) && dropSize(m) > 1 {
			return MultiDropLine
		}
		return ""
	}
}

// PerftCounted implements variants.PerftCounter: perft(1) when the drop
// actions are too many to list, and perft(2) of an empty board. Divide
// lines list the ordinary moves and single drops, then one MultiDropLine.
func (p *Position) PerftCounted(depth int, opt variants.PerftOptions, divide bool) (variants.Count, []variants.DivideLine, bool) {
	var total variants.Count
	switch {
	case depth == 1 && p.manyDrops():
		total = p.PerftHashed(1, opt, nil)
	case depth == 2 && !p.single && p.all() == 0:
		n, _ := p.EmptyBoardPerft2()
		c, err := variants.CountFromBig(n)
		if err != nil {
			return variants.Count{}, nil, false
		}
		total = c
	default:
		return variants.Count{}, nil, false
	}
	if !divide {
		return total, nil, true
	}
	var lines []variants.DivideLine
	rest := total
	for _, m := range p.Moves(nil) {
		p.Make(m)
		n := p.PerftHashed(depth-1, opt, nil)
		p.Unmake()
		lines = append(lines, variants.DivideLine{Move: p.MoveString(m), Nodes: n})
		rest = rest.Sub(n)
	}
	if rest != (variants.Count{}) {
		lines = append(lines, variants.DivideLine{Move: MultiDropLine, Nodes: rest})
	}
	return total, lines, true
}

// Divide implements variants.Position. When there are more than
// divideListLimit drop actions (the start position has ~5.3e15), ordinary
// moves and single drops are listed and the rest is one MultiDropLine.
// Counts beyond 2^64 read as math.MaxUint64.
func (p *Position) Divide(depth int, opt variants.PerftOptions) []variants.MoveCount {
	if depth < 1 {
		return nil
	}
	sat := func(c variants.Count) uint64 {
		if n, ok := c.Uint64(); ok {
			return n
		}
		return math.MaxUint64
	}
	var out []variants.MoveCount
	if _, lines, ok := p.PerftCounted(depth, opt, true); ok {
		for _, l := range lines {
			out = append(out, variants.MoveCount{Move: l.Move, Nodes: sat(l.Nodes)})
		}
		return out
	}
	group := p.DivideGroups(opt)
	var grouped variants.Count
	p.PerftChildren(opt, func(m variants.Move, _ uint64) bool {
		p.Make(m)
		n := p.PerftHashed(depth-1, opt, nil)
		p.Unmake()
		if group != nil && group(m) != "" {
			grouped = grouped.Add(n)
		} else {
			out = append(out, variants.MoveCount{Move: p.MoveString(m), Nodes: sat(n)})
		}
		return true
	})
	if group != nil {
		out = append(out, variants.MoveCount{Move: MultiDropLine, Nodes: sat(grouped)})
	}
	return out
}
