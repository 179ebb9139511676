package russian

import "varchess/variants"

// Game is russian dice chess for the registry (variants/all).
var Game = &variants.Game{
	Name:     "russian",
	StartFEN: StartFEN,
	Parse: func(fen string) (variants.Position, error) {
		p, err := Parse(fen)
		if err != nil {
			return nil, err
		}
		return p, nil
	},
}
