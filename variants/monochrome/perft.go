package monochrome

import "varchess/variants"

// Perft counts the leaves of the legal game tree depth plies deep. Ended
// positions (M10 a and b) are leaves with no children; the clock and
// repetition endings are ignored, as chess perft ignores them. The last ply
// is counted without being made (bulk counting).
func (p *Position) Perft(depth int, opt variants.PerftOptions) uint64 {
	if depth <= 0 {
		return 1
	}
	return p.perft(depth, moveBufs(depth), opt)
}

// moveBufs returns one move buffer per depth, cut from one backing array;
// a buffer only grows (by append) in the rare position with more than 256
// plies.
func moveBufs(depth int) [][]Move {
	const perDepth = 256
	backing := make([]Move, (depth+1)*perDepth)
	bufs := make([][]Move, depth+1)
	for d := range bufs {
		bufs[d] = backing[d*perDepth : d*perDepth : (d+1)*perDepth]
	}
	return bufs
}

// perft gives up (with a partial count) once opt.Stopped.
func (p *Position) perft(depth int, bufs [][]Move, opt variants.PerftOptions) uint64 {
	if depth == 1 {
		return p.countMoves()
	}
	if depth >= 3 && opt.Stopped() {
		return 0
	}
	moves := p.generate(bufs[depth][:0])
	bufs[depth] = moves // keep the grown buffer for the next sibling
	var n uint64
	for _, m := range moves {
		p.makeMove(m)
		n += p.perft(depth-1, bufs, opt)
		p.unmakeMove()
	}
	return n
}

// Divide returns the perft count below each root ply.
func (p *Position) Divide(depth int, opt variants.PerftOptions) []variants.MoveCount {
	var out []variants.MoveCount
	var buf [maxMoves]Move
	for _, m := range p.generate(buf[:0]) {
		n := uint64(1)
		if depth > 1 {
			p.makeMove(m)
			n = p.Perft(depth-1, opt)
			p.unmakeMove()
		}
		out = append(out, variants.MoveCount{Move: m.String(), Nodes: n})
	}
	return out
}

// PerftChildren implements variants.PerftSplitter: every legal ply,
// weight 1.
func (p *Position) PerftChildren(_ variants.PerftOptions, fn func(m variants.Move, weight uint64) bool) {
	var buf [maxMoves]Move
	for _, m := range p.generate(buf[:0]) {
		if !fn(m.Encode(), 1) {
			return
		}
	}
}

// PerftHashed implements variants.PerftSplitter. The table key is the
// position key without the scores (board, side, undo restriction), since
// no count depends on the scores.
func (p *Position) PerftHashed(depth int, opt variants.PerftOptions, t *variants.PerftTable) variants.Count {
	if t == nil || depth <= 1 {
		return variants.CountOf(p.Perft(depth, opt))
	}
	return variants.CountOf(p.perftTable(depth, moveBufs(depth), t, variants.PerftSalt(p.Variant(), opt), opt))
}

func (p *Position) perftTable(depth int, bufs [][]Move, t *variants.PerftTable, salt uint64, opt variants.PerftOptions) uint64 {
	if depth == 1 {
		return p.countMoves()
	}
	if depth >= 3 && opt.Stopped() {
		return 0
	}
	key := variants.PerftKey(p.key, depth, salt)
	if n, ok := t.Probe(key); ok {
		return n
	}
	moves := p.generate(bufs[depth][:0])
	bufs[depth] = moves
	var n uint64
	for _, m := range moves {
		p.makeMove(m)
		n += p.perftTable(depth-1, bufs, t, salt, opt)
		p.unmakeMove()
	}
	t.Store(key, depth, n)
	return n
}
