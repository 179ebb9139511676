package engine

import "varchess/variants"

// historyBits sizes the history table: moves are hashed into 2^historyBits
// slots per side (moves of every game fit, whatever their encoding).
const historyBits = 14

// historyMax bounds history values (the "gravity" formula keeps them inside).
const historyMax = 16384

// historyTable scores quiet moves by how often they caused beta cut-offs.
// It survives between the searches of one game (Engine.NewGame clears it).
type historyTable [2][1 << historyBits]int16

func historySlot(m variants.Move) uint32 {
	h := m.Lo*0x9E3779B97F4A7C15 ^ (m.Hi+0x632BE59BD9B4E019)*0xC2B2AE3D27D4EB4F
	return uint32(h >> (64 - historyBits))
}

func (h *historyTable) get(c variants.Color, m variants.Move) int {
	return int(h[c][historySlot(m)])
}

// update adds bonus (negative for a malus) with gravity: values move toward
// ±historyMax ever more slowly, so old knowledge fades.
func (h *historyTable) update(c variants.Color, m variants.Move, bonus int) {
	bonus = max(-historyMax, min(historyMax, bonus))
	p := &h[c][historySlot(m)]
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
func pickNext(moves []variants.Move, scores []int, i int) {
	best := i
	for j := i + 1; j < len(moves); j++ {
		if scores[j] > scores[best] {
			best = j
		}
	}
	moves[i], moves[best] = moves[best], moves[i]
	scores[i], scores[best] = scores[best], scores[i]
}
