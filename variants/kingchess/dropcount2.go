package kingchess

import (
	"math/big"
	"math/bits"

	"varchess/variants"
	bb "varchess/variants/bitboard"
)

// Counting perft(2) of an empty board (the start position) without
// enumerating the ~5.3e15 first actions.
//
// With the board empty and both Kings in hand, the mover ("us") drops an
// action A on its half, which is always legal (nothing can attack its
// King), and the opponent must then drop an action that includes its King.
// The opponent's half is still empty, so its number of replies depends on
// A only through what A attacks there. For a square s of the opponent's
// half that is:
//   - whether one of our knights, pawns or the King attacks s (then the
//     opponent's King may not go on s, whatever else it drops), and
//   - which of the three rays from s toward our half (straight, and the
//     two diagonals) carries our slider: the first piece of A on that ray
//     is a rook or queen (straight) or a bishop or queen (diagonal). Every
//     other line into the empty half is empty of our pieces.
//
// So perft(2) = sum over s and over the subsets D of those rays of
// (number of actions A that leave s free of leaper attacks and attack s
// along exactly D) x (number of opponent actions with the King on s that
// put a piece on every line of D in its own half). The second factor is
// countHitting, the counter behind DropActionCount. The first is a dynamic
// programme over the squares of our half, taken ray by ray from s outward
// and then the rest, whose state is the part of the hand used so far and,
// per ray, whether it is still open, attacks s, or is blocked.

// dpSlot is what one square of our half can receive in the DP: nothing, or
// a piece, bishops split by square colour (at most one per colour, K3).
const (
	slotKing = iota
	slotQueen
	slotRook
	slotLightBishop
	slotDarkBishop
	slotKnight
	slotPawn
	numSlots
)

// handSpace enumerates the sub-multisets of a hand that one action may
// use: index i stands for "used so far", next[i][slot] is the index after
// one more piece of that slot (or -1 when the hand or K3 forbids it).
type handSpace struct {
	next   [][numSlots]int32
	kingIn []bool // the King is among the used pieces
}

func newHandSpace(h [NumTypes]uint8, bc BishopColour) handSpace {
	maxLight, maxDark := 0, 0
	if h[Bishop] > 0 {
		if bc != LightBishop {
			maxLight = 1
		}
		if bc != DarkBishop {
			maxDark = 1
		}
	}
	limits := [numSlots]int{int(h[King]), int(h[Queen]), int(h[Rook]), maxLight, maxDark, int(h[Knight]), int(h[Pawn])}
	var stride [numSlots]int
	n := 1
	for c := numSlots - 1; c >= 0; c-- {
		stride[c] = n
		n *= limits[c] + 1
	}
	hs := handSpace{next: make([][numSlots]int32, n), kingIn: make([]bool, n)}
	for i := 0; i < n; i++ {
		var used [numSlots]int
		r := i
		for c := 0; c < numSlots; c++ {
			used[c] = r / stride[c]
			r %= stride[c]
		}
		hs.kingIn[i] = used[slotKing] > 0
		for c := 0; c < numSlots; c++ {
			ok := used[c] < limits[c]
			if c == slotLightBishop || c == slotDarkBishop {
				ok = ok && used[slotLightBishop]+used[slotDarkBishop] < int(h[Bishop])
			}
			if ok {
				hs.next[i][c] = int32(i + stride[c])
			} else {
				hs.next[i][c] = -1
			}
		}
	}
	return hs
}

// Ray states of the DP, one base-3 digit per ray.
const (
	rayOpen = iota
	rayAttacks
	rayBlocked
	numRayStates = 27 // three rays
)

var pow3 = [3]int{1, 3, 9}

// rayStep[r][slider][rs] is the ray state after a piece lands on a square
// of ray r: an open ray becomes attacking (a matching slider) or blocked.
var rayStep [3][2][numRayStates]uint8

func init() {
	for r := range rayStep {
		for rs := 0; rs < numRayStates; rs++ {
			block, attack := rs, rs
			if rs/pow3[r]%3 == rayOpen {
				block, attack = rs+rayBlocked*pow3[r], rs+rayAttacks*pow3[r]
			}
			rayStep[r][0][rs], rayStep[r][1][rs] = uint8(block), uint8(attack)
		}
	}
}

// dpSquare is one square of our half as the DP sees it for a given s.
type dpSquare struct {
	sq      bb.Square
	ray     int  // index of the ray from s through sq, -1 if none
	diag    bool // that ray is diagonal
	allowed [numSlots]bool
}

// EmptyBoardPerft2 returns perft(2) of a kingchess position whose board is
// empty (both Kings in hand, as at the start), counted without listing
// the first actions; ok is false for any other position and in kingchess1
// (whose first plies are few enough to enumerate).
func (p *Position) EmptyBoardPerft2() (n *big.Int, ok bool) {
	if p.single || p.all() != 0 || p.hand[p.side][King] == 0 || p.hand[p.side^1][King] == 0 {
		return nil, false
	}
	us, them := p.side, p.side^1
	hs := newHandSpace(p.hand[us], p.bishops[us])
	theirHand := p.hand[them]
	theirHand[King] = 0
	total := new(big.Int)
	cur := make([]uint64, len(hs.next)*numRayStates)
	nxt := make([]uint64, len(cur))
	for z := halfOf(them); z != 0; {
		s := z.PopFirst()
		squares, lines := p.emptyBoardSquares(s)
		byRays := actionsByRays(hs, squares, cur, nxt)
		for d, count := range byRays {
			if count == 0 {
				continue
			}
			var hit []bb.Bitboard
			for r := 0; r < 3; r++ {
				if d/pow3[r]%3 == rayAttacks {
					hit = append(hit, lines[r])
				}
			}
			replies := countHitting(halfOf(them)&^s.Bit(), firstRank(them), hit, &theirHand, p.bishops[them])
			hi, lo := bits.Mul64(count, replies)
			total.Add(total, new(big.Int).Or(new(big.Int).Lsh(new(big.Int).SetUint64(hi), 64), new(big.Int).SetUint64(lo)))
		}
	}
	return total, true
}

// emptyBoardSquares describes our half for the opponent's King on s: the
// DP squares (the squares of each ray from s first, nearest first, then
// the others) and, per ray, its squares in the opponent's half (the line a
// reply must block).
func (p *Position) emptyBoardSquares(s bb.Square) (squares []dpSquare, lines [3]bb.Bitboard) {
	us, them := p.side, p.side^1
	ours := halfOf(us)
	step := 1 // rank direction from their half toward ours
	if us == variants.White {
		step = -1
	}
	noKnight := bb.KnightAttacks[s] & ours
	noKing := bb.KingAttacks[s] & ours
	noPawn := bb.PawnAttacks[them][s] & ours
	add := func(sq bb.Square, ray int, diag bool) {
		d := dpSquare{sq: sq, ray: ray, diag: diag}
		d.allowed[slotKing] = !noKing.Has(sq)
		d.allowed[slotQueen] = true
		d.allowed[slotRook] = true
		d.allowed[slotLightBishop] = sq.IsLight()
		d.allowed[slotDarkBishop] = !sq.IsLight()
		d.allowed[slotKnight] = !noKnight.Has(sq)
		d.allowed[slotPawn] = !noPawn.Has(sq) && !firstRank(us).Has(sq)
		squares = append(squares, d)
	}
	var onRay bb.Bitboard
	for r, df := range [3]int{0, -1, 1} {
		f, rk := s.File()+df, s.Rank()+step
		for f >= 0 && f < 8 && rk >= 0 && rk < 8 {
			sq := bb.Sq(f, rk)
			if ours.Has(sq) {
				add(sq, r, df != 0)
				onRay |= sq.Bit()
			} else {
				lines[r] |= sq.Bit()
			}
			f, rk = f+df, rk+step
		}
	}
	for rest := ours &^ onRay; rest != 0; {
		add(rest.PopFirst(), -1, false)
	}
	return squares, lines
}

// actionsByRays runs the DP: the number of actions that include the King,
// indexed by the final ray states (base-3 digits). cur and nxt are
// scratch buffers of len(hs.next)*numRayStates.
func actionsByRays(hs handSpace, squares []dpSquare, cur, nxt []uint64) [numRayStates]uint64 {
	clear(cur)
	cur[0] = 1
	live := make([]bool, len(hs.next)) // hand states with a non-zero row
	liveNext := make([]bool, len(hs.next))
	live[0] = true
	for _, d := range squares {
		copy(nxt, cur) // the square stays empty
		copy(liveNext, live)
		for i, next := range hs.next {
			if !live[i] {
				continue
			}
			row := cur[i*numRayStates : (i+1)*numRayStates]
			for c := 0; c < numSlots; c++ {
				j := next[c]
				if j < 0 || !d.allowed[c] {
					continue
				}
				liveNext[j] = true
				out := nxt[int(j)*numRayStates : (int(j)+1)*numRayStates]
				if d.ray < 0 {
					for rs, n := range row {
						out[rs] += n
					}
					continue
				}
				slider := c == slotQueen || (c == slotRook && !d.diag) ||
					((c == slotLightBishop || c == slotDarkBishop) && d.diag)
				step := &rayStep[d.ray][0]
				if slider {
					step = &rayStep[d.ray][1]
				}
				for rs, n := range row {
					out[step[rs]] += n
				}
			}
		}
		cur, nxt = nxt, cur
		live, liveNext = liveNext, live
	}
	// A blocked or open ray does not attack: fold the states down to the
	// set of attacking rays (digit 1 kept, 0 and 2 merged into 0).
	var byRays [numRayStates]uint64
	for i, kingIn := range hs.kingIn {
		if !kingIn {
			continue
		}
		for rs, n := range cur[i*numRayStates : (i+1)*numRayStates] {
			key := 0
			for r := 0; r < 3; r++ {
				if rs/pow3[r]%3 == rayAttacks {
					key += rayAttacks * pow3[r]
				}
			}
			byRays[key] += n
		}
	}
	return byRays
}
