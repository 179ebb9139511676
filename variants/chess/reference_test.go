package chess

import (
	"sort"

	"varchess/variants"
	bb "varchess/variants/bitboard"
)

// refBoard is the obviously-correct reference: a plain 64-square array,
// moves found by walking rays one square at a time, and legality decided
// by making the move on a copy and asking whether the king is attacked.
// It shares nothing with the fast generator but the Piece type.
type refBoard struct {
	sq     [64]Piece
	side   variants.Color
	castle uint8 // castle* bits
	ep     int   // en-passant target or -1
}

func refFromPosition(p *Position) refBoard {
	r := refBoard{side: p.SideToMove(), castle: p.castle, ep: -1}
	for s := bb.Square(0); s < 64; s++ {
		r.sq[s] = p.PieceAt(s)
	}
	if p.EnPassant() != bb.NoSquare {
		r.ep = int(p.EnPassant())
	}
	return r
}

func onBoard(f, r int) bool { return f >= 0 && f < 8 && r >= 0 && r < 8 }

var (
	knightSteps = [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	kingSteps   = [8][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}
	rookDirs    = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopDirs  = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// attacked reports whether any piece of colour by attacks square s.
func (r *refBoard) attacked(s int, by variants.Color) bool {
	f, rk := s%8, s/8
	is := func(ff, rr int, types ...PieceType) bool {
		if !onBoard(ff, rr) {
			return false
		}
		pc := r.sq[rr*8+ff]
		for _, t := range types {
			if pc == MakePiece(by, t) {
				return true
			}
		}
		return false
	}
	for _, d := range knightSteps {
		if is(f+d[0], rk+d[1], Knight) {
			return true
		}
	}
	for _, d := range kingSteps {
		if is(f+d[0], rk+d[1], King) {
			return true
		}
	}
	// A white pawn attacks from one rank below, a black one from above.
	dr := -1
	if by == variants.Black {
		dr = 1
	}
	if is(f-1, rk+dr, Pawn) || is(f+1, rk+dr, Pawn) {
		return true
	}
	slide := func(dirs [4][2]int, types ...PieceType) bool {
		for _, d := range dirs {
			ff, rr := f+d[0], rk+d[1]
			for onBoard(ff, rr) {
				if r.sq[rr*8+ff] != NoPiece {
					if is(ff, rr, types...) {
						return true
					}
					break
				}
				ff, rr = ff+d[0], rr+d[1]
			}
		}
		return false
	}
	return slide(rookDirs, Rook, Queen) || slide(bishopDirs, Bishop, Queen)
}

type refMove struct {
	from, to int
	promo    PieceType
}

func (m refMove) String() string {
	s := bb.Square(m.from).String() + bb.Square(m.to).String()
	if m.promo != NoPieceType {
		s += m.promo.Letter()
	}
	return s
}

// pseudo lists the moves that obey piece movement, ignoring own-king safety
// (castling already checks its squares).
func (r *refBoard) pseudo() []refMove {
	var out []refMove
	us := r.side
	for s := 0; s < 64; s++ {
		pc := r.sq[s]
		if pc == NoPiece || pc.Color() != us {
			continue
		}
		f, rk := s%8, s/8
		target := func(ff, rr int) (int, bool) { // square, may land
			if !onBoard(ff, rr) {
				return 0, false
			}
			t := rr*8 + ff
			return t, r.sq[t] == NoPiece || r.sq[t].Color() != us
		}
		switch pc.Type() {
		case Knight, King:
			steps := knightSteps
			if pc.Type() == King {
				steps = kingSteps
			}
			for _, d := range steps {
				if t, ok := target(f+d[0], rk+d[1]); ok {
					out = append(out, refMove{s, t, NoPieceType})
				}
			}
		case Bishop, Rook, Queen:
			var dirs [][2]int
			if pc.Type() != Bishop {
				dirs = append(dirs, rookDirs[:]...)
			}
			if pc.Type() != Rook {
				dirs = append(dirs, bishopDirs[:]...)
			}
			for _, d := range dirs {
				for ff, rr := f+d[0], rk+d[1]; onBoard(ff, rr); ff, rr = ff+d[0], rr+d[1] {
					t := rr*8 + ff
					if r.sq[t] == NoPiece {
						out = append(out, refMove{s, t, NoPieceType})
						continue
					}
					if r.sq[t].Color() != us {
						out = append(out, refMove{s, t, NoPieceType})
					}
					break
				}
			}
		case Pawn:
			dir, startRank, lastRank := 1, 1, 7
			if us == variants.Black {
				dir, startRank, lastRank = -1, 6, 0
			}
			add := func(t int) {
				if t/8 == lastRank {
					for _, pr := range []PieceType{Queen, Rook, Bishop, Knight} {
						out = append(out, refMove{s, t, pr})
					}
				} else {
					out = append(out, refMove{s, t, NoPieceType})
				}
			}
			one := (rk+dir)*8 + f
			if r.sq[one] == NoPiece {
				add(one)
				two := (rk+2*dir)*8 + f
				if rk == startRank && r.sq[two] == NoPiece {
					add(two)
				}
			}
			for _, df := range []int{-1, 1} {
				if !onBoard(f+df, rk+dir) {
					continue
				}
				t := (rk+dir)*8 + f + df
				if (r.sq[t] != NoPiece && r.sq[t].Color() != us) || t == r.ep {
					add(t)
				}
			}
		}
	}
	// Castling: rights, empty squares between king and rook, and the king
	// neither in check nor crossing or landing on an attacked square.
	home := 0
	kRight, qRight := castleWK, castleWQ
	if us == variants.Black {
		home, kRight, qRight = 56, castleBK, castleBQ
	}
	them := us ^ 1
	if r.castle&kRight != 0 && r.sq[home+5] == NoPiece && r.sq[home+6] == NoPiece &&
		!r.attacked(home+4, them) && !r.attacked(home+5, them) && !r.attacked(home+6, them) {
		out = append(out, refMove{home + 4, home + 6, NoPieceType})
	}
	if r.castle&qRight != 0 && r.sq[home+1] == NoPiece && r.sq[home+2] == NoPiece && r.sq[home+3] == NoPiece &&
		!r.attacked(home+4, them) && !r.attacked(home+3, them) && !r.attacked(home+2, them) {
		out = append(out, refMove{home + 4, home + 2, NoPieceType})
	}
	return out
}

// play returns the board after m (no rights bookkeeping: legality only).
func (r refBoard) play(m refMove) refBoard {
	pc := r.sq[m.from]
	if pc.Type() == Pawn && m.to == r.ep {
		r.sq[m.to-8*(1-2*int(r.side))] = NoPiece // the pawn taken en passant
	}
	if pc.Type() == King && (m.to-m.from == 2 || m.from-m.to == 2) {
		if m.to > m.from { // king side: rook h -> f
			r.sq[m.from+1], r.sq[m.from+3] = r.sq[m.from+3], NoPiece
		} else {
			r.sq[m.from-1], r.sq[m.from-4] = r.sq[m.from-4], NoPiece
		}
	}
	r.sq[m.to], r.sq[m.from] = pc, NoPiece
	if m.promo != NoPieceType {
		r.sq[m.to] = MakePiece(r.side, m.promo)
	}
	return r
}

// legal returns the sorted UCI strings of the legal moves.
func (r *refBoard) legal() []string {
	var out []string
	for _, m := range r.pseudo() {
		next := r.play(m)
		king := -1
		for s := 0; s < 64; s++ {
			if next.sq[s] == MakePiece(r.side, King) {
				king = s
			}
		}
		if !next.attacked(king, r.side^1) {
			out = append(out, m.String())
		}
	}
	sort.Strings(out)
	return out
}
