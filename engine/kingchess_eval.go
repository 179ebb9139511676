package engine

import (
	"context"

	"varchess/variants"
	bb "varchess/variants/bitboard"
	"varchess/variants/kingchess"
)

// Kingchess and kingchess1 (docs/rules.md section 4): the board starts empty and
// both armies come in from a reserve, dropped on the own half. The
// evaluation therefore counts the reserve as material (a little below the
// same piece on the board: a dropped piece already works, a piece in hand
// still costs a ply in kingchess1), and its king safety looks at the enemy
// reserve too: every empty square of the enemy half from which an enemy
// piece in hand would attack our King is a threat, so a King near the
// centre line is exposed even on an empty board.
//
// Files: kingchess_eval.go (evaluation, MVV-LVA, exchange test, the
// single-drop search), kingchess_cands.go (the plies the search tries:
// ordering and the multi-drop actions of kingchess).
//
// Null-move pruning (NullMover) is allowed when the mover's King is on the
// board (while it is in hand the King drop is forced) and the mover has a
// waiting ply that is not a King or pawn move: a piece in hand (a drop is
// almost never a bad ply, so zugzwang needs an empty reserve) or a piece
// other than King and pawns on the board. The search never passes in check.

// kcWithout are the chess search techniques the kingchess games play
// better without: the history from a quiet move's evaluation swing
// (kingchess1 scored 44.9% in 435 games at fixed nodes with it,
// docs/strength.md), where a drop changes the evaluation's reserve and
// king-safety terms with nearly every move. Measured in kingchess1 only;
// kingchess shares its evaluation and search, so it follows.
const kcWithout = TechSwingHistory

func init() {
	registerGame("kingchess", Game{NewEvaluator: func(pos variants.Position) Evaluator { return newKCEvaluator(pos, false) }, Without: kcWithout, Search: handSetParams})
	registerGame("kingchess1", Game{NewEvaluator: func(pos variants.Position) Evaluator { return newKCEvaluator(pos, true) }, Without: kcWithout, Search: handSetParams})
}

// kcEvaluator evaluates kingchess positions and lists the plies to search.
type kcEvaluator struct {
	p *kingchess.Position
	// singleOnly: no multi-drop candidates (kingchess1, or kingchess played
	// with the SingleDrops limit).
	singleOnly bool
	orderBuf   []kcOrdered // the candidates of the last Candidates call, best first
	sortBuf    []kcOrdered // scratch for ordering candidates
	keyBuf     []int64
	handValue  *[kingchess.NumTypes]int
}

func newKCEvaluator(pos variants.Position, singleOnly bool) *kcEvaluator {
	p := pos.(*kingchess.Position)
	e := &kcEvaluator{p: p, singleOnly: singleOnly, handValue: &kcHandValue}
	if p.Variant() == "kingchess1" {
		e.handValue = &kcHandValue1
	}
	return e
}

// SearchSingleDrops searches a kingchess position like Search but tries
// only ordinary moves and single drops, never a drop action of several
// pieces (except the blocks that alone parry a double check, so that the
// search never mistakes them for mate). It exists to measure what the
// multi-drop candidates are worth (UCI option SingleDrops).
func (e *Engine) SearchSingleDrops(ctx context.Context, pos variants.Position, lim Limits, onInfo func(Info)) Result {
	if pos.Variant() != "kingchess" {
		return e.Search(ctx, pos, lim, onInfo)
	}
	g := Game{NewEvaluator: func(p variants.Position) Evaluator { return newKCEvaluator(p, true) }}
	return e.searchWith(ctx, pos, lim, onInfo, g.thread())
}

// Piece values in centipawns, indexed by kingchess.PieceType (K Q R B N P).
var (
	kcBoardValue = [kingchess.NumTypes]int{0, 950, 500, 330, 320, 100}
	// kcHandValue: a piece in hand still has to be brought in (a ply per
	// piece in kingchess1) but is flexible: it can go to any empty square of
	// the own half, block a check, and cannot be attacked. In kingchess,
	// where any number of pieces come in at once, it is worth more than on
	// the board (dumping the reserve only makes targets: the opponent's
	// reserve defends by drops as fast as our pieces attack); in kingchess1
	// a little less (each piece costs a ply).
	kcHandValue  = [kingchess.NumTypes]int{0, 1020, 540, 355, 345, 104}
	kcHandValue1 = [kingchess.NumTypes]int{0, 910, 475, 310, 300, 92}
	// kcLateHand is charged per piece still in hand, scaled by how full the
	// board is: late in the game a reserve piece is a lost tempo.
	kcLateHand = [kingchess.NumTypes]int{0, 30, 25, 20, 20, 4}
	// kcPhase: weight of each type toward the midgame (24 = all pieces).
	kcPhase = [kingchess.NumTypes]int{0, 4, 2, 1, 1, 0}
	// kcMobility per attacked square not occupied by an own piece.
	kcMobility = [kingchess.NumTypes]int{0, 1, 2, 4, 4, 0}
	// kcZoneAttack: attack units per board piece hitting the King zone.
	kcZoneAttack = [kingchess.NumTypes]int{0, 5, 3, 2, 2, 1}
	// kcSafeCheck: attack units per square (at most two counted) from
	// which the enemy checks next ply, by a drop or a board move, on a
	// square we do not defend.
	kcSafeCheck = [kingchess.NumTypes]int{0, 6, 5, 3, 4, 2}
)

const (
	// kcThreatFirst and kcThreatSecond weigh (in 64ths) the biggest and
	// the second biggest loss threatened against the side to move.
	kcThreatFirst  = 6
	kcThreatSecond = 32
	kcMaxPhase     = 24
	kcTempo        = 10
	kcBishopPair   = 30
	kcDoubled      = 12
	kcIsolated     = 10
	kcTempoHand    = 3  // per piece (not pawn) the mover still has in hand
	kcShelter      = 2  // attack units less per own pawn in front of the King
	kcZoneExtra    = 2  // attack units per zone attacker beyond the first
	kcUnsafeCheck  = 1  // attack units for checks only on defended squares
	kcWeakZone     = 2  // attack units per zone square only our King defends
	kcDangerScale  = 12 // danger = units² * kcDangerScale / 64 centipawns
	kcDangerMax    = 600
)

// kcPassed is the bonus of a passed pawn by relative rank.
var kcPassed = [8]int{0, 5, 10, 20, 35, 60, 100, 0}

// kcPST holds midgame and endgame piece-square bonuses for White (Black
// reads the vertically mirrored square). Built from simple geometry, like
// the chess tables: centralisation, advanced pawns, a King that stays at
// the back in the middlegame (rank 3-4 Kings can be hit by drops from
// across the centre line).
var kcPST = func() (t [2][kingchess.NumTypes][64]int) {
	for sq := bb.Square(0); sq < 64; sq++ {
		f, r := sq.File(), sq.Rank()
		fc := max(3-f, f-4)
		rc := max(3-r, r-4)
		centre := 6 - fc - rc
		mg, eg := &t[0], &t[1]
		mg[kingchess.Knight][sq] = centre*8 - 20
		eg[kingchess.Knight][sq] = centre*6 - 18
		diag := 0
		if f == r || f+r == 7 {
			diag = 8
		}
		mg[kingchess.Bishop][sq] = centre*3 + diag - 8
		eg[kingchess.Bishop][sq] = centre*3 - 9
		if r == 6 {
			mg[kingchess.Rook][sq], eg[kingchess.Rook][sq] = 18, 12
		}
		if f == 3 || f == 4 {
			mg[kingchess.Rook][sq] += 6
		}
		mg[kingchess.Queen][sq] = centre*2 - 6
		eg[kingchess.Queen][sq] = centre*5 - 15
		if r >= 1 && r <= 6 {
			p := (r - 1) * 3
			if f == 3 || f == 4 {
				p += []int{0, -5, 5, 20, 25, 20, 10}[r]
			}
			mg[kingchess.Pawn][sq] = p
			eg[kingchess.Pawn][sq] = (r - 1) * (r - 1) * 3
		}
		switch r {
		case 0:
			mg[kingchess.King][sq] = []int{15, 30, 15, 0, 5, 10, 30, 15}[f]
		case 1:
			mg[kingchess.King][sq] = -15
		default:
			mg[kingchess.King][sq] = -40 - 20*r
		}
		eg[kingchess.King][sq] = centre*9 - 30
	}
	return t
}()

// kcRel maps a square to White's view for side c.
func kcRel(c variants.Color, s bb.Square) bb.Square {
	if c == variants.White {
		return s
	}
	return s ^ 56
}

// kcHalf is the drop zone of side c (empty or not).
func kcHalf(c variants.Color) bb.Bitboard {
	if c == variants.White {
		return bb.South
	}
	return bb.North
}

// kcAttacks is the attack set of a piece of side c and type t on s.
func kcAttacks(c variants.Color, t kingchess.PieceType, s bb.Square, occ bb.Bitboard) bb.Bitboard {
	switch t {
	case kingchess.King:
		return bb.KingAttacks[s]
	case kingchess.Queen:
		return bb.QueenAttacks(s, occ)
	case kingchess.Rook:
		return bb.RookAttacks(s, occ)
	case kingchess.Bishop:
		return bb.BishopAttacks(s, occ)
	case kingchess.Knight:
		return bb.KnightAttacks[s]
	case kingchess.Pawn:
		return bb.PawnAttacks[c][s]
	}
	return 0
}

// kcAttackersTo returns side by's pieces attacking s on the board occ.
func kcAttackersTo(p *kingchess.Position, s bb.Square, occ bb.Bitboard, by variants.Color) bb.Bitboard {
	a := bb.KnightAttacks[s]&p.Pieces(by, kingchess.Knight) |
		bb.KingAttacks[s]&p.Pieces(by, kingchess.King) |
		bb.PawnAttacks[by^1][s]&p.Pieces(by, kingchess.Pawn) |
		bb.RookAttacks(s, occ)&(p.Pieces(by, kingchess.Rook)|p.Pieces(by, kingchess.Queen)) |
		bb.BishopAttacks(s, occ)&(p.Pieces(by, kingchess.Bishop)|p.Pieces(by, kingchess.Queen))
	return a & occ
}

// kcAttackMap is what one pass over the board pieces learns: the squares
// each side attacks by piece type, and each side's mobility.
type kcAttackMap struct {
	byType   [2][kingchess.NumTypes]bb.Bitboard
	all      [2]bb.Bitboard // every square the side attacks
	noKing   [2]bb.Bitboard // ... without its King
	twice    [2]bb.Bitboard // squares attacked by two or more of the side's pieces
	mobility [2]int
	// zone[c] are the attack units of side c's board pieces against the
	// enemy King's zone, zoneN[c] how many pieces take part.
	zone, zoneN [2]int
}

// kcKingZone is the King's square and its neighbours (0 if the King is in
// hand).
func (e *kcEvaluator) kingZone(c variants.Color) bb.Bitboard {
	if k, ok := e.p.KingSquare(c); ok {
		return bb.KingAttacks[k] | k.Bit()
	}
	return 0
}

// attackMap fills a from the board occ.
func (e *kcEvaluator) attackMap(a *kcAttackMap, occ bb.Bitboard) {
	p := e.p
	for c := variants.White; c <= variants.Black; c++ {
		own := p.Occupied(c)
		enemyZone := e.kingZone(c ^ 1)
		for t := kingchess.King; t <= kingchess.Pawn; t++ {
			for b := p.Pieces(c, t); b != 0; {
				att := kcAttacks(c, t, b.PopFirst(), occ)
				a.twice[c] |= a.all[c] & att
				a.all[c] |= att
				a.byType[c][t] |= att
				if t == kingchess.King || t == kingchess.Pawn {
					continue
				}
				a.mobility[c] += kcMobility[t] * (att &^ own).Count()
				if att&enemyZone != 0 {
					a.zone[c] += kcZoneAttack[t]
					a.zoneN[c]++
				}
			}
		}
		a.noKing[c] = a.all[c] &^ (a.byType[c][kingchess.King] &^ a.twice[c])
	}
}

// Evaluate implements Evaluator: side to move's view, centipawns.
func (e *kcEvaluator) Evaluate() int {
	p := e.p
	occ := p.Occupied(variants.White) | p.Occupied(variants.Black)
	// Game phase from everything not yet captured (board and hands).
	phase := 0
	onBoard := occ.Count()
	for c := variants.White; c <= variants.Black; c++ {
		hand := p.Reserve(c)
		for t := kingchess.Queen; t <= kingchess.Knight; t++ {
			phase += kcPhase[t] * (p.Pieces(c, t).Count() + hand[t])
		}
	}
	phase = min(phase, kcMaxPhase)
	var a kcAttackMap
	e.attackMap(&a, occ)
	var mg, eg [2]int
	for c := variants.White; c <= variants.Black; c++ {
		m, g := e.side(c, occ, onBoard, &a)
		mg[c], eg[c] = m, g
	}
	us := p.SideToMove()
	mgv, egv := mg[us]-mg[us^1], eg[us]-eg[us^1]
	return (mgv*phase+egv*(kcMaxPhase-phase))/kcMaxPhase + e.tempo(us) - e.threatened(us, &a)
}

// tempo is the side to move's edge: larger while it still has pieces to
// bring in, since in the drop phase every ply adds a piece to the fight.
func (e *kcEvaluator) tempo(us variants.Color) int {
	hand := e.p.Reserve(us)
	n := hand[kingchess.Queen] + hand[kingchess.Rook] + hand[kingchess.Bishop] + hand[kingchess.Knight]
	return kcTempo + kcTempoHand*min(n, 6)
}

// threatened is the penalty for side c (the side to move) having pieces
// the opponent can win: a piece attacked and not defended loses its value,
// a defended one attacked by a cheaper piece the difference. Quiescence
// search resolves the captures of the side to move, but standing pat
// ignores the opponent's: with one such piece the mover usually saves it
// (a small charge for the tempo), with two it loses the cheaper one.
func (e *kcEvaluator) threatened(c variants.Color, a *kcAttackMap) int {
	p := e.p
	them := c ^ 1
	theirAtt := &a.byType[them]
	first, second := 0, 0
	for b := p.Occupied(c) &^ p.Pieces(c, kingchess.King) & a.all[them]; b != 0; {
		s := b.PopFirst()
		_, t, _ := p.PieceAt(s)
		loss := 0
		if !a.all[c].Has(s) {
			loss = kcBoardValue[t]
		} else {
			// The cheapest attacker decides what the exchange wins.
			for x := kingchess.Pawn; x >= kingchess.Queen; x-- {
				if theirAtt[x].Has(s) {
					loss = kcBoardValue[t] - kcBoardValue[x]
					break
				}
			}
		}
		first, second = kcTopTwo(first, second, loss)
	}
	first, second = kcTopTwo(first, second, e.dropFork(c, a))
	return first*kcThreatFirst/64 + second*kcThreatSecond/64
}

// kcTopTwo keeps the two largest of first >= second and v.
func kcTopTwo(first, second, v int) (int, int) {
	switch {
	case v > first:
		return v, first
	case v > second:
		return first, v
	}
	return first, second
}

// dropFork is what the best fork by an enemy knight or pawn drop wins from
// side c: an empty square of the enemy half where the dropped piece would
// attack two of our pieces it wins (worth more than itself, or undefended)
// or the King and one of them. We save the better piece (or the King) and
// lose the other. A knight forks only from squares we do not defend; a
// pawn forks from any, at the cost of itself when we take it.
func (e *kcEvaluator) dropFork(c variants.Color, a *kcAttackMap) int {
	p := e.p
	them := c ^ 1
	hand := p.Reserve(them)
	occ := p.Occupied(variants.White) | p.Occupied(variants.Black)
	zone := kcHalf(them) &^ occ
	best := 0
	if hand[kingchess.Knight] > 0 {
		best = e.forkBy(c, kingchess.Knight, zone&^a.all[c], a)
	}
	if hand[kingchess.Pawn] > 0 {
		best = max(best, e.forkBy(c, kingchess.Pawn, zone&^(bb.Rank1|bb.Rank8), a))
	}
	return best
}

// forkBy is dropFork for enemy drops of type t onto the squares from.
func (e *kcEvaluator) forkBy(c variants.Color, t kingchess.PieceType, from bb.Bitboard, a *kcAttackMap) int {
	p := e.p
	them := c ^ 1
	vt := kcBoardValue[t]
	// What t wins by taking the piece on s (0: nothing).
	gain := func(s bb.Square) int {
		_, x, _ := p.PieceAt(s)
		switch {
		case x == kingchess.King:
			return 0
		case !a.all[c].Has(s):
			return kcBoardValue[x]
		case kcBoardValue[x] > vt:
			return kcBoardValue[x] - vt
		}
		return 0
	}
	// Our pieces t wins something from: worth more than t (the bishop
	// counts for a knight), or undefended; and the King.
	king := p.Pieces(c, kingchess.King)
	worth := p.Pieces(c, kingchess.Queen) | p.Pieces(c, kingchess.Rook) | p.Pieces(c, kingchess.Bishop)
	if t == kingchess.Pawn {
		worth |= p.Pieces(c, kingchess.Knight)
	}
	targets := worth | p.Occupied(c)&^king&^a.all[c] | king
	if targets.Count() < 2 {
		return 0
	}
	var once, twice bb.Bitboard
	for b := targets; b != 0; {
		s := b.PopFirst()
		// The squares from which a piece of type t attacks s.
		var src bb.Bitboard
		if t == kingchess.Knight {
			src = bb.KnightAttacks[s]
		} else {
			src = bb.PawnAttacks[c][s]
		}
		twice |= once & src
		once |= src
	}
	best := 0
	for b := twice & from; b != 0; {
		s := b.PopFirst()
		hit := kcAttacks(them, t, s, 0) & p.Occupied(c)
		checks := hit&king != 0
		g1, g2 := 0, 0
		for h := hit &^ king; h != 0; {
			g1, g2 = kcTopTwo(g1, g2, gain(h.PopFirst()))
		}
		loss := g2
		if checks {
			loss = g1
		}
		if t == kingchess.Pawn && a.all[c].Has(s) {
			loss -= vt
		}
		best = max(best, loss)
	}
	return best
}

// side returns side c's midgame and endgame terms.
func (e *kcEvaluator) side(c variants.Color, occ bb.Bitboard, onBoard int, a *kcAttackMap) (mg, eg int) {
	p := e.p
	hand := p.Reserve(c)
	for t := kingchess.Queen; t <= kingchess.Pawn; t++ {
		n := hand[t]
		v := e.handValue[t]*n - kcLateHand[t]*n*onBoard/32
		mg += v
		eg += v
	}
	for t := kingchess.King; t <= kingchess.Pawn; t++ {
		for b := p.Pieces(c, t); b != 0; {
			r := kcRel(c, b.PopFirst())
			mg += kcBoardValue[t] + kcPST[0][t][r]
			eg += kcBoardValue[t] + kcPST[1][t][r]
		}
	}
	mg += a.mobility[c]
	eg += a.mobility[c]
	if bishops := p.Pieces(c, kingchess.Bishop); bishops&bb.Light != 0 && bishops&bb.Dark != 0 {
		mg += kcBishopPair
		eg += kcBishopPair + 20
	}
	pm, pe := e.pawns(c)
	mg += pm
	eg += pe
	// Our King's safety.
	mg -= e.kingDanger(c, occ, a)
	return mg, eg
}

// pawns scores side c's pawn structure.
func (e *kcEvaluator) pawns(c variants.Color) (mg, eg int) {
	p := e.p
	own := p.Pieces(c, kingchess.Pawn)
	theirs := p.Pieces(c^1, kingchess.Pawn)
	for b := own; b != 0; {
		s := b.PopFirst()
		f := s.File()
		file := bb.FileA << uint(f)
		if (own & file).Count() > 1 {
			mg -= kcDoubled / 2 // counted once per pawn of the pair
			eg -= kcDoubled
		}
		var adj bb.Bitboard
		if f > 0 {
			adj |= bb.FileA << uint(f-1)
		}
		if f < 7 {
			adj |= bb.FileA << uint(f+1)
		}
		if own&adj == 0 {
			mg -= kcIsolated
			eg -= kcIsolated
		}
		// Passed: no enemy pawn ahead on this or an adjacent file. The
		// enemy reserve can still drop a stopper on its half, so only pawns
		// already on the enemy half get the full bonus.
		ahead := kcAhead(c, s) & (file | adj)
		if theirs&ahead == 0 {
			rr := kcRel(c, s).Rank()
			bonus := kcPassed[rr]
			if p.Reserve(c ^ 1)[kingchess.Pawn] > 0 && rr < 4 {
				bonus /= 3
			}
			mg += bonus / 2
			eg += bonus
		}
	}
	return mg, eg
}

// kcAhead is every square strictly in front of s from side c's view.
func kcAhead(c variants.Color, s bb.Square) bb.Bitboard {
	r := s.Rank()
	if c == variants.White {
		if r == 7 {
			return 0
		}
		return ^bb.Bitboard(0) << uint(8*(r+1))
	}
	if r == 0 {
		return 0
	}
	return ^bb.Bitboard(0) >> uint(8*(8-r))
}

// kingDanger is the midgame penalty for side c's King, quadratic in the
// attack units against it (one attacker is rarely dangerous, three are):
//   - enemy board pieces hitting the King's zone (kcZoneAttack each);
//   - checks the enemy can give next ply, by a drop from its reserve onto
//     its own half (the reserve adds attackers at once: a queen in hand
//     checks from every open line that reaches the enemy half) or by a
//     board piece; a check on a square we do not defend counts fully
//     (kcSafeCheck), a defended one a little (kcUnsafeCheck);
//   - squares of the zone the enemy attacks and only our King defends;
//
// less the pawn shelter in front of the King. Without an enemy queen
// (board or hand) the attack counts a third less.
func (e *kcEvaluator) kingDanger(c variants.Color, occ bb.Bitboard, a *kcAttackMap) int {
	p := e.p
	k, ok := p.KingSquare(c)
	if !ok {
		return 0 // still in hand: it will be dropped where it is safe
	}
	them := c ^ 1
	units := a.zone[them]
	if a.zoneN[them] >= 2 {
		units += kcZoneExtra * (a.zoneN[them] - 1)
	}
	// Checks next ply: by a drop, or by a board piece moving there.
	hand := p.Reserve(them)
	free := ^p.Occupied(them)
	dropZone := kcHalf(them) &^ occ
	defended := a.noKing[c]
	rookLines := bb.RookAttacks(k, occ)
	bishopLines := bb.BishopAttacks(k, occ)
	for t := kingchess.Queen; t <= kingchess.Pawn; t++ {
		var from bb.Bitboard
		switch t {
		case kingchess.Queen:
			from = rookLines | bishopLines
		case kingchess.Rook:
			from = rookLines
		case kingchess.Bishop:
			from = bishopLines
		case kingchess.Knight:
			from = bb.KnightAttacks[k]
		case kingchess.Pawn:
			from = bb.PawnAttacks[c][k]
		}
		var checks bb.Bitboard
		if hand[t] > 0 {
			d := from & dropZone
			switch t {
			case kingchess.Pawn:
				d &^= bb.Rank1 | bb.Rank8
			case kingchess.Bishop:
				d &= p.BishopDropSquares(them)
			}
			checks |= d
		}
		if t != kingchess.Pawn {
			checks |= from & a.byType[them][t] & free
		}
		if checks == 0 {
			continue
		}
		safe := (checks &^ defended).Count()
		units += kcSafeCheck[t] * min(safe, 2)
		if safe == 0 {
			units += kcUnsafeCheck
		}
	}
	zone := bb.KingAttacks[k]
	weak := zone & a.all[them] &^ a.noKing[c]
	units += kcWeakZone * weak.Count()
	// Shelter: own pawns on the three squares in front of the King.
	shield := (p.Pieces(c, kingchess.Pawn) & zone & kcAhead(c, k)).Count()
	units -= kcShelter * min(shield, 3)
	if units <= 0 {
		return 0
	}
	if p.Pieces(them, kingchess.Queen) == 0 && hand[kingchess.Queen] == 0 {
		units = units * 2 / 3
	}
	return min(units*units*kcDangerScale/64, kcDangerMax)
}

// Ordinary moves are decoded from the encoding documented in
// variants/kingchess/move.go (Lo = from | to<<6 | promo<<12 | flags<<16,
// Hi's top bits the kind); TestKCMoveDecoding checks it against the
// package's notation.
func kcFrom(m variants.Move) bb.Square            { return bb.Square(m.Lo & 63) }
func kcTo(m variants.Move) bb.Square              { return bb.Square(m.Lo >> 6 & 63) }
func kcPromo(m variants.Move) kingchess.PieceType { return kingchess.PieceType(m.Lo >> 12 & 7) }

const kcFlagEP = 2 // the en-passant flag of the ordinary-move encoding

// kcSingleDrop decodes a drop action of one piece (Lo = the target's bit,
// Hi's low three bits its type): single is false for ordinary moves and
// drops of several pieces.
func kcSingleDrop(m variants.Move) (t kingchess.PieceType, s bb.Square, single bool) {
	to := bb.Bitboard(m.Lo)
	if !kingchess.IsDrop(m) || to.Count() != 1 {
		return 0, 0, false
	}
	return kingchess.PieceType(m.Hi & 7), to.First(), true
}

// kcVictim returns the type captured by ordinary move m (ok false if none).
func (e *kcEvaluator) kcVictim(m variants.Move) (kingchess.PieceType, bool) {
	if m.Lo>>16&kcFlagEP != 0 {
		return kingchess.Pawn, true
	}
	_, t, ok := e.p.PieceAt(kcTo(m))
	return t, ok
}

// Classify implements MoveClassifier: captures and queen promotions are
// noisy, ordered most valuable victim first, least valuable attacker
// first. Drops are quiet.
func (e *kcEvaluator) Classify(m variants.Move) (bool, int) {
	if kingchess.IsDrop(m) {
		return false, 0
	}
	gain := 0
	noisy := false
	if v, ok := e.kcVictim(m); ok {
		_, a, _ := e.p.PieceAt(kcFrom(m))
		gain = 16*kcBoardValue[v] - kcBoardValue[a]/16
		if a == kingchess.King {
			gain = 16 * kcBoardValue[v]
		}
		noisy = true
	}
	if pr := kcPromo(m); pr == kingchess.Queen {
		gain += 16 * (kcBoardValue[kingchess.Queen] - kcBoardValue[kingchess.Pawn])
		noisy = true
	}
	return noisy, gain
}

// NoisyMoves implements NoisyGenerator: the captures and queen promotions
// among the ordinary moves (drops are never noisy), without generating
// the drops.
func (e *kcEvaluator) NoisyMoves(buf []variants.Move) []variants.Move {
	n := len(buf)
	buf = e.p.OrdinaryMoves(buf)
	out := buf[:n]
	for _, m := range buf[n:] {
		if noisy, _ := e.Classify(m); noisy {
			out = append(out, m)
		}
	}
	return out
}

// SEEAtLeast implements Exchanger: the swap algorithm on the target
// square, each side capturing with its least valuable attacker, x-rays
// joining as pieces leave, either side stopping when going on loses. A
// drop is an exchange that starts with nothing captured: a piece dropped
// where a cheaper enemy piece (or any, undefended) takes it loses.
func (e *kcEvaluator) SEEAtLeast(m variants.Move, threshold int) bool {
	p := e.p
	us := p.SideToMove()
	occ := p.Occupied(variants.White) | p.Occupied(variants.Black)
	var to bb.Square
	var next kingchess.PieceType
	gain := 0
	if t, s, single := kcSingleDrop(m); single {
		to, next = s, t
		occ |= s.Bit()
	} else if kingchess.IsDrop(m) {
		return threshold <= 0 // a multi-drop: a plan, not an exchange
	} else {
		from := kcFrom(m)
		to = kcTo(m)
		_, next, _ = p.PieceAt(from)
		if v, ok := e.kcVictim(m); ok {
			gain = kcBoardValue[v]
		}
		if pr := kcPromo(m); pr != 0 {
			gain += kcBoardValue[pr] - kcBoardValue[kingchess.Pawn]
			next = pr
		}
		occ &^= from.Bit()
		if m.Lo>>16&kcFlagEP != 0 {
			occ &^= (to ^ 8).Bit()
		}
	}
	// swap alternates between what the side that captures next stands to
	// win and what it stands to lose; res is 1 while the mover's exchange
	// reaches threshold. (A King moving is worth 0 here: a legal King move
	// cannot be answered by a capture.)
	swap := gain - threshold
	if swap < 0 {
		return false
	}
	swap = kcBoardValue[next] - swap
	if swap <= 0 {
		return true
	}
	res := 1
	side := us
	for {
		side ^= 1
		attackers := kcAttackersTo(p, to, occ, side)
		if attackers == 0 {
			break
		}
		res ^= 1
		// Least valuable attacker first (types run King..Pawn in value
		// order, Pawn the cheapest).
		t := kingchess.Pawn
		for ; t > kingchess.King && attackers&p.Pieces(side, t) == 0; t-- {
		}
		from := (attackers & p.Pieces(side, t)).First()
		if t == kingchess.King {
			// The King may take only if nothing defends the square.
			if kcAttackersTo(p, to, occ&^from.Bit(), side^1) != 0 {
				res ^= 1
			}
			break
		}
		if swap = kcBoardValue[t] - swap; swap < res {
			break
		}
		occ &^= from.Bit()
	}
	return res == 1
}

// ExtendCheck implements CheckExtender: a check is extended unless the
// side to move can simply take the single checker, one that stands
// undefended or is worth more than our cheapest piece attacking it (a
// reserve gives many such checks, and extending them all would blow up
// the tree).
func (e *kcEvaluator) ExtendCheck() bool {
	p := e.p
	us := p.SideToMove()
	k, ok := p.KingSquare(us)
	if !ok {
		return true
	}
	occ := p.Occupied(variants.White) | p.Occupied(variants.Black)
	checkers := kcAttackersTo(p, k, occ, us^1)
	if checkers.Count() != 1 {
		return true
	}
	c := checkers.First()
	takers := kcAttackersTo(p, c, occ, us)
	if takers == 0 {
		return true
	}
	if kcAttackersTo(p, c, occ, us^1) == 0 {
		return false // undefended: any taker wins it, the King included
	}
	_, ct, _ := p.PieceAt(c)
	cheapest := kingchess.Pawn
	for ; cheapest > kingchess.King && takers&p.Pieces(us, cheapest) == 0; cheapest-- {
	}
	// Defended: the King may not take; a cheaper piece wins material.
	return cheapest == kingchess.King || kcBoardValue[cheapest] >= kcBoardValue[ct]
}

// NullAllowed implements NullMover (see the comment at the top).
func (e *kcEvaluator) NullAllowed() bool {
	p := e.p
	us := p.SideToMove()
	if p.KingInHand(us) {
		return false
	}
	if !p.ReserveEmpty(us) {
		return true
	}
	return p.Occupied(us)&^(p.Pieces(us, kingchess.King)|p.Pieces(us, kingchess.Pawn)) != 0
}

func (e *kcEvaluator) MakeNull()   { e.p.MakeNull() }
func (e *kcEvaluator) UnmakeNull() { e.p.UnmakeNull() }
