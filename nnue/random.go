package nnue

import "math/rand/v2"

// RandomNet is a network of hidden size h with random weights of a trained
// network's scale (accumulators mostly inside the clamp), drawn from r: a
// stand-in for tests and benchmarks of the inference, which must give the
// same numbers whatever the weights.
func RandomNet(h int, r *rand.Rand) *Net {
	n := NewNet(h)
	for i := range n.FT {
		n.FT[i] = int16(r.IntN(101) - 50)
	}
	for i := range n.FTBias {
		n.FTBias[i] = int16(r.IntN(101) - 20)
	}
	for i := range n.Out {
		n.Out[i] = int16(r.IntN(201) - 100)
	}
	n.OutBias = int32(r.IntN(20001) - 10000)
	return n
}
