package engine

import (
	"math/rand/v2"
	"testing"

	"varchess/variants"
)

// GivesCheck agrees with making the move and asking InCheck, on every move
// of positions along random games from the bench positions and from
// positions rich in promotions, en passant, castling and discovered checks.
func TestGivesCheckMatchesMakeMove(t *testing.T) {
	fens := append([]string{
		"4k3/1P6/8/8/8/8/6p1/4K2R w K - 0 1",   // promotions, castling with check
		"8/8/8/2k5/3Pp3/8/8/4K2B b - d3 0 1",   // en passant, discovered by a bishop
		"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", // castling both ways
		"3k4/8/3N4/8/3R4/8/8/4K3 w - - 0 1",    // knight moves off a rook's file
		"1k6/8/8/4P3/8/8/8/2Q1K3 w - - 0 1",    // pawn pushes and checks
		"8/8/8/K1pP3q/8/8/8/7k w - c6 0 1",     // en passant along the rank
		"4k3/8/4r3/8/8/8/4B3/4K2R w K - 0 1",   // pinned pieces
		"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
	}, benchPositions...)
	rng := rand.New(rand.NewPCG(5, 6))
	checks, moves := 0, 0
	for _, fen := range fens {
		p := mustParse(t, fen)
		e := newChessEvaluator(p).(*chessEvaluator)
		var buf []variants.Move
		for ply := 0; ply < 80; ply++ {
			buf = p.Moves(buf[:0])
			if len(buf) == 0 {
				break
			}
			for _, m := range buf {
				got := e.GivesCheck(m)
				p.Make(m)
				want := p.InCheck()
				p.Unmake()
				if got != want {
					t.Fatalf("%s: %s gives check %v, want %v", p.FEN(), p.MoveString(m), got, want)
				}
				moves++
				if want {
					checks++
				}
			}
			p.Make(buf[rng.IntN(len(buf))])
		}
	}
	if checks < 100 {
		t.Errorf("only %d checking moves among %d: the test positions do not exercise checks", checks, moves)
	}
}

var _ CheckGiver = (*chessEvaluator)(nil)
