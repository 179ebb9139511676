package match

import (
	"fmt"
	"os"
	"strings"

	nchess "github.com/notnil/chess"

	"varchess/variants"
)

// loadOpenings reads an openings file: a PGN book (by the .pgn extension
// or a first non-blank character '['), whose games are played for plies
// plies each (0 = to their end), or FEN/EPD lines.
func loadOpenings(path string, g *variants.Game, plies int) ([]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	text := string(data)
	var out []string
	if strings.HasSuffix(strings.ToLower(path), ".pgn") || strings.HasPrefix(strings.TrimSpace(text), "[") {
		out, err = readPGNBook(text, g, plies)
	} else {
		if plies > 0 {
			return nil, fmt.Errorf("%s: -plies applies to PGN books, not to FEN/EPD lines", path)
		}
		out, err = readOpenings(strings.NewReader(text), g)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return out, nil
}

// readPGNBook plays the first plies plies (0 = all) of every game of a PGN
// text and returns the positions reached. Moves may be in the game's own
// notation or, in chess, SAN; a {roll F} comment sets the die face of the
// next ply (the arbiter's own PGNs of russian have them). Comments,
// variations, NAGs and move numbers are skipped.
func readPGNBook(text string, g *variants.Game, plies int) ([]string, error) {
	var out []string
	games := splitPGN(text)
	for n, pg := range games {
		fen, err := bookLine(pg, g, plies)
		if err != nil {
			return nil, fmt.Errorf("book game %d: %w", n+1, err)
		}
		out = append(out, fen)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no games in the PGN book")
	}
	return out, nil
}

// bookGame is one PGN game: its tags and its movetext.
type bookGame struct {
	tags  map[string]string
	moves string
}

// splitPGN cuts a PGN text into games: a game starts at a tag line after
// movetext (or at the first tag line).
func splitPGN(text string) []bookGame {
	var out []bookGame
	var cur *bookGame
	inMoves := false
	for _, line := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "%") {
			continue // escape line
		}
		if strings.HasPrefix(t, "[") && strings.HasSuffix(t, "]") {
			if cur == nil || inMoves {
				out = append(out, bookGame{tags: map[string]string{}})
				cur, inMoves = &out[len(out)-1], false
			}
			name, val, _ := strings.Cut(strings.Trim(t, "[]"), " ")
			val = strings.TrimSpace(val)
			val = strings.TrimSuffix(strings.TrimPrefix(val, `"`), `"`)
			cur.tags[name] = strings.ReplaceAll(strings.ReplaceAll(val, `\"`, `"`), `\\`, `\`)
			continue
		}
		if t == "" {
			continue
		}
		if cur == nil {
			out = append(out, bookGame{tags: map[string]string{}})
			cur = &out[len(out)-1]
		}
		inMoves = true
		cur.moves += line + "\n"
	}
	return out
}

// bookLine plays a book game's first plies plies.
func bookLine(pg bookGame, g *variants.Game, plies int) (string, error) {
	if v := strings.ToLower(pg.tags["Variant"]); v != "" && v != g.Name && !(g.Name == "chess" && (v == "standard" || v == "normal")) {
		return "", fmt.Errorf("a %s game in a %s book", pg.tags["Variant"], g.Name)
	}
	start := "startpos"
	if fen := pg.tags["FEN"]; fen != "" {
		start = fen
	}
	pos, err := g.Load(start)
	if err != nil {
		return "", err
	}
	roller, hasDie := pos.(variants.Roller)
	played := 0
	for _, tok := range pgnTokens(pg.moves) {
		if plies > 0 && played >= plies {
			break
		}
		if face, ok := strings.CutPrefix(tok, "{roll "); ok {
			if hasDie && len(face) > 0 {
				if err := roller.SetRoll(face[0]); err != nil {
					return "", fmt.Errorf("ply %d: %v", played+1, err)
				}
			}
			continue
		}
		if pos.Status().Over() {
			break
		}
		m, err := pos.ParseMove(tok)
		if err != nil && g.Name == "chess" {
			if uci, ok := sanToUCI(pos.FEN(), tok); ok {
				m, err = pos.ParseMove(uci)
			}
		}
		if err != nil {
			return "", fmt.Errorf("ply %d %q: %v", played+1, tok, err)
		}
		pos.Make(m)
		played++
	}
	if st := pos.Status(); st.Over() {
		return "", fmt.Errorf("the game is over after %d plies (%s)", played, st.Reason)
	}
	return pos.FEN(), nil
}

// pgnTokens are the plies of a movetext, with {roll F} comments kept as
// tokens; other comments, variations, NAGs, move numbers, results and
// annotation marks (+ # ! ?) are dropped.
func pgnTokens(s string) []string {
	return pgnItems(s, func(body string) bool { return strings.HasPrefix(body, "roll ") })
}

// pgnItems are the plies of a movetext in order, with the top-level
// comments that keep accepts kept as "{" and their trimmed text (no closing
// brace); everything else pgnTokens drops is dropped.
func pgnItems(s string, keep func(comment string) bool) []string {
	var out []string
	depth := 0
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '{':
			end := strings.IndexByte(s[i:], '}')
			if end < 0 {
				return out
			}
			if body := strings.TrimSpace(s[i+1 : i+end]); depth == 0 && keep(body) {
				out = append(out, "{"+body)
			}
			i += end + 1
		case c == ';':
			end := strings.IndexByte(s[i:], '\n')
			if end < 0 {
				return out
			}
			i += end + 1
		case c == '(':
			depth++
			i++
		case c == ')':
			depth = max(depth-1, 0)
			i++
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		default:
			j := i
			for j < len(s) && !strings.ContainsRune(" \t\r\n{}();", rune(s[j])) {
				j++
			}
			if j == i {
				i++ // a stray '}'
				continue
			}
			tok := s[i:j]
			i = j
			if depth > 0 {
				continue
			}
			if k := strings.LastIndex(tok, "."); k >= 0 && isDigits(tok[:strings.IndexByte(tok, '.')]) {
				tok = strings.TrimLeft(tok[k+1:], ".") // "12." or "12...e5" or "1.e4"
			}
			tok = strings.TrimRight(tok, "+#!?")
			switch {
			case tok == "", tok[0] == '$', tok == "1-0", tok == "0-1", tok == "1/2-1/2", tok == "*":
				continue
			}
			out = append(out, tok)
		}
	}
	return out
}

func isDigits(s string) bool {
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// sanToUCI reads a chess ply in SAN with github.com/notnil/chess.
func sanToUCI(fen, san string) (string, bool) {
	pos := &nchess.Position{}
	if err := pos.UnmarshalText([]byte(fen)); err != nil {
		return "", false
	}
	for _, m := range pos.ValidMoves() {
		if strings.TrimRight(nchess.AlgebraicNotation{}.Encode(pos, m), "+#") == san {
			return nchess.UCINotation{}.Encode(pos, m), true
		}
	}
	return "", false
}
