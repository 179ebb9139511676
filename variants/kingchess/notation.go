package kingchess

import (
	"fmt"
	"sort"
	"strings"

	"varchess/variants"
	bb "varchess/variants/bitboard"
)

// ParseMove implements variants.Position. It reads coordinate moves
// (`e2e4`, `e7e8q`, castling as `e1g1`), drops (`N@f3`) and drop actions
// (`K@e1,Q@d1,P@e2`, in any order; piece letters in either case).
func (p *Position) ParseMove(s string) (variants.Move, error) {
	s = strings.TrimSpace(s)
	if strings.Contains(s, "@") {
		return p.parseDrop(s)
	}
	if len(s) != 4 && len(s) != 5 {
		return variants.NoMove, fmt.Errorf("cannot read move %q", s)
	}
	from, ok1 := bb.ParseSquare(s[:2])
	to, ok2 := bb.ParseSquare(s[2:4])
	if !ok1 || !ok2 {
		return variants.NoMove, fmt.Errorf("cannot read move %q", s)
	}
	promo := PieceType(0)
	if len(s) == 5 {
		t, ok := typeOfLetter(s[4])
		if !ok || t == King || t == Pawn {
			return variants.NoMove, fmt.Errorf("bad promotion piece in %q", s)
		}
		promo = t
	}
	for _, m := range p.genOrdinary(nil) {
		if moveFrom(m) == from && moveTo(m) == to && movePromo(m) == promo {
			return m, nil
		}
	}
	if p.hand[p.side][King] > 0 {
		return variants.NoMove, fmt.Errorf("illegal move %q: the King must be dropped first", s)
	}
	return variants.NoMove, fmt.Errorf("illegal move %q", s)
}

func (p *Position) parseDrop(s string) (variants.Move, error) {
	parts := strings.Split(s, ",")
	if len(parts) > 16 {
		return variants.NoMove, fmt.Errorf("too many drops in %q", s)
	}
	ps := make([]Placement, 0, len(parts))
	for _, part := range parts {
		part = strings.TrimSpace(part)
		if len(part) != 4 || part[1] != '@' {
			return variants.NoMove, fmt.Errorf("cannot read drop %q (want e.g. N@f3)", part)
		}
		t, ok := typeOfLetter(part[0])
		sq, ok2 := bb.ParseSquare(part[2:])
		if !ok || !ok2 {
			return variants.NoMove, fmt.Errorf("cannot read drop %q (want e.g. N@f3)", part)
		}
		ps = append(ps, Placement{Type: t, Sq: sq})
	}
	m, err := p.BuildDropAction(ps)
	if err != nil {
		return variants.NoMove, fmt.Errorf("illegal drop %q: %w", s, err)
	}
	return m, nil
}

// MoveString implements variants.Position.
func (p *Position) MoveString(m variants.Move) string { return FormatMove(m) }

// FormatMove writes a ply: `e2e4`, `e7e8q`, `N@f3`, or a drop action sorted
// by piece (K Q R B N P) then square (a1..h8), e.g. `K@e1,Q@d1,P@e2`.
func FormatMove(m variants.Move) string {
	switch {
	case isDrop(m):
		ps := DropPlacements(m)
		sort.SliceStable(ps, func(i, j int) bool { return ps[i].Type < ps[j].Type }) // squares already ascend
		var sb strings.Builder
		for i, pl := range ps {
			if i > 0 {
				sb.WriteByte(',')
			}
			sb.WriteByte(pl.Type.Letter())
			sb.WriteByte('@')
			sb.WriteString(pl.Sq.String())
		}
		return sb.String()
	case isOrdinary(m):
		s := moveFrom(m).String() + moveTo(m).String()
		if pr := movePromo(m); pr != 0 {
			s += string(pr.Letter() + 'a' - 'A')
		}
		return s
	}
	return "0000"
}
