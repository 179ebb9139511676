package train

import (
	"fmt"
	"math"
	"math/rand/v2"

	"varchess/nnue"
)

// Clip bounds the feature transformer's weights and biases and the output
// weights after every step: 33 values of at most 1.98*QA = 505 (a bias and
// 32 pieces) stay inside the int16 accumulator, and 1.98*QB inside int16.
const Clip = 1.98

// Model is the float network the trainer fits. Its evaluation is the
// formula of package nnue before rounding:
//
//	acc_p  = B1 + sum of the rows W1[f] of the position's features seen from p
//	out    = SCReLU(acc_us) . W2[:H] + SCReLU(acc_them) . W2[H:] + B2
//	eval   = out * nnue.Scale (centipawns, side to move's view)
//
// All parameters live in one slice P (so the optimiser sees one vector):
// W1 (nnue.Inputs x H, feature-major like nnue.Net.FT), B1 (H), W2 (2H),
// B2 (1).
type Model struct {
	H int
	P []float32
}

// NewModel returns a model of hidden size h with small random weights
// drawn from seed: W1 uniform in +-1/sqrt(32) (about 30 pieces put the
// accumulator's spread near 0.5, half the units in SCReLU's slope), B1 0,
// W2 uniform in +-1/sqrt(2h), B2 0.
func NewModel(h int, seed uint64) *Model {
	m := &Model{H: h, P: make([]float32, (nnue.Inputs+3)*h+1)}
	rng := rand.New(rand.NewPCG(seed, 0x6e6e7565))
	a := 1 / math.Sqrt(32)
	for i := range m.W1() {
		m.P[i] = float32((2*rng.Float64() - 1) * a)
	}
	w2 := m.W2()
	b := 1 / math.Sqrt(float64(2*h))
	for i := range w2 {
		w2[i] = float32((2*rng.Float64() - 1) * b)
	}
	return m
}

// W1 is the feature transformer, row f (H values) for feature f.
func (m *Model) W1() []float32 { return m.P[:nnue.Inputs*m.H] }

// B1 is the feature transformer's bias.
func (m *Model) B1() []float32 { o := nnue.Inputs * m.H; return m.P[o : o+m.H] }

// W2 is the output layer: H weights for the side to move, H for the other.
func (m *Model) W2() []float32 { o := (nnue.Inputs + 1) * m.H; return m.P[o : o+2*m.H] }

// b2 is the index of the output bias in P.
func (m *Model) b2() int { return (nnue.Inputs + 3) * m.H }

// Quantise rounds the model to the integer network: FT = round(W1*QA),
// FTBias = round(B1*QA), Out = round(W2*QB), OutBias = round(B2*QA*QB).
func (m *Model) Quantise() (*nnue.Net, error) {
	n := nnue.NewNet(m.H)
	round := func(x float32, scale float64, lo, hi float64) (int64, error) {
		v := math.Round(float64(x) * scale)
		if !(v >= lo && v <= hi) {
			return 0, fmt.Errorf("nnue train: weight %g out of range after scaling by %g", x, scale)
		}
		return int64(v), nil
	}
	for i, x := range m.W1() {
		v, err := round(x, nnue.QA, math.MinInt16, math.MaxInt16)
		if err != nil {
			return nil, err
		}
		n.FT[i] = int16(v)
	}
	for i, x := range m.B1() {
		v, err := round(x, nnue.QA, math.MinInt16, math.MaxInt16)
		if err != nil {
			return nil, err
		}
		n.FTBias[i] = int16(v)
	}
	for i, x := range m.W2() {
		v, err := round(x, nnue.QB, math.MinInt16, math.MaxInt16)
		if err != nil {
			return nil, err
		}
		n.Out[i] = int16(v)
	}
	v, err := round(m.P[m.b2()], nnue.QA*nnue.QB, math.MinInt32, math.MaxInt32)
	if err != nil {
		return nil, err
	}
	n.OutBias = int32(v)
	return n, nil
}

// FromNet returns the float model of a quantised network (its weights
// divided by their scales).
func FromNet(n *nnue.Net) *Model {
	m := &Model{H: n.Hidden, P: make([]float32, (nnue.Inputs+3)*n.Hidden+1)}
	for i, v := range n.FT {
		m.P[i] = float32(v) / nnue.QA
	}
	b1 := m.B1()
	for i, v := range n.FTBias {
		b1[i] = float32(v) / nnue.QA
	}
	w2 := m.W2()
	for i, v := range n.Out {
		w2[i] = float32(v) / nnue.QB
	}
	m.P[m.b2()] = float32(float64(n.OutBias) / (nnue.QA * nnue.QB))
	return m
}

// scratch is one worker's buffers for a position.
type scratch struct {
	acc [2][]float32 // accumulators: side to move, other side
	d   [2][]float32 // loss gradient with respect to them
	mir []uint16     // the position's features seen by Black
	idx []int32      // the units of d that are not zero
	val []float32
}

func newScratch(h int) *scratch {
	s := &scratch{mir: make([]uint16, 0, MaxPieces), idx: make([]int32, h), val: make([]float32, h)}
	for p := range 2 {
		s.acc[p] = make([]float32, h)
		s.d[p] = make([]float32, h)
	}
	return s
}

// perspectives returns the side to move's features and the other side's.
func (s *scratch) perspectives(feats []uint16, stm uint8) (us, them []uint16) {
	s.mir = s.mir[:0]
	for _, f := range feats {
		s.mir = append(s.mir, mirror[f])
	}
	if stm == 0 {
		return feats, s.mir
	}
	return s.mir, feats
}

// forward evaluates a position (White-perspective features, side to move)
// and leaves the accumulators in s; it returns out (eval / nnue.Scale).
func (m *Model) forward(feats []uint16, stm uint8, s *scratch) float32 {
	h := m.H
	w1, b1, w2 := m.W1(), m.B1(), m.W2()
	us, them := s.perspectives(feats, stm)
	out := m.P[m.b2()]
	for p, fs := range [2][]uint16{us, them} {
		acc := s.acc[p][:h]
		copy(acc, b1)
		row := func(f uint16) []float32 { return w1[int(f)*h : int(f)*h+h] }
		for ; len(fs) >= 4; fs = fs[4:] {
			addRows4(acc, row(fs[0]), row(fs[1]), row(fs[2]), row(fs[3]))
		}
		for _, f := range fs {
			addRow(acc, row(f))
		}
		w := w2[p*h : p*h+h]
		w = w[:len(acc)]
		for i, x := range acc {
			// min and max compile without branches; a branch on the
			// sign of x would be mispredicted half the time.
			x = min(max(x, 0), 1)
			out += x * x * w[i]
		}
	}
	return out
}

// addRow adds row to acc (same length), four at a time.
func addRow(acc, row []float32) {
	row = row[:len(acc)]
	i := 0
	for ; i+4 <= len(acc); i += 4 {
		a, r := acc[i:i+4:i+4], row[i:i+4:i+4]
		a[0] += r[0]
		a[1] += r[1]
		a[2] += r[2]
		a[3] += r[3]
	}
	for ; i < len(acc); i++ {
		acc[i] += row[i]
	}
}

// addRows4 adds four rows to acc at once (acc is loaded and stored once
// for the four: a third faster than four addRow).
func addRows4(acc, r0, r1, r2, r3 []float32) {
	n := len(acc)
	r0, r1, r2, r3 = r0[:n], r1[:n], r2[:n], r3[:n]
	for i := range acc {
		acc[i] += (r0[i] + r1[i]) + (r2[i] + r3[i])
	}
}

// backward adds to grad (laid out like P) the gradient of a loss whose
// derivative with respect to out is g, for the position forward last saw
// (its accumulators are in s; us/them as forward computed them).
func (m *Model) backward(g float32, feats []uint16, stm uint8, s *scratch, grad []float32) {
	h := m.H
	w2 := m.W2()
	gw1 := grad[:nnue.Inputs*h]
	gb1 := grad[nnue.Inputs*h : nnue.Inputs*h+h]
	gw2 := grad[(nnue.Inputs+1)*h : (nnue.Inputs+3)*h]
	grad[m.b2()] += g
	us, them := feats, s.mir
	if stm == 1 {
		us, them = s.mir, feats
	}
	for p, fs := range [2][]uint16{us, them} {
		acc := s.acc[p][:h]
		d := s.d[p][:len(acc)]
		w := w2[p*h : p*h+h]
		w = w[:len(acc)]
		gw := gw2[p*h : p*h+h]
		gw = gw[:len(acc)]
		gb := gb1[:len(acc)]
		n := 0
		for i, x := range acc {
			// Branch-free (the signs are unpredictable): c is SCReLU's
			// clamp; the slope 2c counts only below 1 (mask), and is 0
			// at or under 0 since c is.
			c := min(max(x, 0), 1)
			gw[i] += g * c * c
			mask := uint32(int32(math.Float32bits(x-1)) >> 31)
			v := math.Float32frombits(math.Float32bits(2*g*c*w[i]) & mask)
			d[i] = v
			gb[i] += v
			s.idx[n], s.val[n] = int32(i), v
			n += int((math.Float32bits(v)&0x7fffffff + 0x7fffffff) >> 31)
		}
		if n == 0 {
			continue
		}
		if 3*n < h {
			// Few units on SCReLU's slope: add only those.
			idx, val := s.idx[:n], s.val[:n]
			for _, f := range fs {
				row := gw1[int(f)*h : int(f)*h+h]
				for j, k := range idx {
					row[k] += val[j]
				}
			}
		} else {
			for _, f := range fs {
				addRow(gw1[int(f)*h:int(f)*h+h], d)
			}
		}
	}
}

// lossGrad is the loss of one position, (sigmoid(K*eval/400) - t)^2 with
// eval = out*Scale, and its derivative with respect to out.
func lossGrad(out float32, t float32, k float64) (loss, dout float64) {
	c := k * math.Ln10 * nnue.Scale / 400
	p := 1 / (1 + math.Exp(-c*float64(out)))
	e := p - float64(t)
	return e * e, 2 * e * p * (1 - p) * c
}

// EvalCP is the float model's eval in centipawns, side to move's view, of
// a position given by its pieces.
func (m *Model) EvalCP(pieces []nnue.Piece, stm int) float64 {
	feats := make([]uint16, 0, len(pieces))
	for _, pc := range pieces {
		feats = append(feats, uint16(nnue.Feature(0, pc.Colour, pc.Type, pc.Square)))
	}
	return float64(m.forward(feats, uint8(stm), newScratch(m.H))) * nnue.Scale
}
