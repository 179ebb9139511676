package engine

import "varchess/variants"

// historyBits sizes the history table: moves are hashed into 2^historyBits
// slots per side (moves of every game fit, whatever their encoding).
const historyBits = 14

// historyMax bounds history values (the "gravity" formula keeps them inside).
const historyMax = 16384

// moveKeys bounds MoveKeyer.MoveKey; captureKinds bounds CaptureKind.
const (
	moveKeys     = 1024
	captureKinds = 8
)

// MoveKeyer is an optional evaluator hook: a small index of a move's
// moving piece and target square, the key of the continuation and capture
// histories (chess: piece<<6 | to). Without it moves are hashed.
type MoveKeyer interface {
	MoveKey(m variants.Move) int     // in [0, 1024)
	CaptureKind(m variants.Move) int // the captured piece's kind, in [0, 8)
}

// PawnKeyer is an optional evaluator hook: a hash of the pawn structure,
// the key of the correction history. Games without it get none.
type PawnKeyer interface {
	PawnKey() uint64
}

// NonPawnKeyer is an optional evaluator hook beside PawnKeyer: a hash of
// one colour's pieces other than pawns, the key of the second correction
// history (one colour's pieces often stay while the rest of the board
// changes, so errors learned there carry over).
type NonPawnKeyer interface {
	NonPawnKey(c variants.Color) uint64
}

// ThreatKeyer is an optional evaluator hook: the squares the side not to
// move attacks (once a node), and for a move whether it leaves one of
// them and whether it lands on one. The quiet history keeps a table for
// each answer (threat-indexed history), so that moving an attacked piece
// away, or onto a guarded square, is learned apart from the same move in
// a quiet position. Games without it keep one table.
type ThreatKeyer interface {
	Threats() uint64
	ThreatIndex(m variants.Move, threats uint64) int // in [0, threatKinds)
}

// threatKinds is the number of quiet-history tables per side: attacked or
// not at the move's origin, times the same at its target.
const threatKinds = 4

// threatKind is m's quiet-history table under threats (kind 0 without a
// ThreatKeyer).
func threatKind(tk ThreatKeyer, m variants.Move, threats uint64) int {
	if tk == nil {
		return 0
	}
	return tk.ThreatIndex(m, threats)
}

// corrBits sizes the correction history per side; corrGrain is its fixed
// point (a stored value of corrGrain is one centipawn); corrMax bounds it.
const (
	corrBits  = 14
	corrGrain = 256
	corrMax   = 64 * corrGrain
)

// historyTable is the move-ordering memory of one thread, kept between
// the searches of one game (Engine.NewGame clears it):
//   - quiet: quiet moves by how often they caused beta cut-offs, one
//     table per threat kind (ThreatKeyer; kind 0 without one);
//   - cont: quiet moves by the move one or two plies before (continuation
//     history; one table serves both distances: in chess the two moves'
//     keys name pieces of different colours, so the distances never share
//     an entry, and two separate tables search the identical tree);
//   - capture: captures by moving piece, target and victim;
//   - corr: how far the static evaluation was off the search result, by
//     pawn structure (correction history), and corrNP the same by each
//     colour's other pieces.
type historyTable struct {
	quiet   [2][threatKinds][1 << historyBits]int16
	cont    [moveKeys][moveKeys]int16
	capture [moveKeys][captureKinds]int16
	corr    [2][1 << corrBits]int32
	corrNP  [2][2][1 << corrBits]int32 // [side to move][colour of the pieces]
}

func historySlot(m variants.Move) uint32 {
	h := m.Lo*0x9E3779B97F4A7C15 ^ (m.Hi+0x632BE59BD9B4E019)*0xC2B2AE3D27D4EB4F
	return uint32(h >> (64 - historyBits))
}

// get is the quiet history of m in threat kind 0, the only one of games
// without a ThreatKeyer.
func (h *historyTable) get(c variants.Color, m variants.Move) int {
	return int(h.quiet[c][0][historySlot(m)])
}

// update adds bonus to the quiet history of m in threat kind t.
func (h *historyTable) update(c variants.Color, t int, m variants.Move, bonus int) {
	gravity(&h.quiet[c][t][historySlot(m)], bonus)
}

// gravity adds bonus (negative for a malus) to *p: values move toward
// ±historyMax ever more slowly, so old knowledge fades.
func gravity(p *int16, bonus int) {
	bonus = max(-historyMax, min(historyMax, bonus))
	v := int(*p)
	v += bonus - v*abs(bonus)/historyMax
	*p = int16(v)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// moveKey is the continuation/capture history key of m: the game's own
// (MoveKeyer) or a hash.
func (s *searcher) moveKey(m variants.Move) int {
	if s.keyer != nil {
		return s.keyer.MoveKey(m)
	}
	return int(historySlot(m) >> (historyBits - 10))
}

func (s *searcher) captureKind(m variants.Move) int {
	if s.keyer != nil {
		return s.keyer.CaptureKind(m)
	}
	return 0
}

// quietScore is the ordering score of quiet move m at ply: its history
// plus the continuation histories after the moves one and two plies back.
func (s *searcher) quietScore(m variants.Move, ply int) int {
	q := s.quietRows(ply)
	return q.score(m, s.moveKey(m))
}

// quietTables are the history rows that score the quiet moves of one node
// (found once per node, not once per move).
type quietTables struct {
	quiet   *[threatKinds][1 << historyBits]int16
	c1, c2  *[moveKeys]int16 // continuation rows (nil: no move there)
	tk      ThreatKeyer      // nil: every move in kind 0
	threats uint64           // the node's, for tk
}

func (s *searcher) quietRows(ply int) quietTables {
	q := quietTables{quiet: &s.history.quiet[s.pos.SideToMove()], tk: s.threatKeyer, threats: s.threats[ply]}
	if !s.allows(TechContinuationHistory) {
		return q
	}
	if ply >= 1 && s.prevKey[ply-1] >= 0 {
		q.c1 = &s.history.cont[s.prevKey[ply-1]]
	}
	if ply >= 2 && s.prevKey[ply-2] >= 0 {
		q.c2 = &s.history.cont[s.prevKey[ply-2]]
	}
	return q
}

// keyed reports whether the rows include a continuation row, the only
// reader of a quiet move's moveKey.
func (q *quietTables) keyed() bool { return q.c1 != nil || q.c2 != nil }

// score is quietScore of m, whose moveKey is k (unread unless keyed).
func (q *quietTables) score(m variants.Move, k int) int {
	v := int(q.quiet[threatKind(q.tk, m, q.threats)][historySlot(m)])
	if q.c1 != nil {
		v += int(q.c1[k])
	}
	if q.c2 != nil {
		v += int(q.c2[k])
	}
	return v
}

// setThreats records the node's threats for the quiet history at ply: a
// node calls it before it orders or rewards quiet moves.
func (s *searcher) setThreats(ply int) {
	if s.threatKeyer != nil {
		s.threats[ply] = s.threatKeyer.Threats()
	}
}

// quietKind is the quiet-history table of m played at ply (setThreats).
func (s *searcher) quietKind(m variants.Move, ply int) int {
	return threatKind(s.threatKeyer, m, s.threats[ply])
}

// updateQuiet adds bonus to every history of quiet move m at ply.
func (s *searcher) updateQuiet(m variants.Move, ply, bonus int) {
	s.history.update(s.pos.SideToMove(), s.quietKind(m, ply), m, bonus)
	if !s.allows(TechContinuationHistory) {
		return
	}
	s.used |= TechContinuationHistory
	k := s.moveKey(m)
	if ply >= 1 && s.prevKey[ply-1] >= 0 {
		gravity(&s.history.cont[s.prevKey[ply-1]][k], bonus)
	}
	if ply >= 2 && s.prevKey[ply-2] >= 0 {
		gravity(&s.history.cont[s.prevKey[ply-2]][k], bonus)
	}
}

func (s *searcher) captureScore(m variants.Move) int {
	if !s.allows(TechCaptureHistory) {
		return 0
	}
	return int(s.history.capture[s.moveKey(m)][s.captureKind(m)])
}

func (s *searcher) updateCapture(m variants.Move, bonus int) {
	if !s.allows(TechCaptureHistory) {
		return
	}
	s.used |= TechCaptureHistory
	gravity(&s.history.capture[s.moveKey(m)][s.captureKind(m)], bonus)
}

// corrSlots are one position's correction-history entries: its pawn
// structure's and, with a NonPawnKeyer, each colour's other pieces' (else
// nil); all nil in a game without a PawnKeyer. A node finds them once,
// corrects its static eval through them and learns through them at its
// end (one hashing of the keys a node).
type corrSlots struct{ pawn, white, black *int32 }

// corrSlots finds the position's correction-history entries.
func (s *searcher) corrSlots() corrSlots {
	if s.pawnKeyer == nil {
		return corrSlots{}
	}
	stm := s.pos.SideToMove()
	c := corrSlots{pawn: &s.history.corr[stm][s.pawnKeyer.PawnKey()>>(64-corrBits)]}
	if s.npKeyer != nil {
		np := &s.history.corrNP[stm]
		c.white = &np[variants.White][s.npKeyer.NonPawnKey(variants.White)>>(64-corrBits)]
		c.black = &np[variants.Black][s.npKeyer.NonPawnKey(variants.Black)>>(64-corrBits)]
	}
	return c
}

// correct is the static eval adjusted by the correction history.
func (c corrSlots) correct(eval int) int {
	if c.pawn == nil || isMate(eval) {
		return eval
	}
	v := int(*c.pawn)
	if c.white != nil {
		// Each table estimates the whole error from its own key; their
		// weighted mean is less noisy than any one of them.
		v = (2*v + int(*c.white) + int(*c.black)) / 4
	}
	return max(-MateBound+1, min(MateBound-1, eval+v/corrGrain))
}

// learn moves the corrections of this pawn structure (and of each
// colour's other pieces) toward the error the search found (best - raw
// static eval), weighted by depth.
func (c corrSlots) learn(rawEval, best, depth int) {
	if c.pawn == nil {
		return
	}
	diff := (best - rawEval) * corrGrain
	w := min(depth+1, 16)
	learn := func(p *int32) {
		v := (int(*p)*(256-w) + diff*w) / 256
		*p = int32(max(-corrMax, min(corrMax, v)))
	}
	learn(c.pawn)
	if c.white != nil {
		learn(c.white)
		learn(c.black)
	}
}

// Move ordering bands: the TT move, then good noisy moves by gain, then
// killers, then quiet moves by history, then losing captures.
const (
	orderTT        = 1 << 30
	orderGoodNoisy = 1 << 24
	orderKiller    = 1 << 22
	orderBadNoisy  = -(1 << 22)
)

// pickNext moves the best-scored of moves[i:] to position i (selection
// sort: cheap because a cut-off usually comes after a few moves).
// The best score is kept in a local and the rest ranged over, which
// spares a load and two bounds checks per move scanned.
func pickNext(moves []variants.Move, scores []int, i int) {
	best, bestScore := i, scores[i]
	for j, v := range scores[i+1 : len(moves)] {
		if v > bestScore {
			best, bestScore = i+1+j, v
		}
	}
	moves[i], moves[best] = moves[best], moves[i]
	scores[i], scores[best] = bestScore, scores[i]
}
