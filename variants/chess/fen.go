package chess

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"varchess/variants"
	bb "varchess/variants/bitboard"
)

// StartFEN is the standard initial position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// Parse reads a FEN. The halfmove and fullmove fields may be missing (0 and
// 1). Castling accepts KQkq and X-FEN/Shredder file letters (HAha) for the
// standard rook corners; a right whose king or rook is not on its square is
// dropped. An en-passant square is checked against the board and kept only
// when an enemy pawn could capture there. The position must be sound enough
// for the move generator: one king each, no pawn on the first or last rank,
// the side not to move not in check, material that promotions could reach.
func Parse(fen string) (*Position, error) { return parse(fen, false) }

// parse reads a chess (frc false) or Chess960 FEN.
func parse(fen string, frc bool) (*Position, error) {
	fields := strings.Fields(fen)
	if len(fields) < 4 || len(fields) > 6 {
		return nil, fmt.Errorf("want 4 to 6 fields, got %d", len(fields))
	}
	p := &Position{ep: bb.NoSquare, fullmove: 1, history: make([]undo, 0, 256), rules: &standardRules}
	if err := p.parseBoard(fields[0]); err != nil {
		return nil, err
	}
	switch fields[1] {
	case "w":
		p.side = variants.White
	case "b":
		p.side = variants.Black
		p.hash ^= zobristSide
	default:
		return nil, fmt.Errorf("side to move %q is not w or b", fields[1])
	}
	castling := p.parseCastling
	if frc {
		castling = p.parseCastling960
	}
	if err := castling(fields[2]); err != nil {
		return nil, err
	}
	if err := p.parseEnPassant(fields[3]); err != nil {
		return nil, err
	}
	if len(fields) > 4 {
		n, err := strconv.Atoi(fields[4])
		if err != nil || n < 0 || n > 100000 {
			return nil, fmt.Errorf("bad halfmove clock %q", fields[4])
		}
		p.rule50 = n
	}
	if len(fields) > 5 {
		n, err := strconv.Atoi(fields[5])
		if err != nil || n < 0 || n > 100000 {
			return nil, fmt.Errorf("bad fullmove number %q", fields[5])
		}
		p.fullmove = max(n, 1)
	}
	if p.IsAttacked(p.KingSquare(p.side^1), p.side) {
		return nil, errors.New("the side not to move is in check")
	}
	return p, nil
}

func (p *Position) parseBoard(s string) error {
	err := bb.ParsePlacement(s, func(sq bb.Square, c byte) error {
		t := PieceType(strings.IndexByte(pieceLetters[1:], c|0x20) + 1)
		if t == NoPieceType || c == ' ' {
			return fmt.Errorf("bad character %q", c)
		}
		if t == Pawn && (sq.Rank() == 0 || sq.Rank() == 7) {
			return fmt.Errorf("pawn on rank %d", sq.Rank()+1)
		}
		color := variants.White
		if c >= 'a' {
			color = variants.Black
		}
		p.put(MakePiece(color, t), sq)
		return nil
	})
	if err != nil {
		return err
	}
	for c := variants.White; c <= variants.Black; c++ {
		if n := p.pieces[c][King].Count(); n != 1 {
			return fmt.Errorf("%v has %d kings, want 1", c, n)
		}
		pawns := p.pieces[c][Pawn].Count()
		// Pieces beyond the initial set must come from promoted pawns.
		extra := max(p.pieces[c][Queen].Count()-1, 0) + max(p.pieces[c][Rook].Count()-2, 0) +
			max(p.pieces[c][Bishop].Count()-2, 0) + max(p.pieces[c][Knight].Count()-2, 0)
		if pawns > 8 || extra > 8-pawns {
			return fmt.Errorf("%v has more material than promotions allow", c)
		}
	}
	return nil
}

func (p *Position) parseCastling(s string) error {
	if s == "-" {
		return nil
	}
	var rights uint8
	for i := 0; i < len(s); i++ {
		c := s[i]
		var r uint8
		switch {
		case c == 'K' || c == 'H':
			r = castleWK
		case c == 'Q' || c == 'A':
			r = castleWQ
		case c == 'k' || c == 'h':
			r = castleBK
		case c == 'q' || c == 'a':
			r = castleBQ
		case c >= 'B' && c <= 'G' || c >= 'b' && c <= 'g':
			return fmt.Errorf("castling with the rook on file %c is Chess960, not chess", c|0x20)
		default:
			return fmt.Errorf("bad castling character %q", c)
		}
		if rights&r != 0 {
			return fmt.Errorf("castling right %q given twice", c)
		}
		rights |= r
	}
	// Keep only the rights whose king and rook stand on their squares.
	type need struct {
		right      uint8
		king, rook Piece
		ks, rs     bb.Square
	}
	for _, n := range []need{
		{castleWK, MakePiece(variants.White, King), MakePiece(variants.White, Rook), sqE1, sqH1},
		{castleWQ, MakePiece(variants.White, King), MakePiece(variants.White, Rook), sqE1, sqA1},
		{castleBK, MakePiece(variants.Black, King), MakePiece(variants.Black, Rook), sqE8, sqH8},
		{castleBQ, MakePiece(variants.Black, King), MakePiece(variants.Black, Rook), sqE8, sqA8},
	} {
		if p.board[n.ks] != n.king || p.board[n.rs] != n.rook {
			rights &^= n.right
		}
	}
	p.castle = rights
	p.hash ^= zobristCastle[rights]
	return nil
}

func (p *Position) parseEnPassant(s string) error {
	if s == "-" {
		return nil
	}
	sq, ok := bb.ParseSquare(s)
	if !ok {
		return fmt.Errorf("bad en-passant square %q", s)
	}
	// The pawn that just double-stepped stands in front of the target; the
	// target and the square it came from are empty.
	wantRank, pawnSq, fromSq := 5, sq-8, sq+8
	if p.side == variants.Black {
		wantRank, pawnSq, fromSq = 2, sq+8, sq-8
	}
	if sq.Rank() != wantRank {
		return fmt.Errorf("en-passant square %s is on the wrong rank", s)
	}
	if p.board[pawnSq] != MakePiece(p.side^1, Pawn) || p.board[sq] != NoPiece || p.board[fromSq] != NoPiece {
		return fmt.Errorf("en-passant square %s does not follow a double pawn step", s)
	}
	if bb.PawnAttacks[p.side^1][sq]&p.pieces[p.side][Pawn] != 0 {
		p.ep = sq
		p.hash ^= zobristEP[sq.File()]
	}
	return nil
}

// FEN writes the position. Castling is written KQkq (X-FEN in Chess960);
// the en-passant square only when a pawn could capture there (see Parse).
func (p *Position) FEN() string {
	var sb strings.Builder
	bb.WritePlacement(&sb, func(sq bb.Square) byte {
		if pc := p.board[sq]; pc != NoPiece {
			return pc.String()[0]
		}
		return 0
	})
	if p.side == variants.White {
		sb.WriteString(" w ")
	} else {
		sb.WriteString(" b ")
	}
	sb.WriteString(p.castlingString())
	sb.WriteByte(' ')
	sb.WriteString(p.ep.String())
	fmt.Fprintf(&sb, " %d %d", p.rule50, p.fullmove)
	return sb.String()
}
