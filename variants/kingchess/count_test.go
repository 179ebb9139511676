package kingchess

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"varchess/variants"
	bb "varchess/variants/bitboard"
)

// randomFEN builds a random position (not necessarily reachable by play)
// whose side to move has at most maxHand pieces in reserve. Enemy sliders
// are favoured so that checks, double checks and attacked king drops are
// common. ok is false when the position is not valid.
func randomFEN(rng *rand.Rand, maxHand int) (string, bool) {
	var board [64]byte
	for i := range board {
		board[i] = '.'
	}
	side := rng.IntN(2)
	var hand [2][]byte
	free := func(pawn bool) int {
		for {
			s := rng.IntN(64)
			if board[s] == '.' && (!pawn || (s >= 8 && s < 56)) {
				return s
			}
		}
	}
	for c := 0; c < 2; c++ {
		pieces := []byte("QRRBBNNPPPPPPPP")
		letter := func(t byte) byte { return refPiece(c, t) }
		if c == side && rng.IntN(3) == 0 {
			hand[c] = append(hand[c], letter('K'))
		} else {
			// Own king mostly on its own half, so that drops can defend it.
			s := free(false)
			if c == side && rng.IntN(3) > 0 {
				for !refOwnHalf(c, s) {
					s = free(false)
				}
			}
			board[s] = letter('K')
		}
		for _, t := range pieces {
			switch x := rng.IntN(10); {
			case c == side && x < 3 && len(hand[c]) < maxHand:
				hand[c] = append(hand[c], letter(t))
			case c != side && x < 4 && (t == 'Q' || t == 'R' || t == 'B'):
				board[free(t == 'P')] = letter(t)
			case x < 2:
				board[free(t == 'P')] = letter(t)
			case c != side && x < 3:
				hand[c] = append(hand[c], letter(t))
			}
		}
	}
	r := &refPos{b: board, side: side, ep: -1, fullmove: 1}
	for c := 0; c < 2; c++ {
		for _, ch := range hand[c] {
			r.hand[c][refUpper(ch)]++
		}
	}
	r.bishop = [2]byte{'-', '-'}
	for c := 0; c < 2; c++ {
		if r.hand[c]['B'] < 2 {
			r.bishop[c] = "-ld"[rng.IntN(3)]
		}
	}
	for c := 0; c < 2; c++ {
		if board[4+56*c] == refPiece(c, 'K') && rng.IntN(2) == 0 {
			r.kingVirgin[c] = true
			r.rookVirgin[c][0] = board[7+56*c] == refPiece(c, 'R')
			r.rookVirgin[c][1] = board[56*c] == refPiece(c, 'R')
		}
	}
	fen := r.fen()
	p, err := Parse(fen)
	if err != nil {
		return "", false
	}
	return p.FEN(), true
}

// TestDropCountAgainstReference compares the combinatorial counter with
// the reference's enumeration on random positions with small reserves,
// and with the fast enumeration on bigger ones.
func TestDropCountAgainstReference(t *testing.T) {
	n := 150
	if testing.Short() {
		n = 60
	}
	rng := rand.New(rand.NewPCG(7, 11))
	stats := map[string]int{}
	for i := 0; i < n; {
		fen, ok := randomFEN(rng, 3)
		if !ok {
			continue
		}
		i++
		p, _ := Parse(fen)
		stats[category(p)]++
		r, _ := refFromFEN(fen, false)
		want := 0
		for _, m := range r.legal() {
			if m.drops != nil {
				want++
			}
		}
		if got := p.DropActionCount(); got != uint64(want) {
			t.Fatalf("%s: DropActionCount %d, reference %d", fen, got, want)
		}
	}
	t.Logf("small reserves: %v", stats)
	stats = map[string]int{}
	for i := 0; i < n/8; {
		fen, ok := randomFEN(rng, 5)
		if !ok {
			continue
		}
		i++
		p, _ := Parse(fen)
		stats[category(p)]++
		var enumerated uint64
		p.ForEachDropAction(func(variants.Move) { enumerated++ })
		if got := p.DropActionCount(); got != enumerated {
			t.Fatalf("%s: DropActionCount %d, enumeration %d", fen, got, enumerated)
		}
	}
	t.Logf("reserves up to 5: %v", stats)
}

// category names what makes a position interesting for drop counting.
func category(p *Position) string {
	us := p.side
	if p.hand[us][King] > 0 {
		attacked := 0
		for z := p.DropZone(); z != 0; {
			if p.attackersTo(z.PopFirst(), p.all(), us^1) != 0 {
				attacked++
			}
		}
		if attacked > 0 {
			return "king-in-hand,attacked-squares"
		}
		return "king-in-hand"
	}
	ch := p.checkers()
	switch {
	case ch == 0:
		return "no-check"
	case ch.Count() == 1:
		return "check"
	}
	return fmt.Sprintf("check-x%d", ch.Count())
}

// TestStartPositionCount checks perft(1) of the start position against an
// independent evaluation: a square-by-square dynamic programme over the
// reserve (no classes, no binomials).
func TestStartPositionCount(t *testing.T) {
	p, _ := Parse(StartFEN)
	got := p.Perft(1, zeroOpt)
	// A DP over White's 32 squares; the state is the pieces used per type
	// and which bishop colours are taken.
	type state [NumTypes]uint8
	type st2 struct {
		s           state
		light, dark bool
	}
	ways2 := map[st2]uint64{{}: 1}
	for s := bb.Square(0); s < 32; s++ {
		next := map[st2]uint64{}
		for st, w := range ways2 {
			next[st] += w
			for t := King; t <= Pawn; t++ {
				if st.s[t] == initialReserve[t] || (t == Pawn && s < 8) {
					continue
				}
				ns := st
				if t == Bishop {
					if s.IsLight() {
						if ns.light {
							continue
						}
						ns.light = true
					} else {
						if ns.dark {
							continue
						}
						ns.dark = true
					}
				}
				ns.s[t]++
				next[ns] += w
			}
		}
		ways2 = next
	}
	var want uint64
	for st, w := range ways2 {
		if st.s[King] == 1 {
			want += w
		}
	}
	if got != want {
		t.Fatalf("start perft(1) = %d, DP says %d", got, want)
	}
	t.Logf("start perft(1) = %d", got)
	if !strings.HasPrefix(fmt.Sprint(got), "53") {
		t.Errorf("start count %d is not ~5.3e15", got)
	}
}
