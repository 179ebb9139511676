package engine

import (
	"fmt"
	"testing"
	"varchess/variants/russian"
)

func TestRussianProbeScore(t *testing.T) {
	p := mustRussian(t, "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - 0 1")
	m, _ := p.ParseMove("b1c3")
	p.Make(m)
	for _, q := range []int{0, 1, 2} {
		s := newTestSearch(p, false)
		s.maxQ = q
		v := s.chance(3, 1, -Infinity, Infinity)
		r := newTestSearch(p, false)
		r.maxQ = q
		fmt.Println("q", q, "value", -v, "ref", -refChance(r, 3, 1))
	}
	// per black face, best reply value (white's view)
	s := newTestSearch(p, false)
	s.maxQ = 0
	for f := russian.Pawn; f <= russian.King; f++ {
		best := -Infinity
		var bm string
		for _, mv := range p.MovesForFace(f, nil) {
			p.Make(mv)
			v := -s.chance(2, 2, -Infinity, Infinity)
			p.Unmake()
			if v > best {
				best, bm = v, p.MoveString(mv)
			}
		}
		fmt.Println("black face", string(f.Letter()), "best", bm, "black value", best)
	}
}
