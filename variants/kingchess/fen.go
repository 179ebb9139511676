package kingchess

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"varchess/variants"
	bb "varchess/variants/bitboard"
)

// StartFEN is the start position: an empty board, full reserves.
const StartFEN = "8/8/8/8/8/8/8/8[KQRRBBNNPPPPPPPPkqrrbbnnpppppppp] w - - 0 1"

// Parse reads a kingchess FEN:
//
//	<board>[<reserve>] <side> <castling> <ep> <clock> <fullmove> [<bishops>]
//
// The reserve may be left out (empty hands); clock and fullmove default to
// 0 and 1. It never panics; errors say what is wrong.
func Parse(fen string) (*Position, error) { return parse(fen, false) }

// Parse1 reads a kingchess1 FEN (same dialect).
func Parse1(fen string) (*Position, error) { return parse(fen, true) }

func parse(fen string, single bool) (*Position, error) {
	p := &Position{single: single, ep: bb.NoSquare, fullmove: 1, history: make([]undo, 0, 128)}
	fields := strings.Fields(fen)
	if len(fields) == 0 {
		return nil, errors.New("empty FEN")
	}
	if len(fields) > 7 {
		return nil, fmt.Errorf("too many fields (%d)", len(fields))
	}
	boardField, reserve := fields[0], ""
	if i := strings.IndexByte(boardField, '['); i >= 0 {
		if !strings.HasSuffix(boardField, "]") {
			return nil, errors.New("reserve must be written [..] right after the board")
		}
		boardField, reserve = boardField[:i], boardField[i+1:len(boardField)-1]
	}
	if err := p.parseBoard(boardField); err != nil {
		return nil, err
	}
	for i := 0; i < len(reserve); i++ {
		t, ok := typeOfLetter(reserve[i])
		if !ok {
			return nil, fmt.Errorf("bad reserve letter %q", reserve[i])
		}
		c := variants.White
		if reserve[i] >= 'a' {
			c = variants.Black
		}
		if p.hand[c][t] >= initialReserve[t] {
			return nil, fmt.Errorf("too many %c in the reserve", reserve[i])
		}
		p.hand[c][t]++
	}
	get := func(i int, def string) string {
		if i < len(fields) {
			return fields[i]
		}
		return def
	}
	switch get(1, "w") {
	case "w":
		p.side = variants.White
	case "b":
		p.side = variants.Black
	default:
		return nil, fmt.Errorf("bad side to move %q", fields[1])
	}
	if err := p.parseCastling(get(2, "-")); err != nil {
		return nil, err
	}
	if err := p.parseEP(get(3, "-")); err != nil {
		return nil, err
	}
	var err error
	if p.clock, err = strconv.Atoi(get(4, "0")); err != nil || p.clock < 0 || p.clock > 10000 {
		return nil, fmt.Errorf("bad halfmove clock %q", get(4, "0"))
	}
	if p.fullmove, err = strconv.Atoi(get(5, "1")); err != nil || p.fullmove < 0 || p.fullmove > 100000 {
		return nil, fmt.Errorf("bad fullmove number %q", get(5, "1"))
	}
	if p.fullmove == 0 {
		p.fullmove = 1
	}
	if len(fields) == 7 {
		if err := p.parseBishops(fields[6]); err != nil {
			return nil, err
		}
	} else {
		p.bishops = p.inferredBishops()
	}
	if err := p.validate(); err != nil {
		return nil, err
	}
	p.hash = p.computeHash()
	return p, nil
}

func (p *Position) parseBoard(s string) error {
	return bb.ParsePlacement(s, func(sq bb.Square, ch byte) error {
		t, ok := typeOfLetter(ch)
		if !ok {
			return fmt.Errorf("bad board character %q", ch)
		}
		c := variants.White
		if ch >= 'a' {
			c = variants.Black
		}
		p.put(c, t, sq)
		return nil
	})
}

func (p *Position) parseCastling(s string) error {
	if s == "-" {
		return nil
	}
	for i := 0; i < len(s); i++ {
		var c variants.Color
		var bit uint8
		switch s[i] {
		case 'K', 'k':
			bit = castleE | castleH
		case 'Q', 'q':
			bit = castleE | castleA
		case 'E', 'e':
			bit = castleE
		default:
			return fmt.Errorf("bad castling letter %q", s[i])
		}
		if s[i] >= 'a' {
			c = variants.Black
		}
		if p.board[relSq(c, 4)] != makePiece(c, King) {
			return fmt.Errorf("castling letter %c needs the %s King on %s", s[i], c, relSq(c, 4))
		}
		if bit&castleH != 0 && p.board[relSq(c, 7)] != makePiece(c, Rook) {
			return fmt.Errorf("castling letter %c needs a Rook on %s", s[i], relSq(c, 7))
		}
		if bit&castleA != 0 && p.board[relSq(c, 0)] != makePiece(c, Rook) {
			return fmt.Errorf("castling letter %c needs a Rook on %s", s[i], relSq(c, 0))
		}
		p.castle |= bit << castleShift(c)
	}
	return nil
}

func (p *Position) parseEP(s string) error {
	if s == "-" {
		return nil
	}
	sq, ok := bb.ParseSquare(s)
	if !ok {
		return fmt.Errorf("bad en-passant square %q", s)
	}
	// The target lies behind an enemy pawn that has just double-stepped.
	wantRank, behind := 5, sq-8
	if p.side == variants.Black {
		wantRank, behind = 2, sq+8
	}
	them := p.side ^ 1
	if sq.Rank() != wantRank || p.board[sq] != noPiece || p.board[behind] != makePiece(them, Pawn) ||
		p.board[sq+(sq-behind)] != noPiece {
		return fmt.Errorf("impossible en-passant square %s", s)
	}
	// Only kept when a pawn can take (this keeps equal positions equal).
	if bb.PawnAttacks[them][sq]&p.pieces[p.side][Pawn] != 0 {
		p.ep = sq
	}
	return nil
}

func (p *Position) parseBishops(s string) error {
	if len(s) != 2 {
		return fmt.Errorf("bad bishop field %q (two of l, d, -)", s)
	}
	for c := 0; c < 2; c++ {
		switch s[c] {
		case 'l':
			p.bishops[c] = LightBishop
		case 'd':
			p.bishops[c] = DarkBishop
		case '-':
			p.bishops[c] = NoBishop
		default:
			return fmt.Errorf("bad bishop field %q (two of l, d, -)", s)
		}
	}
	return nil
}

// inferredBishops is the bishop field a FEN without one stands for: the
// colour of the side's bishop when exactly one stands on the board.
func (p *Position) inferredBishops() [2]BishopColour {
	var r [2]BishopColour
	for c := 0; c < 2; c++ {
		if b := p.pieces[c][Bishop]; b.Count() == 1 {
			r[c] = colourOf(b.First())
		}
	}
	return r
}

// validate rejects positions the rules can never reach in ways that would
// break the move generator.
func (p *Position) validate() error {
	for c := variants.White; c <= variants.Black; c++ {
		onBoard := p.pieces[c][King].Count()
		if onBoard+int(p.hand[c][King]) != 1 {
			return fmt.Errorf("%s needs exactly one King (board and reserve)", c)
		}
		total := p.occ[c].Count()
		for _, n := range p.hand[c] {
			total += int(n)
		}
		if total > 16 {
			return fmt.Errorf("%s has more than 16 pieces", c)
		}
		if p.pieces[c][Pawn].Count()+int(p.hand[c][Pawn]) > 8 {
			return fmt.Errorf("%s has more than 8 pawns", c)
		}
		if p.bishops[c] != NoBishop && p.hand[c][Bishop] > 1 {
			return fmt.Errorf("%s: a bishop was dropped but two are still in the reserve", c)
		}
	}
	if (p.pieces[0][Pawn]|p.pieces[1][Pawn])&(bb.Rank1|bb.Rank8) != 0 {
		return errors.New("pawn on the first or last rank")
	}
	if p.inCheckSide(p.side ^ 1) {
		return errors.New("the side not to move is in check")
	}
	return nil
}

// FEN implements variants.Position.
func (p *Position) FEN() string {
	var sb strings.Builder
	bb.WritePlacement(&sb, func(sq bb.Square) byte {
		if pc := p.board[sq]; pc != noPiece {
			return pc.letter()
		}
		return 0
	})
	sb.WriteString("[" + p.reserveString() + "] ")
	if p.side == variants.White {
		sb.WriteString("w ")
	} else {
		sb.WriteString("b ")
	}
	sb.WriteString(p.castlingString())
	sb.WriteByte(' ')
	sb.WriteString(p.ep.String())
	fmt.Fprintf(&sb, " %d %d", p.clock, p.fullmove)
	// The bishop field is written only when it says more than the board.
	if p.bishops != p.inferredBishops() {
		sb.WriteByte(' ')
		sb.WriteByte(p.bishops[0].char())
		sb.WriteByte(p.bishops[1].char())
	}
	return sb.String()
}

func (p *Position) reserveString() string {
	var sb strings.Builder
	for c := 0; c < 2; c++ {
		for t := King; t <= Pawn; t++ {
			for i := uint8(0); i < p.hand[c][t]; i++ {
				sb.WriteByte(makePiece(variants.Color(c), t).letter())
			}
		}
	}
	return sb.String()
}

func (p *Position) castlingString() string {
	var sb strings.Builder
	for c := 0; c < 2; c++ {
		bits := p.castle >> castleShift(variants.Color(c)) & 7
		letters := "KQE"
		if c == 1 {
			letters = "kqe"
		}
		if bits&castleH != 0 {
			sb.WriteByte(letters[0])
		}
		if bits&castleA != 0 {
			sb.WriteByte(letters[1])
		}
		if bits == castleE {
			sb.WriteByte(letters[2])
		}
	}
	if sb.Len() == 0 {
		return "-"
	}
	return sb.String()
}
