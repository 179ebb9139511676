package chess

import "testing"

// Published counts (chessprogramming.org "Perft Results"), kept small so
// the normal test run stays fast; perft/testdata/chess.epd holds the suite.
var perftCases = []struct {
	fen    string
	counts []uint64 // depth 1, 2, ...
}{
	{StartFEN, []uint64{20, 400, 8902, 197281}},
	{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", []uint64{48, 2039, 97862}},
	{"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", []uint64{14, 191, 2812, 43238}},
	{"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", []uint64{6, 264, 9467}},
	{"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", []uint64{44, 1486, 62379}},
	{"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", []uint64{46, 2079, 89890}},
}

func TestPerftPublished(t *testing.T) {
	for _, c := range perftCases {
		p, err := Parse(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		for i, want := range c.counts {
			if got := p.PerftCount(i + 1); got != want {
				t.Errorf("%s depth %d: got %d, want %d", c.fen, i+1, got, want)
			}
		}
		if p.FEN() != c.fen {
			t.Errorf("FEN changed by perft: %s -> %s", c.fen, p.FEN())
		}
	}
}
