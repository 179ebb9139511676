package chess

import (
	"strings"

	"varchess/variants"
	bb "varchess/variants/bitboard"
)

var _ variants.Displayer = (*Position)(nil)

// Display implements variants.Displayer.
func (p *Position) Display() variants.Display {
	d := variants.Display{Files: 8, Ranks: 8, Board: make([][]variants.Piece, 64)}
	for s := bb.Square(0); s < 64; s++ {
		if pc := p.board[s]; pc != NoPiece {
			d.Board[s] = []variants.Piece{shown(pc)}
		}
	}
	if p.InCheck() {
		d.Check = []int{int(p.KingSquare(p.side))}
	}
	castling := strings.Fields(p.FEN())[2]
	d.Facts = []variants.Fact{{Name: "Castling", Value: castling}}
	if p.ep != bb.NoSquare {
		d.Facts = append(d.Facts, variants.Fact{Name: "En passant", Value: p.ep.String()})
	}
	return d
}

// DescribeMove implements variants.Displayer.
func (p *Position) DescribeMove(v variants.Move) variants.MoveParts {
	m := FromVariant(v)
	mover := shown(m.MovingPiece())
	parts := variants.MoveParts{
		From: int(m.From()), To: int(m.To()),
		Mover: mover, Arrives: mover, Whole: true,
		Capture: m.IsCapture(),
	}
	if m.IsPromotion() {
		parts.Promotion = strings.ToUpper(m.Promotion().Letter())[0]
		parts.Arrives.Type = parts.Promotion
	}
	return parts
}

func shown(pc Piece) variants.Piece {
	return variants.Piece{Type: strings.ToUpper(pc.Type().Letter())[0], Color: pc.Color()}
}
