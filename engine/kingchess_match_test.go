package engine

import (
	"context"
	"fmt"
	"math"
	"math/rand"
	"os"
	"strconv"
	"sync"
	"testing"
	"time"

	"varchess/variants"
	"varchess/variants/kingchess"
)

// TestKingchessMultiVsSingle is an in-process strength match, skipped
// unless KINGCHESS_MATCH_GAMES is set (it takes minutes): the kingchess
// engine with its multi-drop candidates against the same engine limited to
// ordinary moves and single drops (SearchSingleDrops). Each game starts
// with both Kings already dropped on random first-rank squares (seeded);
// games come in pairs with colours swapped. The clock is BASE+INC, real
// time (KINGCHESS_MATCH_TC, default "5+0.05"), KINGCHESS_MATCH_CONC games
// run at once (default 2). KINGCHESS_MATCH_EMPTY=1 starts from the empty
// board instead (one opening; only clock noise varies the games).
//
//	KINGCHESS_MATCH_GAMES=200 go test ./engine/ -run TestKingchessMultiVsSingle -v -timeout 0
//
// scripts/kingchess-multi-vs-single.sh runs it (or the match arbiter, once
// the UCI option SingleDrops exists).
func TestKingchessMultiVsSingle(t *testing.T) {
	games, _ := strconv.Atoi(os.Getenv("KINGCHESS_MATCH_GAMES"))
	if games <= 0 {
		t.Skip("set KINGCHESS_MATCH_GAMES to play the match")
	}
	base, inc := 5*time.Second, 50*time.Millisecond
	if tc := os.Getenv("KINGCHESS_MATCH_TC"); tc != "" {
		var b, i float64
		if _, err := fmt.Sscanf(tc, "%g+%g", &b, &i); err != nil {
			t.Fatalf("KINGCHESS_MATCH_TC %q: want BASE+INC seconds", tc)
		}
		base, inc = time.Duration(b*float64(time.Second)), time.Duration(i*float64(time.Second))
	}
	conc, _ := strconv.Atoi(os.Getenv("KINGCHESS_MATCH_CONC"))
	conc = max(conc, 1)
	seed, _ := strconv.ParseInt(os.Getenv("KINGCHESS_MATCH_SEED"), 10, 64)

	results := make([]float64, games)
	reasons := make([]string, games)
	var mu sync.Mutex
	var done []float64
	w, d, l := 0, 0, 0
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range conc {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for g := range jobs {
				multiWhite := g%2 == 0
				res, why := playKCGame(t, seed*1_000_003+int64(g/2), multiWhite, base, inc)
				mu.Lock()
				results[g], reasons[g] = res, why
				done = append(done, res)
				switch res {
				case 1:
					w++
				case 0.5:
					d++
				default:
					l++
				}
				mean, margin := kcScoreMargin(done)
				fmt.Printf("game %d: multi %s %v (%s) -> +%d =%d -%d  score %.1f%% +- %.1f%%\n",
					g+1, map[bool]string{true: "white", false: "black"}[multiWhite], res, why, w, d, l, 100*mean, 100*margin)
				mu.Unlock()
			}
		}()
	}
	for g := range games {
		jobs <- g
	}
	close(jobs)
	wg.Wait()
	mean, margin := kcScoreMargin(results)
	fmt.Printf("FINAL multi vs single drops: %d games +%d =%d -%d score %.1f%% +- %.1f%% (95%%), tc %v+%v\n",
		games, w, d, l, 100*mean, 100*margin, base, inc)
}

// kcMatchMargin is the grace beyond the clock before a time forfeit (as
// the match arbiter's -margin): the machine may be loaded.
const kcMatchMargin = 200 * time.Millisecond

// kcScoreMargin returns the mean game score and its 95% error bar.
func kcScoreMargin(s []float64) (mean, margin float64) {
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

// playKCGame plays one game and returns the multi-drop side's score and
// why the game ended. Adjudication: 400 plies is a draw; a side whose
// search reports being 1000 cp down (or mated) on 3 consecutive own moves
// while the opponent agrees loses.
func playKCGame(t *testing.T, seed int64, multiWhite bool, base, inc time.Duration) (float64, string) {
	rng := rand.New(rand.NewSource(seed))
	p := mustKC(t, kingchess.StartFEN, false)
	// Opening: each side's King on a random first-rank square (unless
	// KINGCHESS_MATCH_EMPTY is set: then the engines start from the empty
	// board, which is the same opening every time).
	for c := variants.White; c <= variants.Black && os.Getenv("KINGCHESS_MATCH_EMPTY") == ""; c++ {
		f := rng.Intn(8)
		m, err := p.ParseMove(fmt.Sprintf("K@%c%d", 'a'+f, map[variants.Color]int{variants.White: 1, variants.Black: 8}[c]))
		if err != nil {
			t.Fatal(err)
		}
		p.Make(m)
	}
	multi, single := New(Options{HashMB: 16}), New(Options{HashMB: 16})
	clock := [2]time.Duration{base, base}
	multiColor := variants.White
	if !multiWhite {
		multiColor = variants.Black
	}
	score := func(res float64) float64 { // res from White's view
		if multiWhite {
			return res
		}
		return 1 - res
	}
	var lowStreak, lastScore [2]int
	verbose := os.Getenv("KINGCHESS_MATCH_VERBOSE") != ""
	for ply := 0; ply < 400; ply++ {
		if verbose {
			fmt.Printf("  %s\n", p.FEN())
		}
		st := p.Status()
		switch st.Outcome {
		case variants.WhiteWins:
			return score(1), st.Reason
		case variants.BlackWins:
			return score(0), st.Reason
		case variants.Draw:
			return 0.5, st.Reason
		}
		us := p.SideToMove()
		lim := Limits{WTime: clock[0], BTime: clock[1], WInc: inc, BInc: inc, MoveOverhead: 30 * time.Millisecond}
		start := time.Now()
		var res Result
		if us == multiColor {
			res = multi.Search(context.Background(), p, lim, nil)
		} else {
			res = single.SearchSingleDrops(context.Background(), p, lim, nil)
		}
		clock[us] -= time.Since(start)
		if clock[us] < -kcMatchMargin {
			if us == variants.White {
				return score(0), "time forfeit"
			}
			return score(1), "time forfeit"
		}
		clock[us] = max(clock[us], 0) + inc
		if res.Best.IsNone() {
			t.Fatalf("no move in %s", p.FEN())
		}
		if kingchess.IsDrop(res.Best) && !p.LegalDropAction(res.Best) {
			t.Fatalf("illegal drop %s in %s", kingchess.FormatMove(res.Best), p.FEN())
		}
		lastScore[us] = res.Score
		if res.Mate != 0 {
			lastScore[us] = 30000 * res.Mate / abs(res.Mate)
		}
		if lastScore[us] <= -1000 {
			lowStreak[us]++
		} else {
			lowStreak[us] = 0
		}
		if lowStreak[us] >= 3 && lastScore[us^1] >= 1000 {
			if us == variants.White {
				return score(0), "adjudicated"
			}
			return score(1), "adjudicated"
		}
		if verbose {
			fmt.Printf("  ply %d %s: %s score %d\n", ply, map[bool]string{true: "multi", false: "single"}[us == multiColor], kingchess.FormatMove(res.Best), res.Score)
		}
		p.Make(res.Best)
	}
	return 0.5, "400 plies"
}
