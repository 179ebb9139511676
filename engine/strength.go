package engine

import "varchess/variants"

// Strength is a playing level (placeholder until levels land).
type Strength struct{}

// Active reports whether the level weakens play.
func (st Strength) Active() bool { return false }

func (st Strength) clamped() Strength                                 { return st }
func (st Strength) limits(lim Limits) Limits                          { return lim }
func (st Strength) lines() int                                        { return 1 }
func (st Strength) pick(lines []pvLine, pos variants.Position) pvLine { return lines[0] }
