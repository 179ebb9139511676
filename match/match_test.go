package match

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"varchess/variants"
	"varchess/variants/all"
)

// testGames are the toy games plus every game registered so far.
func testGames(t *testing.T) []*variants.Game {
	games := []*variants.Game{toyGame, toyDiceGame}
	for _, name := range all.Names {
		g, err := all.Get(name)
		if err != nil {
			t.Logf("%s not registered yet: skipped", name)
			continue
		}
		games = append(games, g)
	}
	return games
}

func mustSpec(t *testing.T, s string) EngineSpec {
	t.Helper()
	e, err := ParseEngineSpec(s)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// runMatch plays a match and reads its PGN back.
func runMatch(t *testing.T, cfg Config) (*Outcome, []pgnGame) {
	t.Helper()
	var pgn bytes.Buffer
	cfg.PGN = &pgn
	if cfg.Margin == 0 {
		cfg.Margin = 200 * time.Millisecond
	}
	if testing.Verbose() {
		cfg.Progress = os.Stderr
	}
	if os.Getenv("MATCH_TEST_DEBUG") != "" {
		cfg.Debug = &stampWriter{w: os.Stderr, t0: time.Now()}
	}
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Games) != cfg.Games || res.Stats.Games() != cfg.Games {
		t.Fatalf("%d games recorded, stats %+v, want %d", len(res.Games), res.Stats, cfg.Games)
	}
	games, err := readPGN(pgn.String())
	if err != nil {
		t.Fatalf("reading PGN: %v\n%s", err, pgn.String())
	}
	if len(games) != cfg.Games {
		t.Fatalf("PGN has %d games, want %d", len(games), cfg.Games)
	}
	return res, games
}

// randomVsGreedy is a 4-game match of the built-in random and greedy
// players in g, two games at a time, with a clock they never use up.
func randomVsGreedy(t *testing.T, g *variants.Game, seed uint64) Config {
	return Config{
		Game:        g,
		Engines:     []EngineSpec{mustSpec(t, "builtin:random"), mustSpec(t, "builtin:greedy")},
		Games:       4,
		TC:          TimeControl{Base: time.Minute},
		Concurrency: 2,
		Seed:        seed,
	}
}

// TestBuiltinPlayersEveryGame plays random against greedy in every game and
// replays each PGN through the rules.
func TestBuiltinPlayersEveryGame(t *testing.T) {
	t.Parallel()
	for _, g := range testGames(t) {
		t.Run(g.Name, func(t *testing.T) {
			t.Parallel()
			cfg := randomVsGreedy(t, g, 7)
			cfg.Adjudicate = adjudication{MaxPlies: 200}
			res, games := runMatch(t, cfg)
			wins := map[string]float64{}
			for _, pg := range games {
				replayPGN(t, g, pg, cfg.Adjudicate.MaxPlies)
				switch pg.result {
				case "1-0":
					wins[pg.tags["White"]]++
				case "0-1":
					wins[pg.tags["Black"]]++
				default:
					wins[pg.tags["White"]] += 0.5
					wins[pg.tags["Black"]] += 0.5
				}
				if term := pg.tags["Termination"]; term != "normal" && term != "adjudication" {
					t.Errorf("built-in players must not forfeit: %s {%s}", term, pg.reason)
				}
			}
			if wins["random"] != res.Stats.Points() || wins["greedy"] != res.Stats.Invert().Points() {
				t.Errorf("PGN points %v, stats %+v", wins, res.Stats)
			}
		})
	}
}

// TestDiceArePairedAndSeeded checks the die: the two games of an opening
// pair see the same rolls, other pairs different ones, and a seed replays a
// match exactly.
func TestDiceArePairedAndSeeded(t *testing.T) {
	cfg := Config{
		Game:        toyDiceGame,
		Engines:     []EngineSpec{mustSpec(t, "builtin:random"), mustSpec(t, "builtin:greedy")},
		Games:       6,
		TC:          TimeControl{Base: time.Minute},
		Concurrency: 2,
		Seed:        11,
	}
	byNumber := func(res *Outcome) map[int]gameRecord {
		m := map[int]gameRecord{}
		for _, g := range res.Games {
			m[g.Number] = g
		}
		return m
	}
	res1, _ := runMatch(t, cfg)
	res2, _ := runMatch(t, cfg)
	a, b := byNumber(res1), byNumber(res2)
	for n := 1; n <= cfg.Games; n++ {
		if !reflect.DeepEqual(a[n].Moves, b[n].Moves) || !bytes.Equal(a[n].Rolls, b[n].Rolls) || a[n].Outcome != b[n].Outcome {
			t.Errorf("game %d differs between two runs with the same seed", n)
		}
		if len(a[n].Rolls) != len(a[n].Moves) {
			t.Errorf("game %d: %d rolls for %d plies", n, len(a[n].Rolls), len(a[n].Moves))
		}
	}
	prefixEqual := func(x, y []byte) bool {
		k := min(len(x), len(y))
		return bytes.Equal(x[:k], y[:k])
	}
	for pair := 0; pair < cfg.Games/2; pair++ {
		g1, g2 := a[2*pair+1], a[2*pair+2]
		if !prefixEqual(g1.Rolls, g2.Rolls) {
			t.Errorf("pair %d: rolls differ: %s vs %s", pair, g1.Rolls, g2.Rolls)
		}
	}
	if prefixEqual(a[1].Rolls, a[3].Rolls) && prefixEqual(a[1].Rolls, a[5].Rolls) {
		t.Errorf("every pair got the same rolls: %s %s %s", a[1].Rolls, a[3].Rolls, a[5].Rolls)
	}
	cfg.Seed = 12
	res3, _ := runMatch(t, cfg)
	if c := byNumber(res3); bytes.Equal(c[1].Rolls, a[1].Rolls) {
		t.Errorf("another seed gave the same rolls %s", c[1].Rolls)
	}
}

// fakeSpec runs the fake engine of testdata/fakeengine.
func fakeSpec(proto Protocol, mode string, after int) EngineSpec {
	return EngineSpec{Name: "fake-" + mode, Proto: proto, Cmd: fakeEngine, Args: []string{mode, string(rune('0' + after))}}
}

// TestFakeEngines checks the arbiter against engines that misbehave: the
// culprit loses every game with the right termination, and the match goes
// on (the engine is restarted when needed).
func TestFakeEngines(t *testing.T) {
	t.Parallel()
	cases := []struct {
		proto Protocol
		game  *variants.Game
		mode  string
		term  string // "" = no fault expected
		why   string // part of the reason
	}{
		{UCI, toyGame, "good", "", ""},
		{UCI, toyDiceGame, "good", "", ""},
		{UCI, toyGame, "illegal", "rules infraction", "illegal move \"zz99\""},
		{UCI, toyGame, "crash", "abandoned", "died"},
		{UCI, toyGame, "hang", "time forfeit", "on time"},
		{CECP, toyGame, "good", "", ""},
		{CECP, toyDiceGame, "good", "", ""},
		{CECP, toyDiceGame, "askdice", "", ""},
		{CECP, toyGame, "illegal", "rules infraction", "illegal move \"zz99\""},
		{CECP, toyGame, "crash", "abandoned", "died"},
		{CECP, toyGame, "hang", "time forfeit", "on time"},
		{CECP, toyGame, "resign", "resign", "resigns"},
		{CECP, toyGame, "claim", "rules infraction", "false result claim"},
	}
	for _, c := range cases {
		t.Run(string(c.proto)+"-"+c.game.Name+"-"+c.mode, func(t *testing.T) {
			t.Parallel()
			cfg := Config{
				Game:        c.game,
				Engines:     []EngineSpec{fakeSpec(c.proto, c.mode, 1), mustSpec(t, "builtin:random")},
				Games:       2,
				TC:          TimeControl{Base: 10 * time.Second},
				Concurrency: 1,
				Seed:        3,
			}
			if c.mode == "hang" {
				cfg.TC, cfg.Margin = TimeControl{Base: 300 * time.Millisecond}, 50*time.Millisecond
			}
			res, games := runMatch(t, cfg)
			for _, pg := range games {
				replayPGN(t, c.game, pg, 0)
			}
			for _, g := range res.Games {
				if c.term == "" {
					if g.Termination != "normal" {
						t.Errorf("game %d: %s {%s}", g.Number, g.Termination, g.Reason)
					}
					continue
				}
				if g.Termination != c.term || !strings.Contains(g.Reason, c.why) {
					t.Errorf("game %d: %s {%s}, want %s {...%s...}", g.Number, g.Termination, g.Reason, c.term, c.why)
				}
				// A player lost on time or dead while thinking leaves
				// its last traffic: the command that started the
				// thinking, and for UCI the stop that went unanswered.
				trace := strings.Join(g.Trace, "\n")
				switch {
				case c.mode == "hang" || c.mode == "crash":
					if !regexp.MustCompile(`(?m)^< (go|usermove|[a-z][0-9])`).MatchString(trace) {
						t.Errorf("game %d (%s): trace %q shows no command that started the thinking", g.Number, c.mode, g.Trace)
					}
					if c.mode == "hang" && c.proto == UCI {
						checkStopStamp(t, g.Number, g.Trace)
					}
				case len(g.Trace) > 0:
					t.Errorf("game %d (%s): a trace %q without a time loss or crash", g.Number, c.mode, g.Trace)
				}
			}
			if c.term != "" && res.Stats.Losses != cfg.Games {
				t.Errorf("the faulty engine scored %+v", res.Stats)
			}
		})
	}
}

// TestOurEngine plays the project's binary against builtin:random over real
// pipes, with UCI and CECP, in chess and russian, once the protocol loops
// answer. The margin is generous: this is about the protocols, and the
// machine may be loaded.
func TestOurEngine(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "varchess")
	build := exec.Command("go", "build", "-o", bin, "..")
	if out, err := build.CombinedOutput(); err != nil {
		t.Skipf("the binary does not build yet: %v\n%s", err, out)
	}
	probe := func(input, want string) bool {
		cmd := exec.Command(bin)
		cmd.Stdin = strings.NewReader(input)
		out, _ := cmd.Output()
		return strings.Contains(string(out), want)
	}
	for _, game := range []string{"chess", "russian"} {
		for _, p := range []struct {
			proto        Protocol
			input, ready string
		}{
			{UCI, "uci\nquit\n", "uciok"},
			{CECP, "xboard\nprotover 2\nquit\n", "done=1"},
		} {
			t.Run(game+"-"+string(p.proto), func(t *testing.T) {
				g, err := all.Get(game)
				if err != nil {
					t.Skipf("%s not registered yet", game)
				}
				if !probe(p.input, p.ready) {
					t.Skipf("%s loop not ready", p.proto)
				}
				cfg := Config{
					Game:        g,
					Engines:     []EngineSpec{{Name: "varchess", Proto: p.proto, Cmd: bin}, mustSpec(t, "builtin:random")},
					Games:       2,
					TC:          TimeControl{Base: time.Second, Inc: 20 * time.Millisecond},
					Margin:      2 * time.Second,
					Concurrency: 1,
					Seed:        5,
					Adjudicate:  adjudication{MaxPlies: 60},
				}
				res, games := runMatch(t, cfg)
				for _, pg := range games {
					replayPGN(t, g, pg, cfg.Adjudicate.MaxPlies)
				}
				for _, rec := range res.Games {
					if rec.Termination != "normal" && rec.Termination != "adjudication" {
						t.Errorf("game %d: %s {%s}", rec.Number, rec.Termination, rec.Reason)
					}
				}
				if game == "chess" && res.Stats.Losses > 0 {
					t.Errorf("our engine lost to random: %+v", res.Stats)
				}
			})
		}
	}
	// A gauntlet and a round robin of the engine (fixed depth, no clock)
	// and the two built-in players in russian, crosstable checked.
	for _, kind := range []string{"gauntlet", "round-robin"} {
		t.Run("russian-"+kind, func(t *testing.T) {
			g, err := all.Get("russian")
			if err != nil || !probe("uci\nquit\n", "uciok") {
				t.Skip("russian or the UCI loop not ready")
			}
			cfg := Config{Game: g, Engines: []EngineSpec{mustSpec(t, "cmd="+bin+",name=varchess,depth=2"), mustSpec(t, "builtin:greedy"),
				mustSpec(t, "builtin:random")}, Tournament: kind, Games: 2, TC: TimeControl{Depth: 99}, Seed: 3,
				Adjudicate: adjudication{MaxPlies: 80}}
			res, err := Run(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			want := map[string]int{"gauntlet": 4, "round-robin": 6}[kind]
			if len(res.Games) != want {
				t.Fatalf("%d games, want %d", len(res.Games), want)
			}
			var out bytes.Buffer
			writeReport(&out, &cfg, res)
			for _, pair := range [][2]int{{0, 1}, {0, 2}, {1, 2}} {
				cell := crossCell(res.Games, pair[0], pair[1])
				if (kind == "gauntlet" && pair[0] == 1) != (cell == ".") {
					t.Errorf("%v: cell %s", pair, cell)
				}
				if !strings.Contains(out.String(), " "+cell) {
					t.Errorf("crosstable lacks %s for %v:\n%s", cell, pair, out.String())
				}
			}
			for _, rec := range res.Games {
				if rec.Termination != "normal" && rec.Termination != "adjudication" {
					t.Errorf("game %d: %s {%s}", rec.Number, rec.Termination, rec.Reason)
				}
			}
		})
	}
}

// stampWriter prefixes debug output with the time since the start.
type stampWriter struct {
	w  io.Writer
	t0 time.Time
}

func (s *stampWriter) Write(p []byte) (int, error) {
	fmt.Fprintf(s.w, "%7.3f %s", time.Since(s.t0).Seconds(), p)
	return len(p), nil
}

// TestHungEngineBehindWrapper: an engine started by a shell that stays
// alive as its parent must still be stopped (its whole process group is
// killed), and the match must go on.
func TestHungEngineBehindWrapper(t *testing.T) {
	t.Parallel()
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	wrapped := EngineSpec{Name: "wrapped-hang", Proto: UCI, Cmd: sh, Args: []string{"-c", fakeEngine + " hang 1; true"}}
	cfg := Config{
		Game:        toyGame,
		Engines:     []EngineSpec{wrapped, mustSpec(t, "builtin:random")},
		Games:       2,
		TC:          TimeControl{Base: 300 * time.Millisecond},
		Margin:      50 * time.Millisecond,
		Concurrency: 1,
	}
	start := time.Now()
	res, _ := runMatch(t, cfg)
	for _, g := range res.Games {
		if g.Termination != "time forfeit" {
			t.Errorf("game %d: %s {%s}", g.Number, g.Termination, g.Reason)
		}
	}
	if d := time.Since(start); d > 9*time.Second { // ~3 s; 13 s when only the shell is killed
		t.Errorf("stopping the wrapped engine took too long: %v", d)
	}
}

// TestScoreAdjudication: two fake engines (one UCI, one CECP) always report
// a score of 0, so the draw rule ends every game at its first chance.
func TestScoreAdjudication(t *testing.T) {
	t.Parallel()
	cfg := Config{
		Game:        toyGame,
		Engines:     []EngineSpec{fakeSpec(UCI, "good", 0), fakeSpec(CECP, "good", 0)},
		Games:       2,
		TC:          TimeControl{Base: 10 * time.Second},
		Concurrency: 1,
		Adjudicate:  adjudication{DrawStart: 4, DrawMoves: 2, DrawScore: 10, ResignMoves: 2, ResignScore: 100},
	}
	cfg.Engines[1].Name = "fake-cecp"
	res, games := runMatch(t, cfg)
	for _, pg := range games {
		replayPGN(t, toyGame, pg, 0)
	}
	for _, g := range res.Games {
		// Both sides have two reports after ply 4: adjudicated then, unless
		// the game ended by the rules first (at least 21/3 = 7 plies).
		if g.Termination != "adjudication" || g.Outcome != variants.Draw || len(g.Moves) != 4 {
			t.Errorf("game %d: %s %s {%s} after %d plies", g.Number, g.Termination, g.Outcome.PGN(), g.Reason, len(g.Moves))
		}
	}
}

// TestRoughEdges: an engine printing a line over 4 MiB plays on (it was
// taken for dead); legal=arbiter keeps an engine whose rules differ inside
// ours (searchmoves); without it that engine loses by its illegal ply.
func TestRoughEdges(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		spec EngineSpec
		term string
	}{
		{fakeSpec(UCI, "longline", 0), "normal"},
		{fakeSpec(CECP, "longline", 0), "normal"},
		{func() EngineSpec { e := fakeSpec(UCI, "rulediff", 0); e.LegalArbiter = true; return e }(), "normal"},
		{fakeSpec(UCI, "rulediff", 0), "rules infraction"},
	} {
		t.Run(fmt.Sprintf("%s-%s-%v", c.spec.Proto, c.spec.Args[0], c.spec.LegalArbiter), func(t *testing.T) {
			t.Parallel()
			cfg := Config{Game: toyDiceGame, Engines: []EngineSpec{c.spec, mustSpec(t, "builtin:random")}, Games: 2,
				TC: TimeControl{Base: 30 * time.Second}, Concurrency: 1, Seed: 2}
			res, _ := runMatch(t, cfg)
			for _, g := range res.Games {
				if g.Termination != c.term {
					t.Errorf("game %d: %s {%s}, want %s", g.Number, g.Termination, g.Reason, c.term)
				}
			}
		})
	}
}

// TestNotCECP: a UCI-only engine started with proto=cecp stops the match
// with a clear error instead of losing every game on time.
func TestNotCECP(t *testing.T) {
	t.Parallel()
	cfg := Config{Game: toyGame, Engines: []EngineSpec{fakeSpec(CECP, "ucionly", 0), mustSpec(t, "builtin:random")}, Games: 2,
		TC: TimeControl{Base: 30 * time.Second}, Concurrency: 1}
	res, err := Run(context.Background(), cfg)
	if err == nil || !strings.Contains(err.Error(), "never answered protover") || !strings.Contains(err.Error(), "proto=uci") {
		t.Fatalf("error %v", err)
	}
	if len(res.Games) != 0 {
		t.Errorf("%d games scored", len(res.Games))
	}
}

// checkStopStamp checks that a hung UCI engine's trace ends with the
// unanswered stop, stamped (seconds since the engine started) no earlier
// than the go it answered, and that every line carries a stamp.
func checkStopStamp(t *testing.T, game int, trace []string) {
	t.Helper()
	stamp := regexp.MustCompile(`^([<>]) (.*) @(\d+\.\d{3})s$`)
	var goAt, stopAt float64
	for _, l := range trace {
		m := stamp.FindStringSubmatch(l)
		if m == nil {
			t.Errorf("game %d: trace line %q has no time stamp", game, l)
			continue
		}
		at, _ := strconv.ParseFloat(m[3], 64)
		switch {
		case m[1] == "<" && strings.HasPrefix(m[2], "go"):
			goAt = at
		case m[1] == "<" && m[2] == "stop":
			stopAt = at
		}
	}
	if len(trace) == 0 || !strings.HasPrefix(trace[len(trace)-1], "< stop @") {
		t.Errorf("game %d: trace %q does not end with the unanswered stop", game, trace)
	}
	if stopAt < goAt {
		t.Errorf("game %d: the stop stamped %.3f s, before the go at %.3f s", game, stopAt, goAt)
	}
}
