package match

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"varchess/variants"
)

// readOpenings reads start positions, one a line: a FEN of g, or an EPD
// line (a FEN followed by ";"-separated operations as in the perft suites,
// or a chess EPD with four fields and opcodes, to which "0 1" is added).
// Blank lines and lines starting with # are skipped. Every position must
// parse and must not be a finished game.
func readOpenings(r io.Reader, g *variants.Game) ([]string, error) {
	var out []string
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fen, _, _ := strings.Cut(line, ";")
		fen = strings.TrimSpace(fen)
		pos, err := g.Parse(fen)
		if err != nil {
			// A chess EPD: four fields, then opcodes such as `bm e4;`.
			if f := strings.Fields(fen); len(f) >= 4 {
				if p2, err2 := g.Parse(strings.Join(f[:4], " ") + " 0 1"); err2 == nil {
					pos, err = p2, nil
				}
			}
		}
		if err != nil {
			return nil, fmt.Errorf("openings line %d: %w", n, err)
		}
		if st := pos.Status(); st.Over() {
			return nil, fmt.Errorf("openings line %d: the game is already over (%s)", n, st.Reason)
		}
		out = append(out, pos.FEN())
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no positions in the openings file")
	}
	return out, nil
}
