package nnue

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"varchess/variants"
	"varchess/variants/chess"
)

// The plain loops net.go had before the SWAR kernels: the reference the
// fast paths must match bit for bit.

func refAdd(n *Net, a *Accumulator, pc Piece) {
	for p := range 2 {
		f := Feature(p, pc.Colour, pc.Type, pc.Square)
		w := n.FT[f*n.Hidden : (f+1)*n.Hidden]
		for i := range w {
			a.V[p][i] += w[i]
		}
	}
}

func refSub(n *Net, a *Accumulator, pc Piece) {
	for p := range 2 {
		f := Feature(p, pc.Colour, pc.Type, pc.Square)
		w := n.FT[f*n.Hidden : (f+1)*n.Hidden]
		for i := range w {
			a.V[p][i] -= w[i]
		}
	}
}

func refOutput(n *Net, a *Accumulator, stm int) int {
	h := n.Hidden
	sum := int64(0)
	for k, p := range [2]int{stm, stm ^ 1} {
		w := n.Out[k*h : (k+1)*h]
		for i, x := range a.V[p][:h] {
			c := int64(min(max(x, 0), QA))
			sum += c * c * int64(w[i])
		}
	}
	out := sum/QA + int64(n.OutBias)
	return int(out * Scale / (QA * QB))
}

// wildNet has weights over the whole int16 range, so that accumulators
// wrap around and every clamp is hit.
func wildNet(h int, r *rand.Rand) *Net {
	n := NewNet(h)
	for _, s := range [][]int16{n.FT, n.FTBias, n.Out} {
		for i := range s {
			s[i] = int16(r.Uint32())
		}
	}
	n.OutBias = int32(r.Uint32())
	return n
}

func equalAcc(a, b *Accumulator) bool {
	for p := range 2 {
		for i := range a.V[p] {
			if a.V[p][i] != b.V[p][i] {
				return false
			}
		}
	}
	return true
}

func randomPiece(r *rand.Rand) Piece {
	return Piece{Colour: r.IntN(2), Type: 1 + r.IntN(6), Square: r.IntN(64)}
}

// The kernels equal the plain loops, with wrap-around, for hidden sizes
// that are and are not multiples of 4.
func TestKernelsMatchPlainLoops(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, h := range []int{1, 3, 4, 7, 16, 33, 256} {
		for _, n := range []*Net{RandomNet(h, r), wildNet(h, r)} {
			fast, ref := n.NewAccumulator(), n.NewAccumulator()
			for step := range 300 {
				pc := randomPiece(r)
				if r.IntN(3) == 0 {
					n.Sub(fast, pc)
					refSub(n, ref, pc)
				} else {
					n.Add(fast, pc)
					refAdd(n, ref, pc)
				}
				if !equalAcc(fast, ref) {
					t.Fatalf("H=%d step %d: accumulators differ", h, step)
				}
				stm := step & 1
				if a, b := n.Output(fast, stm), refOutput(n, ref, stm); a != b {
					t.Fatalf("H=%d step %d: Output %d, plain loop %d", h, step, a, b)
				}
			}
			// The wide kernels against int16 arithmetic, chained (the
			// slack must absorb every carry and borrow).
			wn := newWideNet(n)
			wd := wn.words
			v := make([]uint64, wd)
			widen(v, ref.V[0])
			want := append([]int16(nil), ref.V[0]...)
			for step := range 200 {
				var rows [4][]int16
				var wrows [4][]uint64
				for k := range rows {
					f := r.IntN(Inputs)
					rows[k], wrows[k] = n.FT[f*h:(f+1)*h], wn.ft[f*wd:(f+1)*wd]
				}
				a, b, c, d := rows[0], rows[1], rows[2], rows[3]
				wa, wb, wc, wdd := wrows[0], wrows[1], wrows[2], wrows[3]
				var f func(i int) int16
				switch step % 7 {
				case 0:
					wideAdd(v, v, wa)
					f = func(i int) int16 { return a[i] }
				case 1:
					wideSub(v, v, wa)
					f = func(i int) int16 { return -a[i] }
				case 2:
					wideAddAdd(v, v, wa, wb)
					f = func(i int) int16 { return a[i] + b[i] }
				case 3:
					wideAdd4(v, v, wa, wb, wc, wdd)
					f = func(i int) int16 { return a[i] + b[i] + c[i] + d[i] }
				case 4:
					wideAddSub(v, v, wa, wb)
					f = func(i int) int16 { return a[i] - b[i] }
				case 5:
					wideAddSubSub(v, v, wa, wb, wc)
					f = func(i int) int16 { return a[i] - b[i] - c[i] }
				case 6:
					wideAddAddSubSub(v, v, wa, wb, wc, wdd)
					f = func(i int) int16 { return a[i] + b[i] - c[i] - d[i] }
				}
				for i := range want {
					want[i] += f(i)
				}
				got := make([]int16, 2*wd)
				for j, x := range v {
					got[2*j], got[2*j+1] = int16(x), int16(x>>32)
					if x&^wideLanes != wideSlack {
						t.Fatalf("H=%d step %d: slack not reset", h, step)
					}
				}
				for i := range want {
					if got[i] != want[i] {
						t.Fatalf("H=%d step %d: wide kernel %d differs at %d: %d, want %d", h, step, step%7, i, got[i], want[i])
					}
				}
			}
		}
	}
}

// boardOf reads a chess position's pieces.
func boardOf(p *chess.Position) *Board {
	var b Board
	for c := range 2 {
		for t := range 6 {
			b[c][t] = uint64(p.Pieces(variants.Color(c), chess.PieceType(t+1)))
		}
	}
	return &b
}

// Random games (random legal moves: castling, en passant and promotions
// come up) evaluated incrementally, with one to three cached accumulators
// and several refresh thresholds, equal Net.Evaluate from scratch at every
// position, also when the evaluator jumps back to an earlier position.
func TestIncrementalRandomGames(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	n := RandomNet(32, r)
	w := wildNet(12, r)
	var seen [4]bool // castling, en passant, promotion, capture
	for game := range 40 {
		fen := chess.StartFEN
		var pos *chess.Position
		var err error
		if game%4 == 3 {
			fen, _ = chess.Chess960FEN(r.IntN(960))
			pos, err = chess.Parse960(fen)
		} else {
			pos, err = chess.Parse(fen)
		}
		if err != nil {
			t.Fatal(err)
		}
		incs := []*Incremental{n.NewIncremental(), n.NewIncrementalSlots(1), n.NewIncrementalSlots(3), w.NewIncremental()}
		incs[1].RefreshAbove = 0
		incs[2].RefreshAbove = 40
		var history []Board
		for ply := 0; ply < 200; ply++ {
			b := boardOf(pos)
			history = append(history, *b)
			if r.IntN(10) == 0 {
				b = &history[r.IntN(len(history))] // back to an earlier position
			}
			stm := int(pos.SideToMove())
			for k, inc := range incs {
				if got, want := inc.Evaluate(b, stm), inc.Net().Evaluate(b.Pieces(), stm); got != want {
					t.Fatalf("game %d (%s) ply %d evaluator %d: incremental %d, from scratch %d", game, fen, ply, k, got, want)
				}
			}
			moves := pos.Moves(nil)
			if len(moves) == 0 || pos.Status().Over() {
				break
			}
			m := chess.FromVariant(moves[r.IntN(len(moves))])
			before := bits.OnesCount64(uint64(pos.Occupied()))
			switch {
			case m.IsCastle():
				seen[0] = true
			case m.IsEnPassant():
				seen[1] = true
			case m.IsPromotion():
				seen[2] = true
			}
			pos.MakeMove(m)
			if bits.OnesCount64(uint64(pos.Occupied())) < before {
				seen[3] = true
			}
		}
	}
	if seen != [4]bool{true, true, true, true} {
		t.Fatalf("castling, en passant, promotion, capture seen: %v", seen)
	}
}

// Arbitrary boards (any number of pieces, several per square) and the
// empty board.
func TestIncrementalArbitraryBoards(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	n := wildNet(20, r)
	inc := n.NewIncrementalSlots(2)
	var b Board
	for step := range 500 {
		switch r.IntN(4) {
		case 0:
			b = Board{}
		case 1:
			for c := range b {
				for t := range b[c] {
					b[c][t] = r.Uint64() & r.Uint64()
				}
			}
		default:
			for range 1 + r.IntN(5) {
				b[r.IntN(2)][r.IntN(6)] ^= 1 << r.IntN(64)
			}
		}
		stm := r.IntN(2)
		if got, want := inc.Evaluate(&b, stm), n.Evaluate(b.Pieces(), stm); got != want {
			t.Fatalf("step %d: incremental %d, from scratch %d", step, got, want)
		}
	}
}

func TestDefault(t *testing.T) {
	if err := DefaultErr(); err != nil {
		t.Fatalf("the built-in network nnue/default.nnue does not parse: %v", err)
	}
	if (Default() == nil) != (len(defaultData) == 0) {
		t.Fatalf("Default() is %v with an embedded file of %d bytes", Default(), len(defaultData))
	}
	if Default() != Default() {
		t.Fatal("Default parses the network more than once")
	}
}
