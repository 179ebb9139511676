package engine

import (
	"context"
	"time"

	"varchess/variants"
)

// timeBudget turns the clock into two limits: soft (do not start another
// iteration after a share of it) and hard (abort the search). Zero means
// unlimited. fixed marks a movetime: the whole time is the engine's to
// use, so iterations go on until the hard limit stops the last one (its
// best move is kept when it beat the previous one, search.go).
type timeBudget struct {
	soft, hard time.Duration
	fixed      bool
}

// minThink is the least time a search may use before answering, so that it
// always completes depth 1 even with an almost empty clock.
const minThink = time.Millisecond

// Time sharing over a game with a clock. The engine plans as if
// horizonMoves moves were still to play (sudden death; with movestogo, that
// many, at most horizonMoves), adds most of the increment, and may go up to
// hardFactor times that plan in a move whose iteration runs long, never
// more than half the clock. A search starts another iteration while the
// time used is below the plan scaled by how settled its best move is
// (timeScale in search.go), so moves use the plan on average.
//
// A reserve of reserveIncs increments and reserveOverheads Move Overheads
// stays out of the plan: below it the engine spends less than the
// increment, so the clock grows back, and even a move that runs to its
// hard limit never eats into it. Without it, long iterations in a row
// drained a 5+0.05 clock to 130-170 ms, where one stall of the shared
// machine lost three monochrome games on time (docs/strength.md, "Time
// use").
//
// With 10+0.1 the first move plans (9.98s-0.6s)/20 + 75ms = 544ms (hard
// 2.2 s).
// Stockfish 15.1 spends far more early (6-8 s of its 10 s in the first ten
// moves after the opening, then lives on the increment); a horizon of 50
// spent 2-3 s there and lost strength for it, and 20 beat 30
// (docs/strength.md, "Time use").
const (
	horizonMoves     = 20
	hardFactor       = 4
	reserveIncs      = 5
	reserveOverheads = 10
)

// budget computes the time limits for the side to move.
func budget(lim Limits, us variants.Color) timeBudget {
	return budgetOver(lim, us, horizonMoves)
}

// plan is game g's time plan: budget, over g.PlanMoves when it says.
func (g Game) plan() func(Limits, variants.Color) timeBudget {
	if g.PlanMoves == 0 {
		return budget
	}
	return func(lim Limits, us variants.Color) timeBudget { return budgetOver(lim, us, g.PlanMoves) }
}

// budgetOver is budget for a game planned to last horizon more moves
// (without movestogo; with it, that many, at most horizon).
func budgetOver(lim Limits, us variants.Color, horizon int) timeBudget {
	if lim.Infinite {
		return timeBudget{}
	}
	var tb timeBudget
	if lim.MoveTime > 0 {
		t := max(lim.MoveTime-lim.MoveOverhead, minThink)
		tb = timeBudget{soft: t, hard: t, fixed: true}
	}
	clock, inc := lim.WTime, lim.WInc
	if us == variants.Black {
		clock, inc = lim.BTime, lim.BInc
	}
	if clock <= 0 {
		if lim.WTime > 0 || lim.BTime > 0 { // our clock is empty: move at once
			return timeBudget{soft: minThink, hard: minThink}
		}
		return tb
	}
	// Keep a reserve for the overhead of every move still to come.
	avail := clock - lim.MoveOverhead
	mtg := horizon
	if lim.MovesToGo > 0 {
		mtg = min(lim.MovesToGo, horizon)
	}
	avail -= time.Duration(min(mtg, 10)) * time.Millisecond // per-move slack
	if avail < minThink {
		avail = minThink
	}
	// What the plan may spend beyond the increment: the clock above the
	// reserve.
	bank := max(avail-reserveIncs*inc-reserveOverheads*lim.MoveOverhead, 0)
	soft := bank/time.Duration(mtg) + inc*3/4
	hard := soft * hardFactor
	// Never plan more than a quarter of what is left, nor go past half of
	// it (large increments against a short clock), nor past half the bank
	// and most of what the increment brings after the overhead (so the
	// reserve stays whole however long the moves run).
	soft = min(soft, avail/4)
	hard = min(hard, avail/2, bank/2+max(inc-lim.MoveOverhead, 0)*3/4)
	soft = min(soft, hard)
	if lim.MovesToGo == 1 { // the last move before the control: most of it
		soft = avail * 7 / 10
		hard = avail * 4 / 5
	}
	soft = max(soft, minThink)
	hard = max(hard, soft)
	if tb.hard > 0 { // movetime and a clock: the tighter wins
		return timeBudget{soft: min(tb.soft, soft), hard: min(tb.hard, hard), fixed: tb.hard <= hard}
	}
	return timeBudget{soft: soft, hard: hard}
}

// clockAllowsIteration reports whether the clock lets the main thread start
// another iteration: before share times the soft limit (the share says how
// settled the search is), always with a movetime (the hard limit stops
// it), always without a clock.
func (s *stopper) clockAllowsIteration(share float64) bool {
	switch {
	case s.tb.soft == 0:
		return true
	case s.tb.fixed:
		return time.Since(s.start) < s.tb.hard
	}
	return time.Since(s.start) < time.Duration(float64(s.tb.soft)*share)
}

// stopper is the stopping state both searches (alpha-beta and russian
// expectimax) share: the caller's context, pondering, the clock and the
// node limit. The searches embed it.
type stopper struct {
	ctx    context.Context
	lim    Limits
	budget func(Limits, variants.Color) timeBudget // the search's time plan
	// us is the side to move at the root, whose clock runs: the side to
	// move where the search polls changes from node to node.
	us     variants.Color
	start  time.Time
	tb     timeBudget
	ponder <-chan struct{} // nil once ponderhit arrived (or never pondering)

	nodes   uint64
	stopped bool

	// The threads of one search share a job (threads.go): the main thread
	// reads the clock and the limits, a helper stops only with the job or
	// the context.
	job       *job
	helper    bool
	published uint64 // nodes already added to job.nodes
}

// newStopper starts the clock for side us; while pondering it does not run.
// Thread id 0 is the main thread; the others are helpers.
func newStopper(j *job, id int, plan func(Limits, variants.Color) timeBudget, us variants.Color) stopper {
	lim := j.lim
	if id > 0 {
		lim = helperLimits(lim)
	}
	s := stopper{ctx: j.ctx, lim: lim, budget: plan, us: us, start: time.Now(), ponder: lim.Ponder, job: j, helper: id > 0}
	if s.ponder == nil {
		s.tb = plan(lim, us)
	}
	return s
}

// totalNodes publishes this thread's nodes and returns the job's count.
func (s *stopper) totalNodes() uint64 {
	s.job.nodes.Add(s.nodes - s.published)
	s.published = s.nodes
	return s.job.nodes.Load()
}

// pondering reports whether the search still waits for ponderhit. It
// notices a ponderhit that arrived since the last poll (and starts our
// clock then), so a search whose tree is too small to poll often still
// sees it: every check of the ponder state goes through here, never
// through a value read once at the start.
func (s *stopper) pondering() bool {
	if s.ponder == nil {
		return false
	}
	select {
	case <-s.ponder: // ponderhit: our clock starts now
		s.ponder = nil
		s.start = time.Now()
		s.tb = s.budget(s.lim, s.us)
		return false
	default:
		return true
	}
}

// endless reports whether the search must not end by itself: infinite, or
// pondering still (helpers never wait).
func (s *stopper) endless() bool {
	return !s.helper && (s.lim.Infinite || s.pondering())
}

// waitStop blocks until ctx is cancelled, or, when pondering, until the
// ponderhit arrives (then the search is over anyway: the answer is known).
func (s *stopper) waitStop() {
	if s.ponder != nil {
		select {
		case <-s.ctx.Done():
		case <-s.ponder:
		}
		return
	}
	<-s.ctx.Done()
}

// pollStop sets stopped when the context is cancelled or, once the clock
// runs (after ponderhit), when the node limit or the hard time
// limit is reached; limits only count when armed (the alpha-beta search
// always completes depth 1).
func (s *stopper) pollStop(armed bool) {
	total := s.totalNodes()
	if s.ctx.Err() != nil || s.job.stop.Load() {
		s.stopped = true
		return
	}
	if s.helper {
		return
	}
	if s.pondering() || !armed {
		return
	}
	if s.tb.hard > 0 && time.Since(s.start) >= s.tb.hard {
		s.stopped = true
	}
	if s.lim.Nodes > 0 && total >= s.lim.Nodes {
		s.stopped = true
	}
}
