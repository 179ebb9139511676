// Package spsa tunes an engine's numeric options by simultaneous
// perturbation stochastic approximation: each step plays one game pair
// between the engine with every value nudged up or down at random (theta +
// c delta) and the engine nudged the other way (theta - c delta), and moves
// every value toward the side that won, in proportion to its nudge. Games
// are the only measurement, so whatever the options change (margins,
// reductions, rates) is tuned for playing strength as it is, not for a
// proxy of it.
//
// The schedule is Spall's, as the chess-engine testing frameworks use it:
// the nudge shrinks slowly, c_k = c / (k+1)^0.101, and the step size
// a_k = a / (A+k+1)^0.602 with A a tenth of the planned steps. Each value
// is given the nudge it should have at the end (CEnd) and its learning
// rate then (REnd); c and a follow from them and the planned count.
package spsa

import (
	"fmt"
	"math"
	"math/rand/v2"
)

const (
	alpha = 0.602 // step-size decay (Spall)
	gamma = 0.101 // nudge decay (Spall)
)

// Param is one tuned value.
type Param struct {
	Name     string
	Value    float64 // theta, the current estimate
	Min, Max float64 // the range the engine accepts
	CEnd     float64 // the nudge at the last step
	REnd     float64 // the learning rate at the last step
}

// Tuner is the state of a tuning run: the values and the steps done. It
// is saved as JSON between steps (the run can be resumed).
type Tuner struct {
	Params []Param
	Steps  int    // planned steps (game pairs)
	Done   int    // steps whose result has been applied
	Seed   uint64 // the nudges' directions and the openings follow it
}

// Trial is one step's pair of engines: the values of each side, rounded
// to what the engine accepts, and what the update needs to know.
type Trial struct {
	Step        int
	Plus, Minus []int
	flip        []float64 // +1 or -1 per parameter
	c           []float64 // the nudge of each parameter at this step
}

// Validate rejects a run that could not move or has no sensible range.
func (t *Tuner) Validate() error {
	if len(t.Params) == 0 {
		return fmt.Errorf("no parameters to tune")
	}
	if t.Steps < 1 {
		return fmt.Errorf("planned steps must be at least 1, not %d", t.Steps)
	}
	for _, p := range t.Params {
		switch {
		case !(p.Min < p.Max):
			return fmt.Errorf("%s: empty range %g..%g", p.Name, p.Min, p.Max)
		case p.Value < p.Min || p.Value > p.Max:
			return fmt.Errorf("%s: value %g outside %g..%g", p.Name, p.Value, p.Min, p.Max)
		case !(p.CEnd > 0) || !(p.REnd > 0):
			return fmt.Errorf("%s: the end nudge and rate must be positive (c %g, r %g)", p.Name, p.CEnd, p.REnd)
		}
	}
	return nil
}

// stabilizer is Spall's A: a tenth of the planned steps.
func (t *Tuner) stabilizer() float64 { return float64(t.Steps) / 10 }

// nudge is parameter p's c_k at step k (0-based).
func (t *Tuner) nudge(p Param, k int) float64 {
	c := p.CEnd * math.Pow(float64(t.Steps), gamma)
	return c / math.Pow(float64(k+1), gamma)
}

// rate is parameter p's a_k / c_k^2 at step k: the factor of result x nudge
// in the update.
func (t *Tuner) rate(p Param, k int) float64 {
	A := t.stabilizer()
	a := p.REnd * p.CEnd * p.CEnd * math.Pow(A+float64(t.Steps), alpha)
	ak := a / math.Pow(A+float64(k+1), alpha)
	ck := t.nudge(p, k)
	return ak / (ck * ck)
}

// Trial draws step k's directions (from the seed and k alone, so a resumed
// run repeats them) and the two engines' values.
func (t *Tuner) Trial(k int) Trial {
	rng := rand.New(rand.NewPCG(t.Seed, uint64(k)))
	tr := Trial{Step: k}
	for _, p := range t.Params {
		f := 1.0
		if rng.IntN(2) == 0 {
			f = -1
		}
		c := t.nudge(p, k)
		tr.flip = append(tr.flip, f)
		tr.c = append(tr.c, c)
		tr.Plus = append(tr.Plus, round(p, p.Value+f*c))
		tr.Minus = append(tr.Minus, round(p, p.Value-f*c))
	}
	return tr
}

// clamp is v within p's range.
func clamp(p Param, v float64) float64 { return math.Max(p.Min, math.Min(p.Max, v)) }

// round is the integer the engine is given for v: nearest, in range.
func round(p Param, v float64) int { return int(math.Round(clamp(p, v))) }

// Apply moves the values by one trial's result: the plus engine's game
// points less the minus engine's over the pair (-2..2). Trials may be
// applied in any order (several play at once).
func (t *Tuner) Apply(tr Trial, result float64) {
	for i := range t.Params {
		p := &t.Params[i]
		step := t.rate(*p, tr.Step) * tr.c[i] * result * tr.flip[i]
		p.Value = clamp(*p, p.Value+step)
	}
	t.Done++
}

// Values are the current estimates rounded as the engine takes them.
func (t *Tuner) Values() []int {
	out := make([]int, len(t.Params))
	for i, p := range t.Params {
		out[i] = round(p, p.Value)
	}
	return out
}
