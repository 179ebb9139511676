package monochrome

import (
	"math/rand/v2"
	"slices"
	"testing"

	"varchess/variants"
)

// TestCapturesAreTheCapturesOfMoves: on the positions of random games,
// Captures lists exactly the capturing plies of Moves, in the same order.
func TestCapturesAreTheCapturesOfMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(2026, 12))
	for game := 0; game < 40; game++ {
		p, err := ParseFEN(StartFEN)
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 120; ply++ {
			moves := p.Moves(nil)
			var want []variants.Move
			for _, m := range moves {
				if DecodeMove(m).IsCapture() {
					want = append(want, m)
				}
			}
			if got := p.Captures(nil); !slices.Equal(got, want) {
				t.Fatalf("%s: Captures %v, want %v", p.FEN(), got, want)
			}
			if len(moves) == 0 {
				break
			}
			p.Make(moves[rng.IntN(len(moves))])
		}
	}
}
