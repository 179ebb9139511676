package engine

import (
	"context"
	"sync"
	"time"

	"varchess/variants"
)

// Options configures an Engine.
type Options struct {
	HashMB  int // transposition table size in MiB (default 16)
	Threads int // search threads; only 1 is supported, other values are ignored
}

// Limits says how long one Search may run. Zero fields mean "no limit"; with
// no limit at all the search runs to MaxDepth (or until ctx is cancelled).
type Limits struct {
	Depth     int
	Nodes     uint64
	MoveTime  time.Duration
	WTime     time.Duration
	BTime     time.Duration
	WInc      time.Duration
	BInc      time.Duration
	MovesToGo int
	// Infinite: search until ctx is cancelled, even after a mate is found or
	// MaxDepth is reached (UCI `go infinite`).
	Infinite bool
	// MoveOverhead is subtracted from the clock for GUI and pipe latency.
	MoveOverhead time.Duration
	// SearchMoves, when not empty, restricts the root to these legal plies
	// (UCI `go searchmoves`; CECP uses it for moves XBoard can relay).
	SearchMoves []variants.Move

	// Ponder, when non-nil, makes the search behave as Infinite until the
	// channel is closed (UCI `ponderhit`); the clock limits above then start
	// counting from that moment. (Addition to the agreed contract.)
	Ponder <-chan struct{}
}

// Info is one `info` line: the result of a completed iteration.
type Info struct {
	Depth, SelDepth int
	// Score is in centipawns from the side to move's view (russian: the
	// expected value); meaningless when Mate != 0.
	Score int
	// Mate is "mate in N moves": positive when the side to move mates,
	// negative when it is mated, 0 for no mate score.
	Mate     int
	Nodes    uint64
	Time     time.Duration
	HashFull int // permille of the transposition table in use
	PV       []variants.Move
}

// Result is what Search returns.
type Result struct {
	Best, Ponder variants.Move
	Score        int
	Mate         int
	Nodes        uint64
}

// Engine owns a transposition table and the move-ordering memory that
// survives from one move to the next. One Engine serves one protocol session
// or one game slot of a match; Engines share nothing, so several can search
// at once. The methods of one Engine must not be called concurrently with
// Search (they wait for it).
type Engine struct {
	mu      sync.Mutex
	tt      *table
	history *historyTable
}

// DefaultHashMB is the transposition table size when Options.HashMB is 0.
const DefaultHashMB = 16

// New returns an engine with an empty transposition table.
func New(opt Options) *Engine {
	mb := opt.HashMB
	if mb <= 0 {
		mb = DefaultHashMB
	}
	return &Engine{tt: newTable(mb), history: new(historyTable)}
}

// SetHash resizes (and clears) the transposition table.
func (e *Engine) SetHash(mb int) {
	if mb <= 0 {
		mb = DefaultHashMB
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	e.tt = newTable(mb)
}

// NewGame forgets everything learnt in earlier games (table and history).
func (e *Engine) NewGame() {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.tt.clear()
	e.history = new(historyTable)
}

// Search searches pos within lim until ctx is cancelled. pos is not
// modified: the search works on a Clone. onInfo (may be nil) is called after
// every completed iteration, from the calling goroutine. Search always
// returns a legal move when the position has one (a pass when that is the
// only ply).
func (e *Engine) Search(ctx context.Context, pos variants.Position, lim Limits, onInfo func(Info)) Result {
	e.mu.Lock()
	defer e.mu.Unlock()
	g := gameFor(pos.Variant())
	if g.Search != nil {
		return g.Search(e, ctx, pos.Clone(), lim, onInfo)
	}
	s := newSearcher(e, ctx, pos.Clone(), lim, onInfo, g)
	return s.run()
}
