package match

import (
	"fmt"
	"math"
)

// Stats is a match score from one engine's point of view.
type Stats struct {
	Wins, Losses, Draws int
}

// Games is the number of games counted.
func (s Stats) Games() int { return s.Wins + s.Losses + s.Draws }

// Points is wins plus half the draws.
func (s Stats) Points() float64 { return float64(s.Wins) + float64(s.Draws)/2 }

// Score is the points per game (0..1); NaN with no games.
func (s Stats) Score() float64 { return s.Points() / float64(s.Games()) }

// DrawRate is the fraction of drawn games.
func (s Stats) DrawRate() float64 { return float64(s.Draws) / float64(s.Games()) }

// eloFromScore is the logistic Elo difference for an expected score.
// It is ±Inf at 0 and 1.
func eloFromScore(score float64) float64 {
	switch {
	case score >= 1:
		return math.Inf(1)
	case score <= 0:
		return math.Inf(-1)
	}
	return -400 * math.Log10(1/score-1)
}

// Elo is the Elo difference implied by the score: -400 log10(1/s - 1).
func (s Stats) Elo() float64 { return eloFromScore(s.Score()) }

// EloError95 is the half-width of the 95% confidence interval of Elo(),
// from the per-game score variance (each game scores 1, 1/2 or 0): with
// sigma = sqrt(var/N), the interval is Elo(s ± 1.96 sigma), and the error is
// half its width.
func (s Stats) EloError95() float64 {
	n := float64(s.Games())
	if n == 0 {
		return math.NaN()
	}
	mu := s.Score()
	if mu == 0 || mu == 1 {
		return math.Inf(1) // Elo is infinite; no finite interval
	}
	w, d, l := float64(s.Wins)/n, float64(s.Draws)/n, float64(s.Losses)/n
	variance := w*(1-mu)*(1-mu) + d*(0.5-mu)*(0.5-mu) + l*mu*mu
	sigma := math.Sqrt(variance / n)
	const z95 = 1.959963984540054
	return (eloFromScore(mu+z95*sigma) - eloFromScore(mu-z95*sigma)) / 2
}

// LOS is the likelihood of superiority, 0.5 (1 + erf((W-L) / sqrt(2(W+L)))):
// the probability that this engine is the stronger one, draws ignored.
func (s Stats) LOS() float64 {
	if s.Wins+s.Losses == 0 {
		return 0.5
	}
	return 0.5 * (1 + math.Erf(float64(s.Wins-s.Losses)/math.Sqrt(2*float64(s.Wins+s.Losses))))
}

// Summary is the final report lines for the engine named name.
func (s Stats) Summary(name string) string {
	return fmt.Sprintf("%s: %d games, +%d -%d =%d, %.1f points (%.1f%%), draw rate %.1f%%, Elo %s, LOS %.1f%%",
		name, s.Games(), s.Wins, s.Losses, s.Draws, s.Points(), 100*s.Score(), 100*s.DrawRate(),
		formatElo(s.Elo(), s.EloError95()), 100*s.LOS())
}

func formatElo(elo, errBar float64) string {
	e := func(v float64) string {
		switch {
		case math.IsNaN(v):
			return "nan"
		case math.IsInf(v, 1):
			return "+inf"
		case math.IsInf(v, -1):
			return "-inf"
		}
		return fmt.Sprintf("%.1f", v+0) // +0 turns -0 into 0
	}
	return e(elo) + " +/- " + e(errBar)
}

// Invert is the same score from the opponent's point of view.
func (s Stats) Invert() Stats { return Stats{Wins: s.Losses, Losses: s.Wins, Draws: s.Draws} }

// addGame counts a game in which the engine scored pts (1, 1/2 or 0).
func (s *Stats) addGame(pts float64) {
	switch pts {
	case 1:
		s.Wins++
	case 0:
		s.Losses++
	default:
		s.Draws++
	}
}
