package engine

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"varchess/nnue"
	"varchess/variants"
)

// Lazy SMP: every thread of a search runs the same iterative deepening on
// its own clone of the position, with its own history, killers, stacks and
// evaluator; they share only the transposition table (lock-free, see
// tt.go), a stop flag and a node count. What one thread stores, the others
// find, so together they search the tree faster and a little wider than
// one. Helper threads skip a depth that half the threads are already on,
// so they run ahead of the main thread and fill the table for it.
//
// The main thread (thread 0) runs on the caller's goroutine: it alone
// reports info lines, reads the clock and the node limit, and waits for
// ponderhit or stop; when it ends, the helpers are told to stop. The move
// played comes from the thread with the deepest completed iteration (the
// better score on equal depth, the main thread on a tie).

// worker is the state of one thread that survives from one search to the
// next (the history of quiet moves). Engine.workers holds one per thread.
type worker struct {
	id      int
	history *historyTable
	// last is the score the main thread's previous search ended with: the
	// next search of the same side compares its own score with it to see
	// whether the game is turning against it (time management).
	last lastScore
}

// lastScore is a search's final score for the side to move at its root.
type lastScore struct {
	score int
	side  variants.Color
	ok    bool
}

func newWorker(id int) *worker { return &worker{id: id, history: new(historyTable)} }

// reset forgets the history and the last score (a new game). The history
// table is cleared where it is, not replaced: a new game then allocates
// nothing (the table is 2.7 MB), and the memory the engine touches stays
// the same from game to game.
func (w *worker) reset() {
	*w.history = historyTable{}
	w.last = lastScore{}
}

// job is one Search call as all its threads see it.
type job struct {
	ctx     context.Context
	lim     Limits // the main thread's limits; helpers get helperLimits
	tt      *table
	workers []*worker
	multiPV int          // lines the main thread searches
	shownPV int          // lines it reports (fewer at a strength level)
	onInfo  func(Info)   // main thread only; nil for none
	wdl     wdlModel     // the game's, for Info.WDL
	net     *nnue.Net    // the chess network (nil: hand-crafted evaluation)
	params  SearchParams // the margins: the options', over the game's, over the defaults
	lmr     *lmrTable    // the late-move reductions of params

	stop  atomic.Bool   // set when the main thread is done
	nodes atomic.Uint64 // every thread's nodes, published at each poll
	// onDepth counts the threads searching each depth.
	onDepth [MaxPly + 1]atomic.Int32
}

// threads is the number of threads of the job.
func (j *job) threads() int { return len(j.workers) }

// nextDepth is the depth a helper thread searches after depth-1: one that
// fewer than half of the threads are on (at most two depths ahead).
func (j *job) nextDepth(depth, maxDepth int) int {
	crowd := max(1, j.threads()/2)
	for skipped := 0; skipped < 2 && depth < maxDepth && int(j.onDepth[depth].Load()) >= crowd; skipped++ {
		depth++
	}
	return depth
}

// reachedDepth is called after a completed iteration: a helper that has
// completed the depth limit (`go depth N`) ends the search for all threads,
// as the answer at that depth is known and is played (only with one line:
// with MultiPV the main thread's lines are the answer).
func (s *stopper) reachedDepth(depth, maxDepth int) {
	if s.helper && s.lim.Depth > 0 && depth >= maxDepth && s.job.multiPV == 1 {
		s.job.stop.Store(true)
	}
}

// pvLine is one root move's line: its score and principal variation.
type pvLine struct {
	score int
	pv    []variants.Move // pv[0] is the root move
}

// threadResult is what one thread found.
type threadResult struct {
	depth    int      // last completed iteration (0: none)
	selDepth int      // of that iteration
	lines    []pvLine // best first; more than one with MultiPV
	// iteration is the lines of the last completed iteration (lines may
	// instead hold the better move of an interrupted one).
	iteration []pvLine
	// faces: per-face results of an unrolled russian position.
	faces []FaceResult
}

// thread is the search of one thread.
type thread interface {
	// run searches until the limits (main thread) or the stop flag say
	// stop, and returns the last completed iteration (lines may be the
	// better move of an interrupted one).
	run() threadResult
	// nodeCount is the number of nodes this thread searched.
	nodeCount() uint64
	// report emits a line found by another thread as the main thread's
	// final info line (the move played must begin the last PV shown).
	report(r threadResult)
}

// newThreadFunc makes the searcher of thread id on its own clone pos.
type newThreadFunc func(j *job, id int, pos variants.Position) thread

// helperLimits are a helper thread's limits: it never stops on its own
// account (only the main thread reads the clock), but keeps the depth
// limit and the root restriction.
func helperLimits(lim Limits) Limits {
	return Limits{Depth: lim.Depth, SearchMoves: lim.SearchMoves}
}

// run is one search on all threads. The caller holds e.mu.
func (e *Engine) run(ctx context.Context, pos variants.Position, lim Limits, onInfo func(Info), newThread newThreadFunc) Result {
	st := e.opt.Strength
	if st.Active() {
		lim = st.limits(lim)
	}
	workers := e.workers
	multiPV := e.opt.MultiPV
	if st.Active() {
		// A level is a fixed amount of work: one thread, and the lines the
		// noisy choice picks from.
		workers = workers[:1]
		multiPV = max(multiPV, st.lines())
	}
	j := &job{ctx: ctx, lim: lim, tt: e.tt, workers: workers, multiPV: multiPV, shownPV: e.opt.MultiPV, onInfo: onInfo,
		wdl: wdlFor(pos.Variant()), net: e.opt.ChessNet(), params: e.opt.Search.over(gameFor(pos.Variant()).Search).withDefaults()}
	j.lmr = lmrFor(j.params) // once a search, shared by its threads
	e.tt.newSearch()
	threads := make([]thread, len(workers))
	for i := range threads {
		threads[i] = newThread(j, i, pos.Clone())
	}
	results := make([]threadResult, len(threads))
	var wg sync.WaitGroup
	for i := 1; i < len(threads); i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = threads[i].run()
		}()
	}
	results[0] = threads[0].run()
	j.stop.Store(true)
	wg.Wait()

	best := 0
	if multiPV == 1 {
		best = bestThread(results)
	}
	if best != 0 {
		threads[0].report(results[best])
	}
	var nodes uint64
	for _, t := range threads {
		nodes += t.nodeCount()
	}
	r := results[best]
	res := Result{Nodes: nodes, Depth: r.depth, Faces: r.faces}
	if len(r.lines) > 0 {
		l := r.lines[0]
		if st.Active() && len(r.iteration) > 1 {
			l = st.pick(r.iteration, e.rng)
			if l.pv[0] != r.lines[0].pv[0] && j.shownPV == 1 {
				// The last line shown begins with the move played (with
				// several lines shown, they stay the search's ranking).
				threads[0].report(threadResult{depth: r.depth, selDepth: r.selDepth, lines: []pvLine{l}})
			}
		}
		res.Best, res.Score = l.pv[0], l.score
		if len(l.pv) > 1 {
			res.Ponder = l.pv[1]
		}
	}
	res.Mate = mateMoves(res.Score)
	return res
}

// bestThread picks the thread whose result is played: the deepest
// completed iteration, then the better score, then the lower thread.
func bestThread(rs []threadResult) int {
	best := 0
	for i := 1; i < len(rs); i++ {
		r, b := rs[i], rs[best]
		if len(r.lines) == 0 || len(r.faces) > 0 {
			continue
		}
		if r.depth > b.depth || r.depth == b.depth && r.lines[0].score > b.lines[0].score {
			best = i
		}
	}
	return best
}

// info builds the Info of one line.
func (s *stopper) info(depth, selDepth, rank int, l pvLine) Info {
	pv := make([]variants.Move, len(l.pv))
	copy(pv, l.pv)
	return Info{Depth: depth, SelDepth: max(selDepth, depth), MultiPV: rank, Score: l.score,
		Mate: mateMoves(l.score), WDL: s.job.wdl.wdl(l.score), Nodes: s.totalNodes(), Time: time.Since(s.start),
		HashFull: s.job.tt.hashfull(), PV: pv}
}

// reportLines emits the lines of an iteration, ranked 1, 2, ... (the main
// thread only).
func (s *stopper) reportLines(r threadResult) {
	if s.helper || s.job.onInfo == nil {
		return
	}
	for i, l := range r.lines[:min(len(r.lines), s.job.shownPV)] {
		s.job.onInfo(s.info(r.depth, r.selDepth, i+1, l))
	}
}
