package engine

import (
	"varchess/variants"
	bb "varchess/variants/bitboard"
	"varchess/variants/chess"
)

// The chess evaluator works on the concrete *chess.Position (no interface
// calls, no allocation). Every term is a (midgame, endgame) pair; the two
// are blended by the game phase (tapered evaluation). Scores are computed
// for White and negated for Black.

func init() {
	registerGame("chess", Game{NewEvaluator: newChessEvaluator})
}

// score is a midgame/endgame pair.
type score struct{ mg, eg int }

func (a score) add(b score) score   { return score{a.mg + b.mg, a.eg + b.eg} }
func (a score) sub(b score) score   { return score{a.mg - b.mg, a.eg - b.eg} }
func (a score) times(n int) score   { return score{a.mg * n, a.eg * n} }
func pair(mg, eg int) score         { return score{mg, eg} }
func (a score) taper(phase int) int { return (a.mg*phase + a.eg*(maxPhase-phase)) / maxPhase }
func mirror(sq bb.Square) bb.Square { return sq ^ 56 }
func relRank(c variants.Color, sq bb.Square) int {
	if c == variants.White {
		return sq.Rank()
	}
	return 7 - sq.Rank()
}

// pieceValue is the material value per piece type (index chess.PieceType).
var pieceValue = [7]score{{}, pair(90, 115), pair(320, 290), pair(335, 310), pair(480, 540), pair(960, 1000), {}}

// seeValue is the single value per type used by static exchange evaluation
// and MVV-LVA ordering.
var seeValue = [7]int{0, 100, 320, 330, 500, 950, 20000}

// phaseWeight: how much each piece type counts toward the midgame.
var phaseWeight = [7]int{0, 0, 1, 1, 2, 4, 0}

const maxPhase = 24

// pst[type][square] holds the piece-square bonus for a White piece (Black
// uses the mirrored square). The tables are built from simple geometric
// rules (centralisation, advancement, king shelter) rather than tuned data.
var pst = func() (t [7][64]score) {
	for sq := bb.Square(0); sq < 64; sq++ {
		f, r := sq.File(), sq.Rank()
		// distance from the centre in "half files": 0 in d4-e5, 3 at a rim
		fc := max(3-f, f-4)
		rc := max(3-r, r-4)
		centre := 6 - fc - rc // 0 in a corner, 6 in the centre
		t[chess.Pawn][sq] = pair(0, 0)
		if r >= 1 && r <= 6 {
			mg := (r - 1) * 3
			if f == 3 || f == 4 {
				mg += []int{0, -5, 5, 20, 25, 20, 10}[r] // central pawns forward
			}
			if (f <= 1 || f >= 6) && r == 1 {
				mg += 5 // keep the king's shelter pawns at home
			}
			t[chess.Pawn][sq] = pair(mg, (r-1)*(r-1)*3)
		}
		t[chess.Knight][sq] = pair(centre*8-20, centre*6-18)
		if r == 0 && (f == 1 || f == 6) {
			t[chess.Knight][sq].mg -= 10
		}
		diag := 0
		if f == r || f+r == 7 {
			diag = 8 // long diagonals
		}
		t[chess.Bishop][sq] = pair(centre*3+diag-8, centre*3-9)
		rk := pair(0, 0)
		if r == 6 {
			rk = pair(18, 12)
		}
		if f == 3 || f == 4 {
			rk.mg += 6
		}
		t[chess.Rook][sq] = rk
		t[chess.Queen][sq] = pair(centre*2-6, centre*5-15)
		km := 0
		switch r {
		case 0:
			km = []int{20, 30, 10, -5, 0, 10, 35, 20}[f]
		case 1:
			km = -10
		default:
			km = -20 - 10*r
		}
		t[chess.King][sq] = pair(km, centre*9-30)
	}
	return t
}()

// passedBonus by relative rank (index 1..6).
var passedBonus = [8]score{{}, pair(2, 10), pair(5, 15), pair(10, 30), pair(25, 55), pair(45, 95), pair(70, 150), {}}

// Mobility weights per attacked safe square.
var mobilityWeight = [7]score{{}, {}, pair(4, 4), pair(5, 5), pair(2, 4), pair(1, 2), {}}

var (
	bishopPair    = pair(30, 50)
	doubledPawn   = pair(-10, -20)
	isolatedPawn  = pair(-10, -12)
	rookOpenFile  = pair(25, 10)
	rookSemiOpen  = pair(10, 6)
	kingShield    = pair(12, 0)
	kingAttackW   = [7]int{0, 0, 8, 8, 12, 20, 0} // attacks on the king zone
	tempo         = 12
	adjacentFiles [8]bb.Bitboard
	forwardMask   [2][64]bb.Bitboard // squares in front of sq on its file and the adjacent ones
)

func init() {
	for f := 0; f < 8; f++ {
		if f > 0 {
			adjacentFiles[f] |= bb.FileA << (f - 1)
		}
		if f < 7 {
			adjacentFiles[f] |= bb.FileA << (f + 1)
		}
	}
	for sq := bb.Square(0); sq < 64; sq++ {
		span := adjacentFiles[sq.File()] | bb.FileA<<sq.File()
		for r := 0; r < 8; r++ {
			row := bb.Rank1 << (8 * r)
			if r > sq.Rank() {
				forwardMask[variants.White][sq] |= span & row
			}
			if r < sq.Rank() {
				forwardMask[variants.Black][sq] |= span & row
			}
		}
	}
}

// chessEvaluator is the engine's view of a chess position.
type chessEvaluator struct {
	p *chess.Position
}

func newChessEvaluator(pos variants.Position) Evaluator {
	p, ok := pos.(*chess.Position)
	if !ok {
		return newGenericEvaluator(pos)
	}
	return &chessEvaluator{p: p}
}

// Evaluate implements Evaluator.
func (e *chessEvaluator) Evaluate() int {
	v := evaluateChess(e.p)
	if e.p.SideToMove() == variants.Black {
		v = -v
	}
	return v + tempo
}

// evaluateChess returns the static score from White's view.
func evaluateChess(p *chess.Position) int {
	phase := 0
	var total score
	for c := variants.White; c <= variants.Black; c++ {
		side := evalSide(p, c, &phase)
		if c == variants.White {
			total = total.add(side)
		} else {
			total = total.sub(side)
		}
	}
	phase = min(phase, maxPhase)
	v := total.taper(phase)
	return scaleDrawish(p, v)
}

// evalSide sums the terms of colour c and adds its pieces to phase.
func evalSide(p *chess.Position, c variants.Color, phase *int) score {
	them := c.Other()
	occ := p.Occupied()
	own := p.Occupancy(c)
	ownPawns, theirPawns := p.Pieces(c, chess.Pawn), p.Pieces(them, chess.Pawn)
	theirPawnAtt := pawnAttacks(them, theirPawns)
	safe := ^own &^ theirPawnAtt
	theirKing := p.KingSquare(them)
	kingZone := bb.KingAttacks[theirKing] | theirKing.Bit()
	attackUnits, attackers := 0, 0

	var sc score
	for t := chess.Pawn; t <= chess.King; t++ {
		for b := p.Pieces(c, t); b != 0; b &= b - 1 {
			sq := b.First()
			rel := sq
			if c == variants.Black {
				rel = mirror(sq)
			}
			sc = sc.add(pieceValue[t]).add(pst[t][rel])
			*phase += phaseWeight[t]
			var att bb.Bitboard
			switch t {
			case chess.Knight:
				att = bb.KnightAttacks[sq]
			case chess.Bishop:
				att = bb.BishopAttacks(sq, occ)
			case chess.Rook:
				att = bb.RookAttacks(sq, occ)
				file := bb.FileA << sq.File()
				if file&ownPawns == 0 {
					if file&theirPawns == 0 {
						sc = sc.add(rookOpenFile)
					} else {
						sc = sc.add(rookSemiOpen)
					}
				}
			case chess.Queen:
				att = bb.QueenAttacks(sq, occ)
			case chess.Pawn:
				sc = sc.add(pawnTerms(p, c, sq, ownPawns, theirPawns))
				continue
			default:
				continue
			}
			sc = sc.add(mobilityWeight[t].times((att & safe).Count()))
			if n := (att & kingZone).Count(); n > 0 {
				attackUnits += kingAttackW[t] * n
				attackers++
			}
		}
	}
	if p.Pieces(c, chess.Bishop).Count() >= 2 {
		sc = sc.add(bishopPair)
	}
	// King shelter: own pawns right in front of the king.
	ksq := p.KingSquare(c)
	shield := forwardMask[c][ksq] & ownPawns
	if c == variants.White {
		shield &= bb.Rank2 | bb.Rank3
	} else {
		shield &= bb.Rank7 | bb.Rank6
	}
	sc = sc.add(kingShield.times(min(shield.Count(), 3)))
	// Attacks on the enemy king count only when several pieces join in and
	// the enemy still has a queen's worth of attackers to fear.
	if attackers >= 2 && p.Pieces(c, chess.Queen) != 0 {
		sc = sc.add(pair(attackUnits*attackers/2, 0))
	}
	return sc
}

// pawnTerms: doubled, isolated and passed pawns.
func pawnTerms(p *chess.Position, c variants.Color, sq bb.Square, own, their bb.Bitboard) score {
	var sc score
	file := bb.FileA << sq.File()
	if own&adjacentFiles[sq.File()] == 0 {
		sc = sc.add(isolatedPawn)
	}
	if forwardMask[c][sq]&file&own != 0 {
		sc = sc.add(doubledPawn)
	}
	if forwardMask[c][sq]&their == 0 && forwardMask[c][sq]&file&own == 0 {
		r := relRank(c, sq)
		bonus := passedBonus[r]
		front := sq + 8
		if c == variants.Black {
			front = sq - 8
		}
		if front >= 0 && front < 64 && p.Occupied().Has(front) {
			bonus = score{bonus.mg / 2, bonus.eg / 2} // blocked passer
		}
		sc = sc.add(bonus)
	}
	return sc
}

func pawnAttacks(c variants.Color, pawns bb.Bitboard) bb.Bitboard {
	if c == variants.White {
		return (pawns&^bb.FileA)<<7 | (pawns&^bb.FileH)<<9
	}
	return (pawns&^bb.FileA)>>9 | (pawns&^bb.FileH)>>7
}

// scaleDrawish shrinks scores where the side ahead has no pawns and at most
// a minor piece more: such endings are usually drawn.
func scaleDrawish(p *chess.Position, v int) int {
	strong := variants.White
	if v < 0 {
		strong = variants.Black
	}
	if p.Pieces(strong, chess.Pawn) != 0 {
		return v
	}
	mat := func(c variants.Color) int {
		m := 0
		for t := chess.Knight; t <= chess.Queen; t++ {
			m += seeValue[t] * p.Pieces(c, t).Count()
		}
		return m
	}
	if mat(strong)-mat(strong.Other()) <= seeValue[chess.Bishop] {
		return v / 8
	}
	return v
}

// Classify implements MoveClassifier: MVV-LVA for captures, the promoted
// piece for promotions.
func (e *chessEvaluator) Classify(vm variants.Move) (bool, int) {
	m := chess.FromVariant(vm)
	if m.IsQuiet() {
		return false, 0
	}
	gain := 0
	if c := m.CapturedPiece(); c != chess.NoPiece {
		gain = seeValue[c.Type()]*8 - int(m.MovingPiece().Type())
	}
	if pr := m.Promotion(); pr != chess.NoPieceType {
		if pr != chess.Queen {
			return m.IsCapture(), gain - 1000 // under-promotions: ordered late
		}
		gain += seeValue[chess.Queen]
	}
	return true, gain
}

// NoisyMoves implements NoisyGenerator: captures and queen promotions.
func (e *chessEvaluator) NoisyMoves(buf []variants.Move) []variants.Move {
	var list chess.MoveList
	n := e.p.GenerateCaptures(&list)
	for _, m := range list.Moves[:n] {
		if pr := m.Promotion(); pr != chess.NoPieceType && pr != chess.Queen && !m.IsCapture() {
			continue
		}
		buf = append(buf, m.ToVariant())
	}
	return buf
}

// NullAllowed implements NullMover: not with only king and pawns, where
// zugzwang is common.
func (e *chessEvaluator) NullAllowed() bool {
	c := e.p.SideToMove()
	return e.p.Occupancy(c)&^(e.p.Pieces(c, chess.Pawn)|e.p.Pieces(c, chess.King)) != 0
}

func (e *chessEvaluator) MakeNull()   { e.p.MakeNull() }
func (e *chessEvaluator) UnmakeNull() { e.p.UnmakeNull() }

// HalfmoveClock and IsRepetition implement Historian.
func (e *chessEvaluator) HalfmoveClock() int { return e.p.HalfmoveClock() }
func (e *chessEvaluator) IsRepetition() bool { return e.p.IsRepetition() }

// Terminal implements Terminator for the one end a move list does not show:
// insufficient material.
func (e *chessEvaluator) Terminal(int) (int, bool) {
	return 0, e.p.IsInsufficientMaterial()
}
