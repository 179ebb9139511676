package engine

import (
	"context"
	"testing"

	"varchess/variants"
	"varchess/variants/chess"
	"varchess/variants/kingchess"
	"varchess/variants/monochrome"
	"varchess/variants/russian"
)

// kc1BenchFENs are kingchess1 positions from games against Fairy-Stockfish
// (after 8 to 34 plies): the workload of BenchmarkKC1Search, which
// measures the kingchess search's nodes per second and time to depth
// (go test -run - -bench KC1Search -cpuprofile kc.prof ./engine/).
var kc1BenchFENs = []string{
	"8/4pk2/4pp2/8/2B5/2B2R2/8/4K3[QRNNPPPPPPPPqrrbbnnppppp] w E - 0 5 l-",
	"5k2/4p1qQ/4Bpp1/5p2/8/2B2R2/8/4K3[RNNPPPPPPPPrrbbnnppp] w E - 1 9 l-",
	"8/4p1k1/3rBpp1/4ppp1/8/1NB2R2/8/4K1R1[NPPPPPPPPrbbnnp] w E - 0 13 l-",
	"8/b3p1k1/Np2rpp1/4ppp1/6b1/1NB3R1/8/4K1R1[PPPPPPPrnn] w E - 0 18 ll",
	"3qk3/3bb3/8/8/4Q3/3R4/4R3/4K3[BBNNPPPPPPPPrrnnpppppppp] w Ee - 0 5 -d",
	"8/8/4kB2/5R2/8/8/8/4K3[NNPPPPPPPPbbnnppppp] w E - 0 13 l-",
	"3Rnk2/4r3/7n/2p5/BB3NQ1/8/4r3/3K4[NPPPPPPPPqbbppppppp] w - - 0 9 l-",
	"8/Q3rkb1/4p1r1/1B3p2/5N2/2B2R2/8/4K3[RNPPPPPPPPqbnnpppppp] w E - 0 9 ld",
	"2q1kn2/3bb3/2B5/5n2/3Q3B/8/3RR3/4K3[NNPPPPPPPPrrpppppp] w Ee - 0 9 ld",
	"4k3/8/8/8/8/8/8/4K3[QRRBBNNPPPPPPPPqrrbbnnpppppppp] w Ee - 0 2",
}

// kc1BenchDepth is the depth each position of the kingchess1 benchmark is
// searched to.
const kc1BenchDepth = 8

// benchSearch searches every position to depth with a fresh engine and
// reports nodes per second and nodes per position.
func benchSearch(b *testing.B, positions []variants.Position, depth int) {
	var nodes uint64
	for b.Loop() {
		for _, p := range positions {
			e := New(Options{})
			nodes += e.Search(context.Background(), p, Limits{Depth: depth}, nil).Nodes
		}
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N*len(positions)), "nodes/pos")
}

func BenchmarkKC1Search(b *testing.B) {
	benchSearch(b, parsedAll(b, kc1BenchFENs, func(f string) (variants.Position, error) { return kingchess.Parse1(f) }), kc1BenchDepth)
}

// BenchmarkChessSearch is the chess bench workload under the same harness,
// for the nodes-per-second comparison.
func BenchmarkChessSearch(b *testing.B) {
	benchSearch(b, parsedAll(b, benchPositions[:10], func(f string) (variants.Position, error) { return chess.Parse(f) }), 10)
}

// monoBenchFENs: monochrome positions from engine games (opening,
// middlegame after the first exchanges, a thinned-out ending).
var monoBenchFENs = []string{
	"RNBQKBNR/PPPPPPPP/8/8/8/8/PPPPPPPP/RNBQKBNR w - 0 1 0-0",
	"R1BQKBNR/PPP1PPPP/2N5/3P4/4P3/5N2/PPPP1PPP/RNBQKB1R w - 2 4 0-0",
	"R2QKB1R/PP2PPPP/2N2N2/2PP4/3P4/2N1BN2/PP3PPP/R2QKB1R w - 0 9 4-3",
	"4K3/PP3P2/2N5/3Q4/2B5/4R3/P4PPP/3K2N1 w - 0 30 21-18",
}

func BenchmarkMonoSearch(b *testing.B) {
	benchSearch(b, parsedAll(b, monoBenchFENs, func(f string) (variants.Position, error) { return monochrome.ParseFEN(f) }), 11)
}

// parsedAll parses every FEN with parse.
func parsedAll(b *testing.B, fens []string, parse func(string) (variants.Position, error)) []variants.Position {
	var ps []variants.Position
	for _, f := range fens {
		p, err := parse(f)
		if err != nil {
			b.Fatal(f, err)
		}
		ps = append(ps, p)
	}
	return ps
}

// russianBenchFENs: russian positions after a rolled face (the start,
// openings, a middlegame with towers).
var russianBenchFENs = []string{
	"rnqknr/pppppp/6/6/PPPPPP/RNQKNR w Q 0 1",
	"rnqknr/pppppp/6/6/PPPPPP/RNQKNR w N 0 1",
	"r1qknr/pppppp/2n3/6/P1PPPP/RNQKNR w P 1 2",
	"rnq1nr/ppkppp/2p3/3P2/PP1PPP/RNQKNR w K 0 4",
	"rnqk1r/p1pp1p/1p2(pn)1/2P1P1/PP1P1P/RNQKNR b R 0 6",
	"r1qk1r/p2pnp/1p(Pn)3/4P1/P2P1P/RNQKNR w Q 2 8",
}

func BenchmarkRussianSearch(b *testing.B) {
	benchSearch(b, parsedAll(b, russianBenchFENs, func(f string) (variants.Position, error) { return russian.Parse(f) }), 5)
}
