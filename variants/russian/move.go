package russian

import (
	"fmt"
	"strconv"
	"strings"

	"varchess/variants"
	bb "varchess/variants/bitboard"
)

// A russian ply lives in Move.Lo (Hi is always 0):
//
//	bits  0-5   from square (8x8 numbering)
//	bits  6-11  to square
//	bits 12-17  k, the number of checkers moved (1..32)
//	bits 18-20  promotion type (NoType if none)
//	bits 21-23  type of the unit's top checker before the move: the lowest
//	            face that allows the move (MinFace)
//	bit  24     capture (the destination was topped by an enemy checker)
//	bit  25     whole stack (k equals the source height: written without /k)
//	bit  26     pass
//	bit  27     the capture covers the enemy King (R8a)
//
// k >= 1 for every non-pass move and the pass has its own bit, so no legal
// ply is the zero Move.
const (
	mvToShift    = 6
	mvKShift     = 12
	mvPromoShift = 18
	mvTypeShift  = 21
	mvCapture    = 1 << 24
	mvWhole      = 1 << 25
	mvPass       = 1 << 26
	mvKingCap    = 1 << 27
)

// PassMove is the pass ply `0000`.
var PassMove = variants.Move{Lo: mvPass}

func newMove(from, to bb.Square, k int, promo, top Type, flags uint64) variants.Move {
	return variants.Move{Lo: uint64(from) | uint64(to)<<mvToShift | uint64(k)<<mvKShift |
		uint64(promo)<<mvPromoShift | uint64(top)<<mvTypeShift | flags}
}

// From, To, Count, Promotion and MinFace read a move made by this package.
func From(m variants.Move) bb.Square { return bb.Square(m.Lo & 63) }
func To(m variants.Move) bb.Square   { return bb.Square(m.Lo >> mvToShift & 63) }

// Count is k, the number of checkers moved (0 for a pass).
func Count(m variants.Move) int { return int(m.Lo >> mvKShift & 63) }

// Promotion is the type the unit's top pawn becomes, or NoType.
func Promotion(m variants.Move) Type { return Type(m.Lo >> mvPromoShift & 7) }

// MinFace is the type of the unit's top checker before the move, i.e. the
// lowest die face that allows it (every face F >= MinFace that takes part
// allows it too). NoType for a pass.
func MinFace(m variants.Move) Type { return Type(m.Lo >> mvTypeShift & 7) }

// IsPass reports whether m is the pass.
func IsPass(m variants.Move) bool { return m.Lo&mvPass != 0 }

// IsCaptureMove reports whether m lands on an enemy-topped stack.
func IsCaptureMove(m variants.Move) bool { return m.Lo&mvCapture != 0 }

// CapturesKing reports whether m covers the enemy King (and so wins).
func CapturesKing(m variants.Move) bool { return m.Lo&mvKingCap != 0 }

// IsWholeStack reports whether m moves the whole source stack.
func IsWholeStack(m variants.Move) bool { return m.Lo&mvWhole != 0 }

// IsCapture reports whether the legal ply m captures.
func (p *Position) IsCapture(m variants.Move) bool { return IsCaptureMove(m) }

// MoveString writes m as `b1c3`, `b1c3/2`, `b5b6q`, `b5b6q/2` or `0000`.
// It reads only the move, so it works for any position.
func (p *Position) MoveString(m variants.Move) string { return moveString(m) }

func moveString(m variants.Move) string {
	if IsPass(m) {
		return "0000"
	}
	if m.IsNone() {
		return "(none)"
	}
	s := From(m).String() + To(m).String()
	if pr := Promotion(m); pr != NoType {
		s += string(pr.Letter() + 'a' - 'A')
	}
	if !IsWholeStack(m) {
		s += "/" + strconv.Itoa(Count(m))
	}
	return s
}

// ParseMove reads a ply and returns it if it is legal under the current
// roll (face K if none). `/k` may be omitted for the whole stack; `/h`
// with h the full height is accepted as the same move. The pass may be
// written `0000` or `@@@@`.
func (p *Position) ParseMove(s string) (variants.Move, error) {
	s = strings.TrimSpace(s)
	var buf [256]variants.Move
	moves := p.Moves(buf[:0])
	if s == "0000" || s == "@@@@" {
		if len(moves) == 1 && IsPass(moves[0]) || len(moves) > 0 && p.roll == NoType && p.someFaceForcesPass() {
			return PassMove, nil
		}
		if len(moves) == 0 {
			return variants.NoMove, fmt.Errorf("russian: pass %q: the game is over", s)
		}
		return variants.NoMove, fmt.Errorf("russian: pass %q is not allowed: %d moves are legal", s, len(moves))
	}
	if len(s) < 4 {
		return variants.NoMove, fmt.Errorf("russian: move %q is too short", s)
	}
	from, ok1 := parseSquare(s[0:2])
	to, ok2 := parseSquare(s[2:4])
	if !ok1 || !ok2 {
		return variants.NoMove, fmt.Errorf("russian: move %q: bad square (the board is a1-f6)", s)
	}
	rest := s[4:]
	promo := NoType
	if rest != "" && rest[0] != '/' {
		t, ok := typeOfLetter(rest[0])
		if !ok || t == Pawn || t == King {
			return variants.NoMove, fmt.Errorf("russian: move %q: bad promotion letter %q", s, rest[0])
		}
		promo, rest = t, rest[1:]
	}
	h := p.Height(from)
	k := h
	if rest != "" {
		if rest[0] != '/' || len(rest) < 2 || len(rest) > 3 {
			return variants.NoMove, fmt.Errorf("russian: move %q: expected /<count> after the squares", s)
		}
		n, err := strconv.Atoi(rest[1:])
		if err != nil || n < 1 || rest[1] == '+' {
			return variants.NoMove, fmt.Errorf("russian: move %q: bad checker count", s)
		}
		if n > h {
			return variants.NoMove, fmt.Errorf("russian: move %q: %s holds only %d checkers", s, from, h)
		}
		k = n
	}
	for _, m := range moves {
		if !IsPass(m) && From(m) == from && To(m) == to && Count(m) == k && Promotion(m) == promo {
			return m, nil
		}
	}
	face := p.roll
	if face == NoType {
		face = King
	}
	return variants.NoMove, fmt.Errorf("russian: move %q is not legal here under face %c", s, face.Letter())
}

// someFaceForcesPass reports whether some die face would force a pass here.
// A move list replayed without its rolls (UCI `position ... moves`) can
// hold a pass; it is accepted in an unrolled position when a roll exists
// that forced it.
func (p *Position) someFaceForcesPass() bool {
	for t := Pawn; t <= King; t++ {
		if !p.TakesPart(t) {
			return true
		}
	}
	var buf [256]variants.Move
	moves := p.MovesForFace(Pawn, buf[:0])
	return len(moves) == 1 && IsPass(moves[0])
}
