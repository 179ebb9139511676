package engine

import (
	"context"
	"testing"

	"varchess/variants"
	"varchess/variants/russian"
)

// lastIteration returns the info lines of the deepest iteration reported.
func lastIteration(infos []Info) []Info {
	var out []Info
	for _, in := range infos {
		if in.Face != 0 {
			continue
		}
		if len(out) > 0 && in.Depth != out[0].Depth {
			out = out[:0]
		}
		out = append(out, in)
	}
	return out
}

// checkLines asserts that lines are ranked 1..k, begin with k distinct
// root plies, and come in score order.
func checkLines(t *testing.T, p variants.Position, lines []Info, k int, best variants.Move) {
	t.Helper()
	if len(lines) != k {
		t.Fatalf("%d lines in the last iteration, want %d", len(lines), k)
	}
	root := rootPlies(p)
	seen := map[variants.Move]bool{}
	for i, l := range lines {
		if l.MultiPV != i+1 {
			t.Errorf("line %d has rank %d", i+1, l.MultiPV)
		}
		if len(l.PV) == 0 || !contains(root, l.PV[0]) {
			t.Fatalf("line %d does not begin with a root ply: %v", i+1, l.PV)
		}
		if seen[l.PV[0]] {
			t.Errorf("line %d repeats %s", i+1, p.MoveString(l.PV[0]))
		}
		seen[l.PV[0]] = true
		if i > 0 && l.Score > lines[i-1].Score {
			t.Errorf("line %d scores %d, above line %d's %d", i+1, l.Score, i, lines[i-1].Score)
		}
	}
	if lines[0].PV[0] != best {
		t.Errorf("bestmove %s is not line 1's %s", p.MoveString(best), p.MoveString(lines[0].PV[0]))
	}
}

// TestMultiPVEveryGame: MultiPV 3 gives three distinct root plies in score
// order, in every game, on one thread and on two.
func TestMultiPVEveryGame(t *testing.T) {
	for _, c := range everyGame {
		for _, threads := range []int{1, 2} {
			t.Run(c.game, func(t *testing.T) {
				p := loadCase(t, c)
				e := New(Options{HashMB: 4, Threads: threads, MultiPV: 3})
				var infos []Info
				r := e.Search(context.Background(), p, Limits{Depth: c.depth}, func(in Info) { infos = append(infos, in) })
				checkLines(t, p, lastIteration(infos), 3, r.Best)
			})
		}
	}
}

// TestMultiPVMoreThanMoves: asking for more lines than there are root
// plies gives one line per ply.
func TestMultiPVMoreThanMoves(t *testing.T) {
	p := mustParse(t, "7k/8/8/8/8/8/6PP/7K w - - 0 1") // K: g1; pawns: g3 g4 h3 h4
	e := New(Options{HashMB: 1, MultiPV: 256})
	var infos []Info
	r := e.Search(context.Background(), p, Limits{Depth: 4}, func(in Info) { infos = append(infos, in) })
	checkLines(t, p, lastIteration(infos), len(p.Moves(nil)), r.Best)
}

// TestMultiPVScoresAreExact: every line's score is the value of its move,
// as a search restricted to that move alone finds it.
func TestMultiPVScoresAreExact(t *testing.T) {
	p := mustParse(t, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
	const depth = 4
	var infos []Info
	New(Options{HashMB: 4, MultiPV: 4}).Search(context.Background(), p, Limits{Depth: depth}, func(in Info) { infos = append(infos, in) })
	for _, l := range lastIteration(infos) {
		// A fresh engine per move: the value of the move at this depth,
		// with the line's own iterative deepening.
		r := New(Options{HashMB: 4}).Search(context.Background(), p, Limits{Depth: depth, SearchMoves: l.PV[:1]}, nil)
		if d := r.Score - l.Score; d < -30 || d > 30 {
			t.Errorf("%s: line score %d, alone %d", p.MoveString(l.PV[0]), l.Score, r.Score)
		}
	}
}

// TestRussianFaces: a position whose side to move has not rolled is
// searched for every face: six results in order P..K, each a ply that face
// allows (the pass when it allows none), the expectation is their mean,
// and the move returned is face K's.
func TestRussianFaces(t *testing.T) {
	for _, fen := range []string{
		"rnq2r/1p1p1p/p2(pk)1n/NQ3(Pp)/PP(PK)PP1/R3NR w - 2 7",
		"rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - 0 1",
		"4k1/6/6/6/6/R2K2 w - 0 40", // only K and R take part: P N B Q pass
	} {
		p := mustRussian(t, fen)
		var faceLines, evLines []Info
		r := New(Options{HashMB: 4, Threads: 2}).Search(context.Background(), p, Limits{Depth: 3}, func(in Info) {
			if in.Face != 0 {
				faceLines = append(faceLines, in)
			} else {
				evLines = append(evLines, in)
			}
		})
		if len(r.Faces) != 6 {
			t.Fatalf("%s: %d face results", fen, len(r.Faces))
		}
		sum := 0
		for i, f := range r.Faces {
			if f.Face != "PNBRQK"[i] {
				t.Fatalf("%s: face %d is %c", fen, i, f.Face)
			}
			typ, _ := russian.FaceType(f.Face)
			legal := p.MovesForFace(typ, nil)
			switch {
			case len(legal) == 0 || !p.TakesPart(typ):
				if !russian.IsPass(f.Best) {
					t.Errorf("%s face %c: %s, want the pass", fen, f.Face, p.MoveString(f.Best))
				}
			case !contains(legal, f.Best):
				t.Errorf("%s face %c: %s is not a move of that face", fen, f.Face, p.MoveString(f.Best))
			}
			sum += russianUtility(f.Score) // scores are shown in centipawns, averaged in utility
		}
		if r.Best != r.Faces[5].Best {
			t.Errorf("%s: best %s, face K's %s", fen, p.MoveString(r.Best), p.MoveString(r.Faces[5].Best))
		}
		last := evLines[len(evLines)-1]
		if mean := floorDiv(sum, 6); abs(russianUtility(last.Score)-mean) > 2 || len(last.PV) != 0 {
			t.Errorf("%s: expectation line %d with PV %v, mean of faces %d (%d cp)", fen, last.Score, last.PV, mean, russianDisplay(mean))
		}
		if len(faceLines) != 6*len(evLines) {
			t.Errorf("%s: %d face lines for %d iterations", fen, len(faceLines), len(evLines))
		}
	}
}
