// Package toygame is a tiny game behind the variants interface for the
// match arbiter's tests, so they need none of the real games: a pile of
// stones, each ply takes 1-3 of them, whoever takes the last stone wins; 40
// plies without a winner is a draw. "toydice" adds a die: faces K and Q
// allow taking up to 3 stones, R and B up to 2, N one, and P forces a pass
// (0000). FEN: "<stones> <w|b> <roll|-> <plies>".
package toygame

import (
	"fmt"
	"strconv"
	"strings"

	"varchess/variants"
)

var (
	Game     = &variants.Game{Name: "toy", StartFEN: "21 w - 0", Parse: parseToy(false)}
	DiceGame = &variants.Game{Name: "toydice", StartFEN: "21 w - 0", Parse: parseToy(true)}
)

// DrawPlies is the length after which the game is drawn.
const DrawPlies = 40

type toyState struct {
	stones, plies int
	side          variants.Color
	roll          byte
}

type toyPos struct {
	dice bool
	toyState
	hist []toyState
}

func parseToy(dice bool) func(string) (variants.Position, error) {
	return func(fen string) (variants.Position, error) {
		f := strings.Fields(fen)
		if len(f) != 4 {
			return nil, fmt.Errorf("toy FEN needs 4 fields")
		}
		p := &toyPos{dice: dice}
		var err error
		if p.stones, err = strconv.Atoi(f[0]); err != nil || p.stones < 0 || p.stones > 1000 {
			return nil, fmt.Errorf("bad stones %q", f[0])
		}
		switch f[1] {
		case "w":
		case "b":
			p.side = variants.Black
		default:
			return nil, fmt.Errorf("bad side %q", f[1])
		}
		if f[2] != "-" {
			if !dice || len(f[2]) != 1 || !strings.Contains(variants.DieFaces, f[2]) {
				return nil, fmt.Errorf("bad roll %q", f[2])
			}
			p.roll = f[2][0]
		}
		if p.plies, err = strconv.Atoi(f[3]); err != nil || p.plies < 0 {
			return nil, fmt.Errorf("bad plies %q", f[3])
		}
		if dice {
			return toyDicePos{p}, nil
		}
		return p, nil
	}
}

// toyDicePos is the toy game with a die: only it implements variants.Roller.
type toyDicePos struct{ *toyPos }

func (d toyDicePos) Clone() variants.Position { return toyDicePos{d.toyPos.Clone().(*toyPos)} }

func (p *toyPos) Variant() string {
	if p.dice {
		return "toydice"
	}
	return "toy"
}

func (p *toyPos) FEN() string {
	side, roll := "w", "-"
	if p.side == variants.Black {
		side = "b"
	}
	if p.roll != 0 {
		roll = string(p.roll)
	}
	return fmt.Sprintf("%d %s %s %d", p.stones, side, roll, p.plies)
}

func (p *toyPos) String() string             { return p.FEN() }
func (p *toyPos) SideToMove() variants.Color { return p.side }
func (p *toyPos) Hash() uint64               { return uint64(p.stones)<<8 | uint64(p.side) }
func (p *toyPos) InCheck() bool              { return false }
func (p *toyPos) IsCapture(variants.Move) bool {
	return false
}

func (p *toyPos) Clone() variants.Position {
	c := *p
	c.hist = append([]toyState(nil), p.hist...)
	return &c
}

// maxTake is how many stones the current roll allows.
func (p *toyPos) maxTake() int {
	if !p.dice {
		return 3
	}
	switch p.roll {
	case 0, 'K', 'Q':
		return 3
	case 'R', 'B':
		return 2
	case 'N':
		return 1
	}
	return 0
}

func (p *toyPos) Moves(buf []variants.Move) []variants.Move {
	if p.Status().Over() {
		return buf
	}
	n := min(p.maxTake(), p.stones)
	if n == 0 {
		return append(buf, variants.Move{Lo: 1}) // forced pass
	}
	for take := 1; take <= n; take++ {
		buf = append(buf, variants.Move{Lo: uint64(take) + 1})
	}
	return buf
}

func (p *toyPos) Make(m variants.Move) {
	p.hist = append(p.hist, p.toyState)
	p.stones -= int(m.Lo) - 1
	p.plies++
	p.side = p.side.Other()
	p.roll = 0
}

func (p *toyPos) Unmake() {
	p.toyState = p.hist[len(p.hist)-1]
	p.hist = p.hist[:len(p.hist)-1]
}

func (p *toyPos) ParseMove(s string) (variants.Move, error) {
	var m variants.Move
	switch {
	case s == "0000":
		m.Lo = 1
	case len(s) == 2 && s[0] == 't' && s[1] >= '1' && s[1] <= '3':
		m.Lo = uint64(s[1]-'0') + 1
	default:
		return m, fmt.Errorf("cannot read %q", s)
	}
	for _, l := range p.Moves(nil) {
		if l == m {
			return m, nil
		}
	}
	return variants.NoMove, fmt.Errorf("%q is not legal in %s", s, p.FEN())
}

func (p *toyPos) MoveString(m variants.Move) string {
	if m.Lo == 1 {
		return "0000"
	}
	return fmt.Sprintf("t%d", m.Lo-1)
}

func (p *toyPos) Status() variants.Status {
	switch {
	case p.stones == 0 && p.side == variants.White:
		return variants.Status{Outcome: variants.BlackWins, Reason: "Black took the last stone"}
	case p.stones == 0:
		return variants.Status{Outcome: variants.WhiteWins, Reason: "White took the last stone"}
	case p.plies >= DrawPlies:
		return variants.Status{Outcome: variants.Draw, Reason: "ply limit of the toy game"}
	}
	return variants.Status{}
}

func (p *toyPos) Perft(depth int, _ variants.PerftOptions) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range p.Moves(nil) {
		p.Make(m)
		n += p.Perft(depth-1, variants.PerftOptions{})
		p.Unmake()
	}
	return n
}

func (p *toyPos) Divide(depth int, opt variants.PerftOptions) []variants.MoveCount {
	var out []variants.MoveCount
	for _, m := range p.Moves(nil) {
		p.Make(m)
		out = append(out, variants.MoveCount{Move: p.MoveString(m), Nodes: p.Perft(depth-1, opt)})
		p.Unmake()
	}
	return out
}

func (d toyDicePos) Roll() byte { return d.roll }

func (d toyDicePos) SetRoll(face byte) error {
	if face != 0 && !strings.ContainsRune(variants.DieFaces, rune(face)) {
		return fmt.Errorf("bad face %q", face)
	}
	d.roll = face
	return nil
}

// Lookup returns the toy game called name ("toy" or "toydice").
func Lookup(name string) (*variants.Game, error) {
	switch name {
	case "toy":
		return Game, nil
	case "toydice":
		return DiceGame, nil
	}
	return nil, fmt.Errorf("no toy game %q", name)
}
