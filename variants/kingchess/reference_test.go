package kingchess

// A deliberately simple second implementation of the rules, used only to
// check the fast one: a [64]byte board, pseudo-legal moves made on a copy
// and tested for check by walking rays, and drop actions enumerated as
// every assignment of reserve pieces to empty squares.

import (
	"fmt"
	"sort"
	"strings"
)

type refPos struct {
	single     bool
	b          [64]byte    // '.' or a piece letter (upper case White)
	hand       [2][128]int // by upper-case letter
	side       int
	kingVirgin [2]bool    // King dropped on e1/e8 and never moved
	rookVirgin [2][2]bool // [side][0=h-corner,1=a-corner]: rook dropped there, never moved
	ep         int        // square behind a pawn that just double-stepped, or -1
	bishop     [2]byte    // '-', 'l', 'd'
	clock      int
	fullmove   int
}

const refLetters = "KQRBNP"

func refColour(ch byte) int {
	if ch >= 'a' {
		return 1
	}
	return 0
}

func refUpper(ch byte) byte {
	if ch >= 'a' {
		return ch - 32
	}
	return ch
}

func refPiece(side int, t byte) byte {
	if side == 1 {
		return t + 32
	}
	return t
}

func refLight(sq int) bool { return (sq%8+sq/8)%2 == 1 }

func refOwnHalf(side, sq int) bool { return (side == 0) == (sq < 32) }

// refFromPosition copies a fast position into the reference representation
// through its FEN, so the FEN writer is exercised as well.
func refFromFEN(fen string, single bool) (*refPos, error) {
	r := &refPos{single: single, ep: -1}
	f := strings.Fields(fen)
	if len(f) < 6 {
		return nil, fmt.Errorf("ref: short FEN %q", fen)
	}
	board, res, _ := strings.Cut(f[0], "[")
	res = strings.TrimSuffix(res, "]")
	for i := range r.b {
		r.b[i] = '.'
	}
	for i, row := range strings.Split(board, "/") {
		file := 0
		for _, ch := range []byte(row) {
			if ch >= '1' && ch <= '8' {
				file += int(ch - '0')
			} else {
				r.b[(7-i)*8+file] = ch
				file++
			}
		}
	}
	for _, ch := range []byte(res) {
		r.hand[refColour(ch)][refUpper(ch)]++
	}
	if f[1] == "b" {
		r.side = 1
	}
	for _, ch := range []byte(f[2]) {
		c := refColour(ch)
		switch refUpper(ch) {
		case 'K':
			r.kingVirgin[c], r.rookVirgin[c][0] = true, true
		case 'Q':
			r.kingVirgin[c], r.rookVirgin[c][1] = true, true
		case 'E':
			r.kingVirgin[c] = true
		}
	}
	if f[3] != "-" {
		r.ep = int(f[3][0]-'a') + 8*int(f[3][1]-'1')
	}
	fmt.Sscan(f[4], &r.clock)
	fmt.Sscan(f[5], &r.fullmove)
	r.bishop = [2]byte{'-', '-'}
	if len(f) == 7 {
		r.bishop = [2]byte{f[6][0], f[6][1]}
	} else {
		r.bishop = r.inferredBishops()
	}
	return r, nil
}

func (r *refPos) inferredBishops() [2]byte {
	out := [2]byte{'-', '-'}
	for c := 0; c < 2; c++ {
		n, col := 0, byte('-')
		for sq, ch := range r.b {
			if ch == refPiece(c, 'B') {
				n++
				col = map[bool]byte{true: 'l', false: 'd'}[refLight(sq)]
			}
		}
		if n == 1 {
			out[c] = col
		}
	}
	return out
}

func (r *refPos) fen() string {
	var sb strings.Builder
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 8; file++ {
			ch := r.b[rank*8+file]
			if ch == '.' {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprint(&sb, empty)
				empty = 0
			}
			sb.WriteByte(ch)
		}
		if empty > 0 {
			fmt.Fprint(&sb, empty)
		}
		if rank > 0 {
			sb.WriteByte('/')
		}
	}
	sb.WriteByte('[')
	for c := 0; c < 2; c++ {
		for _, t := range []byte(refLetters) {
			for i := 0; i < r.hand[c][t]; i++ {
				sb.WriteByte(refPiece(c, t))
			}
		}
	}
	sb.WriteString("] ")
	sb.WriteString([]string{"w", "b"}[r.side])
	cast := ""
	for c := 0; c < 2; c++ {
		if !r.kingVirgin[c] {
			continue
		}
		l := ""
		if r.rookVirgin[c][0] {
			l += string(refPiece(c, 'K'))
		}
		if r.rookVirgin[c][1] {
			l += string(refPiece(c, 'Q'))
		}
		if l == "" {
			l = string(refPiece(c, 'E'))
		}
		cast += l
	}
	if cast == "" {
		cast = "-"
	}
	ep := "-"
	if r.ep >= 0 && r.epCapturable() {
		ep = fmt.Sprintf("%c%c", 'a'+r.ep%8, '1'+r.ep/8)
	}
	fmt.Fprintf(&sb, " %s %s %d %d", cast, ep, r.clock, r.fullmove)
	if r.bishop != r.inferredBishops() {
		sb.WriteString(" " + string(r.bishop[:]))
	}
	return sb.String()
}

// epCapturable: some pawn of the side to move stands diagonally behind the
// en-passant square.
func (r *refPos) epCapturable() bool {
	dir := -8
	if r.side == 1 {
		dir = 8
	}
	for _, df := range []int{-1, 1} {
		f := r.ep%8 + df
		if f < 0 || f > 7 {
			continue
		}
		if r.b[r.ep+dir+df] == refPiece(r.side, 'P') {
			return true
		}
	}
	return false
}

func (r *refPos) copy() *refPos {
	q := *r
	return &q
}

// attacked reports whether side by attacks sq, by walking every direction.
func (r *refPos) attacked(sq, by int) bool {
	f0, r0 := sq%8, sq/8
	at := func(f, rk int) byte {
		if f < 0 || f > 7 || rk < 0 || rk > 7 {
			return 0
		}
		return r.b[rk*8+f]
	}
	for _, d := range [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
		if at(f0+d[0], r0+d[1]) == refPiece(by, 'N') {
			return true
		}
	}
	for df := -1; df <= 1; df++ {
		for dr := -1; dr <= 1; dr++ {
			if (df != 0 || dr != 0) && at(f0+df, r0+dr) == refPiece(by, 'K') {
				return true
			}
		}
	}
	pawnRank := r0 - 1 // a White pawn attacks upwards, so it stands below
	if by == 1 {
		pawnRank = r0 + 1
	}
	if at(f0-1, pawnRank) == refPiece(by, 'P') || at(f0+1, pawnRank) == refPiece(by, 'P') {
		return true
	}
	for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
		diag := d[0] != 0 && d[1] != 0
		for f, rk := f0+d[0], r0+d[1]; ; f, rk = f+d[0], rk+d[1] {
			ch := at(f, rk)
			if ch == 0 {
				break
			}
			if ch == '.' {
				continue
			}
			if refColour(ch) == by {
				u := refUpper(ch)
				if u == 'Q' || (diag && u == 'B') || (!diag && u == 'R') {
					return true
				}
			}
			break
		}
	}
	return false
}

func (r *refPos) kingSq(side int) int {
	for sq, ch := range r.b {
		if ch == refPiece(side, 'K') {
			return sq
		}
	}
	return -1
}

func (r *refPos) inCheck() bool {
	k := r.kingSq(r.side)
	return k >= 0 && r.attacked(k, 1-r.side)
}

// refMove is a ply of the reference: an ordinary move (from, to, promo)
// or a drop action (a map square -> type).
type refMove struct {
	from, to int
	promo    byte
	drops    map[int]byte
}

func (m refMove) String() string {
	if m.drops != nil {
		type pl struct {
			t  int
			sq int
		}
		var ps []pl
		for sq, t := range m.drops {
			ps = append(ps, pl{strings.IndexByte(refLetters, t), sq})
		}
		sort.Slice(ps, func(i, j int) bool {
			if ps[i].t != ps[j].t {
				return ps[i].t < ps[j].t
			}
			return ps[i].sq < ps[j].sq
		})
		var parts []string
		for _, p := range ps {
			parts = append(parts, fmt.Sprintf("%c@%c%c", refLetters[p.t], 'a'+p.sq%8, '1'+p.sq/8))
		}
		return strings.Join(parts, ",")
	}
	s := fmt.Sprintf("%c%c%c%c", 'a'+m.from%8, '1'+m.from/8, 'a'+m.to%8, '1'+m.to/8)
	if m.promo != 0 {
		s += string(m.promo + 32)
	}
	return s
}

// apply plays m on a copy and returns it (legality is not checked).
func (r *refPos) apply(m refMove) *refPos {
	q := r.copy()
	us := r.side
	q.ep = -1
	q.clock++
	if m.drops != nil {
		sqs := make([]int, 0, len(m.drops))
		for sq := range m.drops {
			sqs = append(sqs, sq)
		}
		sort.Ints(sqs)
		for _, sq := range sqs {
			t := m.drops[sq]
			q.b[sq] = refPiece(us, t)
			q.hand[us][t]--
			if t == 'K' && sq == 4+56*us {
				q.kingVirgin[us] = true
			}
			if t == 'R' && sq == 7+56*us {
				q.rookVirgin[us][0] = true
			}
			if t == 'R' && sq == 56*us {
				q.rookVirgin[us][1] = true
			}
			if t == 'B' && q.bishop[us] == '-' {
				q.bishop[us] = map[bool]byte{true: 'l', false: 'd'}[refLight(sq)]
			}
		}
		q.clock = 0
	} else {
		ch := q.b[m.from]
		t := refUpper(ch)
		if q.b[m.to] != '.' {
			q.clock = 0
		}
		if t == 'P' {
			q.clock = 0
			if m.to-m.from == 16 || m.from-m.to == 16 {
				q.ep = (m.from + m.to) / 2
			}
			if m.to == r.ep && m.to%8 != m.from%8 && r.b[m.to] == '.' {
				q.b[(m.from/8)*8+m.to%8] = '.' // the pawn taken en passant
			}
		}
		q.b[m.to] = ch
		q.b[m.from] = '.'
		if m.promo != 0 {
			q.b[m.to] = refPiece(us, m.promo)
		}
		if t == 'K' {
			q.kingVirgin[us] = false
			if m.to-m.from == 2 {
				q.b[m.from+1], q.b[m.from+3] = q.b[m.from+3], '.'
			}
			if m.from-m.to == 2 {
				q.b[m.from-1], q.b[m.from-4] = q.b[m.from-4], '.'
			}
		}
		for _, sq := range []int{m.from, m.to} {
			for c := 0; c < 2; c++ {
				if sq == 7+56*c {
					q.rookVirgin[c][0] = false
				}
				if sq == 56*c {
					q.rookVirgin[c][1] = false
				}
			}
		}
	}
	if us == 1 {
		q.fullmove++
	}
	q.side = 1 - us
	return q
}

// legal lists every legal ply (drop actions of any size in kingchess).
func (r *refPos) legal() []refMove { return r.legalUpTo(16) }

// legalUpTo lists the legal plies whose drop actions place at most maxDrop
// pieces.
func (r *refPos) legalUpTo(maxDrop int) []refMove {
	var out []refMove
	for _, m := range r.pseudo(maxDrop) {
		q := r.apply(m)
		k := q.kingSq(r.side)
		if k >= 0 && q.attacked(k, 1-r.side) {
			continue
		}
		out = append(out, m)
	}
	return out
}

func (r *refPos) pseudo(maxDrop int) []refMove {
	var out []refMove
	us := r.side
	kingInHand := r.hand[us]['K'] > 0
	if !kingInHand {
		out = r.pseudoMoves()
	}
	// Drop actions: every assignment of reserve pieces to empty squares of
	// the own half, filtered by the drop rules.
	var zone []int
	for sq := 0; sq < 64; sq++ {
		if r.b[sq] == '.' && refOwnHalf(us, sq) {
			zone = append(zone, sq)
		}
	}
	left := r.hand[us]
	cur := map[int]byte{}
	var rec func(i int)
	rec = func(i int) {
		if i == len(zone) {
			if r.dropOK(cur) {
				d := make(map[int]byte, len(cur))
				for k, v := range cur {
					d[k] = v
				}
				out = append(out, refMove{drops: d})
			}
			return
		}
		if (r.single && len(cur) == 1) || len(cur) == maxDrop {
			rec(len(zone))
			return
		}
		rec(i + 1)
		for _, t := range []byte(refLetters) {
			if left[t] == 0 {
				continue
			}
			left[t]--
			cur[zone[i]] = t
			rec(i + 1)
			delete(cur, zone[i])
			left[t]++
		}
	}
	rec(0)
	return out
}

func (r *refPos) dropOK(d map[int]byte) bool {
	us := r.side
	if len(d) == 0 || (r.single && len(d) != 1) {
		return false
	}
	hasKing := false
	var bishops []int
	for sq, t := range d {
		switch t {
		case 'K':
			hasKing = true
		case 'P':
			if sq/8 == 7*us {
				return false
			}
		case 'B':
			bishops = append(bishops, sq)
		}
	}
	if r.hand[us]['K'] > 0 && !hasKing {
		return false
	}
	for _, sq := range bishops {
		col := map[bool]byte{true: 'l', false: 'd'}[refLight(sq)]
		if r.bishop[us] == col {
			return false
		}
	}
	if len(bishops) == 2 && refLight(bishops[0]) == refLight(bishops[1]) {
		return false
	}
	return true
}

func (r *refPos) pseudoMoves() []refMove {
	var out []refMove
	us := r.side
	at := func(f, rk int) (byte, bool) {
		if f < 0 || f > 7 || rk < 0 || rk > 7 {
			return 0, false
		}
		return r.b[rk*8+f], true
	}
	for from, ch := range r.b {
		if ch == '.' || refColour(ch) != us {
			continue
		}
		f0, r0 := from%8, from/8
		add := func(f, rk int) {
			out = append(out, refMove{from: from, to: rk*8 + f})
		}
		switch t := refUpper(ch); t {
		case 'N', 'K':
			ds := [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
			if t == 'K' {
				ds = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
			}
			for _, d := range ds {
				if c, ok := at(f0+d[0], r0+d[1]); ok && (c == '.' || refColour(c) != us) {
					add(f0+d[0], r0+d[1])
				}
			}
		case 'Q', 'R', 'B':
			for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
				diag := d[0] != 0 && d[1] != 0
				if (t == 'R' && diag) || (t == 'B' && !diag) {
					continue
				}
				for f, rk := f0+d[0], r0+d[1]; ; f, rk = f+d[0], rk+d[1] {
					c, ok := at(f, rk)
					if !ok {
						break
					}
					if c == '.' {
						add(f, rk)
						continue
					}
					if refColour(c) != us {
						add(f, rk)
					}
					break
				}
			}
		case 'P':
			dir, start, last := 1, 1, 7
			if us == 1 {
				dir, start, last = -1, 6, 0
			}
			var tos []int
			if c, ok := at(f0, r0+dir); ok && c == '.' {
				tos = append(tos, (r0+dir)*8+f0)
				if c2, ok := at(f0, r0+2*dir); ok && r0 == start && c2 == '.' {
					tos = append(tos, (r0+2*dir)*8+f0)
				}
			}
			for _, df := range []int{-1, 1} {
				c, ok := at(f0+df, r0+dir)
				if !ok {
					continue
				}
				to := (r0+dir)*8 + f0 + df
				if (c != '.' && refColour(c) != us) || (c == '.' && to == r.ep) {
					tos = append(tos, to)
				}
			}
			for _, to := range tos {
				if to/8 == last {
					for _, pr := range []byte("QRBN") {
						out = append(out, refMove{from: from, to: to, promo: pr})
					}
				} else {
					out = append(out, refMove{from: from, to: to})
				}
			}
		}
	}
	// Castling: King untouched on e1/e8, rook untouched on its corner,
	// squares between empty, king not in check, not crossing or landing on
	// an attacked square.
	if r.kingVirgin[us] {
		base := 56 * us
		them := 1 - us
		if r.rookVirgin[us][0] && r.b[base+5] == '.' && r.b[base+6] == '.' &&
			!r.attacked(base+4, them) && !r.attacked(base+5, them) && !r.attacked(base+6, them) {
			out = append(out, refMove{from: base + 4, to: base + 6})
		}
		if r.rookVirgin[us][1] && r.b[base+1] == '.' && r.b[base+2] == '.' && r.b[base+3] == '.' &&
			!r.attacked(base+4, them) && !r.attacked(base+3, them) && !r.attacked(base+2, them) {
			out = append(out, refMove{from: base + 4, to: base + 2})
		}
	}
	return out
}

func (r *refPos) perft(depth int) uint64 {
	ms := r.legal()
	if depth == 1 {
		return uint64(len(ms))
	}
	var n uint64
	for _, m := range ms {
		n += r.apply(m).perft(depth - 1)
	}
	return n
}
