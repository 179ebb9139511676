package engine

import (
	"math/bits"
	"unsafe"

	"varchess/variants"
)

// Bound says how a stored score relates to the true value.
type bound uint8

const (
	boundNone  bound = iota
	boundUpper       // the true score is <= the stored one (fail low)
	boundLower       // the true score is >= the stored one (fail high)
	boundExact
)

// ttEntry is one transposition table slot (32 bytes). The full key is kept
// so that index collisions are recognised.
type ttEntry struct {
	key   uint64
	move  variants.Move
	score int16
	eval  int16
	depth int8
	bound bound
	gen   uint8 // the search generation that wrote it
}

// ttBucket is two entries sharing one 64-byte cache line.
type ttBucket [2]ttEntry

// table is the transposition table. It belongs to one Engine and is used by
// one search at a time, so it needs no locking.
type table struct {
	buckets []ttBucket
	gen     uint8
}

func newTable(mb int) *table {
	n := uint64(mb) << 20 / uint64(unsafe.Sizeof(ttBucket{}))
	if n < 1 {
		n = 1
	}
	return &table{buckets: make([]ttBucket, n)}
}

func (t *table) clear() {
	clear(t.buckets)
	t.gen = 0
}

// newSearch ages the entries of earlier searches so they are replaced first.
func (t *table) newSearch() { t.gen++ }

func (t *table) bucket(key uint64) *ttBucket {
	hi, _ := bits.Mul64(key, uint64(len(t.buckets)))
	return &t.buckets[hi]
}

// probe returns the entry for key, if any.
func (t *table) probe(key uint64) (ttEntry, bool) {
	b := t.bucket(key)
	for i := range b {
		if b[i].key == key && b[i].bound != boundNone {
			return b[i], true
		}
	}
	return ttEntry{}, false
}

// store writes an entry, preferring to replace the same position, then
// entries of older searches and shallower depth. score must already be
// converted with toTT.
func (t *table) store(key uint64, move variants.Move, score, eval, depth int, b bound) {
	bk := t.bucket(key)
	slot := &bk[0]
	for i := range bk {
		e := &bk[i]
		if e.key == key || e.bound == boundNone {
			slot = e
			break
		}
		if t.worth(e) < t.worth(slot) {
			slot = e
		}
	}
	if slot.key == key && move.IsNone() {
		move = slot.move // keep the old best move of this position
	}
	// Do not let a shallow non-exact result overwrite a deeper one of the
	// same position from this search.
	if slot.key == key && slot.gen == t.gen && b != boundExact && depth+2 < int(slot.depth) {
		return
	}
	*slot = ttEntry{key: key, move: move, score: int16(score), eval: int16(eval),
		depth: int8(max(min(depth, 127), -1)), bound: b, gen: t.gen}
}

// worth ranks entries for replacement: lower is replaced first.
func (t *table) worth(e *ttEntry) int {
	age := int(t.gen - e.gen)
	return int(e.depth) - 8*age
}

// hashfull estimates the permille of entries written by the current search.
func (t *table) hashfull() int {
	n := min(len(t.buckets), 500)
	used := 0
	for i := 0; i < n; i++ {
		for j := range t.buckets[i] {
			if t.buckets[i][j].bound != boundNone && t.buckets[i][j].gen == t.gen {
				used++
			}
		}
	}
	return used * 1000 / (2 * n)
}
