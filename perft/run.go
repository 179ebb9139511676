package perft

import (
	"context"
	"fmt"
	"io"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"varchess/variants"
)

// Config says how Run counts.
type Config struct {
	Options variants.PerftOptions
	Divide  bool // also return the count below each root ply
	Threads int  // worker goroutines (<= 1: one)
	// HashMB sizes a table of subtree counts (0: none). Table, if set,
	// is used instead (so that several runs can share one).
	HashMB int
	Table  *variants.PerftTable
	// MaxTime refuses, before any work, a run estimated to take longer
	// (0: no limit). The estimate assumes no table hits.
	MaxTime time.Duration
	// Progress receives the estimate of a run expected to last more than
	// ten seconds, then a line every ProgressEvery (default 5 s) while it
	// works; nil for none.
	Progress      io.Writer
	ProgressEvery time.Duration
}

// Result is what Run counted.
type Result struct {
	Nodes variants.Count
	Lines []variants.DivideLine // with Config.Divide
	// Counted is set when the leaves were counted, not enumerated (so a
	// leaves-per-second figure would mean nothing).
	Counted  bool
	Elapsed  time.Duration
	Estimate Estimate
}

// Estimate is the expected work of a perft, from exact counts of the
// shallower depths and a geometric extrapolation beyond them.
type Estimate struct {
	Depth int
	// Positions is the number of positions the walk makes: perft(depth-1)
	// (exact when Exact), since every one is counted at the last ply.
	Positions   float64
	Exact       bool
	PerPosition time.Duration // measured on the shallower depths
	Threads     int
	// Known[k] is the exact perft(k) for the depths measured.
	Known []variants.Count
}

// Seconds is the estimated wall time in seconds.
func (e Estimate) Seconds() float64 {
	return e.Positions * e.PerPosition.Seconds() / float64(max(e.Threads, 1))
}

// Time is the estimated wall time (saturating at about 290 years).
func (e Estimate) Time() time.Duration {
	if t := e.Seconds() * 1e9; t < float64(math.MaxInt64) {
		return time.Duration(t)
	}
	return time.Duration(math.MaxInt64)
}

func (e Estimate) String() string {
	about := "about "
	if e.Exact {
		about = ""
	}
	return fmt.Sprintf("depth %d makes %s%.3g positions, about %s at %s each on %d thread(s)",
		e.Depth, about, e.Positions, humanSeconds(e.Seconds()), e.PerPosition, max(e.Threads, 1))
}

// TooLongError is Run's refusal of a run estimated beyond Config.MaxTime.
type TooLongError struct {
	Estimate Estimate
	Limit    time.Duration
}

func (e *TooLongError) Error() string {
	return fmt.Sprintf("refused: %s, more than the limit of %s", e.Estimate, humanSeconds(e.Limit.Seconds()))
}

// humanSeconds writes a duration, long ones in days and years.
func humanSeconds(s float64) string {
	const day = 24 * 3600
	switch {
	case s >= 365.25*day:
		return fmt.Sprintf("%.3g years", s/(365.25*day))
	case s >= 2*day:
		return fmt.Sprintf("%.3g days", s/day)
	case s >= 60:
		return time.Duration(s * 1e9).Round(time.Second).String()
	}
	return time.Duration(s * 1e9).Round(time.Millisecond).String()
}

// probePositions bounds the walks Estimate makes: it measures perft(k)
// only while perft(k-1) is at most this (well under a second).
const probePositions = 200_000

// Estimated returns the expected work of perft(depth) from pos.
func Estimated(pos variants.Position, depth int, opt variants.PerftOptions, threads int) Estimate {
	return estimate(pos, depth, opt, threads, true)
}

// estimate is Estimated; without timing it leaves PerPosition a guess
// (the counts are all a run without a time limit needs).
func estimate(pos variants.Position, depth int, opt variants.PerftOptions, threads int, timing bool) Estimate {
	e := Estimate{Depth: depth, Threads: max(threads, 1), PerPosition: 100 * time.Nanosecond}
	e.Known = []variants.Count{variants.CountOf(1)}
	counter, _ := pos.(variants.PerftCounter)
	pos = pos.Clone()
	walked := 0 // the deepest probe walked, if it made enough positions to time
	for k := 1; k < depth; k++ {
		if counter != nil {
			if n, _, ok := counter.PerftCounted(k, opt, false); ok {
				e.Known = append(e.Known, n)
				continue
			}
		}
		if e.Known[k-1].Float() > probePositions {
			break
		}
		e.Known = append(e.Known, countOf(pos, k, opt, nil))
		if e.Known[k-1].Float() >= 100 {
			walked = k
		}
	}
	if timing {
		// Time the deepest walk (repeated if quick); without one, a
		// position costs about what counting the root's children costs.
		k := max(walked, 1)
		per := timed(func() { countOf(pos, k, opt, nil) })
		e.PerPosition = max(time.Duration(float64(per)/max(e.Known[k-1].Float(), 1)), 10*time.Nanosecond)
	}
	if len(e.Known) >= depth {
		e.Positions, e.Exact = e.Known[depth-1].Float(), true
		return e
	}
	last := len(e.Known) - 1
	branching := e.Known[last].Float() / max(e.Known[last-1].Float(), 1)
	e.Positions = e.Known[last].Float() * math.Pow(max(branching, 1), float64(depth-1-last))
	return e
}

// timed runs f, repeatedly if it is too quick to time, and returns the
// time of one run.
func timed(f func()) time.Duration {
	start := time.Now()
	runs := 0
	for {
		f()
		runs++
		if el := time.Since(start); el >= 2*time.Millisecond || runs >= 1000 {
			return el / time.Duration(runs)
		}
	}
}

// countOf is one subtree count through the fastest interface pos has.
func countOf(pos variants.Position, depth int, opt variants.PerftOptions, t *variants.PerftTable) variants.Count {
	if s, ok := pos.(variants.PerftSplitter); ok {
		return s.PerftHashed(depth, opt, t)
	}
	return variants.CountOf(pos.Perft(depth, opt))
}

// leafCounter is implemented by games that count (not list) the leaves of
// some perfts (kingchess drop actions).
type leafCounter interface{ CountsLeaves() bool }

// Run counts perft(depth) from pos (which it does not change). It refuses
// at once, with a *TooLongError, a run estimated beyond cfg.MaxTime; it
// stops with ctx.Err() when ctx is cancelled. The tree is cut at a few
// plies below the root into subtrees that cfg.Threads workers count,
// sharing cfg's table; the root's plies are streamed, so memory stays
// bounded whatever their number.
func Run(ctx context.Context, pos variants.Position, depth int, cfg Config) (Result, error) {
	start := time.Now()
	if depth < 1 {
		return Result{}, fmt.Errorf("depth %d: must be at least 1", depth)
	}
	opt := cfg.Options
	if r, ok := pos.(variants.Roller); ok && !opt.Dice && opt.Face == 0 {
		// The fixed-face flavour plays the root's roll (K if none) at
		// every ply, also below the root where nobody has rolled.
		opt.Face = r.Roll()
		if opt.Face == 0 {
			opt.Face = 'K'
		}
		cfg.Options = opt
	}
	if opt.Stop == nil {
		// The games poll Stop inside a subtree, so a cancel need not wait
		// for the subtrees in hand.
		stop := new(atomic.Bool)
		defer context.AfterFunc(ctx, func() { stop.Store(true) })()
		opt.Stop = stop
		cfg.Options = opt
	}
	if c, ok := pos.(variants.PerftCounter); ok {
		if n, lines, ok := c.PerftCounted(depth, opt, cfg.Divide); ok {
			return Result{Nodes: n, Lines: lines, Counted: true, Elapsed: time.Since(start)}, nil
		}
	}
	est := estimate(pos, depth, opt, cfg.Threads, cfg.MaxTime > 0 || cfg.Progress != nil)
	if cfg.MaxTime > 0 && est.Time() > cfg.MaxTime {
		return Result{Estimate: est}, &TooLongError{Estimate: est, Limit: cfg.MaxTime}
	}
	if cfg.Progress != nil && est.Time() > 10*time.Second {
		fmt.Fprintf(cfg.Progress, "perft: %s\n", est)
	}
	start = time.Now() // Elapsed is the count, without the estimate
	res := Result{Estimate: est}
	if lc, ok := pos.(leafCounter); ok && lc.CountsLeaves() {
		res.Counted = true
	}
	if _, ok := pos.(variants.PerftSplitter); !ok {
		// A game without the splitting interface: one thread, no table.
		pos = pos.Clone()
		if cfg.Divide {
			for _, mc := range pos.Divide(depth, opt) {
				res.Lines = append(res.Lines, variants.DivideLine{Move: mc.Move, Nodes: variants.CountOf(mc.Nodes)})
				res.Nodes = res.Nodes.Add(variants.CountOf(mc.Nodes))
			}
		} else {
			res.Nodes = variants.CountOf(pos.Perft(depth, opt))
		}
		res.Elapsed = time.Since(start)
		return res, nil
	}
	table := cfg.Table
	if table == nil && cfg.HashMB > 0 {
		table = variants.NewPerftTable(cfg.HashMB)
	}
	r := newRunner(pos, depth, cfg, table, est)
	err := r.run(ctx)
	res.Nodes, res.Elapsed = r.total, time.Since(start)
	if cfg.Divide {
		res.Lines = r.lines
	}
	return res, err
}

// task is one subtree: the plies from the root and the product of their
// weights.
type task struct {
	path   []variants.Move
	weight uint64
	line   int // index of the root ply's divide line
}

type runner struct {
	root    variants.Position
	depth   int
	split   int // plies from the root to the subtrees
	cfg     Config
	table   *variants.PerftTable
	est     Estimate
	group   func(variants.Move) string
	tasks   chan task
	queued  atomic.Int64
	done    atomic.Int64
	leaves  atomic.Uint64 // low word of the running total, for progress
	mu      sync.Mutex    // guards total and lines
	total   variants.Count
	lines   []variants.DivideLine
	grouped map[string]int
}

func newRunner(pos variants.Position, depth int, cfg Config, table *variants.PerftTable, est Estimate) *runner {
	r := &runner{root: pos.Clone(), depth: depth, cfg: cfg, table: table, est: est, grouped: map[string]int{}}
	if g, ok := pos.(variants.DivideGrouper); ok {
		r.group = g.DivideGroups(cfg.Options)
	}
	r.split = splitDepth(est, depth, max(cfg.Threads, 1))
	return r
}

// splitDepth picks how many plies the producer walks before handing out
// subtrees: enough subtrees to keep every worker busy to the end, and
// small enough ones to stop soon after a cancel.
func splitDepth(est Estimate, depth, threads int) int {
	const subtreePositions = 2e6
	for k := 1; k < depth-1; k++ {
		var n float64
		if k < len(est.Known) {
			n = est.Known[k].Float()
		} else {
			last := len(est.Known) - 1
			b := est.Known[last].Float() / max(est.Known[last-1].Float(), 1)
			n = est.Known[last].Float() * math.Pow(max(b, 1), float64(k-last))
		}
		if n >= float64(64*threads) && est.Positions/max(n, 1) <= subtreePositions {
			return k
		}
	}
	return max(depth-1, 1)
}

func (r *runner) run(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	if r.depth == 1 {
		return r.countRoot(ctx)
	}
	r.tasks = make(chan task, 256)
	var wg sync.WaitGroup
	for range max(r.cfg.Threads, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.work(ctx)
		}()
	}
	stopProgress := r.startProgress()
	produced := make(chan struct{})
	go func() {
		defer close(produced)
		defer close(r.tasks)
		r.produce(ctx, r.root.Clone(), 1, nil, 1, -1)
	}()
	<-produced
	wg.Wait()
	stopProgress()
	return ctx.Err()
}

// countRoot is perft(1): the weights of the root's children, listed
// only for a divide.
func (r *runner) countRoot(ctx context.Context) error {
	if !r.cfg.Divide {
		r.total = countOf(r.root, 1, r.cfg.Options, nil)
		return nil
	}
	n := 0
	r.root.(variants.PerftSplitter).PerftChildren(r.cfg.Options, func(m variants.Move, w uint64) bool {
		r.add(r.lineOf(m), w, variants.CountOf(1))
		n++
		return n&1023 != 0 || ctx.Err() == nil
	})
	return ctx.Err()
}

// lineOf returns the divide line of root ply m, creating it.
func (r *runner) lineOf(m variants.Move) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	name := ""
	if r.group != nil {
		name = r.group(m)
	}
	if name != "" {
		if i, ok := r.grouped[name]; ok {
			return i
		}
		r.grouped[name] = len(r.lines)
	} else {
		name = r.root.MoveString(m)
	}
	r.lines = append(r.lines, variants.DivideLine{Move: name})
	return len(r.lines) - 1
}

func (r *runner) add(line int, weight uint64, n variants.Count) {
	n = n.Mul(weight)
	r.mu.Lock()
	r.total = r.total.Add(n)
	r.lines[line].Nodes = r.lines[line].Nodes.Add(n)
	r.mu.Unlock()
	r.leaves.Add(n.Lo)
}

// produce walks the top r.split plies of the tree on pos and queues a task
// for every node at that depth.
func (r *runner) produce(ctx context.Context, pos variants.Position, ply int, path []variants.Move, weight uint64, line int) {
	pos.(variants.PerftSplitter).PerftChildren(r.cfg.Options, func(m variants.Move, w uint64) bool {
		if ctx.Err() != nil {
			return false
		}
		l := line
		if ply == 1 {
			l = r.lineOf(m)
		}
		p := append(path, m)
		if ply == r.split {
			t := task{path: append([]variants.Move(nil), p...), weight: weight * w, line: l}
			r.queued.Add(1)
			select {
			case r.tasks <- t:
			case <-ctx.Done():
				return false
			}
			return true
		}
		pos.Make(m)
		r.produce(ctx, pos, ply+1, p, weight*w, l)
		pos.Unmake()
		return ctx.Err() == nil
	})
}

func (r *runner) work(ctx context.Context) {
	pos := r.root.Clone()
	below := r.depth - r.split
	for t := range r.tasks {
		if ctx.Err() != nil {
			continue // drain
		}
		for _, m := range t.path {
			pos.Make(m)
		}
		n := countOf(pos, below, r.cfg.Options, r.table)
		for range t.path {
			pos.Unmake()
		}
		r.add(t.line, t.weight, n)
		r.done.Add(1)
	}
}

// startProgress prints a line every ProgressEvery until the returned
// function is called.
func (r *runner) startProgress() (stop func()) {
	if r.cfg.Progress == nil {
		return func() {}
	}
	every := r.cfg.ProgressEvery
	if every <= 0 {
		every = 5 * time.Second
	}
	quit := make(chan struct{})
	finished := make(chan struct{})
	start := time.Now()
	go func() {
		defer close(finished)
		tick := time.NewTicker(every)
		defer tick.Stop()
		for {
			select {
			case <-quit:
				return
			case <-tick.C:
				r.printProgress(time.Since(start))
			}
		}
	}()
	return func() { close(quit); <-finished }
}

func (r *runner) printProgress(elapsed time.Duration) {
	done, queued := r.done.Load(), r.queued.Load()
	expected := float64(queued)
	if k := r.split; k < len(r.est.Known) {
		expected = max(expected, r.est.Known[k].Float())
	}
	line := fmt.Sprintf("perft: depth %d, %d of %.0f subtrees done, %d leaves so far, %s",
		r.depth, done, expected, r.leaves.Load(), elapsed.Round(time.Second))
	if done > 0 && expected > 0 {
		left := time.Duration(float64(elapsed) * (expected - float64(done)) / float64(done))
		line += fmt.Sprintf(", about %s left", humanSeconds(max(left, 0).Seconds()))
	}
	fmt.Fprintln(r.cfg.Progress, line)
}
