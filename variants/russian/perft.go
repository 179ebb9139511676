package russian

import (
	"varchess/variants"
	bb "varchess/variants/bitboard"
)

// The two perft flavours of docs/rules.md section 3. Both count at the last
// ply without making moves (CountByType), and both generate every legal
// move once per node (face K) and pick the subsets the faces allow by
// MinFace, because "ended" (R8 b, c) needs the face-K list anyway.

// Perft plays its plies with moveUnit, which leaves the roll, the clock,
// the move number and the key as they were at the root (no count depends
// on them); only the king locations need saving for the take-back.
type kings struct {
	sq  [2]bb.Square
	idx [2]uint8
}

// play makes m for perft and returns what takeBack needs.
func (p *Position) play(m variants.Move) kings {
	k := kings{p.kingSq, p.kingIdx}
	p.moveUnit(m, false)
	return k
}

// takeBack undoes play(m).
func (p *Position) takeBack(m variants.Move, k kings) {
	p.undoMove(m)
	p.kingSq, p.kingIdx = k.sq, k.idx
}

func (p *Position) kingTaken() bool {
	return p.KingCaptured(variants.White) || p.KingCaptured(variants.Black)
}

// perftFace resolves the face of a fixed-face perft: opt.Face, else the
// rolled face, else K.
func (p *Position) perftFace(opt variants.PerftOptions) Type {
	if t, ok := FaceType(opt.Face); ok {
		return t
	}
	if p.roll != NoType {
		return p.roll
	}
	return King
}

// Perft counts leaves: the dice flavour if opt.Dice, else fixed face.
func (p *Position) Perft(depth int, opt variants.PerftOptions) uint64 {
	if depth <= 0 {
		return 1
	}
	bufs := newBufs(depth, opt)
	if opt.Dice {
		v := p.diceAll(depth, bufs)
		if p.roll != NoType {
			return v[p.roll]
		}
		var sum uint64
		for f := Pawn; f <= King; f++ {
			sum += v[f]
		}
		return sum
	}
	return p.fixedFace(depth, p.perftFace(opt), bufs)
}

// perftBufs is what a count carries down the tree: one move buffer per
// depth and the options (for Stop).
type perftBufs struct {
	m   [][]variants.Move
	opt variants.PerftOptions
}

func newBufs(depth int, opt variants.PerftOptions) *perftBufs {
	bufs := &perftBufs{m: make([][]variants.Move, depth+1), opt: opt}
	for i := range bufs.m {
		bufs.m[i] = make([]variants.Move, 0, 256)
	}
	return bufs
}

// stopped reports whether the caller asked the count at depth d to stop
// (checked only where a subtree is big enough to matter).
func (b *perftBufs) stopped(d int) bool { return d >= 3 && b.opt.Stopped() }

// faceCount is the number of plies under face f given the legal moves
// grouped by top type: the pass if f takes no part or allows nothing.
func (p *Position) faceCount(counts *[7]uint64, f Type) uint64 {
	if !p.TakesPart(f) {
		return 1
	}
	var n uint64
	for t := Pawn; t <= f; t++ {
		n += counts[t]
	}
	if n == 0 {
		return 1
	}
	return n
}

// fixedFace is perft(d, F): every ply uses face f.
func (p *Position) fixedFace(d int, f Type, bufs *perftBufs) uint64 {
	if p.kingTaken() {
		return 0
	}
	return p.fixedFaceLive(d, f, bufs)
}

// fixedFaceLive is fixedFace for a position where no King is captured.
// Below it a King can only be captured by a move that covers it
// (CapturesKing): a unit's checkers keep their order, so a King that
// travels or is uncovered gains no enemy checker above it. Such a move is
// a leaf with no children, and the search skips it without making it.
func (p *Position) fixedFaceLive(d int, f Type, bufs *perftBufs) uint64 {
	if d == 1 {
		counts := p.countByType()
		if counts[Pawn]+counts[Knight]+counts[Bishop]+counts[Rook]+counts[Queen]+counts[King] == 0 {
			return 0
		}
		return p.faceCount(&counts, f)
	}
	if bufs.stopped(d) {
		return 0
	}
	moves := p.legalMoves(King, bufs.m[d][:0])
	bufs.m[d] = moves
	if len(moves) == 0 {
		return 0
	}
	var nodes uint64
	played := 0
	if p.TakesPart(f) {
		for _, m := range moves {
			if MinFace(m) > f {
				continue
			}
			played++
			if CapturesKing(m) {
				continue
			}
			k := p.play(m)
			nodes += p.fixedFaceLive(d-1, f, bufs)
			p.takeBack(m, k)
		}
	}
	if played == 0 {
		k := p.play(PassMove)
		nodes = p.fixedFaceLive(d-1, f, bufs)
		p.takeBack(PassMove, k)
	}
	return nodes
}

// diceAll returns dice(pos, f, d) for every face f at once (index by
// Type): each child is searched once, and its value is added to every
// face that allows the move.
func (p *Position) diceAll(d int, bufs *perftBufs) (vals [7]uint64) {
	if p.kingTaken() {
		return vals
	}
	if d == 1 {
		counts := p.countByType()
		if counts[Pawn]+counts[Knight]+counts[Bishop]+counts[Rook]+counts[Queen]+counts[King] == 0 {
			return vals
		}
		for f := Pawn; f <= King; f++ {
			vals[f] = p.faceCount(&counts, f)
		}
		return vals
	}
	if bufs.stopped(d) {
		return vals
	}
	moves := p.legalMoves(King, bufs.m[d][:0])
	bufs.m[d] = moves
	if len(moves) == 0 {
		return vals
	}
	var byType [7]uint64 // summed child values, by the move's top type
	var nByType [7]int   // number of moves, by top type
	for _, m := range moves {
		k := p.play(m)
		byType[MinFace(m)] += p.diceSum(d-1, bufs)
		p.takeBack(m, k)
		nByType[MinFace(m)]++
	}
	passValue := uint64(0)
	passDone := false
	var cum uint64
	n := 0
	for f := Pawn; f <= King; f++ {
		cum += byType[f]
		n += nByType[f]
		if p.TakesPart(f) && n > 0 {
			vals[f] = cum
			continue
		}
		if !passDone {
			k := p.play(PassMove)
			passValue = p.diceSum(d-1, bufs)
			p.takeBack(PassMove, k)
			passDone = true
		}
		vals[f] = passValue
	}
	return vals
}

// diceSum is the sum over the six faces of dice(pos, f, d).
func (p *Position) diceSum(d int, bufs *perftBufs) uint64 {
	v := p.diceAll(d, bufs)
	return v[1] + v[2] + v[3] + v[4] + v[5] + v[6]
}

// Divide returns the perft count below each root ply. In the dice flavour
// with no roll, a move is counted once per root face that allows it, and
// the pass (if some face forces it) once per such face.
func (p *Position) Divide(depth int, opt variants.PerftOptions) []variants.MoveCount {
	if depth <= 0 {
		return nil
	}
	bufs := newBufs(depth, opt)
	below := func(m variants.Move) uint64 {
		if depth == 1 {
			return 1
		}
		k := p.play(m)
		defer p.takeBack(m, k)
		if opt.Dice {
			return p.diceSum(depth-1, bufs)
		}
		return p.fixedFace(depth-1, p.perftFace(opt), bufs)
	}
	var faces []Type
	switch {
	case !opt.Dice:
		faces = []Type{p.perftFace(opt)}
	case p.roll != NoType:
		faces = []Type{p.roll}
	default:
		faces = []Type{King, Queen, Rook, Bishop, Knight, Pawn}
	}
	var out []variants.MoveCount
	index := map[variants.Move]int{}
	var once []uint64 // the count below each listed move, for one face
	for _, f := range faces {
		for _, m := range p.MovesForFace(f, nil) {
			i, ok := index[m]
			if !ok {
				i = len(out)
				index[m] = i
				n := below(m)
				once = append(once, n)
				out = append(out, variants.MoveCount{Move: moveString(m), Nodes: n})
				continue
			}
			out[i].Nodes += once[i]
		}
	}
	return out
}
