package chess

import (
	"os"
	"slices"
	"sort"
	"strconv"
	"testing"

	nc "github.com/notnil/chess"

	"varchess/variants"
)

// TestAgainstNotnil compares the legal move sets and the mate/stalemate
// verdicts with github.com/notnil/chess, an independent implementation, on
// positions from random games. VARCHESS_NOTNIL_POSITIONS overrides the
// number of positions (default 10,000; 1,000 with -short).
func TestAgainstNotnil(t *testing.T) {
	n := 10000
	if testing.Short() {
		n = 1000
	}
	if s := os.Getenv("VARCHESS_NOTNIL_POSITIONS"); s != "" {
		v, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("VARCHESS_NOTNIL_POSITIONS=%q: %v", s, err)
		}
		n = v
	}
	var mates, stalemates, insufficient int
	randomPositions(t, 7, n, func(p *Position) {
		fen := p.FEN()
		opt, err := nc.FEN(fen)
		if err != nil {
			t.Fatalf("notnil rejects our FEN %q: %v", fen, err)
		}
		g := nc.NewGame(opt)
		var want []string
		for _, m := range g.ValidMoves() {
			want = append(want, m.String())
		}
		sort.Strings(want)
		var list MoveList
		got := moveStrings(list.Moves[:p.GenerateMoves(&list)])
		if !slices.Equal(got, want) {
			t.Fatalf("%s:\n ours   %v\n notnil %v", fen, got, want)
		}

		st := p.Status()
		switch g.Method() {
		case nc.Checkmate:
			mates++
			winner := variants.WhiteWins
			if g.Outcome() == nc.BlackWon {
				winner = variants.BlackWins
			}
			if st.Reason != "checkmate" || st.Outcome != winner {
				t.Fatalf("%s: notnil says checkmate (%v), we say %+v", fen, g.Outcome(), st)
			}
		case nc.Stalemate:
			stalemates++
			if st.Reason != "stalemate" || st.Outcome != variants.Draw {
				t.Fatalf("%s: notnil says stalemate, we say %+v", fen, st)
			}
		default:
			if st.Reason == "checkmate" || st.Reason == "stalemate" {
				t.Fatalf("%s: we say %+v, notnil %v", fen, st, g.Method())
			}
		}
		// Our insufficient-material rule is the narrow one (K v K, K+minor
		// v K); notnil's is wider, so ours must imply theirs.
		if st.Reason == "insufficient material" {
			insufficient++
			if g.Method() != nc.InsufficientMaterial {
				t.Fatalf("%s: we say insufficient material, notnil %v", fen, g.Method())
			}
		}
	})
	t.Logf("%d positions: %d mates, %d stalemates, %d insufficient material", n, mates, stalemates, insufficient)
}
