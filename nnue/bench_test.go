package nnue

import (
	"math/rand/v2"
	"testing"
)

// Benchmarks at the hidden size the engine is measured with (docs/engine.md
// gives the numbers): one piece added (both perspectives), a moved piece
// (sub+add fused, both perspectives), the output layer, and the plain loops
// they replaced.

const benchHidden = 256

func benchNet() (*Net, *Accumulator, []Piece) {
	r := rand.New(rand.NewPCG(1, 1))
	n := RandomNet(benchHidden, r)
	a := n.NewAccumulator()
	pcs := make([]Piece, 64)
	for i := range pcs {
		pcs[i] = randomPiece(r)
	}
	return n, a, pcs
}

func BenchmarkAdd(b *testing.B) {
	n, a, pcs := benchNet()
	for i := 0; b.Loop(); i++ {
		n.Add(a, pcs[i&63])
	}
}

func BenchmarkAddPlain(b *testing.B) {
	n, a, pcs := benchNet()
	for i := 0; b.Loop(); i++ {
		refAdd(n, a, pcs[i&63])
	}
}

// A moved piece in the incremental evaluator: sub+add fused, both
// perspectives, wide layout.
func BenchmarkAddSubWide(b *testing.B) {
	n, _, _ := benchNet()
	inc := n.NewIncremental()
	a := &inc.slots[0].acc
	for i := 0; b.Loop(); i++ {
		f, g := i&511, (i*7+3)&511
		for p := range 2 {
			wideAddSub(a[p], a[p], inc.row(p, f), inc.row(p, g))
		}
	}
}

// Two moved pieces (castling; or a sibling position), wide layout.
func BenchmarkAddAddSubSubWide(b *testing.B) {
	n, _, _ := benchNet()
	inc := n.NewIncremental()
	a := &inc.slots[0].acc
	for i := 0; b.Loop(); i++ {
		f, g := i&511, (i*7+3)&511
		for p := range 2 {
			wideAddAddSubSub(a[p], a[p], inc.row(p, f), inc.row(p, f+1), inc.row(p, g), inc.row(p, g+1))
		}
	}
}

func BenchmarkOutput(b *testing.B) {
	n, a, pcs := benchNet()
	for _, pc := range pcs[:30] {
		n.Add(a, pc)
	}
	for i := 0; b.Loop(); i++ {
		n.Output(a, i&1)
	}
}

func BenchmarkOutputPlain(b *testing.B) {
	n, a, pcs := benchNet()
	for _, pc := range pcs[:30] {
		n.Add(a, pc)
	}
	for i := 0; b.Loop(); i++ {
		refOutput(n, a, i&1)
	}
}

// The output layer over the wide accumulator (Incremental.Evaluate's).
func BenchmarkOutputWide(b *testing.B) {
	n, _, pcs := benchNet()
	inc := n.NewIncremental()
	var bd Board
	for _, pc := range pcs[:30] {
		bd[pc.Colour][pc.Type-1] |= 1 << pc.Square
	}
	acc := inc.update(&bd)
	w := inc.wide.words
	for i := 0; b.Loop(); i++ {
		stm := i & 1
		wideDot(acc[stm], inc.wide.out[:w])
		wideDot(acc[stm^1], inc.wide.out[w:])
	}
}
