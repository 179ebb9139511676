package monochrome

import (
	"strings"
	"testing"
)

// FuzzParseMove: no input panics, and an accepted move is legal and writes
// back as the canonical form of the input.
func FuzzParseMove(f *testing.F) {
	fens := []string{StartFEN, "R3K2R/8/8/8/8/8/8/R3K2R w - 0 1 0-0", "8/8/8/4N3/8/8/8/K7 b e5e3 0 7 0-0"}
	for _, s := range []string{"e2e4", "E2E4", " e1g1 ", "e5e3", "e2e9", "", "0000", "e2e4q", "z9z9", "a1h8"} {
		f.Add(uint8(0), s)
		f.Add(uint8(1), s)
		f.Add(uint8(2), s)
	}
	f.Fuzz(func(t *testing.T, which uint8, s string) {
		p, err := ParseFEN(fens[int(which)%len(fens)])
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseMove(s)
		if err != nil {
			if !m.IsNone() {
				t.Fatalf("%q: error with a move", s)
			}
			return
		}
		if got := p.MoveString(m); got != strings.ToLower(strings.TrimSpace(s)) {
			t.Fatalf("%q parsed as %s", s, got)
		}
		found := false
		for _, l := range p.Moves(nil) {
			found = found || l == m
		}
		if !found {
			t.Fatalf("%q accepted but not in the move list", s)
		}
	})
}
