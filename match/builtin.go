package match

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"varchess/variants"
)

// builtinPlayer is an in-process baseline: "random" picks uniformly among
// Moves(); "greedy" picks uniformly among the plies with the largest
// immediate material gain (see gain). It plays under the same clock as the
// engines but answers at once.
type builtinPlayer struct {
	kind string
	rng  *rand.Rand
}

func newBuiltin(kind string) *builtinPlayer {
	return &builtinPlayer{kind: kind, rng: rand.New(rand.NewPCG(0, 0))}
}

// reseed makes the player's choices a function of the match seed, the game
// and the colour, so a match replays identically.
func (b *builtinPlayer) reseed(seed uint64, game int, side variants.Color) {
	b.rng = rand.New(rand.NewPCG(seed, uint64(game)<<1|uint64(side)))
}

func (b *builtinPlayer) newGame(context.Context, *variants.Game, string, TimeControl, time.Duration) error {
	return nil
}

func (b *builtinPlayer) think(_ context.Context, t *turn) (reply, error) {
	pos := t.pos.Clone()
	moves := pos.Moves(nil)
	if len(moves) == 0 {
		return reply{}, fmt.Errorf("builtin %s: no legal ply in %s", b.kind, pos.FEN())
	}
	if b.kind == "greedy" {
		moves = bestGains(pos, moves)
	}
	return reply{move: pos.MoveString(moves[b.rng.IntN(len(moves))])}, nil
}

func (b *builtinPlayer) healthy() bool { return true }
func (b *builtinPlayer) close()        {}

// bestGains keeps the plies with the highest gain.
func bestGains(pos variants.Position, moves []variants.Move) []variants.Move {
	var best []variants.Move
	bestGain := 0
	for _, m := range moves {
		g := gain(pos, m)
		switch {
		case len(best) == 0 || g > bestGain:
			best, bestGain = append(best[:0], m), g
		case g == bestGain:
			best = append(best, m)
		}
	}
	return best
}

// gain is the immediate material effect of m for the mover. In monochrome it
// is the mover's score gain (the value of the captured piece by rule M9);
// elsewhere it is the change of (own - opponent's) material counted from the
// FEN, so a capture gains the captured piece's value (and a promotion the
// promoted piece minus the pawn). Reading FENs keeps this independent of each
// game's internals.
func gain(pos variants.Position, m variants.Move) int {
	mover := pos.SideToMove()
	before := pos.FEN()
	pos.Make(m)
	after := pos.FEN()
	pos.Unmake()
	if pos.Variant() == "monochrome" {
		b, okB := monochromeScore(before)
		a, okA := monochromeScore(after)
		if okB && okA {
			return a[mover] - b[mover]
		}
		return 0
	}
	b, a := material(before), material(after)
	return (a[mover] - a[mover.Other()]) - (b[mover] - b[mover.Other()])
}

// pieceValue is the small value table of the greedy player. A king is worth
// a lot because in russian capturing it wins; in the other games with kings
// it cannot be captured.
var pieceValue = map[byte]int{'P': 1, 'N': 3, 'B': 3, 'R': 5, 'Q': 9, 'K': 100}

// material sums piece values per colour in a FEN's board field: letters on
// the board (only the top of a parenthesised russian stack, the checker that
// is active) and in a [reserve] (kingchess).
func material(fen string) [2]int {
	var m [2]int
	board, _, _ := strings.Cut(fen, " ")
	add := func(c byte) {
		v := pieceValue[c&^0x20]
		if c >= 'a' && c <= 'z' {
			m[variants.Black] += v
		} else {
			m[variants.White] += v
		}
	}
	for i := 0; i < len(board); i++ {
		switch c := board[i]; {
		case c == '(':
			end := strings.IndexByte(board[i:], ')')
			if end < 0 {
				return m
			}
			if end > 1 {
				add(board[i+end-1])
			}
			i += end
		case c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z':
			add(c)
		}
	}
	return m
}

// monochromeScore reads the last FEN field "South-North".
func monochromeScore(fen string) ([2]int, bool) {
	f := strings.Fields(fen)
	if len(f) == 0 {
		return [2]int{}, false
	}
	s, n, ok := strings.Cut(f[len(f)-1], "-")
	if !ok {
		return [2]int{}, false
	}
	a, errA := strconv.Atoi(s)
	b, errB := strconv.Atoi(n)
	if errA != nil || errB != nil {
		return [2]int{}, false
	}
	return [2]int{a, b}, true
}
