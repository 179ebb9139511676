package all

import (
	"math/rand/v2"
	"strings"
	"testing"

	"varchess/variants"
)

// fenBoard reads the board field of a FEN the way the rules define it
// (docs/rules.md), independently of the games' own code: russian stacks in
// parentheses bottom to top, monochrome pieces coloured by their half,
// kingchess's reserve after the board.
func fenBoard(t *testing.T, variant, fen string, files, ranks int) [][]variants.Piece {
	t.Helper()
	board, _, _ := strings.Cut(fen, " ")
	board, _, _ = strings.Cut(board, "[")
	out := make([][]variants.Piece, files*ranks)
	rows := strings.Split(board, "/")
	if len(rows) != ranks {
		t.Fatalf("%s: %d ranks", fen, len(rows))
	}
	piece := func(c byte, sq int) variants.Piece {
		p := variants.Piece{Type: c &^ 0x20, Color: variants.White}
		if c >= 'a' {
			p.Color = variants.Black
		}
		if variant == "monochrome" {
			p.Color = variants.White
			if sq/files >= 4 {
				p.Color = variants.Black
			}
		}
		return p
	}
	for i, row := range rows {
		r, f := ranks-1-i, 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			switch {
			case c >= '1' && c <= '9':
				f += int(c - '0')
				continue
			case c == '(':
				end := strings.IndexByte(row[j:], ')')
				for _, x := range []byte(row[j+1 : j+end]) {
					out[r*files+f] = append(out[r*files+f], piece(x, r*files+f))
				}
				j += end
			default:
				out[r*files+f] = []variants.Piece{piece(c, r*files+f)}
			}
			f++
		}
	}
	return out
}

func samePieces(a, b []variants.Piece) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestDisplayFollowsPlay plays random games in every variant and checks
// the display hooks against the FEN and against each ply's effect: the
// board matches the FEN, the mover stands on From before and Arrives on To
// after, a whole move empties From, a partial stack move leaves the rest,
// drops land and leave the reserve, and Check is shown exactly in check.
func TestDisplayFollowsPlay(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 15))
	crossings, partials, drops := 0, 0, 0
	for _, name := range Names {
		g, err := Get(name)
		if err != nil {
			t.Fatal(err)
		}
		for game := 0; game < 12; game++ {
			pos := g.New()
			for ply := 0; ply < 60 && !pos.Status().Over(); ply++ {
				if r, ok := pos.(variants.Roller); ok {
					if err := r.SetRoll(variants.DieFaces[rng.IntN(6)]); err != nil {
						t.Fatal(err)
					}
				}
				d := pos.(variants.Displayer)
				before := d.Display()
				fen := pos.FEN()
				want := fenBoard(t, name, fen, before.Files, before.Ranks)
				for sq := range want {
					if !samePieces(want[sq], before.Board[sq]) {
						t.Fatalf("%s %s: square %s shows %v, FEN has %v", name, fen, variants.SquareName(before.Files, sq), before.Board[sq], want[sq])
					}
				}
				if (len(before.Check) > 0) != pos.InCheck() {
					t.Fatalf("%s %s: Check %v, InCheck %v", name, fen, before.Check, pos.InCheck())
				}
				moves := pos.Moves(nil)
				if len(moves) == 0 {
					break
				}
				m := moves[rng.IntN(len(moves))]
				parts := d.DescribeMove(m)
				pos.Make(m)
				after := pos.(variants.Displayer).Display()
				text := pos.MoveString(m)
				switch {
				case parts.Pass:
					if text != "0000" {
						t.Fatalf("%s %s: %s described as a pass", name, fen, text)
					}
				case parts.Drops != nil:
					drops++
					side := pos.SideToMove().Other()
					for _, dr := range parts.Drops {
						i := strings.IndexByte(before.HandTypes, dr.Type)
						if i < 0 || after.Hands[side][i] >= before.Hands[side][i] {
							t.Fatalf("%s %s: drop %c of %s not taken from the reserve %v -> %v", name, fen, dr.Type, text, before.Hands[side], after.Hands[side])
						}
						top, ok := after.Top(dr.Square)
						if !ok || top.Type != dr.Type {
							t.Fatalf("%s %s: drop %c on %d not shown after %s", name, fen, dr.Type, dr.Square, text)
						}
					}
				default:
					if top, ok := before.Top(parts.From); !ok || top != parts.Mover {
						t.Fatalf("%s %s: %s mover %v, board has %v", name, fen, text, parts.Mover, top)
					}
					if top, ok := after.Top(parts.To); !ok || top != parts.Arrives {
						t.Fatalf("%s %s: %s arrives as %v, board has %v", name, fen, text, parts.Arrives, top)
					}
					if parts.Mover.Color != parts.Arrives.Color {
						crossings++
					}
					left := len(before.Board[parts.From]) - len(after.Board[parts.From])
					if parts.Whole && len(after.Board[parts.From]) != 0 {
						t.Fatalf("%s %s: whole move %s leaves %v", name, fen, text, after.Board[parts.From])
					}
					if !parts.Whole {
						partials++
						if left != parts.Count {
							t.Fatalf("%s %s: %s moves %d checkers, described as %d", name, fen, text, left, parts.Count)
						}
					}
					from := variants.SquareName(before.Files, parts.From)
					if !strings.HasPrefix(text, from+variants.SquareName(before.Files, parts.To)) {
						t.Fatalf("%s %s: %s described as %s-%d", name, fen, text, from, parts.To)
					}
				}
			}
		}
	}
	if crossings == 0 || partials == 0 || drops == 0 {
		t.Errorf("the random games never crossed (%d), moved part of a stack (%d) or dropped (%d)", crossings, partials, drops)
	}
}
