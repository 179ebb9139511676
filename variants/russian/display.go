package russian

import (
	"strconv"

	"varchess/variants"
	bb "varchess/variants/bitboard"
)

var _ variants.Displayer = (*Position)(nil)

// Display implements variants.Displayer: every stack with all its checkers
// (prisoners included), the face rolled, and the types that take part (the
// faces that can be played, R2).
func (p *Position) Display() variants.Display {
	d := variants.Display{
		Files: Size, Ranks: Size, Board: make([][]variants.Piece, NumSquares),
		Stacks: true, Die: true, Roll: p.Roll(),
	}
	var buf [64]Checker
	for r := 0; r < Size; r++ {
		for f := 0; f < Size; f++ {
			for _, c := range p.Stack(bb.Sq(f, r), buf[:0]) {
				i := r*Size + f
				d.Board[i] = append(d.Board[i], shown(c))
			}
		}
	}
	if p.InCheck() {
		d.Check = []int{Index36(p.KingSquare(p.side))}
	}
	playable := ""
	for _, f := range []byte(variants.DieFaces) {
		if t, _ := FaceType(f); p.TakesPart(t) {
			playable += string(f)
		}
	}
	d.Facts = []variants.Fact{
		{Name: "Faces in play", Value: playable},
		{Name: "Plies without capture or pawn move", Value: strconv.Itoa(p.clock) + " of 100"},
	}
	return d
}

// DescribeMove implements variants.Displayer.
func (p *Position) DescribeMove(m variants.Move) variants.MoveParts {
	if IsPass(m) {
		return variants.MoveParts{From: variants.NoSquare, To: variants.NoSquare, Pass: true}
	}
	top, _ := p.Top(From(m))
	parts := variants.MoveParts{
		From: Index36(From(m)), To: Index36(To(m)),
		Mover: shown(top), Arrives: shown(top),
		Count: Count(m), Whole: IsWholeStack(m), Capture: IsCaptureMove(m),
	}
	if pr := Promotion(m); pr != NoType {
		parts.Promotion = pr.Letter()
		parts.Arrives.Type = pr.Letter()
	}
	return parts
}

func shown(c Checker) variants.Piece {
	return variants.Piece{Type: c.Type().Letter(), Color: c.Color()}
}
