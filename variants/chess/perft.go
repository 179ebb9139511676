package chess

import (
	"varchess/variants"
	bb "varchess/variants/bitboard"
)

// PerftCount counts the leaves of the legal move tree to depth plies. The
// last ply is counted without being made (bulk counting), and every level
// keeps its move list on the stack, so it does not allocate.
func (p *Position) PerftCount(depth int) uint64 { return p.perft(depth, variants.PerftOptions{}) }

// perft is PerftCount that gives up (with a partial count) once opt.Stopped.
func (p *Position) perft(depth int, opt variants.PerftOptions) uint64 {
	if depth <= 0 {
		return 1
	}
	if depth == 1 {
		return uint64(p.CountMoves())
	}
	if depth >= 3 && opt.Stopped() {
		return 0
	}
	var list MoveList
	p.GenerateMoves(&list)
	var nodes uint64
	for _, m := range list.Moves[:list.N] {
		u := p.playQuick(m)
		nodes += p.perft(depth-1, opt)
		p.takeBackQuick(m, u)
	}
	return nodes
}

// quickUndo is what perft needs to take a move back: it plays with play
// and takeBack, keeping no history and no counters (no count depends on
// them); the hash stays right, for the table.
type quickUndo struct {
	castle uint8
	ep     bb.Square
	hash   uint64
}

func (p *Position) playQuick(m Move) quickUndo {
	u := quickUndo{p.castle, p.ep, p.hash}
	p.play(m)
	return u
}

func (p *Position) takeBackQuick(m Move, u quickUndo) {
	p.takeBack(m)
	p.castle, p.ep, p.hash = u.castle, u.ep, u.hash
}

// Perft implements variants.Position; chess reads only opt.Stop.
func (p *Position) Perft(depth int, opt variants.PerftOptions) uint64 { return p.perft(depth, opt) }

// Divide implements variants.Position: the count below each root move, in
// generation order.
func (p *Position) Divide(depth int, opt variants.PerftOptions) []variants.MoveCount {
	if depth < 1 {
		return nil
	}
	var list MoveList
	p.GenerateMoves(&list)
	out := make([]variants.MoveCount, 0, list.N)
	for _, m := range list.Moves[:list.N] {
		p.MakeMove(m)
		out = append(out, variants.MoveCount{Move: m.String(), Nodes: p.perft(depth-1, opt)})
		p.UnmakeMove()
	}
	return out
}

// PerftChildren implements variants.PerftSplitter: every legal move,
// weight 1.
func (p *Position) PerftChildren(_ variants.PerftOptions, fn func(m variants.Move, weight uint64) bool) {
	var list MoveList
	p.GenerateMoves(&list)
	for _, m := range list.Moves[:list.N] {
		if !fn(m.ToVariant(), 1) {
			return
		}
	}
}

// PerftHashed implements variants.PerftSplitter. Subtrees of two or more
// plies are looked up in t and stored there (the last ply is cheaper to
// count than to look up).
func (p *Position) PerftHashed(depth int, opt variants.PerftOptions, t *variants.PerftTable) variants.Count {
	if t == nil {
		return variants.CountOf(p.perft(depth, opt))
	}
	return variants.CountOf(p.perftTable(depth, t, variants.PerftSalt(p.Variant(), opt), opt))
}

func (p *Position) perftTable(depth int, t *variants.PerftTable, salt uint64, opt variants.PerftOptions) uint64 {
	if depth <= 1 {
		return p.PerftCount(depth)
	}
	if depth >= 3 && opt.Stopped() {
		return 0
	}
	key := variants.PerftKey(p.hash, depth, salt)
	if n, ok := t.Probe(key); ok {
		return n
	}
	var list MoveList
	p.GenerateMoves(&list)
	var nodes uint64
	for _, m := range list.Moves[:list.N] {
		u := p.playQuick(m)
		nodes += p.perftTable(depth-1, t, salt, opt)
		p.takeBackQuick(m, u)
	}
	t.Store(key, depth, nodes)
	return nodes
}
