package monochrome

import (
	"strconv"

	"varchess/variants"
	bb "varchess/variants/bitboard"
)

var _ variants.Displayer = (*Position)(nil)

// Display implements variants.Displayer: every piece has the colour of the
// half it stands on (its owner), the centre line splits the board after
// rank 4, both scores count, and the undo ban (M8) is listed as forbidden.
func (p *Position) Display() variants.Display {
	d := variants.Display{
		Files: 8, Ranks: 8, Board: make([][]variants.Piece, 64),
		Half: 4, OwnerByHalf: true,
		Scores: []int{p.score[variants.White], p.score[variants.Black]},
	}
	for s := bb.Square(0); s < 64; s++ {
		if pc := p.board[s]; pc != NoPiece {
			d.Board[s] = []variants.Piece{{Type: pc.Letter(), Color: Owner(s)}}
		}
	}
	if from, to, ok := p.Undo(); ok {
		pc := variants.Piece{Type: p.board[from].Letter(), Color: Owner(from)}
		d.Forbidden = []variants.MoveParts{{
			From: int(from), To: int(to), Mover: pc,
			Arrives: variants.Piece{Type: pc.Type, Color: Owner(to)}, Whole: true,
		}}
		d.Facts = append(d.Facts, variants.Fact{Name: "No return", Value: from.String() + "-" + to.String() + " is forbidden (the piece just crossed the line)"})
	}
	d.Facts = append(d.Facts, variants.Fact{Name: "Plies without capture", Value: strconv.Itoa(p.clock) + " of 100"})
	return d
}

// DescribeMove implements variants.Displayer.
func (p *Position) DescribeMove(v variants.Move) variants.MoveParts {
	m := DecodeMove(v)
	t := m.Piece().Letter()
	return variants.MoveParts{
		From: int(m.From()), To: int(m.To()),
		Mover:   variants.Piece{Type: t, Color: Owner(m.From())},
		Arrives: variants.Piece{Type: t, Color: Owner(m.To())},
		Whole:   true, Capture: m.IsCapture(),
	}
}
