package chess

import (
	"fmt"

	"varchess/variants"
	bb "varchess/variants/bitboard"
)

// Chess960 (Fischer random chess): the pieces of the first rank start in
// one of 960 arrays (bishops on opposite colours, the king between the
// rooks), and castling keeps its standard end squares: the king lands on
// g1/c1 (g8/c8) and the rook on f1/d1 (f8/d8), wherever they started. The
// squares between the king and its end square and between the rook and its
// end square must be empty (the two castling pieces aside), the king not in
// check, no square it crosses or lands on attacked, and the king not in
// check afterwards (the castling rook may have blocked an attack along the
// first rank).
//
// A Position knows its castling rules through a pointer to an immutable
// castleRules: the standard one for chess, a per-game one for Chess960
// (made once by Parse960 and shared by every clone). Standard chess keeps
// its fast fixed-square paths; only the castling code asks rules.frc.

// castleRules are the castling facts of one game.
type castleRules struct {
	frc bool
	// rook is the start square of the rook of each right (index = the
	// right's bit: castleWK, castleWQ, castleBK, castleBQ).
	rook [4]bb.Square
	// mask[s] keeps the rights that survive a move from or to s.
	mask [64]uint8
	// keys[r] is the hash of the right set r (in Chess960 also of the
	// rooks' squares, so that positions with other castling rooks differ).
	keys [16]uint64
}

// standardRules are chess's: king e1/e8, rooks on the corners.
var standardRules castleRules

// initStandardRules runs after the Zobrist keys exist (zobrist.go).
func initStandardRules() {
	standardRules = castleRules{rook: [4]bb.Square{sqH1, sqA1, sqH8, sqA8}, mask: castleMask, keys: zobristCastle}
}

// zobristRook960 keys the start square of each castling rook in Chess960.
var zobristRook960 [4][64]uint64

// Game960 is Chess960 for the registry (variants/all). Its start position
// is the standard array (Scharnagl number 518); Chess960FEN gives the
// others, and Openings numbers all 960 for the arbiter.
var Game960 = &variants.Game{
	Name:     "chess960",
	StartFEN: StartFEN,
	Parse: func(fen string) (variants.Position, error) {
		p, err := Parse960(fen)
		if err != nil {
			return nil, err
		}
		return p, nil
	},
	NumOpenings: 960,
	Opening: func(i int) string {
		fen, err := Chess960FEN(i)
		if err != nil {
			panic(err) // callers keep i in 0..NumOpenings-1
		}
		return fen
	},
}

// Parse960 reads a Chess960 FEN. Castling rights are X-FEN (KQkq for the
// outermost rook on that side of the king, a file letter for another one)
// or Shredder-FEN (file letters only, e.g. HAha); a letter naming no rook
// of that colour on its first rank, or a king off its first rank, drops
// the right, as in chess.
func Parse960(fen string) (*Position, error) { return parse(fen, true) }

// Chess960FEN returns the start position with Scharnagl number n (0..959;
// 518 is the standard array), castling written X-FEN (KQkq).
func Chess960FEN(n int) (string, error) {
	if n < 0 || n >= 960 {
		return "", fmt.Errorf("Chess960 position %d out of range 0..959", n)
	}
	var row [8]byte
	place := func(k int, c byte) { // on the k-th empty square
		for f := range row {
			if row[f] == 0 {
				if k == 0 {
					row[f] = c
					return
				}
				k--
			}
		}
	}
	row[2*(n%4)+1] = 'B' // light-squared bishop: b, d, f or h
	n /= 4
	row[2*(n%4)] = 'B' // dark-squared bishop: a, c, e or g
	n /= 4
	place(n%6, 'Q')
	n /= 6
	knights := [10][2]int{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}[n]
	place(knights[1], 'N') // the later one first, so the earlier index still counts
	place(knights[0], 'N')
	place(0, 'R')
	place(0, 'K')
	place(0, 'R')
	white := string(row[:])
	black := make([]byte, 8)
	for i, c := range row {
		black[i] = c | 0x20
	}
	return string(black) + "/pppppppp/8/8/8/8/PPPPPPPP/" + white + " w KQkq - 0 1", nil
}

// Chess960 reports whether the position follows Chess960 castling rules
// (and writes castling king-takes-rook).
func (p *Position) Chess960() bool { return p.rules.frc }

// parseCastling960 reads X-FEN or Shredder-FEN rights and makes the game's
// castleRules.
func (p *Position) parseCastling960(s string) error {
	r := &castleRules{frc: true}
	for i := range r.rook {
		r.rook[i] = bb.NoSquare
	}
	if s != "-" {
		for i := 0; i < len(s); i++ {
			c := s[i]
			color, lower := variants.White, c
			if c >= 'a' {
				color = variants.Black
			} else {
				lower = c | 0x20
			}
			back := 0
			if color == variants.Black {
				back = 7
			}
			ksq := p.KingSquare(color)
			var rook bb.Square = bb.NoSquare
			switch {
			case lower == 'k':
				rook = p.outerRook(color, ksq, 1)
			case lower == 'q':
				rook = p.outerRook(color, ksq, -1)
			case lower >= 'a' && lower <= 'h':
				rook = bb.Sq(int(lower-'a'), back)
			default:
				return fmt.Errorf("bad castling character %q", c)
			}
			if ksq.Rank() != back || rook == bb.NoSquare || p.board[rook] != MakePiece(color, Rook) {
				continue // a right whose king or rook is not there is dropped
			}
			right := 2 * int(color) // king side
			if rook < ksq {
				right++
			}
			if r.rook[right] != bb.NoSquare {
				return fmt.Errorf("castling right %q given twice", c)
			}
			r.rook[right] = rook
		}
	}
	for i := range r.mask {
		r.mask[i] = 0xF
	}
	for i, rook := range r.rook {
		if rook == bb.NoSquare {
			continue
		}
		p.castle |= 1 << i
		color := variants.Color(i / 2)
		r.mask[p.KingSquare(color)] &^= 3 << (2 * color)
		r.mask[rook] &^= 1 << i
	}
	for set := range r.keys {
		r.keys[set] = zobristCastle[set]
		for i, rook := range r.rook {
			if set&(1<<i) != 0 && rook != bb.NoSquare {
				r.keys[set] ^= zobristRook960[i][rook]
			}
		}
	}
	p.rules = r
	p.hash ^= r.keys[p.castle]
	return nil
}

// outerRook returns the rook of colour c on its first rank farthest from
// the king in direction dir (+1 toward h, -1 toward a), or NoSquare.
func (p *Position) outerRook(c variants.Color, ksq bb.Square, dir int) bb.Square {
	rook := MakePiece(c, Rook)
	back := ksq.Rank()
	found := bb.NoSquare
	for f := ksq.File() + dir; f >= 0 && f < 8; f += dir {
		if s := bb.Sq(f, back); p.board[s] == rook {
			found = s
		}
	}
	return found
}

// castlingString writes the rights: KQkq in chess; X-FEN in Chess960 (a
// file letter when the castling rook is not the outermost one).
func (p *Position) castlingString() string {
	if p.castle == 0 {
		return "-"
	}
	var out []byte
	for i, letter := range []byte("KQkq") {
		if p.castle&(1<<i) == 0 {
			continue
		}
		if p.rules.frc {
			color := variants.Color(i / 2)
			dir := 1
			if i%2 == 1 {
				dir = -1
			}
			if rook := p.rules.rook[i]; p.outerRook(color, p.KingSquare(color), dir) != rook {
				letter = 'A' + byte(rook.File())
				if color == variants.Black {
					letter |= 0x20
				}
			}
		}
		out = append(out, letter)
	}
	return string(out)
}

// castlingTargets returns, for a Chess960 right of colour us (side 0 king
// side, 1 queen side), the rook's square and the end squares of king and
// rook.
func (p *Position) castlingTargets(us variants.Color, side int) (rook, kingTo, rookTo bb.Square) {
	back := 0
	if us == variants.Black {
		back = 7
	}
	rook = p.rules.rook[2*int(us)+side]
	if side == 0 {
		return rook, bb.Sq(6, back), bb.Sq(5, back)
	}
	return rook, bb.Sq(2, back), bb.Sq(3, back)
}

// canCastle960 reports whether the side to move (not in check) may castle
// on side (0 king side, 1 queen side) under Chess960 rules.
func (p *Position) canCastle960(g *genState, side int) bool {
	rook, kingTo, rookTo := p.castlingTargets(g.us, side)
	ksq := g.ksq
	movers := ksq.Bit() | rook.Bit()
	path := (bb.Between[ksq][kingTo] | kingTo.Bit() | bb.Between[rook][rookTo] | rookTo.Bit()) &^ movers
	if p.occ&path != 0 {
		return false
	}
	for s := (bb.Between[ksq][kingTo] | kingTo.Bit()) &^ ksq.Bit(); s != 0; s &= s - 1 {
		if p.attackedWith(s.First(), g.them, p.occ) {
			return false
		}
	}
	// The rook may have shielded the king's end square along the rank.
	after := p.occ&^movers | kingTo.Bit() | rookTo.Bit()
	t := &p.pieces[g.them]
	return bb.RookAttacks(kingTo, after)&(t[Rook]|t[Queen]) == 0
}

// newCastle960 is a Chess960 castling move: from the king's square to its
// end square, with the rook's start square in bits 25-30 and bit 31 set.
func newCastle960(from, kingTo, rook bb.Square, king Piece) Move {
	return newMove(from, kingTo, kindCastle, king, NoPiece) | Move(rook)<<25 | 1<<31
}

// is960 reports whether m is a Chess960 castling move (it names its rook).
func (m Move) is960() bool { return m&(1<<31) != 0 }

// castleRook returns the rook's start square of a Chess960 castling move.
func (m Move) castleRook() bb.Square { return bb.Square(m >> 25 & 63) }

// rookEnd is the rook's end square for a castling king landing on kingTo.
func rookEnd(kingTo bb.Square) bb.Square {
	if kingTo.File() == 6 {
		return kingTo - 1
	}
	return kingTo + 1
}

// castle960 plays (or, with undo, takes back) a Chess960 castling move:
// both pieces leave their squares before either lands, since the king may
// land where the rook stood and the other way round.
func (p *Position) castle960(m Move, us variants.Color, undo bool) {
	king, rook := MakePiece(us, King), MakePiece(us, Rook)
	kFrom, kTo, rFrom, rTo := m.From(), m.To(), m.castleRook(), rookEnd(m.To())
	if undo {
		kFrom, kTo, rFrom, rTo = kTo, kFrom, rTo, rFrom
	}
	p.remove(king, kFrom)
	p.remove(rook, rFrom)
	p.put(king, kTo)
	p.put(rook, rTo)
}

func init() {
	s := uint64(0x3C6EF372FE94F82B) // apart from zobrist.go's seed
	for i := range zobristRook960 {
		for sq := range zobristRook960[i] {
			zobristRook960[i][sq] = variants.SplitMix64(&s)
		}
	}
}
