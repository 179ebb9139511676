package monochrome

import "varchess/variants"

// Game is Looney's Monochrome Chess for the registry (variants/all).
var Game = &variants.Game{
	Name:     "monochrome",
	StartFEN: StartFEN,
	Parse: func(fen string) (variants.Position, error) {
		p, err := ParseFEN(fen)
		if err != nil {
			return nil, err
		}
		return p, nil
	},
}

// Compile-time check that *Position is a complete variants.Position.
var _ variants.Position = (*Position)(nil)
