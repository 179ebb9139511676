package chess

import (
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"varchess/variants"
	bb "varchess/variants/bitboard"
)

// ref960 is the reference for Chess960: refBoard's piece moves, plus
// castling written from the rules of docs/rules.md (not from the fast
// generator's code) and the rights kept by hand, so that it can count
// perft on its own.
type ref960 struct {
	refBoard
	rooks [4]int // castling rook start squares (-1: right gone), index as castle* bits
}

func ref960From(p *Position) ref960 {
	r := ref960{refBoard: refFromPosition(p)}
	r.castle = 0
	for i := range r.rooks {
		r.rooks[i] = -1
		if p.castle&(1<<i) != 0 {
			r.rooks[i] = int(p.rules.rook[i])
		}
	}
	return r
}

func (r *ref960) kingOf(c variants.Color) int {
	for s := 0; s < 64; s++ {
		if r.sq[s] == MakePiece(c, King) {
			return s
		}
	}
	return -1
}

// moves returns the legal moves: "from to promo" strings, castling as king
// takes own rook, and the board after each.
func (r *ref960) moves() (names []string, next []ref960) {
	us, them := r.side, r.side^1
	for _, m := range r.pseudo() {
		pc := r.sq[m.from]
		if pc.Type() == King && (m.to-m.from == 2 || m.from-m.to == 2) {
			continue // refBoard's standard castling: Chess960 castles below
		}
		n := *r
		n.refBoard = r.play(m)
		n.side = them
		n.ep = -1
		if pc.Type() == Pawn && (m.to-m.from == 16 || m.from-m.to == 16) {
			n.ep = (m.from + m.to) / 2
		}
		n.dropRights(m.from, m.to, us, pc.Type() == King)
		if k := n.kingOf(us); !n.attacked(k, them) {
			names = append(names, m.String())
			next = append(next, n)
		}
	}
	k := r.kingOf(us)
	back := k / 8
	for side := 0; side < 2; side++ {
		rook := r.rooks[2*int(us)+side]
		if rook < 0 || r.attacked(k, them) {
			continue
		}
		kingTo, rookTo := back*8+6, back*8+5
		if side == 1 {
			kingTo, rookTo = back*8+2, back*8+3
		}
		// Every square from the king to its end and from the rook to its
		// end is empty or holds one of the two.
		ok := true
		span := func(a, b int) {
			for s := min(a, b); s <= max(a, b); s++ {
				if s != k && s != rook && r.sq[s] != NoPiece {
					ok = false
				}
			}
		}
		span(k, kingTo)
		span(rook, rookTo)
		// No square the king crosses or lands on is attacked now.
		for s := min(k, kingTo); s <= max(k, kingTo); s++ {
			if r.attacked(s, them) {
				ok = false
			}
		}
		if !ok {
			continue
		}
		n := *r
		n.sq[k], n.sq[rook] = NoPiece, NoPiece
		n.sq[kingTo], n.sq[rookTo] = MakePiece(us, King), MakePiece(us, Rook)
		n.side, n.ep = them, -1
		n.dropRights(k, k, us, true)
		if n.attacked(kingTo, them) { // nor afterwards
			continue
		}
		names = append(names, bb.Square(k).String()+bb.Square(rook).String())
		next = append(next, n)
	}
	return names, next
}

// dropRights removes the rights a move from and to these squares ends: a
// king move ends both of its side, a rook leaving or taken on its start
// square ends its own.
func (r *ref960) dropRights(from, to int, kingOf variants.Color, kingMoved bool) {
	for i, rook := range r.rooks {
		if rook == from || rook == to || (kingMoved && variants.Color(i/2) == kingOf) {
			r.rooks[i] = -1
		}
	}
}

func (r *ref960) perft(depth int) uint64 {
	names, next := r.moves()
	if depth == 1 {
		return uint64(len(names))
	}
	var n uint64
	for i := range next {
		n += next[i].perft(depth - 1)
	}
	return n
}

func mustParse960(t testing.TB, fen string) *Position {
	t.Helper()
	p, err := Parse960(fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	return p
}

// random960 plays random games from random Chess960 arrays and calls fn at
// every position (seeded: the same positions every run).
func random960(t *testing.T, seed uint64, n int, fn func(p *Position)) {
	rng := rand.New(rand.NewPCG(seed, 960))
	for seen := 0; seen < n; {
		fen, _ := Chess960FEN(rng.IntN(960))
		p := mustParse960(t, fen)
		for ply := 0; ply < 80 && seen < n; ply++ {
			fn(p)
			seen++
			var list MoveList
			if p.GenerateMoves(&list) == 0 {
				break
			}
			// Castle whenever possible, so the tests see many castlings.
			m := list.Moves[rng.IntN(list.N)]
			for _, c := range list.Slice() {
				if c.IsCastle() && rng.IntN(2) == 0 {
					m = c
				}
			}
			p.MakeMove(m)
		}
	}
}

// The fast generator (list, count, notation) agrees with the reference on
// positions of random Chess960 games, castling everywhere it can, and
// making and unmaking every move restores FEN and hash, the hash being the
// one parsed from the FEN.
func TestChess960AgainstReference(t *testing.T) {
	n := 6000
	if testing.Short() {
		n = 400
	}
	castles := 0
	random960(t, 1, n, func(p *Position) {
		var list MoveList
		got := moveStrings(list.Moves[:p.GenerateMoves(&list)])
		ref := ref960From(p)
		want, _ := ref.moves()
		sort.Strings(want)
		if !slices.Equal(got, want) {
			t.Fatalf("%s:\n fast %v\n ref  %v", p.FEN(), got, want)
		}
		if c := p.CountMoves(); c != list.N {
			t.Fatalf("%s: CountMoves %d, GenerateMoves %d", p.FEN(), c, list.N)
		}
		fen, hash := p.FEN(), p.Hash()
		if q := mustParse960(t, fen); q.Hash() != hash || q.FEN() != fen {
			t.Fatalf("%s: reparsed as %s, hash %x want %x", fen, q.FEN(), q.Hash(), hash)
		}
		for _, m := range list.Slice() {
			if m.IsCastle() {
				castles++
				back, err := p.ParseUCI(m.String())
				if err != nil || back != m {
					t.Fatalf("%s: castling %v reads back as %v (%v)", fen, m, back, err)
				}
			}
			p.MakeMove(m)
			if q := mustParse960(t, p.FEN()); q.Hash() != p.Hash() {
				t.Fatalf("%s after %v: hash %x, from FEN %x", fen, m, p.Hash(), q.Hash())
			}
			p.UnmakeMove()
			if p.FEN() != fen || p.Hash() != hash {
				t.Fatalf("%s: %v not undone: %s", fen, m, p.FEN())
			}
		}
	})
	if castles < n/60 {
		t.Errorf("only %d castling moves seen", castles)
	}
}

// Perft of the fast generator equals the reference's on positions with
// castling rights of every shape: rook next to the king, king on its
// castled square already, rooks on b and g, the rook shielding the king's
// end square.
func TestChess960PerftAgainstReference(t *testing.T) {
	fens := []string{
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
		"2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
		"b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9",
		"qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9",
		"rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w GAga - 0 1",
		"7k/8/8/8/8/8/8/qRK1R3 w BE - 0 1", // the b1 rook shields c1 from a1
		"rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1",
		"1r2k1r1/8/8/8/8/8/8/1R2K1R1 b GBgb - 0 1",
		"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
	}
	depth := 3
	if testing.Short() {
		depth = 2
	}
	for _, fen := range fens {
		p := mustParse960(t, fen)
		ref := ref960From(p)
		for d := 1; d <= depth; d++ {
			if got, want := p.PerftCount(d), ref.perft(d); got != want {
				t.Errorf("%s depth %d: fast %d, reference %d", fen, d, got, want)
			}
		}
	}
}

// Scharnagl numbering: 518 is the standard array, all 960 are distinct and
// follow the rules (bishops on opposite colours, king between the rooks),
// and each parses with four castling rights.
func TestChess960FEN(t *testing.T) {
	if fen, _ := Chess960FEN(518); fen != StartFEN {
		t.Errorf("position 518: %s", fen)
	}
	seen := map[string]bool{}
	for n := 0; n < 960; n++ {
		fen, err := Chess960FEN(n)
		if err != nil {
			t.Fatal(err)
		}
		row := strings.Split(fen, "/")[7][:8]
		seen[row] = true
		b1, b2 := strings.IndexByte(row, 'B'), strings.LastIndexByte(row, 'B')
		r1, k, r2 := strings.IndexByte(row, 'R'), strings.IndexByte(row, 'K'), strings.LastIndexByte(row, 'R')
		if (b1+b2)%2 == 0 || !(r1 < k && k < r2) || strings.Count(row, "N") != 2 || strings.Count(row, "Q") != 1 {
			t.Fatalf("position %d: %s", n, row)
		}
		if p := mustParse960(t, fen); p.castle != 0xF || p.FEN() != fen {
			t.Fatalf("position %d: rights %b, FEN %s", n, p.castle, p.FEN())
		}
	}
	if len(seen) != 960 {
		t.Errorf("%d distinct arrays", len(seen))
	}
	for _, bad := range []int{-1, 960} {
		if _, err := Chess960FEN(bad); err == nil {
			t.Errorf("position %d accepted", bad)
		}
	}
}

// X-FEN and Shredder-FEN give the same position; X-FEN is written, with a
// file letter only where KQkq would name another rook.
func TestChess960CastlingFields(t *testing.T) {
	same := [][2]string{
		{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", StartFEN},
		{"1r4kr/8/8/8/8/8/8/RRK4R w HBhb - 0 1", "1r4kr/8/8/8/8/8/8/RRK4R w HBkq - 0 1"},
	}
	for _, c := range same {
		a, b := mustParse960(t, c[0]), mustParse960(t, c[1])
		if a.Hash() != b.Hash() || a.FEN() != b.FEN() {
			t.Errorf("%q and %q differ: %s / %s", c[0], c[1], a.FEN(), b.FEN())
		}
	}
	// The b1 rook is not the outermost on the queen side (a1 is): B.
	if got := mustParse960(t, "1r4kr/8/8/8/8/8/8/RRK4R w HBhb - 0 1").FEN(); got != "1r4kr/8/8/8/8/8/8/RRK4R w KBkq - 0 1" {
		t.Errorf("X-FEN written as %s", got)
	}
	// A right naming no rook, or a king off its rank, is dropped.
	if p := mustParse960(t, "4k3/8/8/8/8/8/8/R3K3 w HAha - 0 1"); p.castlingString() != "Q" {
		t.Errorf("rights %q, want Q", p.castlingString())
	}
	// Castling rooks are part of the hash: rights on b1 and on a1 differ.
	if mustParse960(t, "1r4kr/8/8/8/8/8/8/RRK4R w B - 0 1").Hash() == mustParse960(t, "1r4kr/8/8/8/8/8/8/RRK4R w A - 0 1").Hash() {
		t.Error("castling with the a1 or the b1 rook hashes the same")
	}
	if _, err := Parse960("8/8/8/8/8/8/8/RK5R w X - 0 1"); err == nil {
		t.Error("bad castling letter accepted")
	}
}

// Notation: UCI castling is king takes own rook, O-O and O-O-O are read
// (XBoard), and e1g1 is no castling in Chess960.
func TestChess960Notation(t *testing.T) {
	p := mustParse960(t, "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1")
	for text, want := range map[string]string{"b1e1": "b1e1", "b1a1": "b1a1", "O-O": "b1e1", "O-O-O": "b1a1", "0-0": "b1e1"} {
		m, err := p.ParseMove(text)
		if err != nil || p.MoveString(m) != want {
			t.Errorf("%s: %v %v, want %s", text, p.MoveString(m), err, want)
		}
	}
	if m, _ := p.ParseMove("b1e1"); p.XBoardMoveString(m) != "O-O" {
		t.Errorf("XBoard writes %s", p.XBoardMoveString(m))
	}
	if _, err := p.ParseMove("b1g1"); err == nil {
		t.Error("b1g1 read as castling")
	}
	// After queen-side castling the king stands on c1 and the rook on d1.
	m, _ := p.ParseMove("b1a1")
	p.Make(m)
	if got := p.FEN(); got != "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/2KRR3 b kq - 1 1" {
		t.Errorf("after b1a1: %s", got)
	}
	if p.Variant() != "chess960" || NewStart().Variant() != "chess" {
		t.Error("variant names")
	}
	// Standard chess is untouched: e1g1 castles, O-O is not a move.
	s := NewStart()
	s.Make(mustMove(t, s, "e2e4"))
	if _, err := s.ParseMove("O-O"); err == nil {
		t.Error("O-O read in chess")
	}
}

func mustMove(t *testing.T, p *Position, s string) variants.Move {
	t.Helper()
	m, err := p.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// FuzzParse960 feeds arbitrary FENs to the Chess960 reader: what parses
// writes a FEN that reads back the same (hash included), the move list and
// count agree, every move (castling in its written form too) reads back
// and is taken back exactly.
func FuzzParse960(f *testing.F) {
	for _, s := range []string{
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
		"rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1",
		"1r4kr/8/8/8/8/8/8/RRK4R w KBkq - 0 1",
		"7k/8/8/8/8/8/8/qRK1R3 w BE - 0 1",
		StartFEN,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := Parse960(fen)
		if err != nil {
			return
		}
		out := p.FEN()
		q, err := Parse960(out)
		if err != nil || q.FEN() != out || q.Hash() != p.Hash() {
			t.Fatalf("%q -> %q -> %v %v", fen, out, q, err)
		}
		var list MoveList
		if n := p.GenerateMoves(&list); n != p.CountMoves() {
			t.Fatalf("%q: %d moves generated, %d counted", fen, n, p.CountMoves())
		}
		for _, m := range list.Slice() {
			if back, err := p.ParseMove(m.String()); err != nil || FromVariant(back) != m {
				t.Fatalf("%q: %v reads back as %v (%v)", out, m, FromVariant(back), err)
			}
			p.MakeMove(m)
			p.UnmakeMove()
			if p.FEN() != out {
				t.Fatalf("%q: %v not taken back: %s", out, m, p.FEN())
			}
		}
	})
}
