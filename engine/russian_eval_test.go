package engine

import (
	"math/rand"
	"testing"

	"varchess/variants"
	"varchess/variants/russian"
)

// refRussianEvaluate is the evaluation written square by square, stack by
// stack, straight from the terms' definitions (russian_eval.go): the
// bitboard Evaluate must match it.
func refRussianEvaluate(p *russian.Position) int {
	var score [2]int
	ending := p.TypeCount(russian.Queen)+p.TypeCount(russian.Rook) == 0
	for _, s := range russian.Squares {
		st := p.Stack(s, nil)
		if len(st) == 0 {
			continue
		}
		top := st[len(st)-1]
		owner := top.Color()
		carried := 0
		for _, c := range st[:len(st)-1] {
			v := russianValue[c.Type()]
			if c.Color() == owner {
				score[owner] += v
				carried += v
			} else {
				score[c.Color()] += v * russianPrisonerKeep / 16
				score[owner] += russianPrisonBonus
			}
		}
		score[owner] += russianValue[top.Type()] - carried*russianTowerRisk/64
		switch top.Type() {
		case russian.Pawn:
			r := s.Rank()
			if owner == variants.Black {
				r = 5 - r
			}
			score[owner] += russianPawnStep * (r - 1)
		case russian.Knight, russian.Bishop, russian.Queen:
			score[owner] += russianCentre * centre36(s)
		case russian.King:
			if ending {
				score[owner] += russianCentre * centre36(s)
			}
		}
	}
	us := p.SideToMove()
	return score[us] - score[us.Other()] + russianTempo
}

// TestRussianEvaluateMatchesReference: the bitboard evaluation equals the
// square-by-square reference on positions of random games (towers,
// prisoners and promotions included).
func TestRussianEvaluateMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	checked, tall := 0, 0
	for game := 0; game < 300; game++ {
		p := randomRussian(t, rng, 0)
		for ply := 0; ply < 80 && !p.Ended(); ply++ {
			got := (&russianEvaluator{p: p}).Evaluate()
			if want := refRussianEvaluate(p); got != want {
				t.Fatalf("%s: Evaluate %d, reference %d", p.FEN(), got, want)
			}
			checked++
			if p.Tall() != 0 {
				tall++
			}
			moves := p.MovesForFace(russian.Type(1+rng.Intn(6)), nil)
			p.Make(moves[rng.Intn(len(moves))])
		}
	}
	if tall < checked/4 {
		t.Errorf("only %d of %d positions have a tower", tall, checked)
	}
}
