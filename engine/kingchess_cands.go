package engine

import (
	"slices"

	"varchess/variants"
	bb "varchess/variants/bitboard"
	"varchess/variants/kingchess"
)

// The plies the kingchess search tries (CandidateGenerator).
//
// pos.Moves lists the ordinary moves and the single drops; in kingchess a
// drop action may place any number of pieces, far too many to search
// (5.3e15 at the start). The search adds a handful of strong ones:
//
//   - whole formations from the reserve: the classical set-up, the King
//     castled short or long behind its pawns, the King with a pawn shelter,
//     all pawns to the second rank, the minor pieces at home or developed,
//     every piece at home; each takes the pieces of its pattern that are in
//     hand, on the squares of the pattern that are free and allowed;
//   - blocks of a double check, one piece on each checking line (only a
//     drop action of several pieces parries that, and Moves never lists
//     those, so without them the search would call the position mate);
//   - while the King is in hand and no single King drop is legal, the King
//     with blockers of the lines that attack its square.
//
// Every action is built and checked by kingchess.BuildDropAction. The list
// is then ordered by a static guess (captures, then multi-drops, then the
// rest by piece-square gain, safety of the target square, threats, checks,
// support of our attacked pieces, blocks of the open lines from our King
// to the enemy half, pawn shelter): quiet plies that the history table has
// not scored yet keep this order, which matters most in kingchess1 where
// nearly every ply is a drop and late-move pruning at low depth searches
// only the first few. TestKCOrderingAgainstFairy measures the order on
// Fairy-Stockfish's drops.

// kcPattern lists, per piece type, the squares (White's view, in order of
// preference) a formation puts pieces of that type on. A nil list leaves
// the type in hand.
type kcPattern [kingchess.NumTypes][]bb.Square

// kcSquares reads a space-separated square list (tables only).
func kcSquares(s string) []bb.Square {
	var out []bb.Square
	for i := 0; i+1 < len(s); i += 3 {
		sq, ok := bb.ParseSquare(s[i : i+2])
		if !ok {
			panic("kingchess pattern: bad square " + s[i:i+2])
		}
		out = append(out, sq)
	}
	return out
}

// kcMirrorFiles turns a king-side pattern into the queen-side one.
func kcMirrorFiles(p kcPattern) kcPattern {
	var q kcPattern
	for t := range p {
		for _, s := range p[t] {
			q[t] = append(q[t], s^7)
		}
	}
	return q
}

// kcKingSquares is where the King goes when a pattern without it is used
// while the King is in hand (K10: it must be part of the action).
var kcKingSquares = kcSquares("e1 g1 c1 b1 f1 d1")

var kcPatterns = func() []kcPattern {
	classical := kcPattern{
		kingchess.King:   kcSquares("e1"),
		kingchess.Queen:  kcSquares("d1"),
		kingchess.Rook:   kcSquares("a1 h1"),
		kingchess.Bishop: kcSquares("c1 f1"),
		kingchess.Knight: kcSquares("b1 g1"),
		kingchess.Pawn:   kcSquares("d2 e2 c2 f2 a2 b2 g2 h2"),
	}
	castled := kcPattern{
		kingchess.King:   kcSquares("g1"),
		kingchess.Queen:  kcSquares("d1 e1"),
		kingchess.Rook:   kcSquares("f1 a1 e1"),
		kingchess.Bishop: kcSquares("e2 c1 d3 b2"),
		kingchess.Knight: kcSquares("f3 c3 d2"),
		kingchess.Pawn:   kcSquares("f2 g2 h2 a2 b2 c2 d2 e3"),
	}
	home := classical
	home[kingchess.Pawn] = nil
	return []kcPattern{
		classical,
		castled,
		kcMirrorFiles(castled),
		{kingchess.King: kcSquares("g1"), kingchess.Pawn: kcSquares("f2 g2 h2")},
		{kingchess.King: kcSquares("b1"), kingchess.Pawn: kcSquares("a2 b2 c2")},
		{kingchess.King: kcSquares("e1"), kingchess.Pawn: kcSquares("d2 e2 f2")},
		{kingchess.Pawn: kcSquares("d2 e2 c2 f2 b2 g2 a2 h2")},
		{kingchess.Pawn: kcSquares("e4 d4 c3 f3")},
		{kingchess.Bishop: kcSquares("c1 f1"), kingchess.Knight: kcSquares("b1 g1")},
		{kingchess.Bishop: kcSquares("e2 d2 c4 f4 b2 g2"), kingchess.Knight: kcSquares("c3 f3 d2 e2")},
		home,
	}
}()

// kcFormationMinHand is the reserve size below which no formation is tried.
const kcFormationMinHand = 6

// kcMaxBlocks bounds the check-blocking actions generated at one node.
const kcMaxBlocks = 12

// Candidates implements CandidateGenerator.
func (e *kcEvaluator) Candidates(buf []variants.Move) []variants.Move {
	p := e.p
	start := len(buf)
	buf = p.Moves(buf)
	multi := p.Variant() == "kingchess"
	if multi {
		singles := len(buf) - start
		switch {
		case p.InCheck():
			// Only double checks need several blockers; the single-drop
			// engine adds them only when nothing else is legal.
			if lines, ok := p.CheckLines(); ok && len(lines) >= 2 && (!e.singleOnly || singles == 0) {
				k, _ := p.KingSquare(p.SideToMove())
				buf = e.blocks(buf, k, false)
			}
		case p.KingInHand(p.SideToMove()):
			if !e.singleOnly || singles == 0 {
				buf = e.kingWithBlocks(buf, singles == 0)
			}
			if !e.singleOnly {
				buf = e.formations(buf)
			}
		default:
			if !e.singleOnly {
				buf = e.formations(buf)
			}
		}
	}
	e.orderCandidates(buf[start:])
	if multi && !e.singleOnly && !p.InCheck() && !p.KingInHand(p.SideToMove()) {
		buf = e.pairs(buf, start)
	}
	return buf
}

// kcPairMin is the ordering guess a single drop needs to be combined with
// another one (a threat, a check, a defence: not just a PST square).
const kcPairMin = 40

// kcPairTop is how many of the best single drops are paired.
const kcPairTop = 4

// pairs adds, in front of the ordered list buf[start:], the drop actions
// joining two of the best single drops, and the one joining the best
// three: two threats at once, or a threat and a defence (a shelter pawn, a
// block of a line to our King), cost one ply instead of two. It reads the
// guesses left in e.orderBuf by orderCandidates.
func (e *kcEvaluator) pairs(buf []variants.Move, start int) []variants.Move {
	p := e.p
	var top [kcPairTop]kingchess.Placement
	n := 0
	for _, o := range e.orderBuf {
		if o.v >= 1<<17 {
			continue // multi-drops and captures
		}
		if o.v < kcPairMin || n == kcPairTop {
			break
		}
		if t, s, single := kcSingleDrop(o.m); single {
			top[n] = kingchess.Placement{Type: t, Sq: s}
			n++
		}
	}
	end := len(buf)
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if top[i].Sq == top[j].Sq {
				continue
			}
			m, err := p.BuildDropAction([]kingchess.Placement{top[i], top[j]})
			if err == nil && !slices.Contains(buf[start:], m) {
				buf = append(buf, m)
			}
		}
	}
	// The three best at once.
	if n >= 3 && top[0].Sq != top[1].Sq && top[0].Sq != top[2].Sq && top[1].Sq != top[2].Sq {
		m, err := p.BuildDropAction(top[:3])
		if err == nil && !slices.Contains(buf[start:], m) {
			buf = append(buf, m)
		}
	}
	// Move the pairs in after the captures and the formations.
	added := len(buf) - end
	if added > 0 {
		at := start
		for _, o := range e.orderBuf {
			if o.v < 1<<17 {
				break
			}
			at++
		}
		tmp := append([]variants.Move(nil), buf[end:]...)
		copy(buf[at+added:], buf[at:end])
		copy(buf[at:], tmp)
	}
	return buf
}

// formations appends the pattern drop actions of two or more pieces.
func (e *kcEvaluator) formations(buf []variants.Move) []variants.Move {
	p := e.p
	us := p.SideToMove()
	hand := p.Reserve(us)
	// Formations are opening plans: with a small reserve (or many pieces
	// already out) they only cost search time.
	if n := hand[0] + hand[1] + hand[2] + hand[3] + hand[4] + hand[5]; n < kcFormationMinHand {
		return buf
	}
	first := len(buf)
	pats := kcPatterns
	// With the King on the board, a shelter in front of it.
	if k, ok := p.KingSquare(us); ok && hand[kingchess.Pawn] > 0 {
		var shelter kcPattern
		for b := bb.KingAttacks[k] & kcAhead(us, k); b != 0; {
			shelter[kingchess.Pawn] = append(shelter[kingchess.Pawn], kcRel(us, b.PopFirst()))
		}
		pats = append(pats[:len(pats):len(pats)], shelter)
	}
	for i := range pats {
		m, ok := e.fromPattern(&pats[i], hand)
		if ok && !slices.Contains(buf[first:], m) {
			buf = append(buf, m)
		}
	}
	return buf
}

// fromPattern builds the drop action of a pattern from the hand; ok is
// false when it places fewer than two pieces or is illegal.
func (e *kcEvaluator) fromPattern(pat *kcPattern, hand [kingchess.NumTypes]int) (variants.Move, bool) {
	p := e.p
	us := p.SideToMove()
	zone := p.DropZone()
	var placed [16]kingchess.Placement
	n := 0
	var used bb.Bitboard
	bishopOK := p.BishopDropSquares(us)
	for t := kingchess.King; t <= kingchess.Pawn; t++ {
		list := pat[t]
		if t == kingchess.King && list == nil && hand[kingchess.King] > 0 {
			list = kcKingSquares
		}
		left := hand[t]
		for _, s0 := range list {
			if left == 0 {
				break
			}
			s := kcRel(us, s0)
			if !zone.Has(s) || used.Has(s) {
				continue
			}
			if !kcDropFits(us, t, s, &bishopOK) {
				continue
			}
			placed[n] = kingchess.Placement{Type: t, Sq: s}
			n++
			used |= s.Bit()
			left--
			if t == kingchess.King {
				break
			}
		}
		if t == kingchess.King && hand[kingchess.King] > 0 && left > 0 {
			return variants.NoMove, false // K10: the King must come too
		}
	}
	if n < 2 {
		return variants.NoMove, false
	}
	m, err := p.BuildDropAction(placed[:n])
	return m, err == nil
}

// kcCheapest is the order in which blockers are taken from the hand.
var kcCheapest = [...]kingchess.PieceType{kingchess.Pawn, kingchess.Knight, kingchess.Bishop, kingchess.Rook, kingchess.Queen}

// blockAssign puts the cheapest available reserve piece on each square of
// sqs (plus the King on king when kingDrop); ok is false when some square
// takes no piece.
func (e *kcEvaluator) blockAssign(sqs []bb.Square, king bb.Square, kingDrop bool) (variants.Move, bool) {
	p := e.p
	us := p.SideToMove()
	hand := p.Reserve(us)
	var placed [16]kingchess.Placement
	n := 0
	if kingDrop {
		placed[n] = kingchess.Placement{Type: kingchess.King, Sq: king}
		n++
		hand[kingchess.King]--
	}
	bishopOK := p.BishopDropSquares(us)
	for _, s := range sqs {
		found := false
		for _, t := range kcCheapest {
			if hand[t] == 0 {
				continue
			}
			if !kcDropFits(us, t, s, &bishopOK) {
				continue
			}
			hand[t]--
			placed[n] = kingchess.Placement{Type: t, Sq: s}
			n++
			found = true
			break
		}
		if !found {
			return variants.NoMove, false
		}
	}
	m, err := p.BuildDropAction(placed[:n])
	return m, err == nil
}

// blocks appends drop actions putting one piece on every line between the
// King on k and a checking slider (the King dropped there too when
// kingDrop), trying the squares of each line nearest the King first.
func (e *kcEvaluator) blocks(buf []variants.Move, k bb.Square, kingDrop bool) []variants.Move {
	p := e.p
	us := p.SideToMove()
	occ := p.Occupied(variants.White) | p.Occupied(variants.Black)
	if bb.KnightAttacks[k]&p.Pieces(us^1, kingchess.Knight) != 0 ||
		bb.PawnAttacks[us][k]&p.Pieces(us^1, kingchess.Pawn) != 0 ||
		bb.KingAttacks[k]&p.Pieces(us^1, kingchess.King) != 0 {
		return buf // a leaper's check cannot be blocked
	}
	zone := p.DropZone() &^ k.Bit()
	var lines [][]bb.Square
	for a := kcAttackersTo(p, k, occ, us^1); a != 0; {
		l := bb.Between[k][a.PopFirst()] & zone
		if l == 0 {
			return buf
		}
		// Nearest to the King first, at most three squares per line.
		var sqs []bb.Square
		for l != 0 && len(sqs) < 3 {
			best := l.First()
			for b := l; b != 0; {
				s := b.PopFirst()
				if kcDist(s, k) < kcDist(best, k) {
					best = s
				}
			}
			sqs = append(sqs, best)
			l &^= best.Bit()
		}
		lines = append(lines, sqs)
	}
	if len(lines) > 4 {
		return buf
	}
	first := len(buf)
	idx := make([]int, len(lines))
	pick := make([]bb.Square, len(lines))
	for tries := 0; tries < 81 && len(buf)-first < kcMaxBlocks; tries++ {
		for i := range lines {
			pick[i] = lines[i][idx[i]]
		}
		if m, ok := e.blockAssign(pick, k, kingDrop); ok && kingchess.DropTargets(m).Count() >= 2 && !slices.Contains(buf[first:], m) {
			buf = append(buf, m)
		}
		// Next combination (odometer).
		i := 0
		for ; i < len(lines); i++ {
			idx[i]++
			if idx[i] < len(lines[i]) {
				break
			}
			idx[i] = 0
		}
		if i == len(lines) {
			break
		}
	}
	return buf
}

// kingWithBlocks appends drops of the King together with blockers of the
// slider lines attacking its square. all: try every square (no single King
// drop is legal), else only the few best squares for the King.
func (e *kcEvaluator) kingWithBlocks(buf []variants.Move, all bool) []variants.Move {
	p := e.p
	us := p.SideToMove()
	occ := p.Occupied(variants.White) | p.Occupied(variants.Black)
	first := len(buf)
	for _, s0 := range kcKingSquares {
		s := kcRel(us, s0)
		if !p.DropZone().Has(s) || kcAttackersTo(p, s, occ, us^1) == 0 {
			continue
		}
		buf = e.blocks(buf, s, true)
	}
	if all && len(buf) == first {
		for z := p.DropZone(); z != 0 && len(buf)-first < kcMaxBlocks; {
			s := z.PopFirst()
			if kcAttackersTo(p, s, occ, us^1) != 0 {
				buf = e.blocks(buf, s, true)
			}
		}
	}
	return buf
}

func kcDist(a, b bb.Square) int {
	return max(abs(a.File()-b.File()), abs(a.Rank()-b.Rank()))
}

// kcOrdered is a candidate with its ordering guess.
type kcOrdered struct {
	m variants.Move
	v int
}

// orderCandidates sorts ms by a static guess, best first (stable, so equal
// guesses keep the generator's order).
func (e *kcEvaluator) orderCandidates(ms []variants.Move) {
	p := e.p
	us := p.SideToMove()
	them := us ^ 1
	occ := p.Occupied(variants.White) | p.Occupied(variants.Black)
	var theirAtt, theirPawnAtt, ourAtt bb.Bitboard
	for t := kingchess.King; t <= kingchess.Pawn; t++ {
		for b := p.Pieces(them, t); b != 0; {
			a := kcAttacks(them, t, b.PopFirst(), occ)
			theirAtt |= a
			if t == kingchess.Pawn {
				theirPawnAtt |= a
			}
		}
		for b := p.Pieces(us, t); b != 0; {
			ourAtt |= kcAttacks(us, t, b.PopFirst(), occ)
		}
	}
	theirKing := bb.Bitboard(0)
	if k, ok := p.KingSquare(them); ok {
		theirKing = k.Bit()
	}
	// Our pieces they attack and we do not defend.
	ourHanging := p.Occupied(us) &^ p.Pieces(us, kingchess.King) & theirAtt &^ ourAtt
	block, shelter := e.kingCover(us, occ)
	ourAttacked := p.Occupied(us) &^ p.Pieces(us, kingchess.King) & theirAtt
	// threat is what a piece of type t on s (attacking att) threatens to
	// win, plus a little for defending a hanging piece of ours.
	threat := func(t kingchess.PieceType, att bb.Bitboard) int {
		best := 0
		for b := att & p.Occupied(them) &^ theirKing; b != 0; {
			x := b.PopFirst()
			_, tt, _ := p.PieceAt(x)
			g := kcBoardValue[tt]
			if theirAtt.Has(x) {
				g -= kcBoardValue[t]
			}
			best = max(best, g)
		}
		v := best / 2
		for b := att & ourHanging; b != 0; {
			_, tt, _ := p.PieceAt(b.PopFirst())
			v += kcBoardValue[tt] / 4
		}
		// Support for our attacked pieces that are defended already.
		for b := att & ourAttacked &^ ourHanging; b != 0; {
			_, tt, _ := p.PieceAt(b.PopFirst())
			v += kcBoardValue[tt] / kcSupportDiv
		}
		return v
	}
	// squareRisk is what a piece of type t loses standing on s.
	squareRisk := func(t kingchess.PieceType, s bb.Square) int {
		switch {
		case t != kingchess.Pawn && t != kingchess.King && theirPawnAtt.Has(s):
			return kcBoardValue[t] / 2
		case theirAtt.Has(s) && !ourAtt.Has(s):
			return kcBoardValue[t] / 3
		}
		return 0
	}
	list := e.orderBuf[:0]
	for _, m := range ms {
		v := 0
		if kingchess.IsDrop(m) {
			t, s, single := kcSingleDrop(m)
			if !single {
				v = 1 << 17 // multi-drops: few, and each a whole plan; after captures
			} else {
				att := kcAttacks(us, t, s, occ|s.Bit())
				v = kcPST[0][t][kcRel(us, s)] + kcBoardValue[t]/kcDropValueDiv - squareRisk(t, s)
				if squareRisk(t, s) == 0 {
					v += threat(t, att)
				}
				if t == kingchess.King {
					v = kcPST[0][t][kcRel(us, s)] - 10*(theirAtt&bb.KingAttacks[s]).Count()
				}
				if att&theirKing != 0 {
					v += 60
				}
				if block.Has(s) {
					v += kcBlockBonus[t]
				}
				if t == kingchess.Pawn && shelter.Has(s) {
					v += kcShelterBonus
				}
			}
		} else {
			from, to := kcFrom(m), kcTo(m)
			_, t, _ := p.PieceAt(from)
			if noisy, gain := e.Classify(m); noisy {
				v = 1<<18 + gain
			} else {
				v = kcPST[0][t][kcRel(us, to)] - kcPST[0][t][kcRel(us, from)] - squareRisk(t, to) + squareRisk(t, from)
				if t == kingchess.King && abs(from.File()-to.File()) == 2 {
					v += 40 // castling
				}
				if kcAttacks(us, t, to, occ&^from.Bit())&theirKing != 0 {
					v += 60
				}
			}
		}
		list = append(list, kcOrdered{m, v})
	}
	// Sorting packed keys (guess, then generator order) is a stable sort
	// by guess at the cost of a sort of integers: this runs at every node.
	keys := e.keyBuf[:0]
	for i, o := range list {
		keys = append(keys, int64(o.v)<<16|int64(0xFFFF-i))
	}
	slices.Sort(keys)
	sorted := e.sortBuf[:0]
	for i := len(keys) - 1; i >= 0; i-- {
		o := list[0xFFFF-int(keys[i]&0xFFFF)]
		ms[len(keys)-1-i] = o.m
		sorted = append(sorted, o)
	}
	e.keyBuf, e.sortBuf, e.orderBuf = keys, list, sorted
}

// kcDropValueDiv: a single drop's guess gains the piece's value divided by
// this (bigger pieces first, other things equal).
const kcDropValueDiv = 16

// kcBlockBonus is the ordering bonus of a drop onto a square that blocks
// an open line from our King to the enemy half (a line the enemy reserve
// could check along), by type: cheap blockers first.
var kcBlockBonus = [kingchess.NumTypes]int{0, 10, 15, 30, 30, 40}

// kcSupportDiv: a drop defending an attacked piece of ours that is
// defended already gains that piece's value divided by this.
const kcSupportDiv = 8

// kcDenyBonus is the ordering bonus per empty square of the enemy half,
// not yet attacked by us, that the dropped piece attacks (the enemy can no
// longer drop there safely).
var kcDenyBonus = 8

// kcShelterBonus is the ordering bonus of a pawn drop in front of our King.
const kcShelterBonus = 50

// kingCover returns, for side us, the empty squares of its half that block
// an open line (rook lines while the enemy has a queen or rook, board or
// hand; diagonals while it has a queen or bishop) from its King to an
// empty square of the enemy half, and the squares in front of its King.
func (e *kcEvaluator) kingCover(us variants.Color, occ bb.Bitboard) (block, shelter bb.Bitboard) {
	p := e.p
	k, ok := p.KingSquare(us)
	if !ok {
		return 0, 0
	}
	them := us ^ 1
	hand := p.Reserve(them)
	has := func(t kingchess.PieceType) bool { return hand[t] > 0 || p.Pieces(them, t) != 0 }
	far := kcHalf(them) &^ occ
	var ends bb.Bitboard
	if has(kingchess.Queen) || has(kingchess.Rook) {
		ends |= bb.RookAttacks(k, occ) & far
	}
	if has(kingchess.Queen) || has(kingchess.Bishop) {
		ends |= bb.BishopAttacks(k, occ) & far
	}
	for ends != 0 {
		block |= bb.Between[k][ends.PopFirst()]
	}
	own := kcHalf(us) &^ occ
	return block & own, bb.KingAttacks[k] & kcAhead(us, k) & own
}

// kcDropFits reports whether a piece of type t may join a drop action on s:
// no pawn on the own first rank, and a bishop only on a square bishopOK
// allows. A bishop that fits narrows bishopOK to the other colour, where a
// second bishop of the same action must go.
func kcDropFits(us variants.Color, t kingchess.PieceType, s bb.Square, bishopOK *bb.Bitboard) bool {
	switch {
	case t == kingchess.Pawn && kcRel(us, s).Rank() == 0:
		return false
	case t == kingchess.Bishop:
		if !bishopOK.Has(s) {
			return false
		}
		if s.IsLight() {
			*bishopOK &= bb.Dark
		} else {
			*bishopOK &= bb.Light
		}
	}
	return true
}
