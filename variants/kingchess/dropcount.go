package kingchess

import (
	bb "varchess/variants/bitboard"
)

// Counting drop actions without listing them.
//
// A drop action is a set of (square, type) placements; identical pieces are
// interchangeable. Whether a placement set is allowed depends on the squares
// only through four classes: light or dark (bishops, rule K3) and first rank
// or not (pawns, rule K2). So the number of placement sets of a hand on a
// square set S is a sum over how many bishops go on each class and how many
// pawns go off the first rank; the queen, rooks and knights then fill any of
// the squares left (a multinomial, tabulated in freeTable).
//
// Legality (K5) only asks for blockers: every checking slider's line must
// get a piece, and no leaper may give check. Inclusion-exclusion over the
// lines turns "every line hit" into counts on smaller square sets.

// classes of squares: index light*2 + firstRank.
type squareClasses [4]int

func classify(sqs, first bb.Bitboard) squareClasses {
	return squareClasses{
		(sqs & bb.Dark &^ first).Count(),
		(sqs & bb.Dark & first).Count(),
		(sqs & bb.Light &^ first).Count(),
		(sqs & bb.Light & first).Count(),
	}
}

var (
	binom [65][65]uint64
	// freeTable[m][q][r][n] = number of ways to put at most q queens, r
	// rooks and n knights (identical within a type) on m squares.
	freeTable [33][2][3][3]uint64
)

func init() {
	for n := 0; n <= 64; n++ {
		binom[n][0] = 1
		for k := 1; k <= n; k++ {
			binom[n][k] = binom[n-1][k-1] + binom[n-1][k]
		}
	}
	for m := 0; m <= 32; m++ {
		for q := 0; q < 2; q++ {
			for r := 0; r < 3; r++ {
				for n := 0; n < 3; n++ {
					var sum uint64
					for kq := 0; kq <= q && kq <= m; kq++ {
						for kr := 0; kr <= r && kq+kr <= m; kr++ {
							for kn := 0; kn <= n && kq+kr+kn <= m; kn++ {
								sum += binom[m][kq] * binom[m-kq][kr] * binom[m-kq-kr][kn]
							}
						}
					}
					freeTable[m][q][r][n] = sum
				}
			}
		}
	}
}

// countPlacements counts the placement sets (the empty one included) of a
// sub-multiset of hand h (its King ignored) on squares with class sizes n,
// honouring K2 (pawns off the first rank) and K3 with bishop field bc.
func countPlacements(n squareClasses, h *[NumTypes]uint8, bc BishopColour) uint64 {
	maxL, maxD := 1, 1 // at most one bishop per colour in one action
	switch bc {
	case LightBishop:
		maxL = 0
	case DarkBishop:
		maxD = 0
	}
	hb := int(h[Bishop])
	q, r, kn, hp := h[Queen], h[Rook], h[Knight], int(h[Pawn])
	var total uint64
	for bL := 0; bL <= maxL; bL++ {
		for bD := 0; bD <= maxD && bL+bD <= hb; bD++ {
			for bLF := 0; bLF <= bL; bLF++ {
				for bDF := 0; bDF <= bD; bDF++ {
					bLN, bDN := bL-bLF, bD-bDF
					w := binom[n[3]][bLF] * binom[n[2]][bLN] * binom[n[1]][bDF] * binom[n[0]][bDN]
					if w == 0 {
						continue
					}
					first := n[1] + n[3] - bLF - bDF
					other := n[0] + n[2] - bLN - bDN
					for kp := 0; kp <= hp && kp <= other; kp++ {
						total += w * binom[other][kp] * freeTable[first+other-kp][q][r][kn]
					}
				}
			}
		}
	}
	return total
}

// countHitting counts the placement sets on squares S (empty set included)
// that put at least one piece on each of the lines.
func countHitting(S, first bb.Bitboard, lines []bb.Bitboard, h *[NumTypes]uint8, bc BishopColour) uint64 {
	for _, l := range lines {
		if l&S == 0 {
			return 0
		}
	}
	var total uint64
	for mask := 0; mask < 1<<len(lines); mask++ {
		avoid := bb.Bitboard(0)
		sign := false
		for i, l := range lines {
			if mask>>i&1 != 0 {
				avoid |= l
				sign = !sign
			}
		}
		c := countPlacements(classify(S&^avoid, first), h, bc)
		if sign {
			total -= c // wraps, but the final sum is exact
		} else {
			total += c
		}
	}
	return total
}

// DropActionCount returns the exact number of legal drop actions of the
// side to move (single drops included), without listing them.
func (p *Position) DropActionCount() uint64 {
	if p.single || p.hand[p.side] == [NumTypes]uint8{} {
		return p.countSingleDrops()
	}
	us, them := p.side, p.side^1
	zone := halfOf(us) &^ p.all()
	first := firstRank(us)
	h := p.hand[us]
	bc := p.bishops[us]
	occ := p.all()
	if h[King] > 0 {
		// The King goes on some square s; the rest of the action must block
		// every slider that would then attack s.
		h[King] = 0
		var total uint64
		var lines [8]bb.Bitboard
		for z := zone; z != 0; {
			s := z.PopFirst()
			if p.leaperAttackersTo(s, them) != 0 {
				continue
			}
			n := 0
			for a := p.sliderAttackersTo(s, occ, them); a != 0; {
				lines[n] = bb.Between[s][a.PopFirst()] & zone
				n++
			}
			total += countHitting(zone&^s.Bit(), first, lines[:n], &h, bc)
		}
		return total
	}
	if h == [NumTypes]uint8{} {
		return 0
	}
	k := p.pieces[us][King]
	ch := bb.Bitboard(0)
	if k != 0 {
		ch = p.attackersTo(k.First(), occ, them)
	}
	if ch == 0 {
		return countPlacements(classify(zone, first), &h, bc) - 1 // not the empty set
	}
	ksq := k.First()
	if ch&p.leaperAttackersTo(ksq, them) != 0 {
		return 0
	}
	var lines []bb.Bitboard
	for c := ch; c != 0; {
		lines = append(lines, bb.Between[ksq][c.PopFirst()]&zone)
	}
	return countHitting(zone, first, lines, &h, bc)
}
