package chess

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
)

// TestWriteChess960Positions writes the positions of the Chess960 perft
// suite, one "<FEN> ;<comment>" a line, to the file CHESS960_FENS names
// (skipped without it): the 960 start arrays, then positions of seeded
// random games that keep castling rights, half of them with a castling
// legal right now. scripts/chess960-suite.sh counts them with Stockfish
// into perft/testdata/chess960.epd.
func TestWriteChess960Positions(t *testing.T) {
	path := os.Getenv("CHESS960_FENS")
	if path == "" {
		t.Skip("set CHESS960_FENS=file to write the suite's positions")
	}
	var b strings.Builder
	for n := 0; n < 960; n++ {
		fen, _ := Chess960FEN(n)
		fmt.Fprintf(&b, "%s ;start %d\n", fen, n)
	}
	rng := rand.New(rand.NewPCG(960, 2))
	seen := map[string]bool{}
	for found := 0; found < 80; {
		n := rng.IntN(960)
		fen, _ := Chess960FEN(n)
		p := mustParse960(t, fen)
		plies := 4 + rng.IntN(14)
		for i := 0; i < plies; i++ {
			var list MoveList
			if p.GenerateMoves(&list) == 0 {
				break
			}
			p.MakeMove(list.Moves[rng.IntN(list.N)])
		}
		var list MoveList
		if p.GenerateMoves(&list) == 0 || p.castle == 0 || seen[p.FEN()] {
			continue
		}
		castles := 0
		for _, m := range list.Slice() {
			if m.IsCastle() {
				castles++
			}
		}
		if (castles > 0) != (found%2 == 0) {
			continue
		}
		seen[p.FEN()] = true
		fmt.Fprintf(&b, "%s ;from start %d after %d random plies, %d castling moves legal\n", p.FEN(), n, plies, castles)
		found++
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
