package russian

import (
	"testing"

	"github.com/stretchr/testify/require"

	"varchess/variants"
	bb "varchess/variants/bitboard"
)

// summary is everything a position keeps besides the stacks.
type summary struct {
	occ, tall   bb.Bitboard
	colorBB     [2]bb.Bitboard
	typeBB      [7]bb.Bitboard
	count       [7]int
	kingSq      [2]bb.Square
	kingIdx     [2]uint8
	side        variants.Color
	roll        Type
	clock, move int
	fen         string
	key         uint64
}

func summarize(p *Position) summary {
	return summary{p.occ, p.tall, p.colorBB, p.typeBB, p.count, p.kingSq, p.kingIdx,
		p.side, p.roll, p.clock, p.fullmove, p.FEN(), p.Hash()}
}

// A ply costs no allocation once the undo stack has grown: neither
// Make/Unmake nor perft's play/takeBack, nor the leaf counting; and both
// pairs restore the position exactly.
func TestNoAllocationPerNode(t *testing.T) {
	p, err := Parse(benchMiddleFEN)
	require.NoError(t, err)
	moves := p.AllMoves(nil)
	require.NotEmpty(t, moves)
	before := summarize(p)
	p.Make(moves[0]) // grow the undo stack and the history
	p.Unmake()
	w := newWalker(p, 1, variants.PerftOptions{})
	allocs := testing.AllocsPerRun(20, func() {
		for _, m := range moves {
			p.Make(m)
			p.CountByType()
			p.Unmake()
			k := w.play(m)
			p.countByType()
			w.takeBack(m, k)
		}
	})
	require.Zero(t, allocs)
	require.Equal(t, before, summarize(p), "the plies were not taken back exactly")
}
