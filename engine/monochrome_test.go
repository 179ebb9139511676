package engine

import (
	"context"
	"math/rand/v2"
	"testing"

	"varchess/variants"
	"varchess/variants/bitboard"
	"varchess/variants/monochrome"
)

func monoPos(t *testing.T, fen string) *monochrome.Position {
	t.Helper()
	p, err := monochrome.ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}

func monoBest(t *testing.T, fen string, depth int) (*monochrome.Position, variants.Move, Result) {
	t.Helper()
	p := monoPos(t, fen)
	e := New(Options{HashMB: 4})
	r := e.Search(context.Background(), p, Limits{Depth: depth}, nil)
	if r.Best.IsNone() {
		t.Fatalf("%s: no move", fen)
	}
	return p, r.Best, r
}

func TestMonoEvaluatorPrefersPoints(t *testing.T) {
	// Same board, South to move: being 3 points ahead must score higher
	// than level, and level higher than 3 behind.
	board := "4k3/pppp4/8/8/8/8/4PPPP/4K3 w - 0 1 "
	up := newMonoEvaluator(monoPos(t, board+"3-0")).Evaluate()
	level := newMonoEvaluator(monoPos(t, board+"0-0")).Evaluate()
	down := newMonoEvaluator(monoPos(t, board+"0-3")).Evaluate()
	if !(up > level && level > down) {
		t.Errorf("evals up/level/down = %d/%d/%d, want decreasing", up, level, down)
	}
	// From North's view the same scores count the other way.
	north := newMonoEvaluator(monoPos(t, "4k3/pppp4/8/8/8/8/4PPPP/4K3 b - 0 1 3-0")).Evaluate()
	if north >= 0 {
		t.Errorf("North 0-3 behind evaluates %d, want < 0", north)
	}
}

func TestMonoEvaluatorSeesThreat(t *testing.T) {
	// North (not to move) threatens South's queen on d4 with the rook on
	// d8 in the first position; in the second the rook stands on a8.
	threatened := newMonoEvaluator(monoPos(t, "3rk3/8/8/8/3Q4/8/8/4K3 w - 0 1 0-0")).Evaluate()
	safe := newMonoEvaluator(monoPos(t, "r3k3/8/8/8/3Q4/8/8/4K3 w - 0 1 0-0")).Evaluate()
	if threatened >= safe {
		t.Errorf("queen under attack evaluates %d, safe %d: want lower", threatened, safe)
	}
}

func TestMonoCapturesHangingQueen(t *testing.T) {
	// The pawn c4 takes the queen d5 (8 points); the pawn then belongs to
	// North but attacks nothing.
	fen := "4k3/8/8/3q4/2P5/8/8/4K3 w - 0 1 0-0"
	p, m, _ := monoBest(t, fen, 4)
	if got := p.MoveString(m); got != "c4d5" {
		t.Errorf("best move %s, want c4d5", got)
	}
}

func TestMonoKeepsQueenFromPawnBait(t *testing.T) {
	// Qd4xd5 scores a pawn but hands the queen to North, which then takes
	// the king on h1 (10 points) along the long diagonal. The greedy
	// player would take the pawn; the engine must not.
	fen := "1n2k3/8/8/3p4/3Q4/8/8/7K w - 0 1 0-0"
	p, m, _ := monoBest(t, fen, 5)
	if got := p.MoveString(m); got == "d4d5" {
		t.Errorf("engine played %s: hands the queen over for a pawn", got)
	}
}

func TestMonoFindsWinningEnd(t *testing.T) {
	// South leads 10-8 with one piece left on its half, which North's
	// queen attacks: moving the rook across the line ends the game at once
	// (South has no pieces on its half) and wins on score; anything else
	// lets North take the rook and lead.
	fen := "4q2k/8/8/8/R7/8/8/8 w - 0 1 10-8"
	p, m, r := monoBest(t, fen, 4)
	p.Make(m)
	st := p.Status()
	if st.Outcome != variants.WhiteWins {
		t.Errorf("after %s: status %v %q, want South winning at once", p.MoveString(m), st.Outcome, st.Reason)
	}
	if r.Mate != 1 {
		t.Errorf("result mate %d, want 1 (a won end next ply)", r.Mate)
	}
}

func TestMonoTerminal(t *testing.T) {
	cases := []struct {
		fen   string
		over  bool
		score int // sign: +1 mover wins, -1 mover loses, 0 draw
	}{
		{"4k3/8/8/8/8/8/8/8 w - 0 1 3-5", true, -1},      // South's half empty
		{"4k3/8/8/8/8/8/8/8 w - 0 1 5-3", true, +1},      // ... but South leads
		{"7k/8/8/p7/P7/P7/P7/P7 w - 0 1 2-1", true, +1},  // South has no ply
		{"7k/8/8/p7/P7/P7/P7/P7 w - 0 1 2-2", true, 0},   // ... level: draw
		{"4k3/8/8/8/8/8/8/4K3 b - 100 60 0-1", true, +1}, // 100 plies
		{"4k3/8/8/8/8/8/8/4K3 b - 99 60 0-1", false, 0},  // not yet
		{"RNBQKBNR/PPPPPPPP/8/8/8/8/PPPPPPPP/RNBQKBNR w - 0 1 0-0", false, 0},
	}
	for _, c := range cases {
		e := newMonoEvaluator(monoPos(t, c.fen)).(*monoEvaluator)
		v, over := e.Terminal(3)
		if over != c.over {
			t.Errorf("%s: over %v, want %v", c.fen, over, c.over)
			continue
		}
		if !over {
			continue
		}
		want := map[int]int{1: MateScore(3), -1: MatedScore(3), 0: 0}[c.score]
		if v != want {
			t.Errorf("%s: score %d, want %d", c.fen, v, want)
		}
	}
}

// TestMonoTerminalMatchesStatus plays random games and checks, at every
// position, that the evaluator's game end agrees with Status (the rules'
// own implementation) wherever Status does not depend on repetition, and
// that hasMove agrees with the move list.
func TestMonoTerminalMatchesStatus(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	games := 60
	if testing.Short() {
		games = 15
	}
	var buf []variants.Move
	for g := 0; g < games; g++ {
		p := monoPos(t, "RNBQKBNR/PPPPPPPP/8/8/8/8/PPPPPPPP/RNBQKBNR w - 0 1 0-0")
		for ply := 0; ply < 300; ply++ {
			e := newMonoEvaluator(p).(*monoEvaluator)
			buf = p.Moves(buf[:0])
			if has := e.hasMove(); has != (len(buf) > 0) && !p.Status().Over() {
				t.Fatalf("%s: hasMove %v, %d moves", p.FEN(), has, len(buf))
			}
			_, over := e.Terminal(1)
			st := p.Status()
			if over != st.Over() {
				t.Fatalf("%s: Terminal over=%v, Status %v %q", p.FEN(), over, st.Outcome, st.Reason)
			}
			if over || len(buf) == 0 {
				break
			}
			p.Make(buf[rng.IntN(len(buf))])
		}
	}
}

func TestMonoRepetitionInsideSearch(t *testing.T) {
	// Kings shuffle: after South Ke1-d1, North Ke8-d8, South Kd1-e1, North
	// Kd8-e8 the start position returns, which ends the game on score
	// inside the search (one repetition is enough there).
	p := monoPos(t, "4k3/8/8/8/8/8/8/4K3 w - 0 1 2-1")
	e := newMonoEvaluator(p).(*monoEvaluator)
	for i, s := range []string{"e1d1", "e8d8", "d1e1", "d8e8"} {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		p.Make(m)
		_, over := e.Terminal(i + 1)
		if want := i == 3; over != want {
			t.Fatalf("after %s: over %v, want %v", s, over, want)
		}
	}
	v, _ := e.Terminal(4)
	if v != MateScore(4) {
		t.Errorf("repetition with South 2-1 ahead, South to move: %d, want %d", v, MateScore(4))
	}
}

func TestMonoClassify(t *testing.T) {
	p := monoPos(t, "4k3/8/8/3q4/2P5/8/8/4K3 w - 0 1 0-0")
	e := newMonoEvaluator(p).(*monoEvaluator)
	noisy := e.NoisyMoves(nil)
	if len(noisy) != 1 || p.MoveString(noisy[0]) != "c4d5" {
		t.Fatalf("noisy moves %v, want [c4d5]", noisy)
	}
	if n, gain := e.Classify(noisy[0]); !n || gain <= 0 {
		t.Errorf("Classify(c4d5) = %v, %d; want noisy with a positive gain", n, gain)
	}
	quiet, _ := p.ParseMove("e1e2")
	if n, _ := e.Classify(quiet); n {
		t.Errorf("Classify(e1e2) noisy, want quiet")
	}
}

// TestMonoThreatNetOfHandover: a target is worth its points less a part of
// the cheapest capturer, which changes hands: a pawn attacking a queen is
// a big threat, a queen attacking a pawn none, and the cheapest of two
// attackers decides.
func TestMonoThreatNetOfHandover(t *testing.T) {
	threat := func(fen string) int {
		e := newMonoEvaluator(monoPos(t, fen)).(*monoEvaluator)
		si := e.side(variants.Black)
		best, _ := e.targetValues(&si)
		return best
	}
	// North's pawn e5 attacks South's queen d4 / North's queen d5 attacks South's pawn d4.
	if got := threat("4k3/8/8/4P3/3Q4/8/8/4K3 w - 0 1 0-0"); got != monoPoint*8-monoHandover*1 {
		t.Errorf("pawn attacks queen: %d", got)
	}
	if got := threat("4k3/8/8/3Q4/3P4/8/8/4K3 w - 0 1 0-0"); got != 0 {
		t.Errorf("queen attacks pawn: %d, want 0 (the queen changes hands)", got)
	}
	// Rook d5 and knight c6 both attack the bishop d4: the knight (3) decides.
	if got := threat("4k3/8/2N5/3R4/3B4/8/8/4K3 w - 0 1 0-0"); got != monoPoint*4-monoHandover*3 {
		t.Errorf("rook and knight attack bishop: %d", got)
	}
}

// TestMonoClockHelpsTheLeader: with the 100-ply clock nearly run out, a
// lead is closer to being cashed: the leader's evaluation rises, the
// trailer's falls.
func TestMonoClockHelpsTheLeader(t *testing.T) {
	eval := func(fen string) int { return newMonoEvaluator(monoPos(t, fen)).Evaluate() }
	board := "4k3/pppp4/8/8/8/8/4PPPP/4K3 "
	if early, late := eval(board+"w - 0 30 5-0"), eval(board+"w - 90 30 5-0"); late <= early {
		t.Errorf("South leading: clock 0 %d, clock 90 %d", early, late)
	}
	if early, late := eval(board+"w - 0 30 0-5"), eval(board+"w - 90 30 0-5"); late >= early {
		t.Errorf("South trailing: clock 0 %d, clock 90 %d", early, late)
	}
}

// TestMonoSEE: a pawn taking a queen wins 8 points less the pawn's
// handover; a queen taking a pawn hands the queen over for one point; a
// quiet move onto a square the opponent attacks offers the piece; one
// crossing the line (a gift) or onto a safe square is even.
func TestMonoSEE(t *testing.T) {
	cases := []struct {
		fen, move string
		threshold int
		want      bool
	}{
		{"4k3/8/8/3q4/2P5/8/8/4K3 w - 0 1 0-0", "c4d5", monoPoint*8 - monoHandover, true},
		{"4k3/8/8/3q4/2P5/8/8/4K3 w - 0 1 0-0", "c4d5", monoPoint*8 - monoHandover + 1, false},
		{"4k3/8/8/3p4/3Q4/8/8/7K w - 0 1 0-0", "d4d5", 0, false},
		{"4k3/8/2n5/8/8/8/1R6/4K3 w - 0 1 0-0", "b2b3", 0, true},
		{"4k3/8/2n5/8/8/8/1R6/4K3 w - 0 1 0-0", "b2b4", 0, false},
		{"4k3/8/2n5/8/8/8/1R6/4K3 w - 0 1 0-0", "b2b4", -(monoPoint*5 - monoHandover*3), true},
		{"4k3/8/2n5/8/8/8/1R6/4K3 w - 0 1 0-0", "b2b6", 0, true},
	}
	for _, c := range cases {
		p := monoPos(t, c.fen)
		m, err := p.ParseMove(c.move)
		if err != nil {
			t.Fatalf("%s %s: %v", c.fen, c.move, err)
		}
		if got := newMonoEvaluator(p).(*monoEvaluator).SEEAtLeast(m, c.threshold); got != c.want {
			t.Errorf("%s: SEE(%s) >= %d is %v, want %v", c.fen, c.move, c.threshold, got, c.want)
		}
	}
}

// monoNoCheckGiver is monochrome's evaluator without the CheckGiver hook
// (the field hides the promoted GivesCheck method).
type monoNoCheckGiver struct {
	*monoEvaluator
	GivesCheck struct{}
}

// The CheckGiver hook and Game.NoCheck only save work: the search with
// them (which skips a pruned move without making it, and ends a node at
// a pruned quiet move when only quiet moves pruned alike are left) visits
// the same nodes and plays the same moves as the search that makes each
// pruned move to ask InCheck and goes through every move.
func TestMonoGivesCheckSameTree(t *testing.T) {
	plain := Game{NewEvaluator: func(p variants.Position) Evaluator {
		return monoNoCheckGiver{monoEvaluator: newMonoEvaluator(p).(*monoEvaluator)}
	}}
	if _, ok := plain.NewEvaluator(monoPos(t, monochrome.StartFEN)).(CheckGiver); ok {
		t.Fatal("monoNoCheckGiver still has GivesCheck")
	}
	hooked := gameFor("monochrome")
	if !hooked.NoCheck {
		t.Fatal("monochrome is not registered as a game without check")
	}
	plain.Without = hooked.Without
	for _, fen := range []string{monochrome.StartFEN, "RNBQKB1R/PPP1PPPP/3P1N2/8/4P3/1P6/P1PP1PPP/RNBQKBNR w - 4 3 0-0"} {
		var r [2]Result
		for i, g := range []Game{plain, hooked} {
			e := New(Options{HashMB: 4})
			r[i] = e.searchWith(context.Background(), monoPos(t, fen), Limits{Depth: 8}, nil, g.thread())
		}
		if r[0].Nodes != r[1].Nodes || r[0].Best != r[1].Best || r[0].Score != r[1].Score {
			t.Errorf("%s: without the hook %d nodes, best %v score %d; with it %d nodes, best %v score %d",
				fen, r[0].Nodes, r[0].Best, r[0].Score, r[1].Nodes, r[1].Best, r[1].Score)
		}
	}
}

// refSide and refTargetValues are the evaluation's side and targetValues
// as first written, piece by piece: the reference the faster versions
// must agree with.
func refSide(p *monochrome.Position, c variants.Color) (attacks bitboard.Bitboard, by [11]bitboard.Bitboard, mobility int) {
	occ := p.Occupied()
	own := p.Owned(c)
	other := occ &^ monoHalf(c)
	for b := own; b != 0; {
		s := b.PopFirst()
		pc := p.PieceAt(s)
		att := monoAttacks(pc, s, occ)
		attacks |= att & other
		by[pc.Value()] |= att & other
		if pc == monochrome.Pawn {
			ahead := s.Bit().North() | s.Bit().South()
			mobility += ahead.Count() - (ahead & occ).Count()
			continue
		}
		mobility += (att &^ own).Count()
	}
	return attacks, by, mobility
}

func refTargetValues(p *monochrome.Position, attacks bitboard.Bitboard, by [11]bitboard.Bitboard) (best, total int) {
	for t := attacks; t != 0; {
		s := t.PopFirst()
		cheapest := 1
		for !by[cheapest].Has(s) {
			cheapest++
		}
		v := max(0, monoPoint*p.PieceAt(s).Value()-monoHandover*cheapest)
		total += v
		best = max(best, v)
	}
	return best, total
}

// The evaluation's pieces, type by type with the pawns at once, find what
// the piece-by-piece reference finds, on positions along random games.
func TestMonoSideMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 4))
	checked := 0
	for game := 0; game < 40; game++ {
		p := monoPos(t, monochrome.StartFEN)
		e := newMonoEvaluator(p).(*monoEvaluator)
		for ply := 0; ply < 160; ply++ {
			for _, c := range []variants.Color{variants.White, variants.Black} {
				si := e.side(c)
				attacks, by, mobility := refSide(p, c)
				if si.attacks != attacks || si.mobility != mobility {
					t.Fatalf("%s side %v: attacks %v mobility %d, reference %v %d", p.FEN(), c, si.attacks, si.mobility, attacks, mobility)
				}
				b, tot := e.targetValues(&si)
				rb, rtot := refTargetValues(p, attacks, by)
				if b != rb || tot != rtot {
					t.Fatalf("%s side %v: targets best %d total %d, reference %d %d", p.FEN(), c, b, tot, rb, rtot)
				}
				checked++
			}
			moves := p.Moves(nil)
			if len(moves) == 0 {
				break
			}
			p.Make(moves[rng.IntN(len(moves))])
		}
	}
	if checked < 2000 {
		t.Fatalf("only %d positions checked", checked)
	}
}

// refSEEAtLeast is SEEAtLeast as first written: the quiet move's cheapest
// taker found by asking every enemy piece whether it attacks the square.
func refSEEAtLeast(p *monochrome.Position, m variants.Move, threshold int) bool {
	mv := monochrome.DecodeMove(m)
	if mv.IsCapture() {
		return monoPoint*mv.Captured().Value()-monoHandover*mv.Piece().Value() >= threshold
	}
	us := p.SideToMove()
	to := mv.To()
	if !monoHalf(us).Has(to) {
		return threshold <= 0
	}
	occ := p.Occupied()&^mv.From().Bit() | to.Bit()
	cheapest := 0
	for b := p.Owned(us.Other()); b != 0; {
		s := b.PopFirst()
		pc := p.PieceAt(s)
		if monoAttacks(pc, s, occ).Has(to) && (cheapest == 0 || pc.Value() < cheapest) {
			cheapest = pc.Value()
		}
	}
	if cheapest == 0 {
		return threshold <= 0
	}
	return -(monoPoint*mv.Piece().Value() - monoHandover*cheapest) >= threshold
}

// SEEAtLeast, looking outward from the target square, answers as the
// reference that asks every enemy piece, for every ply along random games.
func TestMonoSEEMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 5))
	checked := 0
	for game := 0; game < 30; game++ {
		p := monoPos(t, monochrome.StartFEN)
		e := newMonoEvaluator(p).(*monoEvaluator)
		for ply := 0; ply < 160; ply++ {
			moves := p.Moves(nil)
			if len(moves) == 0 {
				break
			}
			for _, m := range moves {
				for _, th := range []int{-1000, -700, -360, -100, -1, 0, 1, 75, 250} {
					if got, want := e.SEEAtLeast(m, th), refSEEAtLeast(p, m, th); got != want {
						t.Fatalf("%s %s threshold %d: %v, reference %v", p.FEN(), p.MoveString(m), th, got, want)
					}
					checked++
				}
			}
			p.Make(moves[rng.IntN(len(moves))])
		}
	}
	if checked < 20000 {
		t.Fatalf("only %d answers checked", checked)
	}
}
