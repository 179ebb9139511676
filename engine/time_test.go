package engine

import (
	"context"
	"testing"
	"time"

	"varchess/variants"
)

// The clock rules are tested on the limits they compute, never on a wall
// clock (the machine is shared).

// TestBudgetShares: how the clock is shared. The first move of 10+0.1 plans
// a twentieth of the clock and most of the increment (0.45-0.65 s), with at
// most four times that as the hard limit; the plan grows with the
// increment and never takes the whole clock.
func TestBudgetShares(t *testing.T) {
	ms := time.Millisecond
	overhead := 10 * ms
	tb := budget(Limits{WTime: 10 * time.Second, BTime: 10 * time.Second, WInc: 100 * ms, BInc: 100 * ms, MoveOverhead: overhead}, variants.White)
	if tb.soft < 450*ms || tb.soft > 650*ms || tb.hard > 2600*ms || tb.hard < tb.soft || tb.fixed {
		t.Errorf("10+0.1, first move: %+v", tb)
	}
	for _, c := range []struct{ clock, inc time.Duration }{
		{60 * time.Second, 0}, {5 * time.Second, 50 * ms}, {300 * ms, 0}, {1 * time.Second, 1 * time.Second}, {20 * ms, 0},
	} {
		tb := budget(Limits{WTime: c.clock, BTime: c.clock, WInc: c.inc, BInc: c.inc, MoveOverhead: overhead}, variants.Black)
		if tb.soft <= 0 || tb.hard < tb.soft || tb.hard > max(c.clock/2, minThink) {
			t.Errorf("clock %v inc %v: %+v", c.clock, c.inc, tb)
		}
	}
	// movestogo 1: most of what is left, still not all of it.
	tb = budget(Limits{WTime: 2 * time.Second, MovesToGo: 1, MoveOverhead: overhead}, variants.White)
	if tb.soft < time.Second || tb.hard >= 2*time.Second {
		t.Errorf("movestogo 1: %+v", tb)
	}
}

// TestMoveTimeIsUsed: a movetime is the engine's to use up to the Move
// Overhead: the hard limit is movetime minus the overhead, and the search
// starts iterations until then (with a clock it starts them only within
// its plan). CECP's st arrives as a movetime (TestCECPClockLimits).
func TestMoveTimeIsUsed(t *testing.T) {
	ms := time.Millisecond
	lim := Limits{MoveTime: 1000 * ms, MoveOverhead: 10 * ms}
	tb := budget(lim, variants.White)
	if !tb.fixed || tb.hard != 990*ms || tb.soft != tb.hard {
		t.Fatalf("movetime 1000, overhead 10: %+v", tb)
	}
	at := func(tb timeBudget, elapsed time.Duration) bool {
		s := stopper{tb: tb, start: time.Now().Add(-elapsed)}
		return s.clockAllowsIteration(1)
	}
	if !at(tb, 800*ms) {
		t.Error("movetime 1000: no new iteration after 800 ms, so the move would use 80% of the time or less")
	}
	if at(tb, 995*ms) {
		t.Error("movetime 1000: a new iteration past the hard limit")
	}
	clock := budget(Limits{WTime: 10 * time.Second, BTime: 10 * time.Second}, variants.White)
	if at(clock, clock.soft*11/10) || !at(clock, clock.soft*9/10) {
		t.Errorf("clock budget %+v: iterations must start within the plan and only there", clock)
	}
	// A movetime tighter than the clock's plan is still used in full.
	both := budget(Limits{MoveTime: 100 * ms, WTime: 10 * time.Second, BTime: 10 * time.Second, MoveOverhead: 10 * ms}, variants.White)
	if !both.fixed || both.hard != 90*ms {
		t.Errorf("movetime 100 with a 10 s clock: %+v", both)
	}
}

// TestReserveSurvivesLongMoves: the worst case for the clock is a search
// whose every move runs to its hard limit, plus the Move Overhead lost in
// transit. Even then the clock keeps its reserve (five increments and ten
// overheads), in both the engine's plan and russian's shorter one, so a
// stall of the machine late in a fast game does not lose on time. The
// plan before the reserve let such a 5+0.05 game fall to 100 ms. (Without
// an increment larger than the overhead, the overhead alone drains any
// clock, so those controls are not in the list.)
func TestReserveSurvivesLongMoves(t *testing.T) {
	ms := time.Millisecond
	overhead := 10 * ms
	plans := map[string]func(Limits, variants.Color) timeBudget{"engine": budget, "russian": russianBudget}
	for name, plan := range plans {
		for _, c := range []struct{ clock, inc time.Duration }{
			{5 * time.Second, 50 * ms}, {10 * time.Second, 100 * ms}, {2 * time.Second, 20 * ms}, {60 * time.Second, time.Second}, {300 * ms, 50 * ms},
		} {
			reserve := reserveIncs*c.inc + reserveOverheads*overhead
			clock, lowest := c.clock, c.clock
			for move := 0; move < 300; move++ {
				tb := plan(Limits{WTime: clock, BTime: clock, WInc: c.inc, BInc: c.inc, MoveOverhead: overhead}, variants.White)
				clock += c.inc - tb.hard - overhead
				lowest = min(lowest, clock)
			}
			if lowest < min(reserve, c.clock) { // a clock below the reserve must not fall
				t.Errorf("%s, %v+%v: every move at its hard limit leaves %v on the clock, below the reserve %v", name, c.clock, c.inc, lowest, reserve)
			}
		}
	}
}

// TestGamePlans: monochrome shares its clock over 50 moves (its games run
// twice as long as chess's), every other alpha-beta game over horizonMoves; so
// monochrome's first move of 5+0.05 plans less than chess's.
func TestGamePlans(t *testing.T) {
	ms := time.Millisecond
	lim := Limits{WTime: 5 * time.Second, BTime: 5 * time.Second, WInc: 50 * ms, BInc: 50 * ms, MoveOverhead: 10 * ms}
	for variant, moves := range map[string]int{"chess": horizonMoves, "kingchess": horizonMoves, "kingchess1": horizonMoves, "monochrome": 50} {
		if got, want := gameFor(variant).plan()(lim, variants.White), budgetOver(lim, variants.White, moves); got != want {
			t.Errorf("%s: plan %+v, want the plan over %d moves %+v", variant, got, moves, want)
		}
	}
	if mono, chess := gameFor("monochrome").plan()(lim, variants.White), gameFor("chess").plan()(lim, variants.White); mono.soft >= chess.soft {
		t.Errorf("monochrome plans %v, chess %v: monochrome should plan less per move", mono.soft, chess.soft)
	}
}

// TestPonderhitPlansForTheRootSide: the clock that starts on ponderhit is
// the one of the side to move at the root, whichever node of the tree the
// search is at when it notices (it polls at nodes of both sides).
func TestPonderhitPlansForTheRootSide(t *testing.T) {
	hit := make(chan struct{})
	j := &job{ctx: context.Background(), lim: Limits{Ponder: hit}}
	var planned []variants.Color
	plan := func(_ Limits, c variants.Color) timeBudget {
		planned = append(planned, c)
		if c == variants.Black {
			return timeBudget{soft: time.Second, hard: 2 * time.Second}
		}
		return timeBudget{soft: time.Hour, hard: 2 * time.Hour}
	}
	s := newStopper(j, 0, plan, variants.Black)
	s.pollStop(true)
	if len(planned) != 0 || s.stopped || !s.endless() {
		t.Fatalf("before ponderhit: planned %v, stopped %v, endless %v; want no plan, searching, endless", planned, s.stopped, s.endless())
	}
	close(hit)
	s.pollStop(true)
	if len(planned) != 1 || planned[0] != variants.Black || s.tb.soft != time.Second {
		t.Fatalf("after ponderhit: planned %v with soft limit %v; want Black's plan once (1s)", planned, s.tb.soft)
	}
	if s.endless() {
		t.Fatal("still endless after ponderhit")
	}
}

// TestFallScale: a score that falls against the side's previous search or
// the iteration three back buys more time, one that rises saves a little,
// within [0.85, 1.5]; the other side's score, mate scores and a search
// without references change nothing.
func TestFallScale(t *testing.T) {
	pos := mustParse(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	s := &searcher{pos: pos}
	if f := s.fallScale(-40); f != 1 {
		t.Errorf("no references: %v, want 1", f)
	}
	s.prevSearch = lastScore{score: 30, side: variants.White, ok: true}
	if f := s.fallScale(0); f <= 1.2 || f > 1.5 {
		t.Errorf("30 cp below the last move: %v, want above 1.2", f)
	}
	if f := s.fallScale(-500); f != 1.5 {
		t.Errorf("a collapse: %v, want the cap 1.5", f)
	}
	if f := s.fallScale(60); f != 0.85 {
		t.Errorf("a rise of 30 cp: %v, want the floor 0.85", f)
	}
	if f := s.fallScale(MateScore(5)); f != 1 {
		t.Errorf("a mate score: %v, want 1", f)
	}
	s.prevSearch.side = variants.Black
	if f := s.fallScale(0); f != 1 {
		t.Errorf("the previous search was the other side's: %v, want 1", f)
	}
	s.iterScores = []int{0, 50, 40, 35, 20}
	if f := s.fallScale(20); f <= 1.2 {
		t.Errorf("30 cp below the iteration three back: %v, want above 1.2", f)
	}
}

// TestLastScoreKept: a search leaves its score for the side's next search,
// and a new game forgets it.
func TestLastScoreKept(t *testing.T) {
	e := New(Options{HashMB: 1})
	pos := mustParse(t, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1")
	r := e.Search(context.Background(), pos, Limits{Depth: 4}, nil)
	last := e.workers[0].last
	if !last.ok || last.side != variants.White || last.score != r.Score {
		t.Fatalf("after a search: %+v, want White's score %d", last, r.Score)
	}
	e.NewGame()
	if e.workers[0].last.ok {
		t.Error("a new game kept the last search's score")
	}
}
