package russian

import (
	"math/bits"

	"varchess/variants"
	bb "varchess/variants/bitboard"
)

var (
	// pawnPush[c][s] is the square in front of a pawn of colour c on s
	// (empty on the last rank).
	pawnPush [2][64]bb.Bitboard
	// rookRays[s] and bishopRays[s] are the squares a rook or bishop on s
	// reaches on an empty board: where the sliders that could pin a unit
	// to a King on s stand.
	rookRays, bishopRays [64]bb.Bitboard
)

func init() {
	for s := bb.Square(0); s < 64; s++ {
		if !boardMask.Has(s) {
			continue
		}
		pawnPush[0][s] = s.Bit().North() & boardMask
		pawnPush[1][s] = s.Bit().South() & boardMask
		rookRays[s] = bb.RookAttacks(s, 0) & boardMask
		bishopRays[s] = bb.BishopAttacks(s, 0) & boardMask
	}
}

// targets returns the squares a unit topped by a checker of type t and
// colour c on s could land on, before the check rule: every square it
// reaches (sliders stop at the first non-empty square, which they may land
// on), minus the square of the own King (R5b), minus for pawns the pushes
// onto enemy tops and the diagonal steps onto anything but enemy tops (R6).
func (p *Position) targets(t Type, c variants.Color, s bb.Square) bb.Bitboard {
	var to bb.Bitboard
	switch t {
	case Pawn:
		to = pawnPush[c][s]&^p.colorBB[c^1] | bb.PawnAttacks[c][s]&p.colorBB[c^1]
	case Knight:
		to = bb.KnightAttacks[s]
	case Bishop:
		to = bb.BishopAttacks(s, p.occ)
	case Rook:
		to = bb.RookAttacks(s, p.occ)
	case Queen:
		to = bb.QueenAttacks(s, p.occ)
	case King:
		to = bb.KingAttacks[s]
	}
	return to & boardMask &^ p.kingSq[c].Bit()
}

// canPromote reports whether some promotion type takes part (R6).
func (p *Position) canPromote() bool {
	return p.count[Queen]+p.count[Rook]+p.count[Bishop]+p.count[Knight] > 0
}

// pawnsReach reports whether a pawn of colour by could capture onto s: not
// onto its last rank when no promotion type takes part (R6), so such a
// pawn gives no check there either (R7 "could capture by R4-R6").
func (p *Position) pawnsReach(s bb.Square, by variants.Color) bool {
	return !lastRank[by].Has(s) || p.canPromote()
}

// attackersTo returns the squares topped by side by whose top checker could
// capture onto s (R7), with occupancy occ.
func (p *Position) attackersTo(s bb.Square, by variants.Color, occ bb.Bitboard) bb.Bitboard {
	rq := p.typeBB[Rook] | p.typeBB[Queen]
	bq := p.typeBB[Bishop] | p.typeBB[Queen]
	var pawns bb.Bitboard
	if p.pawnsReach(s, by) {
		pawns = bb.PawnAttacks[by^1][s] & p.typeBB[Pawn]
	}
	a := bb.KnightAttacks[s]&p.typeBB[Knight] |
		bb.KingAttacks[s]&p.typeBB[King] |
		pawns |
		bb.RookAttacks(s, occ)&rq |
		bb.BishopAttacks(s, occ)&bq
	return a & p.colorBB[by]
}

// exposes reports whether moving the top k checkers of from to to would
// leave the mover's King attacked (R7). It looks at the position after the
// move without making it: the destination gains an own top (blocking, and
// removing a captured attacker), the origin is emptied (k = height) or
// shows its new top (possibly a freed enemy prisoner), and the King moves
// if it travels in the unit.
func (p *Position) exposes(from, to bb.Square, k int, kingMoves bool) bool {
	us := p.side
	them := us ^ 1
	st := &p.stacks[from]
	h := int(st.h)
	occ := p.occ | to.Bit()
	enemy := p.colorBB[them] &^ to.Bit()
	var freed bb.Bitboard // the origin, if it is now topped by an enemy
	var freedType Type
	if k == h {
		occ &^= from.Bit()
	} else if c := st.c[h-k-1]; c.Color() == them {
		freed, freedType = from.Bit(), c.Type()
	}
	ks := p.kingSq[us]
	if kingMoves {
		ks = to
	}
	of := func(t Type) bb.Bitboard {
		b := p.typeBB[t] & enemy
		if freedType == t {
			b |= freed
		}
		return b
	}
	return bb.KnightAttacks[ks]&of(Knight) != 0 ||
		bb.KingAttacks[ks]&of(King) != 0 ||
		p.pawnsReach(ks, them) && bb.PawnAttacks[us][ks]&of(Pawn) != 0 ||
		bb.RookAttacks(ks, occ)&(of(Rook)|of(Queen)) != 0 ||
		bb.BishopAttacks(ks, occ)&(of(Bishop)|of(Queen)) != 0
}

// danger returns the squares the enemy of the side to move attacks with
// occupancy occ (R7). King units use it: a King stepping to a square is
// attacked there exactly when the square is in danger(occ after the move),
// and only the origin's occupancy can differ from the current one.
func (p *Position) danger(occ bb.Bitboard) bb.Bitboard {
	them := p.side ^ 1
	enemy := p.colorBB[them]
	var d bb.Bitboard
	for b := enemy & p.typeBB[Knight]; b != 0; {
		d |= bb.KnightAttacks[b.PopFirst()]
	}
	for b := enemy & p.typeBB[King]; b != 0; {
		d |= bb.KingAttacks[b.PopFirst()]
	}
	for b := enemy & (p.typeBB[Rook] | p.typeBB[Queen]); b != 0; {
		d |= bb.RookAttacks(b.PopFirst(), occ)
	}
	for b := enemy & (p.typeBB[Bishop] | p.typeBB[Queen]); b != 0; {
		d |= bb.BishopAttacks(b.PopFirst(), occ)
	}
	return d | p.pawnDanger(enemy&p.typeBB[Pawn], them)
}

// pawnDanger returns the squares the pawns on pawns, of colour c, attack:
// the diagonal steps forward, but not onto the last rank when no
// promotion type takes part (R6, R7).
func (p *Position) pawnDanger(pawns bb.Bitboard, c variants.Color) bb.Bitboard {
	if c == variants.White {
		pawns = pawns.North()
	} else {
		pawns = pawns.South()
	}
	d := pawns.East() | pawns.West()
	if !p.canPromote() {
		d &^= lastRank[c]
	}
	return d
}

// blockers returns the squares that are the only occupied square between
// the mover's King and an enemy slider aimed at it: emptying one of them
// may expose the King.
func (p *Position) blockers() bb.Bitboard {
	us := p.side
	them := us ^ 1
	ks := p.kingSq[us]
	snipers := (rookRays[ks]&(p.typeBB[Rook]|p.typeBB[Queen]) |
		bishopRays[ks]&(p.typeBB[Bishop]|p.typeBB[Queen])) & p.colorBB[them]
	var out bb.Bitboard
	for snipers != 0 {
		s := snipers.PopFirst()
		b := bb.Between[ks][s] & p.occ
		if b != 0 && b&(b-1) == 0 {
			out |= b
		}
	}
	return out
}

// promotionChoices lists the types a promoting pawn may become here (R6:
// only types that take part).
func (p *Position) promotionChoices() (list [4]Type, n int) {
	for _, t := range promotionTypes {
		if p.count[t] > 0 {
			list[n] = t
			n++
		}
	}
	return list, n
}

// nPromotions is the number of promotion choices (len of promotionChoices),
// computed without branches: it is needed at every node.
func (p *Position) nPromotions() int {
	c := &p.count
	return min(c[Queen], 1) + min(c[Rook], 1) + min(c[Bishop], 1) + min(c[Knight], 1)
}

// nodeInfo holds what every unit of the side to move shares when its
// moves are generated: where the Kings stand, which stacks shield the own
// King from a slider, and where a unit without the King may land.
type nodeInfo struct {
	us, them  variants.Color
	ks        bb.Square // the mover's King
	enemyKing bb.Square
	pinned    bb.Bitboard // see blockers
	// evasions holds the destinations where a unit without the King can
	// answer a check: capturing the single checker or blocking its line
	// (or capturing the enemy King, which is always legal). All squares
	// when not in check.
	evasions bb.Bitboard
	// only holds the destinations generated at all: every square, or the
	// enemy tops for the captures alone (Captures).
	only   bb.Bitboard
	nPromo int // number of promotion choices
}

// fill computes n for the side to move of p.
func (n *nodeInfo) fill(p *Position) {
	us := p.side
	*n = nodeInfo{us: us, them: us ^ 1, ks: p.kingSq[us], enemyKing: p.kingSq[us^1]}
	n.pinned = p.blockers()
	n.only = ^bb.Bitboard(0)
	n.evasions = ^bb.Bitboard(0)
	if checkers := p.attackersTo(n.ks, n.them, p.occ); checkers != 0 {
		n.evasions = 0
		if checkers&(checkers-1) == 0 {
			n.evasions = checkers | bb.Between[n.ks][checkers.First()]
		}
		n.evasions |= n.enemyKing.Bit()
	}
	n.nPromo = p.nPromotions()
}

// generate appends every legal non-pass move whose unit top type is at
// most maxType. It does not look at captured kings: callers check Ended
// first.
func (p *Position) generate(maxType Type, buf []variants.Move) []variants.Move {
	var n nodeInfo
	n.fill(p)
	return p.generateFor(&n, maxType, buf)
}

// generateFor is generate with the node's shared facts n already filled.
func (p *Position) generateFor(n *nodeInfo, maxType Type, buf []variants.Move) []variants.Move {
	own := p.colorBB[n.us]
	if maxType < King {
		var allowed bb.Bitboard
		for t := Pawn; t <= maxType; t++ {
			allowed |= p.typeBB[t]
		}
		own &= allowed
	}
	promos, _ := p.promotionChoices()
	for own != 0 {
		buf = p.stackMoves(own.PopFirst(), n, promos[:n.nPromo], buf, nil)
	}
	return buf
}

// Captures appends the legal captures (every face, as AllMoves): the moves
// of AllMoves onto enemy tops, in the same order, without generating the
// others. Quiescence searches only these.
func (p *Position) Captures(buf []variants.Move) []variants.Move {
	if p.KingCaptured(variants.White) || p.KingCaptured(variants.Black) {
		return buf
	}
	var n nodeInfo
	n.fill(p)
	n.only = p.colorBB[n.them]
	return p.generateFor(&n, King, buf)
}

// stackMoves visits the legal moves of the own stack on from, for every
// k. With counts nil it appends them to buf (promos lists the promotion
// choices); otherwise it only adds their number to counts[top type].
func (p *Position) stackMoves(from bb.Square, n *nodeInfo, promos []Type, buf []variants.Move, counts *[7]uint64) []variants.Move {
	emit := counts == nil
	us, them := n.us, n.them
	enemyKing := n.enemyKing
	st := &p.stacks[from]
	h := int(st.h)
	t := st.c[h-1].Type()
	to := p.targets(t, us, from) & n.only
	var promoSquares bb.Bitboard
	if t == Pawn {
		promoSquares = to & lastRank[us]
		if n.nPromo == 0 {
			to &^= promoSquares
			promoSquares = 0
		}
	}
	captures := to & p.colorBB[them]
	var dangerKeep bb.Bitboard // danger(p.occ), computed when first needed
	haveDanger := false
	for k := 1; k <= h; k++ {
		// Only three things can leave the King attacked: the King
		// travels in the unit, the unit empties a blocking square, or
		// it uncovers an enemy prisoner. Otherwise a move is legal if
		// it is an evasion (when in check).
		kingMoves := from == n.ks && int(p.kingIdx[us]) >= h-k
		dests := to
		check := false // test each destination with exposes
		switch {
		case !kingMoves:
			dests &= n.evasions
			if k == h {
				check = n.pinned.Has(from)
			} else {
				check = st.c[h-k-1].Color() == them
			}
		case k == h:
			// The King's unit empties its square: a destination is
			// fine unless attacked through that square or otherwise
			// (capturing the enemy King is always allowed).
			dests &^= p.danger(p.occ&^from.Bit()) &^ (enemyKing.Bit() & captures)
		case st.c[h-k-1].Color() == us:
			// An own checker stays behind: occupancy is unchanged.
			if !haveDanger {
				dangerKeep, haveDanger = p.danger(p.occ), true
			}
			dests &^= dangerKeep &^ (enemyKing.Bit() & captures)
		default:
			check = true // a freed enemy prisoner may attack the King
		}
		if !emit && !check {
			counts[t] += uint64(bits.OnesCount64(uint64(dests)) + (n.nPromo-1)*bits.OnesCount64(uint64(promoSquares&dests)))
			continue
		}
		var whole uint64
		if k == h {
			whole = mvWhole
		}
		for rest := dests; rest != 0; {
			dst := rest.PopFirst()
			if check && !(dst == enemyKing && captures.Has(dst)) && p.exposes(from, dst, k, kingMoves) {
				continue
			}
			if !emit {
				if promoSquares.Has(dst) {
					counts[t] += uint64(n.nPromo)
				} else {
					counts[t]++
				}
				continue
			}
			flags := whole
			if captures.Has(dst) {
				flags |= mvCapture
				if dst == enemyKing {
					flags |= mvKingCap
				}
			}
			if !promoSquares.Has(dst) {
				buf = append(buf, newMove(from, dst, k, NoType, t, flags))
				continue
			}
			for _, pr := range promos {
				buf = append(buf, newMove(from, dst, k, pr, t, flags))
			}
		}
	}
	return buf
}

// legalMoves appends the legal non-pass moves whose unit top type is at
// most maxType.
func (p *Position) legalMoves(maxType Type, buf []variants.Move) []variants.Move {
	return p.generate(maxType, buf)
}

// CountByType returns the number of legal non-pass moves (face K) grouped
// by the unit's top type (MinFace), without listing them; all zero when
// the game has ended.
func (p *Position) CountByType() (counts [7]uint64) {
	if p.KingCaptured(variants.White) || p.KingCaptured(variants.Black) {
		return counts
	}
	return p.countByType()
}

// AllMoves appends every legal non-pass move (all that face K allows). It
// returns buf unchanged when the game has ended. The engine's chance
// nodes search this list once and derive every face from it (MinFace).
func (p *Position) AllMoves(buf []variants.Move) []variants.Move {
	if p.KingCaptured(variants.White) || p.KingCaptured(variants.Black) {
		return buf
	}
	return p.legalMoves(King, buf)
}

// MovesForFace appends the legal plies under face f: the moves of stacks
// topped by type f or lower, or the single pass when f takes no part (R2)
// or allows no move (R3). Nothing is appended when the game has ended
// (R8 a-c).
func (p *Position) MovesForFace(f Type, buf []variants.Move) []variants.Move {
	if f < Pawn || f > King {
		f = King
	}
	if p.KingCaptured(variants.White) || p.KingCaptured(variants.Black) {
		return buf
	}
	n := len(buf)
	buf = p.legalMoves(King, buf)
	if len(buf) == n {
		return buf // checkmate or stalemate
	}
	if !p.TakesPart(f) {
		return append(buf[:n], PassMove)
	}
	if f < King {
		kept := buf[:n]
		for _, m := range buf[n:] {
			if MinFace(m) <= f {
				kept = append(kept, m)
			}
		}
		buf = kept
	}
	if len(buf) == n {
		buf = append(buf, PassMove)
	}
	return buf
}

// Moves appends the legal plies under the current roll (face K if none).
func (p *Position) Moves(buf []variants.Move) []variants.Move {
	f := p.roll
	if f == NoType {
		f = King
	}
	return p.MovesForFace(f, buf)
}
