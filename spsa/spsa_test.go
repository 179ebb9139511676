package spsa

import (
	"bytes"
	"context"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"varchess/match"
	"varchess/variants/all"
)

func testTuner(steps int) *Tuner {
	return &Tuner{Steps: steps, Seed: 7, Params: []Param{
		{Name: "A", Value: 100, Min: 0, Max: 400, CEnd: 20, REnd: 0.002},
		{Name: "B", Value: 50, Min: 10, Max: 90, CEnd: 4, REnd: 0.002},
	}}
}

// TestSchedule: at the last step the nudge is CEnd and one point of result
// moves a value by REnd x CEnd; earlier nudges are larger.
func TestSchedule(t *testing.T) {
	tu := testTuner(1000)
	p := tu.Params[0]
	last := tu.Steps - 1
	if c := tu.nudge(p, last); math.Abs(c-p.CEnd) > 1e-9 {
		t.Errorf("last nudge %g, want %g", c, p.CEnd)
	}
	if step := tu.rate(p, last) * tu.nudge(p, last); math.Abs(step-p.REnd*p.CEnd) > 1e-9 {
		t.Errorf("last step per point %g, want %g", step, p.REnd*p.CEnd)
	}
	if tu.nudge(p, 0) <= tu.nudge(p, last) {
		t.Errorf("the first nudge %g is not above the last %g", tu.nudge(p, 0), tu.nudge(p, last))
	}
}

// TestTrialIsSymmetricAndRepeatable: the two engines straddle the value,
// each step's directions come from the seed and the step alone.
func TestTrialIsSymmetricAndRepeatable(t *testing.T) {
	tu := testTuner(100)
	flips := map[float64]int{}
	for k := range 50 {
		a, b := tu.Trial(k), tu.Trial(k)
		for i, p := range tu.Params {
			if a.Plus[i] != b.Plus[i] || a.Minus[i] != b.Minus[i] {
				t.Fatalf("step %d: two draws differ", k)
			}
			mid := float64(a.Plus[i]+a.Minus[i]) / 2
			if math.Abs(mid-p.Value) > 1 {
				t.Errorf("step %d %s: plus %d and minus %d do not straddle %g", k, p.Name, a.Plus[i], a.Minus[i], p.Value)
			}
			if want := p.Value + a.flip[i]*a.c[i]; math.Abs(float64(a.Plus[i])-want) > 0.5 {
				t.Errorf("step %d %s: plus %d, want %g rounded", k, p.Name, a.Plus[i], want)
			}
			flips[a.flip[i]]++
		}
	}
	if flips[1] < 30 || flips[-1] < 30 {
		t.Errorf("directions not both drawn often: %v", flips)
	}
}

// TestApplyFollowsTheWinner: a won pair moves every value toward the plus
// engine's, a lost one away, and values stay in range.
func TestApplyFollowsTheWinner(t *testing.T) {
	for _, result := range []float64{2, -2} {
		tu := testTuner(100)
		tr := tu.Trial(3)
		before := []float64{tu.Params[0].Value, tu.Params[1].Value}
		tu.Apply(tr, result)
		for i, p := range tu.Params {
			moved := (p.Value - before[i]) * tr.flip[i] * result
			if moved <= 0 {
				t.Errorf("result %+g: %s moved %g -> %g, direction %+g", result, p.Name, before[i], p.Value, tr.flip[i])
			}
		}
		if tu.Done != 1 {
			t.Errorf("done %d after one pair", tu.Done)
		}
	}
	tu := testTuner(100)
	tu.Params[1].Value = 89.9
	for k := range 100 {
		tr := tu.Trial(k)
		tu.Apply(tr, 2*tr.flip[1]) // always toward larger B
	}
	if v := tu.Params[1].Value; v > tu.Params[1].Max {
		t.Errorf("B left its range: %g", v)
	}
}

// TestConverges: against a simulated opponent whose strength peaks at a
// known point, the tuner walks from far away to near it. The game pair is
// drawn from a logistic model of the two engines' distance to the optimum.
func TestConverges(t *testing.T) {
	tu := &Tuner{Steps: 4000, Seed: 11, Params: []Param{
		{Name: "X", Value: 40, Min: 0, Max: 200, CEnd: 10, REnd: 0.02},
		{Name: "Y", Value: 160, Min: 0, Max: 200, CEnd: 10, REnd: 0.02},
	}}
	opt := []float64{120, 70}
	strength := func(v []int) float64 { // Elo-like, 0 at the optimum
		s := 0.0
		for i, x := range v {
			d := (float64(x) - opt[i]) / 10
			s -= 3 * d * d
		}
		return s
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for k := range tu.Steps {
		tr := tu.Trial(k)
		p := 1 / (1 + math.Pow(10, (strength(tr.Minus)-strength(tr.Plus))/400))
		result := 0.0
		for range 2 {
			if rng.Float64() < p {
				result++
			} else {
				result--
			}
		}
		tu.Apply(tr, result)
	}
	start := []float64{40, 160}
	for i, p := range tu.Params {
		if math.Abs(p.Value-opt[i]) > math.Abs(start[i]-opt[i])/3 {
			t.Errorf("%s ended at %.1f: from %g it should be near %g", p.Name, p.Value, start[i], opt[i])
		}
	}
}

func TestParseSpins(t *testing.T) {
	answer := "id name varchess\n" +
		"option name Hash type spin default 16 min 1 max 65536\n" +
		"option name Skill Level type spin default 20 min 0 max 20\n" +
		"option name UCI_ShowWDL type check default false\n" +
		"option name EvalFile type string default <default>\n" +
		"option name Broken type spin default x min 0 max 3\n" +
		"uciok\n"
	got := parseSpins(answer)
	want := map[string]spin{
		"Hash":        {"Hash", 16, 1, 65536},
		"Skill Level": {"Skill Level", 20, 0, 20},
	}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: got %+v, want %+v", k, got[k], v)
		}
	}
}

// TestStateRoundTrip: the saved state loads back the same run, and a
// missing file is a new run, not an error.
func TestStateRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.json")
	if _, resumed, err := loadTuner(path); resumed || err != nil {
		t.Fatalf("missing file: resumed %v, err %v", resumed, err)
	}
	tu := testTuner(100)
	tu.Apply(tu.Trial(0), 1)
	if err := saveTuner(path, tu); err != nil {
		t.Fatal(err)
	}
	back, resumed, err := loadTuner(path)
	if err != nil || !resumed {
		t.Fatalf("resumed %v, err %v", resumed, err)
	}
	if back.Done != 1 || back.Seed != tu.Seed || back.Params[0] != tu.Params[0] || back.Params[1] != tu.Params[1] {
		t.Errorf("loaded %+v, saved %+v", back, tu)
	}
	if err := os.WriteFile(path, []byte(`{"Params":[],"Steps":5}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := loadTuner(path); err == nil {
		t.Error("a state without parameters loaded")
	}
}

// TestMainFlags: missing or bad flags are usage errors with a reason.
func TestMainFlags(t *testing.T) {
	state := filepath.Join(t.TempDir(), "s.json")
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"-state", state}, "-engine and -state are required"},
		{[]string{"-engine", "cmd=x", "-state", state, "stray"}, "unexpected argument"},
		{[]string{"-engine", "cmd=x", "-state", state, "-concurrency", "0"}, "-concurrency"},
		{[]string{"-engine", "cmd=x", "-state", state, "-variant", "nope"}, "nope"},
		{[]string{"-engine", "cmd=x", "-state", state}, "-steps"},
		{[]string{"-engine", "cmd=x", "-state", state, "-tc", "inf", "-nodes", "0"}, "no limit"},
		{[]string{"-engine", "cmd=/nonexistent/engine", "-state", state, "-steps", "10"}, "asking"},
	}
	for _, c := range cases {
		var out, errOut bytes.Buffer
		if code := Main(context.Background(), c.args, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), c.want) ||
			!strings.Contains(errOut.String(), "usage: spsa") {
			t.Errorf("%v: exit %d, stderr %q; want 2, %q and the usage", c.args, code, errOut.String(), c.want)
		}
	}
	var out, errOut bytes.Buffer
	if code := Main(context.Background(), []string{"-h"}, &out, &errOut); code != 0 || !strings.Contains(errOut.String(), "usage: spsa") {
		t.Errorf("-h: exit %d, %q", code, errOut.String())
	}
}

// TestRunPlaysAndSaves: a short run over built-in players (which ignore
// the options) plays every planned pair, applies each result and leaves
// the state file with all of them done.
func TestRunPlaysAndSaves(t *testing.T) {
	spec, err := match.ParseEngineSpec("builtin:greedy")
	if err != nil {
		t.Fatal(err)
	}
	g, err := all.Get("chess")
	if err != nil {
		t.Fatal(err)
	}
	state := filepath.Join(t.TempDir(), "s.json")
	tu := testTuner(4)
	var progress bytes.Buffer
	r := &run{t: tu, spec: spec, game: g, tc: match.TimeControl{Nodes: 1}, plies: 4, state: state, progress: &progress}
	if err := r.play(context.Background(), 2); err != nil {
		t.Fatal(err)
	}
	back, resumed, err := loadTuner(state)
	if err != nil || !resumed || back.Done != 4 {
		t.Fatalf("state after the run: %+v, resumed %v, err %v", back, resumed, err)
	}
	n := 0
	for _, line := range strings.Split(progress.String(), "\n") {
		if strings.HasPrefix(line, "pair ") {
			n++
		}
	}
	if n != 4 {
		t.Errorf("%d progress lines for 4 pairs:\n%s", n, progress.String())
	}
	if !strings.Contains(progress.String(), "values after 4 pairs: option.A=") {
		t.Errorf("no final values in the progress:\n%s", progress.String())
	}
}

// FuzzParseSpins: any engine answer parses without panic, and every spin
// found has a name whose words (joined by single spaces) are in the answer.
func FuzzParseSpins(f *testing.F) {
	f.Add("option name Hash type spin default 16 min 1 max 65536\nuciok\n")
	f.Add("option name type spin default 1 min 0 max 2\n")
	f.Add("option name A B type type spin default -3 min -9 max 9 default 4\n")
	f.Fuzz(func(t *testing.T, answer string) {
		for name := range parseSpins(answer) {
			if name == "" {
				t.Errorf("a nameless spin from %q", answer)
			}
			for _, w := range strings.Fields(name) {
				if !strings.Contains(answer, w) {
					t.Errorf("spin %q from %q", name, answer)
				}
			}
		}
	})
}
