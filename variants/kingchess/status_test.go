package kingchess

import (
	"testing"

	"varchess/variants"
)

func mustParse(t *testing.T, fen string, single bool) *Position {
	t.Helper()
	p, err := parse(fen, single)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	return p
}

// A double check that only a drop action of two pieces can block is not
// mate in kingchess, but is mate in kingchess1.
func TestTwoPieceBlockIsNotMate(t *testing.T) {
	const fen = "b3k1rr/8/8/8/8/8/8/7K[NP] w - - 0 1"
	p := mustParse(t, fen, false)
	if n := len(p.Moves(nil)); n != 0 {
		t.Fatalf("expected no listed plies, got %d", n)
	}
	if st := p.Status(); st.Over() {
		t.Fatalf("status %v, but N@f3,P@h2 saves the King", st)
	}
	lines, ok := p.CheckLines()
	if !ok || len(lines) != 2 {
		t.Fatalf("CheckLines = %v, %v", lines, ok)
	}
	acts, ok := p.CheckEvasionDrops(1000)
	if !ok || uint64(len(acts)) != p.DropActionCount() || len(acts) == 0 {
		t.Fatalf("CheckEvasionDrops: %d actions, ok %v, count %d", len(acts), ok, p.DropActionCount())
	}
	m, err := p.ParseMove("P@h2,N@f3")
	if err != nil || p.MoveString(m) != "N@f3,P@h2" {
		t.Fatalf("ParseMove: %v %v", p.MoveString(m), err)
	}
	if _, err := p.ParseMove("N@f3"); err == nil {
		t.Fatal("a single knight cannot block both checks")
	}
	if st := mustParse(t, fen, true).Status(); st.Outcome != variants.BlackWins {
		t.Fatalf("kingchess1: status %v, want mate", st)
	}
	if st := mustParse(t, "b3k1rr/8/8/8/8/8/8/7K[N] w - - 0 1", false).Status(); st.Reason != "checkmate" {
		t.Fatalf("one piece cannot block two lines: %v", st)
	}
}

// The King may be dropped onto an attacked line when the same action
// blocks it (K10), but not alone.
func TestKingDropBehindBlock(t *testing.T) {
	p := mustParse(t, "4r1k1/8/8/8/8/8/8/8[KP] w - - 0 1", false)
	if _, err := p.ParseMove("K@e1"); err == nil {
		t.Fatal("K@e1 alone is in check")
	}
	m, err := p.ParseMove("P@e2,K@e1")
	if err != nil {
		t.Fatal(err)
	}
	p.Make(m)
	if got := p.FEN(); got != "4r1k1/8/8/8/8/8/4P3/4K3[] b E - 0 1" {
		t.Fatalf("after K@e1,P@e2: %s", got)
	}
	if _, err := p.ParseMove("e8e7"); err != nil {
		t.Fatal(err)
	}
}

func TestRulesDetails(t *testing.T) {
	p := mustParse(t, StartFEN, false)
	for _, bad := range []string{"Q@d1", "K@e5", "K@e1,P@a1", "K@e1,B@c1,B@e1", "e2e4", "K@e1,K@d1"} {
		if _, err := p.ParseMove(bad); err == nil {
			t.Errorf("start: %q accepted", bad)
		}
	}
	for _, good := range []string{"K@e1", "K@e1,B@c1,B@f1", "k@e1,p@e2", "P@h4,K@a1,Q@b2,R@c3,R@d4"} {
		if _, err := p.ParseMove(good); err != nil {
			t.Errorf("start: %q refused: %v", good, err)
		}
	}
	// Rook dropped on h1 next to an untouched King gives K; a King move
	// ends it; a drop does not allow en passant.
	q := mustParse(t, "4k3/8/8/8/8/8/8/4K3[R] w E - 0 1", false)
	m, _ := q.ParseMove("R@h1")
	q.Make(m)
	if _, short, _ := q.Castling(variants.White); !short {
		t.Fatalf("no K right after R@h1: %s", q.FEN())
	}
	// Bishop colour is remembered: after B@c1 (dark) the other goes light.
	b := mustParse(t, "4k3/8/8/8/8/8/8/4K3[BBbb] w - - 0 1", false)
	m, _ = b.ParseMove("B@c1")
	b.Make(m)
	if b.BishopColour(variants.White) != DarkBishop || b.FEN() != "4k3/8/8/8/8/8/8/2B1K3[Bbb] b - - 0 1" {
		t.Fatalf("after B@c1: %s", b.FEN())
	}
	b.Make(mustMove(t, b, "e8e7"))
	if _, err := b.ParseMove("B@e1"); err == nil {
		t.Fatal("second bishop on the same colour accepted")
	}
	if _, err := b.ParseMove("B@d1"); err != nil {
		t.Fatal(err)
	}
}

func mustMove(t *testing.T, p *Position, s string) variants.Move {
	t.Helper()
	m, err := p.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestDrawRules(t *testing.T) {
	p := mustParse(t, "4k3/8/8/8/8/8/8/4K1N1[] w - - 0 1", false)
	if st := p.Status(); st.Reason != "insufficient material" {
		t.Fatalf("K+N v K: %v", st)
	}
	p = mustParse(t, "4k3/8/8/8/8/8/8/4K1N1[p] w - - 0 1", false)
	if st := p.Status(); st.Over() {
		t.Fatalf("reserve not empty: %v", st)
	}
	for _, s := range []string{"g1f3", "e8d8", "f3g1", "d8e8", "g1f3", "e8d8", "f3g1", "d8e8"} {
		p.Make(mustMove(t, p, s))
	}
	if st := p.Status(); st.Reason != "threefold repetition" {
		t.Fatalf("after repeating: %v", st)
	}
	p = mustParse(t, "4k3/8/8/8/8/8/8/4K1N1[p] w - - 99 80", false)
	p.Make(mustMove(t, p, "g1f3"))
	if st := p.Status(); st.Reason != "50-move rule" {
		t.Fatalf("clock 100: %v", st)
	}
	p.Unmake()
	p.Make(mustMove(t, p, "e1d1"))
	p.Make(mustMove(t, p, "P@e5"))
	if p.HalfmoveClock() != 0 {
		t.Fatal("a drop must reset the clock")
	}
}
