package match

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Pentanomial counts game pairs (the two games of one opening, colours
// swapped, and in russian the same rolls) by the points one engine scored
// in them: index 0 is 0 points (two losses), 1 is 1/2 (a loss and a draw),
// 2 is 1 (two draws, or a win and a loss), 3 is 3/2, 4 is 2 (two wins).
type Pentanomial [5]int

// Pairs is the number of pairs counted.
func (p Pentanomial) Pairs() int { return p[0] + p[1] + p[2] + p[3] + p[4] }

// Add counts a pair in which the engine scored points (0, 0.5, ..., 2).
func (p *Pentanomial) Add(points float64) { p[int(math.Round(points*2))]++ }

// Invert is the same count from the opponent's point of view.
func (p Pentanomial) Invert() Pentanomial { return Pentanomial{p[4], p[3], p[2], p[1], p[0]} }

func (p Pentanomial) String() string {
	return fmt.Sprintf("[%d, %d, %d, %d, %d]", p[0], p[1], p[2], p[3], p[4])
}

// pairScores are the per-game scores of the five pair outcomes.
var pairScores = []float64{0, 0.25, 0.5, 0.75, 1}

// frequencies is the empirical distribution of the pair outcomes, each
// empty class counted as 1/1000 of a pair so that no probability is zero
// (the regularisation fastchess uses), and the total it was divided by.
func (p Pentanomial) frequencies() ([]float64, float64) {
	f := make([]float64, 5)
	total := 0.0
	for i, n := range p {
		f[i] = float64(n)
		if n == 0 {
			f[i] = 1e-3
		}
		total += f[i]
	}
	for i := range f {
		f[i] /= total
	}
	return f, total
}

func meanVar(x, p []float64) (float64, float64) {
	mu := 0.0
	for i := range x {
		mu += x[i] * p[i]
	}
	v := 0.0
	for i := range x {
		v += p[i] * (x[i] - mu) * (x[i] - mu)
	}
	return mu, v
}

// nEloScale converts a normalized t value (per game) to normalized Elo:
// nElo = t * 800 / ln 10.
var nEloScale = 800 / math.Ln10

// EloEstimate is an Elo difference with the half-width of its 95% interval.
type EloEstimate struct{ Elo, Error float64 }

func (e EloEstimate) String() string { return formatElo(e.Elo, e.Error) }

const z95 = 1.959963984540054

// moments are the mean and variance of the pair score (points per game)
// and the number of pairs.
func (p Pentanomial) moments() (mu, v, n float64) {
	n = float64(p.Pairs())
	if n == 0 {
		return math.NaN(), math.NaN(), 0
	}
	f := make([]float64, 5)
	for i, c := range p {
		f[i] = float64(c) / n
	}
	mu, v = meanVar(pairScores, f)
	return mu, v, n
}

// Elo is the logistic Elo difference from the pair scores, with a 95%
// interval from the variance of the pair scores (which accounts for the
// correlation of the two games of a pair, unlike the per-game variance).
func (p Pentanomial) Elo() EloEstimate {
	mu, v, n := p.moments()
	switch {
	case n == 0:
		return EloEstimate{math.NaN(), math.NaN()}
	case mu <= 0 || mu >= 1:
		return EloEstimate{eloFromScore(mu), math.Inf(1)}
	}
	se := math.Sqrt(v / n)
	return EloEstimate{eloFromScore(mu), (eloFromScore(mu+z95*se) - eloFromScore(mu-z95*se)) / 2}
}

// NormalizedElo is the normalized Elo of the pair scores: (mu - 1/2) divided
// by the standard deviation of one game's share of a pair (sigma_pair *
// sqrt 2), times 800/ln 10; its 95% interval is ±1.96/sqrt(2N) on that
// scale. Normalized Elo measures how many pairs a difference takes to show,
// independent of the draw rate.
func (p Pentanomial) NormalizedElo() EloEstimate {
	mu, v, n := p.moments()
	switch {
	case n == 0:
		return EloEstimate{math.NaN(), math.NaN()}
	case v == 0 && mu == 0.5:
		return EloEstimate{0, math.Inf(1)} // every pair split evenly
	case v == 0:
		return EloEstimate{math.Copysign(math.Inf(1), mu-0.5), math.Inf(1)}
	}
	return EloEstimate{(mu - 0.5) / math.Sqrt(2*v) * nEloScale, z95 / math.Sqrt(2*n) * nEloScale}
}

// SPRT is a sequential probability ratio test of H0: elo = Elo0 against
// H1: elo = Elo1, with error rates Alpha (accepting H1 when H0 holds) and
// Beta (accepting H0 when H1 holds). Model "normalized" reads the Elo
// bounds as normalized Elo, "logistic" as ordinary (logistic) Elo.
type SPRT struct {
	Elo0, Elo1, Alpha, Beta float64
	Model                   string
}

// ParseSPRT reads `elo0=0,elo1=5,alpha=0.05,beta=0.05[,model=normalized]`.
// Missing keys take those defaults.
func ParseSPRT(s string) (SPRT, error) {
	t := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05, Model: "normalized"}
	for _, field := range strings.Split(s, ",") {
		field = strings.TrimSpace(field)
		if field == "" {
			continue
		}
		k, v, ok := strings.Cut(field, "=")
		if !ok {
			return t, fmt.Errorf("sprt %q: %q is not key=value", s, field)
		}
		if k == "model" {
			if v != "normalized" && v != "logistic" {
				return t, fmt.Errorf("sprt %q: model %q: want normalized or logistic", s, v)
			}
			t.Model = v
			continue
		}
		x, err := strconv.ParseFloat(v, 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return t, fmt.Errorf("sprt %q: %s=%q is not a number", s, k, v)
		}
		switch k {
		case "elo0":
			t.Elo0 = x
		case "elo1":
			t.Elo1 = x
		case "alpha":
			t.Alpha = x
		case "beta":
			t.Beta = x
		default:
			return t, fmt.Errorf("sprt %q: unknown key %q (elo0, elo1, alpha, beta, model)", s, k)
		}
	}
	switch {
	case t.Elo0 >= t.Elo1:
		return t, fmt.Errorf("sprt %q: elo0 must be below elo1", s)
	case t.Alpha <= 0 || t.Alpha >= 1 || t.Beta <= 0 || t.Beta >= 1:
		return t, fmt.Errorf("sprt %q: alpha and beta must be between 0 and 1", s)
	case t.Alpha+t.Beta >= 1:
		return t, fmt.Errorf("sprt %q: alpha + beta must be below 1", s)
	case t.Elo1-t.Elo0 > 2000:
		return t, fmt.Errorf("sprt %q: elo1 - elo0 is too wide", s)
	}
	return t, nil
}

func (t SPRT) String() string {
	return fmt.Sprintf("elo0=%g,elo1=%g,alpha=%g,beta=%g,model=%s", t.Elo0, t.Elo1, t.Alpha, t.Beta, t.Model)
}

// Bounds are the LLR thresholds: below Lower the test accepts H0, above
// Upper H1 (Wald's approximations ln(beta/(1-alpha)) and ln((1-beta)/alpha)).
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// Decision is the state of an SPRT.
type Decision int

const (
	Continue Decision = iota
	AcceptH0
	AcceptH1
)

func (d Decision) String() string {
	switch d {
	case AcceptH0:
		return "H0 accepted"
	case AcceptH1:
		return "H1 accepted"
	}
	return "continue"
}

// Decide compares an LLR with the bounds.
func (t SPRT) Decide(llr float64) Decision {
	lo, hi := t.Bounds()
	switch {
	case llr >= hi:
		return AcceptH1
	case llr <= lo:
		return AcceptH0
	}
	return Continue
}

// LLR is the log-likelihood ratio of H1 against H0 for the pair counts, the
// generalised SPRT of the pentanomial model: each hypothesis is replaced by
// the maximum-likelihood distribution over the five pair outcomes that
// satisfies it (M. Van den Bergh, "Comments on normalized Elo"), and
// LLR = N * sum_i phat_i ln(p1_i / p0_i).
func (t SPRT) LLR(p Pentanomial) float64 {
	if p.Pairs() == 0 {
		return 0
	}
	f, total := p.frequencies()
	var p0, p1 []float64
	if t.Model == "logistic" {
		p0 = mleMean(pairScores, f, scoreFromElo(t.Elo0))
		p1 = mleMean(pairScores, f, scoreFromElo(t.Elo1))
	} else {
		// A per-game normalized Elo e is, per pair, t = sqrt 2 * e / scale.
		p0 = mleT(pairScores, f, 0.5, math.Sqrt2*t.Elo0/nEloScale)
		p1 = mleT(pairScores, f, 0.5, math.Sqrt2*t.Elo1/nEloScale)
	}
	llr := 0.0
	for i := range f {
		llr += f[i] * (math.Log(p1[i]) - math.Log(p0[i]))
	}
	return total * llr
}

func scoreFromElo(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// mleMean is the distribution closest (in likelihood) to phat on the
// outcomes a with expectation s: p_i = phat_i / (1 + theta (a_i - s)),
// theta the root of sum phat_i (a_i - s) / (1 + theta (a_i - s)) = 0.
func mleMean(a, phat []float64, s float64) []float64 {
	phi := make([]float64, len(a))
	for i := range a {
		phi[i] = a[i] - s
	}
	return tilt(phat, phi)
}

// mleT is the maximum-likelihood distribution on outcomes a with
// (mu - muRef) / sigma = tStar, found by the fixed-point iteration of Van
// den Bergh's section 4.1: with the current mu and sigma,
// phi_i = a_i - muRef - tStar sigma (1 + ((a_i - mu)/sigma)^2) / 2, and the
// next distribution is phat tilted by phi; start from the uniform one.
func mleT(a, phat []float64, muRef, tStar float64) []float64 {
	n := len(a)
	p := make([]float64, n)
	for i := range p {
		p[i] = 1 / float64(n)
	}
	phi := make([]float64, n)
	for iter := 0; iter < 1000; iter++ {
		mu, v := meanVar(a, p)
		sigma := math.Sqrt(v)
		for i := range a {
			z := (a[i] - mu) / sigma
			phi[i] = a[i] - muRef - tStar*sigma*(1+z*z)/2
		}
		next := tilt(phat, phi)
		diff := 0.0
		for i := range p {
			diff = math.Max(diff, math.Abs(next[i]-p[i]))
		}
		p = next
		if diff < 1e-9 {
			break
		}
	}
	return p
}

// tilt returns p_i = phat_i / (1 + theta phi_i) for the theta that makes
// sum phat_i phi_i / (1 + theta phi_i) zero, which also makes the p_i sum
// to one. theta lies where every 1 + theta phi_i is positive; the function
// falls over that interval, so bisection finds it.
func tilt(phat, phi []float64) []float64 {
	lo, hi := math.Inf(-1), math.Inf(1)
	for _, x := range phi {
		switch {
		case x > 0:
			lo = math.Max(lo, -1/x)
		case x < 0:
			hi = math.Min(hi, -1/x)
		}
	}
	f := func(theta float64) float64 {
		s := 0.0
		for i := range phi {
			s += phat[i] * phi[i] / (1 + theta*phi[i])
		}
		return s
	}
	theta := 0.0
	if !math.IsInf(lo, 0) && !math.IsInf(hi, 0) {
		for range 200 {
			mid := lo + (hi-lo)/2
			if mid <= lo || mid >= hi {
				break
			}
			if f(mid) > 0 {
				lo = mid
			} else {
				hi = mid
			}
		}
		theta = lo + (hi-lo)/2
	}
	p := make([]float64, len(phat))
	for i := range p {
		p[i] = phat[i] / (1 + theta*phi[i])
	}
	return p
}
