package match

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// crossCell is the crosstable cell of engine a against b, computed from
// the games.
func crossCell(games []gameRecord, a, b int) string {
	pts, n := 0.0, 0
	for _, g := range games {
		if isPairOf(g, a, b) {
			pts += points(g, a)
			n++
		}
	}
	if n == 0 {
		return "."
	}
	return fmt.Sprintf("%g/%d", pts, n)
}

// TestTournaments plays a three-engine round robin and gauntlet (two
// built-in players and the fake UCI engine) and checks the schedule and the
// crosstable against the games.
func TestTournaments(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		kind  string
		meets [][2]int
	}{
		{"round-robin", [][2]int{{0, 1}, {0, 2}, {1, 2}}},
		{"gauntlet", [][2]int{{0, 1}, {0, 2}}},
	} {
		t.Run(c.kind, func(t *testing.T) {
			t.Parallel()
			fake := fakeSpec(UCI, "good", 0)
			fake.Name = "fake"
			cfg := Config{Game: toyDiceGame, Engines: []EngineSpec{mustSpec(t, "builtin:greedy"), mustSpec(t, "builtin:random"), fake},
				Tournament: c.kind, Games: 4, TC: TimeControl{Base: 10 * time.Second}, Concurrency: 2, Seed: 11}
			res, err := Run(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Games) != 4*len(c.meets) {
				t.Fatalf("%d games, want %d", len(res.Games), 4*len(c.meets))
			}
			for _, m := range c.meets {
				white := 0
				for _, g := range res.Games {
					if isPairOf(g, m[0], m[1]) && g.WhiteEngine == m[0] {
						white++
					}
				}
				if white != 2 {
					t.Errorf("%v: engine %d had White %d times of 4", m, m[0], white)
				}
			}
			var out bytes.Buffer
			writeReport(&out, &cfg, res)
			text := out.String()
			names := cfg.engineNames()
			for i, name := range names {
				row := ""
				for _, line := range strings.Split(text, "\n") {
					if strings.HasPrefix(line, name+" ") && !strings.Contains(line, "%") {
						row = line
					}
				}
				f := strings.Fields(row)
				if len(f) != 1+len(names) {
					t.Fatalf("no crosstable row for %s:\n%s", name, text)
				}
				cells := map[string]bool{}
				for _, c := range f[1:] {
					cells[c] = true
				}
				for j := range names {
					want := "-"
					if j != i {
						want = crossCell(res.Games, i, j)
					}
					if !cells[want] {
						t.Errorf("row %s lacks %q against %s: %q", name, want, names[j], row)
					}
				}
			}
			if !strings.Contains(text, "Rank Name") || strings.Count(text, "%\n") < 3 {
				t.Errorf("no rating list:\n%s", text)
			}
		})
	}
}

func TestMLRatings(t *testing.T) {
	// Two engines, A scores 75% against B: the ML difference is the Elo of
	// 0.75, split around the mean.
	var games []result
	for i := 0; i < 40; i++ {
		s := 1.0
		if i%4 == 0 {
			s = 0
		}
		games = append(games, result{0, 1, s})
	}
	r := mlRatings(2, games)
	want := -400 * mathLog10(1/0.75-1)
	if d := r[0].Elo - r[1].Elo; d < want-0.01 || d > want+0.01 || r[0].Elo+r[1].Elo > 1e-6 {
		t.Errorf("ratings %v, want a difference of %.2f", r, want)
	}
	// The error of a two-engine rating: 1.96 * sqrt(var) where the
	// information of the difference is N k^2 e(1-e), split in half.
	k := 2.302585092994046 / 400
	info := 40 * k * k * 0.75 * 0.25
	if e := 1.959963984540054 * 0.5 / sqrtF(info); r[0].Error < e-0.01 || r[0].Error > e+0.01 {
		t.Errorf("error %.3f, want %.3f", r[0].Error, e)
	}
}

// killAt is an observer that cancels the match when game n starts, as a
// kill would: the games before it are saved, n is lost.
type killAt struct {
	n      int
	cancel context.CancelFunc
	once   sync.Once
}

func (k *killAt) GameStarted(e GameStart) {
	if e.Game == k.n {
		k.once.Do(k.cancel)
	}
}
func (k *killAt) MovePlayed(MoveEvent) {}
func (k *killAt) GameFinished(GameEnd) {}

// runMain runs the command and returns its exit code, stdout and stderr.
func runMain(t *testing.T, ctx context.Context, hooks Hooks, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := MainWith(ctx, args, &out, &errOut, hooks)
	return code, out.String(), errOut.String()
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestResume kills a match after some games and resumes it: the games, the
// PGN, the final positions and the report equal those of an uninterrupted
// run with the same seed.
func TestResume(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	args := func(name string) []string {
		return []string{"-variant", "russian", "-engine", "builtin:greedy", "-engine", "builtin:random", "-games", "10",
			"-tc", "60", "-maxplies", "80", "-seed", "4", "-randomplies", "2", "-sprt", "elo0=0,elo1=50",
			"-pgn", filepath.Join(dir, name+".pgn"), "-epdout", filepath.Join(dir, name+".epd"), "-state", filepath.Join(dir, name+".state")}
	}
	code, whole, errs := runMain(t, context.Background(), Hooks{}, args("whole")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	code, _, errs = runMain(t, ctx, Hooks{Observer: &killAt{n: 6, cancel: cancel}}, args("cut")...)
	if code != 1 || !strings.Contains(errs, "interrupted after 5 games; continue with: match -resume") {
		t.Fatalf("killed match: exit %d: %s", code, errs)
	}
	st, err := loadState(filepath.Join(dir, "cut.state"))
	if err != nil || len(st.Games) != 5 {
		t.Fatalf("state after the kill: %v games, %v", len(st.Games), err)
	}
	// Starting again over a state that holds games is refused.
	if code, _, errs := runMain(t, context.Background(), Hooks{}, args("cut")...); code != 2 || !strings.Contains(errs, "-resume") {
		t.Errorf("restart over a state: exit %d: %s", code, errs)
	}
	code, resumed, errs := runMain(t, context.Background(), Hooks{}, "-resume", filepath.Join(dir, "cut.state"))
	if code != 0 {
		t.Fatalf("resume: exit %d: %s", code, errs)
	}
	if resumed != whole {
		t.Errorf("resumed report differs:\n%s\nwhole:\n%s", resumed, whole)
	}
	for _, ext := range []string{".pgn", ".epd"} {
		if a, b := readFile(t, filepath.Join(dir, "cut"+ext)), readFile(t, filepath.Join(dir, "whole"+ext)); a != b {
			t.Errorf("%s differs:\n%s\nwhole:\n%s", ext, a, b)
		}
	}
	if n := strings.Count(readFile(t, filepath.Join(dir, "whole.pgn")), "[Event "); n != 10 {
		t.Errorf("%d games in the PGN", n)
	}
}

// TestShardsMerge plays a match in two shards and merges them: the report
// equals the unsharded run's, SPRT included (the SPRT stops the whole run
// early; the merge stops counting at the same pair). A tournament too.
func TestShardsMerge(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		args []string
	}{
		{"sprt", []string{"-variant", "russian", "-engine", "builtin:greedy", "-engine", "builtin:random", "-games", "600",
			"-tc", "60", "-maxplies", "150", "-seed", "8", "-sprt", "elo0=0,elo1=5"}},
		{"tournament", []string{"-variant", "monochrome", "-engine", "builtin:greedy", "-engine", "builtin:random",
			"-engine", "name=r2,cmd=builtin:random", "-games", "6", "-tc", "60", "-maxplies", "60", "-seed", "3"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			code, whole, errs := runMain(t, context.Background(), Hooks{}, c.args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			if c.name == "sprt" && !strings.Contains(whole, "H1 accepted") {
				t.Fatalf("the SPRT did not decide:\n%s", whole)
			}
			var states []string
			for k := 1; k <= 2; k++ {
				st := filepath.Join(dir, fmt.Sprintf("s%d.state", k))
				args := append(append([]string{}, c.args...), "-shard", fmt.Sprintf("%d/2", k), "-state", st, "-concurrency", "2")
				if code, _, errs := runMain(t, context.Background(), Hooks{}, args...); code != 0 {
					t.Fatalf("shard %d: exit %d: %s", k, code, errs)
				}
				states = append(states, st)
			}
			var out, errOut bytes.Buffer
			if code := MergeMain(states[:1], &out, &errOut); code != 1 || !strings.Contains(errOut.String(), "missing shards: 2") {
				t.Errorf("one shard of two: exit %d: %s", code, errOut.String())
			}
			out.Reset()
			errOut.Reset()
			if code := MergeMain([]string{states[1], states[0]}, &out, &errOut); code != 0 {
				t.Fatalf("merge: exit %d: %s", code, errOut.String())
			}
			if out.String() != whole {
				t.Errorf("merged report:\n%s\nunsharded:\n%s", out.String(), whole)
			}
		})
	}
}

func mathLog10(x float64) float64 { return math.Log10(x) }
func sqrtF(x float64) float64     { return math.Sqrt(x) }
