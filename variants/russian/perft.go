package russian

import (
	"varchess/variants"
	bb "varchess/variants/bitboard"
)

// The two perft flavours of RULES.md section 3. Both count at the last
// ply without making moves (CountByType), and both generate every legal
// move once per node (face K) and pick the subsets the faces allow by
// MinFace, because "ended" (R8 b, c) needs the face-K list anyway.

// Perft plays its plies with moveUnit, which leaves the roll, the clock,
// the move number and the key as they were at the root (no count depends
// on them); only the king locations need saving for the take-back. With a
// table (PerftHashed) the key is kept up to date as well.
type kings struct {
	sq  [2]bb.Square
	idx [2]uint8
	key uint64
}

// walker is one perft walk: a move buffer per depth, the options (for
// Stop) and, optionally, a table of subtree counts with the run's salt.
type walker struct {
	p     *Position
	bufs  [][]variants.Move
	opt   variants.PerftOptions
	table *variants.PerftTable
	salt  uint64
}

func newWalker(p *Position, depth int, opt variants.PerftOptions) *walker {
	bufs := make([][]variants.Move, depth+1)
	for i := range bufs {
		bufs[i] = make([]variants.Move, 0, 256)
	}
	return &walker{p: p, bufs: bufs, opt: opt}
}

// stopped reports whether the caller asked the count at depth d to stop
// (checked only where a subtree is big enough to matter).
func (w *walker) stopped(d int) bool { return d >= 3 && w.opt.Stopped() }

// play makes m for perft and returns what takeBack needs.
func (w *walker) play(m variants.Move) kings {
	p := w.p
	k := kings{p.kingSq, p.kingIdx, p.key}
	if w.table != nil {
		p.key ^= zSide
	}
	p.moveUnit(m, w.table != nil)
	return k
}

// takeBack undoes play(m).
func (w *walker) takeBack(m variants.Move, k kings) {
	p := w.p
	p.undoMove(m)
	p.kingSq, p.kingIdx, p.key = k.sq, k.idx, k.key
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
	return p.PerftHashed(depth, opt, nil).Lo
}

// PerftHashed implements variants.PerftSplitter. The table caches
// fixed-face counts and, in the dice flavour, the six-face sums of
// unrolled positions (every position below the root).
func (p *Position) PerftHashed(depth int, opt variants.PerftOptions, t *variants.PerftTable) variants.Count {
	if depth <= 0 {
		return variants.CountOf(1)
	}
	w := newWalker(p, depth, opt)
	if t != nil {
		w.table = t
		resolved := variants.PerftOptions{Dice: true}
		if !opt.Dice {
			resolved = variants.PerftOptions{Face: p.perftFace(opt).Letter()}
		}
		w.salt = variants.PerftSalt(p.Variant(), resolved)
	}
	if !opt.Dice {
		return variants.CountOf(w.fixedFace(depth, p.perftFace(opt)))
	}
	if p.roll == NoType {
		return variants.CountOf(w.diceSum(depth))
	}
	v := w.diceAll(depth)
	return variants.CountOf(v[p.roll])
}

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
func (w *walker) fixedFace(d int, f Type) uint64 {
	if w.p.kingTaken() {
		return 0
	}
	return w.fixedFaceLive(d, f)
}

// fixedFaceLive is fixedFace for a position where no King is captured.
// Below it a King can only be captured by a move that covers it
// (CapturesKing): a unit's checkers keep their order, so a King that
// travels or is uncovered gains no enemy checker above it. Such a move is
// a leaf with no children, and the search skips it without making it.
func (w *walker) fixedFaceLive(d int, f Type) uint64 {
	p := w.p
	if d == 1 {
		counts := p.countByType()
		if counts[Pawn]+counts[Knight]+counts[Bishop]+counts[Rook]+counts[Queen]+counts[King] == 0 {
			return 0
		}
		return p.faceCount(&counts, f)
	}
	if w.stopped(d) {
		return 0
	}
	var key uint64
	if w.table != nil {
		key = variants.PerftKey(p.key, d, w.salt)
		if n, ok := w.table.Probe(key); ok {
			return n
		}
	}
	moves := p.legalMoves(King, w.bufs[d][:0])
	w.bufs[d] = moves
	var nodes uint64
	played := 0
	if len(moves) > 0 && p.TakesPart(f) {
		for _, m := range moves {
			if MinFace(m) > f {
				continue
			}
			played++
			if CapturesKing(m) {
				continue
			}
			k := w.play(m)
			nodes += w.fixedFaceLive(d-1, f)
			w.takeBack(m, k)
		}
	}
	if len(moves) > 0 && played == 0 {
		k := w.play(PassMove)
		nodes = w.fixedFaceLive(d-1, f)
		w.takeBack(PassMove, k)
	}
	if w.table != nil {
		w.table.Store(key, d, nodes)
	}
	return nodes
}

// diceAll returns dice(pos, f, d) for every face f at once (index by
// Type): each child is searched once, and its value is added to every
// face that allows the move.
func (w *walker) diceAll(d int) (vals [7]uint64) {
	p := w.p
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
	if w.stopped(d) {
		return vals
	}
	moves := p.legalMoves(King, w.bufs[d][:0])
	w.bufs[d] = moves
	if len(moves) == 0 {
		return vals
	}
	var byType [7]uint64 // summed child values, by the move's top type
	var nByType [7]int   // number of moves, by top type
	for _, m := range moves {
		k := w.play(m)
		byType[MinFace(m)] += w.diceSum(d - 1)
		w.takeBack(m, k)
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
			k := w.play(PassMove)
			passValue = w.diceSum(d - 1)
			w.takeBack(PassMove, k)
			passDone = true
		}
		vals[f] = passValue
	}
	return vals
}

// diceSum is the sum over the six faces of dice(pos, f, d) for a position
// whose side to move has not rolled (every position below a perft root).
func (w *walker) diceSum(d int) uint64 {
	var key uint64
	if w.table != nil && d > 1 {
		key = variants.PerftKey(w.p.key, d, w.salt)
		if n, ok := w.table.Probe(key); ok {
			return n
		}
	}
	v := w.diceAll(d)
	n := v[1] + v[2] + v[3] + v[4] + v[5] + v[6]
	if w.table != nil && d > 1 {
		w.table.Store(key, d, n)
	}
	return n
}

// PerftChildren implements variants.PerftSplitter. A fixed-face node has
// the moves its face allows, or the pass. A dice node that has rolled
// has the same under its roll; one that has not has every move once per
// playable face that allows it, and the pass once per face that forces it.
// An ended position has none.
func (p *Position) PerftChildren(opt variants.PerftOptions, fn func(m variants.Move, weight uint64) bool) {
	if p.kingTaken() {
		return
	}
	moves := p.legalMoves(King, nil)
	if len(moves) == 0 {
		return
	}
	face := p.perftFace(opt)
	if opt.Dice {
		face = p.roll
	}
	if face != NoType {
		for _, m := range p.MovesForFace(face, nil) {
			if !fn(m, 1) {
				return
			}
		}
		return
	}
	var passes uint64
	for f := Pawn; f <= King; f++ {
		if !p.TakesPart(f) {
			passes++
			continue
		}
		allowed := false
		for _, m := range moves {
			if MinFace(m) <= f {
				allowed = true
				break
			}
		}
		if !allowed {
			passes++
		}
	}
	for _, m := range moves {
		var w uint64
		for f := MinFace(m); f <= King; f++ {
			if p.TakesPart(f) {
				w++
			}
		}
		if !fn(m, w) {
			return
		}
	}
	if passes > 0 {
		fn(PassMove, passes)
	}
}

// Divide returns the perft count below each root ply. In the dice flavour
// with no roll, a move is counted once per root face that allows it, and
// the pass (if some face forces it) once per such face.
func (p *Position) Divide(depth int, opt variants.PerftOptions) []variants.MoveCount {
	if depth <= 0 {
		return nil
	}
	w := newWalker(p, depth, opt)
	below := func(m variants.Move) uint64 {
		if depth == 1 {
			return 1
		}
		k := w.play(m)
		defer w.takeBack(m, k)
		if opt.Dice {
			return w.diceSum(depth - 1)
		}
		return w.fixedFace(depth-1, p.perftFace(opt))
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
