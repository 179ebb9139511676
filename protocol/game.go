package protocol

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"varchess/variants"
	"varchess/variants/all"
)

// gameState is the game a protocol session plays: which variant and the
// current position (history included). Every change is all-or-nothing: on an
// error the old state stays, as docs/protocol.md requires. Both protocol loops
// may use it.
type gameState struct {
	name string         // the variant's name as the user chose it
	game *variants.Game // nil while that variant is not registered
	pos  variants.Position
}

// newGameState starts a session on the named variant. A variant that is not
// registered (yet) is not an error here: the session exists, but positions
// cannot be set up until another variant is chosen.
func newGameState(name string) gameState {
	g, err := all.Get(name)
	if err != nil {
		return gameState{name: name}
	}
	return gameState{name: g.Name, game: g, pos: g.New()}
}

// errNoGame is returned when the session's variant is not playable.
var errNoGame = errors.New("no playable variant selected")

// setVariant switches to another game at its start position.
func (gs *gameState) setVariant(name string) error {
	g, err := all.Get(name)
	if err != nil {
		return err
	}
	*gs = gameState{name: g.Name, game: g, pos: g.New()}
	return nil
}

// setPosition loads fen ("startpos" for the start) and plays moves on it.
// On any error the state is unchanged.
func (gs *gameState) setPosition(fen string, moves []string) error {
	if gs.game == nil {
		return fmt.Errorf("variant %s: %w", gs.name, errNoGame)
	}
	pos, err := gs.game.Load(fen)
	if err != nil {
		return err
	}
	for i, s := range moves {
		if err := playMove(pos, s); err != nil {
			return fmt.Errorf("move %d %q: %w", i+1, s, err)
		}
	}
	gs.pos = pos
	return nil
}

// playMove parses a ply in the game's notation and makes it. (A pass in a
// die game's move list, which carries no rolls, is the game's business:
// russian accepts it in an unrolled position when some face forces it.)
func playMove(pos variants.Position, s string) error {
	m, err := pos.ParseMove(s)
	if err != nil {
		return err
	}
	if m.IsNone() {
		return fmt.Errorf("illegal move %q", s)
	}
	pos.Make(m)
	return nil
}

// moveStrings writes a line of plies starting at root (each ply is written in
// the position it is played from, as notation may depend on it).
func moveStrings(root variants.Position, line []variants.Move) []string {
	p := root.Clone()
	out := make([]string, 0, len(line))
	for _, m := range line {
		out = append(out, p.MoveString(m))
		p.Make(m)
	}
	return out
}

// parseFace reads a die face (one of KQRBNP, either case).
func parseFace(s string) (byte, error) {
	f := strings.ToUpper(s)
	if len(f) != 1 || !strings.Contains(variants.DieFaces, f) {
		return 0, fmt.Errorf("die face must be one of K Q R B N P, not %q", s)
	}
	return f[0], nil
}

// rollDie draws a face with equal chances.
func rollDie(rng *rand.Rand) byte { return variants.DieFaces[rng.IntN(len(variants.DieFaces))] }

// prepareRoll makes sure a game with a die has a face for the side to move
// in pos (a clone the caller owns): face if given (non-zero), else the roll
// already in the position, else a fresh one from rng. It returns the face it
// rolled itself (0 if none), so the caller can announce it. Games without a
// die are left alone and a given face is an error.
func prepareRoll(pos variants.Position, face byte, rng *rand.Rand) (rolled byte, err error) {
	r, ok := pos.(variants.Roller)
	if !ok {
		if face != 0 {
			return 0, fmt.Errorf("variant %s has no die", pos.Variant())
		}
		return 0, nil
	}
	switch {
	case face != 0:
		return 0, r.SetRoll(face)
	case r.Roll() != 0:
		return 0, nil
	}
	f := rollDie(rng)
	return f, r.SetRoll(f)
}
