package chess

import "varchess/variants"

// IsRepetition reports whether the current position occurred before since
// the last capture, pawn move or null move (a two-fold repetition: what a
// search treats as a draw).
func (p *Position) IsRepetition() bool {
	limit := min(p.rule50, p.pliesFromNull)
	n := len(p.history)
	for k := 4; k <= limit && k <= n; k += 2 {
		if p.history[n-k].hash == p.hash {
			return true
		}
	}
	return false
}

// RepetitionCount returns how many times the current position has occurred
// (1 = first time) in the game history since the last irreversible move.
func (p *Position) RepetitionCount() int {
	count := 1
	limit := min(p.rule50, p.pliesFromNull)
	n := len(p.history)
	for k := 2; k <= limit && k <= n; k += 2 {
		if p.history[n-k].hash == p.hash {
			count++
		}
	}
	return count
}

// IsInsufficientMaterial reports K v K and K + one minor piece v K, the
// positions in which no sequence of legal moves can mate.
func (p *Position) IsInsufficientMaterial() bool {
	w, b := &p.pieces[variants.White], &p.pieces[variants.Black]
	if w[Pawn]|b[Pawn]|w[Rook]|b[Rook]|w[Queen]|b[Queen] != 0 {
		return false
	}
	return (w[Knight] | b[Knight] | w[Bishop] | b[Bishop]).Count() <= 1
}

// HasLegalMove reports whether the side to move can move.
func (p *Position) HasLegalMove() bool { return p.CountMoves() > 0 }

// Status implements variants.Position. Checkmate and stalemate come first
// (a mate on the 100th ply stands), then insufficient material, the
// 50-move rule (100 plies) and threefold repetition. The last two are
// automatic draws here, as an arbiter would apply them for engines.
func (p *Position) Status() variants.Status {
	if !p.HasLegalMove() {
		if p.InCheck() {
			if p.side == variants.White {
				return variants.Status{Outcome: variants.BlackWins, Reason: "checkmate"}
			}
			return variants.Status{Outcome: variants.WhiteWins, Reason: "checkmate"}
		}
		return variants.Status{Outcome: variants.Draw, Reason: "stalemate"}
	}
	if p.IsInsufficientMaterial() {
		return variants.Status{Outcome: variants.Draw, Reason: "insufficient material"}
	}
	if p.rule50 >= 100 {
		return variants.Status{Outcome: variants.Draw, Reason: "50-move rule"}
	}
	if p.RepetitionCount() >= 3 {
		return variants.Status{Outcome: variants.Draw, Reason: "threefold repetition"}
	}
	return variants.Status{}
}
