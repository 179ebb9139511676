package match

import (
	"context"
	"fmt"
	"time"

	"varchess/variants"
)

// player is one side of a game as the arbiter sees it: an engine process
// behind UCI or CECP, or a built-in player. A player is used by one game at
// a time; the game slot owns it and reuses it for its next game.
type player interface {
	// newGame prepares for a game of g from startFEN ("startpos" for the
	// game's start position).
	// with the player's own limits tc; timeout bounds a think without
	// clock or time per move.
	newGame(ctx context.Context, g *variants.Game, startFEN string, tc TimeControl, timeout time.Duration) error
	// think asks for a ply in t and waits at most t.budget for it.
	think(ctx context.Context, t *turn) (reply, error)
	// healthy reports whether the player can be reused for another game
	// (false after a crash, a hang or a protocol breakdown).
	healthy() bool
	// close stops the player (a process gets `quit`, then a kill).
	close()
}

// turn is everything a player needs to choose its ply.
type turn struct {
	game      *variants.Game
	pos       variants.Position // the true position (with the roll set); read only
	startFEN  string            // "startpos" or the game's start FEN
	moves     []string          // plies since startFEN in the game's notation
	roll      byte              // die face for games with a die, else 0
	rolls     []byte            // the faces of all plies so far (games with a die)
	left      [2]time.Duration  // clock, indexed by variants.Color
	tc        [2]TimeControl    // limits, indexed by variants.Color
	movesToGo int               // the mover's plies left in its session (0: Fischer)
	budget    time.Duration     // how long until the flag falls
}

// reply is a player's answer: a ply in the game's notation and, if the
// engine reported one, its last score (centipawns, side to move's view).
type reply struct {
	move     string
	score    int
	hasScore bool
	depth    int // the depth of the last report, 0 if none
}

// fault is a reason for a player to lose a game that is not about the move
// itself: time, a crash, a resignation, a false claim.
type fault struct {
	termination string // PGN Termination tag value
	reason      string // human readable
	// trace is the engine's last traffic when it lost on time or died
	// while thinking (the arbiter prints it), nil otherwise.
	trace []string
}

func (f *fault) Error() string { return f.reason }

func timeForfeit(budget time.Duration) *fault {
	return &fault{termination: "time forfeit", reason: fmt.Sprintf("loses on time (no answer within %v)", budget.Round(time.Millisecond))}
}

func crashed(detail string) *fault {
	return &fault{termination: "abandoned", reason: "engine died: " + detail}
}

// withTrace attaches p's recent traffic to f.
func (f *fault) withTrace(p *process) *fault {
	f.trace = p.trace()
	return f
}

func faultf(term, format string, args ...any) *fault {
	return &fault{termination: term, reason: fmt.Sprintf(format, args...)}
}

// mateScore stands for a mate in UCI/CECP scores when comparing with the
// adjudication thresholds.
const mateScore = 100000
