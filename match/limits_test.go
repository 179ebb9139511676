package match

import (
	"context"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"varchess/variants"
)

func TestEngineLimits(t *testing.T) {
	match := TimeControl{Base: 10 * time.Second, Inc: 100 * time.Millisecond, Depth: 9}
	for spec, want := range map[string]TimeControl{
		"cmd=x":                         match,
		"cmd=x,tc=40/60+0.6":            {Moves: 40, Base: 60 * time.Second, Inc: 600 * time.Millisecond, Depth: 9},
		"cmd=x,tc=inf,nodes=5000":       {Nodes: 5000, Depth: 9},
		"cmd=x,st=0.5":                  {Base: 10 * time.Second, Inc: 100 * time.Millisecond, MoveTime: 500 * time.Millisecond, Depth: 9},
		"cmd=x,depth=3,legal=arbiter":   {Base: 10 * time.Second, Inc: 100 * time.Millisecond, Depth: 3},
		"cmd=x,tc=5,depth=12,nodes=100": {Base: 5 * time.Second, Depth: 12, Nodes: 100},
	} {
		e := mustSpec(t, spec)
		if got := e.Limits(match); got != want {
			t.Errorf("%s: %+v, want %+v", spec, got, want)
		}
	}
	for _, bad := range []string{"cmd=x,tc=fast", "cmd=x,st=0", "cmd=x,nodes=-1", "cmd=x,depth=x", "cmd=x,legal=maybe"} {
		if _, err := ParseEngineSpec(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestSessionClock(t *testing.T) {
	tc := TimeControl{Moves: 2, Base: time.Second, Inc: 100 * time.Millisecond}
	c := newClock(tc, TimeControl{MoveTime: 300 * time.Millisecond}, 50*time.Millisecond, time.Minute)
	if c.movesToGo(0) != 2 || !c.spend(0, 400*time.Millisecond) || c.left[0] != 700*time.Millisecond || c.movesToGo(0) != 1 {
		t.Fatalf("first ply: %v, to go %d", c.left[0], c.movesToGo(0))
	}
	// The second ply ends the session: its base is added.
	if !c.spend(0, 500*time.Millisecond) || c.left[0] != 1300*time.Millisecond || c.movesToGo(0) != 2 {
		t.Fatalf("session end: %v", c.left[0])
	}
	// Black has a time per move: its budget is that plus the margin.
	if c.budget(1) != 350*time.Millisecond || !c.spend(1, 340*time.Millisecond) || c.spend(1, 351*time.Millisecond) {
		t.Errorf("time per move: budget %v", c.budget(1))
	}
	n := newClock(TimeControl{Nodes: 10}, TimeControl{Depth: 3}, 0, 2*time.Second)
	if n.budget(0) != 2*time.Second || !n.spend(0, time.Second) || n.spend(1, 3*time.Second) {
		t.Errorf("no clock: budget %v", n.budget(0))
	}
}

func TestUCIGo(t *testing.T) {
	g, err := allGet("chess")
	if err != nil {
		t.Skip(err)
	}
	pos := g.New()
	mk := func(w, b TimeControl) *turn {
		return &turn{game: g, pos: pos, left: [2]time.Duration{3 * time.Second, 4 * time.Second}, tc: [2]TimeControl{w, b}, movesToGo: 0}
	}
	fischer := TimeControl{Base: 5 * time.Second, Inc: 50 * time.Millisecond}
	cases := []struct {
		t     *turn
		legal bool
		want  string
	}{
		{mk(fischer, TimeControl{Base: time.Second, Inc: 0}), false, "go wtime 3000 btime 4000 winc 50 binc 0"},
		{mk(TimeControl{MoveTime: 700 * time.Millisecond, Nodes: 9}, fischer), false, "go movetime 700 nodes 9"},
		{mk(TimeControl{Depth: 6}, fischer), false, "go depth 6"},
	}
	s := mk(TimeControl{Moves: 40, Base: time.Minute}, TimeControl{Moves: 40, Base: time.Minute})
	s.movesToGo = 17
	cases = append(cases, struct {
		t     *turn
		legal bool
		want  string
	}{s, false, "go wtime 3000 btime 4000 winc 0 binc 0 movestogo 17"})
	for _, c := range cases {
		if got := uciGo(c.t, c.legal); got != c.want {
			t.Errorf("got %q, want %q", got, c.want)
		}
	}
	got := uciGo(mk(TimeControl{Nodes: 100}, fischer), true)
	moves, _ := strings.CutPrefix(got, "go nodes 100 searchmoves ")
	var want []string
	for _, m := range pos.Moves(nil) {
		want = append(want, pos.MoveString(m))
	}
	if !reflect.DeepEqual(strings.Fields(moves), want) || len(want) != 20 {
		t.Errorf("legal=arbiter: %q", got)
	}
	_ = variants.White
}

func TestCECPLimits(t *testing.T) {
	for _, c := range []struct {
		tc   TimeControl
		want []string
	}{
		{TimeControl{Base: 90 * time.Second, Inc: 500 * time.Millisecond}, []string{"level 0 1:30 0.5"}},
		{TimeControl{Moves: 40, Base: 60 * time.Second}, []string{"level 40 1:00 0"}},
		{TimeControl{MoveTime: 1500 * time.Millisecond, Depth: 4}, []string{"st 1.5", "sd 4"}},
		{TimeControl{Depth: 7}, []string{"st 60", "sd 7"}},
	} {
		if got := cecpLimits(c.tc, time.Minute); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%v: %q, want %q", c.tc, got, c.want)
		}
	}
}

func TestOpeningOrder(t *testing.T) {
	seq := openingOrder(5, "sequential", 3, 1)
	if !reflect.DeepEqual(seq, []int{2, 3, 4, 0, 1}) {
		t.Errorf("sequential from 3: %v", seq)
	}
	a, b, c := openingOrder(50, "random", 1, 1), openingOrder(50, "random", 1, 1), openingOrder(50, "random", 1, 2)
	seen := map[int]bool{}
	for _, i := range a {
		seen[i] = true
	}
	if len(seen) != 50 || !reflect.DeepEqual(a, b) || reflect.DeepEqual(a, c) || reflect.DeepEqual(a, openingOrder(50, "sequential", 1, 1)) {
		t.Errorf("random order: not a seeded permutation")
	}
}

// TestPGNBook reads a chess book in SAN with comments, variations, NAGs and
// annotations, and a russian book written by the arbiter itself (with its
// rolls), and checks the positions against the plies replayed by hand.
func TestPGNBook(t *testing.T) {
	chess, err := allGet("chess")
	if err != nil {
		t.Skip(err)
	}
	book := `[Event "a"]
[Result "*"]

1. e4 {best by test} e5 2. Nf3 (2. f4 exf4) Nc6 $1 3. Bb5!? a6 4. Ba4 Nf6 5. O-O *

[Event "b"]
[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]
[SetUp "1"]

1.d4 d5 2.c4 e6 ; a line comment
3.Nc3 1/2-1/2
`
	got, err := readPGNBook(book, chess, 4)
	if err != nil {
		t.Fatal(err)
	}
	wantA, _ := replay(chess, "startpos", []string{"e2e4", "e7e5", "g1f3", "b8c6"}, nil)
	wantB, _ := replay(chess, "startpos", []string{"d2d4", "d7d5", "c2c4", "e7e6"}, nil)
	if len(got) != 2 || got[0] != wantA.FEN() || got[1] != wantB.FEN() {
		t.Errorf("got %q\nwant %q, %q", got, wantA.FEN(), wantB.FEN())
	}
	all, err := readPGNBook(book, chess, 0)
	wantAll, _ := replay(chess, "startpos", []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1"}, nil)
	if err != nil || all[0] != wantAll.FEN() {
		t.Errorf("whole game: %q, %v", all, err)
	}
	for _, bad := range []string{"1. e4 Ke7 Kxe1 *", "[Variant \"russian\"]\n\n1. e4 *", "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0"} {
		if _, err := readPGNBook(bad, chess, 0); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}

	russian, err := allGet("russian")
	if err != nil {
		t.Skip(err)
	}
	var pgn strings.Builder
	cfg := Config{Game: russian, Engines: []EngineSpec{mustSpec(t, "builtin:greedy"), mustSpec(t, "builtin:random")}, Games: 2,
		TC: TimeControl{Base: time.Minute}, Seed: 6, PGN: &pgn}
	cfg.Adjudicate.MaxPlies = 30
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	fens, err := readPGNBook(pgn.String(), russian, 9)
	if err != nil {
		t.Fatal(err)
	}
	for i, rec := range res.Games {
		want, err := replay(russian, rec.StartFEN, rec.Moves[:9], rec.Rolls)
		if err != nil || fens[i] != want.FEN() {
			t.Errorf("russian game %d: %q, want %q (%v)", i+1, fens[i], want.FEN(), err)
		}
	}
}

func FuzzReadPGNBook(f *testing.F) {
	f.Add("1. e4 {c} e5 (2. f4) $2 2. Nf3! *", 3)
	f.Add("[FEN \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]\n\n1. Kb1 *", 0)
	f.Add("{roll Q} c1c3 {roll", 2)
	g, err := allGet("chess")
	if err != nil {
		f.Skip(err)
	}
	f.Fuzz(func(t *testing.T, text string, plies int) {
		_, _ = readPGNBook(text, g, plies%20)
	})
}

// countObserver counts the events of a match.
type countObserver struct {
	mu                   sync.Mutex
	starts, moves, finis int
	lastClock            [2]time.Duration
}

func (c *countObserver) GameStarted(GameStart) { c.mu.Lock(); c.starts++; c.mu.Unlock() }
func (c *countObserver) MovePlayed(e MoveEvent) {
	c.mu.Lock()
	c.moves++
	c.lastClock = e.Clock
	c.mu.Unlock()
}
func (c *countObserver) GameFinished(GameEnd) { c.mu.Lock(); c.finis++; c.mu.Unlock() }

// TestCommentsAndObserver: -pgncomments writes the fake engine's score and
// depth after its plies; the observer sees every game and ply.
func TestCommentsAndObserver(t *testing.T) {
	t.Parallel()
	obs := &countObserver{}
	cfg := Config{Game: toyGame, Engines: []EngineSpec{fakeSpec(UCI, "good", 0), mustSpec(t, "builtin:random")}, Games: 2,
		TC: TimeControl{Base: 30 * time.Second}, PGNComments: true, Observer: obs}
	res, games := runMatch(t, cfg)
	plies := 0
	for _, g := range res.Games {
		plies += len(g.Moves)
		if len(g.Notes) != len(g.Moves) {
			t.Errorf("game %d: %d notes for %d plies", g.Number, len(g.Notes), len(g.Moves))
		}
	}
	if obs.starts != 2 || obs.finis != 2 || obs.moves != plies {
		t.Errorf("observer: %+v, %d plies", obs, plies)
	}
	if obs.lastClock[0] <= 0 || obs.lastClock[0] > 30*time.Second {
		t.Errorf("clock in the move event: %v", obs.lastClock)
	}
	var pgn strings.Builder
	for i := range res.Games {
		_ = writePGN(&pgn, cfg.pgnInfo(cfg.limits()), &res.Games[i])
	}
	if !strings.Contains(pgn.String(), "{+0.00/1 ") || !strings.Contains(pgn.String(), "{- ") {
		t.Errorf("no score comments (engine) or plain time comments (random):\n%s", pgn.String())
	}
	_ = games
}

// TestChess960 plays chess960 from its own numbered start positions (no
// book) and relays a 960 castling ply to CECP engines as O-O.
func TestChess960(t *testing.T) {
	g, err := allGet("chess960")
	if err != nil || g.NumOpenings == 0 {
		t.Skip("no chess960 with numbered openings")
	}
	cfg := Config{Game: g, Engines: []EngineSpec{mustSpec(t, "builtin:greedy"), mustSpec(t, "builtin:random")}, Games: 4,
		TC: TimeControl{Base: time.Minute}, Seed: 9, Order: "random"}
	jobs, err := schedule(&cfg)
	if err != nil {
		t.Fatal(err)
	}
	if jobs[0].Opening != jobs[1].Opening || jobs[0].Opening == jobs[2].Opening || jobs[0].Opening == g.StartFEN {
		t.Errorf("openings %q %q %q: want one of the 960 per round", jobs[0].Opening, jobs[1].Opening, jobs[2].Opening)
	}
	start := "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1"
	pos, err := g.Load(start)
	if err != nil {
		t.Fatal(err)
	}
	tr := &turn{game: g, pos: pos, startFEN: start, moves: []string{"b1e1"}}
	if got := xboardPlies(tr, 0); len(got) != 1 || got[0] != "O-O" {
		t.Errorf("relayed %q, want O-O", got)
	}
	if cecpVariant("chess960") != "fischerandom" {
		t.Error("CECP variant name")
	}
}
