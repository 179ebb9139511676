package engine

import (
	"context"
	"math/rand/v2"
	"testing"

	"varchess/variants"
)

func TestLevelScale(t *testing.T) {
	prev := uint64(0)
	for elo := MinElo; elo <= MaxElo; elo += 100 {
		n := LevelNodes(elo)
		if n < prev {
			t.Errorf("Elo %d: %d nodes, fewer than %d at %d", elo, n, prev, elo-100)
		}
		prev = n
		if levelNoise(elo) < 0 || elo > MinElo && levelNoise(elo) > levelNoise(elo-100) {
			t.Errorf("Elo %d: noise %.0f does not fall with the level", elo, levelNoise(elo))
		}
	}
	if LevelNodes(2300) < 2*LevelNodes(1900) || LevelNodes(1900) < 2*LevelNodes(1500) {
		t.Errorf("levels 1500/1900/2300 search %d/%d/%d nodes: too close", LevelNodes(1500), LevelNodes(1900), LevelNodes(2300))
	}
	for _, c := range []struct{ elo, lines int }{{MinElo, levelLines}, {levelExactElo - 100, levelLines}, {levelExactElo, 1}, {MaxElo, 1}} {
		st := Strength{LimitStrength: true, Elo: c.elo}
		if got := st.lines(); got != c.lines || (c.lines == 1) != (levelNoise(c.elo) == 0) {
			t.Errorf("Elo %d: %d lines, noise %.0f; want %d lines, noise only with several", c.elo, got, levelNoise(c.elo), c.lines)
		}
	}
	if SkillElo(0) != MinElo || SkillElo(MaxSkill) != MaxElo {
		t.Errorf("skill scale %d..%d", SkillElo(0), SkillElo(MaxSkill))
	}
	var full Strength
	if full.Active() || full.Skill() != MaxSkill || !full.WithSkill(5).Active() || full.WithSkill(5).EffectiveElo() != SkillElo(5) {
		t.Errorf("zero Strength is not full strength, or skills do not map")
	}
	if st := (Strength{LimitStrength: true, Elo: 1700}).WithSkill(3); st.EffectiveElo() != 1700 {
		t.Errorf("UCI_Elo must decide over Skill Level: %d", st.EffectiveElo())
	}
}

// TestLevelLimitsNodes: a level searches its node budget (within one
// polling interval), in every game, on one thread whatever Threads says.
func TestLevelLimitsNodes(t *testing.T) {
	for _, c := range everyGame {
		t.Run(c.game, func(t *testing.T) {
			p := loadCase(t, c)
			e := New(Options{HashMB: 2, Threads: 2, Strength: Strength{LimitStrength: true, Elo: 1200}})
			r := e.Search(context.Background(), p, Limits{}, nil)
			// The first iteration always completes (a move is never
			// chosen blind), even when it alone exceeds the budget.
			first := New(Options{HashMB: 2, MultiPV: levelLines}).Search(context.Background(), p, Limits{Depth: 1}, nil)
			if budget := max(LevelNodes(1200), first.Nodes); r.Nodes > budget+2048 {
				t.Errorf("%d nodes, budget %d", r.Nodes, budget)
			}
			if !contains(rootPlies(p), r.Best) {
				t.Errorf("best %s is not a root ply", p.MoveString(r.Best))
			}
		})
	}
}

// TestLevelPick: the noisy choice keeps to the lines given, prefers the
// better ones, varies more at lower levels, never trades a mate away, and
// full strength always plays the best line.
func TestLevelPick(t *testing.T) {
	lines := []pvLine{{score: 50}, {score: 30}, {score: -20}, {score: -400}}
	for i := range lines {
		lines[i].pv = make([]variants.Move, 1)
		lines[i].pv[0].Lo = uint64(i + 1)
	}
	count := func(st Strength) [4]int {
		var n [4]int
		rng := rand.New(rand.NewPCG(1, 2))
		for k := 0; k < 4000; k++ {
			l := st.pick(lines, rng)
			n[l.pv[0].Lo-1]++
		}
		return n
	}
	weak := count(Strength{LimitStrength: true, Elo: 1200})
	strong := count(Strength{LimitStrength: true, Elo: 2500})
	if weak[0] <= weak[1] || weak[1] <= weak[2] || weak[2] < weak[3] {
		t.Errorf("weak level picks %v: better lines must be likelier", weak)
	}
	if weak[3] > 4000/100 {
		t.Errorf("weak level picks the line 4.5 pawns down %d times in 4000", weak[3])
	}
	if strong[0] <= weak[0] || strong[1]+strong[2] >= weak[1]+weak[2] {
		t.Errorf("stronger level varies more: %v against %v", strong, weak)
	}
	if top := (Strength{LimitStrength: true, Elo: MaxElo}).pick(lines, rand.New(rand.NewPCG(3, 4))); top.score != 50 {
		t.Errorf("top level picked %d", top.score)
	}
	mate := []pvLine{{score: MateScore(3), pv: lines[1].pv}, {score: MateScore(3) - 200, pv: lines[0].pv}}
	for k := 0; k < 100; k++ {
		if l := (Strength{LimitStrength: true, Elo: MinElo}).pick(mate, rand.New(rand.NewPCG(uint64(k), 1))); l.score != mate[0].score {
			t.Fatal("a found mate was not played")
		}
	}
	mated := []pvLine{{score: 10, pv: lines[0].pv}, {score: MatedScore(4), pv: lines[1].pv}}
	for k := 0; k < 100; k++ {
		if l := (Strength{LimitStrength: true, Elo: MinElo}).pick(mated, rand.New(rand.NewPCG(uint64(k), 1))); l.score != 10 {
			t.Fatal("a line into a mate was picked")
		}
	}
}

// TestLevelPlaysWorseMovesSometimes: over many searches of one position a
// weak level plays more than one move, full strength always the same.
func TestLevelPlaysWorseMovesSometimes(t *testing.T) {
	p := loadCase(t, everyGame[0])
	moves := func(st Strength) map[string]bool {
		seen := map[string]bool{}
		e := New(Options{HashMB: 1, Strength: st})
		e.rng = rand.New(rand.NewPCG(5, 6))
		for k := 0; k < 12; k++ {
			e.NewGame()
			seen[p.MoveString(e.Search(context.Background(), p, Limits{Depth: 3}, nil).Best)] = true
		}
		return seen
	}
	if n := len(moves(Strength{LimitStrength: true, Elo: MinElo})); n < 2 {
		t.Errorf("weakest level played %d distinct moves in 12 searches", n)
	}
	if n := len(moves(Strength{})); n != 1 {
		t.Errorf("full strength played %d distinct moves", n)
	}
}
