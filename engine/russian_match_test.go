package engine

import (
	"context"
	"fmt"
	"math"
	"math/rand"
	"os"
	"strconv"
	"testing"
	"time"

	"varchess/variants"
)

// TestRussianVsDiceBlind is an in-process strength match, skipped unless
// RUSSIAN_MATCH_GAMES is set (it takes minutes): the expectimax search
// against the same search with every future roll assumed to be a King.
// Games come in pairs with the same seeded rolls and colours swapped;
// both sides get RUSSIAN_MATCH_MS milliseconds per move (default 40).
//
//	RUSSIAN_MATCH_GAMES=100 go test ./engine/ -run TestRussianVsDiceBlind -v -timeout 0
//
// scripts/russian-vs-diceblind.sh measures the same through the UCI binary
// and the match arbiter (UCI option DiceBlind).
func TestRussianVsDiceBlind(t *testing.T) {
	games, _ := strconv.Atoi(os.Getenv("RUSSIAN_MATCH_GAMES"))
	if games <= 0 {
		t.Skip("set RUSSIAN_MATCH_GAMES to play the match")
	}
	ms, _ := strconv.Atoi(os.Getenv("RUSSIAN_MATCH_MS"))
	if ms <= 0 {
		ms = 40
	}
	seed, _ := strconv.ParseInt(os.Getenv("RUSSIAN_MATCH_SEED"), 10, 64)
	var scores []float64
	w, d, l := 0, 0, 0
	for g := 0; g < games; g++ {
		pair := int64(g / 2)
		expectiWhite := g%2 == 0
		res := playRussianGame(t, seed*1_000_003+pair, expectiWhite, time.Duration(ms)*time.Millisecond)
		scores = append(scores, res)
		switch res {
		case 1:
			w++
		case 0.5:
			d++
		default:
			l++
		}
		mean, margin := scoreMargin(scores)
		fmt.Printf("game %d: expecti %s %v -> +%d =%d -%d  score %.1f%% +- %.1f%%\n",
			g+1, map[bool]string{true: "white", false: "black"}[expectiWhite], res, w, d, l, 100*mean, 100*margin)
	}
	mean, margin := scoreMargin(scores)
	fmt.Printf("FINAL expecti vs dice-blind: %d games +%d =%d -%d score %.1f%% +- %.1f%% (95%%), %d ms/move\n",
		len(scores), w, d, l, 100*mean, 100*margin, ms)
}

// scoreMargin returns the mean game score and its 95% error bar.
func scoreMargin(s []float64) (mean, margin float64) {
	n := float64(len(s))
	for _, x := range s {
		mean += x
	}
	mean /= n
	if len(s) < 2 {
		return mean, 0.5
	}
	v := 0.0
	for _, x := range s {
		v += (x - mean) * (x - mean)
	}
	v /= n - 1
	return mean, 1.96 * math.Sqrt(v/n)
}

// playRussianGame plays one game from the start array; the die comes from
// a source seeded per pair, so both games of a pair see the same rolls.
// It returns the expectimax side's score.
func playRussianGame(t *testing.T, seed int64, expectiWhite bool, perMove time.Duration) float64 {
	rng := rand.New(rand.NewSource(seed))
	p := mustRussian(t, "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - 0 1")
	expecti, blind := New(Options{HashMB: 16}), New(Options{HashMB: 16})
	for ply := 0; ply < 300; ply++ {
		st := p.Status()
		if st.Outcome != variants.Ongoing {
			switch {
			case st.Outcome == variants.Draw:
				return 0.5
			case (st.Outcome == variants.WhiteWins) == expectiWhite:
				return 1
			default:
				return 0
			}
		}
		if err := p.SetRoll(variants.DieFaces[rng.Intn(6)]); err != nil {
			t.Fatal(err)
		}
		lim := Limits{MoveTime: perMove}
		var r Result
		if (p.SideToMove() == variants.White) == expectiWhite {
			r = expecti.Search(context.Background(), p, lim, nil)
		} else {
			r = blind.SearchDiceBlind(context.Background(), p, lim, nil)
		}
		legal := p.MovesForFace(p.RollType(), nil)
		ok := false
		for _, m := range legal {
			ok = ok || m == r.Best
		}
		if !ok {
			t.Fatalf("%s: illegal %v", p.FEN(), r.Best)
		}
		p.Make(r.Best)
	}
	return 0.5
}
