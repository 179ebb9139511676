package match

import (
	"strings"

	nchess "github.com/notnil/chess"
)

// chessSAN rewrites a chess game's plies (coordinate notation, as the
// engines and the rules speak) in standard algebraic notation for the PGN,
// using github.com/notnil/chess, an implementation of the rules independent
// of ours. It reports false if any ply cannot be converted; the PGN then
// keeps coordinate notation for the whole game (never a mix).
func chessSAN(startFEN string, moves []string) ([]string, bool) {
	pos := nchess.StartingPosition()
	if startFEN != "startpos" {
		pos = &nchess.Position{}
		if err := pos.UnmarshalText([]byte(startFEN)); err != nil {
			return nil, false
		}
	}
	out := make([]string, 0, len(moves))
	for _, s := range moves {
		var found *nchess.Move
		for _, m := range pos.ValidMoves() {
			if (nchess.UCINotation{}).Encode(pos, m) == strings.ToLower(s) {
				found = m
				break
			}
		}
		if found == nil {
			return nil, false
		}
		out = append(out, nchess.AlgebraicNotation{}.Encode(pos, found))
		pos = pos.Update(found)
	}
	return out, true
}
