package russian

// A deliberately simple reference implementation of docs/rules.md section 3,
// written apart from the fast generator: a [36][]byte board of FEN
// letters, plain direction loops, and "make" by copying the whole board.
// It shares nothing with the package but the notation.

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

type refPos struct {
	sq       [36][]byte // FEN letters bottom to top; sq[rank*6+file]
	white    bool       // White to move
	clock    int
	fullmove int
}

const refOrder = "PNBRQK" // the die hierarchy, lowest first

func refRank(t byte) int { return strings.IndexByte(refOrder, upper(t)) }

func upper(b byte) byte {
	if b >= 'a' {
		return b - 32
	}
	return b
}

func isWhite(b byte) bool { return b < 'a' }

func refParse(fen string) (*refPos, error) {
	f := strings.Fields(fen)
	if len(f) < 3 {
		return nil, fmt.Errorf("short FEN")
	}
	p := &refPos{white: f[1] == "w", fullmove: 1}
	rows := strings.Split(f[0], "/")
	if len(rows) != 6 {
		return nil, fmt.Errorf("need 6 rows")
	}
	for i, row := range rows {
		r, file := 5-i, 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			switch {
			case c >= '1' && c <= '6':
				file += int(c - '0')
			case c == '(':
				end := strings.IndexByte(row[j:], ')')
				p.sq[r*6+file] = []byte(row[j+1 : j+end])
				j += end
				file++
			default:
				p.sq[r*6+file] = []byte{c}
				file++
			}
		}
	}
	if len(f) > 3 {
		p.clock, _ = strconv.Atoi(f[3])
	}
	if len(f) > 4 {
		p.fullmove, _ = strconv.Atoi(f[4])
	}
	return p, nil
}

func (p *refPos) copyPos() *refPos {
	q := *p
	for i := range q.sq {
		q.sq[i] = append([]byte(nil), p.sq[i]...)
	}
	return &q
}

func (p *refPos) top(i int) byte {
	if len(p.sq[i]) == 0 {
		return 0
	}
	return p.sq[i][len(p.sq[i])-1]
}

func (p *refPos) own(i int, white bool) bool {
	t := p.top(i)
	return t != 0 && isWhite(t) == white
}

func (p *refPos) enemy(i int, white bool) bool {
	t := p.top(i)
	return t != 0 && isWhite(t) != white
}

func (p *refPos) holdsKing(i int, white bool) bool {
	for _, c := range p.sq[i] {
		if upper(c) == 'K' && isWhite(c) == white {
			return true
		}
	}
	return false
}

func (p *refPos) kingSquare(white bool) int {
	for i := range p.sq {
		if p.holdsKing(i, white) {
			return i
		}
	}
	return -1
}

// kingCaptured: some enemy checker lies above the king in its stack.
func (p *refPos) kingCaptured(white bool) bool {
	s := p.sq[p.kingSquare(white)]
	seen := false
	for _, c := range s {
		if upper(c) == 'K' && isWhite(c) == white {
			seen = true
		} else if seen && isWhite(c) != white {
			return true
		}
	}
	return false
}

func (p *refPos) takesPart(t byte) bool {
	for i := range p.sq {
		for _, c := range p.sq[i] {
			if upper(c) == t {
				return true
			}
		}
	}
	return false
}

func onB(f, r int) bool { return f >= 0 && f < 6 && r >= 0 && r < 6 }

var (
	refKnight = [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	refKing   = [][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}
	refRook   = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	refBishop = [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// reach lists the squares a unit topped by t on square i can get to, with
// captures flagged. Pawn pushes are included only when quiet is true.
func (p *refPos) reach(i int, t byte, quiet bool) []int {
	white := isWhite(t)
	f, r := i%6, i/6
	var out []int
	step := func(dirs [][2]int, slide bool) {
		for _, d := range dirs {
			for n := 1; ; n++ {
				ff, rr := f+d[0]*n, r+d[1]*n
				if !onB(ff, rr) {
					break
				}
				out = append(out, rr*6+ff)
				if !slide || len(p.sq[rr*6+ff]) > 0 {
					break
				}
			}
		}
	}
	switch upper(t) {
	case 'N':
		step(refKnight, false)
	case 'K':
		step(refKing, false)
	case 'R':
		step(refRook, true)
	case 'B':
		step(refBishop, true)
	case 'Q':
		step(refRook, true)
		step(refBishop, true)
	case 'P':
		dr := 1
		if !white {
			dr = -1
		}
		if quiet && onB(f, r+dr) && !p.enemy((r+dr)*6+f, white) {
			out = append(out, (r+dr)*6+f)
		}
		for _, df := range []int{-1, 1} {
			if onB(f+df, r+dr) && p.enemy((r+dr)*6+f+df, white) {
				out = append(out, (r+dr)*6+f+df)
			}
		}
	}
	return out
}

// attacked: some stack topped by the other side could capture onto s.
func (p *refPos) attacked(s int, byWhite bool) bool {
	for i := range p.sq {
		if !p.own(i, byWhite) {
			continue
		}
		t := p.top(i)
		if upper(t) == 'P' {
			f, r := i%6, i/6
			dr, last := 1, 5
			if !byWhite {
				dr, last = -1, 0
			}
			if s/6 == last && !p.takesPart('Q') && !p.takesPart('R') && !p.takesPart('B') && !p.takesPart('N') {
				continue // R6: this pawn cannot move to its last rank at all
			}
			for _, df := range []int{-1, 1} {
				if onB(f+df, r+dr) && (r+dr)*6+f+df == s {
					return true
				}
			}
			continue
		}
		for _, d := range p.reach(i, t, true) {
			if d == s {
				return true
			}
		}
	}
	return false
}

func (p *refPos) inCheck() bool {
	return p.attacked(p.kingSquare(p.white), !p.white)
}

func refSquare(i int) string { return string([]byte{byte('a' + i%6), byte('1' + i/6)}) }

// play returns the position after moving the top k checkers of from to to,
// the top one becoming promo if promo != 0.
func (p *refPos) play(from, to, k int, promo byte) *refPos {
	q := p.copyPos()
	src := q.sq[from]
	unit := append([]byte(nil), src[len(src)-k:]...)
	q.sq[from] = src[:len(src)-k]
	capture := q.enemy(to, p.white)
	pawn := upper(unit[k-1]) == 'P'
	if promo != 0 {
		if p.white {
			unit[k-1] = upper(promo)
		} else {
			unit[k-1] = upper(promo) + 32
		}
	}
	q.sq[to] = append(q.sq[to], unit...)
	q.pass()
	if capture || pawn {
		q.clock = 0
	}
	return q
}

func (q *refPos) pass() {
	if !q.white {
		q.fullmove++
	}
	q.white = !q.white
	q.clock++
}

type refMove struct {
	name string
	next *refPos
}

// legal lists every legal non-pass move (any face) with its result.
func (p *refPos) legal() []refMove {
	var out []refMove
	for from := range p.sq {
		if !p.own(from, p.white) {
			continue
		}
		h := len(p.sq[from])
		t := p.top(from)
		for _, to := range p.reach(from, t, true) {
			if p.own(to, p.white) && p.holdsKing(to, p.white) {
				continue // never onto the own King's square
			}
			capturesKing := p.enemy(to, p.white) && p.holdsKing(to, !p.white)
			var promos []byte
			last := 5
			if !p.white {
				last = 0
			}
			if upper(t) == 'P' && to/6 == last {
				for _, c := range []byte("QRBN") {
					if p.takesPart(c) {
						promos = append(promos, c+32)
					}
				}
				if len(promos) == 0 {
					continue
				}
			} else {
				promos = []byte{0}
			}
			for k := 1; k <= h; k++ {
				for _, pr := range promos {
					q := p.play(from, to, k, pr)
					if !capturesKing && q.attacked(q.kingSquare(p.white), !p.white) {
						continue
					}
					name := refSquare(from) + refSquare(to)
					if pr != 0 {
						name += string(pr)
					}
					if k < h {
						name += "/" + strconv.Itoa(k)
					}
					out = append(out, refMove{name, q})
				}
			}
		}
	}
	return out
}

func (p *refPos) ended() bool {
	return p.kingCaptured(true) || p.kingCaptured(false) || len(p.legal()) == 0
}

// forFace picks from the full legal list the plies face allows: the moves
// of stacks topped by face or lower, or the pass if face takes no part or
// allows nothing. The caller has checked that the game goes on.
func (p *refPos) forFace(all []refMove, face byte) []refMove {
	var out []refMove
	if p.takesPart(face) {
		for _, m := range all {
			if refRank(p.top(refIndex(m.name[:2]))) <= refRank(face) {
				out = append(out, m)
			}
		}
	}
	if len(out) == 0 {
		q := p.copyPos()
		q.pass()
		out = []refMove{{"0000", q}}
	}
	return out
}

// movesFor returns the sorted move names under face, "0000" for a pass,
// nothing if the game has ended.
func (p *refPos) movesFor(face byte) []string {
	if p.kingCaptured(true) || p.kingCaptured(false) {
		return nil
	}
	all := p.legal()
	if len(all) == 0 {
		return nil
	}
	var out []string
	for _, m := range p.forFace(all, face) {
		out = append(out, m.name)
	}
	sort.Strings(out)
	return out
}

func refIndex(s string) int { return int(s[1]-'1')*6 + int(s[0]-'a') }

// status: "white", "black", "draw" or "" (R8 a-c only).
func (p *refPos) status() string {
	if p.kingCaptured(true) {
		return "black"
	}
	if p.kingCaptured(false) {
		return "white"
	}
	if len(p.legal()) > 0 {
		return ""
	}
	if !p.inCheck() {
		return "draw"
	}
	if p.white {
		return "black"
	}
	return "white"
}

// next returns the position after the named move (or pass).
func (p *refPos) next(name string) *refPos {
	if name == "0000" {
		q := p.copyPos()
		q.pass()
		return q
	}
	for _, m := range p.legal() {
		if m.name == name {
			return m.next
		}
	}
	return nil
}

// fen writes the board, side, clock and move number (roll always "-").
func (p *refPos) fen() string {
	var b strings.Builder
	for r := 5; r >= 0; r-- {
		empty := 0
		for f := 0; f < 6; f++ {
			s := p.sq[r*6+f]
			if len(s) == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			if len(s) == 1 {
				b.WriteByte(s[0])
			} else {
				b.WriteString("(" + string(s) + ")")
			}
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	side := "w"
	if !p.white {
		side = "b"
	}
	return fmt.Sprintf("%s %s - %d %d", b.String(), side, p.clock, p.fullmove)
}

// refPerft is fixed-face perft (face != 0) or dice perft (face == 0 sums
// the six faces at this node) by the definitions of docs/rules.md.
func (p *refPos) refPerft(d int, face byte, dice bool) uint64 {
	if p.kingCaptured(true) || p.kingCaptured(false) {
		return 0
	}
	all := p.legal()
	if len(all) == 0 {
		return 0
	}
	faces := []byte{face}
	if face == 0 {
		faces = []byte(refOrder)
	}
	var n uint64
	for _, f := range faces {
		moves := p.forFace(all, f)
		if d == 1 {
			n += uint64(len(moves))
			continue
		}
		for _, m := range moves {
			if dice {
				n += m.next.refPerft(d-1, 0, true)
			} else {
				n += m.next.refPerft(d-1, f, false)
			}
		}
	}
	return n
}
