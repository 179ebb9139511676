package engine

import (
	"context"
	"math/rand"
	"testing"
	"time"

	"varchess/variants"
	"varchess/variants/russian"
)

func mustRussian(t testing.TB, fen string) *russian.Position {
	t.Helper()
	p, err := russian.Parse(fen)
	if err != nil {
		t.Fatalf("parse %q: %v", fen, err)
	}
	return p
}

// newTestSearch builds an rsearch on p without limits, as searchRussianWith
// does, for calling chance() directly.
func newTestSearch(p *russian.Position, blind bool) *rsearch {
	e := New(Options{HashMB: 4})
	j := &job{ctx: context.Background(), tt: e.tt, workers: e.workers, multiPV: 1, shownPV: 1}
	s := russianThreads(russianSearchOptions{DiceBlind: blind})(j, 0, p).(*rsearch)
	s.maxQ = 1
	s.reduceFrom = 0 // the exact expectimax, as the reference computes it
	s.delta = false
	return s
}

func searchFace(t *testing.T, fen string, depth int) Result {
	t.Helper()
	p := mustRussian(t, fen)
	return New(Options{HashMB: 4}).Search(context.Background(), p, Limits{Depth: depth}, nil)
}

func TestRussianTakesKing(t *testing.T) {
	// Black left its king attacked (a forced pass); the rook's face R allows
	// the capture, which wins at once.
	r := searchFace(t, "3k2/6/6/3R2/6/K5 w R 0 1", 2)
	if got := russian.To(r.Best); got.String() != "d6" || r.Mate <= 0 {
		t.Fatalf("best %v (mate %d), want the king capture d3d6", r.Best, r.Mate)
	}
}

func TestRussianTakesQueen(t *testing.T) {
	r := searchFace(t, "k5/6/6/q2R2/6/5K w R 0 1", 3)
	p := mustRussian(t, "k5/6/6/q2R2/6/5K w R 0 1")
	if s := p.MoveString(r.Best); s != "d3a3" {
		t.Fatalf("best %s, want d3a3 (the hanging queen)", s)
	}
	// With a knight face the rook may not move: the only ply is the pass.
	r = searchFace(t, "k5/6/6/q2R2/6/5K w N 0 1", 3)
	if !russian.IsPass(r.Best) {
		t.Fatalf("face N: best %v, want the pass", r.Best)
	}
}

// With face N the knight must go to b3 or c2. Black has only a pawn and the
// king, and White's knight makes N take part, so Black's faces B, R and Q
// pass: b3 is taken by the c4 pawn with faces P, N or K (1/2), c2 only by
// the king with face K (1/6). Dice-blind search sees both as lost;
// expectimax must value c2 about a third of a knight higher and choose it.
func TestRussianPrefersUnlikelyThreat(t *testing.T) {
	const fen = "6/6/2p3/3k2/6/N4K w N 0 1"
	p := mustRussian(t, fen)
	for _, depth := range []int{1, 2, 3} {
		r := New(Options{HashMB: 4}).Search(context.Background(), p, Limits{Depth: depth}, nil)
		if s := p.MoveString(r.Best); s != "a1c2" {
			t.Fatalf("depth %d: best %s, want a1c2", depth, s)
		}
	}
	value := func(move string, blind bool) int {
		m, err := p.ParseMove(move)
		if err != nil {
			t.Fatal(err)
		}
		p.Make(m)
		defer p.Unmake()
		return russianDisplay(-newTestSearch(p, blind).chance(2, 1, -Infinity, Infinity))
	}
	c2, b3 := value("a1c2", false), value("a1b3", false)
	if c2-b3 < 70 {
		t.Errorf("expectimax: a1c2 %d, a1b3 %d: the 1/6 threat should cost far less than the 1/2 one", c2, b3)
	}
	c2, b3 = value("a1c2", true), value("a1b3", true)
	if abs(c2-b3) > 30 {
		t.Errorf("dice-blind: a1c2 %d, a1b3 %d: both lose the knight, expected about equal", c2, b3)
	}
}

// refChance is a plain expectimax without pruning, table or running
// maximum: six separate maxima over MovesForFace, averaged. It shares only
// the evaluation, quiescence depth and rounding with the real search.
func refChance(s *rsearch, depth, ply int) int {
	p := s.p
	if sc, over := s.terminal(ply); over {
		return sc
	}
	if depth <= 0 {
		return refQuiesce(s, ply, s.maxQ)
	}
	if p.Clock() >= 100 {
		return 0
	}
	if len(p.AllMoves(nil)) == 0 {
		if p.InCheck() {
			return -russianWin
		}
		return 0
	}
	sum := 0
	for f := russian.Pawn; f <= russian.King; f++ {
		if s.w[f] == 0 {
			continue
		}
		best := -Infinity
		for _, m := range p.MovesForFace(f, nil) {
			var v int
			if russian.CapturesKing(m) {
				v = russianWin
			} else {
				p.Make(m)
				v = -refChance(s, depth-1, ply+1)
				p.Unmake()
			}
			best = max(best, v)
		}
		sum += s.w[f] * best
	}
	return floorDiv(sum, 6)
}

// refQuiesce: every face is worth the better of standing pat and the best
// capture that face allows.
func refQuiesce(s *rsearch, ply, qdepth int) int {
	p := s.p
	if sc, over := s.terminal(ply); over {
		return sc
	}
	if qdepth >= s.maxQ-russianEvasionPlies && qdepth > 0 && p.InCheck() {
		if len(p.AllMoves(nil)) == 0 {
			return -russianWin
		}
		return refFaces(s, ply, qdepth, false, -Infinity, nil)
	}
	stand := s.leaf()
	if p.InCheck() {
		return refInCheck(s, ply, qdepth, stand)
	}
	if qdepth <= 0 {
		return stand
	}
	return refFaces(s, ply, qdepth, true, stand, nil)
}

// refInCheck: a side in check deeper than the evasion plies stands pat on
// every face with a legal move (a parry), improved by the captures that
// face allows; a face without one passes, and the pass is worth -russianWin
// for each enemy face that then allows a move taking the King, stand for
// the others.
func refInCheck(s *rsearch, ply, qdepth, stand int) int {
	p := s.p
	if len(p.AllMoves(nil)) == 0 {
		return -russianWin
	}
	p.Make(russian.PassMove)
	pass := 0
	for g := russian.Pawn; g <= russian.King; g++ {
		v := stand
		for _, m := range p.MovesForFace(g, nil) {
			if russian.CapturesKing(m) {
				v = -russianWin
			}
		}
		pass += s.w[g] * v
	}
	p.Unmake()
	return refFaces(s, ply, qdepth, true, stand, func() int { return floorDiv(pass, 6) })
}

// refFaces is the mean over the faces of each face's best quiescence
// child among its captures (or, with capturesOnly false, all its moves:
// the evasions of a side in check), never below floor. A face that allows
// no move at all is worth pass(); with no pass given, so is a face with
// nothing better than -Infinity, and pass() is the quiescence value of
// passing.
func refFaces(s *rsearch, ply, qdepth int, capturesOnly bool, floor int, pass func() int) int {
	p := s.p
	searchPass := func() int {
		p.Make(russian.PassMove)
		defer p.Unmake()
		return -refQuiesce(s, ply+1, qdepth-1)
	}
	sum := 0
	for f := russian.Pawn; f <= russian.King; f++ {
		if s.w[f] == 0 {
			continue
		}
		moves := p.MovesForFace(f, nil)
		if pass != nil && (len(moves) == 0 || russian.IsPass(moves[0])) {
			sum += s.w[f] * pass()
			continue
		}
		best := floor
		for _, m := range moves {
			if russian.IsPass(m) || capturesOnly && !russian.IsCaptureMove(m) || qdepth <= 0 {
				continue
			}
			v := russianWin
			if !russian.CapturesKing(m) {
				p.Make(m)
				v = -refQuiesce(s, ply+1, qdepth-1)
				p.Unmake()
			}
			best = max(best, v)
		}
		if best == -Infinity {
			best = searchPass()
		}
		sum += s.w[f] * best
	}
	return floorDiv(sum, 6)
}

// randomRussian plays n random plies with random rolls from the start.
func randomRussian(t testing.TB, rng *rand.Rand, n int) *russian.Position {
	p := mustRussian(t, "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - 0 1")
	for i := 0; i < n && !p.Ended(); i++ {
		moves := p.MovesForFace(russian.Type(1+rng.Intn(6)), nil)
		p.Make(moves[rng.Intn(len(moves))])
	}
	return p
}

// TestRussianChanceMatchesReference is the differential test of the chance
// node: one ordered pass with running maxima, Star1 windows and the table
// must give exactly the value of six separate full-width searches.
func TestRussianChanceMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	positions := 6
	if testing.Short() {
		positions = 2
	}
	for i := 0; i < positions; i++ {
		p := randomRussian(t, rng, 4+rng.Intn(30))
		if p.Ended() {
			continue
		}
		for _, blind := range []bool{false, true} {
			for depth := 1; depth <= 2; depth++ {
				ref := refChance(newTestSearch(p, blind), depth, 0)
				s := newTestSearch(p, blind)
				got := s.chance(depth, 0, -Infinity, Infinity)
				if got != ref {
					t.Fatalf("%s blind=%v depth %d: chance %d, reference %d", p.FEN(), blind, depth, got, ref)
				}
				// Narrow windows must bound the value correctly (fail-soft).
				for _, d := range []int{-40, 0, 40} {
					a, b := ref+d-10, ref+d+10
					s := newTestSearch(p, blind)
					v := s.chance(depth, 0, a, b)
					switch {
					case v <= a && ref > a, v >= b && ref < b, v > a && v < b && v != ref:
						t.Fatalf("%s blind=%v depth %d window (%d,%d): %d, true value %d",
							p.FEN(), blind, depth, a, b, v, ref)
					}
				}
			}
		}
	}
}

// TestRussianLegalForEveryFace: on random positions, every face gets one of
// the plies that face allows (the pass when forced).
func TestRussianLegalForEveryFace(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	e := New(Options{HashMB: 4})
	n := 10
	if testing.Short() {
		n = 4
	}
	for i := 0; i < n; i++ {
		p := randomRussian(t, rng, rng.Intn(60))
		if p.Ended() {
			continue
		}
		for _, face := range variants.DieFaces {
			q := p.Copy()
			if err := q.SetRoll(byte(face)); err != nil {
				t.Fatal(err)
			}
			legal := q.MovesForFace(q.RollType(), nil)
			for _, search := range []func(context.Context, variants.Position, Limits, func(Info)) Result{e.Search, e.SearchDiceBlind} {
				before := q.FEN()
				r := search(context.Background(), q, Limits{Depth: 2}, nil)
				if q.FEN() != before {
					t.Fatalf("search modified the position: %s, now %s", before, q.FEN())
				}
				found := false
				for _, m := range legal {
					found = found || m == r.Best
				}
				if !found {
					t.Fatalf("%s face %c: %v is not among the %d legal plies", q.FEN(), face, r.Best, len(legal))
				}
			}
		}
	}
}

func TestFloorCeilDiv(t *testing.T) {
	for a := -13; a <= 13; a++ {
		for _, b := range []int{1, 2, 5, 6} {
			f, c := floorDiv(a, b), ceilDiv(a, b)
			if f*b > a || (f+1)*b <= a || c*b < a || (c-1)*b >= a {
				t.Fatalf("floorDiv/ceilDiv(%d,%d) = %d,%d", a, b, f, c)
			}
		}
	}
}

// TestRussianStops: a cancelled context ends even an infinite search with a
// legal move, and a node limit is honoured to within one polling interval.
func TestRussianStops(t *testing.T) {
	p := mustRussian(t, "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w Q 0 1")
	legal := p.MovesForFace(russian.Queen, nil)
	isLegal := func(m variants.Move) bool {
		for _, l := range legal {
			if l == m {
				return true
			}
		}
		return false
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := New(Options{HashMB: 1}).Search(ctx, p, Limits{Infinite: true}, nil)
	if !isLegal(r.Best) {
		t.Fatalf("cancelled search: %v is not legal", r.Best)
	}
	var infos []Info
	r = New(Options{HashMB: 1}).Search(context.Background(), p, Limits{Nodes: 20000}, func(i Info) { infos = append(infos, i) })
	if !isLegal(r.Best) || r.Nodes > 20000+2048 {
		t.Fatalf("node limit: best %v, %d nodes", r.Best, r.Nodes)
	}
	if len(infos) == 0 || infos[0].Depth != 1 || infos[len(infos)-1].Nodes > r.Nodes {
		t.Fatalf("info lines %+v", infos)
	}
}

// TestRussianUtility: the utility scale is odd, monotone, below a sure win
// for every evaluation, and russianDisplay inverts it to within a
// centipawn or two where evaluations live.
func TestRussianUtility(t *testing.T) {
	prev := -russianWin
	for cp := -2 * russianEvalClamp; cp <= 2*russianEvalClamp; cp++ {
		u := russianUtility(cp)
		if u < prev || u != -russianUtility(-cp) || abs(u) >= russianWin {
			t.Fatalf("utility(%d) = %d after %d, utility(%d) = %d", cp, u, prev, -cp, russianUtility(-cp))
		}
		prev = u
		if abs(cp) <= 1500 {
			if back := russianDisplay(u); abs(back-cp) > 2 {
				t.Fatalf("display(utility(%d)) = %d", cp, back)
			}
		}
	}
	if russianUtility(950) < russianWin*3/4 || russianUtility(100) > russianWin/5 {
		t.Errorf("a queen up is %d, a pawn up %d of %d", russianUtility(950), russianUtility(100), russianWin)
	}
	if mateMoves(russianDisplay(russianWin)) != 1 || mateMoves(russianDisplay(-russianWin)) != -1 {
		t.Errorf("a sure result shows as mate %d / %d", mateMoves(russianDisplay(russianWin)), mateMoves(russianDisplay(-russianWin)))
	}
}

// TestRussianHistory: quiet moves that fail high are remembered in the
// thread's history and then ordered among themselves by it (captures and
// promotions stay in front).
func TestRussianHistory(t *testing.T) {
	p := mustRussian(t, "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - 0 1")
	s := newTestSearch(p, false)
	s.chance(3, 0, -Infinity, Infinity)
	var quiet, scored int
	for _, m := range p.AllMoves(nil) {
		if !russianQuiet(m) {
			continue
		}
		quiet++
		if s.history.get(p.SideToMove(), m) != 0 {
			scored++
		}
		if k := s.orderKey(m, variants.NoMove); k != s.history.get(p.SideToMove(), m) {
			t.Fatalf("%s: order key %d, history %d", p.MoveString(m), k, s.history.get(p.SideToMove(), m))
		}
	}
	if quiet == 0 || scored == 0 {
		t.Errorf("%d quiet moves, %d with a history score after a depth-3 search", quiet, scored)
	}
}

// TestRussianQuiescenceInCheck: Black's lone King is checked by the rook;
// only face K parries, the other five pass, and White's rook (faces R and
// K) then takes the King. Standing pat would ignore all that; quiescence
// must value the position well below the static evaluation: the King is
// lost at once in 5/6 x 2/6 of the rolls, so the value must cover at least
// a fifth of the way from the static value to a certain loss.
func TestRussianQuiescenceInCheck(t *testing.T) {
	p := mustRussian(t, "3k2/6/6/3R2/6/K5 b - 0 1")
	if !p.InCheck() {
		t.Fatal("black is not in check")
	}
	s := newTestSearch(p, false)
	s.maxQ = 2
	stand := s.leaf()
	q := s.quiesce(0, -Infinity, Infinity, 2)
	if q > stand+(-russianWin-stand)/5 {
		t.Errorf("quiescence %d, static %d: the check is not seen", q, stand)
	}
	r := newTestSearch(p, false)
	r.maxQ = 2
	if ref := refQuiesce(r, 0, 2); q != ref {
		t.Errorf("quiescence %d, reference %d", q, ref)
	}
}

// TestRussianScoresShown: the expectimax averages over the die, and the
// scores it shows must stay on the centipawn scale even where some faces
// take the King and others do not (averaging mate scores once printed
// expectations like -68 pawns). White's queen on c3 takes the King on f6
// with faces Q and K only; Black, in check, parries with face K only. A
// mate is shown only for a face that takes the King at once; every other
// score, the expectations included, stays below 40 pawns (the best
// uncertain utility shows as about 33), and the expectation lies between
// the faces' values.
func TestRussianScoresShown(t *testing.T) {
	const limit = 4000 // cp; the best uncertain utility shows as about 3300
	for _, tc := range []struct {
		fen   string
		depth int
	}{
		{"5k/pp4/6/2Q3/PP4/K5 w - 0 1", 4}, // unrolled: every face
		{"5k/pp4/6/2Q3/PP4/K5 b - 0 1", 4}, // unrolled, Black in check
		{"5k/pp4/6/2Q3/PP4/K5 w P 0 1", 5}, // rolled P: the King is safe this ply
		{"5k/pp4/6/2Q3/PP4/K5 b K 0 1", 5}, // rolled K: the only parry
	} {
		p := mustRussian(t, tc.fen)
		var infos []Info
		r := New(Options{HashMB: 4}).Search(context.Background(), p, Limits{Depth: tc.depth}, func(in Info) { infos = append(infos, in) })
		if len(infos) == 0 {
			t.Fatalf("%s: no info lines", tc.fen)
		}
		lo, hi := Infinity, -Infinity
		for _, in := range infos {
			if isMate(in.Score) {
				takes := len(in.PV) > 0 && russian.CapturesKing(in.PV[0])
				if in.Face == 0 || !takes || in.Score < 0 {
					t.Errorf("%s: depth %d face %q shows mate score %d (pv %v)", tc.fen, in.Depth, in.Face, in.Score, in.PV)
				}
				continue
			}
			if abs(in.Score) > limit {
				t.Errorf("%s: depth %d face %q shows %d cp, beyond %d", tc.fen, in.Depth, in.Face, in.Score, limit)
			}
		}
		for _, f := range r.Faces {
			lo, hi = min(lo, russianUtility(f.Score)), max(hi, russianUtility(f.Score))
			if isMate(f.Score) {
				lo, hi = min(lo, russianWin), max(hi, russianWin)
			}
		}
		if len(r.Faces) > 0 {
			last := infos[len(infos)-1]
			if u := russianUtility(last.Score); last.Face != 0 || u < lo-2 || u > hi+2 {
				t.Errorf("%s: expectation %d cp (utility %d) outside the faces' %d..%d", tc.fen, last.Score, u, lo, hi)
			}
		}
	}
}

// TestRussianLateMoveReductions: with reductions of late quiet moves the
// search of the benchmark positions visits fewer nodes at the same depth
// than the exact expectimax and still answers a ply the roll allows, and
// in the endgame where the queen takes the King (faces Q and K) the
// reduced search still takes it.
func TestRussianLateMoveReductions(t *testing.T) {
	const depth = 3
	var with, without uint64
	for _, fen := range russianBenchFENs {
		p := mustRussian(t, fen)
		for _, reduce := range []bool{true, false} {
			s := newTestSearch(p.Clone().(*russian.Position), false)
			s.maxQ = maxQDepth
			if reduce {
				s.reduceFrom = russianLMRDepth
			}
			s.lim.Depth = depth
			r := s.run()
			legal := p.MovesForFace(p.RollType(), nil)
			if len(r.lines) == 0 || !contains(legal, r.lines[0].pv[0]) {
				t.Fatalf("%s reduce=%v: result %+v is no ply of roll %v", fen, reduce, r.lines, p.RollType())
			}
			if reduce {
				with += s.nodes
			} else {
				without += s.nodes
			}
		}
	}
	if with >= without {
		t.Errorf("depth %d: %d nodes with reductions, %d without", depth, with, without)
	}
	p := mustRussian(t, "5k/pp4/6/2Q3/PP4/K5 w Q 0 1")
	s := newTestSearch(p, false)
	s.reduceFrom = russianLMRDepth
	s.lim.Depth = 4
	if r := s.run(); !russian.CapturesKing(r.lines[0].pv[0]) {
		t.Errorf("reduced search plays %s, not the King's capture", p.MoveString(r.lines[0].pv[0]))
	}
}

// TestRussianBudget: russian games are short, so with a clock the plan is
// a sixth of what is left above the reserve (the engine's plan for a long
// game is a twentieth), never more than a quarter of the clock, with a
// hard limit of at most 1.5 times the plan and half the clock; a movetime,
// movestogo or no clock at all keep the engine's plan (with the tighter
// hard limit).
func TestRussianBudget(t *testing.T) {
	ms := time.Millisecond
	overhead := 10 * ms
	for _, c := range []struct{ clock, inc time.Duration }{
		{5 * time.Second, 50 * ms}, {10 * time.Second, 100 * ms}, {60 * time.Second, 0}, {300 * ms, 0}, {1 * time.Second, 1 * time.Second}, {20 * ms, 0},
	} {
		lim := Limits{WTime: c.clock, BTime: c.clock, WInc: c.inc, BInc: c.inc, MoveOverhead: overhead}
		tb, engine := russianBudget(lim, variants.Black), budget(lim, variants.Black)
		if tb.soft < engine.soft || tb.soft > max(c.clock/4, minThink) || tb.hard < tb.soft || tb.hard > tb.soft*3/2 || tb.hard > max(c.clock/2, minThink) || tb.fixed {
			t.Errorf("clock %v inc %v: russian %+v, engine %+v", c.clock, c.inc, tb, engine)
		}
		reserve := reserveIncs*c.inc + reserveOverheads*overhead
		if c.clock >= time.Second && tb.soft < (c.clock-2*overhead-reserve)/russianHorizon {
			t.Errorf("clock %v inc %v: plan %v is less than a %dth of the clock", c.clock, c.inc, tb.soft, russianHorizon)
		}
	}
	if tb := russianBudget(Limits{WTime: 5 * time.Second, BTime: 5 * time.Second}, variants.White); tb.soft < 450*ms {
		t.Errorf("5 s, first move: %+v, want about half a second", tb)
	}
	lim := Limits{WTime: 5 * time.Second, BTime: 5 * time.Second, MovesToGo: 20, MoveOverhead: overhead}
	if tb, engine := russianBudget(lim, variants.White), budget(lim, variants.White); tb.soft != engine.soft {
		t.Errorf("movestogo 20: russian %+v, engine %+v", tb, engine)
	}
	if tb := russianBudget(Limits{MoveTime: 200 * ms, MoveOverhead: overhead}, variants.White); !tb.fixed || tb.hard != 190*ms {
		t.Errorf("movetime 200: %+v", tb)
	}
	if tb := russianBudget(Limits{Infinite: true, WTime: time.Second}, variants.White); tb.soft != 0 || tb.hard != 0 {
		t.Errorf("infinite: %+v", tb)
	}
}

// TestRussianDeltaPruning: White, a queen and a rook down, can only take
// a pawn (b2xc3). Far below alpha = 0 that capture cannot lift any face
// to the value it needs, so with delta pruning quiescence fails low
// without searching it; without, it searches the capture; both fail low.
func TestRussianDeltaPruning(t *testing.T) {
	p := mustRussian(t, "1r3k/6/3q2/2p3/1P4/K5 w - 0 1")
	if p.InCheck() || len(p.Captures(nil)) != 1 {
		t.Fatalf("want one capture and no check, got %d captures, check %v", len(p.Captures(nil)), p.InCheck())
	}
	nodes := func(delta bool) (int, uint64) {
		s := newTestSearch(p, false)
		s.maxQ = 4
		s.delta = delta
		v := s.quiesce(0, 0, 1, 4)
		return v, s.nodes
	}
	vOn, nOn := nodes(true)
	vOff, nOff := nodes(false)
	if vOn > 0 || vOff > 0 {
		t.Errorf("values %d (delta) and %d (no delta) must fail low at alpha 0", vOn, vOff)
	}
	if nOn != 1 || nOff <= 1 {
		t.Errorf("nodes %d with delta pruning (want 1), %d without (want more)", nOn, nOff)
	}
}
