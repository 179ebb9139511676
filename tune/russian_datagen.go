package tune

import (
	"math/rand/v2"

	"varchess/engine"
	"varchess/variants"
	"varchess/variants/russian"
)

// Russian self-play (datagen -variant russian). The die is part of the
// game, so the same generator that picks the opening also rolls every
// turn: a game is reproducible from (Seed, index). Positions are kept
// before the roll (the evaluation does not read it), when the side to move
// is not in check and the move the engine chose for its roll captures
// nothing: the evaluation is meant to judge quiet positions, the search
// resolves the rest.

// russianMaxPlies ends a game as a draw (the 100-ply rule and repetition
// end almost every long game sooner).
const russianMaxPlies = 300

// russianFaces are the die's faces in the order the generator draws them.
const russianFaces = "PNBRQK"

// playRussianGame plays game index i of cfg.
func playRussianGame(cfg GenConfig, i int, engines [2]*engine.Engine) gameRecord {
	rng := rand.New(rand.NewPCG(cfg.Seed, uint64(i)))
	for {
		pos, ok := russianOpening(rng, cfg.RandomPlies)
		if !ok {
			continue
		}
		if rec, ok := playRussianFrom(cfg, pos, rng, engines); ok {
			return rec
		}
	}
}

// roll sets a uniformly drawn face on pos.
func roll(pos *russian.Position, rng *rand.Rand) {
	_ = pos.SetRoll(russianFaces[rng.IntN(6)]) // a face of the list: no error
}

// russianOpening plays n uniformly random plies from the start array, each
// under a random roll.
func russianOpening(rng *rand.Rand, n int) (*russian.Position, bool) {
	pos, err := russian.Parse(russian.StartFEN)
	if err != nil {
		panic(err) // the start array is a constant
	}
	var buf []variants.Move
	for range n {
		roll(pos, rng)
		buf = pos.Moves(buf[:0])
		if len(buf) == 0 {
			return nil, false
		}
		pos.Make(buf[rng.IntN(len(buf))])
	}
	return pos, !pos.Status().Over()
}

// playRussianFrom plays one game from pos; ok is false when the opening is
// too unbalanced to be worth playing.
func playRussianFrom(cfg GenConfig, pos *russian.Position, rng *rand.Rand, engines [2]*engine.Engine) (gameRecord, bool) {
	for _, e := range engines {
		e.NewGame()
	}
	var kept []Sample
	outcome := variants.Draw
	for ply := 0; ply < russianMaxPlies; ply++ {
		if st := pos.Status(); st.Over() {
			outcome = st.Outcome
			break
		}
		fen := pos.FEN() // before the roll
		inCheck := pos.InCheck()
		roll(pos, rng)
		r, white := searchMove(cfg, pos, engines)
		if ply == 0 && (r.Mate != 0 || abs(white) > cfg.MaxOpening) {
			return gameRecord{}, false
		}
		if !inCheck && r.Mate == 0 && !russian.IsCaptureMove(r.Best) {
			kept = append(kept, Sample{FEN: fen, Score: white})
		}
		pos.Make(r.Best)
	}
	return labelled(kept, outcome), true
}
