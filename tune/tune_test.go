package tune

import (
	"bytes"
	"math"
	"os"
	"strings"
	"sync"
	"testing"

	"varchess/engine"
)

// smallSet plays a few short self-play games and loads their positions.
func smallSet(t *testing.T) *Set {
	t.Helper()
	text, _ := generateText(t, GenConfig{Games: 3, Nodes: 600, Seed: 7, RandomPlies: 8, MaxOpening: 400, HashMB: 1, Threads: 1})
	s, err := Load(strings.NewReader(text), 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// generateText runs datagen with cfg and returns its output lines.
func generateText(t *testing.T, cfg GenConfig) (string, GenStats) {
	t.Helper()
	var sb strings.Builder
	st, err := Generate(cfg, func(ss []Sample) error {
		for _, s := range ss {
			sb.WriteString(s.Line() + "\n")
		}
		return nil
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return sb.String(), st
}

func TestGenerateIsReproducible(t *testing.T) {
	run := func(threads int) string {
		cfg := GenConfig{Games: 4, Nodes: 500, Seed: 3, RandomPlies: 6, MaxOpening: 400, HashMB: 1, Threads: threads}
		text, st := generateText(t, cfg)
		if st.Games != 4 || st.WhiteWins+st.BlackWins+st.Draws != 4 {
			t.Fatalf("stats %+v", st)
		}
		return text
	}
	a, b := run(1), run(2)
	if a != b || a == "" {
		t.Errorf("datagen output differs between 1 and 2 threads (%d and %d bytes)", len(a), len(b))
	}
	for _, line := range strings.Split(strings.TrimSpace(a), "\n") {
		if _, _, _, err := ParseLine(line); err != nil {
			t.Fatalf("datagen wrote a line the tuner cannot read: %v", err)
		}
	}
}

// A stopped run writes whole games only: a prefix of the full run.
func TestGenerateStopsBetweenGames(t *testing.T) {
	run := func(threads int, stopAfter int) (string, GenStats) {
		cfg := GenConfig{Games: 4, Nodes: 500, Seed: 3, RandomPlies: 6, MaxOpening: 400, HashMB: 1, Threads: threads}
		if stopAfter >= 0 {
			var mu sync.Mutex
			asked := 0
			cfg.Stop = func() bool {
				mu.Lock()
				defer mu.Unlock()
				asked++
				return asked > stopAfter
			}
		}
		return generateText(t, cfg)
	}
	full, _ := run(1, -1)
	two, st := run(1, 2)
	if st.Games != 2 || two == "" || !strings.HasPrefix(full, two) || len(two) == len(full) {
		t.Errorf("stopped after 2 games: %d games, %d of %d bytes, prefix %v", st.Games, len(two), len(full), strings.HasPrefix(full, two))
	}
	if none, st := run(2, 0); st.Games != 0 || none != "" {
		t.Errorf("stopped at once: %d games, %d bytes", st.Games, len(none))
	}
	some, st := run(2, 3)
	if st.Games < 1 || st.Games > 4 || !strings.HasPrefix(full, some) {
		t.Errorf("two threads stopped after 3 starts: %d games, prefix %v", st.Games, strings.HasPrefix(full, some))
	}
}

func TestParseLineRejectsBadInput(t *testing.T) {
	for _, bad := range []string{
		"8/8/8/8/8/8/8/K6k w - - 0 1 | 12",
		"8/8/8/8/8/8/8/K6k w - - 0 1 | x | 1.0",
		"8/8/8/8/8/8/8/K6k w - - 0 1 | 3 | 2",
	} {
		if _, _, _, err := ParseLine(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if _, err := Load(strings.NewReader("not a fen | 0 | 0.5\n"), 0, nil); err == nil {
		t.Error("bad FEN accepted")
	}
}

// The tuner's float evaluation of the engine's own weights is the engine's
// integer evaluation up to rounding, except where a phase's score before
// complexity lies within rounding of zero: there complexity's direction
// depends on the rounding (the engine's king-danger penalties are
// truncated, at most a centipawn each). Those positions must stay rare.
func TestTunerEvalMatchesEngine(t *testing.T) {
	s := smallSet(t)
	w := startWeights()
	worst, atZero := 0.0, 0
	for i := range s.Len() {
		o := s.eval(i, &w)
		if math.Abs(o.pre[0]) < 1 || math.Abs(o.pre[1]) < 1 {
			atZero++
			continue
		}
		worst = max(worst, math.Abs(o.v-float64(s.evals[i])))
	}
	if worst > 2 {
		t.Errorf("tuner eval differs from the engine's by up to %.1f cp", worst)
	}
	t.Logf("%d of %d positions left out, worst difference %.2f cp", atZero, s.Len(), worst)
	if atZero > s.Len()/20 {
		t.Errorf("%d of %d positions have a phase score within rounding of zero: too many to leave out", atZero, s.Len())
	}
}

// The analytic gradient agrees with finite differences, king-danger
// weights (through the square) included; the second time with complexity
// weights that clamp some positions' scores to zero.
func TestGradientMatchesFiniteDifference(t *testing.T) {
	s := smallSet(t)
	idx := make([]int, s.Len())
	for i := range idx {
		idx[i] = i
	}
	k := s.FitK(idx)
	s.setTargets(k, 0.5, ones())
	t.Run("engine weights", func(t *testing.T) { checkGradient(t, s, idx, k, startWeights()) })
	w := startWeights()
	names := map[string]int{}
	for i, p := range engine.ChessParams() {
		names[p.Name] = i
	}
	for name, v := range map[string][2]float64{"CxPawns": {-3, 6}, "CxPassed": {4, 15}, "CxBias": {-60, -90}} {
		i, ok := names[name]
		if !ok {
			t.Fatalf("no weight %s", name)
		}
		w.MG[i], w.EG[i] = v[0], v[1]
	}
	clamped := 0
	for _, i := range idx {
		e := s.eval(i, &w)
		if e.pass[0] == 0 || e.pass[1] == 0 {
			clamped++
		}
	}
	if clamped == 0 {
		t.Fatal("no position clamped by the complexity weights")
	}
	t.Run("complexity weights", func(t *testing.T) { checkGradient(t, s, idx, k, w) })
}

func checkGradient(t *testing.T, s *Set, idx []int, k float64, w Weights) {
	n := len(w.MG)
	// The king-danger sums pass through max(0, .) and complexity through
	// a clamp (engine/eval_chess.go). With the engine's integer weights a
	// position can sit exactly on such a kink, where the loss has no
	// derivative (the gradient takes one side, a central difference their
	// mean): shifting every weight by a fraction of a unit moves the point
	// off every kink.
	for i := range n {
		w.MG[i] += 0.01 * float64(i%7+1)
		w.EG[i] += 0.01 * float64(i%5+1)
	}
	g := Weights{MG: make([]float64, n), EG: make([]float64, n)}
	s.gradient(idx, &w, k, &g)
	// the most used weights, linear and danger ones
	checked := 0
	for i := range n {
		for _, mg := range []bool{true, false} {
			an := g.EG[i]
			p := &w.EG[i]
			if mg {
				an, p = g.MG[i], &w.MG[i]
			}
			an /= float64(len(idx))
			if math.Abs(an) < 1e-7 {
				continue
			}
			old := *p
			// A small step, so that no position crosses a kink between
			// old-h and old+h.
			const h = 0.001
			*p = old + h
			up := s.Loss(idx, &w, k, false)
			*p = old - h
			down := s.Loss(idx, &w, k, false)
			*p = old
			num := (up - down) / (2 * h)
			if math.Abs(num-an) > 1e-3*math.Abs(an)+1e-8 {
				t.Errorf("weight %d (mg %v): gradient %g, finite difference %g", i, mg, an, num)
			}
			checked++
		}
	}
	if checked < 100 {
		t.Errorf("only %d weights have a gradient", checked)
	}
}

func TestRunLowersTheLoss(t *testing.T) {
	s := smallSet(t)
	w := startWeights()
	rep := Run(s, &w, Config{Epochs: 20, LR: 1, Lambda: 0.7, Seed: 1, Valid: 0.1, Threads: 2}, nil)
	if !(rep.EndLoss < rep.StartLoss) {
		t.Errorf("loss %g -> %g", rep.StartLoss, rep.EndLoss)
	}
	w2 := startWeights()
	Run(s, &w2, Config{Epochs: 20, LR: 1, Lambda: 0.7, Seed: 1, Valid: 0.1, Threads: 2}, nil)
	for i := range w.MG {
		if w.MG[i] != w2.MG[i] || w.EG[i] != w2.EG[i] {
			t.Fatalf("two runs with the same seed differ at weight %d", i)
		}
	}
}

// Frozen weights keep their values; ValidFrom makes the tail of the set
// the validation positions.
func TestRunFrozenAndValidFrom(t *testing.T) {
	s := smallSet(t)
	w := startWeights()
	frozen := map[int]bool{}
	for i := 0; i < len(w.MG); i += 2 {
		frozen[i] = true
	}
	from := s.Len() * 3 / 4
	rep := Run(s, &w, Config{Epochs: 10, LR: 1, Lambda: 0.7, Seed: 1, ValidFrom: from, Frozen: frozen, Threads: 1}, nil)
	if rep.Valid != s.Len()-from || rep.Train != from {
		t.Errorf("train %d valid %d, want %d and %d", rep.Train, rep.Valid, from, s.Len()-from)
	}
	start := startWeights()
	moved := 0
	for i := range w.MG {
		same := w.MG[i] == start.MG[i] && w.EG[i] == start.EG[i]
		if frozen[i] && !same {
			t.Fatalf("frozen weight %d moved", i)
		}
		if !frozen[i] && !same {
			moved++
		}
	}
	if moved == 0 {
		t.Error("no free weight moved")
	}
}

func TestCommandsRejectBadFlags(t *testing.T) {
	var out, errOut bytes.Buffer
	for _, args := range [][]string{
		{"-games", "0", "-out", "/dev/null"},
		{"-nodes", "0", "-out", "/dev/null"},
		{}, // no -out
		{"-out", "/dev/null", "extra"},
		{"-duration", "-1s", "-out", "/dev/null"},
	} {
		if code := DatagenMain(args, &out, &errOut); code != 2 {
			t.Errorf("datagen %v: exit %d, want 2", args, code)
		}
	}
	for _, args := range [][]string{
		{},
		{"-data", "x", "-lambda", "2"},
		{"-data", "x", "-epochs", "0"},
		{"-data", "x", "-scorek", "both"},
		{"-data", "x", "-scorek", "fit", "-variant", "russian"},
	} {
		if code := TuneMain(args, &out, &errOut); code != 2 {
			t.Errorf("tune %v: exit %d, want 2", args, code)
		}
	}
	if code := TuneMain([]string{"-data", "/nonexistent/file"}, &out, &errOut); code != 1 {
		t.Errorf("tune with a missing file: exit %d, want 1", code)
	}
	if code := DatagenMain([]string{"-h"}, &out, &errOut); code != 0 {
		t.Errorf("datagen -h: exit %d", code)
	}
}

// A whole run through the commands: datagen writes a file, tune reads it
// and writes Go source for the engine's weights.
func TestCommandsEndToEnd(t *testing.T) {
	dir := t.TempDir()
	data, src := dir+"/d.txt", dir+"/w.go"
	var out, errOut bytes.Buffer
	if code := DatagenMain([]string{"-games", "2", "-nodes", "400", "-out", data, "-hash", "1"}, &out, &errOut); code != 0 {
		t.Fatalf("datagen: exit %d: %s", code, errOut.String())
	}
	if code := TuneMain([]string{"-data", data, "-validdata", data, "-freeze", "PST", "-epochs", "3", "-threads", "2", "-out", src}, &out, &errOut); code != 0 {
		t.Fatalf("tune: exit %d: %s", code, errOut.String())
	}
	b, err := os.ReadFile(src)
	if err != nil || !strings.Contains(string(b), "var chessWeights = evalWeights{") {
		t.Fatalf("tune output: %v\n%.200s", err, b)
	}
	// The header repeats every flag that shapes the weights, so the run
	// can be repeated from the file alone.
	cmd := "// varchess tune -data " + data + " -epochs 3 -lr 1 -lambda 0.2 -seed 1 -freeze PST -threads 2 -validdata " + data + "\n"
	if !strings.Contains(string(b), cmd) {
		t.Errorf("header lacks the command %q:\n%.400s", cmd, b)
	}
	if !strings.Contains(errOut.String(), "weight pairs frozen") {
		t.Errorf("no frozen report: %s", errOut.String())
	}
	if !strings.Contains(out.String(), "validation loss") {
		t.Errorf("no loss report: %s", out.String())
	}
}
