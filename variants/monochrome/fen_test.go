package monochrome

import (
	"strings"
	"testing"

	"varchess/variants"
)

func TestFENForms(t *testing.T) {
	cases := []struct{ in, out string }{
		{StartFEN, StartFEN},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", StartFEN},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", StartFEN},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", StartFEN},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", StartFEN},
		{"RnBqKbNr/8/8/8/8/8/8/8 b - 12 40 3-17", "RNBQKBNR/8/8/8/8/8/8/8 b - 12 40 3-17"},
		{"8/8/8/4N3/8/8/8/K7 b e5e3 0 7 0-0", "8/8/8/4N3/8/8/8/K7 b e5e3 0 7 0-0"},
		{"8/8/8/8/4n3/8/8/k7 w e4g5 3 7 1-0", "8/8/8/8/4N3/8/8/K7 w e4g5 3 7 1-0"},
	}
	for _, c := range cases {
		p, err := ParseFEN(c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if got := p.FEN(); got != c.out {
			t.Errorf("%q: FEN %q, want %q", c.in, got, c.out)
		}
	}
	bad := []string{
		"", "RNBQKBNR w", "RNBQKBNR/PPPPPPPP/8/8/8/8/PPPPPPPP/RNBQKBNR x - 0 1 0-0",
		"RNBQKBNR/PPPPPPPP/8/8/8/8/PPPPPPPP/RNBQKBNX w - 0 1 0-0",
		"RNBQKBNR/PPPPPPPP/8/8/8/8/PPPPPPPP/RNBQKBN w - 0 1 0-0",
		"RNBQKBNR/PPPPPPPP/8/8/8/8/PPPPPPPP/RNBQKBNRR w - 0 1 0-0",
		"RNBQKBNR/PPPPPPPP/8/8/8/8/PPPPPPPP w - 0 1 0-0",
		"RNBQKBNR/PPPPPPPP/8/8/8/8/PPPPPPPP/RNBQKBNR w - -1 1 0-0",
		"RNBQKBNR/PPPPPPPP/8/8/8/8/PPPPPPPP/RNBQKBNR w - 0 1 0:0",
		"RNBQKBNR/PPPPPPPP/8/8/8/8/PPPPPPPP/RNBQKBNR w - 0 1 0-0 extra",
		"RNBQKBNR/PPPPPPPP/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq x9 0 1",
		"8/8/8/4N3/8/8/8/K7 w e5e3 0 7 0-0", // arrival square not the mover's
		"8/8/8/4N3/8/8/8/K7 b e5e6 0 7 0-0", // no crossing
		"8/8/8/8/8/8/8/K7 b e5e3 0 7 0-0",   // nothing on e5
		"8/8/8/4N3/4N3/8/8/K7 b e5e4 0 7 0-0",
		"8/8/8/4N3/8/8/8/K7 b e5e3 0 7 0-2000000",
	}
	for _, fen := range bad {
		if _, err := ParseFEN(fen); err == nil {
			t.Errorf("%q: accepted", fen)
		}
	}
}

// TestHashFields checks what the key covers: board, side, undo, scores, and
// not the clocks.
func TestHashFields(t *testing.T) {
	h := func(fen string) uint64 {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		return p.Hash()
	}
	base := h("8/8/8/4N3/8/8/8/K7 b e5e3 0 7 4-5")
	if h("8/8/8/4N3/8/8/8/K7 b e5e3 33 9 4-5") != base {
		t.Error("clock or fullmove changed the hash")
	}
	for _, fen := range []string{
		"8/8/8/4N3/8/8/8/K7 b - 0 7 4-5",
		"8/8/8/4N3/8/8/8/K7 b e5e4 0 7 4-5",
		"8/8/8/4N3/8/8/8/K7 b e5e3 0 7 5-4",
		"8/8/8/4N3/8/8/8/K7 b e5e3 0 7 4-6",
		"8/8/8/4B3/8/8/8/K7 b e5e3 0 7 4-5",
		"8/8/8/4N3/8/8/8/K7 w - 0 7 4-5",
	} {
		if h(fen) == base {
			t.Errorf("%s hashes like the base position", fen)
		}
	}
}

func TestRulesByExample(t *testing.T) {
	moves := func(fen string) string {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		var s []string
		for _, m := range p.Moves(nil) {
			s = append(s, p.MoveString(m))
		}
		return strings.Join(s, " ")
	}
	// A lone pawn on d4 steps both ways, captures only across the line.
	if got := moves("8/8/8/2N1N3/3P4/2N1N3/8/K7 w - 0 1 0-0"); !strings.Contains(got, "d4c5") ||
		!strings.Contains(got, "d4e5") || strings.Contains(got, "d4c3") || !strings.Contains(got, "d4d5") ||
		!strings.Contains(got, "d4d3") {
		t.Errorf("pawn moves: %s", got)
	}
	// Castling needs only the king on e1, the rook and an empty path.
	if got := moves("4K3/8/8/8/8/8/8/R3K2R w - 0 1 0-0"); !strings.Contains(got, "e1g1") || !strings.Contains(got, "e1c1") {
		t.Errorf("castling: %s", got)
	}
	if got := moves("4K3/8/8/8/8/8/8/RN2K1NR w - 0 1 0-0"); strings.Contains(got, "e1g1") || strings.Contains(got, "e1c1") {
		t.Errorf("castling through pieces: %s", got)
	}
	// North cannot castle with the king on e1.
	if got := moves("4K3/8/8/8/8/8/8/R3K2R b - 0 1 0-0"); got != "e8d7 e8e7 e8f7 e8d8 e8f8" {
		t.Errorf("North moved South's pieces: %s", got)
	}
	// The undo ban forbids exactly one move.
	if got := moves("8/8/8/4N3/8/8/8/K7 b e5e3 0 7 0-0"); strings.Contains(got, "e5e3") || !strings.Contains(got, "e5d3") {
		t.Errorf("undo ban: %s", got)
	}
}

func TestStatus(t *testing.T) {
	cases := []struct {
		fen     string
		outcome variants.Outcome
		reason  string
	}{
		{StartFEN, variants.Ongoing, ""},
		{"8/8/8/4N3/8/8/8/8 w - 0 9 44-27", variants.WhiteWins, "South wins 44-27 (South has no pieces on its half)"},
		{"K7/8/8/8/8/8/8/8 b - 0 9 12-30", variants.BlackWins, "North wins 12-30 (South has no pieces on its half)"},
		{"8/8/8/8/8/8/8/K7 b - 0 9 10-10", variants.Draw, "draw 10-10 (North has no pieces on its half)"},
		// North's pawns a8-a5 block each other and South's pawn on a4;
		// b4 is empty, so nothing can be captured either.
		{"P7/P7/P7/P7/P7/8/8/K7 b - 0 9 3-1", variants.WhiteWins, "South wins 3-1 (North has no legal move)"},
		{"8/8/8/3K4/8/8/8/K7 w - 100 60 0-0", variants.Draw, "draw 0-0 (100 plies without a capture)"},
	}
	for _, c := range cases {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		st := p.Status()
		if st.Outcome != c.outcome || st.Reason != c.reason {
			t.Errorf("%s: status %+v, want %v %q", c.fen, st, c.outcome, c.reason)
		}
	}
}

func TestRepetition(t *testing.T) {
	p, err := ParseFEN("8/8/8/3K4/8/8/8/K7 w - 0 1 0-0")
	if err != nil {
		t.Fatal(err)
	}
	seq := []string{"a1b1", "d5d6", "b1a1", "d6d5"}
	for i := 0; i < 2; i++ {
		for _, s := range seq {
			if p.Status().Over() {
				t.Fatalf("over too early before %s: %v", s, p.Status())
			}
			m, err := p.ParseMove(s)
			if err != nil {
				t.Fatal(err)
			}
			p.Make(m)
		}
	}
	if st := p.Status(); st.Outcome != variants.Draw || !strings.Contains(st.Reason, "threefold") {
		t.Errorf("after two cycles: %+v", st)
	}
	p.Unmake()
	if p.Status().Over() {
		t.Errorf("unmake kept the game over")
	}
}

// FuzzParseFEN: no input panics; an accepted FEN writes back a FEN that
// parses to the same FEN and hash, and whose plies are consistent.
func FuzzParseFEN(f *testing.F) {
	for _, s := range []string{StartFEN, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"8/8/8/4N3/8/8/8/K7 b e5e3 0 7 0-0", "R3K2R/8/8/8/8/8/8/r3k2r b - 3 4 5-6", "8/8/8/8/8/8/8/8 w - 0 1 0-0",
		"//////// w", "9/8/8/8/8/8/8/8 w - 0 1 0-0", "8/8/8/8/8/8/8/8 w a1a1 0 1 0-"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := ParseFEN(fen)
		if err != nil {
			return
		}
		out := p.FEN()
		q, err := ParseFEN(out)
		if err != nil {
			t.Fatalf("%q wrote %q which does not parse: %v", fen, out, err)
		}
		if q.FEN() != out || q.Hash() != p.Hash() {
			t.Fatalf("%q: round trip %q -> %q", fen, out, q.FEN())
		}
		_ = p.String()
		_ = p.Status()
		ms := p.Moves(nil)
		if n := p.Perft(1, variants.PerftOptions{}); n != uint64(len(ms)) {
			t.Fatalf("%q: count %d, %d moves", fen, n, len(ms))
		}
		for _, m := range ms {
			p.Make(m)
			p.Unmake()
		}
		if p.FEN() != out {
			t.Fatalf("%q: make/unmake changed the position", fen)
		}
	})
}
