package protocol

// XBoard 4.9 does not forward an engine's move text to the other engine: it
// parses the move into its own board and sends what it kept, coordinates
// plus at most one lower-case letter. Three of our games need more than
// that, and the CECP option "XBoard moves" makes the engine write moves that
// survive the relay (docs/xboard.md):
//
//   - monochrome: a piece that crosses the centre line changes owner, but
//     XBoard gives every piece a fixed colour and lets a side move only its
//     own. A move that crosses carries a letter naming the moved type (P a,
//     N c, B d, R f, Q g, K l); XBoard started with -pieceNickNames
//     "acdfg................lACDFG................L" takes it for a
//     promotion to the same type in the other colour, so its board shows
//     the new owner. (The letter is accepted on input without the option.)
//   - russian: XBoard drops the "/k" of a partial-stack move. A bare
//     from-to is read as the whole stack when that is legal, else as the
//     fewest checkers that make it legal, and the engine plays only moves
//     that read back as themselves (whole stacks wherever the roll allows).
//   - kingchess: XBoard keeps only the first drop of a multi-drop, so the
//     engine drops one piece at a time (startSearch).
//
// None of this names a game: each game says through variants.Displayer
// whether a ply changes a piece's owner, moves part of a stack, or whether
// a drop action may place several pieces.

import (
	"fmt"
	"strings"

	"varchess/variants"
	"varchess/variants/bitboard"
)

// xboardMovesOption is the name of the CECP check option.
const xboardMovesOption = "XBoard moves"

// recolourLetter names each monochrome piece type in a crossing move.
var recolourLetter = map[byte]byte{'P': 'a', 'N': 'c', 'B': 'd', 'R': 'f', 'Q': 'g', 'K': 'l'}

// xboardNickNames is the -pieceNickNames value XBoard needs for the
// recolouring letters: in XBoard's piece order (P N B R Q, sixteen other
// types, K) White's pieces get the letters in lower case, Black's in upper
// case, so that the letter upper-cased by a White mover names a Black piece
// and vice versa.
const xboardNickNames = "acdfg................lACDFG................L"

// writeMove is the CECP text of m, a legal ply of the current position.
// With the option, a ply XBoard would not relay whole is written in a form
// it does: the game says (variants.Displayer) when a piece changes owner or
// only part of a stack moves.
func (s *cecpSession) writeMove(m variants.Move) string {
	text := s.pos.MoveString(m)
	if x, ok := s.pos.(variants.XBoardNotation); ok {
		text = x.XBoardMoveString(m)
	}
	if d, ok := s.pos.(variants.Displayer); ok && s.xboardMoves {
		parts := d.DescribeMove(m)
		switch {
		case parts.Mover.Color != parts.Arrives.Color:
			if l, ok := recolourLetter[parts.Mover.Type]; ok {
				text = coordinates(d, parts) + string(l)
			}
		case parts.Count > 0 && !parts.Whole:
			text = coordinates(d, parts)
		}
	}
	return toCECPMove(text)
}

// coordinates writes a board move as XBoard does: from, to and the
// promotion letter, if any.
func coordinates(d variants.Displayer, parts variants.MoveParts) string {
	files := d.Display().Files
	text := variants.SquareName(files, parts.From) + variants.SquareName(files, parts.To)
	if parts.Promotion != 0 {
		text += string(parts.Promotion | 0x20)
	}
	return text
}

// readMove parses a move the GUI sent for the current position: the game's
// own notation, a crossing move with its recolouring letter (accepted
// without the option too), and, with the option, a bare from-to of a stack
// game, read as the whole stack when that is legal, else as the fewest
// checkers that make it legal.
func (s *cecpSession) readMove(text string) (variants.Move, error) {
	text = fromCECPMove(text)
	m, err := s.pos.ParseMove(text)
	d, ok := s.pos.(variants.Displayer)
	if err == nil || !ok || len(text) < 4 || len(text) > 5 {
		return m, err
	}
	view := d.Display()
	from, to := view.Square(text[:2]), view.Square(text[2:4])
	if from < 0 || to < 0 {
		return m, err
	}
	var letter byte
	if len(text) == 5 {
		letter = text[4]
	}
	if view.OwnerByHalf && letter >= 'a' && letter <= 'z' {
		bare, parts, found := sameSquares(s.pos, d, from, to, 0)
		switch {
		case !found:
			return m, err
		case parts.Mover.Color == parts.Arrives.Color:
			return variants.Move{}, fmt.Errorf("%q: a recolouring letter on a move that does not cross the centre line", text)
		case recolourLetter[parts.Mover.Type] != letter:
			return variants.Move{}, fmt.Errorf("%q: the letter %q does not name the piece on %s", text, letter, text[:2])
		}
		return bare, nil
	}
	if s.xboardMoves && view.Stacks {
		var promo byte
		if letter != 0 {
			promo = letter &^ 0x20
		}
		if part, _, found := sameSquares(s.pos, d, from, to, promo); found {
			return part, nil
		}
	}
	return m, err
}

// sameSquares finds the legal ply from-to with promotion promo (0 for
// none) that moves the most of a stack when that is the whole stack, else
// the fewest checkers.
func sameSquares(pos variants.Position, d variants.Displayer, from, to int, promo byte) (best variants.Move, parts variants.MoveParts, found bool) {
	for _, m := range pos.Moves(nil) {
		p := d.DescribeMove(m)
		if p.From != from || p.To != to || p.Promotion != promo {
			continue
		}
		if !found || p.Whole || (!parts.Whole && p.Count < parts.Count) {
			best, parts, found = m, p, true
		}
	}
	return best, parts, found
}

// dropsSingly reports whether the engine must drop one piece at a time
// because XBoard relays only the first drop of a multi-piece drop action.
func (s *cecpSession) dropsSingly() bool {
	d, ok := s.pos.(variants.Displayer)
	return s.xboardMoves && ok && d.Display().MultiDrop
}

// relayableMoves lists the legal plies that survive XBoard's relay (they
// read back as themselves), or nil when all do or the game has no short
// move list.
func (s *cecpSession) relayableMoves() []variants.Move {
	if d, ok := s.pos.(variants.Displayer); !s.xboardMoves || !ok || !d.Display().Stacks {
		return nil
	}
	var keep, seen []variants.Move
	view, _ := s.xboardView()
	white := s.pos.SideToMove() == variants.White
	for _, m := range s.pos.Moves(nil) {
		text, ok := s.survivesRelay(m)
		if !ok {
			continue
		}
		keep = append(keep, m)
		// XBoard refuses a move from a square it shows empty or with
		// the other side's piece: after a partial-stack move it shows
		// the rest of the stack as gone until a piece lands there.
		if p := view.sq[text[:2]]; text == "@@@@" || (p != 0 && isUpper(p) == white) {
			seen = append(seen, m)
		}
	}
	if len(seen) > 0 {
		return seen
	}
	return keep // nothing XBoard would accept: play on by the rules
}

// survivesRelay reports whether m, written for XBoard, reads back as m.
func (s *cecpSession) survivesRelay(m variants.Move) (text string, ok bool) {
	text = s.writeMove(m)
	back, err := s.readMove(text)
	return text, err == nil && back == m
}

// xboardBoard is what XBoard shows of a russian game: the top checker of
// each square (upper case White), moved as XBoard moves it. After a
// partial-stack move XBoard believes the whole stack moved, so the square
// left behind looks empty until a piece lands on it.
type xboardBoard struct {
	files, ranks int
	sq           map[string]byte // "c3" -> 'N'
}

// xboardView replays the game as XBoard saw it (the relayed texts) from
// the start position; ok is false unless a russian game is played with the
// option "XBoard moves".
func (s *cecpSession) xboardView() (v xboardBoard, ok bool) {
	if !s.xboardMoves || s.start == nil {
		return v, false
	}
	d, isDisplayer := s.start.(variants.Displayer)
	if !isDisplayer {
		return v, false
	}
	start := d.Display()
	if !start.Stacks {
		return v, false
	}
	v = xboardBoard{files: start.Files, ranks: start.Ranks, sq: map[string]byte{}}
	for sq := range start.Board {
		if top, ok := start.Top(sq); ok {
			v.sq[variants.SquareName(start.Files, sq)] = top.Letter()
		}
	}
	for _, h := range s.hist {
		v.apply(h.relayed)
	}
	return v, true
}

// apply moves the piece on the from-square as XBoard does with a relayed
// move text (a promotion letter replaces the type, keeping the colour).
func (v xboardBoard) apply(text string) {
	if len(text) < 4 || text == "@@@@" {
		return
	}
	p, ok := v.sq[text[:2]]
	if !ok {
		return
	}
	delete(v.sq, text[:2])
	if len(text) >= 5 && text[4] >= 'a' && text[4] <= 'z' {
		if isUpper(p) {
			p = text[4] - 'a' + 'A'
		} else {
			p = text[4]
		}
	}
	v.sq[text[2:4]] = p
}

// board writes the view as the board field of a FEN.
func (v xboardBoard) board() string {
	var b strings.Builder
	bitboard.WriteGrid(&b, v.files, v.ranks, func(f, r int) string {
		if p, ok := v.sq[variants.SquareName(v.files, r*v.files+f)]; ok {
			return string(p)
		}
		return ""
	})
	return b.String()
}

func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }
