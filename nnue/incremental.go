package nnue

import "math/bits"

// Board is a position as the network's input: Board[c][t-1] is the set of
// squares (bit sq, 0 a1 ... 63 h8) holding colour c's pieces of type t
// (0 White, 1 Black; 1 pawn ... 6 king).
type Board [2][6]uint64

// Pieces lists the pieces of b (colour, then type, then square order).
func (b *Board) Pieces() []Piece {
	var pcs []Piece
	for c := range b {
		for t, set := range b[c] {
			for ; set != 0; set &= set - 1 {
				pcs = append(pcs, Piece{Colour: c, Type: t + 1, Square: bits.TrailingZeros64(set)})
			}
		}
	}
	return pcs
}

// Incremental evaluates a stream of positions without being told the moves
// between them (a "lazy diff"): it keeps the accumulators of the last
// positions it evaluated, each with that position's Board, and evaluates a
// new position from the cached one whose pieces differ least, subtracting
// the pieces that vanished and adding those that appeared (fused: one pass
// over the accumulator for up to two of each). When too many differ it
// rebuilds the accumulator from the biases. The result is exactly
// Net.Evaluate's. An Incremental is not safe for concurrent use (one per
// search thread); the Net it reads may be shared, and must not change.
type Incremental struct {
	net  *Net
	wide *wideNet
	// RefreshAbove: more changed pieces than this (or than 32) rebuild the
	// accumulator from the biases instead of updating the closest cached
	// one.
	RefreshAbove int
	slots        []slot
	tick         uint64 // use counter, for the least recently used slot
}

// slot is one cached accumulator (wide layout, wide.go) and the position
// it holds.
type slot struct {
	board Board
	acc   [2][]uint64 // [perspective]
	used  uint64      // tick of the last use; 0: empty
}

// DefaultSlots is the number of accumulators an Incremental caches, and
// DefaultRefreshAbove its RefreshAbove (both measured on the positions of
// real searches: docs/engine.md).
const (
	DefaultSlots        = 2
	DefaultRefreshAbove = 16
)

// maxDiff bounds the changed pieces an update handles (more refresh).
const maxDiff = 32

// NewIncremental returns an evaluator caching DefaultSlots accumulators.
func (n *Net) NewIncremental() *Incremental { return n.NewIncrementalSlots(DefaultSlots) }

// NewIncrementalSlots returns an evaluator caching k >= 1 accumulators.
func (n *Net) NewIncrementalSlots(k int) *Incremental {
	e := &Incremental{net: n, wide: n.wide(), RefreshAbove: DefaultRefreshAbove, slots: make([]slot, max(k, 1))}
	w := e.wide.words
	buf := make([]uint64, 2*w*len(e.slots))
	for i := range e.slots {
		a := &e.slots[i].acc
		a[0], a[1] = buf[:w:w], buf[w:2*w:2*w]
		buf = buf[2*w:]
	}
	return e
}

// Net returns the network e evaluates with.
func (e *Incremental) Net() *Net { return e.net }

// Evaluate scores position b for the side to move stm (0 White, 1 Black)
// in centipawns: Net.Evaluate(b.Pieces(), stm).
func (e *Incremental) Evaluate(b *Board, stm int) int {
	acc := e.update(b)
	w := e.wide.words
	out := e.wide.out
	sum := wideDot(acc[stm&1], out[:w]) + wideDot(acc[stm&1^1], out[w:])
	return e.net.centipawns(sum)
}

// update returns the accumulator of position b (valid until the next call).
func (e *Incremental) update(b *Board) *[2][]uint64 {
	// The cached position closest to b, and the slot to write: the least
	// recently used other one (the closest itself with a single slot).
	best, bestDiff := -1, 1<<30
	dst := 0
	for i := range e.slots {
		s := &e.slots[i]
		if s.used < e.slots[dst].used {
			dst = i
		}
		if s.used == 0 {
			continue
		}
		d := 0
		for c := range b {
			for t := range b[c] {
				d += bits.OnesCount64(b[c][t] ^ s.board[c][t])
			}
		}
		if d < bestDiff {
			best, bestDiff = i, d
		}
	}
	e.tick++
	if best >= 0 && bestDiff == 0 {
		e.slots[best].used = e.tick
		return &e.slots[best].acc
	}
	if best >= 0 && dst == best {
		// The closest slot is also the least recently used: write the
		// least recently used of the others (none: update it in place).
		dst = best
		for i := range e.slots {
			if i != best && (dst == best || e.slots[i].used < e.slots[dst].used) {
				dst = i
			}
		}
	}
	d := &e.slots[dst]
	if best < 0 || bestDiff > min(e.RefreshAbove, maxDiff) {
		e.refresh(&d.acc, b)
	} else {
		e.apply(&d.acc, &e.slots[best].acc, &e.slots[best].board, b)
	}
	d.board = *b
	d.used = e.tick
	return &d.acc
}

// refresh builds a from the biases and every piece of b.
func (e *Incremental) refresh(a *[2][]uint64, b *Board) {
	var feats [4]int
	k := 0
	src := [2][]uint64{e.wide.bias, e.wide.bias}
	flush := func() {
		for p := range 2 {
			switch k {
			case 0:
				copy(a[p], src[p])
			case 1:
				wideAdd(a[p], src[p], e.row(p, feats[0]))
			case 2:
				wideAddAdd(a[p], src[p], e.row(p, feats[0]), e.row(p, feats[1]))
			case 3:
				wideAddAdd(a[p], src[p], e.row(p, feats[0]), e.row(p, feats[1]))
				wideAdd(a[p], a[p], e.row(p, feats[2]))
			case 4:
				wideAdd4(a[p], src[p], e.row(p, feats[0]), e.row(p, feats[1]), e.row(p, feats[2]), e.row(p, feats[3]))
			}
		}
		src, k = *a, 0
	}
	for c := range b {
		for t, set := range b[c] {
			for ; set != 0; set &= set - 1 {
				feats[k] = c*384 + t*64 + bits.TrailingZeros64(set)
				if k++; k == len(feats) {
					flush()
				}
			}
		}
	}
	if k > 0 || &src[0][0] != &a[0][0] {
		flush()
	}
}

// row is the wide feature transformer row of White-view feature f seen
// from perspective p.
func (e *Incremental) row(p, f int) []uint64 {
	if p == 1 { // colours swapped, board mirrored
		if f >= 384 {
			f -= 384
		} else {
			f += 384
		}
		f ^= 56
	}
	w := e.wide.words
	return e.wide.ft[f*w : f*w+w]
}

// apply computes dst = src plus the pieces of to that from lacks, minus
// those of from that to lacks (dst may be src).
func (e *Incremental) apply(dst, src *[2][]uint64, from, to *Board) {
	var add, sub [maxDiff]int
	na, ns := 0, 0
	for c := range to {
		for t := range to[c] {
			o, n := from[c][t], to[c][t]
			base := c*384 + t*64
			for x := n &^ o; x != 0; x &= x - 1 {
				add[na] = base + bits.TrailingZeros64(x)
				na++
			}
			for x := o &^ n; x != 0; x &= x - 1 {
				sub[ns] = base + bits.TrailingZeros64(x)
				ns++
			}
		}
	}
	for p := range 2 {
		s, d := src[p], dst[p]
		i, j := 0, 0
		for i < na || j < ns {
			switch {
			case na-i >= 2 && ns-j >= 2:
				wideAddAddSubSub(d, s, e.row(p, add[i]), e.row(p, add[i+1]), e.row(p, sub[j]), e.row(p, sub[j+1]))
				i, j = i+2, j+2
			case na-i >= 1 && ns-j >= 2:
				wideAddSubSub(d, s, e.row(p, add[i]), e.row(p, sub[j]), e.row(p, sub[j+1]))
				i, j = i+1, j+2
			case na-i >= 1 && ns-j >= 1:
				wideAddSub(d, s, e.row(p, add[i]), e.row(p, sub[j]))
				i, j = i+1, j+1
			case na-i >= 2:
				wideAddAdd(d, s, e.row(p, add[i]), e.row(p, add[i+1]))
				i += 2
			case na-i >= 1:
				wideAdd(d, s, e.row(p, add[i]))
				i++
			default:
				wideSub(d, s, e.row(p, sub[j]))
				j++
			}
			s = d
		}
	}
}
