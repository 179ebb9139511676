package kingchess

import (
	"strings"
	"testing"
)

var fuzzFENs = []string{
	StartFEN,
	"4k3/8/8/8/8/8/8/4K3[QRPqrp] w E - 0 1",
	"r3k2r/8/8/8/8/8/8/R3K2R[Bb] w KQkq - 0 1 dl",
	"4k3/8/8/3pP3/8/8/8/4K3[] w - d6 0 1",
	"8/8/8/8/8/8/8/4K3[QRRBBNNPPPPPPPPkqrrbbnnpppppppp] b E - 0 1",
	"8/8/8/8/8/8/8/8 w - -",
	"8/8/8/8/8/8/8/8[",
	"4k3/8/8/8/8/8/8/4K3[Bb] w Ee - 0 1 l-",
}

// FuzzParseFEN: the parser never panics, and what it accepts it writes
// back in a form that reads to the same position.
func FuzzParseFEN(f *testing.F) {
	for _, s := range fuzzFENs {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, fen string) {
		for _, single := range []bool{false, true} {
			p, err := parse(fen, single)
			if err != nil {
				continue
			}
			out := p.FEN()
			q, err := parse(out, single)
			if err != nil {
				t.Fatalf("%q -> %q does not read back: %v", fen, out, err)
			}
			if q.FEN() != out || q.Hash() != p.Hash() {
				t.Fatalf("%q -> %q -> %q", fen, out, q.FEN())
			}
			p.Moves(nil)
			p.Status()
		}
	})
}

// FuzzParseMove: ParseMove never panics; an accepted ply is written back
// canonically, reads back to itself, and makes and unmakes cleanly.
func FuzzParseMove(f *testing.F) {
	moves := []string{"K@e1", "K@e1,Q@d1,P@e2", "p@e2,k@e1", "N@f3", "e2e4", "e7e8q", "e1g1",
		"K@e1,R@h1", "B@c1,B@f1", "B@c1,B@e1", "K@e1,,", "@", "K@e9", "K@e1,K@e2", "P@a1,K@b1"}
	for _, fen := range fuzzFENs {
		for _, m := range moves {
			f.Add(fen, m)
		}
	}
	f.Fuzz(func(t *testing.T, fen, move string) {
		for _, single := range []bool{false, true} {
			p, err := parse(fen, single)
			if err != nil {
				return
			}
			before, hash := p.FEN(), p.Hash()
			m, err := p.ParseMove(move)
			if err != nil {
				continue
			}
			s := p.MoveString(m)
			if m2, err := p.ParseMove(s); err != nil || m2 != m {
				t.Fatalf("%s: %q -> %q reads back as %v, %v", fen, move, s, m2, err)
			}
			if strings.Contains(s, "@") && p.checkDropAction(m) != nil {
				t.Fatalf("%s: accepted illegal drop %q", fen, s)
			}
			p.Make(m)
			if p.Hash() != p.computeHash() {
				t.Fatalf("%s: %q: hash drifts", fen, s)
			}
			if p.inCheckSide(p.side ^ 1) {
				t.Fatalf("%s: %q leaves the mover in check", fen, s)
			}
			p.Unmake()
			if p.FEN() != before || p.Hash() != hash {
				t.Fatalf("%s: %q: unmake gives %s", fen, s, p.FEN())
			}
		}
	})
}
