package monochrome

import (
	"fmt"

	"varchess/variants"
	bb "varchess/variants/bitboard"
)

// Status reports whether the game has ended by docs/rules.md M10 and who won.
// Every ending is decided on score (higher wins, equal is a draw); the
// reason carries the score South-North and what ended the game, e.g.
// "South wins 44-27 (North has no pieces on its half)".
func (p *Position) Status() variants.Status {
	why := p.endReason()
	if why == "" {
		return variants.Status{Outcome: variants.Ongoing}
	}
	s, n := p.score[0], p.score[1]
	switch {
	case s > n:
		return variants.Status{Outcome: variants.WhiteWins, Reason: fmt.Sprintf("South wins %d-%d (%s)", s, n, why)}
	case n > s:
		return variants.Status{Outcome: variants.BlackWins, Reason: fmt.Sprintf("North wins %d-%d (%s)", s, n, why)}
	}
	return variants.Status{Outcome: variants.Draw, Reason: fmt.Sprintf("draw %d-%d (%s)", s, n, why)}
}

// endReason names the first ending of M10 that holds, "" if none.
func (p *Position) endReason() string {
	southEmpty, northEmpty := p.occ&bb.South == 0, p.occ&bb.North == 0
	switch {
	case southEmpty && northEmpty:
		return "no pieces on the board"
	case southEmpty:
		return "South has no pieces on its half"
	case northEmpty:
		return "North has no pieces on its half"
	case p.countMoves() == 0:
		if p.side == variants.White {
			return "South has no legal move"
		}
		return "North has no legal move"
	case p.repetitions() >= 3:
		return "threefold repetition"
	case p.clock >= 100:
		return "100 plies without a capture"
	}
	return ""
}

// repetitions counts how often the current position (board, side to move,
// undo restriction) has occurred in the recorded history, this time
// included. Only plies since the last capture can repeat it (a capture
// removes a piece for good), and within them the scores are constant, so
// comparing keys is enough.
func (p *Position) repetitions() int {
	n := 1
	for i, back := len(p.hist)-2, 2; i >= 0 && back <= p.clock; i, back = i-2, back+2 {
		if p.hist[i].key == p.key {
			n++
		}
	}
	return n
}
