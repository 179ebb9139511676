package engine

import (
	"fmt"
	"io"
	"os"

	"varchess/nnue"
	"varchess/variants"
	"varchess/variants/chess"
)

// Chess evaluation by network (package nnue). The search hands the
// engine's network to the evaluator (NetUser) when it makes it; the
// evaluator keeps a nnue.Incremental, which updates the accumulator of the
// last positions evaluated by the pieces that differ ("lazy diff"): no
// make/unmake hook, the position's piece sets are all it reads.

// maxNetEval bounds the network's score, well inside the mate scores.
const maxNetEval = MateBound / 2

// UseNet implements NetUser: evaluate with n (nil: the hand-crafted
// evaluation).
func (e *chessEvaluator) UseNet(n *nnue.Net) {
	switch {
	case n == nil:
		e.nn = nil
	case e.nn == nil || e.nn.Net() != n:
		e.nn = n.NewIncremental()
	}
}

// evaluateNet is the network's score of the position for the side to move.
func (e *chessEvaluator) evaluateNet() int {
	b := netBoard(e.p)
	v := e.nn.Evaluate(&b, int(e.p.SideToMove()))
	return max(-maxNetEval, min(maxNetEval, v))
}

// netBoard is p's pieces as the network's input.
func netBoard(p *chess.Position) nnue.Board {
	var b nnue.Board
	for c := range b {
		for t := range b[c] {
			b[c][t] = uint64(p.Pieces(variants.Color(c), chess.PieceType(t+1)))
		}
	}
	return b
}

// maxNetFile bounds the size of a network file LoadNet reads (the largest
// hidden size, nnue.MaxHidden, needs about 6.3 MB).
const maxNetFile = 64 << 20

// LoadNet reads a network file (the EvalFile option, bench -evalfile). It
// reads regular files only (not a device or a pipe that never ends).
func LoadNet(path string) (*nnue.Net, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", path)
	}
	if st.Size() > maxNetFile {
		return nil, fmt.Errorf("%s: %d bytes, too large for a network", path, st.Size())
	}
	data, err := io.ReadAll(io.LimitReader(f, maxNetFile+1))
	if err != nil {
		return nil, err
	}
	n, err := nnue.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return n, nil
}
