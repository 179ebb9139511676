package chess

import (
	"strings"
	"testing"
)

func TestFENRoundTrip(t *testing.T) {
	for _, fen := range append(randomStarts,
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
		"4k3/8/8/8/8/8/8/4K2R b K - 12 40",
		"8/8/8/8/k1pP3Q/8/8/4K3 b - d3 0 1",
	) {
		p := mustParse(t, fen)
		if got := p.FEN(); got != fen {
			t.Errorf("round trip %q -> %q", fen, got)
		}
	}
	// FENs written by the package re-read to the same position and hash.
	randomPositions(t, 4, 2000, func(p *Position) {
		q := mustParse(t, p.FEN())
		if q.FEN() != p.FEN() || q.Hash() != p.Hash() {
			t.Fatalf("%s re-reads as %s", p.FEN(), q.FEN())
		}
	})
}

func TestFENNormalisation(t *testing.T) {
	cases := []struct{ in, out string }{
		// X-FEN / Shredder castling letters.
		{"r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w Hq - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1"},
		// Rights without their rook are dropped.
		{"4k3/8/8/8/8/8/8/4K2R w KQkq - 0 1", "4k3/8/8/8/8/8/8/4K2R w K - 0 1"},
		// An ep square no pawn can use is not kept.
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
		// Missing counters.
		{"4k3/8/8/8/8/8/8/4K3 w - -", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"},
	}
	for _, c := range cases {
		if got := mustParse(t, c.in).FEN(); got != c.out {
			t.Errorf("%q -> %q, want %q", c.in, got, c.out)
		}
	}
}

func TestFENErrors(t *testing.T) {
	for _, fen := range []string{
		"",
		"startpos",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
		"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqK - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KX - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Bb - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
		"8/8/8/8/8/8/8/8 w - - 0 1",
		"4k3/8/8/8/8/8/8/4KK2 w - - 0 1",
		"4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
		"4k3/8/8/8/8/8/8/4K2r b - - 0 1",             // White (not to move) in check
		"QQQQQQQQ/QQQQQQQQ/8/8/8/8/8/k3K3 w - - 0 1", // more material than promotions give
	} {
		if p, err := Parse(fen); err == nil {
			t.Errorf("Parse(%q) accepted: %s", fen, p.FEN())
		}
	}
}

// FuzzParseFEN: no input may panic; accepted positions must write a FEN that
// reads back the same, and the generator must agree with its counter.
func FuzzParseFEN(f *testing.F) {
	for _, s := range randomStarts {
		f.Add(s)
	}
	f.Add("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1")
	f.Add("8/8/8/KPp4r/8/8/8/7k w - c6 0 1")
	f.Add("4k3/8/8/8/8/8/8/4K3 w - -")
	f.Add("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0")
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := Parse(fen)
		if err != nil {
			return
		}
		out := p.FEN()
		q, err := Parse(out)
		if err != nil {
			t.Fatalf("%q -> %q does not re-parse: %v", fen, out, err)
		}
		if q.FEN() != out || q.Hash() != p.Hash() {
			t.Fatalf("%q -> %q -> %q", fen, out, q.FEN())
		}
		var list MoveList
		if n := p.GenerateMoves(&list); n != p.CountMoves() {
			t.Fatalf("%q: %d moves generated, %d counted", fen, n, p.CountMoves())
		}
		p.PerftCount(2)
		if p.FEN() != out {
			t.Fatalf("perft changed %q", out)
		}
		_ = p.Status()
		_ = p.String()
	})
}

func TestParseUCI(t *testing.T) {
	p := mustParse(t, "r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1")
	for in, want := range map[string]string{
		"e1g1": "e1g1", "e1h1": "e1g1", "e1c1": "e1c1", "e1a1": "e1c1",
		"b7a8q": "b7a8q", "b7b8n": "b7b8n", "b7b8Q": "b7b8q", "a1a8": "a1a8",
	} {
		m, err := p.ParseUCI(in)
		if err != nil {
			t.Errorf("%s: %v", in, err)
			continue
		}
		if m.String() != want {
			t.Errorf("%s parsed as %s, want %s", in, m, want)
		}
	}
	for _, bad := range []string{"", "e1", "e1g", "e1g1qq", "e2e4", "b7b8", "b7b8k", "z1a1", "e8g8", "0000", "e1e1", "a1h8"} {
		if m, err := p.ParseUCI(bad); err == nil {
			t.Errorf("%q accepted as %v", bad, m)
		}
	}
	if _, err := p.ParseUCI("b7b8"); err == nil || !strings.Contains(err.Error(), "promotion") {
		t.Errorf("b7b8 error should ask for a promotion piece: %v", err)
	}
}

// FuzzParseMove: no input may panic; an accepted move is legal and writes
// back as itself (or as the king's castling move for e1h1-style input).
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"e2e4", "e1g1", "e1h1", "b7a8q", "a7a8n", "0000", "", "e7e8k", "h1h9", "e2e4 "} {
		f.Add(s, uint8(0))
	}
	f.Fuzz(func(t *testing.T, s string, which uint8) {
		p := mustParse(t, randomStarts[int(which)%len(randomStarts)])
		m, err := p.ParseUCI(s)
		if err != nil {
			return
		}
		if !p.IsLegal(m) {
			t.Fatalf("%q parsed to illegal %v", s, m)
		}
		if !strings.EqualFold(m.String(), s) && !m.IsCastle() {
			t.Fatalf("%q parsed to %v", s, m)
		}
	})
}
