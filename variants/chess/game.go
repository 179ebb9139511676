package chess

import (
	"fmt"

	"varchess/variants"
	bb "varchess/variants/bitboard"
)

// Game is standard chess for the registry (variants/all).
var Game = &variants.Game{
	Name:     "chess",
	StartFEN: StartFEN,
	Parse: func(fen string) (variants.Position, error) {
		p, err := Parse(fen)
		if err != nil {
			return nil, err
		}
		return p, nil
	},
}

// NewStart returns the standard start position.
func NewStart() *Position {
	p, err := Parse(StartFEN)
	if err != nil {
		panic(err) // StartFEN is a constant that parses
	}
	return p
}

// Moves implements variants.Position.
func (p *Position) Moves(buf []variants.Move) []variants.Move {
	var list MoveList
	p.GenerateMoves(&list)
	for _, m := range list.Moves[:list.N] {
		buf = append(buf, m.ToVariant())
	}
	return buf
}

// Make implements variants.Position.
func (p *Position) Make(m variants.Move) { p.MakeMove(FromVariant(m)) }

// Unmake implements variants.Position.
func (p *Position) Unmake() {
	if n := len(p.history); n > 0 && p.history[n-1].move == NoMove {
		p.UnmakeNull()
		return
	}
	p.UnmakeMove()
}

// IsCapture implements variants.Position.
func (p *Position) IsCapture(m variants.Move) bool { return FromVariant(m).IsCapture() }

// MoveString implements variants.Position: UCI long algebraic.
func (p *Position) MoveString(m variants.Move) string { return FromVariant(m).String() }

// castleWords are the written castlings: 0 king side, 1 queen side.
var castleWords = map[string]int{"O-O": 0, "0-0": 0, "O-O-O": 1, "0-0-0": 1}

// ParseMove implements variants.Position. In Chess960 it also reads
// castling as O-O and O-O-O (0-0, 0-0-0), as XBoard writes it.
func (p *Position) ParseMove(s string) (variants.Move, error) {
	if side, ok := castleWords[s]; ok && p.rules.frc {
		return p.castleBySide(side, s)
	}
	m, err := p.ParseUCI(s)
	if err != nil {
		return variants.NoMove, err
	}
	return m.ToVariant(), nil
}

// ParseUCI reads a move in UCI long algebraic notation (e2e4, e7e8q) and
// returns it only if it is legal here. Castling is e1g1; the king-takes-rook
// form e1h1 is accepted too when that castling is legal. In Chess960
// castling is only king takes own rook (e1g1 may be a plain king move).
func (p *Position) ParseUCI(s string) (Move, error) {
	if p.rules.frc {
		return p.parseUCI960(s)
	}
	return p.parseUCIStandard(s)
}

// parseUCIStandard is ParseUCI's coordinate reading.
func (p *Position) parseUCIStandard(s string) (Move, error) {
	if len(s) != 4 && len(s) != 5 {
		return NoMove, fmt.Errorf("move %q: want 4 or 5 characters like e2e4 or e7e8q", s)
	}
	from, ok1 := bb.ParseSquare(s[0:2])
	to, ok2 := bb.ParseSquare(s[2:4])
	if !ok1 || !ok2 {
		return NoMove, fmt.Errorf("move %q: bad square", s)
	}
	promo := NoPieceType
	if len(s) == 5 {
		switch s[4] | 0x20 {
		case 'q':
			promo = Queen
		case 'r':
			promo = Rook
		case 'b':
			promo = Bishop
		case 'n':
			promo = Knight
		default:
			return NoMove, fmt.Errorf("move %q: bad promotion piece %q", s, s[4])
		}
	}
	// King takes own rook on its corner means castling on that side.
	if p.board[from] == MakePiece(p.side, King) && p.board[to] == MakePiece(p.side, Rook) && promo == NoPieceType {
		switch {
		case from.Rank() == to.Rank() && to.File() == 7:
			to = from + 2
		case from.Rank() == to.Rank() && to.File() == 0:
			to = from - 2
		}
	}
	var list MoveList
	p.GenerateMoves(&list)
	for _, m := range list.Moves[:list.N] {
		if m.From() == from && m.To() == to && m.Promotion() == promo {
			return m, nil
		}
	}
	if p.board[from] == NoPiece || p.board[from].Color() != p.side {
		return NoMove, fmt.Errorf("move %q: no %v piece on %s", s, p.side, from)
	}
	if promo == NoPieceType && p.board[from].Type() == Pawn && (to.Rank() == 0 || to.Rank() == 7) {
		return NoMove, fmt.Errorf("move %q: a promotion needs a piece letter (q, r, b, n)", s)
	}
	return NoMove, fmt.Errorf("move %q is illegal in %s", s, p.FEN())
}

// IsLegal reports whether m (e.g. a move from a transposition table, which
// may come from another position) is legal here.
func (p *Position) IsLegal(m Move) bool {
	if m == NoMove || p.board[m.From()] != m.MovingPiece() {
		return false
	}
	var list MoveList
	p.GenerateMoves(&list)
	for _, l := range list.Moves[:list.N] {
		if l == m {
			return true
		}
	}
	return false
}

// parseUCI960 is ParseUCI for Chess960: a king move onto an own rook is
// that castling; castling moves are found by nothing else.
func (p *Position) parseUCI960(s string) (Move, error) {
	if len(s) == 4 {
		from, ok1 := bb.ParseSquare(s[0:2])
		to, ok2 := bb.ParseSquare(s[2:4])
		if ok1 && ok2 && p.board[from] == MakePiece(p.side, King) && p.board[to] == MakePiece(p.side, Rook) {
			if m, ok := p.legalCastling(func(m Move) bool { return m.castleRook() == to }); ok {
				return m, nil
			}
			return NoMove, fmt.Errorf("move %q: castling with the rook on %s is illegal in %s", s, to, p.FEN())
		}
	}
	m, err := p.parseUCIStandard(s)
	if err == nil && m.is960() {
		return NoMove, fmt.Errorf("move %q: in Chess960 castling is written king takes own rook (%s)", s, m)
	}
	return m, err
}

// castleBySide returns the legal castling on side (0 king side, 1 queen
// side); text is the move as given, for the error.
func (p *Position) castleBySide(side int, text string) (variants.Move, error) {
	if m, ok := p.legalCastling(func(m Move) bool { return (m.To().File() == 6) == (side == 0) }); ok {
		return m.ToVariant(), nil
	}
	return variants.NoMove, fmt.Errorf("move %q: that castling is illegal in %s", text, p.FEN())
}

// legalCastling returns the legal Chess960 castling that match accepts.
func (p *Position) legalCastling(match func(Move) bool) (Move, bool) {
	var list MoveList
	p.GenerateMoves(&list)
	for _, m := range list.Slice() {
		if m.is960() && match(m) {
			return m, true
		}
	}
	return NoMove, false
}

// XBoardMoveString implements variants.XBoardNotation: XBoard writes
// Chess960 castling O-O and O-O-O.
func (p *Position) XBoardMoveString(v variants.Move) string {
	m := FromVariant(v)
	switch {
	case !m.is960():
		return m.String()
	case m.To().File() == 6:
		return "O-O"
	}
	return "O-O-O"
}

var _ variants.Position = (*Position)(nil)
