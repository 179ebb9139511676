package engine

import (
	"context"
	"testing"
)

func TestWDLModel(t *testing.T) {
	for _, game := range []string{"chess", "russian", "kingchess"} {
		m := wdlFor(game)
		prevW := -1
		for s := -2000; s <= 2000; s += 25 {
			w := m.wdl(s)
			if w[0] < 0 || w[1] < 0 || w[2] < 0 || w[0]+w[1]+w[2] != 1000 {
				t.Fatalf("%s score %d: wdl %v", game, s, w)
			}
			if w[0] < prevW {
				t.Fatalf("%s score %d: wins fall to %d", game, s, w[0])
			}
			prevW = w[0]
			if r := m.wdl(-s); r[0] != w[2] || r[2] != w[0] {
				t.Fatalf("%s: wdl(%d) = %v but wdl(%d) = %v", game, s, w, -s, r)
			}
		}
		if w := m.wdl(0); w[0] != w[2] || w[0] > 500 {
			t.Errorf("%s: level position %v", game, w)
		}
		if m.wdl(MateScore(5)) != [3]int{1000, 0, 0} || m.wdl(MatedScore(2)) != [3]int{0, 0, 1000} {
			t.Errorf("%s: mates are not certain", game)
		}
	}
}

// TestInfoCarriesWDL: every info line's WDL is the model's for its score,
// also for russian's expectimax values.
func TestInfoCarriesWDL(t *testing.T) {
	for _, c := range everyGame {
		p := loadCase(t, c)
		m := wdlFor(c.game)
		New(Options{HashMB: 2}).Search(context.Background(), p, Limits{Depth: 2}, func(in Info) {
			if in.WDL != m.wdl(in.Score) {
				t.Errorf("%s: score %d with wdl %v, model %v", c.game, in.Score, in.WDL, m.wdl(in.Score))
			}
		})
	}
}
