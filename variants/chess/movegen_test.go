package chess

import (
	"math/rand/v2"
	"slices"
	"sort"
	"testing"

	"varchess/variants"
	bb "varchess/variants/bitboard"
)

// Start points for random play: the initial position and the classic
// perft positions, which reach castling, en passant and promotions fast.
var randomStarts = []string{
	StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1",
	"8/8/8/KPp4r/8/8/8/7k w - c6 0 1",
	"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
}

// randomPositions plays random games and calls visit on each position
// reached, n positions in all. visit must leave p as it found it.
func randomPositions(t testing.TB, seed uint64, n int, visit func(p *Position)) {
	rng := rand.New(rand.NewPCG(seed, seed^0x5DEECE66D))
	seen := 0
	for seen < n {
		p, err := Parse(randomStarts[rng.IntN(len(randomStarts))])
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 300 && seen < n; ply++ {
			visit(p)
			seen++
			if p.Status().Over() {
				break
			}
			var list MoveList
			p.GenerateMoves(&list)
			p.MakeMove(pickRandom(p, &list, rng))
		}
	}
}

// pickRandom picks a random move, but half of the time one that mates or
// stalemates when there is one, so that games end that way often enough.
func pickRandom(p *Position, list *MoveList, rng *rand.Rand) Move {
	if rng.IntN(2) == 0 {
		for _, m := range list.Moves[:list.N] {
			p.MakeMove(m)
			ends := p.CountMoves() == 0
			p.UnmakeMove()
			if ends {
				return m
			}
		}
	}
	return list.Moves[rng.IntN(list.N)]
}

func moveStrings(ms []Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.String()
	}
	sort.Strings(out)
	return out
}

func TestGeneratorMatchesReference(t *testing.T) {
	n := 20000
	if testing.Short() {
		n = 3000
	}
	randomPositions(t, 1, n, func(p *Position) {
		var list MoveList
		got := moveStrings(list.Moves[:p.GenerateMoves(&list)])
		ref := refFromPosition(p)
		want := ref.legal()
		if !slices.Equal(got, want) {
			t.Fatalf("%s:\n fast %v\n ref  %v", p.FEN(), got, want)
		}
		if c := p.CountMoves(); c != list.N {
			t.Fatalf("%s: CountMoves %d, GenerateMoves %d", p.FEN(), c, list.N)
		}
		// Accessors agree with the board.
		var wantCaps []string
		for _, m := range list.Moves[:list.N] {
			if m.MovingPiece() != p.PieceAt(m.From()) {
				t.Fatalf("%s %v: moving piece %v, board %v", p.FEN(), m, m.MovingPiece(), p.PieceAt(m.From()))
			}
			if !m.IsEnPassant() && m.CapturedPiece() != p.PieceAt(m.To()) {
				t.Fatalf("%s %v: captured %v, board %v", p.FEN(), m, m.CapturedPiece(), p.PieceAt(m.To()))
			}
			if m.IsCapture() || m.IsPromotion() {
				wantCaps = append(wantCaps, m.String())
			}
		}
		sort.Strings(wantCaps)
		var caps MoveList
		gotCaps := moveStrings(caps.Moves[:p.GenerateCaptures(&caps)])
		if !slices.Equal(gotCaps, wantCaps) {
			t.Fatalf("%s: captures %v, want %v", p.FEN(), gotCaps, wantCaps)
		}
		if p.Hash()%8 == 0 { // a sample: the square-by-square check is slow
			for c := variants.White; c <= variants.Black; c++ {
				m := p.AttackMap(c)
				for s := 0; s < 64; s++ {
					if m.Has(bb.Square(s)) != ref.attacked(s, c) {
						t.Fatalf("%s: AttackMap(%v) square %v: %v", p.FEN(), c, bb.Square(s), m.Has(bb.Square(s)))
					}
				}
			}
		}
		if inCheck := ref.attacked(int(p.KingSquare(p.SideToMove())), p.SideToMove()^1); inCheck != p.InCheck() {
			t.Fatalf("%s: InCheck %v, reference %v", p.FEN(), p.InCheck(), inCheck)
		}
	})
}

// TestMakeUnmake checks that every move's incremental state (hash
// included) equals the state parsed from scratch, and that unmaking
// restores the position exactly.
func TestMakeUnmake(t *testing.T) {
	n := 5000
	if testing.Short() {
		n = 1000
	}
	randomPositions(t, 2, n, func(p *Position) {
		before, hash := p.FEN(), p.Hash()
		var list MoveList
		p.GenerateMoves(&list)
		for _, m := range list.Moves[:list.N] {
			p.MakeMove(m)
			q, err := Parse(p.FEN())
			if err != nil {
				t.Fatalf("%s after %v: FEN %q does not parse: %v", before, m, p.FEN(), err)
			}
			if q.Hash() != p.Hash() || q.board != p.board || q.pieces != p.pieces || q.occ != p.occ {
				t.Fatalf("%s after %v: incremental state differs from parsed %s", before, m, p.FEN())
			}
			p.UnmakeMove()
			if p.FEN() != before || p.Hash() != hash {
				t.Fatalf("%s: unmake of %v gave %s", before, m, p.FEN())
			}
		}
		if !p.InCheck() {
			p.MakeNull()
			if p.SideToMove() == q(p).SideToMove() && p.Hash() != q(p).Hash() {
				t.Fatalf("%s: null move hash", before)
			}
			p.UnmakeNull()
			if p.FEN() != before || p.Hash() != hash {
				t.Fatalf("%s: unmake null gave %s", before, p.FEN())
			}
		}
	})
}

// q re-parses p's FEN.
func q(p *Position) *Position {
	r, err := Parse(p.FEN())
	if err != nil {
		panic(err)
	}
	return r
}

// TestPerftLeavesFENUnchanged checks that Perft and Divide restore the
// position and that Divide sums to Perft.
func TestPerftLeavesFENUnchanged(t *testing.T) {
	randomPositions(t, 3, 300, func(p *Position) {
		before := p.FEN()
		var sum uint64
		for _, d := range p.Divide(2, variants.PerftOptions{}) {
			sum += d.Nodes
		}
		if p.FEN() != before {
			t.Fatalf("divide changed %s into %s", before, p.FEN())
		}
		if p.Perft(3, variants.PerftOptions{}); p.FEN() != before {
			t.Fatalf("perft changed %s into %s", before, p.FEN())
		}
		if n := p.PerftCount(2); n != sum {
			t.Fatalf("%s: divide sums to %d, perft 2 is %d", before, sum, n)
		}
	})
}
