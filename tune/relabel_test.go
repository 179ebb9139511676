package tune

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"varchess/engine"
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
	var in []Sample
	if err := scanData(strings.NewReader(text), 0, func(fen string, score int, result float64) error {
		in = append(in, Sample{FEN: fen, Score: score, Result: result})
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
	lines := append([]Sample(nil), in...)
	var got []Sample
	var progress []int
	cfg := RelabelConfig{Engine: spec, Depth: 1, Threads: 3, Clip: clip, Chunk: 7}
	err = Relabel(context.Background(), lines, cfg, func(chunk []Sample) error {
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
		if l.FEN != in[i].FEN || l.Result != in[i].Result {
			t.Fatalf("line %d: %q %.1f, want %q %.1f (order or result lost)", i, l.FEN, l.Result, in[i].FEN, in[i].Result)
		}
		if want := max(-clip, min(clip, pieceBalance(l.FEN))); l.Score != want {
			t.Errorf("%s: score %d, want %d from White's view", l.FEN, l.Score, want)
		}
		if strings.Fields(l.FEN)[1] == "b" {
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
	lines := []Sample{{FEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Result: 0.5}}
	err = Relabel(context.Background(), lines, RelabelConfig{Engine: spec, Depth: 1, Threads: 1, Clip: 100},
		func([]Sample) error { t.Error("wrote a chunk without an engine"); return nil }, func(int) {})
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
	// Only phase, eval, score and result enter PhaseScales, so the set is
	// built from them alone, with every bucket holding positions whose
	// best K is interior: positions dealt to the buckets in turn, evals of
	// 50 to 400 cp of both signs, results that follow the eval's sign two
	// times in three. (Positions of a few self-play games, as the test
	// once took, can leave a bucket of a handful of positions, or of
	// results that all follow their evals, whose K sits at a bound of the
	// search at any scale.)
	var first [scaleBuckets]uint8 // a phase of each bucket
	for p := engine.ChessMaxPhase; p >= 0; p-- {
		first[scaleBucket(uint8(p))] = uint8(p)
	}
	const perBucket = 24 // a whole cycle of the eval and result patterns
	size := perBucket * scaleBuckets
	s := &Set{pos: make([]position, size), evals: make([]int32, size), score: make([]int32, size)}
	idx := make([]int, size)
	for i := range idx {
		idx[i] = i
		b, n := i%scaleBuckets, i/scaleBuckets
		s.pos[i].phase = first[b]
		s.evals[i] = int32(50 * (1 + n%8))
		if n/8%2 == 1 {
			s.evals[i] = -s.evals[i]
		}
		if agree := n%3 != 2; agree == (s.evals[i] >= 0) {
			s.pos[i].result = 1 // else a loss: 0
		}
		// Scores three times the evals in the endgame half, the evals
		// elsewhere: the factors must undo exactly that.
		s.score[i] = s.evals[i]
		if b < scaleBuckets/2 {
			s.score[i] = 3 * s.evals[i]
		}
	}
	f := s.PhaseScales(idx)
	for b := range f {
		want := 1.0
		if b < scaleBuckets/2 {
			want = 1.0 / 3
		}
		if d := f[b] - want; d > 2e-3 || d < -2e-3 {
			t.Errorf("bucket %d: factor %.4f, want %.4f", b, f[b], want)
		}
	}
	// A bucket without positions keeps factor 1.
	if f := s.PhaseScales(idx[:scaleBuckets-1]); f[scaleBuckets-1] != 1 {
		t.Errorf("empty bucket: factor %.4f, want 1", f[scaleBuckets-1])
	}
}

func TestRelabelMainRejectsBadFlags(t *testing.T) {
	var out, errOut strings.Builder
	for _, args := range [][]string{
		{},
		{"-data", "x", "-out", "y"}, // no engine
		{"-data", "x", "-out", "y", "-engine", "cmd=e", "-depth", "0"},   // no limit
		{"-data", "x", "-out", "y", "-engine", "cmd=e", "-threads", "0"}, // no engine at all
		{"-data", "x", "-out", "y", "-engine", "cmd=e,proto=cecp"},       // not UCI
		{"-data", "x", "-out", "y", "-engine", "cmd=e", "-clip", "0"},    // nothing left of a score
		{"-data", "x", "-out", "y", "-engine", "cmd=e", "-limit", "-1"},  // negative limit
		{"-data", "x", "-out", "y", "-engine", "cmd=e", "left", "over"},  // stray arguments
	} {
		if code := RelabelMain(context.Background(), args, &out, &errOut); code != 2 {
			t.Errorf("relabel %v: exit %d, want 2", args, code)
		}
	}
	if code := RelabelMain(context.Background(), []string{"-data", filepath.Join(t.TempDir(), "none"), "-out", filepath.Join(t.TempDir(), "o"), "-engine", "cmd=e"}, &out, &errOut); code != 1 {
		t.Errorf("relabel of a missing file: exit %d, want 1", code)
	}
	if code := RelabelMain(context.Background(), []string{"-h"}, &out, &errOut); code != 0 {
		t.Errorf("relabel -h: exit %d, want 0", code)
	}
}

func TestRelabelMainWritesEveryLine(t *testing.T) {
	bin := buildScoreEngine(t)
	text, _ := generateText(t, GenConfig{Games: 1, Nodes: 400, Seed: 9, RandomPlies: 8, MaxOpening: 400, HashMB: 1, Threads: 1})
	dir := t.TempDir()
	in, outFile := filepath.Join(dir, "in.txt"), filepath.Join(dir, "out.txt")
	if err := os.WriteFile(in, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut strings.Builder
	if code := RelabelMain(context.Background(), []string{"-data", in, "-out", outFile, "-engine", "cmd=" + bin, "-depth", "1", "-threads", "2"}, &out, &errOut); code != 0 {
		t.Fatalf("relabel: exit %d: %s", code, errOut.String())
	}
	got, err := os.ReadFile(outFile)
	if err != nil {
		t.Fatal(err)
	}
	inLines, outLines := strings.Split(strings.TrimSpace(text), "\n"), strings.Split(strings.TrimSpace(string(got)), "\n")
	if len(outLines) != len(inLines) {
		t.Fatalf("%d lines written of %d", len(outLines), len(inLines))
	}
	for i, l := range outLines {
		fen, score, result, err := ParseLine(l)
		if err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		inFEN, _, inResult, _ := ParseLine(inLines[i])
		if fen != inFEN || result != inResult || score != max(-3000, min(3000, pieceBalance(fen))) {
			t.Fatalf("line %d: %q, from %q", i+1, l, inLines[i])
		}
	}
}
