package engine

import (
	"math"

	bb "varchess/variants/bitboard"

	"varchess/variants"
	"varchess/variants/russian"
)

// Evaluation of russian (dice chess with towers, docs/rules.md section 3).
//
// Material is counted per checker, not per square: a tower's top owns and
// moves the whole stack, so
//   - a checker under a top of its own colour is worth its full value to
//     its owner (it travels with the unit and can split off later);
//   - a checker under an enemy top is a prisoner: it is lost to its owner
//     as long as the enemy holds the stack, but it is freed the moment the
//     enemy top leaves, so the owner keeps a fraction of it (the Pris weights).
//
// Towers are double-edged: a tall unit carries a lot of material that one
// capture imprisons at once, so every own checker under the top is a
// liability proportional to how exposed the top is; we charge a small
// fraction for it. Threats themselves are left to the expectimax search,
// which weighs each capture by the probability of the face it needs, with
// one exception: the King, whose capture ends the game, is charged for
// the squares next to it that the enemy reaches on many faces and its own
// side covers on few (kingDanger), and for the checks the enemy's pieces
// can give from further away (checkThreat). How much each of these counts
// is not set by hand: every weight is fitted to the results of self-play
// games (russian_weights.go, docs/tuning.md).

// russianValue is the value of one checker by type (index russian.Type),
// used where the evaluation weighs whole stacks (the carried material of a
// tower) and by the search's delta bounds. The king is never material:
// losing it ends the game.
var russianValue = [7]int{0, 100, 320, 330, 500, 950, 0}

// The evaluation is linear in the features below, counted per colour:
// score = sum of weight x (own count - enemy count), in 1/64 centipawns
// (russianWeightScale), so that `varchess tune -variant russian` can fit
// every weight to the results of self-play games. The weights live in
// russian_weights.go.
const (
	rfMatPawn   = iota // own checkers that are tops or under an own top, by type
	rfMatKnight        //
	rfMatBishop        //
	rfMatRook          //
	rfMatQueen         //
	// Prisoners: own checkers under an enemy top, by type. They are lost to
	// their owner only while the enemy holds the stack: a prisoner is freed
	// the moment the enemy top leaves, so it keeps part of its value.
	rfPrisPawn
	rfPrisKnight
	rfPrisBishop
	rfPrisRook
	rfPrisQueen
	rfPawnStep // ranks advanced by pawn tops (promotion on 6)
	rfCentreKnight
	rfCentreBishop
	rfCentreRook
	rfCentreQueen
	rfCentreKingEnd // the King's centralisation with no queen or rook left
	rfCentreKingMid // the same while queens or rooks remain
	// rfCarried is the material carried under own tops, in pawns (1, 3,
	// 3, 5, 9): a tall unit loses all of it to one capture, so it is a
	// liability.
	rfCarried
	rfHeld // enemy checkers held captive (the tower also protects them)
	// rfKingDanger and rfCheckThreat measure, in faces, how exposed the
	// King is under the die (kingDanger, checkThreat).
	rfKingDanger
	rfCheckThreat
	rfMobKnight // board squares the units of each type attack
	rfMobBishop
	rfMobRook
	rfMobQueen
	// rfKingRank0..3: the King's rank counted from its own side, the
	// fourth to sixth together (one of the four is 1): on a board of six
	// ranks a few steps forward put the King among the enemy's units.
	rfKingRank0
	rfKingRank1
	rfKingRank2
	rfKingRank3
	// rfFaces counts the faces (of the types that take part) on which the
	// side has a unit to move: a face lets every unit of its type or a
	// lower one move, so a side whose lowest top is a rook passes on every
	// pawn, knight and bishop roll.
	rfFaces
	rfTempo // 1 for the side to move: it rolls next
	russianFeatureCount
)

// russianWeightScale: the weights are in 1/64 centipawns.
const russianWeightScale = 64

// RussianFeatureNames names the features of the russian evaluation (for
// the tuner's output).
var RussianFeatureNames = [russianFeatureCount]string{
	"MatPawn", "MatKnight", "MatBishop", "MatRook", "MatQueen",
	"PrisPawn", "PrisKnight", "PrisBishop", "PrisRook", "PrisQueen",
	"PawnStep", "CentreKnight", "CentreBishop", "CentreRook", "CentreQueen",
	"CentreKingEnd", "CentreKingMid", "Carried", "Held", "KingDanger",
	"CheckThreat", "MobKnight", "MobBishop", "MobRook", "MobQueen",
	"KingRank0", "KingRank1", "KingRank2", "KingRank3",
	"Faces", "Tempo",
}

// RussianFeatures are the feature counts of one colour.
type RussianFeatures [russianFeatureCount]int

// centre36 is a small centralisation table for the 6x6 board (a-f, 1-6):
// 0 on the rim, 1 next to it, 2 in the four centre squares.
func centre36(s bb.Square) int {
	d := func(x int) int { // distance from the rim, 0..2
		return min(x, 5-x)
	}
	return min(d(s.File()), d(s.Rank()))
}

func init() {
	registerGame("russian", Game{NewEvaluator: newRussianEvaluator, NewThread: russianThreads(russianSearchOptions{})})
}

// The expectimax averages values over the die, so its values must be on
// one scale of expected result: a captured King is worth russianWin (a
// sure win), not a mate score thirty times a queen, which would make a 5%
// chance of a king capture outweigh any material. The search therefore
// maps the centipawn evaluation e to the utility
//
//	u(e) = russianWin * tanh(e / russianScale)
//
// (about 2.5 utility units per centipawn near equality; a queen up, 950 cp,
// is 83% of a win) and reports its values back in centipawns through the
// inverse (russianDisplay).
const (
	russianWin   = 2000
	russianScale = 800
	// russianEvalClamp bounds the centipawns the utility table covers.
	russianEvalClamp = 8000
)

var russianUtilityTable = func() (t [2*russianEvalClamp + 1]int16) {
	for i := range t {
		u := math.Round(russianWin * math.Tanh(float64(i-russianEvalClamp)/russianScale))
		t[i] = int16(max(-(russianWin - 1), min(u, russianWin-1))) // only a captured King is certain
	}
	return t
}()

// russianUtility maps a centipawn evaluation to utility units.
func russianUtility(cp int) int {
	return int(russianUtilityTable[max(-russianEvalClamp, min(cp, russianEvalClamp))+russianEvalClamp])
}

// russianDisplay maps utility back to centipawns for the protocols (the
// inverse of russianUtility). A certain result (every line ends with a
// King captured) is shown as mate in one move, its usual case.
func russianDisplay(u int) int {
	if u >= russianWin {
		return MateScore(1)
	}
	if u <= -russianWin {
		return MatedScore(2)
	}
	cp := russianScale * math.Atanh(float64(u)/russianWin)
	return int(math.Round(max(-(MateBound - 1), min(cp, MateBound-1))))
}

// russianEvaluator scores a *russian.Position.
type russianEvaluator struct {
	p *russian.Position
}

func newRussianEvaluator(pos variants.Position) Evaluator {
	return &russianEvaluator{p: pos.(*russian.Position)}
}

// centreMasks[i] holds the squares at least i+1 squares from the rim:
// centre36(s) is the number of masks holding s.
var centreMasks = func() (m [2]bb.Bitboard) {
	for s := bb.Square(0); s < 64; s++ {
		if !russian.OnBoard(s) {
			continue
		}
		for i := range centre36(s) {
			m[i] |= s.Bit()
		}
	}
	return m
}()

// pawnReach are the squares pawn tops of colour c attack (off-board bits
// included).
func pawnReach(pawns bb.Bitboard, c variants.Color) bb.Bitboard {
	if c == variants.White {
		return pawns.North().East() | pawns.North().West()
	}
	return pawns.South().East() | pawns.South().West()
}

// centreSum is the sum of centre36 over the squares of b.
func centreSum(b bb.Bitboard) int {
	return (b & centreMasks[0]).Count() + (b & centreMasks[1]).Count()
}

// Evaluate returns the side to move's score in centipawns.
func (e *russianEvaluator) Evaluate() int {
	var f [2]RussianFeatures
	RussianFeaturesOf(e.p, &f)
	us := e.p.SideToMove()
	return floorDiv(RussianScore(&f[us], &f[us.Other()]), russianWeightScale)
}

// RussianScore is the weighted difference of two colours' features, in
// 1/64 centipawns.
func RussianScore(own, enemy *RussianFeatures) int {
	s := 0
	for i, w := range russianWeights {
		s += w * (own[i] - enemy[i])
	}
	return s
}

// RussianWeights returns a copy of the russian evaluation's weights (1/64
// centipawns, in the order of RussianFeatureNames).
func RussianWeights() [russianFeatureCount]int { return russianWeights }

// RussianFeaturesOf counts the features of both colours of p (index by
// colour); the side to move gets the tempo.
func RussianFeaturesOf(p *russian.Position, f *[2]RussianFeatures) {
	var reach [2][7]bb.Bitboard // squares a side's units of each top type attack
	occ := p.Occupied()
	board := russian.Board()
	// Early on the king belongs at home; with few pieces left it should
	// join the game.
	ending := p.TypeCount(russian.Queen)+p.TypeCount(russian.Rook) == 0
	for c := variants.White; c <= variants.Black; c++ {
		own := p.ColorTops(c)
		fc := &f[c]
		lowest := russian.King // the lowest type among c's tops
		for t := russian.King; t >= russian.Pawn; t-- {
			tops := own & p.TypeTops(t)
			if tops == 0 {
				continue
			}
			lowest = t
			if t < russian.King {
				fc[rfMatPawn+int(t)-1] += tops.Count()
			}
			if t == russian.Pawn {
				reach[c][t] = pawnReach(tops, c)
			} else {
				for b := tops; b != 0; {
					reach[c][t] |= unitAttacks(t, c, b.PopFirst(), occ)
				}
			}
			switch t {
			case russian.Pawn:
				steps := 0 // ranks advanced from the second (a pawn uncovered on its first is -1)
				for r := range 6 {
					rank := bb.Rank1 << (8 * r)
					if c == variants.Black {
						rank = bb.Rank1 << (8 * (5 - r))
					}
					steps += (r - 1) * (tops & rank).Count()
				}
				fc[rfPawnStep] += steps
			case russian.King:
				if ending {
					fc[rfCentreKingEnd] += centreSum(tops)
				} else {
					fc[rfCentreKingMid] += centreSum(tops)
				}
			default:
				fc[rfCentreKnight+int(t)-int(russian.Knight)] += centreSum(tops)
				fc[rfMobKnight+int(t)-int(russian.Knight)] += (reach[c][t] & board).Count()
			}
		}
		for t := lowest; t <= russian.King; t++ {
			if p.TakesPart(t) {
				fc[rfFaces]++
			}
		}
	}
	// The checkers under the tops (most squares hold a single checker).
	for b := p.Tall(); b != 0; {
		s := b.PopFirst()
		h := p.Height(s)
		owner := p.Checker(s, h-1).Color()
		for i := range h - 1 {
			c := p.Checker(s, i)
			if c.Type() == russian.King {
				continue // never material: its capture ends the game
			}
			t := int(c.Type())
			if c.Color() == owner {
				f[owner][rfMatPawn+t-1]++
				f[owner][rfCarried] += russianValue[t] / 100
			} else {
				f[c.Color()][rfPrisPawn+t-1]++
				f[owner][rfHeld]++
			}
		}
	}
	for c := variants.White; c <= variants.Black; c++ {
		k := p.KingSquare(c)
		r := k.Rank()
		if c == variants.Black {
			r = 5 - r
		}
		f[c][rfKingRank0+min(r, 3)]++
		f[c][rfKingDanger] += kingDanger(k, &reach[c], &reach[c.Other()])
		f[c][rfCheckThreat] += checkThreat(k, c, occ, &reach[c], &reach[c.Other()])
	}
	f[p.SideToMove()][rfTempo] = 1
}

// kingDanger measures how exposed the King on k is under the die: for
// each square next to it, the number of faces (out of six) that let the
// enemy move a unit onto it (a unit of top type t moves on 7-t faces)
// times the number of faces on which the King's side cannot capture there,
// summed (at most 36 a square). A check is a threat only as far as the
// faces allow it, and it is parried as far as the low pieces near the
// King cover the squares it comes from.
func kingDanger(k bb.Square, own, enemy *[7]bb.Bitboard) int {
	var reached bb.Bitboard
	for t := russian.Pawn; t <= russian.King; t++ {
		reached |= enemy[t]
	}
	danger := 0
	for x := kingRing[k] & reached; x != 0; {
		bit := x.PopFirst().Bit()
		e := russian.Pawn // the lowest enemy type reaching the square
		for enemy[e]&bit == 0 {
			e++
		}
		danger += (7 - int(e)) * (int(lowestCover(own, bit)) - 1)
	}
	return danger
}

// lowestCover is the lowest type in reach (by type) that covers the square
// bit, King+1 when none does: its type - 1 is the faces without a cover.
func lowestCover(reach *[7]bb.Bitboard, bit bb.Bitboard) russian.Type {
	d := russian.Pawn
	for d <= russian.King && reach[d]&bit == 0 {
		d++
	}
	return d
}

// checkThreat measures the checks the enemy has next against c's King on
// k: for each enemy piece type t (knight to queen) with a unit that can move
// to a square from which a unit of type t attacks k, the faces that let
// it move (7-t) times the faces on which c cannot capture on the least
// covered such square (its lowest covering type - 1). A check loses the
// King on every later roll of a face without a parry.
func checkThreat(k bb.Square, c variants.Color, occ bb.Bitboard, own, enemy *[7]bb.Bitboard) int {
	danger := 0
	for t := russian.Knight; t <= russian.Queen; t++ { // pawns check only from next to k
		from := enemy[t] & unitAttacks(t, c, k, occ) & russian.Board() &^ kingRing[k]
		worst := 0
		for from != 0 && worst < 6 {
			worst = max(worst, int(lowestCover(own, from.PopFirst().Bit()))-1)
		}
		danger += (7 - int(t)) * worst
	}
	return danger
}

// kingRing[k] holds the board squares next to k.
var kingRing = func() (r [64]bb.Bitboard) {
	for k := bb.Square(0); k < 64; k++ {
		for b := bb.KingAttacks[k]; b != 0; {
			if s := b.PopFirst(); russian.OnBoard(s) && russian.OnBoard(k) {
				r[k] |= s.Bit()
			}
		}
	}
	return r
}()

// unitAttacks are the squares a unit of top type t and colour c on s
// attacks (could capture on; off-board bits included, callers ask only
// about squares of the board).
func unitAttacks(t russian.Type, c variants.Color, s bb.Square, occ bb.Bitboard) bb.Bitboard {
	switch t {
	case russian.Pawn:
		return bb.PawnAttacks[c][s]
	case russian.Knight:
		return bb.KnightAttacks[s]
	case russian.Bishop:
		return bb.BishopAttacks(s, occ)
	case russian.Rook:
		return bb.RookAttacks(s, occ)
	case russian.Queen:
		return bb.QueenAttacks(s, occ)
	case russian.King:
		return bb.KingAttacks[s]
	}
	return 0
}

// Terminal implements Terminator for the generic search (the expectimax
// search checks king captures itself).
func (e *russianEvaluator) Terminal(ply int) (int, bool) {
	us := e.p.SideToMove()
	if e.p.KingCaptured(us) {
		return MatedScore(ply), true
	}
	if e.p.KingCaptured(us.Other()) {
		return MateScore(ply), true
	}
	return 0, false
}
