package monochrome

// A deliberately simple second implementation of docs/rules.md section 2, used
// only by tests. It shares nothing with the fast code: a [64]byte board of
// letters, explicit direction lists walked square by square, and plies made
// by copying the whole position. Clarity over speed.

import (
	"fmt"
	"strconv"
	"strings"
)

type refPos struct {
	sq          [64]byte // 'P','N','B','R','Q','K' or '.'; index file + 8*rank
	southToMove bool
	undoFrom    int // the piece on undoFrom may not move to undoTo; -1 = none
	undoTo      int
	clock       int
	fullmove    int
	south       int // points scored by South
	north       int
}

type refMove struct {
	from, to int
	castle   bool
}

func refName(sq int) string { return string([]byte{byte('a' + sq%8), byte('1' + sq/8)}) }

func (m refMove) String() string { return refName(m.from) + refName(m.to) }

func refSquare(s string) int {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return -1
	}
	return int(s[0]-'a') + 8*int(s[1]-'1')
}

// refParse reads the full six-field monochrome FEN only.
func refParse(fen string) (refPos, error) {
	var r refPos
	f := strings.Fields(fen)
	if len(f) != 6 {
		return r, fmt.Errorf("want 6 fields")
	}
	rows := strings.Split(f[0], "/")
	if len(rows) != 8 {
		return r, fmt.Errorf("want 8 rows")
	}
	for i, row := range rows {
		rank, file := 7-i, 0
		for _, c := range row {
			if c >= '1' && c <= '8' {
				for k := 0; k < int(c-'0'); k++ {
					if file < 8 {
						r.sq[rank*8+file] = '.'
					}
					file++
				}
				continue
			}
			up := strings.ToUpper(string(c))
			if !strings.Contains("PNBRQK", up) || file >= 8 {
				return r, fmt.Errorf("bad row %q", row)
			}
			r.sq[rank*8+file] = up[0]
			file++
		}
		if file != 8 {
			return r, fmt.Errorf("bad row %q", row)
		}
	}
	r.southToMove = f[1] == "w"
	r.undoFrom, r.undoTo = -1, -1
	if f[2] != "-" {
		r.undoFrom, r.undoTo = refSquare(f[2][:2]), refSquare(f[2][2:])
	}
	r.clock, _ = strconv.Atoi(f[3])
	r.fullmove, _ = strconv.Atoi(f[4])
	s, n, _ := strings.Cut(f[5], "-")
	r.south, _ = strconv.Atoi(s)
	r.north, _ = strconv.Atoi(n)
	return r, nil
}

func (r *refPos) fen() string {
	out := ""
	for rank := 7; rank >= 0; rank-- {
		run := 0
		for file := 0; file < 8; file++ {
			c := r.sq[rank*8+file]
			if c == '.' {
				run++
				continue
			}
			if run > 0 {
				out += strconv.Itoa(run)
				run = 0
			}
			out += string(c)
		}
		if run > 0 {
			out += strconv.Itoa(run)
		}
		if rank > 0 {
			out += "/"
		}
	}
	side := "b"
	if r.southToMove {
		side = "w"
	}
	undo := "-"
	if r.undoFrom >= 0 {
		undo = refName(r.undoFrom) + refName(r.undoTo)
	}
	return fmt.Sprintf("%s %s %s %d %d %d-%d", out, side, undo, r.clock, r.fullmove, r.south, r.north)
}

// refIsSouth tells whether a square lies on ranks 1-4.
func refIsSouth(sq int) bool { return sq/8 < 4 }

// mine reports whether the side to move owns the piece on sq.
func (r *refPos) mine(sq int) bool { return r.sq[sq] != '.' && refIsSouth(sq) == r.southToMove }

// theirs reports whether sq holds a piece of the other half.
func (r *refPos) theirs(sq int) bool { return r.sq[sq] != '.' && refIsSouth(sq) != r.southToMove }

func (r *refPos) piecesOnHalf(south bool) int {
	n := 0
	for sq := 0; sq < 64; sq++ {
		if r.sq[sq] != '.' && refIsSouth(sq) == south {
			n++
		}
	}
	return n
}

// over reports M10 a): a half without pieces.
func (r *refPos) halfEmpty() bool { return r.piecesOnHalf(true) == 0 || r.piecesOnHalf(false) == 0 }

var (
	refKnight = [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	refKing   = [][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}
	refRook   = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	refBishop = [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

func refOn(f, r int) bool { return f >= 0 && f < 8 && r >= 0 && r < 8 }

// moves lists every legal ply.
func (r *refPos) moves() []refMove {
	if r.halfEmpty() {
		return nil
	}
	var out []refMove
	add := func(from, to int) {
		if from == r.undoFrom && to == r.undoTo {
			return // M8
		}
		out = append(out, refMove{from: from, to: to})
	}
	// canLand: empty, or a capture of a piece on the other half (M2).
	canLand := func(to int) bool { return r.sq[to] == '.' || r.theirs(to) }
	for from := 0; from < 64; from++ {
		if !r.mine(from) {
			continue
		}
		f, rk := from%8, from/8
		steps := func(dirs [][2]int, slide bool) {
			for _, d := range dirs {
				tf, tr := f+d[0], rk+d[1]
				for refOn(tf, tr) {
					to := tf + 8*tr
					if canLand(to) {
						add(from, to)
					}
					if r.sq[to] != '.' || !slide {
						break
					}
					tf, tr = tf+d[0], tr+d[1]
				}
			}
		}
		switch r.sq[from] {
		case 'N':
			steps(refKnight, false)
		case 'K':
			steps(refKing, false)
		case 'R':
			steps(refRook, true)
		case 'B':
			steps(refBishop, true)
		case 'Q':
			steps(refRook, true)
			steps(refBishop, true)
		case 'P':
			for _, dr := range []int{1, -1} {
				one := rk + dr
				if !refOn(f, one) || r.sq[f+8*one] != '.' {
					continue
				}
				add(from, f+8*one)
				two := rk + 2*dr
				if (rk == 1 || rk == 6) && refOn(f, two) && r.sq[f+8*two] == '.' {
					add(from, f+8*two)
				}
			}
			for _, d := range refBishop {
				tf, tr := f+d[0], rk+d[1]
				if refOn(tf, tr) && r.theirs(tf+8*tr) {
					add(from, tf+8*tr)
				}
			}
		}
	}
	// Castling M6.
	back := 0
	if !r.southToMove {
		back = 56
	}
	if r.sq[back+4] == 'K' {
		if r.sq[back+7] == 'R' && r.sq[back+5] == '.' && r.sq[back+6] == '.' {
			out = append(out, refMove{from: back + 4, to: back + 6, castle: true})
		}
		if r.sq[back+0] == 'R' && r.sq[back+1] == '.' && r.sq[back+2] == '.' && r.sq[back+3] == '.' {
			out = append(out, refMove{from: back + 4, to: back + 2, castle: true})
		}
	}
	return out
}

var refValue = map[byte]int{'K': 10, 'Q': 8, 'R': 5, 'B': 4, 'N': 3, 'P': 1}

// play returns the position after m (r is untouched).
func (r refPos) play(m refMove) refPos {
	if c := r.sq[m.to]; c != '.' {
		if r.southToMove {
			r.south += refValue[c]
		} else {
			r.north += refValue[c]
		}
		r.clock = 0
	} else {
		r.clock++
	}
	r.sq[m.to], r.sq[m.from] = r.sq[m.from], '.'
	if m.castle {
		if m.to > m.from {
			r.sq[m.to-1], r.sq[m.to+1] = 'R', '.'
		} else {
			r.sq[m.to+1], r.sq[m.to-2] = 'R', '.'
		}
	}
	r.undoFrom, r.undoTo = -1, -1
	if refIsSouth(m.from) != refIsSouth(m.to) {
		r.undoFrom, r.undoTo = m.to, m.from
	}
	if !r.southToMove {
		r.fullmove++
	}
	r.southToMove = !r.southToMove
	return r
}

func (r refPos) perft(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	ms := r.moves()
	if depth == 1 {
		return uint64(len(ms))
	}
	var n uint64
	for _, m := range ms {
		n += r.play(m).perft(depth - 1)
	}
	return n
}

// refKey identifies a position for the repetition rule: board, side, undo.
func (r *refPos) refKey() string {
	f := strings.Fields(r.fen())
	return f[0] + " " + f[1] + " " + f[2]
}

// refStatus returns "" for a running game, else "south", "north" or
// "draw", following M10 a)-d). seen holds refKey of every earlier position
// of the game.
func (r *refPos) refStatus(seen []string) string {
	ended := r.halfEmpty() || len(r.moves()) == 0 || r.clock >= 100
	if !ended {
		k, n := r.refKey(), 1
		for _, s := range seen {
			if s == k {
				n++
			}
		}
		ended = n >= 3
	}
	switch {
	case !ended:
		return ""
	case r.south > r.north:
		return "south"
	case r.north > r.south:
		return "north"
	}
	return "draw"
}
