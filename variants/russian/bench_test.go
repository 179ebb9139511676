package russian

import (
	"testing"

	"varchess/variants"
)

// A middle-game position from random play: stacks up to five high,
// prisoners, every type taking part.
const benchMiddleFEN = "r3(nk)(rN)/pp(pq)pp1/2n3/PP1PPp/R1P2P/1Q1KNR w - 1 10"

func BenchmarkPerftMiddleK4(b *testing.B) {
	p, err := Parse(benchMiddleFEN)
	if err != nil {
		b.Fatal(err)
	}
	var nodes uint64
	for b.Loop() {
		nodes += p.Perft(4, variants.PerftOptions{Face: 'K'})
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "leaves/s")
}
