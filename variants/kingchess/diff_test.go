package kingchess

import (
	"math/rand/v2"
	"slices"
	"sort"
	"testing"

	"varchess/variants"
)

// randomDropAction tries to build a random legal drop action of up to
// maxPieces pieces; ok is false if none was found quickly.
func randomDropAction(p *Position, rng *rand.Rand, maxPieces int) (variants.Move, bool) {
	us := p.side
	var pool []PieceType
	for t := King; t <= Pawn; t++ {
		for i := uint8(0); i < p.hand[us][t]; i++ {
			pool = append(pool, t)
		}
	}
	zone := p.DropZone()
	var sqs []int
	for z := zone; z != 0; {
		sqs = append(sqs, int(z.PopFirst()))
	}
	if len(pool) == 0 || len(sqs) == 0 {
		return variants.NoMove, false
	}
	for try := 0; try < 50; try++ {
		k := 1 + rng.IntN(min(maxPieces, len(pool), len(sqs)))
		rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
		if p.hand[us][King] > 0 {
			i := slices.Index(pool, King)
			pool[0], pool[i] = pool[i], pool[0]
		}
		rng.Shuffle(len(sqs), func(i, j int) { sqs[i], sqs[j] = sqs[j], sqs[i] })
		ps := make([]Placement, k)
		for i := range ps {
			ps[i] = Placement{Type: pool[i], Sq: squareOf(sqs[i])}
		}
		if m, err := p.BuildDropAction(ps); err == nil {
			return m, true
		}
	}
	return variants.NoMove, false
}

// randomGame plays random plies from the start and returns the FEN of
// every position met. Big drop actions early keep reserves shrinking.
func randomGame(rng *rand.Rand, single bool, plies int) []string {
	p, _ := parse(StartFEN, single)
	var fens []string
	for i := 0; i < plies; i++ {
		fens = append(fens, p.FEN())
		moves := p.Moves(nil)
		var m variants.Move
		if !single && rng.IntN(3) == 0 {
			if d, ok := randomDropAction(p, rng, 1+rng.IntN(8)); ok {
				m = d
			}
		}
		if m.IsNone() {
			if len(moves) == 0 {
				break
			}
			m = moves[rng.IntN(len(moves))]
		}
		p.Make(m)
	}
	return fens
}

func handSize(p *Position, c variants.Color) int {
	n := 0
	for _, k := range p.hand[c] {
		n += int(k)
	}
	return n
}

func refStrings(ms []refMove) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.String()
	}
	sort.Strings(out)
	return out
}

func fastStrings(p *Position, ms []variants.Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = p.MoveString(m)
	}
	sort.Strings(out)
	return out
}

// allPlies lists every legal ply of the fast generator, drop actions of
// any size included.
func allPlies(p *Position) []variants.Move {
	ms := p.genOrdinary(nil)
	p.ForEachDropAction(func(m variants.Move) { ms = append(ms, m) })
	return ms
}

// checkAgainstReference compares the fast generator with the reference on
// one position. full asks for the complete list of drop actions.
func checkAgainstReference(t *testing.T, fen string, single, full bool) {
	t.Helper()
	p, err := parse(fen, single)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	if got := p.FEN(); got != fen {
		t.Fatalf("FEN round trip: %q -> %q", fen, got)
	}
	r, err := refFromFEN(fen, single)
	if err != nil {
		t.Fatal(err)
	}
	if got := r.fen(); got != fen {
		t.Fatalf("reference FEN differs: %q vs %q", got, fen)
	}
	// Listed plies: ordinary moves and single drops.
	want := refStrings(r.legalUpTo(1))
	got := fastStrings(p, p.Moves(nil))
	if !slices.Equal(got, want) {
		t.Fatalf("%s: Moves differ\nfast %v\nref  %v", fen, got, want)
	}
	if p.InCheck() != r.inCheck() {
		t.Fatalf("%s: InCheck %v, reference %v", fen, p.InCheck(), r.inCheck())
	}
	if !full {
		return
	}
	refAll := r.legal()
	want = refStrings(refAll)
	all := allPlies(p)
	got = fastStrings(p, all)
	if !slices.Equal(got, want) {
		t.Fatalf("%s: all plies differ (%d vs %d)\nfast %v\nref  %v", fen, len(got), len(want), got, want)
	}
	if n := p.Perft(1, zeroOpt); n != uint64(len(refAll)) {
		t.Fatalf("%s: perft(1) = %d, reference %d", fen, n, len(refAll))
	}
	st := p.Status()
	switch {
	case len(refAll) == 0 && r.inCheck():
		if st.Reason != "checkmate" {
			t.Fatalf("%s: status %v, want checkmate", fen, st)
		}
	case len(refAll) == 0:
		if st.Reason != "stalemate" {
			t.Fatalf("%s: status %v, want stalemate", fen, st)
		}
	case st.Reason == "checkmate" || st.Reason == "stalemate":
		t.Fatalf("%s: status %v with %d legal plies", fen, st, len(refAll))
	}
	// Make/unmake of every ply against the reference's apply.
	byString := map[string]refMove{}
	for _, m := range refAll {
		byString[m.String()] = m
	}
	hash := p.Hash()
	for _, m := range all {
		s := p.MoveString(m)
		pm, err := p.ParseMove(s)
		if err != nil || pm != m {
			t.Fatalf("%s: ParseMove(%q) = %v, %v; want %v", fen, s, pm, err, m)
		}
		p.Make(m)
		after := p.FEN()
		if want := r.apply(byString[s]).fen(); after != want {
			t.Fatalf("%s after %s:\nfast %s\nref  %s", fen, s, after, want)
		}
		if p.Hash() != p.computeHash() {
			t.Fatalf("%s after %s: incremental hash differs", fen, s)
		}
		q, err := parse(after, single)
		if err != nil || q.Hash() != p.Hash() {
			t.Fatalf("%s after %s: FEN %q does not read back (%v)", fen, s, after, err)
		}
		p.Unmake()
		if p.FEN() != fen || p.Hash() != hash {
			t.Fatalf("%s: unmake of %s gives %s", fen, s, p.FEN())
		}
	}
}

func TestDifferentialRandomPlay(t *testing.T) {
	games := 20
	if testing.Short() {
		games = 15
	}
	for _, single := range []bool{true, false} {
		rng := rand.New(rand.NewPCG(1, uint64(len("kingchess"))))
		checked, full := 0, 0
		for g := 0; g < games; g++ {
			for _, fen := range randomGame(rng, single, 80) {
				p, _ := parse(fen, single)
				small := handSize(p, p.side) <= 3 || (single && handSize(p, p.side) <= 16)
				if !small && rng.IntN(4) != 0 {
					continue
				}
				checkAgainstReference(t, fen, single, small)
				checked++
				if small {
					full++
				}
			}
		}
		t.Logf("single=%v: %d positions, %d with every drop action compared", single, checked, full)
	}
}
