// Package variants defines what every game of the engine looks like from the
// outside: a position that lists, makes and unmakes its plies, reads and
// writes its own FEN and move notation, and says when the game is over.
//
// The search (package engine), the protocols and the perft driver see games
// only through these types. Each game lives in its own sub-package
// (variants/chess, variants/monochrome, ...); variants/all lists them by name.
package variants

import (
	"fmt"
	"sync/atomic"
)

// Color is the side to move. In monochrome White is South and Black North.
type Color uint8

const (
	White Color = iota
	Black
)

// Other returns the opponent's colour.
func (c Color) Other() Color { return c ^ 1 }

func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// Move is one ply (a move, a drop action or a pass) in a game-specific
// encoding. The game that produced a Move is the only one that can read it;
// everyone else compares, stores and hands it back. Two words are needed
// because a kingchess drop action can place up to sixteen pieces at once.
// The zero Move is never a legal ply: it means "no move".
type Move struct{ Lo, Hi uint64 }

// NoMove is the zero Move.
var NoMove Move

// IsNone reports whether m is the zero Move.
func (m Move) IsNone() bool { return m == NoMove }

// Outcome is who won a finished game.
type Outcome int8

const (
	Ongoing Outcome = iota
	WhiteWins
	BlackWins
	Draw
)

// PGN returns the PGN result token: "1-0", "0-1", "1/2-1/2" or "*".
func (o Outcome) PGN() string {
	switch o {
	case WhiteWins:
		return "1-0"
	case BlackWins:
		return "0-1"
	case Draw:
		return "1/2-1/2"
	}
	return "*"
}

// Status tells whether a game is over and why. Reason is human readable,
// e.g. "checkmate", "stalemate", "threefold repetition", "South wins 44-27".
type Status struct {
	Outcome Outcome
	Reason  string
}

// Over reports whether the game has ended.
func (s Status) Over() bool { return s.Outcome != Ongoing }

// PerftOptions selects a perft flavour. Only russian reads Face and Dice:
// Dice asks for the dice perft, Face (one of "KQRBNP") for a fixed-face
// perft; with neither, the FEN's roll is used (K if none).
type PerftOptions struct {
	Face byte
	Dice bool
	// Stop, when not nil, is polled by every game's perft; once it is set
	// the count returns early with a partial (meaningless) result, which
	// the caller that set it discards. Protocol loops use it to stop
	// `go perft` on `stop`, `quit` or EOF.
	Stop *atomic.Bool
}

// Stopped reports whether the caller asked the count to stop.
func (o PerftOptions) Stopped() bool { return o.Stop != nil && o.Stop.Load() }

// MaxPerftDepth is the deepest perft the protocols and the perft command
// accept. Deeper trees take years (chess perft 12 has 6.2e16 leaves) and
// their counts near the 64-bit limit (chess perft 14 overflows it).
const MaxPerftDepth = 12

// CheckPerftDepth returns an error unless 1 <= depth <= MaxPerftDepth.
func CheckPerftDepth(depth int) error {
	if depth < 1 || depth > MaxPerftDepth {
		return fmt.Errorf("perft depth %d out of range 1..%d (deeper trees take years and overflow 64-bit counts)", depth, MaxPerftDepth)
	}
	return nil
}

// MoveCount is one line of a perft divide: a root ply and its leaf count.
type MoveCount struct {
	Move  string
	Nodes uint64
}

// Position is a game state with its history (for repetition and unmake).
// A Position is not safe for concurrent use; Clone it for another goroutine.
type Position interface {
	// Variant is the game's name as used on the command line and in UCI.
	Variant() string
	// FEN writes the position in the game's FEN dialect (docs/rules.md).
	FEN() string
	// String draws the board for humans (the UCI `d` command).
	String() string
	SideToMove() Color
	// Hash is a Zobrist key covering everything the rules depend on.
	Hash() uint64
	// Clone returns an independent deep copy, history included.
	Clone() Position

	// Moves appends the legal plies to buf and returns it. In every game
	// but kingchess this is the complete list (a forced pass included). In
	// kingchess, drop actions of two or more pieces are not listed (there
	// can be ~10^15 of them); ParseMove and Make accept them all, and the
	// engine brings its own candidates.
	Moves(buf []Move) []Move
	// Make plays a legal ply; Unmake takes back the last one made.
	Make(m Move)
	Unmake()
	// InCheck reports whether the side to move's king is attacked (false in
	// games without check).
	InCheck() bool
	// IsCapture reports whether the legal ply m captures something.
	IsCapture(m Move) bool

	// ParseMove reads a ply in the game's notation and returns it only if it
	// is legal here; otherwise the error says why.
	ParseMove(s string) (Move, error)
	// MoveString writes a ply in the game's canonical notation.
	MoveString(m Move) string

	// Status tells whether the game is over by the rules, including draws
	// by repetition and move counters.
	Status() Status

	// Perft counts the leaf nodes of the legal game tree to depth plies,
	// following the perft conventions of docs/rules.md for the game.
	Perft(depth int, opt PerftOptions) uint64
	// Divide returns the perft count below each root ply.
	Divide(depth int, opt PerftOptions) []MoveCount
}

// Game names a game and knows how to set it up.
type Game struct {
	Name     string
	StartFEN string
	// Parse reads a FEN of this game. "startpos" need not be accepted here:
	// callers map it to StartFEN.
	Parse func(fen string) (Position, error)
	// NumOpenings and Opening, when set, number the game's own start
	// positions (Chess960: its 960 arrays): Opening(i) is the FEN of
	// number i, 0 <= i < NumOpenings. A match without an opening book
	// starts from them.
	NumOpenings int
	Opening     func(i int) string
}

// New returns the game's start position.
func (g *Game) New() Position {
	p, err := g.Parse(g.StartFEN)
	if err != nil {
		panic(fmt.Sprintf("%s: bad start FEN %q: %v", g.Name, g.StartFEN, err))
	}
	return p
}

// Load parses fen, accepting "startpos" for the start position.
func (g *Game) Load(fen string) (Position, error) {
	if fen == "startpos" || fen == "" {
		return g.New(), nil
	}
	p, err := g.Parse(fen)
	if err != nil {
		return nil, fmt.Errorf("%s FEN %q: %w", g.Name, fen, err)
	}
	return p, nil
}

// Roller is implemented by games with a die (russian). The face is one of
// "KQRBNP", or 0 when the side to move has not rolled yet; Moves of an
// unrolled position lists the moves of face K (everything), and its
// ParseMove also accepts a pass that some roll would have forced (a move
// list replayed without its rolls, as UCI sends it, may contain one).
type Roller interface {
	Roll() byte
	SetRoll(face byte) error
}

// XBoardNotation is implemented by positions whose plies XBoard writes
// otherwise than the game's own notation (Chess960 castling: O-O, O-O-O).
// ParseMove reads both forms.
type XBoardNotation interface {
	XBoardMoveString(m Move) string
}

// DieFaces lists the die faces from highest to lowest.
const DieFaces = "KQRBNP"
