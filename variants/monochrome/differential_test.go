package monochrome

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"varchess/variants"
)

// diffStarts are the positions random games start from: the start array and
// a few sparse ones that reach castling, far-rank pawns and quick endings.
var diffStarts = []string{
	StartFEN,
	"R3K2R/PPP2PPP/8/8/8/8/PPP2PPP/R3K2R w - 0 1 0-0",
	"r3k2r/8/8/3q4/3Q4/8/8/R3K2R b - 7 20 11-9",
	"P6P/1P4P1/8/2PPPP2/2PPPP2/8/1P4P1/P6P w - 0 1 0-0",
	"4K3/8/8/3N4/4b3/8/8/4K3 w - 0 30 40-38",
	"K7/8/8/8/7P/8/8/k7 w - 0 1 2-2",
}

// TestDifferential plays random games and, at every position, compares the
// fast implementation with the reference one: the legal plies, the bulk
// count, the game status, the FEN and hash after every make and unmake, and
// ParseMove on legal and illegal input.
func TestDifferential(t *testing.T) {
	games := 60
	if testing.Short() {
		games = 20
	}
	rng := rand.New(rand.NewPCG(1996, 7))
	positions := 0
	for g := 0; g < games; g++ {
		start := diffStarts[g%len(diffStarts)]
		p, err := ParseFEN(start)
		if err != nil {
			t.Fatalf("%s: %v", start, err)
		}
		r, err := refParse(p.FEN())
		if err != nil {
			t.Fatalf("%s: %v", start, err)
		}
		var seen []string
		for ply := 0; ply < 300; ply++ {
			positions++
			if !comparePosition(t, p, r, seen, rng) {
				return
			}
			ms := r.moves()
			if p.Status().Over() || len(ms) == 0 {
				break
			}
			// Prefer quiet moves now and then so that games last and
			// reach counters, castling and far ranks.
			m := ms[rng.IntN(len(ms))]
			if rng.IntN(3) == 0 {
				for _, q := range ms {
					if r.sq[q.to] == '.' && rng.IntN(2) == 0 {
						m = q
						break
					}
				}
			}
			fm, err := p.ParseMove(m.String())
			if err != nil {
				t.Fatalf("%s: ParseMove(%s): %v", p.FEN(), m, err)
			}
			seen = append(seen, r.refKey())
			p.Make(fm)
			r = r.play(m)
		}
	}
	t.Logf("%d positions compared", positions)
}

// comparePosition checks one position; it reports false after a failure.
func comparePosition(t *testing.T, p *Position, r refPos, seen []string, rng *rand.Rand) bool {
	t.Helper()
	fen := p.FEN()
	if want := r.fen(); fen != want {
		t.Errorf("FEN %s, reference %s", fen, want)
		return false
	}
	var want []string
	for _, m := range r.moves() {
		want = append(want, m.String())
	}
	slices.Sort(want)
	var got []string
	for _, m := range p.Moves(nil) {
		got = append(got, p.MoveString(m))
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("%s: moves\n got %v\nwant %v", fen, got, want)
		return false
	}
	if n := p.Perft(1, variants.PerftOptions{}); n != uint64(len(want)) {
		t.Errorf("%s: bulk count %d, want %d", fen, n, len(want))
		return false
	}
	if rng.IntN(16) == 0 {
		if n, w := p.Perft(3, variants.PerftOptions{}), r.perft(3); n != w {
			t.Errorf("%s: perft(3) %d, reference %d", fen, n, w)
			return false
		}
	}
	st := p.Status()
	wantOutcome := map[string]variants.Outcome{"": variants.Ongoing, "south": variants.WhiteWins,
		"north": variants.BlackWins, "draw": variants.Draw}[r.refStatus(seen)]
	if st.Outcome != wantOutcome {
		t.Errorf("%s: status %+v, reference outcome %v", fen, st, wantOutcome)
		return false
	}
	if st.Over() && !strings.Contains(st.Reason, fmtScore(r.south, r.north)) {
		t.Errorf("%s: reason %q lacks the score", fen, st.Reason)
		return false
	}
	hash := p.Hash()
	if fresh, err := ParseFEN(fen); err != nil || fresh.Hash() != hash {
		t.Errorf("%s: hash differs from a fresh parse (err %v)", fen, err)
		return false
	}
	for _, m := range p.Moves(nil) {
		s := p.MoveString(m)
		rm := refMove{from: refSquare(s[:2]), to: refSquare(s[2:])}
		rm.castle = r.sq[rm.from] == 'K' && (rm.to-rm.from == 2 || rm.from-rm.to == 2)
		if p.IsCapture(m) != (r.sq[rm.to] != '.') {
			t.Errorf("%s: IsCapture(%s) wrong", fen, s)
			return false
		}
		after := r.play(rm)
		p.Make(m)
		if got, want := p.FEN(), after.fen(); got != want {
			t.Errorf("%s: after %s FEN %s, reference %s", fen, s, got, want)
			return false
		}
		fresh, err := ParseFEN(p.FEN())
		if err != nil || fresh.Hash() != p.Hash() {
			t.Errorf("%s: after %s hash differs from a fresh parse (err %v)", fen, s, err)
			return false
		}
		p.Unmake()
		if p.FEN() != fen || p.Hash() != hash {
			t.Errorf("%s: unmake of %s gave %s", fen, s, p.FEN())
			return false
		}
	}
	// A clone is independent of its original.
	if ms := p.Moves(nil); len(ms) > 0 && rng.IntN(8) == 0 {
		c := p.Clone()
		c.Make(ms[rng.IntN(len(ms))])
		if p.FEN() != fen {
			t.Errorf("%s: a move on a clone changed the original", fen)
			return false
		}
		c.Unmake()
		if c.FEN() != fen || c.Hash() != hash {
			t.Errorf("%s: clone unmake gave %s", fen, c.FEN())
			return false
		}
	}
	// Random coordinate strings: accepted exactly when legal.
	for i := 0; i < 8; i++ {
		s := refName(rng.IntN(64)) + refName(rng.IntN(64))
		_, err := p.ParseMove(s)
		if legal := slices.Contains(want, s); legal != (err == nil) {
			t.Errorf("%s: ParseMove(%s) error %v, legal %v", fen, s, err, legal)
			return false
		}
	}
	return true
}

func fmtScore(s, n int) string {
	return strings.Join([]string{itoa(s), itoa(n)}, "-")
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
