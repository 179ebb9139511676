package chess

import "testing"

const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

// TestPerftDoesNotAllocate: perft must not allocate per node (the history
// slice is preallocated at Parse).
func TestPerftDoesNotAllocate(t *testing.T) {
	p := mustParse(t, kiwipete)
	if a := testing.AllocsPerRun(3, func() { p.PerftCount(3) }); a != 0 {
		t.Errorf("PerftCount(3) allocates %.1f times", a)
	}
	var list MoveList
	if a := testing.AllocsPerRun(100, func() { p.GenerateMoves(&list) }); a != 0 {
		t.Errorf("GenerateMoves allocates %.1f times", a)
	}
}

// BenchmarkPerft runs perft 5 from the start position (4,865,609 leaves)
// and reports leaves per second.
func BenchmarkPerft(b *testing.B) {
	p := NewStart()
	b.ReportAllocs()
	var nodes uint64
	for b.Loop() {
		nodes += p.PerftCount(5)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "leaves/s")
}

// BenchmarkGenerateMoves lists the moves of Kiwipete (48 moves).
func BenchmarkGenerateMoves(b *testing.B) {
	p := mustParseB(b, kiwipete)
	var list MoveList
	b.ReportAllocs()
	for b.Loop() {
		p.GenerateMoves(&list)
	}
}

// BenchmarkMakeUnmake makes and unmakes every Kiwipete move.
func BenchmarkMakeUnmake(b *testing.B) {
	p := mustParseB(b, kiwipete)
	var list MoveList
	p.GenerateMoves(&list)
	b.ReportAllocs()
	for b.Loop() {
		for _, m := range list.Moves[:list.N] {
			p.MakeMove(m)
			p.UnmakeMove()
		}
	}
}

func mustParseB(b *testing.B, fen string) *Position {
	p, err := Parse(fen)
	if err != nil {
		b.Fatal(err)
	}
	return p
}
