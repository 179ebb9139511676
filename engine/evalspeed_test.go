package engine

import (
	"fmt"
	"testing"

	"varchess/nnue"

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

// evalSequence is the positions a real search evaluates, in its order:
// the chess evaluator's calls while the first bench positions are
// searched to depth 7 (hand-crafted evaluation), up to max of them.
func evalSequence(b *testing.B, max int) (fens []string, boards []nnue.Board, stms []int) {
	e := New(Options{HCE: true, HashMB: 16})
	for _, fen := range benchPositions {
		if len(fens) >= max {
			break
		}
		e.NewGame()
		searchChecked(e, parseAny(b, fen, false), Limits{Depth: 7}, func(ev *chessEvaluator, _ int) {
			if len(fens) < max {
				fens = append(fens, ev.p.FEN())
				boards = append(boards, netBoard(ev.p))
				stms = append(stms, int(ev.p.SideToMove()))
			}
		})
	}
	return fens, boards, stms
}

// BenchmarkEvalSequence measures one evaluation of the positions of a
// real search, in the search's order (ns/eval): the hand-crafted
// evaluation, a random network of hidden size 256 evaluated from scratch
// and incrementally (lazy diff) with 1 to 4 cached accumulators and
// several refresh thresholds.
func BenchmarkEvalSequence(b *testing.B) {
	fens, boards, stms := evalSequence(b, 40000)
	report := func(b *testing.B) {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(boards)), "ns/eval")
	}
	b.Run("hce", func(b *testing.B) {
		cache := new(pawnCache)
		evs := make([]*chessEvaluator, len(fens))
		for i, fen := range fens {
			evs[i] = &chessEvaluator{p: parseAny(b, fen, false), pawns: cache}
		}
		for b.Loop() {
			for _, ev := range evs {
				ev.Evaluate()
			}
		}
		report(b)
	})
	n := randomNet(256, 1)
	b.Run("net-scratch", func(b *testing.B) {
		inc := n.NewIncrementalSlots(1)
		inc.RefreshAbove = -1
		for b.Loop() {
			for i := range boards {
				inc.Evaluate(&boards[i], stms[i])
			}
		}
		report(b)
	})
	for _, slots := range []int{1, 2, 3, 4} {
		for _, refresh := range []int{8, 12, 16, 24, 32} {
			b.Run(fmt.Sprintf("net-slots%d-refresh%d", slots, refresh), func(b *testing.B) {
				inc := n.NewIncrementalSlots(slots)
				inc.RefreshAbove = refresh
				for b.Loop() {
					for i := range boards {
						inc.Evaluate(&boards[i], stms[i])
					}
				}
				report(b)
			})
		}
	}
}
