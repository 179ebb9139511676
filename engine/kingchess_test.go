package engine

import (
	"context"
	"math"
	"math/rand"
	"os"
	"slices"
	"strings"
	"testing"

	"varchess/variants"
	bb "varchess/variants/bitboard"
	"varchess/variants/kingchess"
)

func mustKC(t testing.TB, fen string, single bool) *kingchess.Position {
	t.Helper()
	parse := kingchess.Parse
	if single {
		parse = kingchess.Parse1
	}
	p, err := parse(fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	return p
}

// kcDoubleCheckFEN: White is in double check (rook e5, bishop a5), the King
// cannot step (d1, f1, f2 are its own; d2 and e2 are attacked) and nothing
// can capture: only a drop action with a piece on e2-e4 AND one on b4-d2
// saves it. Moves lists nothing; it is not mate.
const kcDoubleCheckFEN = "6k1/8/8/b3r3/8/8/5P2/3QKB2[RRBNNPPPPPPPqrbnnpppppppp] w - - 0 10"

// kcMirrorFEN flips a kingchess FEN top to bottom and swaps the colours.
// The flip changes the colour of every square, so the bishop field swaps
// l and d too.
func kcMirrorFEN(t *testing.T, fen string) string {
	t.Helper()
	f := strings.Fields(fen)
	boardRes := f[0]
	i := strings.IndexByte(boardRes, '[')
	board, res := boardRes[:i], boardRes[i:]
	out := []string{mirrorBoard(board) + swapCase(res)}
	out = append(out, map[string]string{"w": "b", "b": "w"}[f[1]])
	castle := "-"
	if f[2] != "-" {
		sw := swapCase(f[2])
		castle = ""
		for _, c := range "KQEkqe" {
			if strings.ContainsRune(sw, c) {
				castle += string(c)
			}
		}
	}
	out = append(out, castle)
	ep := f[3]
	if ep != "-" {
		ep = string(ep[0]) + string(rune('1'+'8'-ep[1]))
	}
	out = append(out, ep)
	out = append(out, f[4:6]...)
	if len(f) > 6 {
		lc := func(c byte) byte { return map[byte]byte{'l': 'd', 'd': 'l', '-': '-'}[c] }
		out = append(out, string([]byte{lc(f[6][1]), lc(f[6][0])}))
	}
	return strings.Join(out, " ")
}

// kcRandomPositions plays random candidate plies from the start (and from
// the double-check position) and returns the FENs seen.
func kcRandomPositions(t *testing.T, single bool, games, plies int) []string {
	rng := rand.New(rand.NewSource(7))
	var fens []string
	starts := []string{kingchess.StartFEN}
	if !single {
		starts = append(starts, kcDoubleCheckFEN)
	}
	for g := 0; g < games; g++ {
		p := mustKC(t, starts[g%len(starts)], single)
		ev := newKCEvaluator(p, single)
		for ply := 0; ply < plies; ply++ {
			fens = append(fens, p.FEN())
			ms := ev.Candidates(nil)
			if len(ms) == 0 {
				break
			}
			p.Make(ms[rng.Intn(len(ms))])
		}
	}
	return fens
}

func TestKCEvalMirrorSymmetry(t *testing.T) {
	for _, single := range []bool{false, true} {
		for _, fen := range kcRandomPositions(t, single, 12, 40) {
			mf := kcMirrorFEN(t, fen)
			a := newKCEvaluator(mustKC(t, fen, single), single).Evaluate()
			b := newKCEvaluator(mustKC(t, mf, single), single).Evaluate()
			if a != b {
				t.Fatalf("eval %d for %s but %d for its mirror %s", a, fen, b, mf)
			}
		}
	}
}

// TestKCCandidatesLegal checks every candidate against the rules package,
// and that the list is empty exactly when the game ends by mate or
// stalemate (Status counts drop actions exactly).
func TestKCCandidatesLegal(t *testing.T) {
	for _, single := range []bool{false, true} {
		multiSeen := 0
		for _, fen := range kcRandomPositions(t, single, 16, 60) {
			p := mustKC(t, fen, single)
			legal := map[variants.Move]bool{}
			for _, m := range p.Moves(nil) {
				legal[m] = true
			}
			ms := newKCEvaluator(p, single).Candidates(nil)
			seen := map[variants.Move]bool{}
			for _, m := range ms {
				if seen[m] {
					t.Fatalf("%s: candidate %s listed twice", fen, kingchess.FormatMove(m))
				}
				seen[m] = true
				if kingchess.IsDrop(m) {
					if !p.LegalDropAction(m) {
						t.Fatalf("%s: illegal drop candidate %s", fen, kingchess.FormatMove(m))
					}
					if kingchess.DropTargets(m).Count() > 1 {
						multiSeen++
					}
				} else if !legal[m] {
					t.Fatalf("%s: illegal candidate %s", fen, kingchess.FormatMove(m))
				}
			}
			st := p.Status()
			ended := st.Reason == "checkmate" || st.Reason == "stalemate"
			if ended != (len(ms) == 0) {
				t.Fatalf("%s: status %q but %d candidates", fen, st.Reason, len(ms))
			}
		}
		if !single && multiSeen == 0 {
			t.Fatal("no multi-drop candidate in kingchess")
		}
		if single && multiSeen != 0 {
			t.Fatal("multi-drop candidate in kingchess1")
		}
	}
}

func TestKCMoveDecoding(t *testing.T) {
	for _, fen := range kcRandomPositions(t, false, 6, 60) {
		p := mustKC(t, fen, false)
		for _, m := range p.Moves(nil) {
			if kingchess.IsDrop(m) {
				pt, sq, single := kcSingleDrop(m)
				pl := kingchess.DropPlacements(m)
				if !single || len(pl) != 1 || pl[0] != (kingchess.Placement{Type: pt, Sq: sq}) {
					t.Fatalf("%s: drop %s decoded as %v %v %v", fen, kingchess.FormatMove(m), pt, sq, single)
				}
				continue
			}
			if _, _, single := kcSingleDrop(m); single {
				t.Fatalf("%s: move %s decoded as a drop", fen, kingchess.FormatMove(m))
			}
			want := kcFrom(m).String() + kcTo(m).String()
			if pr := kcPromo(m); pr != 0 {
				want += strings.ToLower(string(pr.Letter()))
			}
			if got := kingchess.FormatMove(m); got != want {
				t.Fatalf("%s: move %s decoded as %s", fen, got, want)
			}
			if noisy, _ := newKCEvaluator(p, false).Classify(m); noisy != (p.IsCapture(m) || kcPromo(m) == kingchess.Queen) {
				t.Fatalf("%s: %s classified noisy=%v", fen, kingchess.FormatMove(m), noisy)
			}
		}
	}
}

func TestKCDoubleCheckBlock(t *testing.T) {
	p := mustKC(t, kcDoubleCheckFEN, false)
	if n := len(p.Moves(nil)); n != 0 {
		t.Fatalf("test position: Moves lists %d plies, want 0", n)
	}
	if st := p.Status(); st.Outcome != variants.Ongoing {
		t.Fatalf("test position: status %v", st)
	}
	for _, single := range []bool{false, true} {
		e := New(Options{HashMB: 4})
		search := e.Search
		if single {
			search = e.SearchSingleDrops
		}
		res := search(context.Background(), p, Limits{Depth: 4}, nil)
		m := res.Best
		if !kingchess.IsDrop(m) || kingchess.DropTargets(m).Count() < 2 || !p.LegalDropAction(m) {
			t.Fatalf("single=%v: best %q is not a legal multi-drop block", single, kingchess.FormatMove(m))
		}
		if res.Mate < 0 {
			t.Fatalf("single=%v: the search thinks it is mated (mate %d)", single, res.Mate)
		}
		q := p.Clone()
		q.Make(m)
		if q.Status().Outcome != variants.Ongoing {
			t.Fatalf("after %s the game is over", kingchess.FormatMove(m))
		}
		k, _ := p.KingSquare(variants.White)
		qp := q.(*kingchess.Position)
		if kcAttackersTo(qp, k, qp.Occupied(variants.White)|qp.Occupied(variants.Black), variants.Black) != 0 {
			t.Fatalf("block %s leaves the King in check", kingchess.FormatMove(m))
		}
	}
}

func TestKC1SearchDropsKingFirst(t *testing.T) {
	p := mustKC(t, kingchess.StartFEN, true)
	res := New(Options{HashMB: 4}).Search(context.Background(), p, Limits{Depth: 4}, nil)
	pl := kingchess.DropPlacements(res.Best)
	if len(pl) != 1 || pl[0].Type != kingchess.King || !p.LegalDropAction(res.Best) {
		t.Fatalf("best %q is not a legal King drop", kingchess.FormatMove(res.Best))
	}
	// A sensible square: the back rank, not near the centre line.
	if pl[0].Sq.Rank() != 0 {
		t.Errorf("King dropped on %s, want the first rank", pl[0].Sq)
	}
}

// TestKCSearchFindsDropMate: a drop that mates must be found (the search
// treats drops as quiet plies, so this checks they are not pruned away).
// Black's King on a5 is boxed in by the rook on b8 and the knight on c5; a
// queen or rook dropped on the a-file mates.
func TestKCSearchFindsDropMate(t *testing.T) {
	p := mustKC(t, "1R6/8/8/k1N5/8/8/8/7K[Q] w - - 0 20", false)
	res := New(Options{HashMB: 4}).Search(context.Background(), p, Limits{Depth: 4}, nil)
	if res.Mate != 1 || !kingchess.IsDrop(res.Best) {
		t.Fatalf("best %s mate %d, want a mating drop", kingchess.FormatMove(res.Best), res.Mate)
	}
	q := p.Clone()
	q.Make(res.Best)
	if st := q.Status(); st.Outcome != variants.WhiteWins {
		t.Fatalf("%s does not mate: %v", kingchess.FormatMove(res.Best), st)
	}
}

// TestKCNullMove: passing is allowed only with the King on the board and a
// waiting ply that is not a King or pawn move; MakeNull/UnmakeNull through
// the evaluator restore the position exactly.
func TestKCNullMove(t *testing.T) {
	for _, tc := range []struct {
		fen  string
		want bool
	}{
		{kingchess.StartFEN, false},                              // King in hand
		{"6k1/8/8/8/8/8/8/8[KQq] w - - 0 2", false},              // still in hand
		{"6k1/8/8/8/8/8/8/6K1[Pq] w - - 0 3", true},              // a pawn in hand
		{"6k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 30", false},          // K+P only
		{"6k1/5ppp/8/8/8/8/5PPP/5NK1 w - - 0 30", true},          // a knight
		{"6k1/5ppp/8/8/8/8/5PPP/5NK1 b - - 0 30", false},         // Black: K+P
		{"6k1/5ppp/8/8/8/8/5PPP/6K1[QRBNqrbn] b - - 0 30", true}, // reserve
	} {
		p := mustKC(t, tc.fen, true)
		ev := newKCEvaluator(p, true)
		if got := ev.NullAllowed(); got != tc.want {
			t.Errorf("%s: NullAllowed %v, want %v", tc.fen, got, tc.want)
		}
		if !tc.want {
			continue
		}
		fen, hash := p.FEN(), p.Hash()
		ev.MakeNull()
		if p.SideToMove() == mustKC(t, fen, true).SideToMove() || p.Hash() == hash {
			t.Errorf("%s: MakeNull did not pass the turn", fen)
		}
		ev.UnmakeNull()
		if p.FEN() != fen || p.Hash() != hash {
			t.Errorf("%s: after UnmakeNull %s", fen, p.FEN())
		}
	}
}

// TestKCThreatened: the knight on c3 forks White's queen (defended by the
// King: the exchange wins 950-320) and the loose rook on b5 (500). White
// to move saves one of them and loses the other: a small charge for the
// queen, half the rook.
func TestKCThreatened(t *testing.T) {
	p := mustKC(t, "4k3/8/8/1R6/8/2n5/8/3QK3 w - - 0 20", true)
	want := 630*kcThreatFirst/64 + 500*kcThreatSecond/64
	if got := kcThreatOf(p, variants.White); got != want {
		t.Errorf("White threatened %d, want %d", got, want)
	}
	if got := kcThreatOf(p, variants.Black); got != 0 {
		t.Errorf("Black's knight is not attacked, threatened %d", got)
	}
	// Without the knight nothing is attacked.
	q := mustKC(t, "4k3/8/8/1R6/8/8/8/3QK3 w - - 0 20", true)
	if got := kcThreatOf(q, variants.White); got != 0 {
		t.Errorf("no attacker, threatened %d", got)
	}
}

// kcThreatOf is the threatened term of side c in p.
func kcThreatOf(p *kingchess.Position, c variants.Color) int {
	ev := newKCEvaluator(p, true)
	var a kcAttackMap
	ev.attackMap(&a, p.Occupied(variants.White)|p.Occupied(variants.Black))
	return ev.threatened(c, &a)
}

// kcDangerOf is the king danger of side c in p.
func kcDangerOf(t *testing.T, fen string, c variants.Color) int {
	p := mustKC(t, fen, true)
	ev := newKCEvaluator(p, true)
	occ := p.Occupied(variants.White) | p.Occupied(variants.Black)
	var a kcAttackMap
	ev.attackMap(&a, occ)
	return ev.kingDanger(c, occ, &a)
}

// TestKCKingDanger: a King on an open line is in danger from a queen in
// the enemy reserve; a pawn shelter, or no queen in hand, lowers it; a
// King still in hand has none.
func TestKCKingDanger(t *testing.T) {
	open := kcDangerOf(t, "4k3/8/8/8/8/8/8/4K3[QRRBBNNPPPPPPPPqrrbbnnpppppppp] w Ee - 0 2", variants.White)
	shelter := kcDangerOf(t, "4k3/8/8/8/8/8/3PPP2/4K3[QRRBBNNPPPPPqrrbbnnpppppppp] w Ee - 0 5", variants.White)
	noQueen := kcDangerOf(t, "4k3/8/8/8/8/8/8/4K3[QRRBBNNPPPPPPPPrrbbnnpppppppp] w Ee - 0 2", variants.White)
	if open <= shelter || open <= noQueen || shelter < 0 {
		t.Errorf("danger: open %d, behind pawns %d, no enemy queen %d: want open the largest", open, shelter, noQueen)
	}
	// The enemy queen on the board, attacking the zone, adds to it.
	attacked := kcDangerOf(t, "4k3/8/8/8/7q/8/8/4K3[QRRBBNNPPPPPPPPrrbbnnpppppppp] w Ee - 0 2", variants.White)
	if attacked <= noQueen {
		t.Errorf("danger with the enemy queen on h4 %d, not above %d without it", attacked, noQueen)
	}
	if d := kcDangerOf(t, "8/8/8/8/8/8/8/4K3[QRRBBNNPPPPPPPPkqrrbbnnpppppppp] b E - 0 1", variants.Black); d != 0 {
		t.Errorf("King in hand: danger %d", d)
	}
}

// TestKCSEE checks the exchange test on drops and captures: what a drop
// onto an attacked square loses, defended and undefended captures, x-ray
// recaptures through the first capturer.
func TestKCSEE(t *testing.T) {
	cases := []struct {
		fen, move string
		threshold int
		want      bool
	}{
		// A knight dropped where a pawn takes it.
		{"4k3/8/8/3p4/8/8/8/4K3[Nn] w - - 0 5", "N@e4", 0, false},
		{"4k3/8/8/3p4/8/8/8/4K3[Nn] w - - 0 5", "N@f4", 0, true},
		// Defended by our pawn, attacked by their knight: even.
		{"4k3/8/8/5n2/8/3P4/8/4K3[Nn] w - - 0 5", "N@e4", 0, true},
		{"4k3/8/8/5n2/8/3P4/8/4K3[Nn] w - - 0 5", "N@e4", 1, false},
		// A queen dropped on a rook's file, defended: loses Q for R.
		{"4k3/4r3/8/8/8/8/8/4R1K1[Qq] w - - 0 5", "Q@e4", 0, false},
		{"4k3/4r3/8/8/8/8/8/4R1K1[Qq] w - - 0 5", "Q@d4", 0, true},
		// Captures: undefended rook, defended pawn, x-ray recapture.
		{"4k3/8/8/1r6/8/8/8/1Q2K3[] w - - 0 20", "b1b5", 500, true},
		{"4k3/8/8/1r6/8/8/8/1Q2K3[] w - - 0 20", "b1b5", 501, false},
		{"4k3/2p5/1p6/8/8/8/8/1Q2K3[] w - - 0 20", "b1b6", 0, false},
		{"4k3/1r6/1r6/8/8/8/1R6/1R2K3[] w - - 0 20", "b2b6", 0, true},
		{"4k3/1r6/1r6/8/8/8/1R6/4K3[] w - - 0 20", "b2b6", 1, false},
	}
	for _, c := range cases {
		p := mustKC(t, c.fen, true)
		m, err := p.ParseMove(c.move)
		if err != nil {
			t.Fatalf("%s %s: %v", c.fen, c.move, err)
		}
		if got := newKCEvaluator(p, true).SEEAtLeast(m, c.threshold); got != c.want {
			t.Errorf("%s: SEE(%s) >= %d is %v, want %v", c.fen, c.move, c.threshold, got, c.want)
		}
	}
}

// TestKCExtendCheck: a check by a piece we win by taking it is not
// extended; a check we must block or step out of is.
func TestKCExtendCheck(t *testing.T) {
	cases := []struct {
		fen  string
		want bool
	}{
		{"4k3/8/8/8/8/8/8/r3K3[Rr] w - - 0 20", true},    // rook on the first rank: step or block
		{"4k3/8/8/8/8/8/4r3/4K3[] w - - 0 20", false},    // an undefended rook next to the King
		{"4k3/8/8/8/8/3n4/8/4K2R[] w - - 0 20", true},    // knight check, nothing takes it
		{"4k3/8/8/8/8/3n4/8/1B2K3[] w - - 0 20", false},  // the bishop takes the knight
		{"4k3/8/8/8/8/1Np5/3q4/4K3[] w - - 0 20", false}, // a defended queen taken by a knight
		{"4k3/8/8/8/2p5/3n4/2Q5/4K3[] w - - 0 20", true}, // a defended knight, only the queen takes
	}
	for _, c := range cases {
		p := mustKC(t, c.fen, true)
		if !p.InCheck() {
			t.Fatalf("%s: not in check", c.fen)
		}
		if got := newKCEvaluator(p, true).ExtendCheck(); got != c.want {
			t.Errorf("%s: ExtendCheck %v, want %v", c.fen, got, c.want)
		}
	}
}

// TestKCDropFork: a knight in the enemy reserve that could be dropped on
// e6 forks our queen and rook, which defend each other (we save the queen,
// the knight takes the rook and is taken: 500-320); a pawn dropped on e5
// forks knight and bishop, and the bishop takes it back; a knight fork of
// King and undefended queen costs the queen.
func TestKCDropFork(t *testing.T) {
	cases := []struct {
		fen  string
		want int
	}{
		{"4k3/8/8/8/3Q1R2/8/8/4K3[n] w - - 0 20", 500 - 320},
		{"4k3/8/8/8/3N1B2/8/8/4K3[p] w - - 0 20", 320 - 100},
		{"4k3/8/8/8/3N1B2/8/8/4K3[] w - - 0 20", 0},
		{"4k3/8/8/8/3K1Q2/8/8/8[n] w - - 0 20", 950},
	}
	for _, c := range cases {
		p := mustKC(t, c.fen, true)
		ev := newKCEvaluator(p, true)
		var a kcAttackMap
		ev.attackMap(&a, p.Occupied(variants.White)|p.Occupied(variants.Black))
		if got := ev.dropFork(variants.White, &a); got != c.want {
			t.Errorf("%s: drop fork %d, want %d", c.fen, got, c.want)
		}
	}
}

// TestKCOrderingAgainstFairy measures the static order of the candidate
// list (which decides, at low depth, the quiet drops searched before
// late-move pruning) on Fairy-Stockfish's plies in 40 kingchess1 games:
// the mean log2 of the rank its drop gets in our list. The order before
// the king-cover, shelter and support terms scored 3.19; the test fails
// if it falls back.
func TestKCOrderingAgainstFairy(t *testing.T) {
	data, err := os.ReadFile("testdata/kc1-fairy-games.txt")
	if err != nil {
		t.Fatal(err)
	}
	var drops int
	var sumLog float64
	for _, line := range strings.Split(string(data), "\n") {
		fs := strings.Fields(line)
		if len(fs) < 2 || strings.HasPrefix(line, "#") {
			continue
		}
		fairyWhite := fs[0] == "1"
		p := mustKC(t, "8/8/8/8/8/8/8/8[KQRRBBNNPPPPPPPPkqrrbbnnpppppppp] w - - 0 1", true)
		for i, mv := range fs[1:] {
			m, err := p.ParseMove(mv)
			if err != nil {
				break // the game ended with a ply our rules reject
			}
			if fairyToMove := (i%2 == 0) == fairyWhite; fairyToMove && i > 1 && kingchess.IsDrop(m) {
				cands := newKCEvaluator(p, true).Candidates(nil)
				r := slices.Index(cands, m)
				if r < 0 {
					t.Fatalf("%s: %s is not a candidate", p.FEN(), mv)
				}
				drops++
				sumLog += math.Log2(float64(r + 1))
			}
			p.Make(m)
		}
	}
	mean := sumLog / float64(drops)
	t.Logf("%d Fairy-Stockfish drops, mean log2 rank %.2f", drops, mean)
	if drops < 300 || mean > 3.12 {
		t.Errorf("%d drops, mean log2 rank %.2f: want at most 3.12", drops, mean)
	}
}

// TestKCKingCover: with a queen in the enemy reserve, the empty squares of
// our half on the open lines from our King e1 to the enemy half block
// drop checks; the squares in front of the King are its shelter.
func TestKCKingCover(t *testing.T) {
	p := mustKC(t, "4k3/8/8/8/8/8/8/4K3[QRRBBNNPPPPPPPPqrrbbnnpppppppp] w Ee - 0 2", true)
	block, shelter := newKCEvaluator(p, true).kingCover(variants.White, p.Occupied(variants.White)|p.Occupied(variants.Black))
	sq := func(s string) bb.Square { x, _ := bb.ParseSquare(s); return x }
	for _, s := range []string{"e2", "e3", "e4", "d2", "c3", "b4"} {
		if !block.Has(sq(s)) {
			t.Errorf("%s does not block a line to the King", s)
		}
	}
	for _, s := range []string{"f2", "g3", "h4", "d1", "a1"} {
		if block.Has(sq(s)) {
			t.Errorf("%s blocks no open line to the enemy half", s)
		}
	}
	if want := sq("d2").Bit() | sq("e2").Bit() | sq("f2").Bit(); shelter != want {
		t.Errorf("shelter %v, want d2 e2 f2", shelter)
	}
	// Without queen, rooks and bishops in the enemy army nothing can check
	// along a line.
	q := mustKC(t, "4k3/8/8/8/8/8/8/4K3[QRRBBNNPPPPPPPPnnpppppppp] w E - 0 2", true)
	if block, _ := newKCEvaluator(q, true).kingCover(variants.White, q.Occupied(variants.White)|q.Occupied(variants.Black)); block != 0 {
		t.Errorf("no enemy slider: block %v", block)
	}
}

// TestKCTriples: in kingchess the candidates join the three best single
// drops into one action where they fit together; kingchess1 and the
// single-drop engine never list drops of several pieces outside the
// forced blocks.
func TestKCTriples(t *testing.T) {
	triples := 0
	for _, fen := range kcRandomPositions(t, false, 16, 60) {
		p := mustKC(t, fen, false)
		if p.InCheck() || p.KingInHand(p.SideToMove()) {
			continue
		}
		for _, m := range newKCEvaluator(p, false).Candidates(nil) {
			if kingchess.DropTargets(m).Count() == 3 {
				triples++
			}
		}
		for _, m := range newKCEvaluator(p, true).Candidates(nil) {
			if kingchess.DropTargets(m).Count() > 1 {
				t.Fatalf("%s: the single-drop engine lists %s", fen, kingchess.FormatMove(m))
			}
		}
	}
	if triples == 0 {
		t.Errorf("no three-piece drop among the candidates of the random positions")
	}
}
