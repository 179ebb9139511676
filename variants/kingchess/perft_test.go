package kingchess

import (
	"runtime"
	"testing"

	"varchess/variants"
)

// The kingchess1 start figures of docs/rules.md (Fairy-Stockfish agrees).
func TestKingchess1StartPerft(t *testing.T) {
	want := []uint64{32, 1002, 153958, 21214264}
	if testing.Short() {
		want = want[:3]
	}
	p, _ := Parse1(StartFEN)
	for d, n := range want {
		if got := p.Perft(d+1, zeroOpt); got != n {
			t.Errorf("kingchess1 start perft(%d) = %d, want %d", d+1, got, n)
		}
	}
}

// Reference perft (reference generator, every drop action listed) against
// the fast one to depth 2-3 on a few hand-made positions.
func TestPerftAgainstReference(t *testing.T) {
	cases := []struct {
		fen    string
		single bool
		depth  int
	}{
		{"4k3/8/8/8/8/8/8/4K3[RPr] w E - 0 1", false, 2},
		{"4k3/8/8/8/8/8/8/4K2R[Pp] w K - 0 1", false, 3},
		{"r3k2r/8/8/8/8/8/8/R3K2R[Bb] w KQkq - 0 1 dl", false, 2},
		{"4k3/8/8/8/4p3/8/3P4/4K3[Nn] w E - 0 1", false, 3},
		{"8/8/8/8/8/8/8/8[KQRRBBNNPPPPPPPPkqrrbbnnpppppppp] w - - 0 1", true, 3},
		{"3qk3/8/8/8/8/8/8/1b6[KNr] w - - 0 1", false, 2},
	}
	for _, c := range cases {
		p, err := parse(c.fen, c.single)
		if err != nil {
			t.Fatal(err)
		}
		r, _ := refFromFEN(p.FEN(), c.single)
		for d := 1; d <= c.depth; d++ {
			if got, want := p.Perft(d, zeroOpt), r.perft(d); got != want {
				t.Errorf("%s depth %d: fast %d, reference %d", c.fen, d, got, want)
			}
		}
	}
}

// Divide sums to Perft, and at the start position it lists the single
// drops (King alone) and one total for the rest.
func TestDivide(t *testing.T) {
	p, _ := Parse(StartFEN)
	lines := p.Divide(1, zeroOpt)
	var sum uint64
	for _, l := range lines {
		sum += l.Nodes
	}
	if sum != p.Perft(1, zeroOpt) || len(lines) != 33 || lines[32].Move != MultiDropLine {
		t.Fatalf("start divide: %d lines summing to %d", len(lines), sum)
	}
	q, _ := Parse("4k3/8/8/8/8/8/8/4K3[Pp] w E - 0 1")
	sum = 0
	for _, l := range q.Divide(3, zeroOpt) {
		sum += l.Nodes
	}
	if sum != q.Perft(3, zeroOpt) {
		t.Fatalf("divide(3) sums to %d, perft %d", sum, q.Perft(3, zeroOpt))
	}
}

func benchPerft(b *testing.B, p variants.Position, depth int) {
	var leaves uint64
	for b.Loop() {
		leaves += p.Perft(depth, zeroOpt)
	}
	b.ReportMetric(float64(leaves)/b.Elapsed().Seconds(), "leaves/s")
}

// BenchmarkPerftKingchess1 measures leaves/s from the start (depth 4).
func BenchmarkPerftKingchess1(b *testing.B) {
	p, _ := Parse1(StartFEN)
	benchPerft(b, p, 4)
}

// BenchmarkPerftKingchess1Midgame measures a position with most pieces on
// the board, where ordinary moves dominate.
func BenchmarkPerftKingchess1Midgame(b *testing.B) {
	p, _ := Parse1("r1bqk2r/pppp1ppp/2n2n2/4p3/1b2P3/2NP1N2/PPP2PPP/R1BQKB1R[] w KQkq - 0 1")
	benchPerft(b, p, 4)
}

// BenchmarkDropCountStart measures perft(1) of the kingchess start.
func BenchmarkDropCountStart(b *testing.B) {
	p, _ := Parse(StartFEN)
	for b.Loop() {
		p.Perft(1, zeroOpt)
	}
}

// perft walks drop actions one at a time: a depth-2 count over ~10^5
// first actions allocates next to nothing (it used to collect them all in
// one slice, 16 bytes each, which from the start meant 23 GB and death).
func TestPerftStreamsDropActions(t *testing.T) {
	p, _ := Parse("k7/8/8/8/8/8/8/4K3[QRRB] w E - 0 1")
	roots := p.Perft(1, zeroOpt)
	if roots < 50000 {
		t.Fatalf("only %d first plies", roots)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	n := p.Perft(2, zeroOpt)
	runtime.ReadMemStats(&after)
	if n < roots {
		t.Fatalf("perft(2) = %d < perft(1) = %d", n, roots)
	}
	if grown := after.TotalAlloc - before.TotalAlloc; grown > 64<<10 {
		t.Errorf("perft(2) over %d first plies allocated %d bytes", roots, grown)
	}
}

// PerftChildren stops when asked, even amid 5.3e15 drop actions.
func TestPerftChildrenStops(t *testing.T) {
	p, _ := Parse(StartFEN)
	n := 0
	p.PerftChildren(zeroOpt, func(variants.Move, uint64) bool { n++; return n < 1000 })
	if n != 1000 {
		t.Errorf("visited %d children, want 1000", n)
	}
}
