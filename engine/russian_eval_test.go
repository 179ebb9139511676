package engine

import (
	"math/rand"
	"testing"

	bb "varchess/variants/bitboard"

	"varchess/variants"
	"varchess/variants/russian"
)

// refRussianFeatures are the evaluation's features counted square by
// square, stack by stack, straight from their definitions
// (russian_eval.go), attacks and king danger checker by checker: the
// bitboard RussianFeaturesOf must give the same counts.
func refRussianFeatures(p *russian.Position) (f [2]RussianFeatures) {
	ending := p.TypeCount(russian.Queen)+p.TypeCount(russian.Rook) == 0
	for _, s := range russian.Squares {
		st := p.Stack(s, nil)
		if len(st) == 0 {
			continue
		}
		top := st[len(st)-1]
		owner := top.Color()
		for _, c := range st[:len(st)-1] {
			switch {
			case c.Type() == russian.King:
			case c.Color() == owner:
				f[owner][rfMatPawn+int(c.Type())-1]++
				f[owner][rfCarried] += russianValue[c.Type()] / 100
			default:
				f[c.Color()][rfPrisPawn+int(c.Type())-1]++
				f[owner][rfHeld]++
			}
		}
		switch t := top.Type(); t {
		case russian.Pawn:
			f[owner][rfMatPawn]++
			r := s.Rank()
			if owner == variants.Black {
				r = 5 - r
			}
			f[owner][rfPawnStep] += r - 1
		case russian.King:
			if ending {
				f[owner][rfCentreKingEnd] += centre36(s)
			} else {
				f[owner][rfCentreKingMid] += centre36(s)
			}
		default:
			f[owner][rfMatPawn+int(t)-1]++
			f[owner][rfCentreKnight+int(t)-int(russian.Knight)] += centre36(s)
		}
	}
	// Mobility: the board squares some unit of the type attacks.
	for c := variants.White; c <= variants.Black; c++ {
		for t := russian.Knight; t <= russian.Queen; t++ {
			for _, to := range russian.Squares {
				for _, s := range russian.Squares {
					if top, ok := p.Top(s); ok && top.Color() == c && top.Type() == t && refAttacks(p, top, s, to) {
						f[c][rfMobKnight+int(t)-int(russian.Knight)]++
						break
					}
				}
			}
		}
		k := p.KingSquare(c)
		r := k.Rank()
		if c == variants.Black {
			r = 5 - r
		}
		f[c][rfKingRank0+min(r, 3)] = 1
		// Faces: a face of a type that takes part, with some top of c of
		// that type or lower.
		for face := russian.Pawn; face <= russian.King; face++ {
			if !p.TakesPart(face) {
				continue
			}
			for _, s := range russian.Squares {
				if top, ok := p.Top(s); ok && top.Color() == c && top.Type() <= face {
					f[c][rfFaces]++
					break
				}
			}
		}
		f[c][rfKingDanger] = refKingDanger(p, c)
		f[c][rfCheckThreat] = refCheckThreat(p, c)
	}
	f[p.SideToMove()][rfTempo] = 1
	return f
}

// refKingDanger: for each square next to c's King, the faces on which the
// enemy has a unit attacking it (7 - its lowest top type) times the faces
// on which c has none (its lowest top type - 1), attacks taken square by
// square from the geometry of each top (sliders stop at any stack).
func refKingDanger(p *russian.Position, c variants.Color) int {
	k := p.KingSquare(c)
	danger := 0
	for _, s := range russian.Squares {
		df, dr := s.File()-k.File(), s.Rank()-k.Rank()
		if s == k || df < -1 || df > 1 || dr < -1 || dr > 1 {
			continue
		}
		e := refLowest(p, c.Other(), s)
		if e == 7 {
			continue
		}
		danger += (7 - e) * min(refLowest(p, c, s)-1, 6)
	}
	return danger
}

// refLowest is the lowest top type of side's units attacking to (7: none).
func refLowest(p *russian.Position, side variants.Color, to bb.Square) int {
	low := 7
	for _, s := range russian.Squares {
		if top, ok := p.Top(s); ok && top.Color() == side && refAttacks(p, top, s, to) {
			low = min(low, int(top.Type()))
		}
	}
	return low
}

// refCheckThreat: for each enemy type from knight to queen, the squares
// away from c's King from which such a unit would attack it and that an
// enemy unit of that type reaches; the type's faces (7 - type) times the
// faces on which c covers the worst of them (its lowest type - 1).
func refCheckThreat(p *russian.Position, c variants.Color) int {
	k := p.KingSquare(c)
	e := c.Other()
	danger := 0
	for t := russian.Knight; t <= russian.Queen; t++ {
		worst := 0
		for _, to := range russian.Squares {
			df, dr := to.File()-k.File(), to.Rank()-k.Rank()
			if df >= -1 && df <= 1 && dr >= -1 && dr <= 1 {
				continue
			}
			if !refAttacks(p, russian.NewChecker(e, t), to, k) {
				continue
			}
			reached := false
			for _, s := range russian.Squares {
				if top, ok := p.Top(s); ok && top.Color() == e && top.Type() == t && refAttacks(p, top, s, to) {
					reached = true
				}
			}
			if reached {
				worst = max(worst, min(refLowest(p, c, to)-1, 6))
			}
		}
		danger += (7 - int(t)) * worst
	}
	return danger
}

// refAttacks reports whether the unit topped by top on from attacks to.
func refAttacks(p *russian.Position, top russian.Checker, from, to bb.Square) bool {
	df, dr := to.File()-from.File(), to.Rank()-from.Rank()
	abs := func(x int) int { return max(x, -x) }
	clear := func() bool { // nothing between from and to on their line
		sf, sr := sign(df), sign(dr)
		for f, r := from.File()+sf, from.Rank()+sr; f != to.File() || r != to.Rank(); f, r = f+sf, r+sr {
			if p.Height(bb.Sq(f, r)) > 0 {
				return false
			}
		}
		return true
	}
	switch top.Type() {
	case russian.Pawn:
		fwd := 1
		if top.Color() == variants.Black {
			fwd = -1
		}
		return abs(df) == 1 && dr == fwd
	case russian.Knight:
		return abs(df)*abs(dr) == 2
	case russian.Bishop:
		return df != 0 && abs(df) == abs(dr) && clear()
	case russian.Rook:
		return (df == 0) != (dr == 0) && clear()
	case russian.Queen:
		return (df != 0 || dr != 0) && (df == 0 || dr == 0 || abs(df) == abs(dr)) && clear()
	case russian.King:
		return max(abs(df), abs(dr)) == 1
	}
	return false
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// TestRussianEvaluateMatchesReference: the bitboard features equal the
// square-by-square reference on positions of random games (towers,
// prisoners, promotions and exposed Kings included), and Evaluate is their
// weighted difference.
func TestRussianEvaluateMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	checked, danger, threat := 0, 0, 0
	for game := 0; game < 300; game++ {
		p := randomRussian(t, rng, 0)
		for ply := 0; ply < 80 && !p.Ended(); ply++ {
			var got [2]RussianFeatures
			RussianFeaturesOf(p, &got)
			want := refRussianFeatures(p)
			if got != want {
				t.Fatalf("%s: features %v, reference %v", p.FEN(), got, want)
			}
			us := p.SideToMove()
			if ev, ref := (&russianEvaluator{p: p}).Evaluate(), floorDiv(RussianScore(&want[us], &want[us.Other()]), russianWeightScale); ev != ref {
				t.Fatalf("%s: Evaluate %d, weighted reference features %d", p.FEN(), ev, ref)
			}
			checked++
			if refKingDanger(p, variants.White)+refKingDanger(p, variants.Black) > 0 {
				danger++
			}
			if refCheckThreat(p, variants.White)+refCheckThreat(p, variants.Black) > 0 {
				threat++
			}
			moves := p.MovesForFace(russian.Type(1+rng.Intn(6)), nil)
			p.Make(moves[rng.Intn(len(moves))])
		}
	}
	if danger < checked/4 {
		t.Errorf("only %d of %d positions have a King in danger", danger, checked)
	}
	if threat < checked/4 {
		t.Errorf("only %d of %d positions have a check threat", threat, checked)
	}
}

// TestRussianKingDanger: Black's pawn on b3 attacks a2 and c2 next to
// White's King on b1 (every face moves a pawn: 6 each); a2 is covered only
// by the King (face K: 5 faces uncovered), c2 also by the knight on a1
// (faces N to K: 1 uncovered). The knight on e3 adds c2 and d1, which add
// nothing (c2 is already the pawn's, d1 is not next to b1).
func TestRussianKingDanger(t *testing.T) {
	p := mustRussian(t, "3k2/6/6/1p2n1/6/NK4 w - 0 1")
	got := refKingDanger(p, variants.White)
	if want := 6*5 + 6*1; got != want {
		t.Errorf("reference king danger %d, want %d", got, want)
	}
	var reach [2][7]bb.Bitboard
	for _, s := range russian.Squares {
		if top, ok := p.Top(s); ok {
			reach[top.Color()][top.Type()] |= unitAttacks(top.Type(), top.Color(), s, p.Occupied())
		}
	}
	if d := kingDanger(p.KingSquare(variants.White), &reach[variants.White], &reach[variants.Black]); d != got {
		t.Errorf("kingDanger %d, reference %d", d, got)
	}
}

// TestRussianCheckThreat: Black's knight on a4 can jump to b2 and c3,
// from where it checks White's King on d1 (faces N to K: 5). Alone, White
// covers neither (6 faces without a parry); with a pawn on b2 (covering c3
// on every face) and a rook on b1 (covering b2 from face R on: 3 faces
// without), the worst square costs 3.
func TestRussianCheckThreat(t *testing.T) {
	for _, tc := range []struct {
		fen  string
		want int
	}{
		{"3k2/6/n5/6/6/3K2 w - 0 1", 5 * 6},
		{"3k2/6/n5/6/1P4/1R1K2 w - 0 1", 5 * 3},
	} {
		p := mustRussian(t, tc.fen)
		if got := refCheckThreat(p, variants.White); got != tc.want {
			t.Errorf("%s: reference check threat %d, want %d", tc.fen, got, tc.want)
		}
		var reach [2][7]bb.Bitboard
		for _, s := range russian.Squares {
			if top, ok := p.Top(s); ok {
				reach[top.Color()][top.Type()] |= unitAttacks(top.Type(), top.Color(), s, p.Occupied())
			}
		}
		if got := checkThreat(p.KingSquare(variants.White), variants.White, p.Occupied(), &reach[variants.White], &reach[variants.Black]); got != tc.want {
			t.Errorf("%s: checkThreat %d, want %d", tc.fen, got, tc.want)
		}
	}
}
