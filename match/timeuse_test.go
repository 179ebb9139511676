package match

import (
	"bytes"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"varchess/variants/all"
)

// TestTimeUseReadsWhatMatchWrites plays built-in players in every game from
// random openings (so some games start with Black to move) and checks that
// match-timeuse gives each player exactly its own plies and time, as the
// arbiter recorded them.
func TestTimeUseReadsWhatMatchWrites(t *testing.T) {
	t.Parallel()
	for _, name := range all.Names {
		g, err := all.Get(name)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			cfg := randomVsGreedy(t, g, 5)
			cfg.RandomPlies, cfg.PGNComments, cfg.Adjudicate = 3, true, adjudication{MaxPlies: 60}
			var pgn bytes.Buffer
			cfg.PGN = &pgn
			res, err := Run(t.Context(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			u := newTimeUse(nil) // one phase: every move
			for _, pg := range splitPGN(pgn.String()) {
				if err := u.addGame(pg); err != nil {
					t.Fatal(err)
				}
			}
			want := map[string]*playerUse{}
			blackFirst := 0
			for _, rec := range res.Games {
				side := 0
				if startsWithBlack(g, rec.StartFEN) {
					side = 1
					blackFirst++
				}
				for i, n := range rec.Notes {
					who := [2]string{rec.White, rec.Black}[(side+i)%2]
					if want[who] == nil {
						want[who] = &playerUse{phases: make([]phaseUse, 1)}
					}
					want[who].phases[0].plies++
					want[who].seconds += float64(n.Millis) / 1000
				}
			}
			if blackFirst == 0 {
				t.Errorf("no game started with Black to move: the test needs one")
			}
			if u.games != cfg.Games || u.bare != 0 || len(u.players) != 2 {
				t.Fatalf("read %d games (%d bare), players %v", u.games, u.bare, u.players)
			}
			for who, w := range want {
				p := u.players[who]
				if p == nil || p.phases[0].plies != w.phases[0].plies || math.Abs(p.seconds-w.seconds) > 1e-6 {
					t.Errorf("%s: read %+v, recorded %+v", who, p, w)
				}
			}
		})
	}
}

// TestTimeUsePhases checks the arithmetic on a hand-written game: phases by
// each player's own move number, mates and scoreless plies, die rolls and
// other comments ignored, notes inside variations not counted.
func TestTimeUsePhases(t *testing.T) {
	const game = `[White "a"]
[Black "b"]
[Variant "chess"]
[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"]

1... e5 {+0.10/10 1.000s} 2. Nf3 {-0.20/12 2.000s} (2. Nc3 {+0.00/5 9.000s})
Nc6 {+M/9 3.000s} 3. Bb5 {- 4.000s} {a remark} a6 {-M/7 5.000s} 4. Ba4
{+0.30/20 6.000s} Nf6 {+0.00/8 7.000s} 1/2-1/2
`
	u := newTimeUse([]int{2})
	for _, pg := range splitPGN(game) {
		if err := u.addGame(pg); err != nil {
			t.Fatal(err)
		}
	}
	a, b := u.players["a"], u.players["b"]
	if a == nil || b == nil {
		t.Fatalf("players %v", u.players)
	}
	// b (Black, to move first): moves 1, 2 at 1 s and 3 s (depths 10, 9),
	// moves 3, 4 at 5 s and 7 s. a: 2 s and 4 s (one depth, 12), then 6 s.
	check := func(who string, ph phaseUse, plies int, secs float64, depthPlies, depth int) {
		t.Helper()
		if ph.plies != plies || ph.seconds != secs || ph.depthPlies != depthPlies || ph.depth != depth {
			t.Errorf("%s: %+v, want %d plies %.0f s, %d depths summing %d", who, ph, plies, secs, depthPlies, depth)
		}
	}
	check("b 1-2", b.phases[0], 2, 4, 2, 19)
	check("b 3+", b.phases[1], 2, 12, 2, 15)
	check("a 1-2", a.phases[0], 2, 6, 1, 12)
	check("a 3+", a.phases[1], 1, 6, 1, 20)
	if a.games != 1 || a.seconds != 12 || b.seconds != 16 {
		t.Errorf("totals: a %+v, b %+v", a, b)
	}
	var out bytes.Buffer
	u.write(&out)
	for _, line := range []string{"a: 1 games, 12.0 s of thinking a game", "1-2", "3+", "2.000 s     9.5"} {
		if !strings.Contains(out.String(), line) {
			t.Errorf("report lacks %q:\n%s", line, out.String())
		}
	}
}

// TestTimeUseMain: the command's errors and its report.
func TestTimeUseMain(t *testing.T) {
	dir := t.TempDir()
	bare := filepath.Join(dir, "bare.pgn")
	noted := filepath.Join(dir, "noted.pgn")
	if err := os.WriteFile(bare, []byte("[White \"a\"]\n[Black \"b\"]\n\n1. e4 e5 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(noted, []byte("[White \"a\"]\n[Black \"b\"]\n\n1. e4 {+0.10/3 0.500s} e5 {-0.10/3 0.250s} *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args     []string
		code     int
		inOutput string
	}{
		{[]string{"-h"}, 0, "usage: match-timeuse"},
		{nil, 2, "no PGN files"},
		{[]string{"-phases", "20,10", noted}, 2, "increasing"},
		{[]string{filepath.Join(dir, "missing.pgn")}, 1, "missing.pgn"},
		{[]string{bare}, 1, "-pgncomments"},
		{[]string{bare, noted}, 0, "1 games with move comments (1 without, left out)"},
	} {
		var stdout, stderr bytes.Buffer
		code := TimeUseMain(c.args, &stdout, &stderr)
		if code != c.code || !strings.Contains(stdout.String()+stderr.String(), c.inOutput) {
			t.Errorf("%v: exit %d, want %d with %q\nstdout: %s\nstderr: %s", c.args, code, c.code, c.inOutput, stdout.String(), stderr.String())
		}
	}
}

// FuzzTimeUse: any text, however broken, is read without a panic, every
// game is counted once (with or without comments) unless refused, and each
// counted note lands in exactly one player's phase.
func FuzzTimeUse(f *testing.F) {
	f.Add("[White \"a\"]\n[Black \"b\"]\n\n1. e4 {+0.10/3 0.500s} e5 {-M 0.250s} (2. f4 {+1.00/2 9.000s}) *")
	f.Add("[Variant \"russian\"]\n[FEN \"garbage\"]\n\n{roll 3} b1c3/2 {- 0.001s}")
	f.Add("[Variant \"monochrome\"]\n\n1... {+0.00/1 0.100s} {+0.00/1 0.100s} x {")
	f.Fuzz(func(t *testing.T, text string) {
		u := newTimeUse([]int{1, 3})
		games := splitPGN(text)
		refused, notes := 0, 0
		for _, pg := range games {
			if err := u.addGame(pg); err != nil {
				refused++
				continue
			}
			for _, it := range pgnItems(pg.moves, noteRE.MatchString) {
				if strings.HasPrefix(it, "{") {
					notes++
				}
			}
		}
		if u.games+u.bare+refused != len(games) {
			t.Errorf("%d games read, %d+%d counted, %d refused", len(games), u.games, u.bare, refused)
		}
		counted := 0
		for _, p := range u.players {
			for _, ph := range p.phases {
				counted += ph.plies
			}
		}
		if counted != notes {
			t.Errorf("%d notes, %d counted", notes, counted)
		}
		u.write(io.Discard)
	})
}
