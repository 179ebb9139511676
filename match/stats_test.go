package match

import (
	"math"
	"testing"
)

func TestStatsKnownValues(t *testing.T) {
	// Reference figures computed independently (Python, the formulas of
	// docs/match.md).
	cases := []struct {
		s                    Stats
		score, elo, err, los float64
	}{
		{Stats{50, 50, 0}, 0.5, 0, 68.98875106670990, 0.5},
		{Stats{30, 10, 60}, 0.6, 70.43650362227247, 42.80124239838666, 0.9992172988709987},
		{Stats{120, 80, 100}, 0.5666666666666667, 46.60222762857488, 32.34119744961309, 0.9976611325094764},
		{Stats{3, 1, 0}, 0.75, 190.848501887865, math.NaN(), 0.5 * (1 + math.Erf(2/math.Sqrt(8)))},
	}
	near := func(got, want float64) bool {
		if math.IsNaN(want) {
			return true
		}
		return math.Abs(got-want) < 1e-9
	}
	for _, c := range cases {
		if got := c.s.Score(); !near(got, c.score) {
			t.Errorf("%+v: score %v, want %v", c.s, got, c.score)
		}
		if got := c.s.Elo(); !near(got, c.elo) {
			t.Errorf("%+v: Elo %v, want %v", c.s, got, c.elo)
		}
		if got := c.s.EloError95(); !near(got, c.err) {
			t.Errorf("%+v: error bar %v, want %v", c.s, got, c.err)
		}
		if got := c.s.LOS(); !near(got, c.los) {
			t.Errorf("%+v: LOS %v, want %v", c.s, got, c.los)
		}
	}
}

func TestStatsEdges(t *testing.T) {
	if e := (Stats{Wins: 5}).Elo(); !math.IsInf(e, 1) {
		t.Errorf("all wins: Elo %v, want +Inf", e)
	}
	if e := (Stats{Losses: 5}).Elo(); !math.IsInf(e, -1) {
		t.Errorf("all losses: Elo %v, want -Inf", e)
	}
	if e := (Stats{Wins: 5}).EloError95(); !math.IsInf(e, 1) {
		t.Errorf("all wins: error bar %v, want +Inf", e)
	}
	if l := (Stats{Draws: 4}).LOS(); l != 0.5 {
		t.Errorf("only draws: LOS %v, want 0.5", l)
	}
	if e := (Stats{Draws: 4}).EloError95(); e != 0 {
		t.Errorf("only draws: error bar %v, want 0", e)
	}
	s := Stats{Wins: 7, Losses: 2, Draws: 3}
	if inv := s.Invert(); inv.Wins != 2 || inv.Losses != 7 || math.Abs(inv.Elo()+s.Elo()) > 1e-9 {
		t.Errorf("Invert(%+v) = %+v, Elo %v vs %v", s, inv, inv.Elo(), s.Elo())
	}
	if d := s.DrawRate(); math.Abs(d-0.25) > 1e-12 {
		t.Errorf("draw rate %v, want 0.25", d)
	}
}
