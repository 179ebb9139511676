package match

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// TimeControl is how long an engine may think: a clock (Fischer, or
// Moves plies per session with Base added at the start of each session), a
// fixed time per move, and node and depth limits. Limits combine: an engine
// with a clock and a depth limit gets both in its `go`.
type TimeControl struct {
	Moves    int           // plies of the player per session (0 = the whole game)
	Base     time.Duration // clock per session (0 = no clock)
	Inc      time.Duration // added after each of the player's plies
	MoveTime time.Duration // fixed time per move (0 = none); replaces the clock
	Nodes    int64         // node limit per move (0 = none)
	Depth    int           // depth limit per move (0 = none)
}

// Clocked reports whether the player has a running clock.
func (tc TimeControl) Clocked() bool { return tc.Base > 0 && tc.MoveTime == 0 }

// Limited reports whether a search under tc ends by itself.
func (tc TimeControl) Limited() bool {
	return tc.Clocked() || tc.MoveTime > 0 || tc.Nodes > 0 || tc.Depth > 0
}

// String writes tc as the flags read it: "40/60+0.6", "10+0.1", "st=1",
// "nodes=5000", "depth=8", joined with spaces when several apply; "inf" for
// no limit at all.
func (tc TimeControl) String() string {
	var parts []string
	if tc.Base > 0 && tc.MoveTime == 0 {
		s := fmt.Sprintf("%g+%g", tc.Base.Seconds(), tc.Inc.Seconds())
		if tc.Moves > 0 {
			s = fmt.Sprintf("%d/%s", tc.Moves, s)
		}
		parts = append(parts, s)
	}
	if tc.MoveTime > 0 {
		parts = append(parts, fmt.Sprintf("st=%g", tc.MoveTime.Seconds()))
	}
	if tc.Nodes > 0 {
		parts = append(parts, fmt.Sprintf("nodes=%d", tc.Nodes))
	}
	if tc.Depth > 0 {
		parts = append(parts, fmt.Sprintf("depth=%d", tc.Depth))
	}
	if len(parts) == 0 {
		return "inf"
	}
	return strings.Join(parts, " ")
}

// PGNTag is the PGN TimeControl tag value: "BASE+INC", "MOVES/BASE" (with
// "+INC" if any) for sessions, "1/S" for a fixed time per move (a session of
// one move, as the PGN standard writes it), "-" without a clock.
func (tc TimeControl) PGNTag() string {
	switch {
	case tc.MoveTime > 0:
		return fmt.Sprintf("1/%g", tc.MoveTime.Seconds())
	case tc.Base == 0:
		return "-"
	case tc.Moves > 0:
		return fmt.Sprintf("%d/%g+%g", tc.Moves, tc.Base.Seconds(), tc.Inc.Seconds())
	}
	return fmt.Sprintf("%g+%g", tc.Base.Seconds(), tc.Inc.Seconds())
}

// ParseTimeControl reads a clock "[MOVES/]BASE[+INC]" with BASE and INC in
// seconds (decimals allowed, BASE also as "M:SS"), e.g. "10+0.1", "60" or
// "40/60+0.6"; or "inf" for no clock.
func ParseTimeControl(s string) (TimeControl, error) {
	var tc TimeControl
	s = strings.TrimSpace(s)
	if s == "inf" || s == "none" {
		return tc, nil
	}
	clk := s
	if m, rest, ok := strings.Cut(s, "/"); ok {
		n, err := strconv.Atoi(m)
		if err != nil || n < 1 {
			return tc, fmt.Errorf("time control %q: moves per session %q must be a positive integer", s, m)
		}
		tc.Moves, clk = n, rest
	}
	base, inc, hasInc := strings.Cut(clk, "+")
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

// parseMoveTime reads the seconds of a fixed time per move.
func parseMoveTime(s string) (time.Duration, error) {
	d, err := parseSeconds(strings.TrimSpace(s))
	if err != nil {
		return 0, fmt.Errorf("time per move %q: %w", s, err)
	}
	if d <= 0 {
		return 0, fmt.Errorf("time per move %q must be positive", s)
	}
	return d, nil
}

// parseLimit reads a positive node or depth limit.
func parseLimit(what, s string, max int64) (int64, error) {
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil || n < 1 || n > max {
		return 0, fmt.Errorf("%s %q must be an integer from 1 to %d", what, s, max)
	}
	return n, nil
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

// clock holds both players' remaining time during one game; each side may
// have its own time control.
type clock struct {
	tc      [2]TimeControl   // indexed by variants.Color
	left    [2]time.Duration // remaining on a running clock
	plies   [2]int           // plies played by each side
	margin  time.Duration    // grace allowed beyond zero for pipe latency
	timeout time.Duration    // longest think for a side without clock or movetime
}

func newClock(white, black TimeControl, margin, timeout time.Duration) *clock {
	return &clock{tc: [2]TimeControl{white, black}, left: [2]time.Duration{white.Base, black.Base}, margin: margin, timeout: timeout}
}

// budget is how long side may think before it loses on time.
func (c *clock) budget(side int) time.Duration {
	tc := c.tc[side]
	switch {
	case tc.MoveTime > 0:
		return tc.MoveTime + c.margin
	case tc.Clocked():
		return c.left[side] + c.margin
	}
	return c.timeout
}

// movesToGo is the number of plies side has left in its session (0 for a
// Fischer clock).
func (c *clock) movesToGo(side int) int {
	if m := c.tc[side].Moves; m > 0 {
		return m - c.plies[side]%m
	}
	return 0
}

// spend charges side for a ply that took elapsed, adds the increment and,
// at the end of a session, the next session's time. It reports false when
// the flag fell (elapsed beyond the remaining time, or the time per move,
// plus the margin). Time used inside the margin is forgiven (the clock stays
// at 0 before the increment).
func (c *clock) spend(side int, elapsed time.Duration) bool {
	tc := c.tc[side]
	c.plies[side]++
	switch {
	case tc.MoveTime > 0:
		return elapsed <= tc.MoveTime+c.margin
	case !tc.Clocked():
		return elapsed <= c.timeout
	}
	if elapsed > c.left[side]+c.margin {
		c.left[side] = 0
		return false
	}
	c.left[side] = max(c.left[side]-elapsed, 0) + tc.Inc
	if tc.Moves > 0 && c.plies[side]%tc.Moves == 0 {
		c.left[side] += tc.Base
	}
	return true
}
