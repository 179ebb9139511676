package monochrome

import (
	"testing"

	"varchess/variants"
)

// The published start-position figures (docs/rules.md).
func TestPerftStart(t *testing.T) {
	want := []uint64{1, 20, 400, 9302, 217635}
	for _, fen := range []string{StartFEN, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"} {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		for d, w := range want {
			if testing.Short() && d > 3 {
				break
			}
			if got := p.Perft(d, variants.PerftOptions{}); got != w {
				t.Errorf("%s: perft(%d) = %d, want %d", fen, d, got, w)
			}
		}
		if p.FEN() != StartFEN {
			t.Errorf("perft changed the position: %s", p.FEN())
		}
	}
}

// BenchmarkPerftStart measures leaves per second of start-position perft(5).
func BenchmarkPerftStart(b *testing.B) {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		b.Fatal(err)
	}
	var leaves uint64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		leaves += p.Perft(5, variants.PerftOptions{})
	}
	b.ReportMetric(float64(leaves)/b.Elapsed().Seconds(), "leaves/s")
}

// TestNoAllocationPerNode: perft allocates its per-depth buffers once per
// call, never per node, and Make/Unmake do not allocate.
func TestNoAllocationPerNode(t *testing.T) {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	if a := testing.AllocsPerRun(3, func() { p.Perft(4, variants.PerftOptions{}) }); a > 2 {
		t.Errorf("Perft(4) allocates %.0f times (9302 inner nodes)", a)
	}
	m, err := p.ParseMove("e2e4")
	if err != nil {
		t.Fatal(err)
	}
	if a := testing.AllocsPerRun(100, func() { p.Make(m); p.Unmake() }); a != 0 {
		t.Errorf("Make/Unmake allocate %.1f times", a)
	}
}
