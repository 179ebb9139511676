package kingchess

import "varchess/variants"

// Status implements variants.Position (rule K9). It is exact: a position
// where only a drop action of several pieces saves the King is not mate.
func (p *Position) Status() variants.Status {
	if !p.hasLegalPly() {
		if p.InCheck() {
			if p.side == variants.White {
				return variants.Status{Outcome: variants.BlackWins, Reason: "checkmate"}
			}
			return variants.Status{Outcome: variants.WhiteWins, Reason: "checkmate"}
		}
		return variants.Status{Outcome: variants.Draw, Reason: "stalemate"}
	}
	if p.clock >= 100 {
		return variants.Status{Outcome: variants.Draw, Reason: "50-move rule"}
	}
	if p.repetitions() >= 3 {
		return variants.Status{Outcome: variants.Draw, Reason: "threefold repetition"}
	}
	if p.insufficientMaterial() {
		return variants.Status{Outcome: variants.Draw, Reason: "insufficient material"}
	}
	return variants.Status{}
}

func (p *Position) hasLegalPly() bool {
	var buf [256]variants.Move
	if len(p.genOrdinary(buf[:0])) > 0 || p.countSingleDrops() > 0 {
		return true
	}
	return !p.single && p.DropActionCount() > 0
}

// repetitions counts how often the current position occurred, this time
// included. Drops, captures and pawn moves are irreversible, so only the
// last clock plies can repeat.
func (p *Position) repetitions() int {
	n := 1
	for i, back := len(p.history)-1, 1; i >= 0 && back <= p.clock; i, back = i-1, back+1 {
		if back%2 == 0 && p.history[i].hash == p.hash {
			n++
		}
	}
	return n
}

// insufficientMaterial: both reserves empty and K v K or K+minor v K.
func (p *Position) insufficientMaterial() bool {
	if !p.ReserveEmpty(variants.White) || !p.ReserveEmpty(variants.Black) {
		return false
	}
	var minors int
	for c := 0; c < 2; c++ {
		pc := &p.pieces[c]
		if pc[Queen]|pc[Rook]|pc[Pawn] != 0 {
			return false
		}
		minors += (pc[Bishop] | pc[Knight]).Count()
	}
	return minors <= 1
}
