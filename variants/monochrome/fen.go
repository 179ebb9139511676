package monochrome

import (
	"fmt"
	"strconv"
	"strings"

	"varchess/variants"
	bb "varchess/variants/bitboard"
)

// StartFEN is the monochrome start position.
const StartFEN = "RNBQKBNR/PPPPPPPP/8/8/8/8/PPPPPPPP/RNBQKBNR w - 0 1 0-0"

// Limits on FEN numbers, so that no input can make counters overflow.
const (
	maxClock    = 1_000_000
	maxFullmove = 1_000_000
	maxScore    = 1_000_000
)

// ParseFEN reads a position in the monochrome FEN of docs/rules.md:
//
//	<board> <side> <undo> <clock> <fullmove> <scoreSouth>-<scoreNorth>
//
// Piece letters are read case-insensitively. Trailing fields may be left
// out (clock 0, fullmove 1, score 0-0). A chess FEN is accepted as well:
// `<board> <side> <castling> <ep> [<clock> <fullmove>]`; its castling and
// en-passant fields are ignored (castling in monochrome depends only on the
// board, and there is no en passant) and the scores are 0-0.
func ParseFEN(fen string) (*Position, error) {
	f := strings.Fields(fen)
	if len(f) < 2 {
		return nil, fmt.Errorf("FEN needs at least a board and a side to move, got %d field(s)", len(f))
	}
	p := &Position{undoFrom: bb.NoSquare, undoTo: bb.NoSquare, fullmove: 1, hist: make([]undoRecord, 0, 64)}
	if err := p.parseBoard(f[0]); err != nil {
		return nil, err
	}
	switch f[1] {
	case "w", "W":
		p.side = variants.White
	case "b", "B":
		p.side = variants.Black
	default:
		return nil, fmt.Errorf("side to move %q: want w or b", f[1])
	}
	rest := f[2:]
	chess := false
	if len(rest) > 0 {
		switch u := rest[0]; {
		case u == "-":
			// No restriction, or a chess FEN with no castling rights: the
			// next field tells (a clock is a number, an en-passant field is not).
			chess = len(rest) > 1 && !isNumber(rest[1])
		case len(u) == 4 && isSquare(u[:2]) && isSquare(u[2:]):
			if err := p.parseUndo(u); err != nil {
				return nil, err
			}
		case isCastlingField(u):
			chess = true
		default:
			return nil, fmt.Errorf("undo field %q: want a move like e5e4 or -", u)
		}
		rest = rest[1:]
	}
	if chess {
		if len(rest) == 0 || len(rest) > 3 {
			return nil, fmt.Errorf("chess-style FEN: want castling, en passant, clock and fullmove fields")
		}
		if ep := rest[0]; ep != "-" && !isSquare(ep) {
			return nil, fmt.Errorf("en-passant field %q: want a square or -", ep)
		}
		rest = rest[1:]
	}
	if len(rest) > 0 {
		n, err := parseCount(rest[0], "clock", 0, maxClock)
		if err != nil {
			return nil, err
		}
		p.clock = n
		rest = rest[1:]
	}
	if len(rest) > 0 {
		n, err := parseCount(rest[0], "fullmove", 0, maxFullmove)
		if err != nil {
			return nil, err
		}
		p.fullmove = max(n, 1)
		rest = rest[1:]
	}
	if len(rest) > 0 && !chess {
		s, n, ok := strings.Cut(rest[0], "-")
		if !ok {
			return nil, fmt.Errorf("score %q: want <south>-<north>, e.g. 13-8", rest[0])
		}
		var err error
		if p.score[0], err = parseCount(s, "South's score", 0, maxScore); err != nil {
			return nil, err
		}
		if p.score[1], err = parseCount(n, "North's score", 0, maxScore); err != nil {
			return nil, err
		}
		rest = rest[1:]
	}
	if len(rest) > 0 {
		return nil, fmt.Errorf("unexpected extra field %q", rest[0])
	}
	if p.side == variants.Black {
		p.key ^= zobSide
	}
	return p, nil
}

func (p *Position) parseBoard(s string) error {
	return bb.ParsePlacement(s, func(sq bb.Square, c byte) error {
		pc, ok := pieceFromLetter(c)
		if !ok {
			return fmt.Errorf("bad character %q", c)
		}
		p.put(sq, pc)
		return nil
	})
}

// parseUndo reads the forbidden return move. It must be one that the last
// ply can have created: the arrival square on the mover's half and
// occupied, the departure square on the other half and empty.
func (p *Position) parseUndo(u string) error {
	from, _ := bb.ParseSquare(u[:2])
	to, _ := bb.ParseSquare(u[2:])
	switch {
	case !home(p.side).Has(from):
		return fmt.Errorf("undo %s: %s is not on the half of the side to move", u, from)
	case home(p.side).Has(to):
		return fmt.Errorf("undo %s: %s is not on the opponent's half (only a crossing can be undone)", u, to)
	case p.board[from] == NoPiece:
		return fmt.Errorf("undo %s: no piece on %s", u, from)
	case p.board[to] != NoPiece:
		return fmt.Errorf("undo %s: %s is not empty", u, to)
	}
	p.setUndo(from, to)
	return nil
}

func isSquare(s string) bool { _, ok := bb.ParseSquare(s); return ok }

func isNumber(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

func isCastlingField(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i] | 0x20
		if c != 'k' && c != 'q' && (c < 'a' || c > 'h') {
			return false
		}
	}
	return s != ""
}

func parseCount(s, what string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("%s %q: want a whole number from %d to %d", what, s, lo, hi)
	}
	return n, nil
}

// FEN writes the position in the monochrome FEN, letters upper case.
func (p *Position) FEN() string {
	var sb strings.Builder
	bb.WritePlacement(&sb, func(sq bb.Square) byte {
		if pc := p.board[sq]; pc != NoPiece {
			return pc.Letter()
		}
		return 0
	})
	if p.side == variants.White {
		sb.WriteString(" w ")
	} else {
		sb.WriteString(" b ")
	}
	if p.undoFrom == bb.NoSquare {
		sb.WriteByte('-')
	} else {
		sb.WriteString(p.undoFrom.String() + p.undoTo.String())
	}
	fmt.Fprintf(&sb, " %d %d %d-%d", p.clock, p.fullmove, p.score[0], p.score[1])
	return sb.String()
}
