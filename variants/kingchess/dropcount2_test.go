package kingchess

import (
	"math/big"
	"testing"
	"time"

	"varchess/variants"
)

// startPerft2 is perft(2) of the kingchess start, from EmptyBoardPerft2.
const startPerft2 = "20931141008933099102892737203276"

// enumeratedPerft2 is the independent calculation: every first action is
// listed, made, and the replies counted by DropActionCount.
func enumeratedPerft2(p *Position) *big.Int {
	total := new(big.Int)
	p.ForEachDropAction(func(m variants.Move) {
		p.Make(m)
		total.Add(total, new(big.Int).SetUint64(p.DropActionCount()))
		p.Unmake()
	})
	return total
}

// The counted perft(2) of an empty board agrees with the enumeration for
// hands small enough to list (the opponent's hand full: its replies are
// counted), with either side to move and with bishop fields set.
func TestEmptyBoardPerft2AgainstEnumeration(t *testing.T) {
	fens := []string{
		"8/8/8/8/8/8/8/8[KQkqrrbbnnpppppppp] w - - 0 1",
		"8/8/8/8/8/8/8/8[KRBkqrrbbnnpppppppp] w - - 0 1",
		"8/8/8/8/8/8/8/8[KNPkqrrbbnnpppppppp] w - - 0 1",
		"8/8/8/8/8/8/8/8[KBBkqrbnp] w - - 0 1",
		"8/8/8/8/8/8/8/8[KBNkbnpp] w - - 0 1 ld",
		"8/8/8/8/8/8/8/8[KQRRBBNNPPPPPPPPkq] b - - 0 1",
		"8/8/8/8/8/8/8/8[KQRRBBNNPPPPPPPPknp] b - - 0 1",
	}
	if testing.Short() {
		fens = []string{fens[0], fens[3], fens[5]}
	}
	for _, fen := range fens {
		start := time.Now()
		p, err := Parse(fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		got, ok := p.EmptyBoardPerft2()
		if !ok {
			t.Fatalf("%s: not counted", fen)
		}
		if want := enumeratedPerft2(p); got.Cmp(want) != 0 {
			t.Errorf("%s: counted %v, enumerated %v", fen, got, want)
		}
		t.Logf("%s: %v (%s)", fen, got, time.Since(start))
	}
}

// The start figure, and the DP's bookkeeping of hands and rays: with the
// leaper squares let free, its first actions summed over the ray classes
// are exactly the 5.3e15 of DropActionCount, whatever the square.
func TestStartPerft2(t *testing.T) {
	p, _ := Parse(StartFEN)
	n, ok := p.EmptyBoardPerft2()
	if !ok || n.String() != startPerft2 {
		t.Fatalf("start perft(2) = %v (%v), want %s", n, ok, startPerft2)
	}
	hs := newHandSpace(p.hand[p.side], p.bishops[p.side])
	cur := make([]uint64, len(hs.next)*numRayStates)
	nxt := make([]uint64, len(cur))
	for _, s := range []int{32, 35, 44, 63} {
		squares, _ := p.emptyBoardSquares(squareOf(s))
		for i := range squares {
			d := &squares[i]
			d.allowed[slotKing], d.allowed[slotKnight] = true, true
			d.allowed[slotPawn] = !firstRank(p.side).Has(d.sq)
		}
		var sum uint64
		for _, c := range actionsByRays(hs, squares, cur, nxt) {
			sum += c
		}
		if sum != p.DropActionCount() {
			t.Errorf("square %d: the DP has %d first actions, DropActionCount %d", s, sum, p.DropActionCount())
		}
	}
	if _, ok := p.clone().withSingle().EmptyBoardPerft2(); ok {
		t.Error("kingchess1 must not use the counter")
	}
	q, _ := Parse("8/8/8/8/8/8/8/4K3[kq] b E - 0 1")
	if _, ok := q.EmptyBoardPerft2(); ok {
		t.Error("counted a board that is not empty")
	}
}

func (p *Position) withSingle() *Position { p.single = true; return p }

// PerftCounted gives the same total as Divide's lines, and the start's
// perft(2) through the generic interface.
func TestPerftCountedDivide(t *testing.T) {
	p, _ := Parse(StartFEN)
	total, lines, ok := p.PerftCounted(2, zeroOpt, true)
	if !ok || total.String() != startPerft2 {
		t.Fatalf("PerftCounted(2) = %v %v", total, ok)
	}
	var sum variants.Count
	for _, l := range lines {
		sum = sum.Add(l.Nodes)
	}
	if sum != total || len(lines) != 33 || lines[32].Move != MultiDropLine {
		t.Errorf("%d lines summing to %v, want 33 summing to %v", len(lines), sum, total)
	}
	if _, _, ok := p.PerftCounted(3, zeroOpt, false); ok {
		t.Error("perft(3) of the start cannot be counted")
	}
}
