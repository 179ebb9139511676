package engine

import (
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
