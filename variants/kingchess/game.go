package kingchess

import "varchess/variants"

// Game is kingchess: drop actions of any number of pieces.
var Game = &variants.Game{
	Name:     "kingchess",
	StartFEN: StartFEN,
	Parse:    func(fen string) (variants.Position, error) { return asPosition(Parse(fen)) },
}

// Game1 is kingchess1: every drop action places exactly one piece.
var Game1 = &variants.Game{
	Name:     "kingchess1",
	StartFEN: StartFEN,
	Parse:    func(fen string) (variants.Position, error) { return asPosition(Parse1(fen)) },
}

// asPosition avoids handing out a non-nil interface holding a nil pointer.
func asPosition(p *Position, err error) (variants.Position, error) {
	if err != nil {
		return nil, err
	}
	return p, nil
}
