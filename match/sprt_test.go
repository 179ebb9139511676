package match

import (
	"context"
	"math"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func TestParseSPRT(t *testing.T) {
	s, err := ParseSPRT("elo0=0,elo1=5,alpha=0.05,beta=0.05")
	if err != nil || s != (SPRT{0, 5, 0.05, 0.05, "normalized"}) {
		t.Fatalf("got %+v, %v", s, err)
	}
	s, err = ParseSPRT("elo0=-1.5,elo1=3.5,alpha=0.1,beta=0.02,model=logistic")
	if err != nil || s != (SPRT{-1.5, 3.5, 0.1, 0.02, "logistic"}) {
		t.Fatalf("got %+v, %v", s, err)
	}
	for _, bad := range []string{"elo0=5,elo1=0", "alpha=0", "beta=1", "alpha=0.6,beta=0.5", "model=bayes", "elo1", "x=1", "elo1=NaN", "elo1=inf"} {
		if _, err := ParseSPRT(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
	lo, hi := s.Bounds()
	// Wald: ln(beta/(1-alpha)), ln((1-beta)/alpha).
	if !near(lo, math.Log(0.02/0.9), 1e-12) || !near(hi, math.Log(0.98/0.1), 1e-12) {
		t.Errorf("bounds %v %v", lo, hi)
	}
	d := SPRT{0, 5, 0.05, 0.05, "normalized"}
	if d.Decide(2.95) != AcceptH1 || d.Decide(-2.95) != AcceptH0 || d.Decide(2.9) != Continue {
		t.Errorf("decisions at ±2.94 wrong")
	}
}

// goldenMax maximises a unimodal f on [a, b].
func goldenMax(f func(float64) float64, a, b float64) float64 {
	g := (math.Sqrt(5) - 1) / 2
	for range 200 {
		c, d := b-g*(b-a), a+g*(b-a)
		if f(c) > f(d) {
			b = d
		} else {
			a = c
		}
	}
	return (a + b) / 2
}

// bruteLLR3 is the generalised LLR for three outcomes {0, 1/2, 1} by brute
// force: under each hypothesis the distribution has one free parameter
// left (the draw probability d), the remaining one being fixed by the
// constraint; the likelihood is maximised over d by golden section.
// constrain(d) returns the win probability (or NaN if none fits).
func bruteLLR3(phat []float64, n float64, constrain0, constrain1 func(d float64) float64) float64 {
	maxLL := func(constrain func(float64) float64) float64 {
		ll := func(d float64) float64 {
			w := constrain(d)
			l := 1 - w - d
			if math.IsNaN(w) || w <= 0 || l <= 0 || d <= 0 {
				return math.Inf(-1)
			}
			return phat[0]*math.Log(l) + phat[1]*math.Log(d) + phat[2]*math.Log(w)
		}
		// The feasible draw rates form an interval; find its ends on a grid.
		lo, hi := -1.0, -1.0
		for i := 1; i < 20000; i++ {
			d := float64(i) / 20000
			if !math.IsInf(ll(d), -1) {
				if lo < 0 {
					lo = d
				}
				hi = d
			}
		}
		return ll(goldenMax(ll, lo, hi))
	}
	return n * (maxLL(constrain1) - maxLL(constrain0))
}

// TestLLRAgainstBruteForce checks the generalised SPRT's maximum-likelihood
// distributions (the tilting of Van den Bergh's paper, as fastchess and
// OpenBench compute them) on three outcomes, where the constrained maximum
// can be found by a one-dimensional search instead.
func TestLLRAgainstBruteForce(t *testing.T) {
	scores := []float64{0, 0.5, 1}
	for _, c := range [][3]int{{30, 50, 40}, {100, 300, 140}, {5, 2, 13}, {70, 60, 50}} {
		n := float64(c[0] + c[1] + c[2])
		phat := []float64{float64(c[0]) / n, float64(c[1]) / n, float64(c[2]) / n}
		llr := func(p0, p1 []float64) float64 {
			s := 0.0
			for i := range phat {
				s += phat[i] * math.Log(p1[i]/p0[i])
			}
			return n * s
		}
		// Logistic: expected score s = w + d/2.
		s0, s1 := scoreFromElo(-10), scoreFromElo(20)
		got := llr(mleMean(scores, phat, s0), mleMean(scores, phat, s1))
		want := bruteLLR3(phat, n, func(d float64) float64 { return s0 - d/2 }, func(d float64) float64 { return s1 - d/2 })
		if !near(got, want, 1e-6*math.Max(1, math.Abs(want))) {
			t.Errorf("%v logistic: LLR %.9f, brute force %.9f", c, got, want)
		}
		// Normalized: (mu - 1/2)/sigma = tt, solved for w by bisection.
		normal := func(tt float64) func(float64) float64 {
			return func(d float64) float64 {
				f := func(w float64) float64 {
					mu := w + d/2
					v := w*(1-mu)*(1-mu) + d*(0.5-mu)*(0.5-mu) + (1-w-d)*mu*mu
					return (mu-0.5)/math.Sqrt(v) - tt
				}
				a, b := 1e-12, 1-d-1e-12
				if b <= a || f(a) > 0 || f(b) < 0 {
					return math.NaN()
				}
				for range 200 {
					m := (a + b) / 2
					if f(m) > 0 {
						b = m
					} else {
						a = m
					}
				}
				return (a + b) / 2
			}
		}
		t0, t1 := -0.05, 0.1
		got = llr(mleT(scores, phat, 0.5, t0), mleT(scores, phat, 0.5, t1))
		want = bruteLLR3(phat, n, normal(t0), normal(t1))
		if !near(got, want, 1e-5*math.Max(1, math.Abs(want))) {
			t.Errorf("%v normalized: LLR %.9f, brute force %.9f", c, got, want)
		}
	}
}

// TestPentanomialLLRApproximations compares the pentanomial LLR with the
// published asymptotic formulas, which agree closely when the Elo bounds
// are near the measured value: with pair-score mean mu and variance var
// over N pairs, logistic LLR ≈ N (s1-s0)(2mu-s0-s1) / (2 var), and
// normalized LLR ≈ N (t1-t0)(2t-t0-t1) / 2 with t = (mu-1/2)/sqrt(var) and
// t0, t1 the pair t values of the bounds (sqrt 2 nElo ln10/800).
func TestPentanomialLLRApproximations(t *testing.T) {
	for _, p := range []Pentanomial{{30, 120, 300, 130, 35}, {200, 900, 2100, 1000, 250}, {10, 40, 100, 38, 12}} {
		n := float64(p.Pairs())
		f := make([]float64, 5)
		for i, c := range p {
			f[i] = float64(c) / n
		}
		mu := (f[1]*0.25 + f[2]*0.5 + f[3]*0.75 + f[4]) // independent of meanVar
		v := f[0]*mu*mu + f[1]*(0.25-mu)*(0.25-mu) + f[2]*(0.5-mu)*(0.5-mu) + f[3]*(0.75-mu)*(0.75-mu) + f[4]*(1-mu)*(1-mu)

		lg := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05, Model: "logistic"}
		s0, s1 := 1/(1+math.Pow(10, 0)), 1/(1+math.Pow(10, -5.0/400))
		approx := n * (s1 - s0) * (2*mu - s0 - s1) / (2 * v)
		if got := lg.LLR(p); !near(got, approx, 0.03*math.Abs(approx)+0.02) {
			t.Errorf("%v logistic: LLR %.4f, approximation %.4f", p, got, approx)
		}
		nm := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05, Model: "normalized"}
		tt := (mu - 0.5) / math.Sqrt(v)
		t0, t1 := 0.0, math.Sqrt2*5*math.Ln10/800
		approx = n * (t1 - t0) * (2*tt - t0 - t1) / 2
		if got := nm.LLR(p); !near(got, approx, 0.03*math.Abs(approx)+0.02) {
			t.Errorf("%v normalized: LLR %.4f, approximation %.4f", p, got, approx)
		}
		// Normalized Elo: t / sqrt 2 * 800/ln10, error 1.96/sqrt(2N) on that scale.
		ne := p.NormalizedElo()
		if !near(ne.Elo, tt/math.Sqrt2*800/math.Ln10, 1e-9) || !near(ne.Error, 1.959963984540054/math.Sqrt(2*n)*800/math.Ln10, 1e-9) {
			t.Errorf("%v: nElo %v", p, ne)
		}
		// Elo from the pairs: the logistic Elo of mu.
		if e := p.Elo(); !near(e.Elo, -400*math.Log10(1/mu-1), 1e-9) {
			t.Errorf("%v: Elo %v", p, e)
		}
	}
}

func TestPentanomialCounts(t *testing.T) {
	var p Pentanomial
	for _, pts := range []float64{0, 0.5, 1, 1, 1.5, 2, 2} {
		p.Add(pts)
	}
	if p != (Pentanomial{1, 1, 2, 1, 2}) || p.Pairs() != 7 || p.Invert() != (Pentanomial{2, 1, 2, 1, 1}) {
		t.Errorf("%v %v", p, p.Invert())
	}
	if e := (Pentanomial{0, 0, 0, 0, 3}).Elo(); !math.IsInf(e.Elo, 1) || !math.IsInf(e.Error, 1) {
		t.Errorf("all wins: %v", e)
	}
	if e := (Pentanomial{0, 0, 4, 0, 0}).NormalizedElo(); e.Elo != 0 || !math.IsInf(e.Error, 1) {
		t.Errorf("all pairs even: nElo %v", e)
	}
}

// TestSPRTMatches runs SPRTs with the built-in players in russian (the die
// makes random games varied): greedy against random must accept H1 within
// the budget and stop there; random against itself must not accept H1.
func TestSPRTMatches(t *testing.T) {
	t.Parallel()
	g, err := allGet("russian")
	if err != nil {
		t.Skip(err)
	}
	sprt := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05, Model: "normalized"}
	run := func(a, b string, games int) *Outcome {
		cfg := Config{Game: g, Engines: []EngineSpec{mustSpec(t, a), mustSpec(t, "name=other,cmd="+b)}, Games: games,
			TC: TimeControl{Base: 60e9}, Concurrency: 2, Seed: 5, SPRT: &sprt}
		cfg.Adjudicate.MaxPlies = 150
		res, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	res := run("builtin:greedy", "builtin:random", 1000)
	// With two games at once, one game of the next pair may have ended first.
	if res.Decision != AcceptH1 || len(res.Games) >= 1000 || len(res.Games) > 2*res.Penta.Pairs()+1 {
		t.Errorf("greedy vs random: %v after %d games, %d pairs, LLR %.2f", res.Decision, len(res.Games), res.Penta.Pairs(), res.LLR)
	}
	if _, hi := sprt.Bounds(); res.LLR < hi || sprt.LLR(res.Penta) != res.LLR {
		t.Errorf("LLR %.3f: not past the bound, or not the pairs' LLR", res.LLR)
	}
	res = run("builtin:random", "builtin:random", 300)
	if res.Decision == AcceptH1 {
		t.Errorf("random vs random accepted H1: %v, LLR %.2f", res.Penta, res.LLR)
	}
	if res.Decision == Continue && len(res.Games) != 300 {
		t.Errorf("an undecided SPRT stopped after %d of 300 games", len(res.Games))
	}
}

func FuzzParseSPRT(f *testing.F) {
	f.Add("elo0=0,elo1=5,alpha=0.05,beta=0.05,model=logistic")
	f.Add("elo1=1e300")
	f.Fuzz(func(t *testing.T, s string) {
		if sp, err := ParseSPRT(s); err == nil {
			if lo, hi := sp.Bounds(); !(lo < 0 && hi > 0) {
				t.Errorf("%q: bounds %v %v", s, lo, hi)
			}
		}
	})
}

// FuzzLLR: any counts give a finite LLR, whichever the model.
func FuzzLLR(f *testing.F) {
	f.Add(uint16(0), uint16(0), uint16(5), uint16(0), uint16(0), 5.0)
	f.Add(uint16(900), uint16(0), uint16(0), uint16(0), uint16(1), -3.0)
	f.Fuzz(func(t *testing.T, a, b, c, d, e uint16, elo float64) {
		if math.IsNaN(elo) || math.Abs(elo) > 500 {
			return
		}
		p := Pentanomial{int(a), int(b), int(c), int(d), int(e)}
		for _, m := range []string{"normalized", "logistic"} {
			s := SPRT{Elo0: elo, Elo1: elo + 5, Alpha: 0.05, Beta: 0.05, Model: m}
			if v := s.LLR(p); math.IsNaN(v) || math.IsInf(v, 0) {
				t.Errorf("%v %s: LLR %v", p, m, v)
			}
		}
	})
}
