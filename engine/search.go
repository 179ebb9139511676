package engine

import "varchess/variants"

// searcher is the state of one thread of one Search call: it lives on one
// goroutine, so nothing in it needs locking. It shares only the job (the
// table, the stop flag, the node count) with the other threads. Stopping
// is decided by the main thread itself (context, clock, node limit), never
// by a flag set from outside; helpers stop when the main thread is done.
type searcher struct {
	stopper
	id  int // thread number; 0 is the main thread
	pos variants.Position

	// game hooks (nil when the game's evaluator does not implement them)
	ev          Evaluator
	classify    MoveClassifier
	noisy       NoisyGenerator
	see         Exchanger
	null        NullMover
	term        Terminator
	cands       CandidateGenerator
	hist        Historian
	keyer       MoveKeyer
	pawnKeyer   PawnKeyer
	npKeyer     NonPawnKeyer
	threatKeyer ThreatKeyer
	extend      CheckExtender
	checks      CheckGiver

	// without are the techniques the game switches off (Game.Without);
	// used records those this search applied (tests read it).
	without, used Techniques
	// noCheck: the game has no check (Game.NoCheck).
	noCheck bool

	tt      *table
	history *historyTable // this thread's, kept between searches

	// rootDepth is the depth of the iteration in progress.
	rootDepth int
	selDep    int

	rootBest  variants.Move // best move of the iteration in progress
	rootScore int
	// Time management: the nodes spent below each root move in the
	// current iteration, and how many iterations the best move has held.
	rootNodes  map[variants.Move]uint64
	iterNodes  uint64
	lastBest   variants.Move
	bestStable int
	// iterScores are the scores of the completed iterations; prevSearch is
	// the score the engine's previous search ended with and its side to
	// move (main thread only; fallScale uses it for the same side).
	iterScores []int
	prevSearch lastScore
	// excluded are the root moves of the better MultiPV lines of this
	// iteration: the search of the next line skips them.
	excluded []variants.Move

	keys     []uint64 // hash of every position from the root to the node
	killers  [MaxPly + 1][2]variants.Move
	evals    [MaxPly + 1]int
	nullPly  [MaxPly + 1]bool // the ply leading here was a null move
	noNullAt int              // null moves are disabled at this ply (verification), -1 none
	pv       [MaxPly + 1][MaxPly + 1]variants.Move
	pvLen    [MaxPly + 1]int
	moveBuf  [MaxPly + 1][]variants.Move
	scoreBuf [MaxPly + 1][]int
	quietBuf [MaxPly + 1][]variants.Move
	captBuf  [MaxPly + 1][]variants.Move

	// prevKey[ply] is the history key of the move made at ply (-1: a null
	// move, or a game without continuation history), for the continuation
	// history of the plies below.
	prevKey [MaxPly + 1]int
	// quietMove[ply] is the quiet move made at ply (NoMove after a null
	// move or a noisy one): its reply's static evaluation grades it.
	quietMove [MaxPly + 1]variants.Move
	// excludedMove[ply] is skipped by the singular-extension search at ply.
	excludedMove [MaxPly + 1]variants.Move
	rawEvals     [MaxPly + 1]int // static eval before correction
	// lostCheck[ply]: the move leading to ply gave check and loses
	// material by SEE, so the check is not extended there.
	lostCheck [MaxPly + 1]bool
	doubleExt [MaxPly + 1]int // double extensions on the path to ply
	// threats[ply] is the node's ThreatKeyer.Threats, set before its quiet
	// moves are ordered or rewarded (children read their parent's).
	threats [MaxPly + 1]uint64

	p   SearchParams // the job's margins (a copy: read on every node)
	lmr *lmrTable    // the job's late-move reductions
}

// lateReduction is the base late-move reduction of the searched-th move at
// depth, less a ply per LMRHistory of its quiet history (hist, 0 for a
// noisy move): the search's reduction starts from it and quiet futility
// judges a move at the depth it leaves, so the two agree.
func (s *searcher) lateReduction(depth, searched, hist int) int {
	return int(s.lmr[min(depth, 63)][min(searched, 63)]) - hist/s.p.LMRHistory
}

// alphaBeta is the thread maker of the alpha-beta search for game g.
func alphaBeta(g Game) newThreadFunc {
	return func(j *job, id int, pos variants.Position) thread { return newSearcher(j, id, pos, g) }
}

// newSearcher makes thread id's searcher on pos (its own clone).
func newSearcher(j *job, id int, pos variants.Position, g Game) *searcher {
	s := &searcher{stopper: newStopper(j, id, g.plan(), pos.SideToMove()), id: id, pos: pos,
		tt: j.tt, history: j.workers[id].history, noNullAt: -1, without: g.Without, noCheck: g.NoCheck}
	s.ev = g.NewEvaluator(pos)
	if u, ok := s.ev.(NetUser); ok {
		u.UseNet(j.net)
	}
	s.classify, _ = s.ev.(MoveClassifier)
	s.noisy, _ = s.ev.(NoisyGenerator)
	s.see, _ = s.ev.(Exchanger)
	s.null, _ = s.ev.(NullMover)
	s.term, _ = s.ev.(Terminator)
	s.cands, _ = s.ev.(CandidateGenerator)
	s.hist, _ = s.ev.(Historian)
	s.keyer, _ = s.ev.(MoveKeyer)
	s.pawnKeyer, _ = s.ev.(PawnKeyer)
	s.npKeyer, _ = s.ev.(NonPawnKeyer)
	s.threatKeyer, _ = s.ev.(ThreatKeyer)
	s.extend, _ = s.ev.(CheckExtender)
	s.checks, _ = s.ev.(CheckGiver)
	s.p, s.lmr = j.params, j.lmr
	s.keys = make([]uint64, 0, MaxPly+2)
	if id == 0 {
		s.prevSearch = j.workers[0].last
	}
	return s
}

func (s *searcher) nodeCount() uint64 { return s.nodes }

// allows reports whether the game lets the search use technique t.
func (s *searcher) allows(t Techniques) bool { return s.without&t == 0 }

// report shows another thread's result as this (main) thread's last line.
func (s *searcher) report(r threadResult) {
	s.reportLines(threadResult{depth: r.depth, selDepth: r.selDepth, lines: r.lines[:1]})
}

// run is iterative deepening with aspiration windows around the last
// score, over MultiPV lines on the main thread.
func (s *searcher) run() threadResult {
	root := s.genMoves(0)
	if len(root) == 0 {
		return threadResult{}
	}
	// Never return without a move: the first legal ply is the answer until
	// an iteration finds a better one.
	first := root[0]
	if e, ok := s.tt.probe(s.pos.Hash()); ok && contains(root, e.move) {
		first = e.move
	}
	nRoot := len(root)
	res := threadResult{lines: []pvLine{{pv: []variants.Move{first}}}}
	maxDepth := MaxDepth
	if s.lim.Depth > 0 {
		maxDepth = min(s.lim.Depth, MaxDepth)
	}
	k := 1
	if s.id == 0 {
		k = min(s.job.multiPV, nRoot)
	}
	var prev []pvLine // the lines of the last completed iteration
	for depth := 1; depth <= maxDepth; depth++ {
		if s.helper {
			depth = s.job.nextDepth(depth, maxDepth)
		}
		s.selDep = 0
		s.rootDepth = depth
		s.job.onDepth[depth].Add(1)
		lines := s.iterate(depth, k, prev)
		s.job.onDepth[depth].Add(-1)
		if s.stopped {
			// A move that beat the previous best in the interrupted
			// iteration was fully searched: it is the better choice.
			// With several lines, the last complete iteration stays the
			// answer: a partial one would show a line ranked twice.
			found := lines
			if k > 1 {
				found = nil
			} else if len(found) == 0 && !s.rootBest.IsNone() {
				found = []pvLine{s.rootLine(s.rootScore)}
			}
			if len(found) > 0 {
				res.lines = found[:1]
				// The last line shown begins with the move played.
				s.reportLines(threadResult{depth: depth, selDepth: s.selDep, lines: res.lines})
			}
			break
		}
		res = threadResult{depth: depth, selDepth: s.selDep, lines: lines, iteration: lines}
		prev = lines
		s.reportLines(res)
		s.reachedDepth(depth, maxDepth)
		if lines[0].pv[0] == s.lastBest {
			s.bestStable++
		} else {
			s.lastBest, s.bestStable = lines[0].pv[0], 0
		}
		s.iterScores = append(s.iterScores, lines[0].score)
		if s.iterationStop(depth, lines[0].score, nRoot) {
			break
		}
	}
	if s.id == 0 && len(res.lines) > 0 {
		s.job.workers[0].last = lastScore{score: res.lines[0].score, side: s.pos.SideToMove(), ok: true}
	}
	if s.endless() {
		// UCI: no bestmove before `stop` in infinite or ponder mode.
		s.waitStop()
	}
	return res
}

// iterate searches the root at depth for k lines (MultiPV), each with an
// aspiration window around its score of the last iteration (prev). It
// returns the completed lines sorted by score, best first; when stopped,
// the lines it finished (the interrupted line is not among them).
func (s *searcher) iterate(depth, k int, prev []pvLine) []pvLine {
	s.excluded = s.excluded[:0]
	lines := make([]pvLine, 0, k)
	for i := 0; i < k; i++ {
		guess := 0
		if i < len(prev) {
			guess = prev[i].score
		}
		s.rootBest = variants.NoMove
		clear(s.rootNodes)
		s.iterNodes = s.nodes
		score := s.aspiration(depth, guess)
		if s.stopped {
			break
		}
		l := s.rootLine(score)
		lines = append(lines, l)
		s.excluded = append(s.excluded, l.pv[0])
	}
	sortLines(lines)
	return lines
}

// rootLine copies the root's principal variation, whose first move is
// rootBest (after an interrupted re-search the variation may be gone: then
// the line is rootBest alone).
func (s *searcher) rootLine(score int) pvLine {
	if s.pvLen[0] == 0 || s.pv[0][0] != s.rootBest {
		return pvLine{score: score, pv: []variants.Move{s.rootBest}}
	}
	pv := make([]variants.Move, s.pvLen[0])
	copy(pv, s.pv[0][:s.pvLen[0]])
	return pvLine{score: score, pv: pv}
}

// sortLines orders lines by score, best first (stable: ties keep the order
// in which they were found).
func sortLines(lines []pvLine) {
	for i := 1; i < len(lines); i++ {
		for j := i; j > 0 && lines[j-1].score < lines[j].score; j-- {
			lines[j-1], lines[j] = lines[j], lines[j-1]
		}
	}
}

// aspiration searches the root with a narrow window around prev, widening
// it on failure.
func (s *searcher) aspiration(depth, prev int) int {
	alpha, beta, delta := -Infinity, Infinity, s.p.AspirationDelta
	if depth >= 5 && !isMate(prev) {
		alpha, beta = max(prev-delta, -Infinity), min(prev+delta, Infinity)
	}
	for {
		score := s.search(depth, alpha, beta, 0, false)
		if s.stopped {
			return score
		}
		switch {
		case score <= alpha && alpha > -Infinity:
			beta = (alpha + beta) / 2
			alpha = max(score-delta, -Infinity)
		case score >= beta && beta < Infinity:
			beta = min(score+delta, Infinity)
		default:
			return score
		}
		delta += delta / 2
		if delta > 800 {
			alpha, beta = -Infinity, Infinity
		}
	}
}

// iterationStop decides after a completed iteration whether to start the
// next one.
func (s *searcher) iterationStop(depth, score, nRoot int) bool {
	if s.lim.Infinite || s.pondering() {
		return false
	}
	if s.lim.Nodes > 0 && s.totalNodes() >= s.lim.Nodes {
		return true
	}
	if s.tb.soft > 0 {
		if nRoot == 1 {
			return true // a forced move: answer at once
		}
		// Start another iteration while the time used is below the plan,
		// scaled by how settled the best move is. The plan is the average
		// a move should take: an iteration started late runs past it (the
		// next one costs about 1.6 times all before it), one that would
		// not be started leaves time for later moves, and the two even
		// out. (Stopping at half the plan, as before, made a settled move
		// use a quarter of it: 55-65 ms of a 275 ms plan at 10+0.1.)
		if !s.clockAllowsIteration(s.timeScale() * s.fallScale(score)) {
			return true
		}
	}
	// A mate found with enough depth to be sure it is the shortest.
	if isMate(score) && depth >= 2*abs(mateMoves(score))+4 && s.lim.Depth == 0 {
		return true
	}
	return false
}

// timeScale stretches the soft time limit while the best move is new or
// shares the search with rivals, and shrinks it once one move has held for
// several iterations and taken most of the nodes.
func (s *searcher) timeScale() float64 {
	stability := [...]float64{1.6, 1.25, 1.05, 0.9, 0.8, 0.72}[min(s.bestStable, 5)]
	frac := 0.5
	if total := s.nodes - s.iterNodes; total > 0 && s.rootNodes != nil {
		frac = float64(s.rootNodes[s.lastBest]) / float64(total)
	}
	return min(2.5, max(0.4, stability*(1.55-frac)))
}

// fallScale stretches the soft time limit while the root score falls and
// shrinks it a little while it rises: a falling score means the search is
// finding trouble the earlier iterations (or the last move's search) did
// not see, and more depth is worth most then. The fall is measured against
// the score this side's previous search ended with and the score three
// iterations ago, in centipawns; mate scores leave the limit alone.
func (s *searcher) fallScale(score int) float64 {
	if isMate(score) {
		return 1
	}
	sum, n := 0, 0
	if p := s.prevSearch; p.ok && p.side == s.pos.SideToMove() && !isMate(p.score) {
		sum, n = sum+p.score-score, n+1
	}
	if k := len(s.iterScores) - 4; k >= 0 && !isMate(s.iterScores[k]) {
		sum, n = sum+s.iterScores[k]-score, n+1
	}
	if n == 0 {
		return 1
	}
	return min(1.5, max(0.85, 1+float64(sum)/float64(n)/100))
}

// checkStop is called every 1024 nodes: context, ponderhit, clock, nodes.
// Only the context can stop the first iteration, so the answer is never a
// blind move.
func (s *searcher) checkStop() { s.pollStop(s.rootDepth > 1) }

func contains(ms []variants.Move, m variants.Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

// genMoves lists the plies to search at ply (candidates or all legal ones).
func (s *searcher) genMoves(ply int) []variants.Move {
	buf := s.moveBuf[ply][:0]
	if ply == 0 && len(s.lim.SearchMoves) > 0 {
		buf = append(buf, s.lim.SearchMoves...)
	} else if s.cands != nil {
		buf = s.cands.Candidates(buf)
	} else {
		buf = s.pos.Moves(buf)
	}
	s.moveBuf[ply] = buf
	return buf
}

func (s *searcher) genNoisy(ply int) []variants.Move {
	buf := s.moveBuf[ply][:0]
	if s.noisy != nil {
		buf = s.noisy.NoisyMoves(buf)
	} else {
		all := s.pos.Moves(buf)
		buf = all[:0]
		for _, m := range all {
			if n, _ := s.classifyMove(m); n {
				buf = append(buf, m)
			}
		}
	}
	s.moveBuf[ply] = buf
	return buf
}

// prunesRest reports whether pruning a quiet move by technique t prunes
// every quiet move ordered after it in a game without check: late-move
// pruning looks only at the node and the count of moves searched, which
// pruning leaves as it is; futility pruning too, but for the killers,
// which are ordered before every other quiet move.
func prunesRest(t Techniques, isKiller bool) bool {
	return t == TechLateMovePruning || t == TechFutilityPruning && !isKiller
}

// countNoisy is the number of noisy moves in moves.
func (s *searcher) countNoisy(moves []variants.Move) int {
	n := 0
	for _, m := range moves {
		if noisy, _ := s.classifyMove(m); noisy {
			n++
		}
	}
	return n
}

func (s *searcher) classifyMove(m variants.Move) (bool, int) {
	if s.classify != nil {
		return s.classify.Classify(m)
	}
	return s.pos.IsCapture(m), 0
}

func (s *searcher) make(m variants.Move) {
	s.pos.Make(m)
	key := s.pos.Hash()
	s.tt.prefetch(key) // the child node's first question
	s.keys = append(s.keys, key)
}

func (s *searcher) unmake() {
	s.pos.Unmake()
	s.keys = s.keys[:len(s.keys)-1]
}

// isDraw reports a draw by repetition or the fifty-move rule at a non-root
// node.
func (s *searcher) isDraw() bool {
	if s.hist != nil {
		return s.hist.HalfmoveClock() >= 100 || s.hist.IsRepetition()
	}
	n := len(s.keys)
	if n == 0 {
		return false
	}
	k := s.keys[n-1]
	for i := n - 3; i >= 0; i -= 2 {
		// keys[j] is the position at ply j; a null move between two
		// positions makes their equality no repetition (chess keeps the
		// same rule in its Historian).
		if s.nullPly[i+1] || s.nullPly[i+2] {
			return false
		}
		if s.keys[i] == k {
			return true
		}
	}
	return false
}

// scoreMoves fills the ordering scores of the moves at ply.
func (s *searcher) scoreMoves(moves []variants.Move, ply int, ttMove variants.Move) []int {
	sc := s.scoreBuf[ply]
	if cap(sc) < len(moves) {
		sc = make([]int, len(moves), 2*len(moves))
	}
	sc = sc[:len(moves)]
	q := s.quietRows(ply)
	k0, k1 := s.killers[ply][0], s.killers[ply][1]
	for i, m := range moves {
		var v int
		switch noisy, gain := s.classifyMove(m); {
		case m == ttMove:
			v = orderTT
		case noisy:
			gain += s.captureScore(m) / 8
			if s.see != nil && !s.see.SEEAtLeast(m, 0) {
				v = orderBadNoisy + gain
			} else {
				v = orderGoodNoisy + gain
			}
		case m == k0:
			v = orderKiller + 1
		case m == k1:
			v = orderKiller
		default:
			k := 0
			if q.keyed() {
				k = s.moveKey(m)
			}
			v = q.score(m, k)
		}
		sc[i] = v
	}
	s.scoreBuf[ply] = sc
	return sc
}

// search is the principal variation search (negamax alpha-beta) below the
// root; ply 0 is the root.
func (s *searcher) search(depth, alpha, beta, ply int, cutNode bool) int {
	pvNode := beta-alpha > 1
	s.pvLen[ply] = ply
	if s.nodes&1023 == 0 {
		s.checkStop()
	}
	if s.stopped {
		return 0
	}
	if ply == 0 {
		s.keys = append(s.keys[:0], s.pos.Hash())
		s.doubleExt[0] = 0
	}
	if ply > 0 {
		if s.term != nil {
			if v, over := s.term.Terminal(ply); over {
				return v
			}
		}
		if s.isDraw() {
			return 0
		}
		// Mate distance pruning: no score here can beat a mate found closer
		// to the root.
		alpha = max(alpha, MatedScore(ply))
		beta = min(beta, MateScore(ply+1))
		if alpha >= beta {
			return alpha
		}
		if ply >= MaxPly-1 {
			return s.ev.Evaluate()
		}
	}
	inCheck := s.pos.InCheck()
	if inCheck && ply > 0 && (s.extend == nil || s.extend.ExtendCheck()) {
		// A check that only sheds material is most often a spite check:
		// extending it spends depth on lines the side giving it loses.
		if s.lostCheck[ply] {
			s.used |= TechLostCheck
		} else {
			depth++ // check extension
		}
	}
	if depth <= 0 {
		return s.qsearch(alpha, beta, ply, 0)
	}
	s.nodes++
	s.selDep = max(s.selDep, ply)
	// In a singular-extension search the node's best move is left out:
	// the table neither cuts it off nor learns from it.
	excluded := s.excludedMove[ply]
	singularSearch := !excluded.IsNone()

	key := s.pos.Hash()
	ttMove := variants.NoMove
	var tte ttEntry
	ttHit := false
	ttScore := 0
	if !singularSearch {
		tte, ttHit = s.tt.probe(key)
	}
	if ttHit {
		ttMove = tte.move
		ttScore = fromTT(int(tte.score), ply)
		if !pvNode && ply > 0 && int(tte.depth) >= depth {
			if tte.bound == boundExact || (tte.bound == boundLower && ttScore >= beta) || (tte.bound == boundUpper && ttScore <= alpha) {
				if ttScore >= beta && !ttMove.IsNone() && !s.pos.IsCapture(ttMove) {
					s.setThreats(ply)
					s.updateQuiet(ttMove, ply, s.historyBonus(depth))
				}
				return ttScore
			}
		}
	}

	// rawEval is the evaluator's; eval is corrected by the correction
	// history.
	rawEval, eval := 0, -Infinity
	var corr corrSlots // found once: the node learns through them too
	if !inCheck {
		switch {
		case singularSearch:
			rawEval = s.rawEvals[ply]
		case ttHit && tte.eval != 0: // 0: not known (written in check)
			rawEval = int(tte.eval)
		default:
			rawEval = s.ev.Evaluate()
		}
		corr = s.corrSlots()
		eval = corr.correct(rawEval)
	}
	staticEval := eval
	s.rawEvals[ply] = rawEval
	s.evals[ply] = eval
	improving := !inCheck && ply >= 2 && eval > s.evals[ply-2]
	if !inCheck && !singularSearch {
		s.gradeBySwing(ply, eval)
	}

	if !pvNode && !inCheck && ply > 0 && !singularSearch && !isMate(beta) {
		// Reverse futility pruning: far above beta at low depth.
		margin := s.p.RFPMargin * depth
		if improving {
			margin -= s.p.RFPImproving
		}
		if depth <= 7 && eval-margin >= beta {
			return (eval + beta) / 2
		}
		// Null-move pruning: if passing still fails high, a real move will.
		if s.null != nil && depth >= 3 && eval >= beta && !s.nullPly[ply] && s.noNullAt != ply && s.null.NullAllowed() {
			r := (s.p.NullBase+s.p.NullPerPly*depth)/100 + min((eval-beta)/s.p.NullEvalDiv, 3)
			s.null.MakeNull()
			s.keys = append(s.keys, s.pos.Hash())
			s.nullPly[ply+1] = true
			s.lostCheck[ply+1] = false
			s.prevKey[ply] = -1
			s.quietMove[ply] = variants.NoMove
			s.doubleExt[ply+1] = s.doubleExt[ply]
			v := -s.search(depth-1-r, -beta, -beta+1, ply+1, !cutNode)
			s.nullPly[ply+1] = false
			s.keys = s.keys[:len(s.keys)-1]
			s.null.UnmakeNull()
			if s.stopped {
				return 0
			}
			if v >= beta {
				if isMate(v) {
					v = beta
				}
				if depth < 10 {
					return v
				}
				// Zugzwang care at high depth: verify with a reduced
				// search of our own moves, null moves disabled here.
				saved := s.noNullAt
				s.noNullAt = ply
				w := s.search(depth-1-r, beta-1, beta, ply, false)
				s.noNullAt = saved
				if w >= beta {
					return v
				}
			}
		}
		// ProbCut: a capture that beats beta by a margin in a reduced
		// search would almost surely beat beta in a full one.
		if v, ok := s.probCut(depth, beta, ply, eval, cutNode, ttHit, &tte, ttScore); ok {
			return v
		}
	}
	// Without a move from the table, a PV node is searched one ply less
	// (internal iterative reduction).
	if pvNode && ttMove.IsNone() && depth >= 5 {
		depth--
	}

	// Singular extension: when the table's move beats every other move by
	// a margin in a reduced search, it is searched one ply deeper (two at
	// non-PV nodes if it beats them by far); when even the others beat
	// beta, the node is cut (multi-cut).
	ttExt := 0
	if ply > 0 && depth >= 8 && ttHit && !ttMove.IsNone() && !singularSearch &&
		tte.bound != boundUpper && int(tte.depth) >= depth-3 && !isMate(ttScore) && ply < 2*s.rootDepth &&
		s.allows(TechSingular) {
		s.used |= TechSingular
		sBeta := ttScore - s.p.SingularPerPly*depth/10
		s.excludedMove[ply] = ttMove
		v := s.search((depth-1)/2, sBeta-1, sBeta, ply, cutNode)
		s.excludedMove[ply] = variants.NoMove
		if s.stopped {
			return 0
		}
		switch {
		case v < sBeta:
			ttExt = 1
			if !pvNode && v < sBeta-s.p.SingularDouble && s.doubleExt[ply] < 6 {
				ttExt = 2
			}
		case sBeta >= beta:
			return sBeta
		case ttScore >= beta:
			ttExt = -1
		}
	}

	moves := s.genMoves(ply)
	if len(moves) == 0 {
		if inCheck {
			return MatedScore(ply)
		}
		return 0
	}
	s.setThreats(ply)
	scores := s.scoreMoves(moves, ply, ttMove)
	quiets := s.quietBuf[ply][:0]
	capts := s.captBuf[ply][:0]
	best := -Infinity
	bestMove := variants.NoMove
	origAlpha := alpha
	searched := 0
	q := s.quietRows(ply)
	// noisyLeft counts the noisy moves not yet tried once a game without
	// check needs it (-1 until then).
	// restPruned: since the last move searched, a quiet move was pruned
	// in a way that prunes every quiet move after it (prunesRest).
	noisyLeft, restPruned := -1, false
	// judgeChecks: a check that loses material by SEE goes unextended
	// (lostCheck), so every move's check is asked before it is made.
	judgeChecks := s.allows(TechLostCheck) && s.see != nil
	for i := range moves {
		if restPruned && noisyLeft == 0 {
			break // the rest are quiet moves pruned alike
		}
		pickNext(moves, scores, i)
		m := moves[i]
		if m == excluded || ply == 0 && len(s.excluded) > 0 && contains(s.excluded, m) {
			continue // the singular search's move, or a better MultiPV line
		}
		noisy, _ := s.classifyMove(m)
		if restPruned && !noisy {
			continue // pruned as the quiet move before it was
		}
		if noisy && noisyLeft > 0 {
			noisyLeft--
		}
		isKiller := m == s.killers[ply][0] || m == s.killers[ply][1]
		key := -1 // read by the continuation history only
		if s.allows(TechContinuationHistory) {
			key = s.moveKey(m)
		}
		hist := 0
		if !noisy {
			hist = q.score(m, key) // current values: children update them
		}
		// Pruning at low depth of moves that do not give check (known
		// only after making the move): late quiet moves, quiet moves
		// with no hope to reach alpha or a bad history, and moves that
		// lose material by SEE.
		var pruneBy Techniques // the technique that prunes m, if any
		if ply > 0 && !inCheck && best > -MateBound && searched > 0 {
			if !noisy {
				// lmrDepth: the depth a late-move reduction would leave
				// this move; futility looks that far.
				lmrDepth := max(0, depth-1-s.lateReduction(depth, searched, hist))
				lmp := (s.p.LMPBase + s.p.LMPPerDepth2*depth*depth) / 100
				if !improving {
					lmp /= 2
				}
				switch {
				case !pvNode && depth <= 6 && searched >= lmp && s.allows(TechLateMovePruning):
					pruneBy = TechLateMovePruning
				case lmrDepth <= 5 && !isKiller && !isMate(alpha) && eval+s.p.FutilityBase+s.p.FutilityPerPly*lmrDepth <= alpha && s.allows(TechFutilityPruning):
					pruneBy = TechFutilityPruning
				case !pvNode && depth <= 3 && hist < -s.p.HistoryPrune*depth && s.allows(TechHistoryPruning):
					pruneBy = TechHistoryPruning
				case s.see != nil && depth <= 7 && s.allows(TechSEEPruning) && !s.see.SEEAtLeast(m, -s.p.SEEQuietPerPly*depth):
					pruneBy = TechSEEPruning
				}
			} else if s.see != nil && depth <= 6 && s.allows(TechSEEPruning) && !s.see.SEEAtLeast(m, -s.p.SEENoisyPerPly*depth) {
				pruneBy = TechSEEPruning
			}
		}
		prune := pruneBy != 0
		// Set before pruning too: quiescence below this node reads it.
		s.prevKey[ply] = key
		s.quietMove[ply] = variants.NoMove
		if !noisy {
			s.quietMove[ply] = m
		}
		// Whether m checks matters to a move pruned unless it checks, to a
		// late move's reduction (lateMove) and to the check extension
		// below it (lostCheck); the game's test is cheap.
		lateMove := searched >= 2 && depth >= 3 && !inCheck && (!noisy || scores[i] < 0)
		givesCheck := false
		if s.checks != nil && (prune || lateMove || judgeChecks) {
			if givesCheck = s.checks.GivesCheck(m); prune && !givesCheck {
				s.used |= pruneBy
				if s.noCheck && prunesRest(pruneBy, isKiller) {
					if noisyLeft < 0 {
						noisyLeft = s.countNoisy(moves[i+1:])
					}
					restPruned = true
				}
				continue
			}
		}
		// Without a CheckGiver the check is known only after the move,
		// too late for SEE (givesCheck is still false): those games
		// extend every check.
		s.lostCheck[ply+1] = judgeChecks && givesCheck && !s.see.SEEAtLeast(m, 0)
		s.make(m)
		if s.checks == nil {
			if givesCheck = s.pos.InCheck(); prune && !givesCheck {
				s.unmake()
				s.used |= pruneBy
				continue
			}
		}
		restPruned = false // the search below moves alpha and the count
		ext := 0
		if m == ttMove {
			ext = ttExt
		}
		s.doubleExt[ply+1] = s.doubleExt[ply]
		if ext >= 2 {
			s.doubleExt[ply+1]++
		}
		newDepth := depth - 1 + ext
		rootStart := s.nodes
		var v int
		if searched == 0 {
			v = -s.search(newDepth, -beta, -alpha, ply+1, !pvNode && !cutNode)
		} else {
			r := 0
			if lateMove {
				r = s.lateReduction(depth, searched, hist) // hist is 0 for a noisy move
				if pvNode {
					r--
				}
				if isKiller {
					r--
				}
				if cutNode && !isKiller {
					r += 2 // a cut node's first move should have cut
				}
				if !improving {
					r++
				}
				if !noisy && !ttMove.IsNone() && s.pos.IsCapture(ttMove) {
					r++
				}
				if givesCheck {
					r--
				}
				r = max(0, min(r, newDepth-1))
			}
			reduced := newDepth - r
			v = -s.search(reduced, -alpha-1, -alpha, ply+1, true)
			if v > alpha && r > 0 {
				// The reduced search beat alpha: search again at full
				// depth, a ply deeper if it beat the best by far, a ply
				// shallower if only just.
				switch {
				case v > best+s.p.DeeperBase+s.p.DeeperPerPly*newDepth/10:
					newDepth++
				case v < best+newDepth:
					newDepth--
				}
				if newDepth > reduced {
					v = -s.search(newDepth, -alpha-1, -alpha, ply+1, !cutNode)
				}
			}
			if v > alpha && v < beta {
				v = -s.search(newDepth, -beta, -alpha, ply+1, false)
			}
		}
		s.unmake()
		if s.stopped {
			return 0
		}
		if ply == 0 {
			if s.rootNodes == nil {
				s.rootNodes = make(map[variants.Move]uint64)
			}
			s.rootNodes[m] += s.nodes - rootStart
		}
		searched++
		if v > best {
			best = v
			if v > alpha {
				bestMove = m
				alpha = v
				s.pv[ply][ply] = m
				copy(s.pv[ply][ply+1:], s.pv[ply+1][ply+1:s.pvLen[ply+1]])
				s.pvLen[ply] = max(s.pvLen[ply+1], ply+1)
				if ply == 0 {
					s.rootBest, s.rootScore = m, v
				}
				if v >= beta {
					s.rewardCutoff(m, noisy, quiets, capts, depth, ply)
					break
				}
			}
		}
		if !noisy {
			quiets = append(quiets, m)
		} else {
			capts = append(capts, m)
		}
	}
	s.quietBuf[ply] = quiets
	s.captBuf[ply] = capts
	if searched == 0 { // every move was pruned or excluded (never at ply 0)
		return alpha
	}
	b := boundUpper
	switch {
	case best >= beta:
		b = boundLower
	case best > origAlpha:
		b = boundExact
	}
	if singularSearch {
		return best
	}
	if !inCheck && (bestMove.IsNone() || !s.pos.IsCapture(bestMove)) &&
		!(b == boundLower && best <= staticEval) && !(b == boundUpper && best >= staticEval) {
		corr.learn(rawEval, best, depth)
	}
	s.tt.store(key, bestMove, toTT(best, ply), rawEval, depth, b)
	return best
}

// probCut tries the captures that win enough by SEE with a reduced search
// against beta+ProbCutMargin; ok reports a cut-off with its score.
func (s *searcher) probCut(depth, beta, ply, eval int, cutNode, ttHit bool, tte *ttEntry, ttScore int) (int, bool) {
	pBeta := beta + s.p.ProbCutMargin
	if depth < 5 || s.see == nil || isMate(beta) || !s.allows(TechProbCut) ||
		ttHit && int(tte.depth) >= depth-3 && ttScore < pBeta {
		return 0, false
	}
	moves := s.genNoisy(ply)
	scores := s.scoreMoves(moves, ply, variants.NoMove)
	for i := range moves {
		pickNext(moves, scores, i)
		m := moves[i]
		if scores[i] < orderGoodNoisy || !s.see.SEEAtLeast(m, pBeta-eval) {
			continue
		}
		s.used |= TechProbCut
		s.prevKey[ply] = s.moveKey(m)
		s.quietMove[ply] = variants.NoMove
		s.doubleExt[ply+1] = s.doubleExt[ply]
		s.lostCheck[ply+1] = false // it wins material by SEE
		s.make(m)
		v := -s.qsearch(-pBeta, -pBeta+1, ply+1, 0)
		if v >= pBeta {
			v = -s.search(depth-4, -pBeta, -pBeta+1, ply+1, !cutNode)
		}
		s.unmake()
		if s.stopped {
			return 0, false
		}
		if v >= pBeta {
			s.tt.store(s.pos.Hash(), m, toTT(v, ply), s.rawEvals[ply], depth-3, boundLower)
			return v, true
		}
	}
	return 0, false
}

// historyBonus is the history reward of a cut-off at depth: linear in the
// depth, so that the cut-offs of shallow nodes, by far the most numerous,
// teach the tables within a search.
func (s *searcher) historyBonus(depth int) int {
	return min(s.p.HistoryBonusPly*depth-s.p.HistoryBonusOff, s.p.HistoryBonusMax)
}

// gradeBySwing teaches the history of the quiet move that led to ply (if
// it was one, and made out of check) the swing of the static evaluation
// it caused: one after which the evaluation turns against its mover is
// likely poor, one that gains likely good, known before any search below
// it says so. eval is the node's static evaluation, not in check. (A
// null-move verification search enters its node again and grades the
// move twice; measured so, see docs/strength.md.)
func (s *searcher) gradeBySwing(ply, eval int) {
	if ply == 0 || s.evals[ply-1] == -Infinity || s.quietMove[ply-1].IsNone() || !s.allows(TechSwingHistory) {
		return
	}
	s.used |= TechSwingHistory
	// Both evaluations are from their side to move's view: their sum is
	// what the mover lost.
	bonus := max(-s.p.SwingMax, min(s.p.SwingMax, -s.p.SwingScale*(s.evals[ply-1]+eval)))
	s.history.update(s.pos.SideToMove().Other(), s.quietKind(s.quietMove[ply-1], ply-1), s.quietMove[ply-1], bonus)
}

// rewardCutoff updates killers and histories after move m caused a
// cut-off: the move gets a bonus, the moves of its kind tried before it a
// malus (captures always get one: a quiet cut-off says they failed too).
func (s *searcher) rewardCutoff(m variants.Move, noisy bool, quiets, capts []variants.Move, depth, ply int) {
	bonus := s.historyBonus(depth)
	if noisy {
		s.updateCapture(m, bonus)
	} else {
		if s.killers[ply][0] != m {
			s.killers[ply][1] = s.killers[ply][0]
			s.killers[ply][0] = m
		}
		s.updateQuiet(m, ply, bonus)
		for _, q := range quiets {
			s.updateQuiet(q, ply, -bonus)
		}
	}
	for _, c := range capts {
		s.updateCapture(c, -bonus)
	}
}

// qsearchMaxDepth bounds quiescence search (games where captures need not
// reduce material, like russian stacks, could otherwise run long).
const qsearchMaxDepth = 12

// qsearch resolves captures (and check evasions) until the position is
// quiet, so that the static evaluation is not taken in mid-exchange.
func (s *searcher) qsearch(alpha, beta, ply, qdepth int) int {
	s.pvLen[ply] = ply
	if s.nodes&1023 == 0 {
		s.checkStop()
	}
	if s.stopped {
		return 0
	}
	s.nodes++
	s.selDep = max(s.selDep, ply)
	if s.term != nil {
		if v, over := s.term.Terminal(ply); over {
			return v
		}
	}
	if ply >= MaxPly-1 || qdepth >= qsearchMaxDepth {
		return s.ev.Evaluate()
	}
	key := s.pos.Hash()
	ttMove := variants.NoMove
	e, ttHit := s.tt.probe(key)
	ttScore := 0
	if ttHit {
		ttMove = e.move
		ttScore = fromTT(int(e.score), ply)
		if e.bound == boundExact || (e.bound == boundLower && ttScore >= beta) || (e.bound == boundUpper && ttScore <= alpha) {
			return ttScore
		}
	}
	inCheck := s.pos.InCheck()
	best := -Infinity
	rawEval, eval := 0, 0
	var moves []variants.Move
	if inCheck {
		moves = s.genMoves(ply)
		if len(moves) == 0 {
			return MatedScore(ply)
		}
		s.setThreats(ply) // its quiet evasions are ordered by history
	} else {
		if ttHit && e.eval != 0 {
			rawEval = int(e.eval)
		} else {
			rawEval = s.ev.Evaluate()
		}
		eval = s.corrSlots().correct(rawEval)
		if ttHit && !isMate(ttScore) && (e.bound == boundLower && ttScore > eval || e.bound == boundUpper && ttScore < eval) {
			eval = ttScore
		}
		if eval >= beta {
			return eval
		}
		best = eval
		alpha = max(alpha, eval)
		moves = s.genNoisy(ply)
	}
	scores := s.scoreMoves(moves, ply, ttMove)
	origAlpha := alpha
	bestMove := variants.NoMove
	for i := range moves {
		pickNext(moves, scores, i)
		m := moves[i]
		if !inCheck && scores[i] < orderKiller && m != ttMove {
			continue // a losing capture (by SEE): not worth resolving
		}
		// Futile: even winning a piece by SEE would not lift eval to
		// alpha without some material gain.
		if !inCheck && s.see != nil && eval+s.p.QFutility <= alpha && s.allows(TechQFutility) && !s.see.SEEAtLeast(m, 1) {
			s.used |= TechQFutility
			continue
		}
		s.make(m)
		v := -s.qsearch(-beta, -alpha, ply+1, qdepth+1)
		s.unmake()
		if s.stopped {
			return 0
		}
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				bestMove = m
				if v >= beta {
					break
				}
			}
		}
	}
	b := boundUpper
	switch {
	case best >= beta:
		b = boundLower
	case best > origAlpha:
		b = boundExact
	}
	s.tt.store(key, bestMove, toTT(best, ply), rawEval, 0, b)
	return best
}
