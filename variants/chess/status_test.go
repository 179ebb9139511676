package chess

import (
	"testing"

	"varchess/variants"
)

func play(t *testing.T, p *Position, moves ...string) {
	t.Helper()
	for _, s := range moves {
		m, err := p.ParseUCI(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		p.MakeMove(m)
	}
}

func mustParse(t *testing.T, fen string) *Position {
	t.Helper()
	p, err := Parse(fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	return p
}

func TestStatus(t *testing.T) {
	cases := []struct {
		fen    string
		moves  []string
		want   variants.Outcome
		reason string
	}{
		{StartFEN, []string{"f2f3", "e7e5", "g2g4", "d8h4"}, variants.BlackWins, "checkmate"},
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", nil, variants.Draw, "stalemate"},
		{"7k/8/6K1/8/8/8/8/8 w - - 0 1", nil, variants.Draw, "insufficient material"},
		{"7k/8/6K1/8/8/8/8/5N2 w - - 0 1", nil, variants.Draw, "insufficient material"},
		{"7k/8/6K1/8/8/8/8/5b2 w - - 0 1", nil, variants.Draw, "insufficient material"},
		{"7k/8/6K1/8/8/8/8/4NN2 w - - 0 1", nil, variants.Ongoing, ""},
		{"7k/8/6K1/8/8/8/8/4Bb2 w - - 0 1", nil, variants.Ongoing, ""},
		{"7k/8/6K1/8/8/8/P7/8 w - - 0 1", nil, variants.Ongoing, ""},
		{"7k/8/6K1/8/8/8/R7/8 w - - 99 80", nil, variants.Ongoing, ""},
		{"7k/8/6K1/8/8/8/R7/8 w - - 99 80", []string{"a2a3"}, variants.Draw, "50-move rule"},
		{"7k/8/6K1/8/8/8/R7/8 w - - 99 80", []string{"a2a8"}, variants.WhiteWins, "checkmate"},
		// A pawn move resets the clock.
		{"7k/8/6K1/8/8/8/P7/8 w - - 99 80", []string{"a2a3"}, variants.Ongoing, ""},
		// Knights out and back twice: the start position occurs three times.
		{StartFEN, []string{"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"}, variants.Ongoing, ""},
		{StartFEN, []string{"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"}, variants.Draw, "threefold repetition"},
	}
	for _, c := range cases {
		p := mustParse(t, c.fen)
		play(t, p, c.moves...)
		st := p.Status()
		if st.Outcome != c.want || st.Reason != c.reason {
			t.Errorf("%s %v: got %+v, want %v %q", c.fen, c.moves, st, c.want, c.reason)
		}
	}
}

func TestRepetitionRights(t *testing.T) {
	// The rooks go out and back: the board repeats but castling rights were
	// lost, so the first position does not count as the same one.
	p := mustParse(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	play(t, p, "h1h2", "h8h7", "h2h1", "h7h8", "h1h2", "h8h7", "h2h1", "h7h8")
	if n := p.RepetitionCount(); n != 2 {
		t.Errorf("repetition count %d, want 2 (rights differ from the start)", n)
	}
	if p.Status().Over() {
		t.Errorf("status %+v, want ongoing", p.Status())
	}
	play(t, p, "h1h2", "h8h7", "h2h1", "h7h8")
	if st := p.Status(); st.Reason != "threefold repetition" {
		t.Errorf("status %+v, want threefold repetition", st)
	}
}

func TestIsRepetitionForSearch(t *testing.T) {
	p := NewStart()
	play(t, p, "g1f3", "g8f6", "f3g1")
	if p.IsRepetition() {
		t.Fatal("repetition reported too early")
	}
	play(t, p, "f6g8")
	if !p.IsRepetition() {
		t.Fatal("two-fold repetition not seen")
	}
	// Not across a null move.
	p = NewStart()
	play(t, p, "g1f3", "g8f6")
	p.MakeNull()
	p.MakeNull()
	play(t, p, "f3g1", "f6g8")
	if p.IsRepetition() {
		t.Fatal("repetition seen across a null move")
	}
}

func TestEnPassantHash(t *testing.T) {
	// After 1.e4 no black pawn can take on e3, so the position equals the
	// one set up without the ep square; after ...d5 e5 f5 it differs.
	p := NewStart()
	play(t, p, "e2e4")
	q := mustParse(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
	if p.Hash() != q.Hash() || p.EnPassant() != -1 {
		t.Error("e3 should not count as an en-passant square")
	}
	play(t, p, "d7d5", "e4e5", "f7f5")
	if p.EnPassant().String() != "f6" {
		t.Errorf("ep square %v, want f6", p.EnPassant())
	}
	q = mustParse(t, "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3")
	if p.Hash() == q.Hash() {
		t.Error("hash ignores a capturable en-passant square")
	}
}
