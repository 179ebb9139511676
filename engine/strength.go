package engine

import (
	"math"
	"math/rand/v2"
)

// Playing levels, weakened the way a human is weaker rather than by
// random blunders or slow play:
//
//   - a smaller search: a node budget per move that halves every
//     levelEloPerDoubling Elo below levelRefElo (fewer nodes: shallower
//     sight, tactics missed beyond it, but captures still resolved);
//   - a noisy choice among the best lines: the search keeps levelLines
//     root moves exact (MultiPV), and the move played is the one whose
//     score plus a random error is highest. The error's spread grows as
//     the level falls, so a weak level often prefers a move a little worse
//     than the best (a pawn, a tempo), rarely one much worse, and never
//     one the search did not rate among its best.
//
// The Elo scale is Stockfish's UCI_Elo (calibrated in chess against
// Debian's Stockfish at 10+0.1 with scripts/strength-calibrate.sh, which
// refits levelRefElo and levelEloPerDoubling). The mapping depends only on
// node counts, so it stays put when the evaluation changes; when the
// search gets stronger per node, the calibration is rerun. A level is the
// same amount of work in every game (one thread); how it compares to full
// strength there is in docs/strength.md.

// Level bounds (UCI_Elo) and the Skill Level scale.
const (
	MinElo   = 1000
	MaxElo   = 2800
	MaxSkill = 20 // Skill Level 20 is full strength
)

// Calibration constants (see scripts/strength-calibrate.sh).
const (
	levelRefElo         = 1920   // the level searching levelRefNodes per move
	levelRefNodes       = 120000 // nodes per move at levelRefElo
	levelEloPerDoubling = 79     // Elo gained per doubling of the nodes
	levelMinNodes       = 400    // the least budget (depth 2-3 in chess)
	levelLines          = 4      // root moves kept exact for the choice
	levelExactElo       = 2300   // the level from which the choice has no noise
)

// Strength is a playing level. The zero value is full strength.
type Strength struct {
	// LimitStrength and Elo are UCI_LimitStrength and UCI_Elo
	// (MinElo..MaxElo); when LimitStrength is set, Elo decides the level.
	LimitStrength bool
	Elo           int
	// Handicap is MaxSkill minus the Skill Level (0..MaxSkill), so that
	// the zero Strength is full strength; see WithSkill and Skill.
	Handicap int
}

// WithSkill returns st with Skill Level level (0..MaxSkill; MaxSkill is
// full strength unless LimitStrength is set).
func (st Strength) WithSkill(level int) Strength {
	st.Handicap = MaxSkill - max(0, min(level, MaxSkill))
	return st
}

// Skill is the Skill Level, 0..MaxSkill.
func (st Strength) Skill() int { return MaxSkill - max(0, min(st.Handicap, MaxSkill)) }

// SkillElo is the level of Skill Level s on the Elo scale: MinElo for 0,
// in equal steps up to MaxElo at MaxSkill.
func SkillElo(s int) int { return MinElo + s*(MaxElo-MinElo)/MaxSkill }

// Active reports whether the level weakens play.
func (st Strength) Active() bool { return st.LimitStrength || st.Skill() < MaxSkill }

// EffectiveElo is the level on the Elo scale (0 when not active).
func (st Strength) EffectiveElo() int {
	switch {
	case st.LimitStrength:
		return max(MinElo, min(st.Elo, MaxElo))
	case st.Skill() < MaxSkill:
		return SkillElo(st.Skill())
	}
	return 0
}

func (st Strength) clamped() Strength {
	if st.Elo != 0 {
		st.Elo = max(MinElo, min(st.Elo, MaxElo))
	}
	st.Handicap = max(0, min(st.Handicap, MaxSkill))
	return st
}

// LevelNodes is the node budget per move at elo.
func LevelNodes(elo int) uint64 {
	n := levelRefNodes * math.Exp2(float64(elo-levelRefElo)/levelEloPerDoubling)
	return uint64(max(n, levelMinNodes))
}

// levelNoise is the spread (standard deviation, centipawns) of the error
// added to each line's score at elo: about a pawn at MinElo, falling to 0
// at levelExactElo. Above that a level plays its best line: the engine at
// full strength plays about there on the calibration scale (docs/
// strength.md), so noise on top of a deep search would only make those
// levels weaker than their numbers.
func levelNoise(elo int) float64 {
	return max(0, float64(levelExactElo-elo)*100/float64(levelExactElo-MinElo))
}

// limits caps the search at the level's node budget.
func (st Strength) limits(lim Limits) Limits {
	n := LevelNodes(st.EffectiveElo())
	if lim.Nodes == 0 || lim.Nodes > n {
		lim.Nodes = n
	}
	return lim
}

// lines is how many root moves the level's search keeps exact: one when
// its choice has no noise (extra lines would only cost depth).
func (st Strength) lines() int {
	if levelNoise(st.EffectiveElo()) <= 0 {
		return 1
	}
	return levelLines
}

// pick chooses the move to play among lines (best first): the highest
// score plus a normal error of the level's spread. Mate scores are never
// blurred: a found mate is played, a line into a mate is avoided.
func (st Strength) pick(lines []pvLine, rng *rand.Rand) pvLine {
	sigma := levelNoise(st.EffectiveElo())
	if sigma <= 0 || len(lines) < 2 || isMate(lines[0].score) {
		return lines[0]
	}
	best, bestV := 0, math.Inf(-1)
	for i, l := range lines {
		if isMate(l.score) {
			continue // a line into a mate: not a human's "slightly worse"
		}
		v := float64(l.score) + sigma*rng.NormFloat64()
		if v > bestV {
			best, bestV = i, v
		}
	}
	return lines[best]
}
