package chess

import "varchess/variants"

// PerftCount counts the leaves of the legal move tree to depth plies. The
// last ply is counted without being made (bulk counting), and every level
// keeps its move list on the stack, so it does not allocate.
func (p *Position) PerftCount(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if depth == 1 {
		return uint64(p.CountMoves())
	}
	var list MoveList
	p.GenerateMoves(&list)
	var nodes uint64
	for _, m := range list.Moves[:list.N] {
		p.MakeMove(m)
		nodes += p.PerftCount(depth - 1)
		p.UnmakeMove()
	}
	return nodes
}

// Perft implements variants.Position; chess ignores the options.
func (p *Position) Perft(depth int, _ variants.PerftOptions) uint64 { return p.PerftCount(depth) }

// Divide implements variants.Position: the count below each root move, in
// generation order.
func (p *Position) Divide(depth int, _ variants.PerftOptions) []variants.MoveCount {
	if depth < 1 {
		return nil
	}
	var list MoveList
	p.GenerateMoves(&list)
	out := make([]variants.MoveCount, 0, list.N)
	for _, m := range list.Moves[:list.N] {
		p.MakeMove(m)
		out = append(out, variants.MoveCount{Move: m.String(), Nodes: p.PerftCount(depth - 1)})
		p.UnmakeMove()
	}
	return out
}
