package russian

import (
	"testing"

	"varchess/variants"
)

func TestStatus(t *testing.T) {
	cases := []struct {
		fen     string
		outcome variants.Outcome
		reason  string
	}{
		{StartFEN, variants.Ongoing, ""},
		{"6/6/6/2k3/1q4/K5 w - 0 1", variants.BlackWins, "checkmate"},
		{"6/6/6/2k3/2q3/K5 w - 0 1", variants.Draw, "stalemate"},
		{"6/6/6/6/6/(Kq)4k w - 0 1", variants.BlackWins, "black captured the king"},
		{"6/6/6/6/6/(Kq)4k b - 0 1", variants.BlackWins, "black captured the king"},
		{"k5/6/6/6/6/K5 w - 100 80", variants.Draw, "100 plies without capture or pawn move"},
		// In check with roll P and no pawn: a forced pass, not the end.
		{"k5/6/6/6/6/K4r w P 0 1", variants.Ongoing, ""},
	}
	for _, c := range cases {
		p, err := Parse(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		st := p.Status()
		if st.Outcome != c.outcome || st.Reason != c.reason {
			t.Errorf("%s: status %v %q, want %v %q", c.fen, st.Outcome, st.Reason, c.outcome, c.reason)
		}
		if moves := p.Moves(nil); st.Outcome == variants.Ongoing && len(moves) == 0 {
			t.Errorf("%s: ongoing but no plies", c.fen)
		}
	}
	p, _ := Parse("k5/6/6/6/6/K4r w P 0 1")
	if ms := p.Moves(nil); len(ms) != 1 || !IsPass(ms[0]) || !p.InCheck() {
		t.Errorf("forced pass in check: %v", ms)
	}
	p.Make(PassMove)
	if m, err := p.ParseMove("f1a1"); err != nil || !CapturesKing(m) {
		t.Fatalf("f1a1 should capture the king: %v", err)
	} else {
		p.Make(m)
	}
	if st := p.Status(); st.Outcome != variants.BlackWins || len(p.Moves(nil)) != 0 {
		t.Errorf("after the king capture: %v, %d plies", st, len(p.Moves(nil)))
	}
}

func TestRepetition(t *testing.T) {
	p, _ := Parse(StartFEN)
	shuffle := []string{"b1a3", "b6a4", "a3b1", "a4b6"}
	for round := 0; round < 2; round++ {
		for i, s := range shuffle {
			if st := p.Status(); st.Over() {
				t.Fatalf("over too early (round %d ply %d): %v", round, i, st)
			}
			m, err := p.ParseMove(s)
			if err != nil {
				t.Fatal(err)
			}
			p.Make(m)
		}
	}
	if st := p.Status(); st.Outcome != variants.Draw || st.Reason != "threefold repetition" {
		t.Errorf("after two shuffles: %v", st)
	}
	p.Unmake()
	if st := p.Status(); st.Over() {
		t.Errorf("after unmake: %v", st)
	}
}

func TestCloneIndependent(t *testing.T) {
	p, _ := Parse(StartFEN)
	m, _ := p.ParseMove("a2a3")
	p.Make(m)
	q := p.Clone().(*Position)
	m2, _ := q.ParseMove("a5a4")
	q.Make(m2)
	q.SetRoll('Q')
	if p.FEN() == q.FEN() || p.Roll() != 0 {
		t.Fatal("clone shares state")
	}
	q.Unmake()
	q.Unmake()
	if q.FEN() != StartFEN {
		t.Errorf("clone history: %s", q.FEN())
	}
	if p.FEN() != "rnqknr/pppppp/6/P5/1PPPPP/RNQKNR b - 0 1" {
		t.Errorf("original changed: %s", p.FEN())
	}
}
