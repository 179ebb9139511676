package kingchess

import (
	"math/rand"
	"strings"
	"testing"

	bb "varchess/variants/bitboard"
)

// checkNullRoundTrip passes the turn in p, checks the position after the
// null move (side flipped, ep gone, hash equal to a hash from scratch and
// to the hash of the FEN read back), lets the opponent make and take back
// each of a few plies, then takes the null move back and checks that FEN
// and hash are exactly the ones before.
func checkNullRoundTrip(t *testing.T, p *Position) {
	t.Helper()
	fen, hash := p.FEN(), p.Hash()
	side := p.SideToMove()
	p.MakeNull()
	if p.SideToMove() == side {
		t.Fatalf("%s: MakeNull did not pass the turn", fen)
	}
	if p.EPSquare() != bb.NoSquare {
		t.Fatalf("%s: en passant survived the null move", fen)
	}
	if h := p.computeHash(); h != p.Hash() {
		t.Fatalf("%s: hash after MakeNull %x, from scratch %x", fen, p.Hash(), h)
	}
	if p.Hash() == hash {
		t.Fatalf("%s: hash unchanged by the null move", fen)
	}
	q, err := parse(p.FEN(), p.single)
	if err != nil {
		t.Fatalf("%s: FEN after MakeNull %q does not parse: %v", fen, p.FEN(), err)
	}
	if q.Hash() != p.Hash() {
		t.Fatalf("%s: hash after MakeNull differs from its FEN %q", fen, p.FEN())
	}
	for i, m := range p.Moves(nil) {
		if i >= 5 {
			break
		}
		p.Make(m)
		p.Unmake()
	}
	p.UnmakeNull()
	if got := p.FEN(); got != fen {
		t.Fatalf("FEN after UnmakeNull %q, want %q", got, fen)
	}
	if p.Hash() != hash {
		t.Fatalf("%s: hash after UnmakeNull %x, want %x", fen, p.Hash(), hash)
	}
}

func TestNullMoveRestoresExactly(t *testing.T) {
	// An en-passant right (a white pawn next to the double-stepped pawn)
	// that the null move must clear and UnmakeNull must bring back.
	for _, fen := range []string{
		"4k3/8/8/3Pp3/8/8/8/4K3[QRBNqrbn] w - e6 0 12",
		"r3k2r/8/8/8/3pP3/8/8/R3K2R[Bb] b KQkq e3 4 20",
		"4k3/8/8/8/8/8/8/4K3[QRRBBNNPPPPPPPPqrrbbnnpppppppp] w Ee - 0 2",
	} {
		for _, single := range []bool{false, true} {
			p := mustParse(t, fen, single)
			if hasEP := strings.Contains(fen, " e6 ") || strings.Contains(fen, " e3 "); hasEP && p.EPSquare() == bb.NoSquare {
				t.Fatalf("%s: the test needs the en-passant square kept", fen)
			}
			checkNullRoundTrip(t, p)
		}
	}
}

// Random games of both variants: at every position where a null move is
// allowed (King on the board, not in check), the round trip is exact.
func TestNullMoveRandomGames(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	checked := 0
	for game := 0; game < 40; game++ {
		single := game%2 == 1
		p := mustParse(t, StartFEN, single)
		for ply := 0; ply < 80; ply++ {
			if _, ok := p.KingSquare(p.SideToMove()); ok && !p.InCheck() {
				checkNullRoundTrip(t, p)
				checked++
			}
			moves := p.Moves(nil)
			if len(moves) == 0 {
				break
			}
			p.Make(moves[rng.Intn(len(moves))])
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d positions checked", checked)
	}
}
