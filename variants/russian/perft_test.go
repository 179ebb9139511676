package russian

import (
	"testing"

	"varchess/variants"
)

// The public figures of docs/rules.md.
func TestStartPerft(t *testing.T) {
	p, err := Parse(StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		opt  variants.PerftOptions
		want []uint64
	}{
		{variants.PerftOptions{Face: 'K'}, []uint64{25, 618, 18617, 543444}},
		{variants.PerftOptions{}, []uint64{25, 618, 18617}}, // no roll: face K
		{variants.PerftOptions{Face: 'P'}, []uint64{6, 36, 220}},
		{variants.PerftOptions{Dice: true}, []uint64{80, 6378, 575366}},
	}
	for _, c := range cases {
		for d, want := range c.want {
			if got := p.Perft(d+1, c.opt); got != want {
				t.Errorf("%+v depth %d: got %d, want %d", c.opt, d+1, got, want)
			}
		}
	}
	// The root faces of dice d1: K 25, Q 20, R 16, B 1 (a pass), N 12, P 6.
	for i, want := range []uint64{25, 20, 16, 1, 12, 6} {
		face := variants.DieFaces[i]
		q := p.Copy()
		if err := q.SetRoll(face); err != nil {
			t.Fatal(err)
		}
		if got := q.Perft(1, variants.PerftOptions{Dice: true}); got != want {
			t.Errorf("dice d1 with roll %c: got %d, want %d", face, got, want)
		}
		if got := uint64(len(q.Moves(nil))); got != want {
			t.Errorf("Moves with roll %c: got %d, want %d", face, got, want)
		}
	}
}

// The reference generator agrees with the public figures too.
func TestReferenceStartPerft(t *testing.T) {
	ref, err := refParse(StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	for d, want := range []uint64{25, 618, 18617} {
		if got := ref.refPerft(d+1, 'K', false); got != want {
			t.Errorf("reference face K depth %d: got %d, want %d", d+1, got, want)
		}
	}
	for d, want := range []uint64{6, 36, 220} {
		if got := ref.refPerft(d+1, 'P', false); got != want {
			t.Errorf("reference face P depth %d: got %d, want %d", d+1, got, want)
		}
	}
	for d, want := range []uint64{80, 6378} {
		if got := ref.refPerft(d+1, 0, true); got != want {
			t.Errorf("reference dice depth %d: got %d, want %d", d+1, got, want)
		}
	}
}

// Divide sums to Perft in every flavour, and counts a root move once per
// face that allows it in the unrolled dice flavour.
func TestDivide(t *testing.T) {
	p, _ := Parse(StartFEN)
	for _, opt := range []variants.PerftOptions{{Face: 'K'}, {Face: 'N'}, {Dice: true}} {
		var sum uint64
		for _, mc := range p.Divide(3, opt) {
			sum += mc.Nodes
		}
		if want := p.Perft(3, opt); sum != want {
			t.Errorf("%+v: divide sums to %d, perft %d", opt, sum, want)
		}
	}
	for _, mc := range p.Divide(1, variants.PerftOptions{Dice: true}) {
		switch mc.Move {
		case "a2a3": // a pawn: faces K Q R N P (B passes)
			if mc.Nodes != 5 {
				t.Errorf("a2a3 counted %d times, want 5", mc.Nodes)
			}
		case "d1d2": // the King: face K only
			if mc.Nodes != 1 {
				t.Errorf("d1d2 counted %d times, want 1", mc.Nodes)
			}
		case "0000": // face B
			if mc.Nodes != 1 {
				t.Errorf("pass counted %d times, want 1", mc.Nodes)
			}
		}
	}
}

func BenchmarkPerftStartK5(b *testing.B) {
	p, _ := Parse(StartFEN)
	var nodes uint64
	for b.Loop() {
		nodes += p.Perft(5, variants.PerftOptions{Face: 'K'})
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "leaves/s")
}

func BenchmarkPerftStartDice4(b *testing.B) {
	p, _ := Parse(StartFEN)
	var nodes uint64
	for b.Loop() {
		nodes += p.Perft(4, variants.PerftOptions{Dice: true})
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "leaves/s")
}
