package engine

import (
	"testing"
	"time"

	"varchess/variants"
)

// The clock rules are tested on the limits they compute, never on a wall
// clock (the machine is shared).

// TestBudgetShares: how the clock is shared. The first move of 10+0.1 plans
// a thirtieth of the clock and most of the increment (0.3-0.5 s), with at
// most four times that as the hard limit; the plan grows with the
// increment and never takes the whole clock.
func TestBudgetShares(t *testing.T) {
	ms := time.Millisecond
	overhead := 10 * ms
	tb := budget(Limits{WTime: 10 * time.Second, BTime: 10 * time.Second, WInc: 100 * ms, BInc: 100 * ms, MoveOverhead: overhead}, variants.White)
	if tb.soft < 300*ms || tb.soft > 500*ms || tb.hard > 2000*ms || tb.hard < tb.soft || tb.fixed {
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
