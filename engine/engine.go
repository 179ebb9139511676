package engine

import (
	"context"
	"math/rand/v2"
	"sync"
	"time"

	"varchess/internal/awake"
	"varchess/nnue"
	"varchess/variants"
)

// Options configures an Engine. Zero fields take their defaults.
type Options struct {
	HashMB  int // transposition table size in MiB (default 16)
	Threads int // search threads, 1..MaxThreads (default 1): Lazy SMP
	// MultiPV is the number of best root moves reported each iteration,
	// 1..MaxMultiPV (default 1).
	MultiPV int
	// Strength weakens play (UCI_LimitStrength/UCI_Elo, Skill Level); the
	// zero value is full strength.
	Strength Strength
	// Net is the network chess and chess960 are evaluated with (other
	// games have their own evaluations); nil means the built-in one,
	// nnue.Default(). Without any network (none built in, or HCE set) the
	// hand-crafted evaluation (HCE) is used. A network is read-only: engines
	// and threads share it.
	Net *nnue.Net
	// HCE forces the hand-crafted chess evaluation even with a network
	// (UCI/CECP option `Use NNUE` false).
	HCE bool
	// Search holds the alpha-beta search's tunable margins; zero fields
	// keep their defaults (a tuning build exposes them as options).
	Search SearchParams
}

// ChessNet is the network chess is evaluated with under these options:
// nil for the hand-crafted evaluation.
func (o Options) ChessNet() *nnue.Net {
	switch {
	case o.HCE:
		return nil
	case o.Net != nil:
		return o.Net
	}
	return nnue.Default()
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

// Info is one `info` line: the result of a completed iteration (one line
// per MultiPV rank).
type Info struct {
	Depth, SelDepth int
	// MultiPV is the rank of this line among the root moves, 1 = best.
	MultiPV int
	// Score is in centipawns from the side to move's view (russian: the
	// expected value); meaningless when Mate != 0.
	Score int
	// Mate is "mate in N moves": positive when the side to move mates,
	// negative when it is mated, 0 for no mate score.
	Mate int
	// WDL is the win, draw and loss expectation in permille (summing to
	// 1000) that Score stands for, from the side to move's view.
	WDL      [3]int
	Nodes    uint64 // all threads
	Time     time.Duration
	HashFull int // permille of the transposition table in use
	PV       []variants.Move
	// Face, when not 0, makes this a per-face line of a russian position
	// whose side to move has not rolled: the best ply (PV[0], or no PV for
	// a pass) and the value when the die shows Face ('P' ... 'K'). The
	// Info lines with Face 0 of that search carry the expectation over the
	// faces (without a PV).
	Face byte
}

// Result is what Search returns.
type Result struct {
	Best, Ponder variants.Move
	Score        int
	Mate         int
	Nodes        uint64
	// Depth is the depth of the completed iteration the move comes from.
	Depth int
	// Faces, for a russian position whose side to move has not rolled, is
	// the best ply of each face (index by russian face order P N B R Q K);
	// Best is then the best ply of face K. Empty otherwise.
	Faces []FaceResult
}

// FaceResult is the answer for one die face of an unrolled russian position.
type FaceResult struct {
	Face  byte          // 'P' ... 'K'
	Best  variants.Move // the pass when the face allows no move
	Score int
}

// Limits of the options.
const (
	MaxThreads = 1024
	MaxMultiPV = 256
	// DefaultHashMB is the transposition table size when Options.HashMB is 0.
	DefaultHashMB = 16
)

// Engine owns its options, one transposition table shared by its search
// threads, and the per-thread memory (history) that survives from one move
// to the next. One Engine serves one protocol session or one game slot of a
// match; Engines share nothing, so several can search at once. Its methods
// may be called from any goroutine and never wait for a running Search:
// option changes and NewGame take effect at once when the engine is idle,
// else when the running search has ended.
type Engine struct {
	mu sync.Mutex // held by Search
	// state holds everything below; a Search reads it only at its start,
	// after applying the pending changes.
	state   sync.Mutex
	opt     Options    // in effect
	next    Options    // set by SetOptions, in effect from the next search
	clear   bool       // NewGame called: clear before the next search
	tt      *table     // the table of the options in effect
	workers []*worker  // one per thread; workers[0] is the main thread
	rng     *rand.Rand // the strength levels' choices
	// awake runs while a search does and for answerHold after it
	// (package awake: it bounds a rare runtime stall when a search or its
	// caller allocates).
	awake *awake.Keeper
}

// New returns an engine with an empty transposition table.
func New(opt Options) *Engine {
	e := &Engine{rng: rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 0x5851f42d4c957f2d)), awake: awake.New()}
	e.opt = opt.withDefaults()
	e.next = e.opt
	e.tt = newTable(e.opt.HashMB)
	e.resizeWorkers()
	return e
}

// withDefaults fills zero fields and clamps the others to their ranges.
func (o Options) withDefaults() Options {
	if o.HashMB <= 0 {
		o.HashMB = DefaultHashMB
	}
	o.Threads = max(1, min(o.Threads, MaxThreads))
	o.MultiPV = max(1, min(o.MultiPV, MaxMultiPV))
	o.Strength = o.Strength.clamped()
	return o
}

// resizeWorkers makes one worker per thread, keeping the existing ones.
func (e *Engine) resizeWorkers() {
	for len(e.workers) < e.opt.Threads {
		e.workers = append(e.workers, newWorker(len(e.workers)))
	}
	e.workers = e.workers[:e.opt.Threads]
}

// Options returns the engine's options (the latest set, with defaults
// filled in).
func (e *Engine) Options() Options {
	e.state.Lock()
	defer e.state.Unlock()
	return e.next
}

// SetOptions changes the options: a new HashMB resizes (and clears) the
// table, Threads adds or drops threads (the history of the others is kept).
func (e *Engine) SetOptions(opt Options) {
	e.state.Lock()
	e.next = opt.withDefaults()
	e.state.Unlock()
	e.applyIfIdle()
}

// SetHash resizes (and clears) the transposition table.
func (e *Engine) SetHash(mb int) {
	e.state.Lock()
	e.next.HashMB = mb
	e.next = e.next.withDefaults()
	e.state.Unlock()
	e.applyIfIdle()
}

// NewGame forgets everything learnt in earlier games (table and history).
// It takes constant time: the table is cleared lazily.
func (e *Engine) NewGame() {
	e.state.Lock()
	e.clear = true
	e.state.Unlock()
	e.applyIfIdle()
}

// applyIfIdle applies the pending changes now unless a search runs (which
// applies them when the next one starts).
func (e *Engine) applyIfIdle() {
	if e.mu.TryLock() {
		e.apply()
		e.mu.Unlock()
	}
}

// apply puts the pending options and clearing into effect. The caller
// holds e.mu (no search runs).
func (e *Engine) apply() {
	e.state.Lock()
	defer e.state.Unlock()
	if e.next.HashMB != e.opt.HashMB {
		e.tt = nil // let the old table go before the new one is made
		e.tt = newTable(e.next.HashMB)
	}
	e.opt = e.next
	e.resizeWorkers()
	if e.clear {
		e.tt.clear()
		for _, w := range e.workers {
			w.reset()
		}
		e.clear = false
	}
}

// Search searches pos within lim until ctx is cancelled. pos is not
// modified: every thread works on its own Clone. onInfo (may be nil) is
// called after every completed iteration, from the calling goroutine.
// Search always returns a legal move when the position has one (a pass
// when that is the only ply).
func (e *Engine) Search(ctx context.Context, pos variants.Position, lim Limits, onInfo func(Info)) Result {
	return e.searchWith(ctx, pos, lim, onInfo, gameFor(pos.Variant()).thread())
}

// answerHold is how long the engine's keeper runs on after a search: the
// caller allocates its answer (bestmove, a move on the board) then.
const answerHold = time.Second

// searchWith runs a search whose threads newThread makes (the handicapped
// searches pass their own).
func (e *Engine) searchWith(ctx context.Context, pos variants.Position, lim Limits, onInfo func(Info), newThread newThreadFunc) Result {
	e.mu.Lock()
	defer e.mu.Unlock()
	// A search allocates its state first, which can start a garbage
	// collection; under Go 1.26 that rarely stalled the process for 60 s
	// (package awake). Armed before that allocation, and held a little
	// past the search for what the caller allocates to answer.
	e.awake.Start()
	defer func() {
		e.awake.Hold(answerHold)
		e.awake.Stop()
	}()
	e.apply()
	return e.run(ctx, pos, lim, onInfo, newThread)
}
