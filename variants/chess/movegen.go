package chess

import (
	"math/bits"

	"varchess/variants"
	bb "varchess/variants/bitboard"
)

// Legal move generation. Instead of making every pseudo-legal move and
// testing the king, the generator knows before it starts
//   - the checkers (0, 1 or 2 pieces attacking our king),
//   - the check mask: with one checker, other pieces may only capture it or
//     step between it and the king; with two, only the king moves,
//   - the pinned pieces: a pinned piece may only move along the line
//     through the king and itself (bb.Line),
//   - the king's safe squares: each candidate square is tested for enemy
//     attacks with our king lifted off the board, so the king cannot step
//     back along a checking ray.
// En passant is the one move where two pieces leave a line at once (the
// famous rank pin: K . P p . r), so it is checked by recomputing the
// slider attacks on the king with the resulting occupancy.

// genState is what both the generator and the counter compute first.
type genState struct {
	us, them        variants.Color
	ksq             bb.Square
	ours, theirs    bb.Bitboard
	checkers        bb.Bitboard
	pinned          bb.Bitboard
	checkMask       bb.Bitboard // landing squares allowed for non-king moves
	kingTargets     bb.Bitboard // safe squares for the king, not own-occupied
	doubleCheck     bool
	castleKingSide  bool
	castleQueenSide bool
}

// setup fills g for the side to move.
func (p *Position) setup(g *genState) {
	us := p.side
	them := us ^ 1
	g.us, g.them = us, them
	g.ours = p.pieces[us][0]
	g.theirs = p.pieces[them][0]
	t := &p.pieces[them]
	kingBB := p.pieces[us][King]
	ksq := kingBB.First()
	g.ksq = ksq

	g.checkers = bb.KnightAttacks[ksq]&t[Knight] | bb.PawnAttacks[us][ksq]&t[Pawn]
	g.pinned = 0
	snipers := bb.RookAttacks(ksq, g.theirs)&(t[Rook]|t[Queen]) |
		bb.BishopAttacks(ksq, g.theirs)&(t[Bishop]|t[Queen])
	for snipers != 0 {
		s := snipers.First()
		snipers &= snipers - 1
		between := bb.Between[ksq][s] & p.occ
		if between == 0 {
			g.checkers |= s.Bit()
		} else if between&(between-1) == 0 && between&g.ours != 0 {
			g.pinned |= between
		}
	}

	// King moves: the enemy king, pawns and knights rule out their squares
	// at once; each remaining candidate is tested against the sliders with
	// the king lifted off the board (so it cannot step back along a
	// checking ray). The king has few candidate squares, so this is cheaper
	// than a full attack map.
	occNoKing := p.occ ^ kingBB
	cand := bb.KingAttacks[ksq] &^ g.ours &^ bb.KingAttacks[t[King].First()] &^ pawnAttackSet(them, t[Pawn])
	for n := t[Knight]; n != 0 && cand != 0; n &= n - 1 {
		cand &^= bb.KnightAttacks[n.First()]
	}
	diag, straight := t[Bishop]|t[Queen], t[Rook]|t[Queen]
	g.kingTargets = cand
	for c := cand; c != 0; c &= c - 1 {
		s := c.First()
		if bb.BishopAttacks(s, occNoKing)&diag != 0 || bb.RookAttacks(s, occNoKing)&straight != 0 {
			g.kingTargets &^= s.Bit()
		}
	}
	g.doubleCheck = g.checkers&(g.checkers-1) != 0
	g.castleKingSide, g.castleQueenSide = false, false
	switch {
	case g.checkers == 0:
		g.checkMask = ^bb.Bitboard(0)
		rights := p.castle
		if us == variants.Black {
			rights >>= 2
		}
		if rights&3 != 0 && p.rules.frc {
			g.castleKingSide = rights&1 != 0 && p.canCastle960(g, 0)
			g.castleQueenSide = rights&2 != 0 && p.canCastle960(g, 1)
		} else if rights&3 != 0 {
			// f,g empty and safe; b,c,d empty and c,d safe. The king is
			// not in check (checkers == 0). A right implies king and rook
			// on their home squares (Parse and castleMask keep it so).
			// The square next to the king is one of its targets, already
			// known safe or not (the king lifted off changes nothing there
			// while it is not in check).
			if rights&1 != 0 && p.occ&(kingBB<<1|kingBB<<2) == 0 &&
				g.kingTargets&(kingBB<<1) != 0 && !p.attackedWith(ksq+2, them, p.occ) {
				g.castleKingSide = true
			}
			if rights&2 != 0 && p.occ&(kingBB>>1|kingBB>>2|kingBB>>3) == 0 &&
				g.kingTargets&(kingBB>>1) != 0 && !p.attackedWith(ksq-2, them, p.occ) {
				g.castleQueenSide = true
			}
		}
	case !g.doubleCheck:
		c := g.checkers.First()
		g.checkMask = bb.Between[ksq][c] | g.checkers
	default:
		g.checkMask = 0
	}
}

// epLegal reports whether the en-passant capture from -> p.ep leaves our
// king safe, by recomputing every attack on it with the new occupancy.
func (p *Position) epLegal(g *genState, from bb.Square) bool {
	capSq := p.ep - 8
	if g.us == variants.Black {
		capSq = p.ep + 8
	}
	occ := p.occ ^ from.Bit() ^ capSq.Bit() | p.ep.Bit()
	t := &p.pieces[g.them]
	return bb.RookAttacks(g.ksq, occ)&(t[Rook]|t[Queen]) == 0 &&
		bb.BishopAttacks(g.ksq, occ)&(t[Bishop]|t[Queen]) == 0 &&
		bb.KnightAttacks[g.ksq]&t[Knight] == 0 &&
		bb.PawnAttacks[g.us][g.ksq]&t[Pawn]&^capSq.Bit() == 0
}

// GenerateMoves fills list with every legal move and returns their number.
func (p *Position) GenerateMoves(list *MoveList) int {
	var g genState
	p.setup(&g)
	list.N = 0
	p.generate(&g, list, ^g.ours, false)
	return list.N
}

// GenerateCaptures fills list with the legal captures (en passant included)
// and promotions (quiet ones too, every piece) and returns their number.
// In check it yields only the evasions among those; search usually calls
// GenerateMoves when in check.
func (p *Position) GenerateCaptures(list *MoveList) int {
	var g genState
	p.setup(&g)
	list.N = 0
	p.generate(&g, list, g.theirs, true)
	return list.N
}

// generate appends the legal moves whose destination is in targets (plus,
// in capture mode, quiet promotions and en passant).
func (p *Position) generate(g *genState, list *MoveList, targets bb.Bitboard, capturesOnly bool) {
	us := g.us
	king := MakePiece(us, King)
	for t := g.kingTargets & targets; t != 0; t &= t - 1 {
		to := t.First()
		list.add(newMove(g.ksq, to, kindNormal, king, p.board[to]))
	}
	if g.doubleCheck {
		return
	}
	if !capturesOnly && p.rules.frc {
		for side, ok := range [2]bool{g.castleKingSide, g.castleQueenSide} {
			if ok {
				rook, kingTo, _ := p.castlingTargets(us, side)
				list.add(newCastle960(g.ksq, kingTo, rook, king))
			}
		}
	} else if !capturesOnly {
		if g.castleKingSide {
			list.add(newMove(g.ksq, g.ksq+2, kindCastle, king, NoPiece))
		}
		if g.castleQueenSide {
			list.add(newMove(g.ksq, g.ksq-2, kindCastle, king, NoPiece))
		}
	}
	mask := targets & g.checkMask
	own := &p.pieces[us]
	occ := p.occ

	knight := MakePiece(us, Knight)
	for n := own[Knight] &^ g.pinned; n != 0; n &= n - 1 {
		from := n.First()
		for t := bb.KnightAttacks[from] & mask; t != 0; t &= t - 1 {
			to := t.First()
			list.add(newMove(from, to, kindNormal, knight, p.board[to]))
		}
	}
	for s := own[Bishop] | own[Queen]; s != 0; s &= s - 1 {
		from := s.First()
		t := bb.BishopAttacks(from, occ) & mask
		if g.pinned&from.Bit() != 0 {
			t &= bb.Line[g.ksq][from]
		}
		pc := p.board[from]
		for ; t != 0; t &= t - 1 {
			to := t.First()
			list.add(newMove(from, to, kindNormal, pc, p.board[to]))
		}
	}
	for s := own[Rook] | own[Queen]; s != 0; s &= s - 1 {
		from := s.First()
		t := bb.RookAttacks(from, occ) & mask
		if g.pinned&from.Bit() != 0 {
			t &= bb.Line[g.ksq][from]
		}
		pc := p.board[from]
		for ; t != 0; t &= t - 1 {
			to := t.First()
			list.add(newMove(from, to, kindNormal, pc, p.board[to]))
		}
	}
	p.generatePawns(g, list, capturesOnly)
}

// pawnGeometry returns, for colour c, the push offset, the rank a single
// push must reach to allow a double push, and the promotion rank.
func pawnGeometry(c variants.Color) (up bb.Square, doubleRank, lastRank bb.Bitboard) {
	if c == variants.White {
		return 8, bb.Rank3, bb.Rank8
	}
	return -8, bb.Rank6, bb.Rank1
}

func shiftUp(c variants.Color, b bb.Bitboard) bb.Bitboard {
	if c == variants.White {
		return b << 8
	}
	return b >> 8
}

// pawnCaptureSets returns the squares taken towards the a-file and towards
// the h-file by pawns of colour c, and the from->to offsets of each.
func pawnCaptureSets(c variants.Color, pawns bb.Bitboard) (west, east bb.Bitboard, dWest, dEast bb.Square) {
	if c == variants.White {
		return (pawns &^ bb.FileA) << 7, (pawns &^ bb.FileH) << 9, 7, 9
	}
	return (pawns &^ bb.FileA) >> 9, (pawns &^ bb.FileH) >> 7, -9, -7
}

func addPromotions(list *MoveList, from, to bb.Square, pawn, captured Piece) {
	list.add(newPromotion(from, to, Queen, pawn, captured))
	list.add(newPromotion(from, to, Knight, pawn, captured))
	list.add(newPromotion(from, to, Rook, pawn, captured))
	list.add(newPromotion(from, to, Bishop, pawn, captured))
}

func (p *Position) generatePawns(g *genState, list *MoveList, capturesOnly bool) {
	us := g.us
	pawn := MakePiece(us, Pawn)
	up, doubleRank, lastRank := pawnGeometry(us)
	empty := ^p.occ
	pawns := p.pieces[us][Pawn]
	free := pawns &^ g.pinned

	// Pushes. A push lands on an empty square, so the check mask alone
	// decides whether it blocks a check.
	single := shiftUp(us, free) & empty
	double := shiftUp(us, single&doubleRank) & empty & g.checkMask
	single &= g.checkMask
	for t := single & lastRank; t != 0; t &= t - 1 {
		to := t.First()
		addPromotions(list, to-up, to, pawn, NoPiece)
	}
	if !capturesOnly {
		for t := single &^ lastRank; t != 0; t &= t - 1 {
			to := t.First()
			list.add(newMove(to-up, to, kindNormal, pawn, NoPiece))
		}
		for t := double; t != 0; t &= t - 1 {
			to := t.First()
			list.add(newMove(to-2*up, to, kindDouble, pawn, NoPiece))
		}
	}

	// Captures.
	capMask := g.theirs & g.checkMask
	west, east, dWest, dEast := pawnCaptureSets(us, free)
	for t := west & capMask; t != 0; t &= t - 1 {
		to := t.First()
		if lastRank&to.Bit() != 0 {
			addPromotions(list, to-dWest, to, pawn, p.board[to])
		} else {
			list.add(newMove(to-dWest, to, kindNormal, pawn, p.board[to]))
		}
	}
	for t := east & capMask; t != 0; t &= t - 1 {
		to := t.First()
		if lastRank&to.Bit() != 0 {
			addPromotions(list, to-dEast, to, pawn, p.board[to])
		} else {
			list.add(newMove(to-dEast, to, kindNormal, pawn, p.board[to]))
		}
	}

	// Pinned pawns, one at a time, restricted to their pin line. A pinned
	// pawn can never resolve a check, so in check they have no moves.
	if g.checkers == 0 {
		for s := pawns & g.pinned; s != 0; s &= s - 1 {
			from := s.First()
			line := bb.Line[g.ksq][from]
			t := bb.PawnAttacks[us][from] & g.theirs & line
			to1 := from + up
			if !capturesOnly || lastRank&to1.Bit() != 0 {
				if push := to1.Bit() & empty & line; push != 0 {
					t |= push
					if !capturesOnly && doubleRank&push != 0 {
						if push2 := shiftUp(us, push) & empty; push2 != 0 {
							list.add(newMove(from, to1+up, kindDouble, pawn, NoPiece))
						}
					}
				}
			}
			for ; t != 0; t &= t - 1 {
				to := t.First()
				if lastRank&to.Bit() != 0 {
					addPromotions(list, from, to, pawn, p.board[to])
				} else {
					list.add(newMove(from, to, kindNormal, pawn, p.board[to]))
				}
			}
		}
	}

	// En passant.
	if p.ep != bb.NoSquare {
		for s := bb.PawnAttacks[g.them][p.ep] & pawns; s != 0; s &= s - 1 {
			from := s.First()
			if p.epLegal(g, from) {
				list.add(newMove(from, p.ep, kindEnPassant, pawn, MakePiece(g.them, Pawn)))
			}
		}
	}
}

func popcount(b bb.Bitboard) int { return bits.OnesCount64(uint64(b)) }

// CountMoves returns the number of legal moves without listing them: the
// same rules as GenerateMoves, counted with population counts. Perft uses
// it at the last ply (bulk counting).
func (p *Position) CountMoves() int {
	var g genState
	p.setup(&g)
	n := popcount(g.kingTargets)
	if g.doubleCheck {
		return n
	}
	if g.castleKingSide {
		n++
	}
	if g.castleQueenSide {
		n++
	}
	us := g.us
	mask := ^g.ours & g.checkMask
	own := &p.pieces[us]
	occ := p.occ
	for s := own[Knight] &^ g.pinned; s != 0; s &= s - 1 {
		n += popcount(bb.KnightAttacks[s.First()] & mask)
	}
	for s := own[Bishop] | own[Queen]; s != 0; s &= s - 1 {
		from := s.First()
		t := bb.BishopAttacks(from, occ) & mask
		if g.pinned&from.Bit() != 0 {
			t &= bb.Line[g.ksq][from]
		}
		n += popcount(t)
	}
	for s := own[Rook] | own[Queen]; s != 0; s &= s - 1 {
		from := s.First()
		t := bb.RookAttacks(from, occ) & mask
		if g.pinned&from.Bit() != 0 {
			t &= bb.Line[g.ksq][from]
		}
		n += popcount(t)
	}

	up, doubleRank, lastRank := pawnGeometry(us)
	empty := ^occ
	pawns := own[Pawn]
	free := pawns &^ g.pinned
	single := shiftUp(us, free) & empty
	double := shiftUp(us, single&doubleRank) & empty & g.checkMask
	single &= g.checkMask
	west, east, _, _ := pawnCaptureSets(us, free)
	capMask := g.theirs & g.checkMask
	west &= capMask
	east &= capMask
	n += popcount(single&^lastRank) + popcount(double) + popcount(west&^lastRank) + popcount(east&^lastRank)
	n += 4 * (popcount(single&lastRank) + popcount(west&lastRank) + popcount(east&lastRank))

	if g.checkers == 0 {
		for s := pawns & g.pinned; s != 0; s &= s - 1 {
			from := s.First()
			line := bb.Line[g.ksq][from]
			t := bb.PawnAttacks[us][from] & g.theirs & line
			if push := (from + up).Bit() & empty & line; push != 0 {
				t |= push
				if doubleRank&push != 0 && shiftUp(us, push)&empty != 0 {
					n++
				}
			}
			n += popcount(t&^lastRank) + 4*popcount(t&lastRank)
		}
	}
	if p.ep != bb.NoSquare {
		for s := bb.PawnAttacks[g.them][p.ep] & pawns; s != 0; s &= s - 1 {
			if p.epLegal(&g, s.First()) {
				n++
			}
		}
	}
	return n
}
