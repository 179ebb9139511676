package engine

import (
	"go/parser"
	"go/token"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"varchess/variants"
	"varchess/variants/chess"
)

// Every evaluation weight is a score, so the flat view covers the struct.
func TestWeightsAreFlatPairs(t *testing.T) {
	names := weightNames()
	if len(names) != nWeights || len(ChessParams()) != nWeights {
		t.Fatalf("%d names, %d weights", len(names), nWeights)
	}
	seen := map[string]bool{}
	for _, n := range names {
		if seen[n] {
			t.Fatalf("weight name %s twice", n)
		}
		seen[n] = true
	}
	if weightIndex(&chessWeights.Tempo) != indexOf(names, "Tempo") ||
		weightIndex(&chessWeights.PST[chess.Knight][27]) != indexOf(names, "PST[2][27]") {
		t.Error("weight index and name disagree")
	}
}

func indexOf(names []string, n string) int {
	for i, x := range names {
		if x == n {
			return i
		}
	}
	return -1
}

// The generated source of the current weights is valid Go and holds them
// all: the committed eval_weights.go round-trips.
func TestWeightsSourceRoundTrip(t *testing.T) {
	var mg, eg []float64
	for _, p := range ChessParams() {
		mg = append(mg, float64(p.MG))
		eg = append(eg, float64(p.EG))
	}
	src, err := ChessWeightsSource(mg, eg, "// test\n")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := parser.ParseFile(token.NewFileSet(), "w.go", src, 0); err != nil {
		t.Fatalf("generated source does not parse: %v", err)
	}
	file, err := os.ReadFile("eval_weights.go")
	if err != nil {
		t.Fatal(err)
	}
	body := func(b []byte) string { return string(b[strings.Index(string(b), "var chessWeights"):]) }
	if body(src) != body(file) {
		t.Error("eval_weights.go is not what ChessWeightsSource writes for its own values")
	}
	if _, err := ChessWeightsSource(mg[:3], eg, ""); err == nil {
		t.Error("short weight list accepted")
	}
}

// The trace is the evaluation: its features times the weights give the
// engine's score (up to the rounding of the king-danger and scale steps).
func TestTraceMatchesEvaluation(t *testing.T) {
	ws := weightSlice(&chessWeights)
	for _, fen := range benchPositions {
		p := mustParse(t, fen)
		tr := TraceChess(p)
		var mg, eg float64
		for _, x := range tr.Linear {
			mg += float64(x.Count * ws[x.Index].mg)
			eg += float64(x.Count * ws[x.Index].eg)
		}
		for c := range 2 {
			var dm, de float64
			for _, x := range tr.Safety[c] {
				dm += float64(x.Count * ws[x.Index].mg)
				de += float64(x.Count * ws[x.Index].eg)
			}
			sign := 1.0
			if c == int(variants.White) {
				sign = -1
			}
			mg += sign * max(dm, 0) * max(dm, 0) / safetyMGDiv
			eg += sign * max(de, 0) / safetyEGDiv
		}
		var cm, ce float64
		for _, x := range tr.Complexity {
			cm += float64(x.Count * ws[x.Index].mg)
			ce += float64(x.Count * ws[x.Index].eg)
		}
		mg, eg = pushedBy(mg, cm), pushedBy(eg, ce)
		v := (mg*float64(tr.Phase) + eg*float64(maxPhase-tr.Phase)) / maxPhase
		s := tr.Scale[0]
		if v < 0 {
			s = tr.Scale[1]
		}
		v = v * float64(s) / scaleNorm
		if d := v - float64(tr.Eval); d > 2 || d < -2 {
			t.Errorf("%s: trace gives %.1f, evaluation %d", fen, v, tr.Eval)
		}
		if got := evaluateChess(p); got != tr.Eval {
			t.Errorf("%s: traced evaluation %d, plain %d", fen, tr.Eval, got)
		}
	}
}

// pushedBy is the complexity rule written plainly: v moves by cx in its own
// direction, and a negative cx shrinks it at most to zero.
func pushedBy(v, cx float64) float64 {
	if v == 0 {
		return 0
	}
	moved := v + cx
	if v < 0 {
		moved = v - cx
	}
	if (moved > 0) != (v > 0) {
		return 0
	}
	return moved
}

// With complexity weights of both signs set, the traced formula still
// gives the engine's evaluation, and the evaluation stays colour-symmetric.
func TestTraceMatchesEvaluationWithComplexity(t *testing.T) {
	saved := chessWeights
	defer func() { chessWeights = saved }()
	w := &chessWeights
	w.CxPassed, w.CxPawns, w.CxBothFlanks = pair(3, 11), pair(-2, 9), pair(5, 30)
	w.CxOutflanking, w.CxInfiltration, w.CxPawnEnding, w.CxBias = pair(1, 8), pair(4, 20), pair(0, 60), pair(-40, -400)
	TestTraceMatchesEvaluation(t)
	TestChessEvalIsColourSymmetric(t)
	// A lone pawn's ending: the bias outweighs the pawn, so the clamp
	// holds the evaluation at zero instead of handing Black the advantage.
	if v := evaluateChess(mustParse(t, "8/8/4k3/8/8/3K4/4P3/8 w - - 0 1")); v != 0 {
		t.Errorf("pawn ending with a large negative complexity: %d, want 0", v)
	}
}

// The complexity features count what they should.
func TestChessComplexityCounts(t *testing.T) {
	w := &chessWeights
	checkTermCounts(t, func(tr ChessTrace) []TraceTerm { return tr.Complexity }, []termCount{
		{"bias", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", &w.CxBias, 1},
		{"pawns", "4k3/pp6/8/8/8/8/5PPP/4K3 w - - 0 1", &w.CxPawns, 5},
		{"passed pawns", "4k3/p7/8/8/8/8/7P/4K3 w - - 0 1", &w.CxPassed, 2},
		{"pawns on both flanks", "4k3/p7/8/8/8/8/7P/4K3 w - - 0 1", &w.CxBothFlanks, 1},
		{"pawns on one flank", "4k3/8/8/8/8/8/5PPP/4K3 w - - 0 1", &w.CxBothFlanks, 0},
		{"kings outflanking", "7k/8/8/8/8/8/8/K7 w - - 0 1", &w.CxOutflanking, 0},
		{"kings on one file", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", &w.CxOutflanking, -7},
		{"kings on one rank", "8/8/8/8/3K1k2/8/8/8 w - - 0 1", &w.CxOutflanking, 2},
		{"white king infiltrated", "8/8/8/3K4/8/8/8/4k3 w - - 0 1", &w.CxInfiltration, 1},
		{"no king infiltrated", "4k3/8/8/8/3K4/8/8/8 w - - 0 1", &w.CxInfiltration, 0},
		{"pawn ending", "4k3/p7/8/8/8/8/7P/4K3 w - - 0 1", &w.CxPawnEnding, 1},
		{"not a pawn ending", "4k3/p7/8/8/8/8/7P/3NK3 w - - 0 1", &w.CxPawnEnding, 0},
	})
}

// The pawn cache gives the same score as computing the structure anew.
func TestPawnCacheIsTransparent(t *testing.T) {
	for _, fen := range benchPositions {
		p := mustParse(t, fen)
		e := newChessEvaluator(p).(*chessEvaluator)
		first := e.Evaluate()
		if again := e.Evaluate(); again != first {
			t.Errorf("%s: %d then %d from the cache", fen, first, again)
		}
		want := evaluateChess(p)
		if p.SideToMove() == variants.Black {
			want = -want
		}
		if first != want {
			t.Errorf("%s: evaluator %d, uncached %d", fen, first, want)
		}
	}
}

// Along random games (kings walking over the same pawns, pawn entries
// replaced), the cached pawn structure and king shelter give the plain
// evaluation's score at every position.
func TestPawnCacheIsTransparentInPlay(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, fen := range benchPositions {
		p := mustParse(t, fen)
		e := newChessEvaluator(p).(*chessEvaluator)
		var buf []variants.Move
		for ply := 0; ply < 60; ply++ {
			want := evaluateChess(p)
			if p.SideToMove() == variants.Black {
				want = -want
			}
			if got := e.Evaluate(); got != want {
				t.Fatalf("%s after %d plies (%s): cached %d, plain %d", fen, ply, p.FEN(), got, want)
			}
			if buf = p.Moves(buf[:0]); len(buf) == 0 {
				break
			}
			p.Make(buf[rng.IntN(len(buf))])
		}
	}
}

// Terms that must point the right way, whatever the tuner found.
func TestChessEvalTerms(t *testing.T) {
	ev := func(fen string) int { return evaluateChess(mustParse(t, fen)) }
	// A free passer is worth more than one blocked by a piece.
	if ev("4k3/8/8/3P4/8/8/8/4K2n w - - 0 1") <= ev("4k3/8/3n4/3P4/8/8/8/4K3 w - - 0 1") {
		t.Error("blocked passer not worse than a free one")
	}
	// A knight attacked by a pawn is a threat for the pawn's side.
	if n := countOf(TraceChess(mustParse(t, "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1")).Linear, &chessWeights.ThreatByPawn[chess.Knight]); n != 1 {
		t.Errorf("pawn attack on a knight counted %d times", n)
	}
	if chessWeights.ThreatByPawn[chess.Knight].mg <= 0 {
		t.Error("a pawn threat on a knight is not a bonus")
	}
	// Trace counts: three White safe queen checks and attackers near the
	// Black king register as danger to Black.
	tr := TraceChess(mustParse(t, "6k1/5ppp/8/6N1/8/8/1B3Q2/6K1 w - - 0 1"))
	if len(tr.Safety[variants.Black]) == 0 {
		t.Error("no king danger recorded against the attacked king")
	}
}

// The piece terms count where they should (White's count minus Black's).
func TestChessEvalPieceTermCounts(t *testing.T) {
	w := &chessWeights
	checkTermCounts(t, func(tr ChessTrace) []TraceTerm { return tr.Linear }, []termCount{
		{"rook shut in by its king", "4k3/8/8/8/8/8/5PPP/5K1R w - - 0 1", &w.RookTrapped, 1},
		{"rook free of its king", "4k3/8/8/8/8/8/5PPP/R4K2 w - - 0 1", &w.RookTrapped, 0},
		{"rook on the queen's file", "3qk3/8/8/8/8/8/8/3RK3 w - - 0 1", &w.RookOnQueenFile, 1},
		{"king on a pawnless flank", "k7/8/8/8/8/8/P7/6K1 w - - 0 1", &w.PawnlessFlank, 1},
		{"bishop on the long diagonal", "4k3/8/8/8/8/8/1B6/4K3 w - - 0 1", &w.LongDiagonal, 1},
		{"bishop blocked before the centre", "4k3/8/8/8/8/2P5/1B6/4K3 w - - 0 1", &w.LongDiagonal, 0},
		{"knight one move from the queen", "4k3/8/8/3q4/8/8/8/1N2K3 w - - 0 1", &w.KnightOnQueen, 1},
		{"minor three steps from its king", "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", &w.KingProtector, 3},
		{"knight one move from an outpost", "4k3/8/8/8/4P3/2N5/8/4K3 w - - 0 1", &w.KnightReachOutpost, 1},
		{"outpost a pawn can still attack", "4k3/2p5/8/8/4P3/2N5/8/4K3 w - - 0 1", &w.KnightReachOutpost, 0},
		{"rook behind a pawn on the king's file", "6k1/8/8/8/8/8/6P1/4K1R1 w - - 0 1", &w.RookOnKingRing, 1},
		{"rook attacking the king's ring", "7k/8/8/8/8/8/8/4K1R1 w - - 0 1", &w.RookOnKingRing, 0},
		{"bishop aiming through a knight", "6k1/8/8/8/3N4/8/1B6/4K3 w - - 0 1", &w.BishopOnKingRing, 1},
		{"bishop aiming into a pawn", "6k1/8/8/8/3P4/8/1B6/4K3 w - - 0 1", &w.BishopOnKingRing, 0},
		{"queen beyond the pawns", "4k3/8/3Q4/8/8/8/8/4K3 w - - 0 1", &w.QueenInfiltration, 1},
		{"queen a pawn attacks", "4k3/4p3/3Q4/8/8/8/8/4K3 w - - 0 1", &w.QueenInfiltration, 0},
		{"isolated pawn on a file without enemy pawns", "4k3/8/8/8/8/8/P7/4K3 w - - 0 1", &w.WeakUnopposed, 1},
		{"isolated pawns facing each other", "4k3/p7/8/8/8/8/P7/4K3 w - - 0 1", &w.WeakUnopposed, 0},
		{"pawn on the fifth stopped by a pawn", "4k3/8/3p4/3P4/8/8/8/4K3 w - - 0 1", &w.BlockedPawn[4], 1},
		{"pawn on the fifth stopped by a knight", "4k3/8/3n4/3P4/8/8/8/4K3 w - - 0 1", &w.BlockedPawn[4], 0},
	})
}

// kingBlockers counts lone pieces of either colour on the lines from the
// king to the attacker's sliders.
func TestKingBlockers(t *testing.T) {
	for _, tc := range []struct {
		name, fen string
		want      int
	}{
		{"pinned pawn", "6k1/5p2/8/8/8/1B6/8/4K3 w - - 0 1", 1},
		{"two pawns in the way", "6k1/5p2/4p3/8/8/1B6/8/4K3 w - - 0 1", 0},
		{"own knight ready to uncover a check", "6k1/8/8/8/8/8/6N1/4K1R1 w - - 0 1", 1},
		{"queen on two lines, one blocked once", "3k4/3p4/8/8/8/3Q4/8/4K3 w - - 0 1", 1},
		{"no slider", "6k1/5p2/8/8/8/1N6/8/4K3 w - - 0 1", 0},
	} {
		p := mustParse(t, tc.fen)
		ev := chessEval{p: p, occ: p.Occupied()}
		if n := ev.kingBlockers(variants.White, p.KingSquare(variants.Black)); n != tc.want {
			t.Errorf("%s: %d blockers, want %d", tc.name, n, tc.want)
		}
	}
}

// The king-danger terms count against the attacked king.
func TestKingDangerTermCounts(t *testing.T) {
	w := &chessWeights
	checkTermCounts(t, func(tr ChessTrace) []TraceTerm { return tr.Safety[variants.Black] }, []termCount{
		{"knight guarding the king's square", "6k1/5ppp/7n/6N1/8/8/1B3Q2/6K1 w - - 0 1", &w.KSKnightDef, 1},
		{"no knight near the king", "6k1/5ppp/8/6N1/8/8/1B3Q2/6K1 w - - 0 1", &w.KSKnightDef, 0},
		{"rook check on a guarded square", "r5k1/5ppp/8/6N1/8/8/1B3Q2/3R2K1 w - - 0 1", &w.KSUnsafeCheck, 1},
		{"rook check on a safe square", "6k1/5ppp/8/6N1/8/8/1B3Q2/3R2K1 w - - 0 1", &w.KSUnsafeCheck, 0},
	})
}

// termCount: weight counted want times in the features terms picks from
// the trace of fen.
type termCount struct {
	name, fen string
	weight    *score
	want      int
}

func checkTermCounts(t *testing.T, terms func(ChessTrace) []TraceTerm, cases []termCount) {
	t.Helper()
	for _, tc := range cases {
		if n := countOf(terms(TraceChess(mustParse(t, tc.fen))), tc.weight); n != tc.want {
			t.Errorf("%s: counted %d, want %d", tc.name, n, tc.want)
		}
	}
}

// countOf is how many times weight w counts among terms (0 if absent).
func countOf(terms []TraceTerm, w *score) int {
	for _, x := range terms {
		if x.Index == weightIndex(w) {
			return x.Count
		}
	}
	return 0
}
