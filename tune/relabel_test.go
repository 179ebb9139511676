package tune

import (
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"varchess/match"
)

// buildScoreEngine builds testdata/scoreengine, a UCI engine whose score
// is known from the FEN alone.
func buildScoreEngine(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "scoreengine")
	if out, err := exec.Command("go", "build", "-o", bin, "./testdata/scoreengine").CombinedOutput(); err != nil {
		t.Fatalf("building the score engine: %v\n%s", err, out)
	}
	return bin
}

// pieceBalance is the score engine's score from White's view.
func pieceBalance(fen string) int {
	v := 0
	for _, r := range strings.Fields(fen)[0] {
		switch {
		case unicode.IsUpper(r):
			v += 10
		case unicode.IsLower(r):
			v -= 10
		}
	}
	return v
}

func TestRelabelKeepsOrderAndTurnsScoresToWhite(t *testing.T) {
	bin := buildScoreEngine(t)
	text, _ := generateText(t, GenConfig{Games: 2, Nodes: 400, Seed: 5, RandomPlies: 8, MaxOpening: 400, HashMB: 1, Threads: 1})
	var in []relabelLine
	if err := scanData(strings.NewReader(text), 0, func(fen string, score int, result float64) error {
		in = append(in, relabelLine{fen: fen, score: score, result: result})
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(in) < 20 {
		t.Fatalf("only %d positions to relabel", len(in))
	}
	spec, err := match.ParseEngineSpec("cmd=" + bin)
	if err != nil {
		t.Fatal(err)
	}
	const clip = 50
	lines := append([]relabelLine(nil), in...)
	var got []relabelLine
	var progress []int
	cfg := RelabelConfig{Engine: spec, Depth: 1, Threads: 3, Clip: clip, Chunk: 7}
	err = Relabel(context.Background(), lines, cfg, func(chunk []relabelLine) error {
		got = append(got, chunk...)
		return nil
	}, func(done int) { progress = append(progress, done) })
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(in) || progress[len(progress)-1] != len(in) {
		t.Fatalf("wrote %d of %d positions (progress %v)", len(got), len(in), progress)
	}
	blackToMove := 0
	for i, l := range got {
		if l.fen != in[i].fen || l.result != in[i].result {
			t.Fatalf("line %d: %q %.1f, want %q %.1f (order or result lost)", i, l.fen, l.result, in[i].fen, in[i].result)
		}
		if want := max(-clip, min(clip, pieceBalance(l.fen))); l.score != want {
			t.Errorf("%s: score %d, want %d from White's view", l.fen, l.score, want)
		}
		if strings.Fields(l.fen)[1] == "b" {
			blackToMove++
		}
	}
	if blackToMove == 0 || blackToMove == len(got) {
		t.Errorf("%d of %d positions with Black to move: the test needs both sides", blackToMove, len(got))
	}
}

func TestRelabelReportsAnEngineThatCannotStart(t *testing.T) {
	spec, err := match.ParseEngineSpec("cmd=" + filepath.Join(t.TempDir(), "missing"))
	if err != nil {
		t.Fatal(err)
	}
	lines := []relabelLine{{fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", result: 0.5}}
	err = Relabel(context.Background(), lines, RelabelConfig{Engine: spec, Depth: 1, Threads: 1, Clip: 100},
		func([]relabelLine) error { t.Error("wrote a chunk without an engine"); return nil }, func(int) {})
	if err == nil {
		t.Fatal("no error from an engine that does not exist")
	}
}

func TestFitScoreKReadsTheScoresOwnScale(t *testing.T) {
	s := smallSet(t)
	for i := range s.score {
		s.score[i] = 2 * s.evals[i]
	}
	idx := make([]int, s.Len())
	for i := range idx {
		idx[i] = i
	}
	k, sk := s.FitK(idx), s.FitScoreK(idx)
	if d := sk - k/2; d > 1e-3 || d < -1e-3 {
		t.Errorf("scores twice the evals: score K %.4f, want half of K %.4f", sk, k)
	}
}

func TestPhaseScalesPutScoresOnTheEvalsScale(t *testing.T) {
	s := smallSet(t)
	idx := make([]int, s.Len())
	seen := map[int]bool{}
	for i := range idx {
		idx[i] = i
		seen[scaleBucket(s.pos[i].phase)] = true
	}
	if len(seen) < 2 {
		t.Fatalf("the positions fill %d phase bucket(s): the test needs several", len(seen))
	}
	// Scores three times the evals in the endgame half, the evals
	// elsewhere: the factors must undo exactly that.
	for i := range s.score {
		s.score[i] = s.evals[i]
		if scaleBucket(s.pos[i].phase) < scaleBuckets/2 {
			s.score[i] = 3 * s.evals[i]
		}
	}
	f := s.PhaseScales(idx)
	for b := range f {
		want := 1.0
		if b < scaleBuckets/2 && seen[b] {
			want = 1.0 / 3
		}
		if d := f[b] - want; d > 2e-3 || d < -2e-3 {
			t.Errorf("bucket %d: factor %.4f, want %.4f", b, f[b], want)
		}
	}
}
