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

import (
	"fmt"
	"strconv"
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

// maxStackHeight bounds the counts tried for a bare russian stack move.
const maxStackHeight = 64

// writeMove is the CECP text of m, a legal ply of the current position.
func (s *cecpSession) writeMove(m variants.Move) string {
	text := s.pos.MoveString(m)
	if s.xboardMoves {
		switch s.game.Name {
		case "monochrome":
			if crossesCentre(text) {
				if l, ok := recolourLetter[pieceOn(s.pos.FEN(), text[:2])]; ok {
					text += string(l)
				}
			}
		case "russian":
			text, _, _ = strings.Cut(text, "/")
		}
	}
	return toCECPMove(text)
}

// readMove parses a move the GUI sent for the current position.
func (s *cecpSession) readMove(text string) (variants.Move, error) {
	text = fromCECPMove(text)
	if s.game.Name == "monochrome" && len(text) == 5 && text[4] >= 'a' && text[4] <= 'z' {
		bare := text[:4]
		want, ok := recolourLetter[pieceOn(s.pos.FEN(), bare[:2])]
		switch {
		case !ok || want != text[4]:
			return variants.Move{}, fmt.Errorf("%q: the letter %q does not name the piece on %s", text, text[4], bare[:2])
		case !crossesCentre(bare):
			return variants.Move{}, fmt.Errorf("%q: a recolouring letter on a move that does not cross the centre line", text)
		}
		text = bare
	}
	m, err := s.pos.ParseMove(text)
	if err != nil && s.xboardMoves && s.game.Name == "russian" && !strings.Contains(text, "/") {
		for k := 1; k <= maxStackHeight; k++ {
			if part, perr := s.pos.ParseMove(text + "/" + strconv.Itoa(k)); perr == nil {
				return part, nil
			}
		}
	}
	return m, err
}

// relayableMoves lists the legal plies that survive XBoard's relay (they
// read back as themselves), or nil when all do or the game has no short
// move list.
func (s *cecpSession) relayableMoves() []variants.Move {
	if !s.xboardMoves || s.game.Name != "russian" {
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
	if !s.xboardMoves || s.game == nil || s.game.Name != "russian" || s.start == nil {
		return v, false
	}
	xfen, err := toXBoardFEN(s.game.Name, s.start.FEN())
	if err != nil {
		return v, false
	}
	rows := strings.Split(strings.Fields(xfen)[0], "/")
	v = xboardBoard{ranks: len(rows), sq: map[string]byte{}}
	for r, row := range rows {
		f := 0
		for i := 0; i < len(row); i++ {
			if c := row[i]; c >= '1' && c <= '9' {
				f += int(c - '0')
			} else {
				v.sq[squareName(f, len(rows)-1-r)] = c
				f++
			}
		}
		v.files = max(v.files, f)
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
		if p, ok := v.sq[squareName(f, r)]; ok {
			return string(p)
		}
		return ""
	})
	return b.String()
}

func squareName(file, rank int) string {
	return string(rune('a'+file)) + strconv.Itoa(rank+1)
}

func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }

// crossesCentre reports whether a monochrome move (e.g. "h4h5") ends on the
// other half of the board than it starts.
func crossesCentre(text string) bool {
	return len(text) >= 4 && (text[1] <= '4') != (text[3] <= '4')
}

// pieceOn returns the (upper-case) letter of the piece on square (e.g.
// "e2") in the board field of an 8x8 FEN, or 0 if there is none.
func pieceOn(fen, square string) byte {
	if len(square) != 2 || square[0] < 'a' || square[0] > 'h' || square[1] < '1' || square[1] > '8' {
		return 0
	}
	board, _, _ := strings.Cut(fen, " ")
	ranks := strings.Split(board, "/")
	row := 8 - int(square[1]-'0')
	if row >= len(ranks) {
		return 0
	}
	file := int(square[0] - 'a')
	for i := 0; i < len(ranks[row]); i++ {
		c := ranks[row][i]
		if c >= '1' && c <= '9' {
			file -= int(c - '0')
			if file < 0 {
				return 0
			}
			continue
		}
		if file == 0 {
			return strings.ToUpper(string(c))[0]
		}
		file--
	}
	return 0
}
