package russian

import (
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"varchess/variants"
)

// Start arrays for random play: the official one, plus arrays where some
// types take no part (so rolls of them pass and promotions are limited),
// and stacks that only a FEN can make (a King under own checkers).
var diffStarts = []string{
	StartFEN,
	"rbqknr/pppppp/6/6/PPPPPP/RBQKNR w - 0 1",
	"3k2/pppppp/6/6/PPPPPP/3K2 w - 0 1",
	"1n1k2/pppppp/6/6/PPPPPP/1N1K2 w - 0 1",
	"k5/2(Pnq)3/1(RpB)4/6/(KN)P1r2/6 b - 0 1",
	"2k3/1P4/6/1(rR)4/4(Kb)1/(qQ)5 w - 0 1",
	"5k/3(pP)2/6/2p3/4P1/K5 w - 0 1",
}

func sortedNames(p *Position, moves []variants.Move) []string {
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = p.MoveString(m)
	}
	sort.Strings(out)
	return out
}

// compareWithReference checks one position against the reference: move
// lists under all six faces, per-type counts, status, FEN/hash round trip.
func compareWithReference(t *testing.T, p *Position, ref *refPos) {
	t.Helper()
	fen := p.FEN()
	if got, want := fenNoRoll(fen), ref.fen(); got != want {
		t.Fatalf("FEN differs:\n fast %s\n ref  %s", got, want)
	}
	q, err := Parse(fen)
	if err != nil {
		t.Fatalf("reparse %q: %v", fen, err)
	}
	if q.Hash() != p.Hash() {
		t.Fatalf("hash of %q differs from a fresh parse", fen)
	}
	var byType [7]uint64
	for _, f := range []byte(variants.DieFaces) {
		ft, _ := FaceType(f)
		got := strings.Join(sortedNames(p, p.MovesForFace(ft, nil)), " ")
		want := strings.Join(ref.movesFor(f), " ")
		if got != want {
			t.Fatalf("%s face %c:\n fast %s\n ref  %s", fen, f, got, want)
		}
	}
	if !p.kingTaken() {
		for _, m := range p.legalMoves(King, nil) {
			byType[MinFace(m)]++
		}
	}
	if c := p.CountByType(); !p.kingTaken() && c != byType {
		t.Fatalf("%s: CountByType %v, list gives %v", fen, c, byType)
	}
	st := p.Status()
	want := ref.status()
	got := ""
	switch st.Outcome {
	case variants.WhiteWins:
		got = "white"
	case variants.BlackWins:
		got = "black"
	case variants.Draw:
		got = "draw"
	}
	if strings.Contains(st.Reason, "repetition") || strings.Contains(st.Reason, "100 plies") {
		got = "" // the reference knows R8 a-c only
	}
	if got != want {
		t.Fatalf("%s: status %q (%s), reference %q", fen, got, st.Reason, want)
	}
}

// compareCaptures: Captures lists exactly the captures of AllMoves, in
// the same order.
func compareCaptures(t *testing.T, p *Position) {
	t.Helper()
	var want []variants.Move
	for _, m := range p.AllMoves(nil) {
		if IsCaptureMove(m) {
			want = append(want, m)
		}
	}
	got := p.Captures(nil)
	if len(got) != len(want) {
		t.Fatalf("%s: %d captures, AllMoves has %d", p.FEN(), len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("%s: capture %d is %s, AllMoves has %s", p.FEN(), i, p.MoveString(got[i]), p.MoveString(want[i]))
		}
	}
}

func fenNoRoll(fen string) string {
	f := strings.Fields(fen)
	f[2] = "-"
	return strings.Join(f, " ")
}

// TestDifferential plays random games with random rolls and compares the
// fast generator with the reference after every ply; it also checks that
// Unmake restores FEN and hash exactly.
func TestDifferential(t *testing.T) {
	games := 120
	if testing.Short() {
		games = 40
	}
	rng := rand.New(rand.NewPCG(7, 11))
	positions := 0
	// What the games went through, so a reader can see the rules that
	// matter were exercised: tall stacks, freed prisoners, promotions,
	// forced passes, captured kings, mates.
	var tall, freed, promos, passes, kingCaps, mates int
	for g := 0; g < games; g++ {
		start := diffStarts[g%len(diffStarts)]
		p, err := Parse(start)
		if err != nil {
			t.Fatal(err)
		}
		ref, _ := refParse(start)
		for ply := 0; ply < 120; ply++ {
			compareWithReference(t, p, ref)
			compareCaptures(t, p)
			positions++
			face := variants.DieFaces[rng.IntN(6)]
			if err := p.SetRoll(face); err != nil {
				t.Fatal(err)
			}
			moves := p.Moves(nil)
			if len(moves) == 0 {
				if p.Status().Reason == "checkmate" {
					mates++
				}
				break
			}
			m := moves[rng.IntN(len(moves))]
			name := p.MoveString(m)
			switch {
			case IsPass(m):
				passes++
			case Promotion(m) != NoType:
				promos++
			case CapturesKing(m):
				kingCaps++
			}
			if !IsPass(m) && Count(m) < p.Height(From(m)) && p.Checker(From(m), p.Height(From(m))-Count(m)-1).Color() != p.side {
				freed++
			}
			if !IsPass(m) && p.Height(To(m))+Count(m) >= 5 {
				tall++
			}
			parsed, err := p.ParseMove(name)
			if err != nil || parsed != m {
				t.Fatalf("%s: ParseMove(%q) = %v, %v", p.FEN(), name, parsed, err)
			}
			before, hash := p.FEN(), p.Hash()
			p.Make(m)
			if p.Roll() != 0 {
				t.Fatalf("roll not cleared after Make")
			}
			if rng.IntN(4) == 0 {
				p.Unmake()
				if p.FEN() != before || p.Hash() != hash {
					t.Fatalf("unmake %s: %s / %s", name, p.FEN(), before)
				}
				p.Make(m)
			}
			ref = ref.next(name)
			if ref == nil {
				t.Fatalf("%s: reference rejects %s", before, name)
			}
		}
	}
	t.Logf("%d positions compared; moves building stacks of 5+: %d, freeing prisoners: %d, promotions: %d, passes: %d, king captures: %d, mates: %d",
		positions, tall, freed, promos, passes, kingCaps, mates)
	if tall == 0 || freed == 0 || promos == 0 || passes == 0 || kingCaps == 0 {
		t.Errorf("random play missed a rule; change the seed or the start arrays")
	}
}

// TestPerftAgainstReference compares both perft flavours of both
// implementations on positions from random play.
func TestPerftAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	n := 40
	if testing.Short() {
		n = 10
	}
	for i := 0; i < n; i++ {
		p, _ := Parse(diffStarts[i%len(diffStarts)])
		for ply := rng.IntN(40); ply > 0; ply-- {
			p.SetRoll(variants.DieFaces[rng.IntN(6)])
			moves := p.Moves(nil)
			if len(moves) == 0 {
				break
			}
			p.Make(moves[rng.IntN(len(moves))])
		}
		fen := p.FEN()
		ref, _ := refParse(fen)
		for _, f := range []byte("KQRBNP") {
			if got, want := p.Perft(2, variants.PerftOptions{Face: f}), ref.refPerft(2, f, false); got != want {
				t.Fatalf("%s face %c depth 2: fast %d, reference %d", fen, f, got, want)
			}
		}
		if got, want := p.Perft(2, variants.PerftOptions{Dice: true}), ref.refPerft(2, 0, true); got != want {
			t.Fatalf("%s dice depth 2: fast %d, reference %d", fen, got, want)
		}
		if p.FEN() != fen {
			t.Fatalf("perft changed the position: %s -> %s", fen, p.FEN())
		}
	}
}
