package tune

import (
	"bytes"
	"math"
	"os"
	"strings"
	"testing"

	"varchess/engine"
	"varchess/variants/russian"
)

// russianSmallSet plays a few russian self-play games and loads them.
func russianSmallSet(t *testing.T, lambda float64) (*russianSet, string) {
	t.Helper()
	text, st := generateText(t, GenConfig{Variant: "russian", Games: 40, Nodes: 400, Seed: 5, RandomPlies: 8, MaxOpening: 400, HashMB: 1, Threads: 2})
	if st.Games != 40 || st.WhiteWins+st.BlackWins+st.Draws != 40 {
		t.Fatalf("stats %+v", st)
	}
	s := &russianSet{}
	if err := s.read(strings.NewReader(text), 0, lambda); err != nil {
		t.Fatal(err)
	}
	return s, text
}

// TestRussianDatagen: reproducible for any thread count, positions before
// the roll, not in check, results of the game.
func TestRussianDatagen(t *testing.T) {
	cfg := GenConfig{Variant: "russian", Games: 6, Nodes: 300, Seed: 2, RandomPlies: 8, MaxOpening: 400, HashMB: 1}
	cfg.Threads = 1
	a, _ := generateText(t, cfg)
	cfg.Threads = 3
	b, _ := generateText(t, cfg)
	if a != b || a == "" {
		t.Fatalf("output differs between 1 and 3 threads (%d and %d bytes)", len(a), len(b))
	}
	for _, line := range strings.Split(strings.TrimSpace(a), "\n") {
		fen, _, result, err := ParseLine(line)
		if err != nil {
			t.Fatal(err)
		}
		p, err := russian.Parse(fen)
		if err != nil {
			t.Fatalf("%q: %v", fen, err)
		}
		if p.Roll() != 0 || p.InCheck() || p.Status().Over() {
			t.Errorf("%q: rolled, in check or over", fen)
		}
		if result != 0 && result != 0.5 && result != 1 {
			t.Errorf("%q: result %v", line, result)
		}
	}
}

// TestRussianTunerEvalMatchesEngine: with the engine's weights, the tuner's
// evaluation of every position is the engine's weighted feature difference
// (White's view; Evaluate is that, floored, for the side to move, which
// engine's TestRussianEvaluateMatchesReference checks).
func TestRussianTunerEvalMatchesEngine(t *testing.T) {
	s, text := russianSmallSet(t, 1)
	start := engine.RussianWeights()
	w := floats(start[:])
	for i, line := range strings.Split(strings.TrimSpace(text), "\n") {
		fen, _, _, _ := ParseLine(line)
		p, _ := russian.Parse(fen)
		var f [2]engine.RussianFeatures
		engine.RussianFeaturesOf(p, &f)
		want := float64(engine.RussianScore(&f[0], &f[1])) / 64
		if got := s.eval(i, w); math.Abs(got-want) > 1e-9 {
			t.Fatalf("%s: tuner %.2f, engine %.2f", fen, got, want)
		}
	}
}

// TestRussianGradientMatchesFiniteDifference checks the analytic gradient.
func TestRussianGradientMatchesFiniteDifference(t *testing.T) {
	s, _ := russianSmallSet(t, 0.5)
	idx := make([]int, len(s.diff))
	for i := range idx {
		idx[i] = i
	}
	start := engine.RussianWeights()
	w := floats(start[:])
	g := make([]float64, len(w))
	s.gradient(idx, w, g)
	for j := range w {
		const h = 1.0
		saved := w[j]
		w[j] = saved + h
		up := s.loss(idx, w, false)
		w[j] = saved - h
		down := s.loss(idx, w, false)
		w[j] = saved
		num := (up - down) / (2 * h)
		if math.Abs(num-g[j]) > 1e-6*max(1, math.Abs(num))+1e-9 {
			t.Errorf("%s: gradient %.3g, finite difference %.3g", engine.RussianFeatureNames[j], g[j], num)
		}
	}
}

// TestRussianTuneLowersTheLoss: a run lowers the training loss, leaves
// frozen weights alone and writes source that names every feature.
func TestRussianTuneLowersTheLoss(t *testing.T) {
	s, _ := russianSmallSet(t, 0.5)
	start := engine.RussianWeights()
	w := floats(start[:])
	rep := tuneRussian(s, w, map[int]bool{0: true}, Config{Epochs: 30, LR: 1, Lambda: 0.5, Seed: 1, Valid: 0.1}, nil)
	if !(rep.EndLoss < rep.StartLoss) {
		t.Errorf("loss %g -> %g", rep.StartLoss, rep.EndLoss)
	}
	if w[0] != float64(start[0]) {
		t.Errorf("frozen weight moved: %v -> %v", start[0], w[0])
	}
	src, err := russianWeightsSource(w, "// test\n")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range engine.RussianFeatureNames {
		if !strings.Contains(string(src), "// "+name+" (") {
			t.Errorf("source lacks %s", name)
		}
	}
}

// TestRussianTuneHeader: the russian weights file names the command that
// made it, the flags that shape the weights included.
func TestRussianTuneHeader(t *testing.T) {
	dir := t.TempDir()
	data, src := dir+"/r.txt", dir+"/w.go"
	var out, errOut bytes.Buffer
	if code := DatagenMain([]string{"-variant", "russian", "-games", "2", "-nodes", "300", "-out", data, "-hash", "1"}, &out, &errOut); code != 0 {
		t.Fatalf("datagen: exit %d: %s", code, errOut.String())
	}
	if code := TuneMain([]string{"-variant", "russian", "-data", data, "-epochs", "2", "-freeze", "Mat", "-limit", "50", "-out", src}, &out, &errOut); code != 0 {
		t.Fatalf("tune: exit %d: %s", code, errOut.String())
	}
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	cmd := "// varchess tune -variant russian -data " + data + " -epochs 2 -lr 1 -lambda 0.2 -seed 1 -freeze Mat -limit 50\n"
	if !strings.Contains(string(b), cmd) {
		t.Errorf("header lacks the command %q:\n%.400s", cmd, b)
	}
}
