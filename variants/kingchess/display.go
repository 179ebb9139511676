package kingchess

import (
	"errors"
	"fmt"

	"varchess/variants"
	bb "varchess/variants/bitboard"
)

var (
	_ variants.Displayer   = (*Position)(nil)
	_ variants.DropPlanner = (*Position)(nil)
)

// Display implements variants.Displayer: the board, both reserves, the
// halves that bound the drops, the castling state (rule K7) and the colour
// of each side's first bishop (rule K3).
func (p *Position) Display() variants.Display {
	d := variants.Display{
		Files: 8, Ranks: 8, Board: make([][]variants.Piece, 64),
		HandTypes: typeLetters, MultiDrop: !p.single, Half: 4,
	}
	for s := bb.Square(0); s < 64; s++ {
		if c, t, ok := p.PieceAt(s); ok {
			d.Board[s] = []variants.Piece{{Type: t.Letter(), Color: c}}
		}
	}
	for c := variants.White; c <= variants.Black; c++ {
		hand := p.Reserve(c)
		d.Hands[c] = hand[:]
	}
	if k, ok := p.KingSquare(p.side); ok && p.InCheck() {
		d.Check = []int{int(k)}
	}
	for c := variants.White; c <= variants.Black; c++ {
		d.Facts = append(d.Facts,
			variants.Fact{Name: sideName(c) + " castling", Value: p.castlingFact(c)},
			variants.Fact{Name: sideName(c) + " bishops", Value: p.bishopFact(c)})
	}
	if p.ep != bb.NoSquare {
		d.Facts = append(d.Facts, variants.Fact{Name: "En passant", Value: p.ep.String()})
	}
	return d
}

func sideName(c variants.Color) string {
	if c == variants.White {
		return "White"
	}
	return "Black"
}

func (p *Position) castlingFact(c variants.Color) string {
	king, short, long := p.Castling(c)
	switch {
	case short && long:
		return "O-O and O-O-O"
	case short:
		return "O-O"
	case long:
		return "O-O-O"
	case king:
		return "King on its square, no rook"
	case p.KingInHand(c):
		return "King in hand"
	}
	return "none"
}

func (p *Position) bishopFact(c variants.Color) string {
	switch p.BishopColour(c) {
	case LightBishop:
		return "first dropped on light: the next on dark"
	case DarkBishop:
		return "first dropped on dark: the next on light"
	}
	return "none dropped yet"
}

// DescribeMove implements variants.Displayer.
func (p *Position) DescribeMove(m variants.Move) variants.MoveParts {
	if isDrop(m) {
		parts := variants.MoveParts{From: variants.NoSquare, To: variants.NoSquare}
		for _, pl := range DropPlacements(m) {
			parts.Drops = append(parts.Drops, variants.Drop{Type: pl.Type.Letter(), Square: int(pl.Sq)})
		}
		return parts
	}
	from, to := moveFrom(m), moveTo(m)
	c, t, _ := p.PieceAt(from)
	mover := variants.Piece{Type: t.Letter(), Color: c}
	parts := variants.MoveParts{
		From: int(from), To: int(to), Mover: mover, Arrives: mover,
		Whole: true, Capture: p.IsCapture(m),
	}
	if pr := movePromo(m); pr != 0 && pr < NumTypes {
		parts.Promotion = pr.Letter()
		parts.Arrives.Type = pr.Letter()
	}
	return parts
}

// PlanDrops implements variants.DropPlanner. A set is valid when it keeps
// to the reserve, the mover's half, the pawn rank (K2) and the bishop
// colours (K3); whether it is a legal action also depends on the King (K4,
// K5, K10), which BuildDropAction judges.
func (p *Position) PlanDrops(placed []variants.Drop) variants.DropPlan {
	var plan variants.DropPlan
	ps := make([]Placement, 0, len(placed))
	for _, d := range placed {
		t, ok := typeOfLetter(d.Type)
		if !ok || d.Square < 0 || d.Square > 63 {
			plan.Err = fmt.Errorf("bad placement %c on square %d", d.Type, d.Square)
			return plan
		}
		ps = append(ps, Placement{Type: t, Sq: bb.Square(d.Square)})
	}
	if err := p.partialDropError(ps); err != nil {
		plan.Err = err
		return plan
	}
	plan.Valid = true
	if !p.single || len(ps) == 0 {
		for t := King; t < NumTypes; t++ {
			for z := p.DropZone(); z != 0; {
				s := z.PopFirst()
				if p.partialDropError(append(ps, Placement{Type: t, Sq: s})) == nil {
					plan.Next = append(plan.Next, variants.Drop{Type: t.Letter(), Square: int(s)})
				}
			}
		}
	}
	if len(ps) == 0 {
		plan.Err = errors.New("no piece placed yet")
		return plan
	}
	plan.Move, plan.Err = p.BuildDropAction(ps)
	return plan
}
