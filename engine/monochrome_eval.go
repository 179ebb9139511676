package engine

import (
	"varchess/variants"
	"varchess/variants/monochrome"

	bb "varchess/variants/bitboard"
)

// Monochrome chess (docs/rules.md section 2) is won on captured points, not by
// mate: pieces have no colour, whoever's half a piece stands on owns it, and
// every capture lands the capturer on the opponent's half, so it hands the
// capturing piece to the opponent. The evaluation therefore counts the
// score difference first and the board second:
//
//   - the points scored (100 centipawns per point);
//   - threats: what each side can capture next, i.e. the pieces on one half
//     attacked from the other half. The side to move resolves its own
//     captures in quiescence search; the side not to move will get to
//     capture next, so its best target counts against the mover;
//     This also prices what a capture costs: the capturer changes hands,
//     and where it lands attacking our pieces, the threat term after the
//     capture charges for the attacker we handed over. A threat is worth
//     its points less a quarter point per point of the cheapest capturer
//     (monoHandover): a queen that takes a pawn gives the queen away;
//   - mobility, a little;
//   - for the side ahead on points, the pieces still on its half (the game
//     ends, and the lead is cashed, once that half is empty) and the
//     100-ply clock (monoClockLead: the lead is cashed when it runs out).
//
// Game ends (Terminator) are decided by comparing the scores: a won end is
// a mate-like score, so the engine heads for the quickest ending it wins and
// runs from the ones it loses. Monochrome has no check, no mate and no
// sensible null move (passing is never legal and zugzwang-like positions are
// common: a side often must give a piece away), so there is no NullMover.

func init() {
	registerGame("monochrome", Game{NewEvaluator: newMonoEvaluator, Without: monoWithout, NoCheck: true, PlanMoves: monoPlanMoves, Search: handSetParams})
}

// monoPlanMoves: monochrome games run 200-380 plies, twice chess's, and are
// often decided late, on points; a plan over 30 moves (chess's then) spent
// half of a 5+0.05 clock in the first ten moves and scored 52% where the
// plan over 50 had scored 63% on the same openings (docs/strength.md,
// Monochrome).
const monoPlanMoves = 50

// monoWithout are the chess search techniques monochrome plays better
// without, each measured at fixed nodes against the search with it
// (docs/strength.md, Monochrome): the continuation and capture histories
// (without them quiet moves are ordered by the plain history and captures
// by their points and the piece handed over, which is cheaper per node and
// measured no weaker: a lean to a gain, within the error bar), and the
// history from the evaluation swing of a quiet move (clearly weaker here:
// the threats this evaluation counts swing with every move).
const monoWithout = TechContinuationHistory | TechCaptureHistory | TechSwingHistory

// Evaluation weights, centipawns.
const (
	monoPoint = 100 // one captured point
	// monoThreat is charged per point of the best capture the opponent (the
	// side not to move) has next move; it is a fraction of the value
	// because the mover may still parry it or take first.
	monoThreat = 45
	// monoThreatRest is charged per point of the opponent's other targets:
	// several threats cannot all be parried.
	monoThreatRest = 8
	// monoOwnTarget is credited per point of the mover's targets other
	// than the best one (which quiescence search plays out).
	monoOwnTarget = 6
	// monoMobility is credited per legal destination, difference between
	// the sides.
	monoMobility = 2
	// monoEndPiece is charged, when the mover leads, per piece left on its
	// half (and credited, when the opponent leads, per opponent's piece): a
	// side ahead on points wins by ending the game, and the game ends when
	// its half is empty. Scaled by the lead up to monoEndLead points, so a
	// narrow lead is not thrown away to hurry.
	monoEndPiece = 12
	monoEndLead  = 10
	// monoHandover is charged, in a capture's net value, per point of the
	// capturing piece: it changes owner with the capture.
	monoHandover = 25
	// monoClockLead is what a lead of monoEndLead points or more gains
	// when the 100-ply clock is about to end the game on score.
	monoClockLead = 60
)

// monoEvaluator evaluates and ends monochrome positions for one search.
type monoEvaluator struct {
	p *monochrome.Position
	// keys holds the hashes of the game's positions: first the capture-free
	// stretch before the search root (oldest first, base of them), then the
	// path from the root to the current node, keys[base+i] being the
	// position at Ply()==rootPly+i. Terminal, which the search calls at
	// every node before anything else, keeps the path part up to date.
	keys    []uint64
	base    int
	rootPly int
}

func newMonoEvaluator(pos variants.Position) Evaluator {
	p := pos.(*monochrome.Position)
	e := &monoEvaluator{p: p, rootPly: p.Ply()}
	// Walk back through the capture-free stretch on a copy (the game's
	// history is only reachable through Unmake).
	var before []uint64
	if n := min(p.Clock(), p.Ply()); n > 0 {
		q := p.Clone()
		for range n {
			q.Unmake()
			before = append(before, q.Hash())
		}
	}
	e.keys = make([]uint64, 0, len(before)+MaxPly+2)
	for i := len(before) - 1; i >= 0; i-- {
		e.keys = append(e.keys, before[i])
	}
	e.base = len(before)
	e.keys = append(e.keys, p.Hash())
	return e
}

// monoAttacks is the attack set of a piece of type pc on s (every square it
// could capture on, ignoring ownership).
func monoAttacks(pc monochrome.Piece, s bb.Square, occ bb.Bitboard) bb.Bitboard {
	switch pc {
	case monochrome.Pawn:
		return bb.PawnAttacks[0][s] | bb.PawnAttacks[1][s]
	case monochrome.Knight:
		return bb.KnightAttacks[s]
	case monochrome.Bishop:
		return bb.BishopAttacks(s, occ)
	case monochrome.Rook:
		return bb.RookAttacks(s, occ)
	case monochrome.Queen:
		return bb.QueenAttacks(s, occ)
	case monochrome.King:
		return bb.KingAttacks[s]
	}
	return 0
}

// monoHalf is the half of the board side c owns.
func monoHalf(c variants.Color) bb.Bitboard {
	if c == variants.White {
		return bb.South
	}
	return bb.North
}

// sideInfo is what Evaluate learns about one side's pieces.
type sideInfo struct {
	attacks bb.Bitboard // squares of the other half that c's pieces attack
	// by[pc] are the targets attacked by a piece of type pc (Pawn to King,
	// the types in increasing value).
	by       [monochrome.King + 1]bb.Bitboard
	mobility int // quiet destinations plus captures (approximate)
}

// side walks c's pieces type by type; the pawns all at once (each
// captures one step diagonally and moves one step straight, both ways).
func (e *monoEvaluator) side(c variants.Color) sideInfo {
	p := e.p
	occ := p.Occupied()
	own := p.Owned(c)
	other := occ &^ monoHalf(c) // pieces c may capture
	var si sideInfo
	pawns := p.Pieces(monochrome.Pawn) & own
	up, down := pawns.North(), pawns.South()
	si.by[monochrome.Pawn] = (up.East() | up.West() | down.East() | down.West()) & other
	si.mobility = (up &^ occ).Count() + (down &^ occ).Count()
	for b := p.Pieces(monochrome.Knight) & own; b != 0; {
		si.add(monochrome.Knight, bb.KnightAttacks[b.PopFirst()], other, own)
	}
	for b := p.Pieces(monochrome.Bishop) & own; b != 0; {
		si.add(monochrome.Bishop, bb.BishopAttacks(b.PopFirst(), occ), other, own)
	}
	for b := p.Pieces(monochrome.Rook) & own; b != 0; {
		si.add(monochrome.Rook, bb.RookAttacks(b.PopFirst(), occ), other, own)
	}
	for b := p.Pieces(monochrome.Queen) & own; b != 0; {
		si.add(monochrome.Queen, bb.QueenAttacks(b.PopFirst(), occ), other, own)
	}
	for b := p.Pieces(monochrome.King) & own; b != 0; {
		si.add(monochrome.King, bb.KingAttacks[b.PopFirst()], other, own)
	}
	si.attacks |= si.by[monochrome.Pawn]
	return si
}

// add counts the attack set att of one piece of type pc.
func (si *sideInfo) add(pc monochrome.Piece, att, other, own bb.Bitboard) {
	si.by[pc] |= att & other
	si.attacks |= att & other
	si.mobility += (att &^ own).Count()
}

// targetValues returns the largest and the total net value (centipawns)
// of the captures si's pieces can make: each target's points, less a part
// of the cheapest capturer's value, which changes hands with the capture
// (a queen that takes a pawn gives the opponent a queen). The capturer
// types are taken cheapest first, so a target is priced with the first
// type that attacks it.
func (e *monoEvaluator) targetValues(si *sideInfo) (best, total int) {
	left := si.attacks
	for pc := monochrome.Pawn; left != 0; pc++ {
		t := si.by[pc] & left
		left &^= t
		handover := monoHandover * pc.Value()
		for t != 0 {
			v := max(0, monoPoint*e.p.PieceAt(t.PopFirst()).Value()-handover)
			total += v
			best = max(best, v)
		}
	}
	return best, total
}

// Evaluate scores the position from the side to move's view.
func (e *monoEvaluator) Evaluate() int {
	p := e.p
	us := p.SideToMove()
	them := us.Other()
	v := monoPoint * (p.Score(us) - p.Score(them))

	mine, theirs := e.side(us), e.side(them)
	// Their next capture: the best target counts heavily, the rest a little.
	tBest, tTotal := e.targetValues(&theirs)
	v -= (monoThreat*tBest + monoThreatRest*(tTotal-tBest)) / monoPoint
	// Our own captures beyond the best (which quiescence plays out).
	oBest, oTotal := e.targetValues(&mine)
	v += monoOwnTarget * (oTotal - oBest) / monoPoint
	v += monoMobility * (mine.mobility - theirs.mobility)
	// Heading for the end when ahead: fewer own pieces on the own half,
	// and the clock of M10 c) running (a capture resets it).
	switch lead := p.Score(us) - p.Score(them); {
	case lead > 0:
		v -= monoEndPiece * min(lead, monoEndLead) * p.Owned(us).Count() / monoEndLead
		v += monoClockLead * min(lead, monoEndLead) * p.Clock() / (100 * monoEndLead)
	case lead < 0:
		v += monoEndPiece * min(-lead, monoEndLead) * p.Owned(them).Count() / monoEndLead
		v -= monoClockLead * min(-lead, monoEndLead) * p.Clock() / (100 * monoEndLead)
	}
	return v
}

// Terminal ends the game by M10: a side without pieces on its half, a mover
// without a legal ply, 100 plies without a capture, or a repetition. Every
// end is decided on score.
func (e *monoEvaluator) Terminal(ply int) (int, bool) {
	p := e.p
	// Record the path so that repetitions are seen (Terminal is called at
	// every node, in search order, before the node's moves are made).
	i := e.base + p.Ply() - e.rootPly
	if i > e.base && i < cap(e.keys) && i <= len(e.keys) {
		e.keys = append(e.keys[:i], p.Hash())
	}
	over := p.Owned(variants.White) == 0 || p.Owned(variants.Black) == 0 ||
		p.Clock() >= 100 || e.repeated(i) || !e.hasMove()
	if !over {
		return 0, false
	}
	return e.finalScore(ply), true
}

// finalScore is the result of a finished game from the mover's view.
func (e *monoEvaluator) finalScore(ply int) int {
	us := e.p.SideToMove()
	switch d := e.p.Score(us) - e.p.Score(us.Other()); {
	case d > 0:
		return MateScore(ply)
	case d < 0:
		return MatedScore(ply)
	}
	return 0
}

// repeated reports whether the position at keys[i] ends the game by
// repetition. Inside the search one earlier occurrence since the root is
// enough (a side that could force the repetition once can force it again,
// the usual engine convention); positions before the root count as the
// rules say, so two of them are needed there (threefold).
func (e *monoEvaluator) repeated(i int) bool {
	if i < e.base || i >= len(e.keys) {
		return false
	}
	k := e.keys[i]
	clock := e.p.Clock()
	early := 0
	for j, back := i-2, 2; j >= 0 && back <= clock; j, back = j-2, back+2 {
		if e.keys[j] != k {
			continue
		}
		if j >= e.base {
			return true
		}
		if early++; early == 2 {
			return true
		}
	}
	return false
}

// hasMove reports whether the side to move has a legal ply (M10 b). It
// stops at the first piece that can move, so it is cheap in practice.
// Castling needs an empty square next to the king, so the king has a plain
// move whenever it could castle: castling never matters here.
func (e *monoEvaluator) hasMove() bool {
	p := e.p
	us := p.SideToMove()
	occ := p.Occupied()
	own := p.Owned(us)
	other := occ &^ monoHalf(us)
	undoFrom, undoTo, banned := p.Undo()
	for b := own; b != 0; {
		s := b.PopFirst()
		pc := p.PieceAt(s)
		var t bb.Bitboard
		if pc == monochrome.Pawn {
			t = (s.Bit().North()|s.Bit().South())&^occ | monoAttacks(pc, s, occ)&other
		} else {
			t = monoAttacks(pc, s, occ) &^ own
		}
		if banned && s == undoFrom {
			t &^= undoTo.Bit()
		}
		if t != 0 {
			return true
		}
	}
	return false
}

// Classify: every capture is noisy; captures are ordered by the points
// they score, then by the value of the piece they hand over (least first).
func (e *monoEvaluator) Classify(m variants.Move) (bool, int) {
	mv := monochrome.DecodeMove(m)
	if !mv.IsCapture() {
		return false, 0
	}
	return true, 16*mv.Captured().Value() - mv.Piece().Value()
}

// SEEAtLeast implements Exchanger with monochrome's exchange arithmetic,
// one ply deep: nobody can take back on the capture square (the capturer
// now stands on the opponent's half and belongs to him), so a capture
// wins the captured points outright and hands the capturer over, worth
// monoHandover per point of it. A quiet move to a square of our half that
// the opponent attacks offers the piece: it loses the piece's points, less
// the handover of the cheapest enemy piece that takes it. Other quiet
// moves (crossing the line included: a gift, but no points) are even.
func (e *monoEvaluator) SEEAtLeast(m variants.Move, threshold int) bool {
	mv := monochrome.DecodeMove(m)
	if mv.IsCapture() {
		return monoPoint*mv.Captured().Value()-monoHandover*mv.Piece().Value() >= threshold
	}
	p := e.p
	us := p.SideToMove()
	to := mv.To()
	if !monoHalf(us).Has(to) {
		return threshold <= 0
	}
	cheapest := e.cheapestAttacker(to, p.Occupied()&^mv.From().Bit()|to.Bit(), p.Owned(us.Other()))
	if cheapest == 0 {
		return threshold <= 0
	}
	return -(monoPoint*mv.Piece().Value() - monoHandover*cheapest) >= threshold
}

// cheapestAttacker is the value of the cheapest piece on by that attacks
// s when occ is occupied, 0 if none does. It looks from s outward, one
// piece type at a time from the cheapest (every attack of monochrome's
// pieces is symmetric: a pawn takes diagonally both ways).
func (e *monoEvaluator) cheapestAttacker(s bb.Square, occ, by bb.Bitboard) int {
	p := e.p
	switch {
	case (bb.PawnAttacks[0][s]|bb.PawnAttacks[1][s])&p.Pieces(monochrome.Pawn)&by != 0:
		return monochrome.Pawn.Value()
	case bb.KnightAttacks[s]&p.Pieces(monochrome.Knight)&by != 0:
		return monochrome.Knight.Value()
	}
	diag, line := bb.BishopAttacks(s, occ), bb.RookAttacks(s, occ)
	switch {
	case diag&p.Pieces(monochrome.Bishop)&by != 0:
		return monochrome.Bishop.Value()
	case line&p.Pieces(monochrome.Rook)&by != 0:
		return monochrome.Rook.Value()
	case (diag|line)&p.Pieces(monochrome.Queen)&by != 0:
		return monochrome.Queen.Value()
	case bb.KingAttacks[s]&p.Pieces(monochrome.King)&by != 0:
		return monochrome.King.Value()
	}
	return 0
}

// NoisyMoves lists the captures of the side to move.
func (e *monoEvaluator) NoisyMoves(buf []variants.Move) []variants.Move {
	return e.p.Captures(buf)
}

// HalfmoveClock and IsRepetition make the search's own draw rule silent:
// in monochrome neither the 100-ply rule nor repetition is a draw, both end
// the game on score, and Terminal (called first) already decides them.
func (e *monoEvaluator) HalfmoveClock() int { return 0 }

// IsRepetition: see HalfmoveClock.
func (e *monoEvaluator) IsRepetition() bool { return false }

// GivesCheck implements CheckGiver: monochrome has no check, so the search
// skips a move it prunes without making and unmaking it first.
func (e *monoEvaluator) GivesCheck(variants.Move) bool { return false }
