package match

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// TimeControl is a Fischer clock: Base for the whole game, Inc added after
// each of the player's own plies.
type TimeControl struct {
	Base, Inc time.Duration
}

func (tc TimeControl) String() string {
	return fmt.Sprintf("%g+%g", tc.Base.Seconds(), tc.Inc.Seconds())
}

// ParseTimeControl reads "BASE[+INC]" with both in seconds (decimals
// allowed), e.g. "10+0.1" or "60". BASE may also be written "M:SS".
func ParseTimeControl(s string) (TimeControl, error) {
	var tc TimeControl
	base, inc, hasInc := strings.Cut(strings.TrimSpace(s), "+")
	b, err := parseSeconds(base)
	if err != nil {
		return tc, fmt.Errorf("time control %q: base: %w", s, err)
	}
	if b <= 0 {
		return tc, fmt.Errorf("time control %q: base must be positive", s)
	}
	tc.Base = b
	if hasInc {
		i, err := parseSeconds(inc)
		if err != nil {
			return tc, fmt.Errorf("time control %q: increment: %w", s, err)
		}
		tc.Inc = i
	}
	return tc, nil
}

// parseSeconds reads "S.s" or "M:SS.s" as a non-negative duration of at most
// a day.
func parseSeconds(s string) (time.Duration, error) {
	var minutes float64
	if m, rest, ok := strings.Cut(s, ":"); ok {
		v, err := strconv.ParseFloat(m, 64)
		if err != nil || v < 0 || math.IsNaN(v) {
			return 0, fmt.Errorf("bad minutes %q", m)
		}
		minutes, s = v, rest
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v < 0 || math.IsNaN(v) {
		return 0, fmt.Errorf("bad seconds %q", s)
	}
	total := minutes*60 + v
	if total > 24*3600 {
		return 0, fmt.Errorf("%gs is more than a day", total)
	}
	return time.Duration(total * float64(time.Second)), nil
}

// clock holds both players' remaining time during one game.
type clock struct {
	tc     TimeControl
	left   [2]time.Duration // indexed by variants.Color
	margin time.Duration    // grace allowed beyond zero for pipe latency
}

func newClock(tc TimeControl, margin time.Duration) *clock {
	return &clock{tc: tc, left: [2]time.Duration{tc.Base, tc.Base}, margin: margin}
}

// budget is how long side may think before it loses on time.
func (c *clock) budget(side int) time.Duration { return c.left[side] + c.margin }

// spend charges side for a ply that took elapsed and adds the increment. It
// reports false when the flag fell (elapsed beyond the remaining time plus
// the margin). Time used inside the margin is forgiven (the clock stays at 0
// before the increment).
func (c *clock) spend(side int, elapsed time.Duration) bool {
	if elapsed > c.left[side]+c.margin {
		c.left[side] = 0
		return false
	}
	c.left[side] = max(c.left[side]-elapsed, 0) + c.tc.Inc
	return true
}
