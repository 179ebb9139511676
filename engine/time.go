package engine

import (
	"context"
	"time"

	"varchess/variants"
)

// timeBudget turns the clock into two limits: soft (do not start another
// iteration after it) and hard (abort the search). Zero means unlimited.
type timeBudget struct {
	soft, hard time.Duration
}

// minThink is the least time a search may use before answering, so that it
// always completes depth 1 even with an almost empty clock.
const minThink = time.Millisecond

// budget computes the time limits for the side to move.
func budget(lim Limits, us variants.Color) timeBudget {
	if lim.Infinite {
		return timeBudget{}
	}
	var tb timeBudget
	if lim.MoveTime > 0 {
		t := max(lim.MoveTime-lim.MoveOverhead, minThink)
		tb = timeBudget{soft: t, hard: t}
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
	mtg := 30
	if lim.MovesToGo > 0 {
		mtg = min(lim.MovesToGo, 50)
	}
	avail -= time.Duration(min(mtg, 10)) * time.Millisecond // per-move slack
	if avail < minThink {
		avail = minThink
	}
	soft := avail/time.Duration(mtg) + inc*3/4
	hard := soft * 4
	// Never plan to use more than a fraction of what is left.
	soft = min(soft, avail/3)
	if lim.MovesToGo == 1 {
		soft = min(avail*7/10, soft*3)
	}
	hard = min(hard, avail*3/5)
	if lim.MovesToGo == 1 {
		hard = avail * 4 / 5
	}
	soft = max(soft, minThink)
	hard = max(hard, soft)
	if tb.hard > 0 { // movetime and a clock: the tighter wins
		tb.soft, tb.hard = min(tb.soft, soft), min(tb.hard, hard)
		return tb
	}
	return timeBudget{soft: soft, hard: hard}
}

// stopper is the stopping state both searches (alpha-beta and russian
// expectimax) share: the caller's context, pondering, the clock and the
// node limit. The searches embed it.
type stopper struct {
	ctx    context.Context
	lim    Limits
	budget func(Limits, variants.Color) timeBudget // the search's time plan
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
	s := stopper{ctx: j.ctx, lim: lim, budget: plan, start: time.Now(), ponder: lim.Ponder, job: j, helper: id > 0}
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
// runs (after ponderhit, for side us), when the node limit or the hard time
// limit is reached; limits only count when armed (the alpha-beta search
// always completes depth 1).
func (s *stopper) pollStop(us variants.Color, armed bool) {
	total := s.totalNodes()
	if s.ctx.Err() != nil || s.job.stop.Load() {
		s.stopped = true
		return
	}
	if s.helper {
		return
	}
	if s.ponder != nil {
		select {
		case <-s.ponder: // ponderhit: our clock starts now
			s.ponder = nil
			s.start = time.Now()
			s.tb = s.budget(s.lim, us)
		default:
			return
		}
	}
	if !armed {
		return
	}
	if s.tb.hard > 0 && time.Since(s.start) >= s.tb.hard {
		s.stopped = true
	}
	if s.lim.Nodes > 0 && total >= s.lim.Nodes {
		s.stopped = true
	}
}
