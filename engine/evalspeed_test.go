package engine

import (
	"testing"

	"varchess/variants/chess"
)

// BenchmarkChessEval measures one static evaluation of the bench
// positions (pawn cache warm, as in a search).
func BenchmarkChessEval(b *testing.B) {
	var evs []Evaluator
	for _, fen := range benchPositions {
		p, err := chess.Parse(fen)
		if err != nil {
			b.Fatal(err)
		}
		evs = append(evs, newChessEvaluator(p))
	}
	sum := 0
	for b.Loop() {
		for _, e := range evs {
			sum += e.Evaluate()
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(evs)), "ns/eval")
	_ = sum
}
