package nnue

import (
	"runtime"
	"sync"
	"weak"
)

// The wide layout of the feature transformer, for the incremental
// evaluator. A uint64 word holds two accumulator values, value 2j in bits
// 0-15 and value 2j+1 in bits 32-47, each as its int16 bit pattern; bits
// 16-31 and 48-63 are slack that catches the carries and borrows of the
// lane below. Adding or subtracting a weight row is then one plain 64-bit
// add or subtract per two values, and the low 16 bits of each lane are
// exactly the int16 sum with wrap-around (arithmetic modulo 2^16), as in
// Net.Add and Net.Sub. Every kernel stores its result with the slack
// reset to wideSlack (2^14 in each slack field): one kernel changes a
// slack field by at most one per row, so it can neither overflow nor
// underflow into the next lane. The price is twice the memory of the
// weights (one row of H values is H/2 words): measured 1.7 times faster
// than the packed int16 arithmetic of kernels.go for a 4-row update.

const (
	wideLanes = 0x0000_FFFF_0000_FFFF // the two values of a word
	wideSlack = 0x4000_0000_4000_0000 // the slack fields' reset value
)

// wideNet is a network's feature transformer in the wide layout.
type wideNet struct {
	words int      // words per row: (H+1)/2
	ft    []uint64 // Inputs rows of words
	bias  []uint64 // words
	// out are the output weights by word (the pair of values it holds),
	// each half padded to words pairs (an odd H has a zero weight for the
	// padding value).
	out [][2]int16
}

// widen packs s (at most 2*len(dst) values) into dst.
func widen(dst []uint64, s []int16) {
	for j := range dst {
		var w uint64 = wideSlack
		if 2*j < len(s) {
			w |= uint64(uint16(s[2*j]))
		}
		if 2*j+1 < len(s) {
			w |= uint64(uint16(s[2*j+1])) << 32
		}
		dst[j] = w
	}
}

// newWideNet lays n out wide. The rows carry no slack (only their
// values), so that adding one moves the slack by at most a carry.
func newWideNet(n *Net) *wideNet {
	h := n.Hidden
	words := (h + 1) / 2
	w := &wideNet{words: words, ft: make([]uint64, Inputs*words), bias: make([]uint64, words), out: make([][2]int16, 2*words)}
	for f := range Inputs {
		row := w.ft[f*words : (f+1)*words]
		widen(row, n.FT[f*h:(f+1)*h])
		for j := range row {
			row[j] &= wideLanes
		}
	}
	widen(w.bias, n.FTBias)
	for k := range 2 {
		for i, x := range n.Out[k*h : (k+1)*h] {
			w.out[k*words+i/2][i%2] = x
		}
	}
	return w
}

// wideNets caches the wide layout of each network in use: built once,
// shared by all evaluators of that network, dropped with the network
// (weakly keyed).
var wideNets sync.Map // weak.Pointer[Net] -> *wideNet

// wide returns n's wide layout. A network must not change once it has
// been evaluated incrementally.
func (n *Net) wide() *wideNet {
	k := weak.Make(n)
	if w, ok := wideNets.Load(k); ok {
		return w.(*wideNet)
	}
	w, loaded := wideNets.LoadOrStore(k, newWideNet(n))
	if !loaded {
		runtime.AddCleanup(n, func(k weak.Pointer[Net]) { wideNets.Delete(k) }, k)
	}
	return w.(*wideNet)
}

// The kernels: dst = src plus and minus rows, all of len(dst) words.

func wideAdd(dst, src, a []uint64) {
	src, a = src[:len(dst)], a[:len(dst)]
	for i := range dst {
		dst[i] = (src[i]+a[i])&wideLanes | wideSlack
	}
}

func wideSub(dst, src, a []uint64) {
	src, a = src[:len(dst)], a[:len(dst)]
	for i := range dst {
		dst[i] = (src[i]-a[i])&wideLanes | wideSlack
	}
}

func wideAddAdd(dst, src, a, b []uint64) {
	src, a, b = src[:len(dst)], a[:len(dst)], b[:len(dst)]
	for i := range dst {
		dst[i] = (src[i]+a[i]+b[i])&wideLanes | wideSlack
	}
}

func wideAdd4(dst, src, a, b, c, d []uint64) {
	src, a, b, c, d = src[:len(dst)], a[:len(dst)], b[:len(dst)], c[:len(dst)], d[:len(dst)]
	for i := range dst {
		dst[i] = (src[i]+a[i]+b[i]+c[i]+d[i])&wideLanes | wideSlack
	}
}

func wideAddSub(dst, src, a, b []uint64) {
	src, a, b = src[:len(dst)], a[:len(dst)], b[:len(dst)]
	for i := range dst {
		dst[i] = (src[i]+a[i]-b[i])&wideLanes | wideSlack
	}
}

func wideAddSubSub(dst, src, a, b, c []uint64) {
	src, a, b, c = src[:len(dst)], a[:len(dst)], b[:len(dst)], c[:len(dst)]
	for i := range dst {
		dst[i] = (src[i]+a[i]-b[i]-c[i])&wideLanes | wideSlack
	}
}

func wideAddAddSubSub(dst, src, a, b, c, d []uint64) {
	src, a, b, c, d = src[:len(dst)], a[:len(dst)], b[:len(dst)], c[:len(dst)], d[:len(dst)]
	for i := range dst {
		dst[i] = (src[i]+a[i]+b[i]-c[i]-d[i])&wideLanes | wideSlack
	}
}

// wideDot is screluDot over a wide accumulator v: the sum over its values
// x_k of clamp(x_k, 0, QA)^2 times its weight (w holds a pair per word).
func wideDot(v []uint64, w [][2]int16) int64 {
	w = w[:len(v)]
	var s int64
	for j, x := range v {
		a := int64(min(max(int16(x), 0), QA))
		b := int64(min(max(int16(x>>32), 0), QA))
		s += a*a*int64(w[j][0]) + b*b*int64(w[j][1])
	}
	return s
}
