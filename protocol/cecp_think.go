package protocol

// Thinking: starting and stopping the search goroutine, the limits it gets
// from XBoard's clock commands, the thinking output, and playing its move.

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"varchess/engine"
	"varchess/variants"
)

// cecpStats is the last completed iteration, for the `.` command.
type cecpStats struct {
	mu    sync.Mutex
	start time.Time
	info  engine.Info
}

func (st *cecpStats) set(info engine.Info) {
	st.mu.Lock()
	st.info = info
	st.mu.Unlock()
}

func (st *cecpStats) get() engine.Info {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.info
}

// think makes the engine move in the current position: claim the result if
// the game is over, get a die roll if the game needs one, then search.
func (s *cecpSession) think() {
	// A game over by the rules is claimed (again); after `result` on a
	// game the rules do not see as over, the engine just stays quiet.
	if s.pos == nil || s.claimIfOver() || s.over {
		return
	}
	if needsRoll(s.pos) {
		if s.dice {
			// XBoard rolls for us: ask and wait for `pips k/6`.
			s.awaitPips = true
			s.out.printf("dice 6")
			return
		}
		s.rollOwnDie()
	}
	s.startSearch(false)
}

// analyze (re)starts an infinite search in analyze mode.
func (s *cecpSession) analyze() {
	s.stopSearch()
	if s.pos == nil || s.pos.Status().Over() {
		return
	}
	if needsRoll(s.pos) {
		s.rollOwnDie()
	}
	s.startSearch(true)
}

// startSearch runs the engine on a clone of the position as a task; the
// loop plays its result (searchDone) when the task is done.
func (s *cecpSession) startSearch(analyze bool) {
	job := &cecpSearch{analyze: analyze, stats: &cecpStats{start: time.Now()}}
	root := s.pos.Clone()
	lim := s.limits(analyze)
	if s.caps.nodes > 0 && (lim.Nodes == 0 || lim.Nodes > s.caps.nodes) {
		lim.Nodes = s.caps.nodes // analysis stays infinite: it idles once capped
	}
	if !analyze {
		lim.SearchMoves = s.relayableMoves()
	}
	post := s.post || analyze
	out := s.out
	search := s.eng.Search
	if s.dropsSingly() {
		search = s.eng.SearchSingleDrops
	}
	job.task = startTask(analyze, func(ctx context.Context) {
		defer func() {
			if r := recover(); r != nil {
				out.printf("Error (internal error in the search - %s): go", cecpReason(fmt.Sprint(r)))
				job.res = engine.Result{}
			}
		}()
		onInfo := func(info engine.Info) {
			if info.MultiPV > 1 {
				// Further MultiPV lines are shown, but `.` reports the best.
				if post {
					out.printf("%s", thinkingLine(root, info))
				}
				return
			}
			job.stats.set(info)
			if post {
				out.printf("%s", thinkingLine(root, info))
			}
		}
		job.res = search(ctx, root, lim, onInfo)
	})
	s.search = job
}

// stopSearch cancels the running search (or perft) and waits for it,
// discarding its move. It also forgets a pending dice request.
func (s *cecpSession) stopSearch() {
	s.awaitPips = false
	if s.search == nil {
		return
	}
	s.search.stop()
	s.search = nil
}

// searchDone plays the move of the search that just finished (not for
// analysis or perft).
func (s *cecpSession) searchDone() {
	job := s.search
	s.search = nil
	if job.analyze || job.perft {
		return
	}
	best := job.res.Best
	if best.IsNone() {
		// The engine found nothing (or failed): the game is over, or
		// fall back to any legal ply rather than lose on time.
		if s.claimIfOver() {
			return
		}
		moves := s.pos.Moves(nil)
		if len(moves) == 0 {
			s.out.printf("Error (no legal move found): go")
			return
		}
		best = moves[0]
	}
	text := s.writeMove(best)
	s.play(best, text)
	s.out.printf("move %s", text)
	s.claimIfOver()
}

// limits turns XBoard's time control into engine limits.
func (s *cecpSession) limits(analyze bool) engine.Limits {
	if analyze {
		return engine.Limits{Infinite: true}
	}
	lim := engine.Limits{Depth: s.depth, MoveOverhead: s.moveOverhead}
	if s.moveTime > 0 {
		lim.MoveTime = s.moveTime
		return lim
	}
	my, opp := s.myTime, s.oppTime
	if !s.haveTime {
		my, opp = s.base, s.base
	}
	if my <= 0 && !s.haveTime {
		if s.depth > 0 {
			return lim // depth only
		}
		my, opp = 5*time.Second, 5*time.Second // no clock at all: be quick
	}
	if my <= 0 {
		my = time.Millisecond // flag is near: move at once
	}
	if s.pos.SideToMove() == variants.White {
		lim.WTime, lim.BTime, lim.WInc, lim.BInc = my, opp, s.inc, s.inc
	} else {
		lim.WTime, lim.BTime, lim.WInc, lim.BInc = opp, my, s.inc, s.inc
	}
	if s.mps > 0 {
		done := len(s.hist) / 2
		lim.MovesToGo = s.mps - done%s.mps
	}
	return lim
}

// resetTimeControl restores XBoard's default, 40 moves in 5 minutes.
func (s *cecpSession) resetTimeControl() {
	s.mps, s.base, s.inc = 40, 5*time.Minute, 0
	s.moveTime, s.myTime, s.oppTime, s.haveTime = 0, 0, 0, false
}

// setLevel handles `level MPS BASE INC`; BASE is minutes or min:sec, INC
// seconds (fractions allowed).
func (s *cecpSession) setLevel(arg, line string) {
	f := strings.Fields(arg)
	if len(f) != 3 {
		s.out.printf("Error (level needs MPS BASE INC): %s", line)
		return
	}
	mps, err1 := strconv.Atoi(f[0])
	base, err2 := parseBase(f[1])
	inc, err3 := parseSeconds(f[2])
	if err1 != nil || err2 != nil || err3 != nil || mps < 0 {
		s.out.printf("Error (bad level): %s", line)
		return
	}
	s.mps, s.base, s.inc, s.moveTime = mps, base, inc, 0
}

// parseBase reads "5", "0:30" or "1.5" (minutes).
func parseBase(text string) (time.Duration, error) {
	if m, sec, ok := strings.Cut(text, ":"); ok {
		mi, err := strconv.Atoi(m)
		if err != nil || mi < 0 {
			return 0, fmt.Errorf("bad minutes %q", text)
		}
		se, err := strconv.Atoi(sec)
		if err != nil || se < 0 {
			return 0, fmt.Errorf("bad seconds %q", text)
		}
		return time.Duration(mi)*time.Minute + time.Duration(se)*time.Second, nil
	}
	v, err := strconv.ParseFloat(text, 64)
	if err != nil || v < 0 || v > 1e6 {
		return 0, fmt.Errorf("bad minutes %q", text)
	}
	return time.Duration(v * float64(time.Minute)), nil
}

// parseSeconds reads a non-negative number of seconds.
func parseSeconds(text string) (time.Duration, error) {
	v, err := strconv.ParseFloat(text, 64)
	if err != nil || v < 0 || v > 1e7 {
		return 0, fmt.Errorf("bad seconds %q", text)
	}
	return time.Duration(v * float64(time.Second)), nil
}

// setSeconds handles `st N`.
func (s *cecpSession) setSeconds(dst *time.Duration, arg, line string) {
	d, err := parseSeconds(arg)
	if err != nil {
		s.out.printf("Error (bad number): %s", line)
		return
	}
	*dst = d
}

// setInt parses a non-negative integer argument into dst.
func (s *cecpSession) setInt(dst *int, arg, line string) bool {
	v, err := strconv.Atoi(strings.TrimSpace(arg))
	if err != nil || v < 0 {
		s.out.printf("Error (bad number): %s", line)
		return false
	}
	*dst = v
	return true
}

// setClock handles `time N` and `otim N` (centiseconds).
func (s *cecpSession) setClock(cmd, arg, line string) {
	cs, err := strconv.Atoi(strings.TrimSpace(arg))
	if err != nil {
		s.out.printf("Error (bad number): %s", line)
		return
	}
	d := time.Duration(cs) * 10 * time.Millisecond
	if cmd == "time" {
		s.myTime = d
	} else {
		s.oppTime = d
	}
	s.haveTime = true
}

// xboardMate is how XBoard reads a mate score: 100000 + moves to mate.
const xboardMate = 100000

// thinkingLine formats one iteration as `ply score time nodes pv`.
func thinkingLine(root variants.Position, info engine.Info) string {
	score := info.Score
	switch {
	case info.Mate > 0:
		score = xboardMate + info.Mate
	case info.Mate < 0:
		score = -xboardMate + info.Mate
	}
	cs := info.Time.Milliseconds() / 10
	return fmt.Sprintf("%d %d %d %d %s", info.Depth, score, cs, info.Nodes, pvText(root, info.PV))
}

// pvText writes the principal variation, stopping at the first move that
// is not legal where it stands (so a stale PV can never print garbage).
func pvText(root variants.Position, pv []variants.Move) (text string) {
	p := root.Clone()
	words := make([]string, 0, len(pv))
	defer func() {
		// A game package may panic on a move it cannot read; the PV is
		// only information, so print what was good.
		if recover() != nil {
			text = strings.Join(words, " ")
		}
	}()
	for _, m := range pv {
		text := p.MoveString(m)
		if back, err := p.ParseMove(text); err != nil || back != m {
			break
		}
		words = append(words, toCECPMove(text))
		p.Make(m)
	}
	return strings.Join(words, " ")
}

// printStat answers `.` in analyze mode: stat01: time nodes ply mvleft mvtot.
func (s *cecpSession) printStat() {
	if s.search == nil || !s.search.analyze {
		return
	}
	info := s.search.stats.get()
	cs := time.Since(s.search.stats.start).Milliseconds() / 10
	s.out.printf("stat01: %d %d %d 0 %d", cs, info.Nodes, info.Depth, len(s.pos.Moves(nil)))
}

// startPerft handles `perft N [dice]`: the counts of docs/protocol.md,
// passes written @@@@. It runs as a task: ping is answered meanwhile, `?`,
// `exit`, quit and EOF stop it, other commands wait for it.
func (s *cecpSession) startPerft(arg, line string) {
	g, err := parseGo(append([]string{"perft"}, strings.Fields(arg)...))
	if err != nil || g.perft == 0 {
		s.out.printf("Error (usage perft DEPTH [dice] - %s): %s", cecpReason(fmt.Sprint(err)), line)
		return
	}
	s.stopSearch()
	if s.pos == nil {
		s.out.printf("Error (no game): %s", line)
		return
	}
	job := &cecpSearch{perft: true, stats: &cecpStats{start: time.Now()}}
	pos, out, depth, threads := s.pos.Clone(), s.out, g.perft, s.eng.Options().Threads
	if s.caps.nodes > 0 {
		depth = 1
	}
	job.task = startTask(false, func(ctx context.Context) {
		runPerft(ctx, out, pos, depth, variants.PerftOptions{Dice: g.dice}, threads, toCECPMove, "#")
	})
	s.search = job
}
