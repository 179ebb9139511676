package protocol

// XBoard 4.9 knows nothing about our variants. On `variant <name>` the
// engine defines them with a `setup` line (piece letters, board size,
// holdings size, a parent variant whose general rules XBoard borrows, and a
// start FEN in XBoard's own FEN dialect) and `piece` lines describing the
// moves in Betza notation. XBoard can only show one coloured piece per
// square, so our FEN dialects are reduced before XBoard sees them and
// widened again when XBoard sends a FEN back (setboard). docs/xboard.md
// lists what is lost.

import (
	"fmt"
	"strings"
	"unicode"
)

// XBoard's piece-to-char table: one slot per XBoard piece type, '.' for
// types not used, the King always last in each half. With the five
// classical pieces and the King the table is P N B R Q, sixteen unused
// slots, then K (the layout Fairy-Stockfish also sends).
func xboardPieceTable(withBishop bool) string {
	white := "PNBRQ"
	if !withBishop {
		white = "PN.RQ"
	}
	half := white + strings.Repeat(".", 16) + "K"
	return half + strings.ToLower(half)
}

// xboardSetupLines returns the lines announcing variant name to XBoard,
// given its start FEN in our dialect; nil for chess, which XBoard knows.
// With xboardMoves (option "XBoard moves") monochrome borrows XBoard's
// normal chess instead of fairy: XBoard loads the -pieceNickNames that read
// our recolouring letters only while the variant is the one it started
// with, and an unknown name on its command line starts it as normal. The
// one-piece holdings are never used; without them XBoard would take an
// 8x8 normal game for chess and not tell the second engine the variant.
func xboardSetupLines(variant, startFEN string, xboardMoves bool) ([]string, error) {
	if variant == "chess" || variant == "chess960" { // XBoard's normal and fischerandom
		return nil, nil
	}
	xfen, err := toXBoardFEN(variant, startFEN)
	if err != nil {
		return nil, err
	}
	switch variant {
	case "monochrome":
		format := "8x8+0_fairy"
		if xboardMoves {
			format = "8x8+1_normal"
		}
		return []string{
			"setup (" + xboardPieceTable(true) + ") " + format + " " + xfen,
			// Pawns step straight either way, double-step from the start
			// ranks (XBoard only knows "virgin", not "on rank 2/7"),
			// and capture diagonally in all four directions.
			"piece P& vmWcFivmnD",
			"piece N& N",
			"piece B& B",
			"piece R& R",
			"piece Q& Q",
			"piece K& KO2",
		}, nil
	case "russian":
		// Promotion is only to types on the board (R6): leaving a type
		// out of the table keeps XBoard from offering it.
		board := strings.Fields(xfen)[0]
		withBishop := strings.ContainsAny(board, "Bb")
		return []string{
			"setup (" + xboardPieceTable(withBishop) + ") 6x6+0_fairy " + xfen,
			"piece P& fmWfcF", // no double step, no en passant
			"piece N& N",
			"piece B& B",
			"piece R& R",
			"piece Q& Q",
			"piece K& K",
		}, nil
	case "kingchess", "kingchess1":
		// Holdings of six types (P N B R Q K). The parent is bughouse:
		// drops, but captured pieces do not come back to the capturer
		// (K8). "@4" limits drops to the mover's own half (K1).
		return []string{
			"setup (" + xboardPieceTable(true) + ") 8x8+6_bughouse " + xfen,
			"piece P& fmWfceFifmnD@4",
			"piece N& N@4",
			"piece B& B@4",
			"piece R& R@4",
			"piece Q& Q@4",
			"piece K& KO2@4",
		}, nil
	}
	return nil, fmt.Errorf("no XBoard setup for variant %q", variant)
}

// toXBoardFEN rewrites a FEN of our dialect (docs/rules.md) into one XBoard
// parses: monochrome pieces get the colour of their owner (ranks 1-4 white,
// 5-8 black), russian stacks are shown by their top checker only, and the
// fields XBoard does not know (roll, undo square, scores, bishop colours,
// castling letter E) are dropped.
func toXBoardFEN(variant, fen string) (string, error) {
	f := strings.Fields(fen)
	if len(f) < 2 {
		return "", fmt.Errorf("FEN %q has fewer than two fields", fen)
	}
	switch variant {
	case "chess", "chess960":
		return fen, nil
	case "monochrome":
		board, err := ownerColouredBoard(f[0])
		if err != nil {
			return "", err
		}
		clock, full := fenField(f, 3, "0"), fenField(f, 4, "1")
		return fmt.Sprintf("%s %s - - %s %s", board, f[1], clock, full), nil
	case "russian":
		board, err := topsOnlyBoard(f[0])
		if err != nil {
			return "", err
		}
		clock, full := fenField(f, 3, "0"), fenField(f, 4, "1")
		return fmt.Sprintf("%s %s - - %s %s", board, f[1], clock, full), nil
	case "kingchess", "kingchess1":
		castling := strings.Map(func(r rune) rune {
			if strings.ContainsRune("KQkq", r) {
				return r
			}
			return -1
		}, fenField(f, 2, "-"))
		if castling == "" {
			castling = "-"
		}
		return fmt.Sprintf("%s %s %s %s %s %s", f[0], f[1], castling,
			fenField(f, 3, "-"), fenField(f, 4, "0"), fenField(f, 5, "1")), nil
	}
	return "", fmt.Errorf("unknown variant %q", variant)
}

// fromXBoardFEN widens a FEN written by XBoard (board side castling ep
// clock fullmove) into our dialect, for a `setboard` our parser refused.
// What XBoard never knew is reset: monochrome scores 0-0 and no undo
// restriction, russian stacks of height one and no roll.
func fromXBoardFEN(variant, fen string) (string, error) {
	f := strings.Fields(fen)
	if len(f) < 2 {
		return "", fmt.Errorf("FEN %q has fewer than two fields", fen)
	}
	clock, full := fenField(f, 4, "0"), fenField(f, 5, "1")
	switch variant {
	case "monochrome":
		board, _, _ := strings.Cut(f[0], "[") // XBoard's holdings (option "XBoard moves")
		return fmt.Sprintf("%s %s - %s %s 0-0", strings.ToUpper(board), f[1], clock, full), nil
	case "russian":
		return fmt.Sprintf("%s %s - %s %s", f[0], f[1], clock, full), nil
	}
	return fen, nil
}

// fenField returns f[i], or def when the FEN is shorter.
func fenField(f []string, i int, def string) string {
	if i < len(f) {
		return f[i]
	}
	return def
}

// ownerColouredBoard writes a monochrome board (colourless letters) with
// the pieces on ranks 1-4 in upper case (South, XBoard's white) and those on
// ranks 5-8 in lower case.
func ownerColouredBoard(board string) (string, error) {
	ranks := strings.Split(board, "/")
	if len(ranks) != 8 {
		return "", fmt.Errorf("monochrome board %q: want 8 ranks, got %d", board, len(ranks))
	}
	for i, r := range ranks {
		if i < 4 { // ranks 8..5: North
			ranks[i] = strings.ToLower(r)
		} else {
			ranks[i] = strings.ToUpper(r)
		}
	}
	return strings.Join(ranks, "/"), nil
}

// topsOnlyBoard replaces every russian stack "(...)" by its top checker.
func topsOnlyBoard(board string) (string, error) {
	var b strings.Builder
	for i := 0; i < len(board); i++ {
		c := board[i]
		if c != '(' {
			b.WriteByte(c)
			continue
		}
		end := strings.IndexByte(board[i:], ')')
		if end < 2 {
			return "", fmt.Errorf("russian board %q: bad stack at %d", board, i)
		}
		top := rune(board[i+end-1])
		if !unicode.IsLetter(top) {
			return "", fmt.Errorf("russian board %q: bad stack at %d", board, i)
		}
		b.WriteRune(top)
		i += end
	}
	return b.String(), nil
}
