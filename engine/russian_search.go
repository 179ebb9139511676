package engine

import (
	"context"

	"varchess/variants"
	"varchess/variants/russian"
)

// Expectimax search for russian (dice chess): every ply starts with a die
// roll, so the tree alternates chance nodes (six equally likely faces) and
// max nodes (the moves that face allows).
//
// One chance node, one ordered pass. A face F allows exactly the moves
// whose unit top type (russian.MinFace) is at most F, so the value of face
// F is the running maximum over the moves sorted by MinFace, read off when
// the bucket of F ends. A face whose type takes no part (R2) or that allows
// no move is a pass, searched once for all such faces. chance() therefore
// searches each move once, not once per face, and returns
//
//	EV = (sum over faces F of w[F] * value(F)) / 6
//
// with w[F] = 1 for every face (expectimax) or w[K] = 6 and the rest 0
// (dice-blind: the side to move is assumed to roll a King, which turns the
// same code into plain alpha-beta; used as a sparring partner).
//
// Pruning (Ballard's Star1, in the running-maximum form). All sums are in
// sixths. Before searching move m of bucket f, with S the weighted sum of
// the faces already settled and W the weight of the faces >= f still open,
// every open face is worth at least max(best, v(m)); so v(m) >= hi with
// hi = ceil((6*beta - S) / W) makes the node fail high. Symmetrically, if
// every open face stays below xAlpha = floor((6*alpha - S) / W) the node
// fails low, so m is searched with the window (max(best, xAlpha), hi).
// Faces whose moves all failed low hold only upper bounds; faceLoop keeps
// a low and a high sum and repeats the node with exact windows in the rare
// case where the result is neither exact nor below alpha. With the
// dice-blind weights this is exactly alpha-beta.
//
// The table is keyed by BoardKey (the board and side to move, not the
// roll) and stores the chance node's value with its depth and bound, and
// the best move of the highest face for ordering.
//
// Late quiet moves of a max node are searched a ply less first (late move
// reductions, russianLMRDepth).
//
// Quiescence uses the same loop over captures only, with the static
// evaluation as the floor of every face (standing pat), so threats are
// weighed by the probability of the face they need.

// russianSearchOptions selects the search flavour.
type russianSearchOptions struct {
	// DiceBlind assumes every future roll is a King (plain alpha-beta over
	// all moves below the root): the baseline the expectimax must beat.
	DiceBlind bool
}

// maxQDepth bounds quiescence plies: capture sequences on stacks can be
// long, and every chance node multiplies the work. 4 instead of 6 more
// than halves the depth-5 benchmark (830064 -> 364125 nodes a position)
// and plays better at equal nodes (docs/strength.md, Russian 13).
const maxQDepth = 4

// rNode is a move with its ordering key, sorted per node.
type rNode struct {
	m     variants.Move
	order int
}

// rsearch is one thread of an expectimax search; it owns everything it
// writes except what the job shares (the table, the stop flag).
type rsearch struct {
	stopper
	id int // thread number; 0 is the main thread
	// rootDepth is the depth of the iteration in progress.
	rootDepth int
	p         *russian.Position
	ev        *russianEvaluator
	tt        *table
	opt       russianSearchOptions
	w         [7]int // face weights (index russian.Type), summing to 6
	maxQ      int    // quiescence plies (maxQDepth; tests use less)
	// reduceFrom is the least depth of a max node whose late quiet moves
	// are reduced (russianLMRDepth; 0: no reductions, the exact expectimax).
	reduceFrom int
	// delta enables delta pruning of quiescence captures (deltaBound).
	delta bool

	// history scores quiet moves by the fail-highs they caused (the
	// thread's table, kept between searches like alpha-beta's).
	history *historyTable

	keys [MaxPly + 2]uint64
	// standCP is the static evaluation (centipawns) of a quiescence node
	// that stood pat, for the delta bound of its captures (noStand: none).
	standCP [MaxPly + 2]int
	bufs    [MaxPly + 2][]variants.Move
	lists   [MaxPly + 2][]rNode
	stack   [40]russian.Checker
}

// SearchDiceBlind is Search with the russian chance nodes replaced by "the
// side to move rolls a King" (plain alpha-beta over all moves below the
// root's rolled face): the sparring partner that measures what the
// expectimax is worth (UCI option DiceBlind, scripts/russian-vs-diceblind.sh).
// Other games are searched as by Search.
func (e *Engine) SearchDiceBlind(ctx context.Context, pos variants.Position, lim Limits, onInfo func(Info)) Result {
	if _, ok := pos.(*russian.Position); !ok {
		return e.Search(ctx, pos, lim, onInfo)
	}
	return e.searchWith(ctx, pos, lim, onInfo, russianThreads(russianSearchOptions{DiceBlind: true}))
}

// russianThreads makes the expectimax threads (the Game.NewThread hook).
func russianThreads(opt russianSearchOptions) newThreadFunc {
	return func(j *job, id int, pos variants.Position) thread {
		p := pos.(*russian.Position)
		return &rsearch{stopper: newStopper(j, id, russianBudget, p.SideToMove()), id: id, p: p,
			ev: &russianEvaluator{p: p}, tt: j.tt, opt: opt, w: faceWeights(opt.DiceBlind), maxQ: maxQDepth,
			reduceFrom: russianLMRDepth, delta: true, history: j.workers[id].history}
	}
}

// faceWeights are the chance node's weights of the six faces (index
// russian.Type, summing to 6): all equal, or the dice-blind search's
// certainty of a King.
func faceWeights(diceBlind bool) (w [7]int) {
	if diceBlind {
		w[russian.King] = 6
		return w
	}
	for f := russian.Pawn; f <= russian.King; f++ {
		w[f] = 1
	}
	return w
}

// russianBudget is the russian time plan. A russian game is short (about
// thirteen plies after the opening, two in five of them forced: a pass or
// a single legal ply, answered at once), so the engine's plan of a long
// game (time.go) would leave most of the clock unused: with a clock and no
// movestogo it plans as if russianHorizon moves were still to think about.
// The hard limit is tighter than the engine's: an expectimax iteration
// costs ten or more times the one before, so one that is not done by 1.5
// times the soft limit would not be done by four times it either, and the
// time is better kept for later moves.
func russianBudget(lim Limits, us variants.Color) timeBudget {
	horizon := russianHorizon
	if lim.MovesToGo > 0 { // a control with movestogo: the engine's plan
		horizon = horizonMoves
	}
	tb := budgetOver(lim, us, horizon)
	if tb.soft > 0 {
		tb.hard = min(tb.hard, tb.soft*3/2)
	}
	return tb
}

// russianHorizon is the number of moves a russian game is planned to last
// from any position on (the engine's plan for a long game is horizonMoves).
const russianHorizon = 6

func (s *rsearch) nodeCount() uint64 { return s.nodes }

// report shows another thread's result as this (main) thread's last line.
func (s *rsearch) report(r threadResult) {
	s.reportLines(threadResult{depth: r.depth, selDepth: r.selDepth, lines: r.lines[:1]})
}

// maxDepth is the deepest iteration the limits allow.
func (s *rsearch) maxDepth() int {
	if s.lim.Depth > 0 {
		return min(s.lim.Depth, MaxDepth)
	}
	return MaxDepth
}

// run is iterative deepening over the max node of the rolled face; a
// position whose side to move has not rolled is searched for every face
// (runFaces). With MultiPV the main thread keeps the k best root moves
// exact.
func (s *rsearch) run() threadResult {
	p := s.p
	if p.RollType() == russian.NoType {
		return s.runFaces()
	}
	root := p.MovesForFace(p.RollType(), nil)
	if len(s.lim.SearchMoves) > 0 {
		root = onlyListed(root, s.lim.SearchMoves)
	}
	if len(root) == 0 {
		return threadResult{}
	}
	res := threadResult{lines: []pvLine{{score: s.ev.Evaluate(), pv: []variants.Move{root[0]}}}}
	if len(root) == 1 && !s.endless() {
		return res
	}
	list := make([]rNode, len(root))
	for i, m := range root {
		list[i] = rNode{m: m, order: s.orderKey(m, variants.NoMove)}
	}
	sortNodes(list)
	k := 1
	if s.id == 0 {
		k = min(s.job.multiPV, len(list))
	}
	maxDepth := s.maxDepth()
	s.keys[0] = p.BoardKey()
	for depth := 1; depth <= maxDepth; depth++ {
		if s.helper {
			depth = s.job.nextDepth(depth, maxDepth)
		}
		s.rootDepth = depth
		s.job.onDepth[depth].Add(1)
		done, top := s.rootIteration(list, depth, k)
		s.job.onDepth[depth].Add(-1)
		if s.stopped {
			// A move that beat the previous best (searched first) in the
			// interrupted iteration is the better choice.
			if done > 1 && top.pv[0] != list[0].m && depth > 1 {
				top.score = russianDisplay(top.score)
				res.lines = []pvLine{top}
				s.reportLines(threadResult{depth: depth, selDepth: depth + maxQDepth, lines: res.lines})
			}
			break
		}
		stableSortNodes(list)
		lines := make([]pvLine, k)
		for i := range lines {
			lines[i] = pvLine{score: russianDisplay(list[i].order), pv: []variants.Move{list[i].m}}
		}
		res = threadResult{depth: depth, selDepth: depth + maxQDepth, lines: lines, iteration: lines}
		s.reportLines(res)
		s.reachedDepth(depth, maxDepth)
		if s.iterationStop(depth, list[0].order) {
			break
		}
	}
	// Read now, not at the start: a ponderhit may have come meanwhile.
	if s.endless() {
		s.waitStop()
	}
	return res
}

// rootIteration searches every root move at depth, the k best exactly
// (each move's window starts at the k-th best value so far), and stores
// the values in list[i].order. It returns the number of moves done and the
// best of them.
func (s *rsearch) rootIteration(list []rNode, depth, k int) (done int, top pvLine) {
	best := make([]int, 0, k) // the k best values so far, descending
	top = pvLine{score: -Infinity}
	for i := range list {
		alpha := -Infinity
		if len(best) == k {
			alpha = best[k-1]
		}
		m := list[i].m
		v := s.rootValue(m, depth, alpha)
		if s.stopped {
			break
		}
		done++
		list[i].order = v
		if v > top.score {
			top = pvLine{score: v, pv: []variants.Move{m}}
		}
		if v > alpha {
			best = insertDescending(best, v, k)
		}
	}
	return done, top
}

// rootValue is the value of root move m searched to depth, exact when
// above alpha (fail-soft below).
func (s *rsearch) rootValue(m variants.Move, depth, alpha int) int {
	if russian.CapturesKing(m) {
		return russianWin
	}
	s.p.Make(m)
	defer s.p.Unmake()
	return -s.chance(depth-1, 1, -Infinity, -alpha)
}

// insertDescending puts v into the descending list xs, keeping at most k.
func insertDescending(xs []int, v, k int) []int {
	i := len(xs)
	for i > 0 && xs[i-1] < v {
		i--
	}
	xs = append(xs, 0)
	copy(xs[i+1:], xs[i:])
	xs[i] = v
	return xs[:min(len(xs), k)]
}

// runFaces searches a position whose side to move has not rolled: at each
// depth the best ply and value of every face, read off one pass over the
// moves sorted by MinFace (as a chance node does), and their expectation.
// The main thread reports a per-face line for each face (Info.Face) and
// the expectation as the line without a face. Best is face K's ply.
func (s *rsearch) runFaces() threadResult {
	p := s.p
	all := p.AllMoves(nil)
	if len(all) == 0 {
		return threadResult{}
	}
	list := make([]rNode, len(all))
	for i, m := range all {
		list[i] = rNode{m: m, order: s.orderKey(m, variants.NoMove)}
	}
	sortNodes(list)
	res := threadResult{lines: []pvLine{{score: s.ev.Evaluate(), pv: []variants.Move{list[len(list)-1].m}}}}
	maxDepth := s.maxDepth()
	s.keys[0] = p.BoardKey()
	for depth := 1; depth <= maxDepth; depth++ {
		if s.helper {
			depth = s.job.nextDepth(depth, maxDepth)
		}
		s.rootDepth = depth
		s.job.onDepth[depth].Add(1)
		faces, ev := s.faceIteration(list, depth)
		s.job.onDepth[depth].Add(-1)
		if s.stopped {
			break
		}
		sortNodes(list) // by MinFace, and by this iteration's values inside a face
		stop := s.iterationStop(depth, ev)
		for i := range faces {
			faces[i].Score = russianDisplay(faces[i].Score)
		}
		ev = russianDisplay(ev)
		k := faces[len(faces)-1]
		res = threadResult{depth: depth, selDepth: depth + maxQDepth, faces: faces,
			lines: []pvLine{{score: k.Score, pv: []variants.Move{k.Best}}}}
		if !s.helper && s.job.onInfo != nil {
			for _, f := range faces {
				in := s.info(depth, depth+maxQDepth, 1, pvLine{score: f.Score, pv: []variants.Move{f.Best}})
				in.Face = f.Face
				if russian.IsPass(f.Best) {
					in.PV = nil
				}
				s.job.onInfo(in)
			}
			s.job.onInfo(s.info(depth, depth+maxQDepth, 1, pvLine{score: ev}))
		}
		if stop {
			break
		}
	}
	// Read now, not at the start: a ponderhit may have come meanwhile.
	if s.endless() {
		s.waitStop()
	}
	return res
}

// faceIteration is one depth of runFaces: the value and best ply of each
// face P..K (the pass for a face that allows no move), and the weighted
// expectation over them.
func (s *rsearch) faceIteration(list []rNode, depth int) ([]FaceResult, int) {
	p := s.p
	var faces []FaceResult
	pass, havePass := 0, false
	passValue := func() int {
		if !havePass {
			p.Make(russian.PassMove)
			pass = -s.chance(depth-1, 1, -Infinity, Infinity)
			p.Unmake()
			havePass = true
		}
		return pass
	}
	best, bestMove := -Infinity, variants.NoMove
	sum := 0
	i := 0
	for f := russian.Pawn; f <= russian.King; f++ {
		for ; i < len(list) && russian.MinFace(list[i].m) == f; i++ {
			m := list[i].m
			v := s.rootValue(m, depth, best)
			if s.stopped {
				return nil, 0
			}
			list[i].order = v
			if v > best {
				best, bestMove = v, m
			}
		}
		fr := FaceResult{Face: f.Letter(), Best: bestMove, Score: best}
		if !p.TakesPart(f) || bestMove.IsNone() {
			fr.Best, fr.Score = russian.PassMove, passValue()
			if s.stopped {
				return nil, 0
			}
		}
		faces = append(faces, fr)
		sum += s.w[f] * fr.Score
	}
	return faces, floorDiv(sum, 6)
}

// russianIterationShare: each ply of expectimax costs much more than a ply
// of alpha-beta, so the next iteration is started only early in the budget.
const russianIterationShare = 0.4

// iterationStop decides whether to start another iteration.
func (s *rsearch) iterationStop(depth, score int) bool {
	if s.lim.Infinite || s.pondering() {
		return false
	}
	if s.lim.Nodes > 0 && s.totalNodes() >= s.lim.Nodes {
		return true
	}
	if !s.clockAllowsIteration(russianIterationShare) {
		return true
	}
	return score >= russianWin && s.lim.Depth == 0 && depth >= 2
}

// checkStop is called every 2048 nodes. The clock counts from the first
// iteration on (one iteration may cost more than the whole budget), a
// node limit from the second (the first always ends with a searched move).
func (s *rsearch) checkStop() {
	if s.rootDepth <= 1 && s.lim.Nodes > 0 {
		n := s.lim.Nodes
		s.lim.Nodes = 0
		s.pollStop(true)
		s.lim.Nodes = n
		return
	}
	s.pollStop(true)
}

// count bumps the node counter and polls the limits.
func (s *rsearch) count() {
	s.nodes++
	if s.nodes&2047 == 0 {
		s.checkStop()
	}
}

// repeated reports whether the board at ply occurred earlier on the path
// (same side to move: an even distance).
func (s *rsearch) repeated(ply int) bool {
	for i := ply - 4; i >= 0; i -= 2 {
		if s.keys[i] == s.keys[ply] {
			return true
		}
	}
	return false
}

// terminal scores a captured king (R8a) from the side to move's view.
func (s *rsearch) terminal(ply int) (int, bool) {
	us := s.p.SideToMove()
	if s.p.KingCaptured(us) {
		return -russianWin, true
	}
	if s.p.KingCaptured(us.Other()) {
		return russianWin, true
	}
	return 0, false
}

// leaf is the static value of the position in utility units.
func (s *rsearch) leaf() int { return russianUtility(s.ev.Evaluate()) }

// chance returns the expected value of the position before the side to
// move rolls, searched depth plies deep, within (alpha, beta) in the
// fail-soft sense.
func (s *rsearch) chance(depth, ply, alpha, beta int) int {
	if sc, over := s.terminal(ply); over {
		return sc
	}
	if depth <= 0 {
		return s.quiesce(ply, alpha, beta, s.maxQ)
	}
	s.count()
	if s.stopped {
		return 0
	}
	p := s.p
	s.keys[ply] = p.BoardKey()
	if p.Clock() >= 100 || s.repeated(ply) {
		return 0
	}
	if ply >= MaxPly-maxQDepth-2 {
		return s.leaf()
	}
	key := s.keys[ply]
	ttMove := variants.NoMove
	if e, ok := s.tt.probe(key); ok {
		ttMove = e.move
		if int(e.depth) >= depth {
			sc := fromTT(int(e.score), ply)
			switch {
			case e.bound == boundExact,
				e.bound == boundLower && sc >= beta,
				e.bound == boundUpper && sc <= alpha:
				return sc
			}
		}
	}
	moves := p.AllMoves(s.bufs[ply][:0])
	s.bufs[ply] = moves
	if len(moves) == 0 { // R8 b, c: judged on face K
		if p.InCheck() {
			return -russianWin
		}
		return 0
	}
	list := s.nodeList(ply, moves, ttMove)
	// Faces that pass: their type takes no part, or no move is that low.
	live, passW := s.liveFaces(russian.MinFace(list[0].m))
	sum := 0
	if passW > 0 {
		p.Make(russian.PassMove)
		v := -s.chance(depth-1, ply+1, -Infinity, Infinity)
		p.Unmake()
		if s.stopped {
			return 0
		}
		sum = passW * v
	}
	score, b, bm := s.faceLoop(list, &live, sum, -Infinity, alpha, beta, depth, ply, 0)
	if s.stopped {
		return 0
	}
	s.tt.store(key, bm, toTT(score, ply), 0, depth, b)
	return score
}

// quiesce is the chance node of quiescence search: every face is worth at
// least the static evaluation (stand pat), and captures the face allows may
// improve it.
func (s *rsearch) quiesce(ply, alpha, beta, qdepth int) int {
	if sc, over := s.terminal(ply); over {
		return sc
	}
	s.count()
	if s.stopped {
		return 0
	}
	p := s.p
	check := ply < MaxPly && p.InCheck()
	if check && qdepth >= s.maxQ-russianEvasionPlies && qdepth > 0 {
		return s.evasions(ply, alpha, beta, qdepth)
	}
	cp := s.ev.Evaluate()
	stand := russianUtility(cp)
	if check {
		s.standCP[ply] = noStand
		return s.quiesceInCheck(ply, alpha, beta, qdepth, stand)
	}
	if qdepth <= 0 || stand >= beta || ply >= MaxPly {
		return stand
	}
	s.standCP[ply] = cp
	caps := p.Captures(s.bufs[ply][:0])
	s.bufs[ply] = caps
	if len(caps) == 0 {
		return stand
	}
	list := s.nodeList(ply, caps, variants.NoMove)
	var live [7]bool
	sum := 0
	for f := russian.Pawn; f <= russian.King; f++ {
		if s.w[f] == 0 {
			continue
		}
		if p.TakesPart(f) {
			live[f] = true
		} else {
			sum += s.w[f] * stand
		}
	}
	score, _, _ := s.faceLoop(list, &live, sum, stand, alpha, beta, 0, ply, qdepth)
	return score
}

// quiesceInCheck is the quiescence chance node of a side in check deeper
// than the evasion plies: the faces with a parry stand pat (captures may
// improve them), and each face without one passes, which loses the King
// for every enemy face that can take it (the weight of the faces of at
// least the lowest checker's type that take part) and is worth the static
// value otherwise. Searching the evasions here as well would make every
// checking capture a full-width node (russianEvasionPlies).
func (s *rsearch) quiesceInCheck(ply, alpha, beta, qdepth, stand int) int {
	p := s.p
	all := p.AllMoves(s.bufs[ply][:0])
	s.bufs[ply] = all
	if len(all) == 0 {
		return -russianWin // checkmate (R8 b)
	}
	minFace := russian.King
	for _, m := range all {
		minFace = min(minFace, russian.MinFace(m))
	}
	live, passW := s.liveFaces(minFace)
	sum := passW * s.passInCheck(stand)
	static := floorDiv(sum+(6-passW)*stand, 6)
	if qdepth <= 0 || static >= beta || passW == 6 {
		return static
	}
	caps := all[:0]
	for _, m := range all {
		if russian.IsCaptureMove(m) {
			caps = append(caps, m)
		}
	}
	if len(caps) == 0 {
		return static
	}
	list := s.nodeList(ply, caps, variants.NoMove)
	score, _, _ := s.faceLoop(list, &live, sum, stand, alpha, beta, 0, ply, qdepth)
	return score
}

// passInCheck is the static value of passing in check: the enemy takes the
// King with every face of at least the lowest checker's type that takes
// part, and the position keeps its static value stand otherwise.
func (s *rsearch) passInCheck(stand int) int {
	p := s.p
	low := russian.King
	for b := p.Checkers(); b != 0; {
		if c, ok := p.Top(b.PopFirst()); ok {
			low = min(low, c.Type())
		}
	}
	takes := 0
	for f := low; f <= russian.King; f++ {
		if p.TakesPart(f) {
			takes += s.w[f]
		}
	}
	return floorDiv((6-takes)*stand-takes*russianWin, 6)
}

// russianEvasionPlies: a side in check is searched for evasions in the
// first russianEvasionPlies+1 quiescence plies only (a check there comes
// from the last move of the main search; deeper, every capture that
// checks makes a node full-width: with evasions in every quiescence ply
// the depth-5 benchmark grew from 2.3 to 21.7 million nodes a position,
// with the first two 3.4 million, with the first only 2.6 million).
const russianEvasionPlies = 1

// evasions is the quiescence chance node of a side in check: standing pat
// would ignore that a face with no parry passes and lets the King be
// taken, so every legal move (each one parries the check, R7) is searched
// for the faces that allow it, and the faces without one pass.
func (s *rsearch) evasions(ply, alpha, beta, qdepth int) int {
	p := s.p
	s.standCP[ply] = noStand
	moves := p.AllMoves(s.bufs[ply][:0])
	s.bufs[ply] = moves
	if len(moves) == 0 {
		return -russianWin // checkmate (R8 b)
	}
	list := s.nodeList(ply, moves, variants.NoMove)
	live, passW := s.liveFaces(russian.MinFace(list[0].m))
	sum := 0
	if passW > 0 {
		p.Make(russian.PassMove)
		v := -s.quiesce(ply+1, -Infinity, Infinity, qdepth-1)
		p.Unmake()
		if s.stopped {
			return 0
		}
		sum = passW * v
	}
	score, _, _ := s.faceLoop(list, &live, sum, -Infinity, alpha, beta, 0, ply, qdepth)
	return score
}

// liveFaces splits the faces with weight into those that have a move (a
// type taking part, at least minFace: their value is the running maximum)
// and those that pass (their total weight passW).
func (s *rsearch) liveFaces(minFace russian.Type) (live [7]bool, passW int) {
	for f := russian.Pawn; f <= russian.King; f++ {
		if s.w[f] == 0 {
			continue
		}
		if !s.p.TakesPart(f) || f < minFace {
			passW += s.w[f]
		} else {
			live[f] = true
		}
	}
	return live, passW
}

// faceLoop is the running maximum over moves sorted by MinFace (see the
// file comment). live marks the faces with weight whose value is the
// running maximum; sum holds the weighted values of the other faces;
// floor is the least value of every live face (stand pat, or -Infinity).
// qdepth > 0 searches the children with quiesce, else with chance at
// depth-1. It returns the score, its bound and the best move of the last
// live face.
//
// Fail-low side: every move is searched with lo = max(best, xAlpha), where
// xAlpha = floor((6*alpha - S) / W) is the value below which "all open faces
// stay under xAlpha" would make the node fail low. A move that fails low
// there leaves its faces with only an upper bound, so the loop keeps two
// sums: low (exact and lower-bound values) and high (upper bounds). If high
// ends <= alpha the node fails low; if it ends equal to low the value is
// exact; otherwise (an early bucket failed low, a later one did not) the
// loop is repeated with exact windows (exact = true).
func (s *rsearch) faceLoop(list []rNode, live *[7]bool, sum, floor, alpha, beta, depth, ply, qdepth int) (int, bound, variants.Move) {
	score, b, m, mixed := s.faceLoopOnce(list, live, sum, floor, alpha, beta, depth, ply, qdepth, false)
	if mixed && !s.stopped {
		score, b, m, _ = s.faceLoopOnce(list, live, sum, floor, alpha, beta, depth, ply, qdepth, true)
	}
	return score, b, m
}

// faceLoopOnce is one pass of faceLoop; mixed reports that the result is
// neither exact nor a fail-low bound and needs the exact pass.
func (s *rsearch) faceLoopOnce(list []rNode, live *[7]bool, sum, floor, alpha, beta, depth, ply, qdepth int, exact bool) (int, bound, variants.Move, bool) {
	open := 0 // weight of live faces >= f
	for f := russian.Pawn; f <= russian.King; f++ {
		if live[f] {
			open += s.w[f]
		}
	}
	sumLow, sumHigh := sum, sum
	bestLow := floor  // the running maximum is at least bestLow ...
	bestHigh := floor // ... and at most bestHigh (moves that failed low)
	bestMove := variants.NoMove
	reduce := qdepth == 0 && s.reduceFrom > 0 && depth >= s.reduceFrom && !s.p.InCheck()
	i := 0
	for f := russian.Pawn; f <= russian.King; f++ {
		for k := 0; i < len(list) && russian.MinFace(list[i].m) == f; i, k = i+1, k+1 {
			m := list[i].m
			if open == 0 {
				continue // no weighted face left to improve (dice-blind)
			}
			hi := min(ceilDiv(6*beta-sumLow, open), Infinity)
			lo := bestLow
			if !exact {
				lo = max(lo, floorDiv(6*alpha-sumHigh, open))
			}
			var v int
			if russian.CapturesKing(m) {
				v = russianWin
			} else if d := s.deltaBound(ply, m, qdepth); d <= lo {
				v = d // cannot raise the face's maximum: an upper bound
			} else {
				s.p.Make(m)
				switch {
				case qdepth > 0:
					v = -s.quiesce(ply+1, -hi, -lo, qdepth-1)
				case reduce && k >= russianLMRLate && russianQuiet(m) && list[i].order < ttOrder:
					// A late quiet move is searched a ply less first,
					// again in full only if it would raise the maximum.
					v = -s.chance(depth-2, ply+1, -hi, -lo)
					if v > lo {
						v = -s.chance(depth-1, ply+1, -hi, -lo)
					}
				default:
					v = -s.chance(depth-1, ply+1, -hi, -lo)
				}
				s.p.Unmake()
				if s.stopped {
					return 0, boundNone, variants.NoMove, false
				}
			}
			if v >= hi { // every open face is worth at least v
				if qdepth == 0 && russianQuiet(m) {
					s.history.update(s.p.SideToMove(), 0, m, russianHistoryBonus(depth))
				}
				return floorDiv(sumLow+open*v, 6), boundLower, m, false
			}
			if v > lo { // exact, and above every earlier upper bound
				bestLow, bestHigh, bestMove = v, v, m
			} else if v > bestLow {
				bestHigh = max(bestHigh, v) // only an upper bound
			}
		}
		if live[f] {
			sumLow += s.w[f] * bestLow
			sumHigh += s.w[f] * bestHigh
			open -= s.w[f]
			if open > 0 && sumLow+open*bestLow >= 6*beta {
				return floorDiv(sumLow+open*bestLow, 6), boundLower, bestMove, false
			}
		}
	}
	switch {
	case sumHigh == sumLow:
		return floorDiv(sumLow, 6), boundExact, bestMove, false
	case sumHigh <= 6*alpha:
		return floorDiv(sumHigh, 6), boundUpper, bestMove, false
	}
	return 0, boundNone, bestMove, true
}

// noStand marks a node whose captures get no delta bound.
const noStand = -1 << 30

// russianDeltaMargin is what a capture may gain beyond the material it
// takes (position, king danger, freed prisoners' activity), in centipawns.
const russianDeltaMargin = 200

// deltaBound is an upper bound on the value of capture m of a quiescence
// node that stood pat: the static value plus everything on the captured
// stack plus russianDeltaMargin (delta pruning); Infinity where none
// applies (the main search, evasions, a side in check).
func (s *rsearch) deltaBound(ply int, m variants.Move, qdepth int) int {
	if qdepth <= 0 || s.standCP[ply] == noStand || !s.delta {
		return Infinity
	}
	gain := russianDeltaMargin
	for _, c := range s.p.Stack(russian.To(m), s.stack[:0]) {
		gain += russianDeltaValue[c.Type()]
	}
	return russianUtility(s.standCP[ply] + gain)
}

// russianDeltaValue is what the delta bound counts for a checker of each
// type on the captured stack: its material weight in the evaluation
// (tuned, russian_weights.go), at least its nominal value.
var russianDeltaValue = func() (v [7]int) {
	for t := russian.Pawn; t < russian.King; t++ {
		v[t] = max(russianValue[t], russianWeights[rfMatPawn+int(t)-1]/russianWeightScale)
	}
	return v
}()

// Late move reductions: in a max node of the main search at least
// russianLMRDepth deep whose side is not in check, every quiet move but
// the first russianLMRLate of its MinFace bucket (the table move, the
// captures and promotions are never reduced; quiet moves come in history
// order) is searched a ply less first, and again at full depth only when
// the reduced value would raise the face's maximum. Such a value is no
// exact expectimax value any more; the differential test turns them off.
// With russianLMRLate 1 instead of 2 the depth-5 benchmark needs 4.98
// instead of 6.76 million nodes.
const (
	russianLMRDepth = 2
	russianLMRLate  = 1
)

// ttOrder is the ordering key of the table move (above every other).
const ttOrder = 1 << 20

// nodeList sorts moves by MinFace, then by ordering key (table move, king
// captures, valuable captures, promotions).
func (s *rsearch) nodeList(ply int, moves []variants.Move, ttMove variants.Move) []rNode {
	list := s.lists[ply][:0]
	for _, m := range moves {
		list = append(list, rNode{m: m, order: s.orderKey(m, ttMove)})
	}
	s.lists[ply] = list
	sortNodes(list)
	return list
}

// orderKey ranks a move inside its MinFace bucket: higher first.
func (s *rsearch) orderKey(m, ttMove variants.Move) int {
	if m == ttMove {
		return ttOrder
	}
	key := 0
	if russian.CapturesKing(m) {
		return 1 << 19
	}
	if russian.IsCaptureMove(m) {
		// Most valuable victim: everything the capture imprisons or frees.
		gain := 0
		for _, c := range s.p.Stack(russian.To(m), s.stack[:0]) {
			gain += russianValue[c.Type()] + 50
		}
		key += 1<<16 + gain*8 - int(russian.MinFace(m))
	}
	if t := russian.Promotion(m); t != russian.NoType {
		key += 1<<15 + russianValue[t]
	}
	if russianQuiet(m) {
		key = s.history.get(s.p.SideToMove(), m) // below every capture and promotion
	}
	return key
}

// russianQuiet reports whether m neither captures nor promotes (nor
// passes): the moves ordered by history.
func russianQuiet(m variants.Move) bool {
	return !russian.IsCaptureMove(m) && russian.Promotion(m) == russian.NoType && !russian.IsPass(m)
}

// sortNodes orders by MinFace ascending, then order descending (insertion
// sort: lists are short).
func sortNodes(list []rNode) {
	for i := 1; i < len(list); i++ {
		x := list[i]
		fx := russian.MinFace(x.m)
		j := i
		for j > 0 {
			y := list[j-1]
			fy := russian.MinFace(y.m)
			if fy < fx || (fy == fx && y.order >= x.order) {
				break
			}
			list[j] = y
			j--
		}
		list[j] = x
	}
}

// stableSortNodes orders root moves by score, best first (stable, so ties
// keep the earlier order).
func stableSortNodes(list []rNode) {
	for i := 1; i < len(list); i++ {
		x := list[i]
		j := i
		for j > 0 && list[j-1].order < x.order {
			list[j] = list[j-1]
			j--
		}
		list[j] = x
	}
}

// floorDiv and ceilDiv divide rounding towards -inf and +inf.
func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func ceilDiv(a, b int) int { return -floorDiv(-a, b) }

// onlyListed keeps the moves of ms that are in listed, in ms's order.
func onlyListed(ms, listed []variants.Move) []variants.Move {
	kept := ms[:0]
	for _, m := range ms {
		if contains(listed, m) {
			kept = append(kept, m)
		}
	}
	return kept
}

// russianHistoryBonus is the history reward of a russian cut-off: the
// quadratic bonus every game used before the linear historyBonus, which
// was measured in chess only (docs/strength.md, session 12).
func russianHistoryBonus(depth int) int { return min(16*depth*depth, 1600) }
