package russian

import (
	"strings"
	"testing"

	"varchess/variants"
	bb "varchess/variants/bitboard"
)

func TestFENRoundTrip(t *testing.T) {
	for _, fen := range append([]string{
		"k5/6/6/6/6/5K b Q 17 40",
		"(Pnq)k4/6/6/6/6/(RNBQP)4K w P 3 2",
	}, diffStarts...) {
		p, err := Parse(fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		if got := p.FEN(); got != fen {
			t.Errorf("round trip: %q -> %q", fen, got)
		}
	}
	p, _ := Parse("(Pnq)k4/6/6/6/6/(RNBQP)4K w P 3 2")
	a6 := bb.Sq(0, 5)
	if p.Height(a6) != 3 || p.Checker(a6, 0) != NewChecker(variants.White, Pawn) {
		t.Errorf("a6 stack read wrong: %s", p.Stack(a6, nil))
	}
	if top, _ := p.Top(a6); top != NewChecker(variants.Black, Queen) {
		t.Errorf("a6 top %c, want q", top.Letter())
	}
	if p.Roll() != 'P' || p.Clock() != 3 {
		t.Errorf("roll %c clock %d", p.Roll(), p.Clock())
	}
	// Missing clock and move number default to 0 and 1.
	q, err := Parse("rnqknr/pppppp/6/6/PPPPPP/RNQKNR w -")
	if err != nil || q.FEN() != StartFEN {
		t.Errorf("short FEN: %v %v", q, err)
	}
}

func TestFENErrors(t *testing.T) {
	for _, fen := range []string{
		"",
		"rnqknr/pppppp/6/6/PPPPPP w - 0 1",
		"rnqknr/pppppp/6/6/PPPPPP/RNQKNR x - 0 1",
		"rnqknr/pppppp/6/6/PPPPPP/RNQKNR w X 0 1",
		"rnqknr/pppppp/6/6/PPPPPP/RNQKNR w KQ 0 1",
		"rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - -1 1",
		"rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - 0 0",
		"rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - 0 1 extra",
		"rnqknrr/pppppp/6/6/PPPPPP/RNQKNR w - 0 1",
		"rnqkn/pppppp/6/6/PPPPPP/RNQKNR w - 0 1",
		"rnqknr/pppppp/7/6/PPPPPP/RNQKNR w - 0 1",
		"rnqknr/pppppp/6/6/PPPPPP/RNQQNR w - 0 1",   // no white king
		"rnqkkr/pppppp/6/6/PPPPPP/RNQKNR w - 0 1",   // two black kings
		"rnqknr/pppppp/()5/6/PPPPPP/RNQKNR w - 0 1", // empty stack
		"rnqknr/pppppp/(PP5/6/PPPPPP/RNQKNR w - 0 1",
		"rnqknr/pppppp/(PX)5/6/PPPPPP/RNQKNR w - 0 1",
		"rnqknr/pppppp/(P(P))5/6/PPPPPP/RNQKNR w - 0 1",
		"(Kk)5/6/6/6/6/(kK)5 w - 0 1",                                      // two kings each
		"(kK)5/6/6/6/6/(Kn)5 w - 0 1",                                      // both captured
		"(PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPP)k4/6/6/6/6/K5 w - 0 1",          // 34 checkers
		"rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - 0 99999999999999999999999999", // overflow
	} {
		if _, err := Parse(fen); err == nil {
			t.Errorf("Parse(%q) accepted a bad FEN", fen)
		}
	}
}

func TestMoveNotation(t *testing.T) {
	// White: a pawn stack (NP) on b5 (knight below, pawn on top), a rook
	// and a queen take part, so b5b6 promotes to q, r or n (b takes no
	// part), with k = 1 or the whole stack.
	p, err := Parse("5k/1(NP)4/6/6/6/K1QR2 w - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"b5b6q", "b5b6r/1", "b5b6n", "a1a2", "c1c6"} {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Errorf("ParseMove(%q): %v", s, err)
			continue
		}
		if got := p.MoveString(m); got != s {
			t.Errorf("ParseMove(%q) writes back as %q", s, got)
		}
	}
	if m, err := p.ParseMove("b5b6q/2"); err != nil || p.MoveString(m) != "b5b6q" {
		t.Errorf("/height should mean the whole stack: %v", err)
	}
	for _, s := range []string{"b5b6", "b5b6b", "b5b6k", "b5b6q/3", "b5b6q/0", "a1a3", "g1g2", "b5b6q/x", "c1c7"} {
		if _, err := p.ParseMove(s); err == nil {
			t.Errorf("ParseMove(%q) accepted an illegal move", s)
		}
	}
	// Unrolled, a pass is legal (a roll of B would force it); rolled K, not.
	if _, err := p.ParseMove("0000"); err != nil {
		t.Errorf("unrolled pass rejected: %v", err)
	}
	p.SetRoll('K')
	if _, err := p.ParseMove("0000"); err == nil {
		t.Error("pass accepted under face K with moves available")
	}
	// Roll B: bishops take no part, so the only ply is the pass.
	p.SetRoll('B')
	if m, err := p.ParseMove("0000"); err != nil || !IsPass(m) {
		t.Errorf("pass under B: %v", err)
	}
	if _, err := p.ParseMove("a1a2"); err == nil {
		t.Errorf("a1a2 accepted under roll B")
	}
	// Roll P: only the pawn moves.
	p.SetRoll('P')
	if got := strings.Join(sortedNames(p, p.Moves(nil)), " "); got != "b5b6n b5b6n/1 b5b6q b5b6q/1 b5b6r b5b6r/1" {
		t.Errorf("moves under P: %s", got)
	}
}

func TestRoller(t *testing.T) {
	p, _ := Parse(StartFEN)
	h := p.Hash()
	if err := p.SetRoll('Q'); err != nil || p.Roll() != 'Q' {
		t.Fatalf("SetRoll Q: %v", err)
	}
	if p.Hash() == h {
		t.Error("the roll is not in the hash")
	}
	if err := p.SetRoll('x'); err == nil {
		t.Error("SetRoll accepted x")
	}
	p.SetRoll(0)
	if p.Hash() != h || p.Roll() != 0 {
		t.Error("clearing the roll does not restore the hash")
	}
}

func FuzzParseFEN(f *testing.F) {
	for _, s := range diffStarts {
		f.Add(s)
	}
	f.Add("(Pnq)k4/6/6/6/6/(RNBQP)4K w P 3 2")
	f.Add("(kK)5/6/6/6/6/(Kn)5 w - 0 1")
	f.Add("rnqknr/pppppp/(P(P))5/6/PPPPPP/RNQKNR w - 0 1")
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := Parse(fen)
		if err != nil {
			return
		}
		out := p.FEN()
		q, err := Parse(out)
		if err != nil {
			t.Fatalf("%q -> %q does not parse: %v", fen, out, err)
		}
		if q.FEN() != out || q.Hash() != p.Hash() {
			t.Fatalf("%q: FEN or hash not stable", fen)
		}
		_ = p.String()
		_ = p.Status()
		for _, m := range p.Moves(nil) {
			s := p.MoveString(m)
			if back, err := p.ParseMove(s); err != nil || back != m {
				t.Fatalf("%s: move %s does not parse back: %v", out, s, err)
			}
			p.Make(m)
			p.Unmake()
			if p.FEN() != out {
				t.Fatalf("%s: make/unmake %s gives %s", out, s, p.FEN())
			}
		}
	})
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"b1c3", "b5b6q/2", "0000", "@@@@", "a1a2/1", "e2e3/+1", "b5b6q/", "f6f1/99"} {
		f.Add(s)
	}
	positions := []*Position{}
	for _, fen := range append(diffStarts, "5k/1(NP)4/6/6/6/K1QR2 w - 0 1", "k5/6/6/6/6/K1QR2 w B 0 1") {
		p, err := Parse(fen)
		if err != nil {
			f.Fatal(err)
		}
		positions = append(positions, p)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range positions {
			m, err := p.ParseMove(s)
			if err != nil {
				continue
			}
			// A pass may also come from a roll not made yet (TestUnrolledPass).
			found := IsPass(m) && p.Roll() == 0 && p.someFaceForcesPass()
			for _, l := range p.Moves(nil) {
				found = found || l == m
			}
			if !found {
				t.Fatalf("%s: ParseMove(%q) returned a move not in Moves", p.FEN(), s)
			}
			if back, err := p.ParseMove(p.MoveString(m)); err != nil || back != m {
				t.Fatalf("%s: %q -> %q does not parse back", p.FEN(), s, p.MoveString(m))
			}
		}
	})
}
