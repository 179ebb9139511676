package match

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
)

// writeReport prints the final report of a match: for two engines the
// score, terminations, each engine's line, the pair statistics (pentanomial
// counts, Elo from the pairs, normalized Elo) and the SPRT; for more, the
// rating list and the crosstable.
func writeReport(w io.Writer, cfg *Config, out *Outcome) {
	names := cfg.engineNames()
	fmt.Fprintf(w, "Terminations: %s\n", terminations(out.Games))
	if len(names) > 2 {
		fmt.Fprint(w, ratingTable(names, out.Games))
		fmt.Fprint(w, crosstable(names, out.Games))
		return
	}
	a, b, s := names[0], names[1], out.Stats
	fmt.Fprintf(w, "Score of %s vs %s: %d - %d - %d  [%.3f] %d\n", a, b, s.Wins, s.Losses, s.Draws, s.Score(), s.Games())
	fmt.Fprintln(w, s.Summary(a))
	fmt.Fprintln(w, s.Invert().Summary(b))
	if out.Penta.Pairs() > 0 {
		fmt.Fprintf(w, "Ptnml(0-2) of %s: %v over %d pairs, Elo %v, nElo %v, pair variance ratio %s\n", a, out.Penta, out.Penta.Pairs(),
			out.Penta.Elo(), out.Penta.NormalizedElo(), fmtRatio(pairVarianceRatio(s, out.Penta)))
	}
	if cfg.SPRT != nil {
		lo, hi := cfg.SPRT.Bounds()
		verdict := out.Decision.String()
		if cfg.Shards > 0 {
			verdict = "shard only: merge the shards for the decision"
		}
		fmt.Fprintf(w, "SPRT: %s; LLR %.2f (%.2f, %.2f); %s\n", cfg.SPRT, out.LLR, lo, hi, verdict)
	}
}

func terminations(games []gameRecord) string {
	terms := map[string]int{}
	for _, g := range games {
		terms[g.Termination]++
	}
	var parts []string
	for _, t := range []string{"normal", "adjudication", "time forfeit", "rules infraction", "abandoned", "resign"} {
		if terms[t] > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", t, terms[t]))
		}
	}
	return strings.Join(parts, ", ")
}

// engineTotals is each engine's score over all its games.
func engineTotals(n int, games []gameRecord) []Stats {
	out := make([]Stats, n)
	for _, g := range games {
		out[g.WhiteEngine].addGame(points(g, g.WhiteEngine))
		out[g.BlackEngine].addGame(points(g, g.BlackEngine))
	}
	return out
}

// ratingTable is the rating list: maximum-likelihood Elo over all games
// (mean 0) with 95% error bars, best first.
func ratingTable(names []string, games []gameRecord) string {
	n := len(names)
	res := make([]result, 0, len(games))
	for _, g := range games {
		res = append(res, result{g.WhiteEngine, g.BlackEngine, points(g, g.WhiteEngine)})
	}
	ratings := mlRatings(n, res)
	totals := engineTotals(n, games)
	order := rankOrder(ratings)
	width := nameWidth(names)
	var b strings.Builder
	fmt.Fprintf(&b, "Rank %-*s %8s %7s %6s %7s %6s\n", width, "Name", "Elo", "+/-", "Games", "Score", "Draw")
	for rank, i := range order {
		t := totals[i]
		fmt.Fprintf(&b, "%4d %-*s %8s %7s %6d %6.1f%% %5.1f%%\n", rank+1, width, names[i],
			fmtNum(ratings[i].Elo), fmtNum(ratings[i].Error), t.Games(), 100*t.Score(), 100*t.DrawRate())
	}
	return b.String()
}

// crosstable has a row per engine (in rating order) with its points and
// games against each opponent.
func crosstable(names []string, games []gameRecord) string {
	n := len(names)
	var pts [][]float64
	var cnt [][]int
	for range n {
		pts = append(pts, make([]float64, n))
		cnt = append(cnt, make([]int, n))
	}
	res := make([]result, 0, len(games))
	for _, g := range games {
		w, bl := g.WhiteEngine, g.BlackEngine
		pts[w][bl] += points(g, w)
		pts[bl][w] += points(g, bl)
		cnt[w][bl]++
		cnt[bl][w]++
		res = append(res, result{w, bl, points(g, w)})
	}
	order := rankOrder(mlRatings(n, res))
	width := nameWidth(names)
	col := max(width, 9)
	var b strings.Builder
	fmt.Fprintf(&b, "Crosstable (points of the row engine against the column engine / games)\n%-*s", width, "")
	for _, j := range order {
		fmt.Fprintf(&b, " %*s", col, names[j])
	}
	b.WriteByte('\n')
	for _, i := range order {
		fmt.Fprintf(&b, "%-*s", width, names[i])
		for _, j := range order {
			cell := "-"
			if i != j && cnt[i][j] > 0 {
				cell = fmt.Sprintf("%g/%d", pts[i][j], cnt[i][j])
			} else if i != j {
				cell = "."
			}
			fmt.Fprintf(&b, " %*s", col, cell)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func rankOrder(r []Rating) []int {
	order := make([]int, len(r))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return r[order[a]].Elo > r[order[b]].Elo })
	return order
}

func nameWidth(names []string) int {
	w := 4
	for _, n := range names {
		w = max(w, len(n))
	}
	return w
}

func fmtNum(v float64) string {
	switch {
	case math.IsInf(v, 1):
		return "inf"
	case math.IsInf(v, -1):
		return "-inf"
	case math.IsNaN(v):
		return "nan"
	}
	return fmt.Sprintf("%.1f", v+0)
}

// pairVarianceRatio is the variance of a pair's mean score divided by what
// it would be if the pair's two games were independent (half the per-game
// variance). Below 1 the pairing helps: a test on pairs needs about this
// fraction of the games a test on single games needs.
func pairVarianceRatio(s Stats, p Pentanomial) float64 {
	n := float64(s.Games())
	_, vp, pairs := p.moments()
	if n == 0 || pairs == 0 {
		return math.NaN()
	}
	mu := s.Score()
	vg := (float64(s.Wins)*(1-mu)*(1-mu) + float64(s.Draws)*(0.5-mu)*(0.5-mu) + float64(s.Losses)*mu*mu) / n
	return vp / (vg / 2)
}

func fmtRatio(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "n/a"
	}
	return fmt.Sprintf("%.2f", v)
}
