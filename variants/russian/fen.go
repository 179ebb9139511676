package russian

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"varchess/variants"
	bb "varchess/variants/bitboard"
)

// StartFEN is the Los Alamos array of docs/rules.md section 3.
const StartFEN = "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - 0 1"

// Parse reads `<board> <side> <roll> <clock> <fullmove>`; the clock and
// the move number may be left out (0 and 1). A stack of more than one
// checker is written bottom to top in parentheses: `(Pnq)`. Each side must
// have exactly one King, and at most 32 checkers may be on the board.
func Parse(fen string) (*Position, error) {
	fields := strings.Fields(fen)
	if len(fields) < 3 || len(fields) > 5 {
		return nil, fmt.Errorf("russian FEN needs 3 to 5 fields (board side roll [clock fullmove]), got %d", len(fields))
	}
	p := &Position{fullmove: 1}
	if err := p.parseBoard(fields[0]); err != nil {
		return nil, err
	}
	switch fields[1] {
	case "w":
		p.side = variants.White
	case "b":
		p.side = variants.Black
	default:
		return nil, fmt.Errorf("russian FEN: side to move must be w or b, not %q", fields[1])
	}
	if len(fields[2]) != 1 {
		return nil, fmt.Errorf("russian FEN: roll must be one of KQRBNP or -, not %q", fields[2])
	}
	if err := p.SetRoll(fields[2][0]); err != nil {
		return nil, fmt.Errorf("russian FEN: %w", err)
	}
	if len(fields) >= 4 {
		n, err := strconv.Atoi(fields[3])
		if err != nil || n < 0 || n > 1_000_000 {
			return nil, fmt.Errorf("russian FEN: bad ply clock %q", fields[3])
		}
		p.clock = n
	}
	if len(fields) == 5 {
		n, err := strconv.Atoi(fields[4])
		if err != nil || n < 1 || n > 1_000_000 {
			return nil, fmt.Errorf("russian FEN: bad move number %q", fields[4])
		}
		p.fullmove = n
	}
	if p.KingCaptured(variants.White) && p.KingCaptured(variants.Black) {
		return nil, errors.New("russian FEN: both kings are captured")
	}
	p.key = p.computeKey()
	return p, nil
}

func (p *Position) parseBoard(board string) error {
	ranks := strings.Split(board, "/")
	if len(ranks) != Size {
		return fmt.Errorf("russian FEN: board needs %d ranks, got %d", Size, len(ranks))
	}
	total := 0
	kings := [2]int{}
	for i, row := range ranks {
		r := Size - 1 - i
		f := 0
		for j := 0; j < len(row); j++ {
			ch := row[j]
			var checkers []Checker
			switch {
			case ch >= '1' && ch <= '9':
				f += int(ch - '0')
				if f > Size {
					return fmt.Errorf("russian FEN: rank %d is longer than %d squares", r+1, Size)
				}
				continue
			case ch == '(':
				end := strings.IndexByte(row[j:], ')')
				if end < 0 {
					return fmt.Errorf("russian FEN: unclosed '(' on rank %d", r+1)
				}
				inner := row[j+1 : j+end]
				if inner == "" {
					return fmt.Errorf("russian FEN: empty stack '()' on rank %d", r+1)
				}
				for k := 0; k < len(inner); k++ {
					c, err := checkerOf(inner[k])
					if err != nil {
						return err
					}
					checkers = append(checkers, c)
				}
				j += end
			default:
				c, err := checkerOf(ch)
				if err != nil {
					return err
				}
				checkers = []Checker{c}
			}
			if f >= Size {
				return fmt.Errorf("russian FEN: rank %d is longer than %d squares", r+1, Size)
			}
			total += len(checkers)
			if total > maxCheckers {
				return fmt.Errorf("russian FEN: more than %d checkers on the board", maxCheckers)
			}
			s := bb.Sq(f, r)
			st := &p.stacks[s]
			for _, c := range checkers {
				if c.Type() == King {
					kings[c.Color()]++
					p.kingSq[c.Color()] = s
					p.kingIdx[c.Color()] = st.h
				}
				st.c[st.h] = c
				st.h++
				p.count[c.Type()]++
			}
			p.setTop(s)
			f++
		}
		if f != Size {
			return fmt.Errorf("russian FEN: rank %d has %d squares, want %d", r+1, f, Size)
		}
	}
	if kings[0] != 1 || kings[1] != 1 {
		return fmt.Errorf("russian FEN: each side needs exactly one king (white %d, black %d)", kings[0], kings[1])
	}
	return nil
}

func checkerOf(ch byte) (Checker, error) {
	t, ok := typeOfLetter(ch)
	if !ok {
		return 0, fmt.Errorf("russian FEN: bad piece letter %q", ch)
	}
	c := variants.White
	if ch >= 'a' {
		c = variants.Black
	}
	return NewChecker(c, t), nil
}

// computeKey hashes the position from scratch (the roll excluded).
func (p *Position) computeKey() uint64 {
	var k uint64
	for _, s := range Squares {
		st := &p.stacks[s]
		for i := 0; i < int(st.h); i++ {
			k ^= zChecker[index36[s]][i][st.c[i].zIndex()]
		}
	}
	if p.side == variants.Black {
		k ^= zSide
	}
	return k
}

// stackText writes one square's stack in FEN form ("" when empty).
func (p *Position) stackText(s bb.Square) string {
	st := &p.stacks[s]
	if st.h == 1 {
		return string(st.c[0].Letter())
	}
	var b strings.Builder
	if st.h > 1 {
		b.WriteByte('(')
		for i := 0; i < int(st.h); i++ {
			b.WriteByte(st.c[i].Letter())
		}
		b.WriteByte(')')
	}
	return b.String()
}

// FEN writes the position; Parse(p.FEN()) gives the same position.
func (p *Position) FEN() string {
	var b strings.Builder
	bb.WriteGrid(&b, Size, Size, func(f, r int) string { return p.stackText(bb.Sq(f, r)) })
	side := "w"
	if p.side == variants.Black {
		side = "b"
	}
	roll := "-"
	if p.roll != NoType {
		roll = string(p.roll.Letter())
	}
	fmt.Fprintf(&b, " %s %s %d %d", side, roll, p.clock, p.fullmove)
	return b.String()
}

// String draws the board, rank 6 on top, each square showing its stack
// bottom to top.
func (p *Position) String() string {
	width := 3
	for _, s := range Squares {
		width = max(width, int(p.stacks[s].h)+1)
	}
	var b strings.Builder
	for r := Size - 1; r >= 0; r-- {
		fmt.Fprintf(&b, "%d ", r+1)
		for f := 0; f < Size; f++ {
			s := bb.Sq(f, r)
			t := "."
			if p.stacks[s].h > 0 {
				t = strings.Trim(p.stackText(s), "()")
			}
			fmt.Fprintf(&b, "%-*s", width, t)
		}
		b.WriteByte('\n')
	}
	b.WriteString("  ")
	for f := 0; f < Size; f++ {
		fmt.Fprintf(&b, "%-*c", width, 'a'+f)
	}
	fmt.Fprintf(&b, "\nFEN: %s\nKey: %016X\n", p.FEN(), p.Hash())
	return b.String()
}
