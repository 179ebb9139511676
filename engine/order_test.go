package engine

import (
	"testing"

	"varchess/variants"
	"varchess/variants/chess"
)

// historySearcher is a searcher with just what the history code uses.
func historySearcher(t *testing.T, fen string) (*searcher, *chess.Position) {
	p := mustParse(t, fen)
	ev := newChessEvaluator(p).(*chessEvaluator)
	return &searcher{pos: p, history: new(historyTable), keyer: ev, pawnKeyer: ev, threatKeyer: ev, p: defaultParams}, p
}

// The chess threat kind of every legal quiet move agrees with the squares'
// attacks tested one by one.
func TestThreatIndexAgreesWithAttacks(t *testing.T) {
	fens := []string{
		chess.StartFEN,
		"4k3/8/8/3p4/4N3/8/8/b3K2R w K - 0 1",
		"r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
	}
	for _, fen := range fens {
		p := mustParse(t, fen)
		ev := newChessEvaluator(p).(*chessEvaluator)
		threats := ev.Threats()
		them := p.SideToMove().Other()
		kinds := [threatKinds]int{}
		for _, m := range p.Moves(nil) {
			if p.IsCapture(m) {
				continue
			}
			cm := chess.FromVariant(m)
			want := 0
			if p.IsAttacked(cm.From(), them) {
				want += 2
			}
			if p.IsAttacked(cm.To(), them) {
				want++
			}
			got := ev.ThreatIndex(m, threats)
			if got != want {
				t.Errorf("%s: %s has threat kind %d, want %d", fen, p.MoveString(m), got, want)
			}
			kinds[got]++
		}
		t.Logf("%s: moves by kind %v", fen, kinds)
	}
}

// A quiet move rewarded while its piece stands attacked is not rewarded
// when the same move is played with the piece safe (threat-indexed
// history), and the other way round.
func TestThreatIndexedHistory(t *testing.T) {
	attacked, pa := historySearcher(t, "4k3/8/8/3p4/4N3/8/8/4K3 w - - 0 1") // d5 attacks e4
	safe, ps := historySearcher(t, "4k3/8/8/8/4N3/8/8/4K3 w - - 0 1")
	attacked.history = safe.history // one thread's tables
	m, err := pa.ParseMove("e4g3")
	if err != nil {
		t.Fatal(err)
	}
	if ms, _ := ps.ParseMove("e4g3"); ms != m {
		t.Fatal("the same move is encoded differently in the two positions")
	}
	for _, s := range []*searcher{attacked, safe} {
		s.prevKey[0], s.prevKey[1] = -1, -1 // no continuation rows
		s.setThreats(2)
	}
	if k := attacked.quietKind(m, 2); k != 2 {
		t.Fatalf("threat kind of Ng3 with the knight attacked: %d, want 2", k)
	}
	attacked.updateQuiet(m, 2, 800)
	if got := attacked.quietScore(m, 2); got <= 0 {
		t.Errorf("rewarded while attacked: score %d, want > 0", got)
	}
	if got := safe.quietScore(m, 2); got != 0 {
		t.Errorf("the same move with the knight safe: score %d, want 0", got)
	}
	safe.updateQuiet(m, 2, -800)
	if a, s := attacked.quietScore(m, 2), safe.quietScore(m, 2); a <= 0 || s >= 0 {
		t.Errorf("after a malus with the knight safe: attacked %d, safe %d; want > 0 and < 0", a, s)
	}
}

func TestGravityStaysBounded(t *testing.T) {
	var v int16
	for range 1000 {
		gravity(&v, 5000)
	}
	if v <= historyMax*9/10 || v > historyMax {
		t.Errorf("after many bonuses: %d, want close to %d", v, historyMax)
	}
	for range 1000 {
		gravity(&v, -100000)
	}
	if v >= -historyMax*9/10 || v < -historyMax {
		t.Errorf("after many maluses: %d", v)
	}
}

// A quiet move rewarded after a given previous move scores higher after
// that move (continuation history) than after another one.
func TestContinuationHistory(t *testing.T) {
	s, p := historySearcher(t, chess.StartFEN)
	m, _ := p.ParseMove("g1f3")
	prevA, prevB := 100, 200
	s.prevKey[0] = prevA
	s.updateQuiet(m, 1, 800)
	withA := s.quietScore(m, 1)
	s.prevKey[0] = prevB
	withB := s.quietScore(m, 1)
	if withA <= withB || withB <= 0 {
		t.Errorf("after move A %d, after move B %d: want A > B > 0", withA, withB)
	}
	s.prevKey[0] = -1 // after a null move only the plain history counts
	if got := s.quietScore(m, 1); got != s.history.get(p.SideToMove(), m) {
		t.Errorf("after a null move: %d, want the plain history %d", got, s.history.get(p.SideToMove(), m))
	}
}

// A quiet move's history learns the static evaluation swing it caused:
// a bonus when its mover gained, a malus when it lost, nothing after a
// noisy or null move or from a position in check.
func TestHistoryFromEvalSwing(t *testing.T) {
	cases := []struct {
		name             string
		before, after    int // static evals, each for its side to move
		quiet, fromCheck bool
		want             int // sign of the history
	}{
		{"gain", 20, -80, true, false, 1},     // mover 20 -> 80
		{"loss", 20, 30, true, false, -1},     // mover 20 -> -30
		{"noisy", 20, 30, false, false, 0},    // not a quiet move
		{"from check", 20, 30, true, true, 0}, // no eval before it
	}
	for _, c := range cases {
		s, p := historySearcher(t, chess.StartFEN)
		m, _ := p.ParseMove("g1f3")
		s.evals[0] = c.before
		if c.fromCheck {
			s.evals[0] = -Infinity
		}
		s.quietMove[0] = variants.NoMove
		if c.quiet {
			s.quietMove[0] = m
		}
		p.Make(m)
		s.gradeBySwing(1, c.after)
		p.Unmake()
		got := s.history.get(variants.White, m)
		if sign(got) != c.want {
			t.Errorf("%s: history %d, want sign %d", c.name, got, c.want)
		}
	}
}

func TestCaptureHistory(t *testing.T) {
	s, p := historySearcher(t, "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1")
	m, _ := p.ParseMove("e4d5")
	s.updateCapture(m, 1000)
	if s.captureScore(m) <= 0 {
		t.Error("capture bonus not recorded")
	}
}

// The correction history learns the sign and rough size of the error of
// the static eval in a pawn structure, and only there.
func TestCorrectionHistory(t *testing.T) {
	s, p := historySearcher(t, "4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1")
	for range 200 {
		s.corrSlots().learn(0, 60, 10)
	}
	if got := s.corrSlots().correct(0); got < 40 || got > 60 {
		t.Errorf("corrected eval %d, want close to the 60 the search found", got)
	}
	other, _ := historySearcher(t, "4k3/p7/8/8/8/8/PP6/4K3 w - - 0 1")
	other.history = s.history
	if got := other.corrSlots().correct(0); got != 0 {
		t.Errorf("another pawn structure is corrected by %d", got)
	}
	_ = p
}

// With the tables keyed by each colour's other pieces, an error learned in
// one position carries over to another by the share of keys they have in
// common: the pawns count twice, each colour's pieces once.
func TestCorrectionHistoryByPieces(t *testing.T) {
	const fen = "4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1"
	learnt, _ := historySearcher(t, fen)
	learnt.npKeyer = learnt.pawnKeyer.(NonPawnKeyer)
	for range 200 {
		learnt.corrSlots().learn(0, 60, 10)
	}
	for _, c := range []struct {
		fen    string
		lo, hi int
	}{
		{fen, 55, 60}, // every key
		{"4k3/pp6/8/8/8/8/PP6/4KN2 w - - 0 1", 40, 45}, // pawns and Black's pieces
		{"4k3/p7/8/8/8/8/PP6/4K3 w - - 0 1", 25, 30},   // both colours' pieces
		{"4k3/p7/8/8/8/8/PP6/3NK3 w - - 0 1", 12, 15},  // Black's pieces
		{"3nk3/p7/8/8/8/8/PP6/3NK3 w - - 0 1", 0, 0},   // none
	} {
		s, _ := historySearcher(t, c.fen)
		s.npKeyer = s.pawnKeyer.(NonPawnKeyer)
		s.history = learnt.history
		if got := s.corrSlots().correct(0); got < c.lo || got > c.hi {
			t.Errorf("%s: corrected by %d, want %d..%d", c.fen, got, c.lo, c.hi)
		}
	}
}
