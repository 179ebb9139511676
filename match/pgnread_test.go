package match

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	nchess "github.com/notnil/chess"

	"varchess/variants"
)

// pgnGame is one game read back from the arbiter's PGN (a reader just good
// enough for what writePGN produces, used to check it against the rules).
type pgnGame struct {
	tags   map[string]string
	moves  []string
	rolls  []byte // roll comment before each ply, 0 if none
	result string
	reason string // the last comment
}

var (
	tagLine    = regexp.MustCompile(`^\[(\w+) "((?:[^"\\]|\\.)*)"\]$`)
	moveNumber = regexp.MustCompile(`^\d+\.+$`)
)

func readPGN(text string) ([]pgnGame, error) {
	var games []pgnGame
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); {
		if strings.TrimSpace(lines[i]) == "" {
			i++
			continue
		}
		g := pgnGame{tags: map[string]string{}}
		for ; i < len(lines) && strings.HasPrefix(lines[i], "["); i++ {
			m := tagLine.FindStringSubmatch(lines[i])
			if m == nil {
				return nil, fmt.Errorf("bad tag line %q", lines[i])
			}
			g.tags[m[1]] = strings.NewReplacer(`\"`, `"`, `\\`, `\`).Replace(m[2])
		}
		var movetext strings.Builder
		for ; i < len(lines) && !strings.HasPrefix(lines[i], "["); i++ {
			movetext.WriteString(lines[i] + " ")
		}
		s := movetext.String()
		var pending byte
		for len(s) > 0 {
			s = strings.TrimLeft(s, " ")
			if s == "" {
				break
			}
			if s[0] == '{' {
				end := strings.IndexByte(s, '}')
				if end < 0 {
					return nil, fmt.Errorf("unterminated comment")
				}
				c := s[1:end]
				s = s[end+1:]
				if f, ok := strings.CutPrefix(c, "roll "); ok && len(f) == 1 {
					pending = f[0]
				} else {
					g.reason = c
				}
				continue
			}
			tok, rest, _ := strings.Cut(s, " ")
			s = rest
			switch {
			case moveNumber.MatchString(tok):
			case tok == "1-0" || tok == "0-1" || tok == "1/2-1/2" || tok == "*":
				g.result = tok
			default:
				g.moves = append(g.moves, tok)
				g.rolls = append(g.rolls, pending)
				pending = 0
			}
		}
		if g.result == "" {
			return nil, fmt.Errorf("game without a result")
		}
		games = append(games, g)
	}
	return games, nil
}

// replayPGN plays a recorded game through the rules and checks that the
// recorded result agrees with them: a game that ended normally must end in
// the rules' outcome at its last ply; any other game must be unfinished by
// the rules at that point (it was adjudicated or forfeited).
func replayPGN(t *testing.T, g *variants.Game, pg pgnGame, maxPlies int) {
	t.Helper()
	fen := "startpos"
	if f, ok := pg.tags["FEN"]; ok {
		fen = f
	}
	pos, err := g.Load(fen)
	if err != nil {
		t.Fatalf("game %s: %v", pg.tags["Round"], err)
	}
	if pg.tags["Variant"] != g.Name || pg.tags["Result"] != pg.result {
		t.Errorf("game %s: tags %v, result %s", pg.tags["Round"], pg.tags, pg.result)
	}
	moves := pg.moves
	if g.Name == "chess" {
		moves = sanToCoordinate(t, fen, pg.moves)
	}
	roller, hasDie := pos.(variants.Roller)
	for i, s := range moves {
		if st := pos.Status(); st.Over() {
			t.Fatalf("game %s: ply %d %s played after the end (%s)", pg.tags["Round"], i+1, s, st.Reason)
		}
		if hasDie {
			if pg.rolls[i] == 0 {
				t.Fatalf("game %s: ply %d has no roll", pg.tags["Round"], i+1)
			}
			if err := roller.SetRoll(pg.rolls[i]); err != nil {
				t.Fatal(err)
			}
		} else if pg.rolls[i] != 0 {
			t.Errorf("game %s: roll in a game without a die", pg.tags["Round"])
		}
		m, err := pos.ParseMove(s)
		if err != nil {
			t.Fatalf("game %s: ply %d %q: %v", pg.tags["Round"], i+1, s, err)
		}
		pos.Make(m)
	}
	st := pos.Status()
	switch term := pg.tags["Termination"]; term {
	case "normal":
		if !st.Over() || st.Outcome.PGN() != pg.result || st.Reason != pg.reason {
			t.Errorf("game %s: recorded %s {%s}, rules say %s {%s}", pg.tags["Round"], pg.result, pg.reason, st.Outcome.PGN(), st.Reason)
		}
	case "adjudication":
		if st.Over() {
			t.Errorf("game %s: adjudicated although the rules end it (%s)", pg.tags["Round"], st.Reason)
		}
		if maxPlies > 0 && len(pg.moves) != maxPlies {
			t.Errorf("game %s: adjudicated after %d plies, limit %d", pg.tags["Round"], len(pg.moves), maxPlies)
		}
		if g.Name == "monochrome" && maxPlies > 0 {
			// Decided on the score at the limit.
			sc, ok := monochromeScore(pos.FEN())
			want := "1/2-1/2"
			if sc[0] > sc[1] {
				want = "1-0"
			} else if sc[1] > sc[0] {
				want = "0-1"
			}
			if !ok || pg.result != want {
				t.Errorf("game %s: monochrome score %v at the limit, result %s", pg.tags["Round"], sc, pg.result)
			}
		}
	default:
		if st.Over() {
			t.Errorf("game %s: %s although the rules end it (%s)", pg.tags["Round"], term, st.Reason)
		}
		if pg.result == "1/2-1/2" || pg.result == "*" {
			t.Errorf("game %s: %s with result %s", pg.tags["Round"], term, pg.result)
		}
	}
	if n := fmt.Sprint(len(pg.moves)); pg.tags["PlyCount"] != n {
		t.Errorf("game %s: PlyCount %s, %s plies", pg.tags["Round"], pg.tags["PlyCount"], n)
	}
}

// sanToCoordinate reads a chess game's SAN plies back with notnil/chess.
func sanToCoordinate(t *testing.T, fen string, sans []string) []string {
	t.Helper()
	pos := nchess.StartingPosition()
	if fen != "startpos" {
		pos = &nchess.Position{}
		if err := pos.UnmarshalText([]byte(fen)); err != nil {
			t.Fatal(err)
		}
	}
	var out []string
	for i, s := range sans {
		m, err := nchess.AlgebraicNotation{}.Decode(pos, s)
		if err != nil {
			t.Fatalf("ply %d %q is not SAN: %v", i+1, s, err)
		}
		out = append(out, nchess.UCINotation{}.Encode(pos, m))
		pos = pos.Update(m)
	}
	return out
}
